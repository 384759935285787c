/* How a run ends (core/commands/app_end.c) and the configuration keys behind it
 * (core/cli/config.c: end_timeout, end_action; docs/command-line.md, Unattended from the
 * stick). */
#include "tests/unit/test.h"
#include "core/commands/app.h"
#include "core/cli/config.h"
#include "platform/base/str.h"

/* Parses cfg_text (NULL: no file) and a command line's --end (NULL: none), decides. */
static int plan_for(int from_firmware, const char *cfg_text, const char *cli_end,
		    struct upm_end_plan *plan, char *err, unsigned long err_size)
{
	struct upm_config cfg;
	struct upm_options o;
	upm_memset(&cfg, 0, sizeof cfg);
	upm_memset(&o, 0, sizeof o);
	err[0] = 0;
	if (cfg_text && upm_config_parse(&cfg, upm_strdup(cfg_text), "e.cfg", err, err_size) < 0) {
		upm_config_free(&cfg);
		return -1;
	}
	if (cli_end) {
		CHECK_EQ(upm_cli_end_action(cli_end, &o.end), 0);
		o.end_set = 1;
	}
	upm_end_decide(from_firmware, &cfg, &o, plan);
	upm_config_free(&cfg);
	return 0;
}

TEST(end_from_firmware_defaults_to_key_without_limit)
{
	struct upm_end_plan p;
	char err[200];
	CHECK_EQ(plan_for(1, NULL, NULL, &p, err, sizeof err), 0);
	CHECK_EQ(p.action, UPM_END_WAITKEY);
	CHECK_EQ(p.timeout_s, 0);
	CHECK_EQ(p.after, UPM_END_RETURN);
	/* From a shell nothing changes: return to it. */
	CHECK_EQ(plan_for(0, NULL, NULL, &p, err, sizeof err), 0);
	CHECK_EQ(p.action, UPM_END_RETURN);
}

TEST(end_timeout_and_action_from_the_configuration)
{
	struct upm_end_plan p;
	char err[200];
	CHECK_EQ(plan_for(1, "end_timeout = 600\nend_action = shutdown\n", NULL, &p, err, sizeof err), 0);
	CHECK_EQ(p.action, UPM_END_WAITKEY);
	CHECK_EQ(p.timeout_s, 600);
	CHECK_EQ(p.after, UPM_END_SHUTDOWN);
	CHECK_EQ(plan_for(1, "end = key\nend_timeout = 86400\nend_action = reboot\n", NULL, &p, err,
			  sizeof err), 0);
	CHECK_EQ(p.timeout_s, 86400);
	CHECK_EQ(p.after, UPM_END_REBOOT);
	/* A configured end wins over the firmware default; the timeout only applies to key. */
	CHECK_EQ(plan_for(1, "end = qemu-exit\nend_timeout = 5\n", NULL, &p, err, sizeof err), 0);
	CHECK_EQ(p.action, UPM_END_QEMU_EXIT);
	CHECK_EQ(p.timeout_s, 0);
}

TEST(end_on_the_command_line_overrides_everything)
{
	struct upm_end_plan p;
	char err[200];
	CHECK_EQ(plan_for(1, "end = key\nend_timeout = 9\n", "return", &p, err, sizeof err), 0);
	CHECK_EQ(p.action, UPM_END_RETURN);
	CHECK_EQ(p.timeout_s, 0);
	CHECK_EQ(plan_for(0, "end = shutdown\nend_timeout = 9\n", "key", &p, err, sizeof err), 0);
	CHECK_EQ(p.action, UPM_END_WAITKEY);
	CHECK_EQ(p.timeout_s, 9);
}

TEST(end_timeout_out_of_range_is_one_line_naming_the_range)
{
	struct upm_end_plan p;
	char err[200];
	CHECK_EQ(plan_for(1, "end_timeout = 86401\n", NULL, &p, err, sizeof err), -1);
	CHECK_CONTAINS(err, "e.cfg:1: end_timeout is a number of seconds from 0 to 86400");
	CHECK(!upm_strchr(err, '\n'));
	CHECK_EQ(plan_for(1, "\nend_timeout = -1\n", NULL, &p, err, sizeof err), -1);
	CHECK_CONTAINS(err, "e.cfg:2: end_timeout");
	CHECK_EQ(plan_for(1, "end_timeout = 10m\n", NULL, &p, err, sizeof err), -1);
	CHECK_CONTAINS(err, "not '10m'");
	CHECK_EQ(plan_for(1, "end_timeout = 1\nend_timeout = 2\n", NULL, &p, err, sizeof err), -1);
	CHECK_CONTAINS(err, "e.cfg:2:");
}

TEST(end_action_accepts_return_shutdown_reboot_only)
{
	struct upm_end_plan p;
	char err[200];
	CHECK_EQ(plan_for(1, "end_action = key\n", NULL, &p, err, sizeof err), -1);
	CHECK_CONTAINS(err, "e.cfg:1: end_action must be return, shutdown or reboot, not 'key'");
	CHECK_EQ(plan_for(1, "end_action = poweroff\n", NULL, &p, err, sizeof err), -1);
	CHECK(!upm_strchr(err, '\n'));
	CHECK_EQ(plan_for(1, "end_action = return\n", NULL, &p, err, sizeof err), 0);
	CHECK_EQ(p.after, UPM_END_RETURN);
	/* A misspelt key is suggested. */
	CHECK_EQ(plan_for(1, "end_timout = 5\n", NULL, &p, err, sizeof err), -1);
	CHECK_CONTAINS(err, "end_timeout");
}

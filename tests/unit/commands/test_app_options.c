/* Which command runs (core/commands/app_options.c): the configuration's args are defaults, the
 * command line overrides them, and with no command named anywhere the firmware boot
 * path runs the lab's default job (`check`) while a shell gets an error. The EFI side
 * (efi/args.c) only decides the two env flags these tests set by hand. */
#include "tests/unit/test.h"
#include "core/commands/app.h"
#include "core/cli/config.h"
#include "platform/base/str.h"

enum launch { FROM_SHELL, FROM_FIRMWARE };

/* cfg_text NULL: no configuration file. cmdline NULL: no command line at all (the
 * firmware path without LoadOptions: efi/args.c passes argv = {"upmon"}). */
static int resolve(enum launch how, const char *cfg_text, const char *cmdline,
		   struct upm_options *o, char *err)
{
	static char line[256];
	static char *argv[40];
	struct upm_config cfg;
	struct upm_app_env env;
	char cfg_err[200];
	int argc = 1;

	upm_memset(&cfg, 0, sizeof cfg);
	upm_memset(&env, 0, sizeof env);
	upm_memset(o, 0, sizeof *o);
	err[0] = 0;
	if (cfg_text && upm_config_parse(&cfg, upm_strdup(cfg_text), "u.cfg", cfg_err,
					 sizeof cfg_err) < 0) {
		upm_test_fail(__FILE__, __LINE__, "bad test configuration: %s", cfg_err);
		upm_config_free(&cfg);
		return -2;
	}
	argv[0] = "upmon";
	if (cmdline) {
		upm_snprintf(line, sizeof line, "%s", cmdline);
		argc = 1 + upm_split_words(line, argv + 1, 38);
	}
	argv[argc] = NULL;
	env.launched_by_firmware = how == FROM_FIRMWARE;
	env.args_from_config = how == FROM_FIRMWARE && !cmdline;
	struct upm_cli_line parsed;
	upm_cli_read(argc, argv, &parsed); /* as upm_main does, once */
	int rc = upm_app_options(&cfg, &parsed, &env, o, err, 400);
	/* The options point into the configuration's text: compare before freeing it. */
	static char command[64], platform[64], cmd_args[4][64];
	upm_snprintf(command, sizeof command, "%s", o->command ? o->command : "(null)");
	upm_snprintf(platform, sizeof platform, "%s", o->platform ? o->platform : "(null)");
	o->command = command;
	o->platform = platform;
	for (int i = 0; i < o->cmd_argc && i < 4; i++) {
		upm_snprintf(cmd_args[i], sizeof cmd_args[i], "%s", o->cmd_argv[i]);
		o->cmd_argv[i] = cmd_args[i];
	}
	upm_config_free(&cfg);
	return rc;
}

TEST(firmware_boot_without_config_runs_the_default_job)
{
	struct upm_options o;
	char err[400];
	CHECK_EQ(resolve(FROM_FIRMWARE, NULL, NULL, &o, err), 0);
	CHECK_STR(o.command, UPM_DEFAULT_JOB);
	CHECK_STR(o.command, "check");
	CHECK_EQ(o.cmd_argc, 0);
	CHECK_EQ(o.backend, UPM_BACKEND_DEFAULT); /* the hardware on UEFI */
	CHECK_EQ(o.end, UPM_END_RETURN);
}

TEST(firmware_boot_config_without_command_runs_check_with_its_options)
{
	struct upm_options o;
	char err[400];
	/* What the QEMU test's stick holds: the mock selected, no command named. */
	CHECK_EQ(resolve(FROM_FIRMWARE, "args = --backend mock --platform snbep\nend = qemu-exit\n",
			 NULL, &o, err), 0);
	CHECK_STR(o.command, "check");
	CHECK_EQ(o.backend, UPM_BACKEND_MOCK);
	CHECK_STR(o.platform, "snbep");
	CHECK_EQ(o.end, UPM_END_QEMU_EXIT);

	/* No args key at all: only the end action comes from the file. */
	CHECK_EQ(resolve(FROM_FIRMWARE, "end = shutdown\n", NULL, &o, err), 0);
	CHECK_STR(o.command, "check");
	CHECK_EQ(o.end, UPM_END_SHUTDOWN);
}

TEST(firmware_boot_config_command_replaces_the_default)
{
	struct upm_options o;
	char err[400];
	CHECK_EQ(resolve(FROM_FIRMWARE, "args = --backend mock --platform snbep info\n", NULL, &o,
			 err), 0);
	CHECK_STR(o.command, "info");
	CHECK_EQ(resolve(FROM_FIRMWARE, "args = check --quick\n", NULL, &o, err), 0);
	CHECK_STR(o.command, "check");
	CHECK_EQ(o.cmd_argc, 1);
	CHECK_STR(o.cmd_argv[0], "--quick");
}

TEST(firmware_boot_entry_arguments_without_command_run_check)
{
	struct upm_options o;
	char err[400];
	/* A Boot#### entry whose LoadOptions hold options only. */
	CHECK_EQ(resolve(FROM_FIRMWARE, "args = --backend mock --platform snbep\n",
			 "--sockets 1", &o, err), 0);
	CHECK_STR(o.command, "check");
	CHECK_EQ(o.sockets, 1);
	CHECK_EQ(o.backend, UPM_BACKEND_MOCK);
	/* Its command replaces the configuration's. */
	CHECK_EQ(resolve(FROM_FIRMWARE, "args = info\n", "list boxes", &o, err), 0);
	CHECK_STR(o.command, "list");
	CHECK_EQ(o.cmd_argc, 1);
}

TEST(shell_without_command_is_still_an_error)
{
	struct upm_options o;
	char err[400];
	/* Nothing typed at all: the overview, as 'upmon help'. */
	CHECK_EQ(resolve(FROM_SHELL, NULL, "", &o, err), 0);
	CHECK_STR(o.command, "help");
	CHECK_EQ(resolve(FROM_SHELL, "args = --backend mock --platform snbep\n", "", &o, err), 0);
	CHECK_STR(o.command, "help");
	/* Options without a command: an error. */
	CHECK_EQ(resolve(FROM_SHELL, "end = shutdown\n", "--sockets 1", &o, err), -1);
	CHECK_STR(err, "no command given (try 'upmon help')");
	CHECK_STR(o.command, "(null)");
	/* Options-only args do not name a command either. */
	CHECK_EQ(resolve(FROM_SHELL, "args = --backend mock --platform snbep\n", "--dry-run", &o, err), -1);
	CHECK_STR(err, "no command given (try 'upmon help')");
	/* The placeholder is compared by address: a word spelled like it is a command. */
	CHECK_EQ(resolve(FROM_SHELL, NULL, "(none)", &o, err), 0);
	CHECK_STR(o.command, "(none)");
}

TEST(shell_command_uses_the_config_args_as_defaults)
{
	struct upm_options o;
	char err[400];
	CHECK_EQ(resolve(FROM_SHELL, "args = --backend mock --platform snbep\n", "info", &o, err), 0);
	CHECK_STR(o.command, "info");
	CHECK_EQ(o.backend, UPM_BACKEND_MOCK);
	CHECK_EQ(resolve(FROM_SHELL, "args = --platform snbep info\n", "--platform skl", &o, err), 0);
	CHECK_STR(o.command, "info"); /* the file's command stands, its option is overridden */
	CHECK_STR(o.platform, "skl");
	/* --option=value and a global after the command, in the file as on the command line. */
	CHECK_EQ(resolve(FROM_SHELL, "args = --backend=mock info --sockets=1\n", NULL, &o, err), 0);
	CHECK_EQ(o.backend, UPM_BACKEND_MOCK); /* (the file's words are freed by now: numbers only) */
	CHECK_EQ(o.sockets, 1);
	CHECK_EQ(resolve(FROM_SHELL, NULL, "--backend=mock:dead=cbo0 info --platform=snbep --sockets=2", &o, err), 0);
	CHECK_STR(o.command, "info");
	CHECK_STR(o.mock_faults, "dead=cbo0");
	CHECK_STR(o.platform, "snbep");
	CHECK_EQ(o.sockets, 2);
	/* The early read of --sockets (the host's processors) sees both forms anywhere. */
	char *argv[] = { "upmon", "run", "--events", "x", "--sockets=1", NULL };
	CHECK_EQ(upm_app_sockets_asked(5, argv), 1);
	char *argv2[] = { "upmon", "--sockets", "9", "info", NULL };
	CHECK_EQ(upm_app_sockets_asked(4, argv2), 0);
}

TEST(bad_config_args_name_file_and_line)
{
	struct upm_options o;
	char err[400];
	CHECK_EQ(resolve(FROM_FIRMWARE, "# lab\nend = return\nargs = --bogus\n", NULL, &o, err), -1);
	CHECK_STR(err, "u.cfg:3: args: unknown option '--bogus' (see 'upmon help')");
	CHECK_EQ(resolve(FROM_SHELL, "args = --sockets 0\n", "info", &o, err), -1);
	CHECK_CONTAINS(err, "u.cfg:1: args: --sockets takes");
}

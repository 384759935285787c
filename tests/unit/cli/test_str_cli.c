/* Formatting, number parsing, the command line and the configuration file. */
#include "tests/unit/test.h"
#include "core/cli/cli.h"
#include "core/cli/config.h"
#include "core/cli/cli_args.h"
#include "core/cli/help.h"
#include "core/cli/options.h"
#include "platform/base/str.h"
#include <stdlib.h>

TEST(snprintf_formats)
{
	char b[64];
	upm_snprintf(b, sizeof b, "%d|%5u|%-4s|%04x|%llx|%c|%%", -12, 7u, "ab", 0xBEu,
		     0x123456789abcull, 'z');
	CHECK_STR(b, "-12|    7|ab  |00be|123456789abc|z|%");
	upm_snprintf(b, sizeof b, "%.3s|%lu|%zu|%X", "abcdef", 42ul, (size_t)9, 0xabu);
	CHECK_STR(b, "abc|42|9|AB");
	CHECK_EQ(upm_snprintf(b, 4, "%s", "abcdef"), 6);
	CHECK_STR(b, "abc");
}

TEST(parse_u64)
{
	uint64_t v;
	CHECK_EQ(upm_parse_u64("0xD04", &v), 0);
	CHECK_EQ(v, 0xD04);
	CHECK_EQ(upm_parse_u64("18446744073709551615", &v), 0);
	CHECK_EQ(v, UINT64_MAX);
	CHECK_EQ(upm_parse_u64("18446744073709551616", &v), -1);
	CHECK_EQ(upm_parse_u64("12x", &v), -1);
	CHECK_EQ(upm_parse_u64("", &v), -1);
	CHECK_EQ(upm_parse_u64("0x", &v), -1);
}

static int parse(struct upm_options *o, char *err, const char *line)
{
	static char copy[512];
	static char *argv[40];
	strcpy(copy, line);
	argv[0] = "upmon";
	int n = upm_split_words(copy, argv + 1, 38);
	memset(o, 0, sizeof *o);
	return upm_cli_parse(n + 1, argv, o, err, 200);
}

TEST(cli_global_options_and_command)
{
	struct upm_options o;
	char err[200];
	CHECK_EQ(parse(&o, err, "--platform snbep --backend mock:gp=0xD04,s1.absent=ff:0e.1 "
				"--sockets 2 --trace t.tsv --dry-run --out r --end qemu-exit info x"), 0);
	CHECK_STR(o.platform, "snbep");
	CHECK_EQ(o.backend, UPM_BACKEND_MOCK);
	CHECK_STR(o.mock_faults, "gp=0xD04,s1.absent=ff:0e.1");
	CHECK_EQ(o.sockets, 2);
	CHECK_STR(o.trace_path, "t.tsv");
	CHECK_EQ(o.dry_run, 1);
	CHECK_STR(o.out_dir, "r");
	CHECK_EQ(o.end, UPM_END_QEMU_EXIT);
	CHECK_STR(o.command, "info");
	CHECK_EQ(o.cmd_argc, 1);
	CHECK_STR(o.cmd_argv[0], "x");
}

TEST(cli_errors_name_the_problem)
{
	struct upm_options o;
	char err[200];
	CHECK_EQ(parse(&o, err, "--bogus info"), -1);
	CHECK_CONTAINS(err, "unknown option '--bogus'");
	CHECK_EQ(parse(&o, err, "--backend"), -1);
	CHECK_CONTAINS(err, "needs a value");
	CHECK_EQ(parse(&o, err, "--backend fpga info"), -1);
	CHECK_CONTAINS(err, "unknown backend 'fpga'");
	CHECK_EQ(parse(&o, err, "--sockets 0 info"), -1);
	CHECK_CONTAINS(err, "--sockets");
	CHECK_EQ(parse(&o, err, "--sockets 9 info"), -1);
	CHECK_EQ(parse(&o, err, "--end later info"), -1);
	CHECK_CONTAINS(err, "unknown end action 'later'");
	CHECK_EQ(parse(&o, err, "--end shutdow info"), -1);
	CHECK_STR(err, "unknown end action 'shutdow' (closest: shutdown; use return, shutdown, reboot, key or qemu-exit)");
	CHECK_EQ(parse(&o, err, "--backend mokc info"), -1);
	CHECK_STR(err, "unknown backend 'mokc' (closest: mock; use hw, linux, perf, mock, mock:FAULTS or replay:TRACE)");
	CHECK_EQ(parse(&o, err, "--backend replay: info"), -1);
	CHECK_CONTAINS(err, "--backend replay: needs what follows the colon: replay:TRACE");
	/* A value never is the next option (core/cli/cli_args.h). */
	CHECK_EQ(parse(&o, err, "--trace --dry-run info"), -1);
	CHECK_STR(err, "option '--trace' needs a value before the next option '--dry-run' (see 'upmon help')");
	CHECK_EQ(parse(&o, err, "--platform snbep"), -1);
	CHECK_CONTAINS(err, "no command");
	CHECK_EQ(parse(&o, err, "--backend mock: info"), -1);
}

/* --option=value is --option value everywhere (split at the first '='), and an option
 * means the same before and after the command (core/cli/cli_args.c). */
TEST(cli_option_equals_value)
{
	struct upm_options o;
	char err[200];
	CHECK_EQ(parse(&o, err, "--platform=snbep --backend=mock:stuck=cbo0.ctr0,dead=cbo1 run "
				"--events=cbo0/LLC_LOOKUP.DATA_READ,filter_state=0x1f/ --interval=1000 --out=lab"), 0);
	CHECK_STR(o.platform, "snbep");
	CHECK_EQ(o.backend, UPM_BACKEND_MOCK);
	CHECK_STR(o.mock_faults, "stuck=cbo0.ctr0,dead=cbo1");
	CHECK_STR(o.out_dir, "lab");
	CHECK_STR(o.command, "run");
	CHECK_EQ(o.cmd_argc, 4);
	CHECK_STR(o.cmd_argv[0], "--events");
	CHECK_STR(o.cmd_argv[1], "cbo0/LLC_LOOKUP.DATA_READ,filter_state=0x1f/");
	CHECK_STR(o.cmd_argv[2], "--interval");
	CHECK_STR(o.cmd_argv[3], "1000");
	/* A flag takes none. */
	CHECK_EQ(parse(&o, err, "--dry-run=yes info"), -1);
	CHECK_STR(err, "option '--dry-run' takes no value, not '--dry-run=yes': write --dry-run alone (see 'upmon help')");
	CHECK_EQ(parse(&o, err, "run --per-box= --events x"), -1);
	CHECK_CONTAINS(err, "option '--per-box' takes no value");
	/* An empty value is a missing one; an unknown name is shown as typed. */
	CHECK_EQ(parse(&o, err, "--platform= info"), -1);
	CHECK_STR(err, "option '--platform' needs a value (see 'upmon help')");
	CHECK_EQ(parse(&o, err, "--bogus=3 info"), -1);
	CHECK_CONTAINS(err, "unknown option '--bogus=3'");
	CHECK_EQ(parse(&o, err, "--platfrom=snbep info"), -1);
	CHECK_STR(err, "unknown option '--platfrom=snbep' (closest: --platform; see 'upmon help')");
}

TEST(cli_option_means_the_same_before_and_after_the_command)
{
	struct upm_options o;
	char err[200];
	/* A global after the command (the issue's `run --events X --sockets 1`). */
	CHECK_EQ(parse(&o, err, "run --events X --sockets 1 --dry-run --backend mock"), 0);
	CHECK_EQ(o.sockets, 1);
	CHECK_EQ(o.dry_run, 1);
	CHECK_EQ(o.backend, UPM_BACKEND_MOCK);
	CHECK_EQ(o.cmd_argc, 2);
	/* A command's option before it is the command's. */
	CHECK_EQ(parse(&o, err, "--events=X --platform snbep run --seconds 1"), 0);
	CHECK_STR(o.command, "run");
	CHECK_EQ(o.cmd_argc, 4);
	CHECK_STR(o.cmd_argv[0], "--events");
	CHECK_STR(o.cmd_argv[1], "X");
	CHECK_STR(o.cmd_argv[2], "--seconds");
	CHECK_EQ(parse(&o, err, "--quick check"), 0);
	CHECK_STR(o.cmd_argv[0], "--quick");
	/* ... or refused in one line saying where it goes. */
	CHECK_EQ(parse(&o, err, "--quick run --events X"), -1);
	CHECK_STR(err, "option '--quick' is not run's: it goes after the command check (upmon check --quick ...; see "
		       "'upmon help run')");
	CHECK_EQ(parse(&o, err, "--threads 2 info"), -1);
	CHECK_CONTAINS(err, "option '--threads' is not info's: it goes after the command run or check");
	CHECK_EQ(parse(&o, err, "--events X"), -1);
	CHECK_STR(err, "option '--events' belongs to a command: write it after the command run (upmon run --events ...)");
	CHECK_EQ(parse(&o, err, "--events"), -1);
	CHECK_CONTAINS(err, "option '--events' needs a value");
	/* No command takes an option of a global's name: the rule holds by construction. */
	for (unsigned i = 0; i < upm_cli_n_options; i++)
		for (unsigned k = 0; k < upm_cli_n_options; k++)
			CHECK(k == i || upm_strcmp(upm_cli_options[i].name, upm_cli_options[k].name) != 0);
}

/* The early reads (--config before the configuration, --sockets for the host's processors)
 * see the value as the parser takes it. */
static const char *option_value(const char *line, const char *name)
{
	static char copy[512];
	static char *argv[40];
	strcpy(copy, line);
	argv[0] = "upmon";
	int n = upm_split_words(copy, argv + 1, 38);
	return upm_cli_option_value(n + 1, argv, name);
}

TEST(cli_option_value_read_early)
{
	CHECK_STR(option_value("--config=a.cfg info", "--config"), "a.cfg");
	CHECK_STR(option_value("info --config b.cfg", "--config"), "b.cfg");
	CHECK_STR(option_value("--config a --config=b=c info", "--config"), "b=c");
	CHECK_STR(option_value("run --events X --sockets=1", "--sockets"), "1");
	CHECK(option_value("--config --dry-run info", "--config") == NULL);
	CHECK(option_value("--config= info", "--config") == NULL);
	/* Read from the parsed line: a line the parser refuses names no file. */
	CHECK(option_value("--dry-run=1 --config x", "--config") == NULL);
	CHECK(option_value("--dry-run --config x info", "--config") != NULL);
	CHECK(option_value("info", "--config") == NULL);
}

TEST(config_file_keys_and_errors)
{
	struct upm_config c;
	char err[400];
	char *text = upm_strdup("# lab defaults\n\nargs = --backend mock --platform snbep \"info\"\r\nend = shutdown # after\n");
	CHECK_EQ(upm_config_parse(&c, text, "upmon.cfg", err, sizeof err), 0);
	CHECK_EQ(c.has_args, 1);
	CHECK_EQ(c.argc, 6);
	CHECK_STR(c.argv[0], "upmon");
	CHECK_STR(c.argv[5], "info");
	CHECK_EQ(c.has_end, 1);
	CHECK_EQ(c.end, UPM_END_SHUTDOWN);
	upm_config_free(&c);

	text = upm_strdup("end = shutdown\ncolour = blue\n");
	CHECK_EQ(upm_config_parse(&c, text, "upmon.cfg", err, sizeof err), -1);
	CHECK_STR(err, "upmon.cfg:2: unknown key 'colour' (the keys are args, end, end_timeout, end_action, out with its out_* keys, events.NAME and check.NAME; docs/command-line.md, Configuration file)");
	upm_config_free(&c);

	text = upm_strdup("end = sometime\n");
	CHECK_EQ(upm_config_parse(&c, text, "x.cfg", err, sizeof err), -1);
	CHECK_CONTAINS(err, "x.cfg:1: end must be");
	upm_config_free(&c);

	text = upm_strdup("args = \"info\n");
	CHECK_EQ(upm_config_parse(&c, text, "x.cfg", err, sizeof err), -1);
	CHECK_CONTAINS(err, "open quote");
	upm_config_free(&c);

	text = upm_strdup("just words\n");
	CHECK_EQ(upm_config_parse(&c, text, "x.cfg", err, sizeof err), -1);
	CHECK_CONTAINS(err, ":1: expected 'key = value'");
	upm_config_free(&c);
}

/* core/cli/cli_args.c: options after the command, help and version shortcuts, the last
 * of a repeated option. */
TEST(cli_order_help_version_and_repeats)
{
	struct upm_options o;
	char err[200];
	char *a1[] = { "upmon", "list", "boxes", "--platform", "snbep", "--format", "csv", NULL };
	memset(&o, 0, sizeof o);
	CHECK_EQ(upm_cli_parse(7, a1, &o, err, sizeof err), 0);
	CHECK_STR(o.platform, "snbep");
	CHECK_STR(o.command, "list");
	CHECK_EQ(o.cmd_argc, 3); /* boxes --format csv: list's own option stays its */
	CHECK_STR(o.cmd_argv[1], "--format");

	char *a2[] = { "upmon", "run", "--help", NULL };
	memset(&o, 0, sizeof o);
	CHECK_EQ(upm_cli_parse(3, a2, &o, err, sizeof err), 0);
	CHECK_STR(o.command, "help");
	CHECK_EQ(o.cmd_argc, 1);
	CHECK_STR(o.cmd_argv[0], "run");

	char *a3[] = { "upmon", "-h", NULL };
	memset(&o, 0, sizeof o);
	CHECK_EQ(upm_cli_parse(2, a3, &o, err, sizeof err), 0);
	CHECK_STR(o.command, "help");
	CHECK_EQ(o.cmd_argc, 0);

	char *a4[] = { "upmon", "--version", NULL };
	memset(&o, 0, sizeof o);
	CHECK_EQ(upm_cli_parse(2, a4, &o, err, sizeof err), 0);
	CHECK_STR(o.command, "version");

	/* --sockets means the same before and after the command (a kernel's sockets are
	 * --kernel-sockets): the last wins. */
	char *a5[] = { "upmon", "--sockets", "1", "run", "--kernel", "read", "--sockets", "2", NULL };
	memset(&o, 0, sizeof o);
	CHECK_EQ(upm_cli_parse(8, a5, &o, err, sizeof err), 0);
	CHECK_EQ(o.sockets, 2);
	CHECK_EQ(o.cmd_argc, 2);
	CHECK_STR(o.cmd_argv[0], "--kernel");

	char *a6[] = { "upmon", "--platform", "ivbep", "info", "--platform", "snbep", NULL };
	memset(&o, 0, sizeof o);
	CHECK_EQ(upm_cli_parse(6, a6, &o, err, sizeof err), 0);
	CHECK_STR(o.platform, "snbep"); /* the last wins */

	char *a7[] = { "upmon", "--platfrom", "snbep", "info", NULL };
	memset(&o, 0, sizeof o);
	CHECK_EQ(upm_cli_parse(4, a7, &o, err, sizeof err), -1);
	CHECK_STR(err, "unknown option '--platfrom' (closest: --platform; see 'upmon help')");

	char *a8[] = { "upmon", "info", "--out", NULL };
	memset(&o, 0, sizeof o);
	CHECK_EQ(upm_cli_parse(3, a8, &o, err, sizeof err), -1);
	CHECK_STR(err, "option '--out' needs a value (see 'upmon help')");
}

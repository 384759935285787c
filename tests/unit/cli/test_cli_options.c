/* The option table (core/cli/options.c) drives the parser, the help pages' option lines and
 * the closest choices: every option in it is in its pages and offered for a typo of it, an
 * option it does not list is refused in one line naming the closest, and the command line
 * parsed once is laid over the configuration's args. */
#include "tests/unit/test.h"
#include "core/cli/options.h"
#include "core/cli/help.h"
#include "core/cli/cli_args.h"

#include <string.h>

static const char *help_page(const char *topic)
{
	static struct upm_buf b;
	char err[200];
	upm_buf_free(&b);
	upm_buf_init(&b);
	if (upm_help_write(topic, &b, err, sizeof err) < 0)
		return "";
	return b.data ? b.data : "";
}

/* Each command of a row's list in turn: *at advances past it; 0 at the end. */
static int next_command(const char **at, char *out, size_t size)
{
	size_t n = 0;
	while (**at == ' ')
		(*at)++;
	while ((*at)[n] && (*at)[n] != ' ')
		n++;
	if (!n || n >= size)
		return 0;
	memcpy(out, *at, n);
	out[n] = 0;
	*at += n;
	return 1;
}

TEST(cli_every_table_option_is_in_its_help)
{
	CHECK(upm_cli_n_options > 20);
	for (unsigned i = 0; i < upm_cli_n_options; i++) {
		const struct upm_cli_option *o = &upm_cli_options[i];
		char line_start[64];
		upm_snprintf(line_start, sizeof line_start, "\n  %s", o->name);
		if (upm_cli_option_is_global(o)) {
			const char *page = help_page(NULL);
			if (!strstr(page, o->name))
				upm_test_fail(__FILE__, __LINE__, "global %s is not in the overview", o->name);
			if (o->help && !strstr(page, line_start))
				upm_test_fail(__FILE__, __LINE__, "global %s has no line in the overview", o->name);
			/* A global with a line is in every command page's list of them. */
			if (o->help && !strstr(help_page("info"), o->name))
				upm_test_fail(__FILE__, __LINE__, "global %s is not in info's list of globals", o->name);
			continue;
		}
		char command[32];
		unsigned n = 0;
		for (const char *c = o->commands; next_command(&c, command, sizeof command); n++) {
			CHECK(upm_help_find(command) != NULL);
			const char *page = help_page(command);
			if (!strstr(page, o->name))
				upm_test_fail(__FILE__, __LINE__, "%s is not in the help of %s", o->name, command);
			if (o->help && !strstr(page, line_start))
				upm_test_fail(__FILE__, __LINE__, "%s has no line in the help of %s", o->name, command);
		}
		CHECK(n > 0);
	}
	/* The lines' shape: the help at the page's column, or on the next line when the
	 * option reaches it; an override last. */
	const char *overview = help_page(NULL);
	CHECK_CONTAINS(overview, "\n  --sockets N        measure the first N sockets (the mock has N)\n");
	CHECK_CONTAINS(overview, "\n  --backend hw|linux|perf|mock[:FAULTS]|replay:TRACE\n                     the hardware");
	CHECK(strstr(overview, "\n  --force-platform   use") > strstr(overview, "\n  --end ACTION"));
	CHECK_CONTAINS(help_page("run"), "\n  --metrics NAME,... derived metrics");
	CHECK_CONTAINS(help_page("list"), "\n  --format  text (default)");
	CHECK_CONTAINS(help_page("check"), "\nGlobal options (before or after the command; see 'upmon help'): --platform,\n"
					   "--force-platform, --backend, --sockets, --trace, --dry-run, --out, --config,\n"
					   "--end.\n");
}

TEST(cli_every_table_option_is_offered_for_a_typo)
{
	for (unsigned i = 0; i < upm_cli_n_options; i++) {
		const struct upm_cli_option *o = &upm_cli_options[i];
		char typo[64], near[160];
		/* One letter short: "--platfor". */
		upm_snprintf(typo, sizeof typo, "%.*s", (int)upm_strlen(o->name) - 1, o->name);
		if (upm_cli_option_is_global(o)) {
			upm_help_suggest_option(NULL, typo, near, sizeof near);
			if (!strstr(near, o->name))
				upm_test_fail(__FILE__, __LINE__, "'%s' offers '%s', not %s", typo, near, o->name);
			upm_help_suggest_option("run", typo, near, sizeof near);
			if (!strstr(near, o->name))
				upm_test_fail(__FILE__, __LINE__, "run's '%s' offers '%s', not %s", typo, near, o->name);
			/* Parsed: refused in one line naming it among the closest. */
			char *argv[] = { "upmon", typo, "info", NULL }, err[200], want[120];
			struct upm_options opts;
			memset(&opts, 0, sizeof opts);
			CHECK_EQ(upm_cli_parse(3, argv, &opts, err, sizeof err), -1);
			upm_snprintf(want, sizeof want, "unknown option '%s' (closest: ", typo);
			CHECK(strncmp(err, want, upm_strlen(want)) == 0);
			CHECK_CONTAINS(err, o->name);
			CHECK_CONTAINS(err, "; see 'upmon help')");
			CHECK(!strchr(err, '\n'));
			continue;
		}
		char command[32];
		for (const char *c = o->commands; next_command(&c, command, sizeof command);) {
			upm_help_suggest_option(command, typo, near, sizeof near);
			if (!strstr(near, o->name))
				upm_test_fail(__FILE__, __LINE__, "%s's '%s' offers '%s', not %s", command, typo, near, o->name);
		}
	}
	/* An option the table does not list, near none: the one line without a choice. */
	char *argv[] = { "upmon", "--frobnicate", "info", NULL }, err[200];
	struct upm_options opts;
	memset(&opts, 0, sizeof opts);
	CHECK_EQ(upm_cli_parse(3, argv, &opts, err, sizeof err), -1);
	CHECK_STR(err, "unknown option '--frobnicate' (see 'upmon help')");
	/* After the command a word the table does not list is the command's to refuse, with
	 * the closest of its own first (core/commands/cmd_run.c). */
	char *argv2[] = { "upmon", "run", "--intreval", "100", NULL };
	CHECK_EQ(upm_cli_parse(4, argv2, &opts, err, sizeof err), 0);
	CHECK_STR(opts.cmd_argv[0], "--intreval");
	char near[160];
	upm_help_suggest_option("run", "--intreval", near, sizeof near);
	CHECK_STR(near, "closest: --interval");
}

/* The table says which take a value: a flag given one and a value missing are refused. */
TEST(cli_table_value_kinds_drive_the_parser)
{
	for (unsigned i = 0; i < upm_cli_n_options; i++) {
		const struct upm_cli_option *o = &upm_cli_options[i];
		char word[80], err[200];
		struct upm_options opts;
		memset(&opts, 0, sizeof opts);
		if (!upm_cli_option_is_global(o) || !o->store)
			continue;
		upm_snprintf(word, sizeof word, "%s=x", o->name);
		char *argv[] = { "upmon", word, "info", NULL };
		int rc = upm_cli_parse(3, argv, &opts, err, sizeof err);
		if (!o->value) {
			CHECK_EQ(rc, -1);
			CHECK_CONTAINS(err, "takes no value");
		} else {
			char *argv2[] = { "upmon", "info", (char *)o->name, NULL };
			CHECK_EQ(upm_cli_parse(3, argv2, &opts, err, sizeof err), -1);
			CHECK_CONTAINS(err, "needs a value");
		}
	}
}

TEST(cli_line_parsed_once_lays_over_the_configuration)
{
	char err[200];
	struct upm_options o;
	memset(&o, 0, sizeof o);
	char *cfg[] = { "upmon", "--platform", "ivbep", "--backend", "mock:dead=cbo0", "--end", "shutdown", "info", NULL };
	CHECK_EQ(upm_cli_parse(8, cfg, &o, err, sizeof err), 0);

	char *argv[] = { "upmon", "list", "boxes", "--platform=snbep", "--config", "a.cfg", "--dry-run", NULL };
	struct upm_cli_line line;
	CHECK_EQ(upm_cli_read(7, argv, &line), 0);
	/* What an early look needs is in the parsed line. */
	CHECK_STR(upm_cli_line_value(&line, "--config"), "a.cfg");
	CHECK_STR(upm_cli_line_value(&line, "--platform"), "snbep");
	CHECK(upm_cli_line_value(&line, "--dry-run") == NULL); /* a flag has no value */
	CHECK(upm_cli_line_value(&line, "--sockets") == NULL);
	CHECK_EQ(line.opts.dry_run, 1);

	CHECK_EQ(upm_cli_apply(&line, &o, err, sizeof err), 0);
	CHECK_STR(o.platform, "snbep");            /* the line's */
	CHECK_EQ(o.backend, UPM_BACKEND_MOCK);     /* the file's */
	CHECK_STR(o.mock_faults, "dead=cbo0");
	CHECK_EQ(o.end, UPM_END_SHUTDOWN);
	CHECK_EQ(o.dry_run, 1);
	CHECK_STR(o.config_path, "a.cfg");
	CHECK_STR(o.command, "list");
	CHECK_EQ(o.cmd_argc, 1);
	CHECK_STR(o.cmd_argv[0], "boxes");

	/* A line without a command keeps the file's; a line that does not parse says why. */
	char *argv2[] = { "upmon", "--backend", "hw", NULL };
	CHECK_EQ(upm_cli_read(3, argv2, &line), 0);
	CHECK_EQ(upm_cli_apply(&line, &o, err, sizeof err), 0);
	CHECK_EQ(o.backend, UPM_BACKEND_HW);
	CHECK(o.mock_faults == NULL);
	CHECK_STR(o.command, "list");
	char *argv3[] = { "upmon", "--sockets", "9", "info", NULL };
	CHECK_EQ(upm_cli_read(4, argv3, &line), -1);
	CHECK_EQ(upm_cli_apply(&line, &o, err, sizeof err), -1);
	CHECK_STR(err, "--sockets takes a number from 1 to 8, not '9'");
	CHECK(upm_cli_line_value(&line, "--sockets") == NULL);
}

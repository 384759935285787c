/* The command line's parser: the normalised words (core/cli/cli_args.c) into struct
 * upm_options through the option table (core/cli/options.c) (upm_cli_parse; upm_cli_read
 * for the line read early, upm_cli_apply to lay it over the configuration's args). */
#include "core/cli/cli.h"
#include "platform/base/str.h"
#include "core/cli/cli_args.h"
#include "core/cli/options.h"

static int fail(char *err, unsigned long size, const char *fmt, const char *what)
{
	upm_snprintf(err, size, fmt, what);
	return -1;
}

/* The normalised words (ARGV0 GLOBALS COMMAND COMMAND-WORDS, core/cli/cli_args.c) into o:
 * each global through its row of the option table, its value recorded in given (when not
 * NULL) by row; the command and its words. No command leaves o's as it was. */
static int parse_ordered(int argc, char **argv, struct upm_options *o, const char **given, char *err,
			 unsigned long err_size)
{
	int i = 1;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] != '-' || a[1] != '-')
			break;
		const struct upm_cli_option *opt = upm_cli_option_named(a);
		if (!upm_cli_option_is_global(opt) || !opt->store)
			return fail(err, err_size, "unknown option '%s' (see 'upmon help')", a);
		const char *v = NULL;
		if (opt->value) {
			if (i + 1 >= argc || argv[i + 1][0] == 0)
				return fail(err, err_size, "option '%s' needs a value (see 'upmon help')", a);
			v = argv[++i];
		}
		if (opt->store(o, v, err, err_size) < 0)
			return -1;
		if (given)
			given[opt - upm_cli_options] = v ? v : "";
	}
	if (i >= argc)
		return 0;
	o->command = argv[i++];
	o->cmd_argc = 0;
	for (; i < argc; i++) {
		if (o->cmd_argc >= UPM_MAX_CMD_ARGS)
			return fail(err, err_size, "%s", "too many arguments");
		o->cmd_argv[o->cmd_argc++] = argv[i];
	}
	return 0;
}

/* Options before or after the command, -h, --help, --version: core/cli/cli_args.c. */
int upm_cli_parse(int argc, char **argv, struct upm_options *o, char *err, unsigned long err_size)
{
	char *words[UPM_CLI_MAX_WORDS];
	int n = upm_cli_normalise(argc, argv, words, UPM_CLI_MAX_WORDS, err, err_size);
	if (n < 0 || parse_ordered(n, words, o, NULL, err, err_size) < 0)
		return -1;
	/* A command from the configuration file stands when none is given here. */
	if (!o->command)
		return fail(err, err_size, "%s", "no command given (try 'upmon help')");
	return 0;
}

int upm_cli_read(int argc, char **argv, struct upm_cli_line *line)
{
	char *words[UPM_CLI_MAX_WORDS];
	upm_memset(line, 0, sizeof *line);
	line->argc = argc;
	int n = upm_cli_normalise(argc, argv, words, UPM_CLI_MAX_WORDS, line->err, sizeof line->err);
	if (n < 0 || parse_ordered(n, words, &line->opts, line->given, line->err, sizeof line->err) < 0) {
		line->failed = 1;
		return -1;
	}
	return 0;
}

int upm_cli_apply(const struct upm_cli_line *line, struct upm_options *o, char *err, unsigned long err_size)
{
	if (line->failed)
		return fail(err, err_size, "%s", line->err);
	/* Each store succeeded on the same value when the line was read. */
	for (unsigned i = 0; i < upm_cli_n_options; i++)
		if (line->given[i] && upm_cli_options[i].store)
			(void)upm_cli_options[i].store(o, upm_cli_options[i].value ? line->given[i] : NULL, err, err_size);
	if (line->opts.command) {
		o->command = line->opts.command;
		o->cmd_argc = line->opts.cmd_argc;
		for (int i = 0; i < o->cmd_argc; i++)
			o->cmd_argv[i] = line->opts.cmd_argv[i];
	}
	return 0;
}

const char *upm_cli_line_value(const struct upm_cli_line *line, const char *name)
{
	const struct upm_cli_option *opt = upm_cli_option_named(name);
	if (line->failed || !opt || !opt->value)
		return NULL;
	return line->given[opt - upm_cli_options];
}

/* Read from the parsed line, so it is the value the parser takes (declared in
 * core/cli/cli_args.h, beside the normaliser, for the callers that look early). */
const char *upm_cli_option_value(int argc, char **argv, const char *name)
{
	struct upm_cli_line line;
	(void)upm_cli_read(argc, argv, &line);
	return upm_cli_line_value(&line, name);
}

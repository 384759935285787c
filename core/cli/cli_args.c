/* The command line's order and shortcuts, settled before it is parsed (core/cli/cli.c),
 * so that every later reader sees one form:
 * - perf's and GNU's --option=value is the two words --option value (split at the first
 *   '=', the value may hold more); a flag given a value (--dry-run=yes) is refused;
 * - an option means the same before and after the command: a global option written after
 *   the command moves before it (no command takes an option of a global's name), and a
 *   command's own option written before the command moves after it when that command
 *   takes it, else it is refused naming the commands that do;
 * - -h and --help ask for help (on the command when one is named), --version for the
 *   version.
 * An option given twice takes its last value, everywhere on the command line (scripts
 * append an override to a base command line), except run's lists (--events, --metrics,
 * --group), which add up (core/commands/cmd_run.c); the configuration file refuses a key
 * given twice instead, since there a repeat is a mistake in one file (docs/command-line.md,
 * Options and their order). */
#include "core/cli/cli_args.h"
#include "core/cli/help.h"
#include "core/cli/options.h"

static char help_word[] = "help";
static char version_word[] = "version";

int upm_cli_is_option_word(const char *w)
{
	return w && w[0] == '-' && w[1] == '-' && w[2] != 0;
}

static int is_help(const char *a)
{
	return upm_strcmp(a, "-h") == 0 || upm_strcmp(a, "--help") == 0;
}

static int too_many(char *err, unsigned long size)
{
	upm_snprintf(err, size, "%s", "too many arguments");
	return -1;
}

/* --name=value as the words --name value, into out (at most max). The name is the option
 * table's spelling (options.h), the value points into the word. A word whose name no option has stays
 * whole, for the unknown option's message to show as typed. */
static int split_values(int argc, char **argv, char **out, int max, char *err, unsigned long size)
{
	int n = 0;
	for (int i = 0; i < argc; i++) {
		char *a = argv[i];
		const char *eq = i > 0 && upm_cli_is_option_word(a) ? upm_strchr(a, '=') : NULL;
		const struct upm_cli_option *opt = eq ? upm_cli_option_find(a, (size_t)(eq - a)) : NULL;
		const char *name = opt ? opt->name : NULL;
		if (opt && !opt->value) {
			upm_snprintf(err, size, "option '%s' takes no value, not '%s': write %s alone (see 'upmon help')",
				     name, a, name);
			return -1;
		}
		if (n + 2 > max)
			return too_many(err, size);
		if (opt && opt->value) {
			out[n++] = (char *)name;
			out[n++] = (char *)eq + 1;
		} else {
			out[n++] = a;
		}
	}
	return n;
}

static int unknown_option(const char *command, const char *a, char *err, unsigned long size)
{
	char near[120];
	upm_help_suggest_option(command, a, near, sizeof near);
	upm_snprintf(err, size, "unknown option '%s' (%s%ssee 'upmon help%s%s')", a, near, near[0] ? "; " : "",
		     command ? " " : "", command ? command : "");
	return -1;
}

/* An option's value: the next word, neither missing nor empty nor the next option ('--trace
 * --dry-run' is a forgotten value, not a file named '--dry-run': taken as one, the dry run
 * asked for would silently not be). */
static int value_missing(int argc, char **argv, int i, char *err, unsigned long size)
{
	const char *a = argv[i];
	if (i + 1 >= argc || !argv[i + 1][0])
		return upm_snprintf(err, size, "option '%s' needs a value (see 'upmon help')", a), 1;
	if (upm_cli_is_option_word(argv[i + 1]))
		return upm_snprintf(err, size, "option '%s' needs a value before the next option '%s' (see 'upmon help')",
				    a, argv[i + 1]), 1;
	return 0;
}

/* A command's option written before the command: taken when the command has it, else one
 * line saying which command it belongs to and where it goes. */
static int misplaced_option(const char *command, const char *a, char *err, unsigned long size)
{
	char owners[80];
	upm_cli_option_commands(upm_cli_option_named(a), owners, sizeof owners);
	if (command && upm_help_find(command))
		upm_snprintf(err, size, "option '%s' is not %s's: it goes after the command %s (upmon %s %s ...; see "
			     "'upmon help %s')", a, command, owners, owners, a, command);
	else
		upm_snprintf(err, size, "option '%s' belongs to a command: write it after the command %s (upmon %s%s %s "
			     "...)", a, owners, owners, upm_strcmp(owners, "list") == 0 ? " events" : "", a);
	return -1;
}

int upm_cli_normalise(int argc, char **argv, char **out, int max, char *err, unsigned long size)
{
	char *words[UPM_CLI_MAX_WORDS], *globals[UPM_CLI_MAX_WORDS], *early[UPM_CLI_MAX_WORDS],
		*rest[UPM_CLI_MAX_WORDS];
	int n_glob = 0, n_early = 0, n_rest = 0, help = 0, version = 0;
	const char *command = NULL;

	if (argc > UPM_CLI_MAX_WORDS - 2 || max < UPM_CLI_MAX_WORDS)
		return too_many(err, size);
	int n = split_values(argc, argv, words, UPM_CLI_MAX_WORDS - 2, err, size);
	if (n < 0)
		return -1;
	for (int i = 1; i < n; i++) {
		char *a = words[i];
		if (is_help(a)) {
			help = 1;
			continue;
		}
		if (upm_strcmp(a, "--version") == 0) {
			version = 1;
			continue;
		}
		if (!command && a[0] != '-') {
			command = a;
			continue;
		}
		const struct upm_cli_option *opt = upm_cli_is_option_word(a) ? upm_cli_option_named(a) : NULL;
		if (upm_cli_option_is_global(opt)) {
			int valued = opt->value != NULL;
			if (valued && value_missing(n, words, i, err, size))
				return -1;
			globals[n_glob++] = a;
			if (valued)
				globals[n_glob++] = words[++i];
			continue;
		}
		if (!command) {
			char owners[80];
			if (!opt || !upm_cli_option_commands(opt, owners, sizeof owners))
				return unknown_option(NULL, a, err, size);
			early[n_early++] = a;
			if (opt->value) {
				if (value_missing(n, words, i, err, size))
					return -1;
				early[n_early++] = words[++i];
			}
			continue;
		}
		rest[n_rest++] = a;
	}
	/* An unknown command is said as such later (with the closest ones). */
	for (int i = 0; i < n_early && (!command || upm_help_find(command)); i++)
		if (upm_cli_is_option_word(early[i]) && !upm_cli_option_of(upm_cli_option_named(early[i]), command))
			return misplaced_option(command, early[i], err, size);
	n = 0;
	out[n++] = argv[0];
	for (int i = 0; i < n_glob; i++)
		out[n++] = globals[i];
	if (help) {
		out[n++] = help_word;
		if (command && upm_strcmp(command, "help") != 0)
			out[n++] = (char *)command;
		else if (n_rest)
			out[n++] = rest[0];
		return n;
	}
	if (version) {
		/* "upmon --version foo", "upmon run --version": the word would be dropped unseen. */
		const char *extra = command && upm_strcmp(command, "version") != 0 ? command : n_rest ? rest[0] : NULL;
		if (extra)
			return upm_snprintf(err, size, "--version takes no command or argument, not '%s': write upmon "
					    "--version (or upmon help)", extra), -1;
		out[n++] = version_word;
		return n;
	}
	if (command)
		out[n++] = (char *)command;
	for (int i = 0; i < n_early; i++)
		out[n++] = early[i];
	for (int i = 0; i < n_rest; i++)
		out[n++] = rest[i];
	return n;
}

/* The command line's order and shortcuts, settled before it is parsed (core/cli/cli.c):
 * global options may come before or after the command (after it, an option the command
 * takes itself stays the command's: `run --sockets LIST`); -h and --help ask for help
 * (on the command when one is named), --version for the version. An option given twice
 * takes its last value, everywhere on the command line (scripts append an override to
 * a base command line), except run's lists (--events, --metrics, --group), which add up
 * (core/commands/cmd_run.c); the configuration file refuses a key given twice instead,
 * since there a repeat is a mistake in one file (docs/command-line.md, Options and their
 * order). */
#include "core/cli/cli_args.h"
#include "core/cli/help.h"

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

static int unknown_option(const char *command, const char *a, char *err, unsigned long size)
{
	char near[120];
	upm_help_suggest_option(command, a, near, sizeof near);
	if (!command && upm_help_command_has_option("run", a))
		upm_snprintf(err, size, "option '%s' belongs to a command: write it after the command "
			     "(upmon run %s ...)", a, a);
	else if (!command && upm_help_command_has_option("list", a))
		upm_snprintf(err, size, "option '%s' belongs to a command: write it after the command "
			     "(upmon list events %s ...)", a, a);
	else
		upm_snprintf(err, size, "unknown option '%s' (%s%ssee 'upmon help%s%s')", a, near,
			     near[0] ? "; " : "", command ? " " : "", command ? command : "");
	return -1;
}

const char *upm_cli_command_word(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (is_help(a) || upm_strcmp(a, "--version") == 0)
			continue;
		if (a[0] != '-')
			return a[0] ? a : NULL;
		if (!upm_is_global_option(a))
			return NULL;
		if (upm_global_option_takes_value(a))
			i++;
	}
	return NULL;
}

int upm_cli_normalise(int argc, char **argv, char **out, int max, char *err, unsigned long size)
{
	char *globals[UPM_CLI_MAX_WORDS], *rest[UPM_CLI_MAX_WORDS];
	int n_glob = 0, n_rest = 0, help = 0, version = 0;
	const char *command = NULL;
	int cmd_at = -1;

	if (argc > UPM_CLI_MAX_WORDS - 2 || max < argc + 2)
		return upm_snprintf(err, size, "%s", "too many arguments"), -1;
	for (int i = 1; i < argc; i++) {
		char *a = argv[i];
		int after = command != NULL;
		if (is_help(a)) {
			help = 1;
			continue;
		}
		if (upm_strcmp(a, "--version") == 0) {
			version = 1;
			continue;
		}
		if (!after && a[0] != '-') {
			command = a;
			cmd_at = i;
			continue;
		}
		if (a[0] == '-' && a[1] == '-' && upm_is_global_option(a) &&
		    !(after && upm_help_command_has_option(command, a))) {
			if (upm_global_option_takes_value(a) && (i + 1 >= argc || !argv[i + 1][0]))
				return upm_snprintf(err, size, "option '%s' needs a value (see 'upmon help')", a), -1;
			/* '--trace --dry-run' is a forgotten value, not a file named '--dry-run':
			 * taken as one, the dry run asked for would silently not be. */
			if (upm_global_option_takes_value(a) && upm_cli_is_option_word(argv[i + 1]))
				return upm_snprintf(err, size, "option '%s' needs a value before the next option '%s' "
					     "(see 'upmon help')", a, argv[i + 1]), -1;
			globals[n_glob++] = a;
			if (upm_global_option_takes_value(a))
				globals[n_glob++] = argv[++i];
			continue;
		}
		if (!after)
			return unknown_option(NULL, a, err, size);
		rest[n_rest++] = a;
	}
	(void)cmd_at;
	int n = 0;
	out[n++] = argv[0];
	for (int i = 0; i < n_glob; i++)
		out[n++] = globals[i];
	if (help) {
		out[n++] = help_word;
		if (command && upm_strcmp(command, "help") != 0)
			out[n++] = (char *)command;
		else
			for (int i = 0; i < n_rest && i < 1; i++)
				out[n++] = rest[i];
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
	for (int i = 0; i < n_rest; i++)
		out[n++] = rest[i];
	return n;
}

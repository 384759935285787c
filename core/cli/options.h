/* The command line's options, each declared once (core/cli/options.c): its name, whether it
 * takes a value, which commands take it, its help line and how it is stored. The table
 * drives the parser (core/cli/cli.c), the normaliser's order and shortcuts
 * (core/cli/cli_args.c), the help pages' option lines and the closest choices offered for
 * a mistyped option (core/cli/help.c): adding an option is one row. */
#ifndef UPMON_CORE_CLI_OPTIONS_H
#define UPMON_CORE_CLI_OPTIONS_H

#include "core/cli/cli.h"
#include "platform/base/str.h"

/* The overview lists it after the others: an override rarely needed. */
#define UPM_OPT_SAID_LAST 1u

struct upm_cli_option {
	const char *name;     /* "--platform" */
	const char *value;    /* its value as help writes it ("NAME"); NULL: a flag, which takes none */
	/* NULL: a global option, taken before or after any command; else the commands that
	 * take it, in the help's order, separated by spaces ("run check"). */
	const char *commands;
	/* Its help line, after the option on each page it belongs to; '\n' goes on at the
	 * page's column. NULL: said in another option's line or in the page's prose. */
	const char *help;
	/* A global's value into upm_options (value NULL for a flag): 0, or -1 with the one-line
	 * message in err. NULL for a command's own option, which stays in cmd_argv for the
	 * command to read, and for --help and --version, which the normaliser makes commands. */
	int (*store)(struct upm_options *o, const char *value, char *err, unsigned long size);
	unsigned flags;       /* UPM_OPT_SAID_LAST */
};

extern const struct upm_cli_option upm_cli_options[];
extern const unsigned upm_cli_n_options;

/* The option named name[0..len) ("--platform" of "--platform=snbep"), or NULL. */
const struct upm_cli_option *upm_cli_option_find(const char *name, size_t len);
const struct upm_cli_option *upm_cli_option_named(const char *name);
/* 1 when opt is a global option. */
int upm_cli_option_is_global(const struct upm_cli_option *opt);
/* 1 when `command` takes opt as its own option (a global is no command's own). */
int upm_cli_option_of(const struct upm_cli_option *opt, const char *command);
/* 1 when `command` takes any option of its own. */
int upm_cli_command_has_options(const char *command);
/* The commands that take opt, as "run or check" in buf; how many. */
unsigned upm_cli_option_commands(const struct upm_cli_option *opt, char *buf, size_t size);

/* The help lines of `command`'s own options (NULL: the global options), each option at two
 * spaces, its help at `column` (on the next line when the option reaches it); the option
 * with its value unless bare (a page whose lines name words alone). */
void upm_cli_option_lines(const char *command, unsigned column, int bare, struct upm_buf *b);
/* The global options that have a help line, as "--platform, --force-platform, ...,
 * --end." wrapped after `first` within 79 columns. */
void upm_cli_global_list(const char *first, struct upm_buf *b);

#endif

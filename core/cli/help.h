/* The help texts: an overview and one page per command, each with examples, and the
 * options each command takes (the command line's normaliser, core/cli/cli_args.c, uses
 * them to tell a command's option from a global one written after the command). */
#ifndef UPMON_CORE_CLI_HELP_H
#define UPMON_CORE_CLI_HELP_H

#include "platform/base/str.h"

struct upm_cmd_help {
	const char *name;
	const char *usage;           /* "run --events SPEC[,...] ..." */
	const char *summary;         /* one line */
	const char *const *options;  /* the command's own options, NULL-terminated */
	const char *text;            /* what it does, options, examples */
};

extern const struct upm_cmd_help upm_cmd_helps[];
extern const unsigned upm_n_cmd_helps;

const struct upm_cmd_help *upm_help_find(const char *command);
/* 1 when `command` takes option `opt` ("--events") itself. */
int upm_help_command_has_option(const char *command, const char *opt);
/* The global options ("--platform"), NULL-terminated; *takes_value per index. */
extern const char *const upm_global_options[];
int upm_global_option_takes_value(const char *opt);
int upm_is_global_option(const char *opt);
/* The tables' spelling of the option (global or a command's) named by name[0..len), or
 * NULL when there is none: "--platform" for the "--platform" of "--platform=snbep". */
const char *upm_help_option_named(const char *name, size_t len);
/* 1 when opt takes a value (--platform NAME), 0 for a flag (--dry-run, --per-box). */
int upm_help_option_takes_value(const char *opt);
/* The commands that take opt, as "run or check" in buf; how many. */
unsigned upm_help_option_commands(const char *opt, char *buf, size_t size);

/* Help on topic (NULL: the overview) into b. 0, or -1 with a one-line message in err
 * for an unknown topic (with the closest commands). */
int upm_help_write(const char *topic, struct upm_buf *b, char *err, unsigned long err_size);

/* "closest: run, list" for a mistyped command or option (of `command`, or global). */
void upm_help_suggest_command(const char *word, char *buf, unsigned long size);
void upm_help_suggest_option(const char *command, const char *word, char *buf, unsigned long size);

#endif

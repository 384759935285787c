/* The help texts: an overview and one page per command, each with examples. The options
 * and their help lines are the option table's (core/cli/options.h). */
#ifndef UPMON_CORE_CLI_HELP_H
#define UPMON_CORE_CLI_HELP_H

#include "platform/base/str.h"

struct upm_cmd_help {
	const char *name;
	const char *usage;           /* "run --events SPEC[,...] ..." */
	const char *summary;         /* one line */
	const char *text;            /* what it does, before its options' lines */
	unsigned option_column;      /* where its options' help starts (0: no option lines) */
	int option_bare;             /* its option lines name the option alone, not its value */
	const char *after;           /* after its options' lines (examples); NULL when none */
};

extern const struct upm_cmd_help upm_cmd_helps[];
extern const unsigned upm_n_cmd_helps;

const struct upm_cmd_help *upm_help_find(const char *command);

/* Help on topic (NULL: the overview) into b. 0, or -1 with a one-line message in err
 * for an unknown topic (with the closest commands). */
int upm_help_write(const char *topic, struct upm_buf *b, char *err, unsigned long err_size);

/* "closest: run, list" for a mistyped command or option (of `command`, or global). */
void upm_help_suggest_command(const char *word, char *buf, unsigned long size);
void upm_help_suggest_option(const char *command, const char *word, char *buf, unsigned long size);

#endif

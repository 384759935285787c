/* The configuration file (\upmon\upmon.cfg): `key = value` lines, '#' comments.
 * Keys so far: args (the command line to run when none is given), end (what to do
 * when done). Unknown keys and bad values are errors naming the line. */
#ifndef UPMON_CORE_CONFIG_H
#define UPMON_CORE_CONFIG_H

#include "core/cli.h"

#define UPM_CFG_MAX_ARGS 32

struct upm_config {
	char *text;              /* the file, owned; argv points into it */
	int argc;                /* args split into words, argv[0] = "upmon" */
	char *argv[UPM_CFG_MAX_ARGS + 1];
	int has_args;
	enum upm_end_action end;
	int has_end;
};

/* Parses text (NUL-terminated, taken over by cfg). 0, or -1 with err naming the line. */
int upm_config_parse(struct upm_config *cfg, char *text, const char *name, char *err,
		     unsigned long err_size);
void upm_config_free(struct upm_config *cfg);

/* Splits a command line into words in place (double quotes group; no escapes).
 * Returns the number of words, or -1 when there are more than max or a quote is open. */
int upm_split_words(char *line, char **words, int max);

#endif

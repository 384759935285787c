/* The command line's order and shortcuts (core/cli/cli_args.c). */
#ifndef UPMON_CORE_CLI_ARGS_H
#define UPMON_CORE_CLI_ARGS_H

#include "platform/base/str.h"

#define UPM_CLI_MAX_WORDS 96

/* Rewrites argv[0..argc) into out (at least UPM_CLI_MAX_WORDS words) as ARGV0
 * GLOBAL-OPTIONS COMMAND COMMAND-OPTIONS: --name=value split into --name value, global
 * options written after the command moved before it, a command's options written before
 * it moved after it, -h/--help become `help [COMMAND]`, --version `version`. Returns the
 * word count, or -1 with a one-line message (an unknown option with the closest ones, a
 * missing value, a flag given a value, a command's option before another command). */
int upm_cli_normalise(int argc, char **argv, char **out, int max, char *err, unsigned long size);

/* 1 when w is an option word ("--dry-run"), which is never an option's value: a value
 * missing before the next option is refused rather than that option taken as it (a file
 * that starts with "--" is written ./--name). */
int upm_cli_is_option_word(const char *w);

/* The value of option name ("--config") as the parser takes it: the command line is
 * parsed (core/cli/cli.c, upm_cli_read) and the value read from the result; NULL when the
 * option was not given or the line does not parse (the parser then says why). A caller
 * that holds the parsed line reads it there (upm_cli_line_value). */
const char *upm_cli_option_value(int argc, char **argv, const char *name);

#endif

/* The command line's order and shortcuts (core/cli/cli_args.c). */
#ifndef UPMON_CORE_CLI_ARGS_H
#define UPMON_CORE_CLI_ARGS_H

#include "core/base/str.h"

#define UPM_CLI_MAX_WORDS 96

/* Rewrites argv[0..argc) into out (at most max words) as ARGV0 GLOBAL-OPTIONS COMMAND
 * ARGS: global options written after the command move before it, -h/--help become
 * `help [COMMAND]`, --version `version`. Returns the word count, or -1 with a one-line
 * message (an unknown option with the closest ones, a missing value). */
int upm_cli_normalise(int argc, char **argv, char **out, int max, char *err, unsigned long size);

/* 1 when w is an option word ("--dry-run"), which is never an option's value: a value
 * missing before the next option is refused rather than that option taken as it (a file
 * that starts with "--" is written ./--name). */
int upm_cli_is_option_word(const char *w);

/* The command word of a command line that may not parse: the first word that is neither
 * an option nor a global option's value; NULL when there is none, or when an unknown
 * option comes before it (whether that one takes a value is not known). For a run
 * refused before its command was parsed: its folder and its runs.csv line still name
 * the command it was given. */
const char *upm_cli_command_word(int argc, char **argv);

#endif

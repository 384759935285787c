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

/* The value of option name ("--config") as the parser will take it, read before the
 * command line is parsed (the configuration file is read first): the last one given, in
 * either form (--config FILE, --config=FILE); NULL when it has none (missing, empty, or
 * the next option), which the parser then refuses. */
const char *upm_cli_option_value(int argc, char **argv, const char *name);

#endif

/* The console's last screen: a firmware console (80x25, no serial, no scrollback) keeps
 * the last 25 lines of a run, so every command ends with a block that fits there, said
 * just before the files line (upm_say_files) and, for check and selftest, the verdict
 * line: the command's result, what makes it no measurement of this machine (mock
 * backend, faults injected, dry run, replay), then each finding in a line of its own with
 * its reason, the worst first. What does not fit is counted and the files that hold it
 * named; the full tables stay above it and in the files. Errors and warnings said while
 * a command runs are findings too (upm_error, upm_warn). */
#ifndef UPMON_CORE_CLI_LAST_SCREEN_H
#define UPMON_CORE_CLI_LAST_SCREEN_H

#include "core/cli/invocation.h"

/* The block's lines at most: with the files line (two lines for a long folder), the
 * verdict line and the shell's prompt it stays within 25. */
#define UPM_LAST_SCREEN_LINES 20

/* The block's first line, "result: COMMAND VERDICT: details" (verdict NULL:
 * "result: COMMAND: details"); the last call wins. */
void upm_last_result(struct upm_run *r, const char *verdict, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A finding: upm_last_finding (invocation.h), kept with the console's lines. */
/* The files of the run's folder that hold every finding ("verdicts.csv and report.html"):
 * the block names them when it leaves findings out. A string that outlives the run. */
void upm_last_files(struct upm_run *r, const char *files);
/* Says the block (nothing when no result and no finding was given) and forgets it: the
 * files line's own (core/cli/files_line.c). */
void upm_last_screen_say(struct upm_run *r);
/* Forgets the block unsaid (a run that ends without its files line on the console). */
void upm_last_screen_free(struct upm_run *r);

/* What makes this run's numbers no measurement of this machine, one sentence in capitals
 * first ("MOCK BACKEND: simulated registers, ..."; a dry run, a replay and faults injected
 * said too), into buf; NULL when the registers were this machine's own. The console's
 * last screen and report.html's banner say it as loud as the verdict. */
const char *upm_ident_caveat(const struct upm_run *r, char *buf, size_t size);

#endif

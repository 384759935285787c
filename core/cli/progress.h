/* The "run in progress" marker (docs/safety.md, A run cut short by a reset): a
 * fault the guard does not own resets the machine at once and nothing can be written then,
 * so what a run is doing is on the medium before it touches the hardware:
 * <out>/in-progress.txt, next to runs.csv, rewritten at coarse steps (a command's phase, a
 * session's step on every socket; never per register) and removed on every end that
 * returns. A marker found at the next start is the evidence of a run cut short:
 * progress_recover.c reports it. */
#ifndef UPMON_CORE_CLI_PROGRESS_H
#define UPMON_CORE_CLI_PROGRESS_H

#include "core/cli/invocation.h"

#define UPM_PROGRESS_FILE "in-progress.txt"
/* The file written into an interrupted run's folder when its marker is found. */
#define UPM_PROGRESS_RESULT_FILE "interrupted.txt"
/* runs.csv's verdict for it. */
#define UPM_PROGRESS_VERDICT "INTERRUPTED"

/* Writes the marker for r (its command line, start, command, serial, backend) with the
 * step "identification". A medium that refuses it is not said here: the run's files meet
 * the same medium and say it. */
void upm_progress_begin(struct upm_run *r);
/* The run's coarse step ("check: self-test"); clears the detail. Rewrites the marker when
 * it changed. Nothing when no marker is being kept. */
void upm_progress_step(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* What happens within the step (a session's "programming the boxes, pass 1 of 2"). */
void upm_progress_detail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* on 0: details are not written until on 1 again (the passes of a burn-in after its first
 * repeat the first's steps: a night's thousands of passes would rewrite the marker on the
 * stick some hundred times each); the marker says so in their place. */
void upm_progress_keep_detail(int on);
/* The run's folder was made (core/cli/run_folder.c): the marker names it. */
void upm_progress_folder(const struct upm_run *r);
/* The run returns: the marker goes. */
void upm_progress_end(void);

/* At start: a marker under r->out_parent is a run cut short. Says what it was doing on
 * the console, writes UPM_PROGRESS_RESULT_FILE into its folder (made when the run had none
 * yet) and its runs.csv row (verdict INTERRUPTED), removes the marker. rerun says whether
 * this start goes on to run its own command (typed in a shell) or not (started by the
 * firmware: the same job would fault again). 1 when a marker was found, else 0. */
int upm_progress_recover(struct upm_run *r, int rerun);

/* The marker's fields, parsed (progress_recover.c; tests). Each "" when missing. */
struct upm_progress_marker {
	char start[40], command_line[400], args[400], command[32], serial[64], backend[16], dry_run[8];
	char folder[128], step[160], detail[160];
};
void upm_progress_parse(const char *text, size_t len, struct upm_progress_marker *out);

#endif

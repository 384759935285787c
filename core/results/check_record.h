/* The results record of a health check (`check`, `selftest`): what happened, filled once
 * when the check ends, in the words and numbers the writers show. The writers render it
 * and compute nothing: the console's end (summary, files line, verdict line last),
 * results.json, verdicts.csv, junit.xml and report.html (check_record_write.c,
 * check_record_console.c).
 *
 * A sibling of struct upm_record (record.h), not a part of it: a measurement's record is
 * counts, totals and metrics with the counts they used; a check's is verdicts, a burn-in
 * and the kernels it judged by. One struct for both would leave most of it empty for
 * either command and make every writer ask which command it renders. The two share what
 * is common by the same parts: the identity (struct upm_run, said by upm_ident_json and
 * upm_html_identity) and the safety facts in the shape `run` gives them.
 *
 * The verdicts, burn-in and safety facts are the check's own tables (large: thousands of
 * verdicts, a pass per burn-in pass), referred to, not copied; their parts render with
 * their own writers here (check_parts.h: upm_verdicts_json/csv, upm_burnin_json,
 * upm_check_safety_json). */
#ifndef UPMON_CORE_RESULTS_CHECK_RECORD_H
#define UPMON_CORE_RESULTS_CHECK_RECORD_H

#include "core/check/burnin.h"
#include "core/check/check_safety.h"

struct upm_check_record {
	struct upm_run *run;         /* the identity (invocation.h): said as it is in every file */
	const char *command;         /* "check", "selftest" */
	unsigned sockets;
	const struct upm_verdicts *verdicts; /* every verdict, the safety facts' included */
	enum upm_result verdict;     /* the overall verdict as shown: N/A (nothing judged) is PASS */
	uint64_t elapsed_ns;         /* from the run's start to the record's fill */
	int exit_status;             /* the command's (enum upm_exit) */
	const struct upm_burnin *burnin; /* `check`: its passes (active: a burn-in); NULL: selftest */
	int has_kernels;             /* the plausibility stage started its kernels */
	struct upm_check_kernel_run kernels[UPM_CHECK_MAX_KERNELS]; /* the first pass's */
	unsigned n_kernels;
	/* What did not go as planned: aborted (and where), sockets skipped, registers not
	 * restored (core/check/check_safety.h). NULL: none recorded. */
	const struct upm_check_safety *safety;
	/* What of the safety facts the console already said while the check ran (each
	 * session says its unrestored registers as it ends): the console's end says the rest,
	 * safety->list from unrestored_said on and the registers dropped beyond dropped_said. */
	unsigned unrestored_said, dropped_said;
};

/* Fills rec once from what the check gathered: the verdicts the safety facts imply are
 * added to vs, then the overall verdict and exit status (5 after ESC/Ctrl-C unless
 * something FAILed) are set, and the run's identity takes the verdict; a burn-in's last
 * pass counts the verdicts added after it (upm_burnin_settle). burnin and kernels may be
 * NULL (selftest). */
void upm_check_record_fill(struct upm_check_record *rec, struct upm_run *r, const char *command,
			   struct upm_verdicts *vs, struct upm_burnin *burnin,
			   const struct upm_check_kernel_runs *kernels);

/* The writers. */
/* The console's summary: safety facts not yet said, the abort, every verdict that is not
 * a pass (a burn-in: each finding once with its first pass) and the summary table. */
void upm_check_record_print(const struct upm_check_record *rec);
/* The console's last lines, after the files are saved: the files line, then
 * `upmon: PASS|WARN|FAIL|INCOMPLETE` for the lab watching the serial console. */
void upm_check_record_print_end(const struct upm_check_record *rec);
void upm_check_record_json(const struct upm_check_record *rec, struct upm_buf *out);  /* results.json */
void upm_check_record_csv(const struct upm_check_record *rec, struct upm_buf *out);   /* verdicts.csv */
void upm_check_record_junit(const struct upm_check_record *rec, struct upm_buf *out); /* junit.xml */
void upm_check_record_html(const struct upm_check_record *rec, struct upm_buf *out);  /* report.html */
/* results.json, verdicts.csv, junit.xml, report.html and ocptv.jsonl (core/results/ocptv.h)
 * into the run's folder (upm_save). */
void upm_check_record_save(const struct upm_check_record *rec);

#endif

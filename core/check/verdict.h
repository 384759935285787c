/* Health-check verdicts: one per socket, box instance and check, with the measured and
 * expected numbers in the reason, and the run's overall verdict. */
#ifndef UPMON_CORE_VERDICT_H
#define UPMON_CORE_VERDICT_H

#include "core/cli/invocation.h"

enum upm_result {
	UPM_RESULT_PASS = 0,
	UPM_RESULT_NA,          /* not applicable here (the guide defines nothing to test) */
	UPM_RESULT_WARN,
	UPM_RESULT_FAIL,
	UPM_RESULT_INCOMPLETE,  /* could not be judged: the run did not get that far */
};

#define UPM_VERDICT_REASON 200

struct upm_verdict {
	unsigned socket;
	const char *box;      /* box type name: "cbo" */
	int instance;         /* -1: the socket's boxes of that type together */
	char check[32];       /* "selftest.freeze", "memory.read" */
	enum upm_result result;
	char reason[UPM_VERDICT_REASON];
	/* The numbers behind the result, where the check has them (upm_verdict_numbers):
	 * what was measured, what was expected, the accepted range [low, high] (and the
	 * relative tolerance it came from, 0 when the range is absolute), in unit. */
	int has_measured, has_expected, has_range;
	double measured, expected, low, high, tolerance;
	char unit[16];
	/* The register that shows it (upm_verdict_evidence): name, address, the value read
	 * (none when the read faulted: upm_verdict_evidence_fault) and, for a write and
	 * read-back, the value written (upm_verdict_written). */
	int has_evidence, has_value, has_written;
	char reg[32], address[32];
	uint64_t value, written;
	/* The burn-in pass it was judged in (check --passes/--duration), from 1; a check
	 * without a burn-in is its pass 1. */
	unsigned pass;
	/* The check was not run on its box instance (upm_verdict_not_run): N/A, the reason
	 * "not run: " and why, so each box has the same checks on every run (junit.xml's
	 * <skipped>). */
	int not_run;
	/* How long the check spent on it, in ns: the test's own steps, or the measurement it
	 * was judged on (0: not known, or not run). junit.xml's time. */
	uint64_t ns;
};

struct upm_verdicts {
	struct upm_verdict *v;
	unsigned n, cap;
	unsigned dropped;     /* verdicts that did not fit: the overall verdict is INCOMPLETE */
	unsigned pass;        /* the pass new verdicts belong to (0: 1) */
};

/* The pass new verdicts are added to (1 when none was set). */
unsigned upm_verdicts_pass(const struct upm_verdicts *vs);

int upm_verdicts_init(struct upm_verdicts *vs, unsigned cap);
void upm_verdicts_free(struct upm_verdicts *vs);
/* Adds a verdict; the reason is printf-formatted. Returns it for its numbers, or NULL
 * when it did not fit (counted in dropped). */
struct upm_verdict *upm_verdict_add(struct upm_verdicts *vs, unsigned socket, const char *box, int instance,
		     const char *check, enum upm_result result, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* A check that was not run on a box instance: N/A and not_run, its reason "not run: "
 * and the printf-formatted rest. NULL when it did not fit. */
struct upm_verdict *upm_verdict_not_run(struct upm_verdicts *vs, unsigned socket, const char *box, int instance,
					const char *check, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* The same because of the instance's presence verdict (any but PASS): "not run: presence
 * FAILed (its reason)". */
struct upm_verdict *upm_verdict_not_run_after(struct upm_verdicts *vs, const struct upm_verdict *presence,
					      const char *check);
/* How long the check spent on v (v may be NULL); upm_verdicts_time_from: on each verdict
 * from index first on that was run and has no time yet. */
void upm_verdict_time(struct upm_verdict *v, uint64_t ns);
void upm_verdicts_time_from(struct upm_verdicts *vs, unsigned first, uint64_t ns);

/* The numbers of a verdict (v may be NULL): measured, and expected with its relative
 * tolerance (range expected x (1 -/+ tolerance)). */
void upm_verdict_numbers(struct upm_verdict *v, double measured, double expected, double tolerance,
			 const char *unit);
/* A measured value with an absolute accepted range and no single expected value. */
void upm_verdict_range(struct upm_verdict *v, double measured, double low, double high, const char *unit);
/* Nothing measured (no answer, never reached): what was expected and the accepted range. */
void upm_verdict_expected(struct upm_verdict *v, double expected, double low, double high, const char *unit);
/* Only a measured value (nothing to compare it with). */
void upm_verdict_measured(struct upm_verdict *v, double measured, const char *unit);
void upm_verdict_evidence(struct upm_verdict *v, const char *reg, const char *address, uint64_t value);
/* A register whose read faulted (or was never read): its name and address, no value. */
void upm_verdict_evidence_fault(struct upm_verdict *v, const char *reg, const char *address);
/* The value written to the evidence's register before it was read back. */
void upm_verdict_written(struct upm_verdict *v, uint64_t written);

const char *upm_result_name(enum upm_result r); /* "PASS", "N/A", ... */
/* How bad a result is: FAIL 4 over INCOMPLETE 3 over WARN 2 over PASS 1 over N/A 0. */
int upm_result_rank(enum upm_result r);
/* The worst result: FAIL over INCOMPLETE over WARN over PASS (N/A does not count). */
enum upm_result upm_verdicts_overall(const struct upm_verdicts *vs);
/* Exit status for an overall result: 0 PASS, 1 WARN, 2 FAIL, 3 INCOMPLETE. */
int upm_result_exit(enum upm_result r);

/* Console: every verdict that is not PASS or N/A (its reason wrapped within 80 columns,
 * cut after three lines: the files keep it whole), then a summary table by socket and
 * box type (counts of PASS, WARN, FAIL, INCOMPLETE and N/A apart), columns as wide as
 * their widest cell. */
void upm_verdicts_print(struct upm_run *r, const struct upm_verdicts *vs);
/* The summary table alone (a burn-in says its findings its own way, core/check/burnin.h). */
void upm_verdicts_summary(struct upm_run *r, const struct upm_verdicts *vs);

#endif

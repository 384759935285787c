/* The self-test's evidence: the numbers and the register behind each test's result,
 * kept while the tests run and put on the verdict (core/check/verdict.h). */
#ifndef UPMON_CORE_CHECK_SELFTEST_EVIDENCE_H
#define UPMON_CORE_CHECK_SELFTEST_EVIDENCE_H

#include "core/check/verdict.h"
#include "core/session/session.h"

/* The numbers and the register behind a test's result, for its verdict: measured
 * against an expected value (exact) or an accepted range, and the register read (its
 * value, none when the read faulted; what was written before a read-back). */
struct upm_st_ev {
	int numbers; /* 0 none, 1 exact expected, 2 range */
	double measured, expected, low, high;
	const char *unit;
	int has_reg, has_value, has_written;
	char reg[32], where[40];
	uint64_t value, written;
};

/* Where a box's register is: the MSR, BB:DD.F+0xOFF (SSSS: first off segment 0), or the
 * memory address. */
void upm_st_reg_where(const struct upm_box_inst *b, uint32_t reg, char *out, size_t n);
/* The register of the evidence, its value read (read 0: the read faulted). */
void upm_st_ev_reg(struct upm_st_ev *e, const struct upm_box_inst *b, const char *name, uint32_t reg, int read,
	    uint64_t value);
void upm_st_ev_written(struct upm_st_ev *e, uint64_t written);
/* Measured against an exact expected value, or an accepted range, in unit. */
void upm_st_ev_exact(struct upm_st_ev *e, double measured, double expected, const char *unit);
void upm_st_ev_range(struct upm_st_ev *e, double measured, double low, double high, const char *unit);
/* Puts the numbers and register on verdict v (NULL: nothing). */
void upm_st_ev_apply(struct upm_verdict *v, const struct upm_st_ev *e);

#endif

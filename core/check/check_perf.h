/* check --against perf (core/check/check_perf.c), private to the check room: the kernel's
 * perf counting the read and ntwrite kernels' memory traffic once more, and a verdict per
 * socket, perf.read and perf.write, holding its bytes to upmon's. */
#ifndef UPMON_CORE_CHECK_CHECK_PERF_H
#define UPMON_CORE_CHECK_CHECK_PERF_H

#include "core/check/check_state.h"
#include "core/events/alias_perf.h"

struct upm_ck_perf {
	enum role role;    /* R_MEM_RD or R_MEM_WR */
	int ran;           /* asked and tried */
	int counted;       /* perf counted the whole kernel */
	int partial;       /* the kernel multiplexed a count */
	const char *pmu;   /* perf's type: "imc" */
	const char *aliases[UPM_ALIAS_PERF_MAX];
	unsigned n_aliases;
	double bytes[UPM_MAX_SOCKETS];
	char err[200];
};

/* Runs m's kernel (its plan, still held) once more under perf's count of the role. */
void upm_ck_perf_count(struct check *c, struct measure *m, enum role role, struct upm_ck_perf *out);

/* --backend perf: each role left out (c->perf_skipped) as N/A verdicts of the checks it
 * feeds, with the reason. */
void upm_ck_perf_not_counted(struct check *c);

/* perf.read or perf.write per socket, from m's counts of the role and perf's. */
void upm_ck_perf_judge(struct check *c, const struct measure *m, const struct upm_ck_perf *pf);

#endif

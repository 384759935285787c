/* A health check (self-test, and the quick plausibility stage when `full`) on a fresh
 * mock, for the check tests of every platform and the fault matrix. */
#ifndef UPMON_TESTS_UNIT_CHECK_RUN_H
#define UPMON_TESTS_UNIT_CHECK_RUN_H

#include "core/check/verdict.h"

struct check_outcome {
	struct upm_verdicts vs;
	unsigned not_restored; /* registers not as before the run (upm_mock_compare) */
	char diff[2048];
};

/* cmp_flags: upm_mock_compare's (UPM_MOCK_CMP_SKIP_COUNTERS or 0). 0, or -1 after
 * failing the test with the reason. */
int check_run(struct check_outcome *o, const char *platform, unsigned sockets, const char *faults,
	      int full, unsigned cmp_flags);
/* The verdict on socket, box, instance (-1: the box type as a whole) and check; NULL. */
const struct upm_verdict *check_find(const struct upm_verdicts *vs, unsigned socket, const char *box,
				     int instance, const char *check);

#endif

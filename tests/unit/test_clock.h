/* A clock for the mock that moves only when a test says (platform/mock/mock.h, Time), so
 * clocks count exactly the time a test lets pass: counts are exact, never real timing. */
#ifndef UPMON_TESTS_UNIT_TEST_CLOCK_H
#define UPMON_TESTS_UNIT_TEST_CLOCK_H

#include "platform/backend.h"
#include <stdint.h>

struct test_clock {
	uint64_t ns;
};

/* Puts the mock under b (b itself, or the backend a trace wraps) on clock c, which must
 * outlive it. */
void test_clock_install(struct upm_backend *b, struct test_clock *c);
/* Lets ns pass on the test clock of the mock under b: 1, or 0 when that mock runs on the
 * environment's clock (time passes by itself there). */
int test_clock_advance(struct upm_backend *b, uint64_t ns);
/* Advances the test clock by ns, then reports the activity (its traffic) to b. */
void test_clock_activity(struct upm_backend *b, const struct upm_activity *a);

#endif

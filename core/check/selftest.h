/* The PMU self-test (`selftest`, and the first stage of `check`): for every box instance
 * on every socket, with everything it touches restored after,
 *   presence   how the box meets us: present, absent, hidden by the firmware, reading all
 *              ones, faulting, locked (writes do not stick) or dead (does not count)
 *   ctl        the read-write fields of each counter control read back as written
 *   ctr        counters read back as written, where the guide says they are writable
 *   count      each counter counts the box's clock event while enabled
 *   disable    a counter whose enable bit is clear does not count
 *   freeze     a frozen box (or a platform-wide stop) does not count
 *   reset      counters read zero after the box reset (or the zero writes)
 *   wrap       a counter preloaded near its width wraps, and raises its overflow status
 *              where the guide defines one, and the status clears as documented
 * The counting tests run inside a real monitoring session (core/session/session.c), so every
 * platform's own setup sequence applies; between their reads the clock runs for a
 * millisecond (and a model backend is told so). */
#ifndef UPMON_CORE_SELFTEST_H
#define UPMON_CORE_SELFTEST_H

#include "core/session/session.h"
#include "core/check/verdict.h"
#include "core/check/box_class.h"

/* Runs the self-test on every box of the platform's check profile and adds its verdicts.
 * Returns 0, or -1 when it could not run at all (message in err). */
int upm_selftest(struct upm_run *r, struct upm_verdicts *vs, char *err, size_t err_size);

#endif

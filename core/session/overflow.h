/* The overflow walk after a stop, on platforms with an overflow hierarchy
 * (upm_platform.overflow, Xeon E7 2.1.4): global status, then the summaries it points
 * at, then the status of each box instance they point at; each count whose counter
 * overflowed is marked, and the overflow is cleared at the box (2.1.5 b). */
#ifndef UPMON_CORE_OVERFLOW_H
#define UPMON_CORE_OVERFLOW_H

#include "core/session/session.h"

/* After the boxes of `socket` were read in pass `pass`, whose counts start at `base`. */
void upm_overflow_walk(struct upm_session *s, unsigned socket, unsigned pass, unsigned base);

#endif

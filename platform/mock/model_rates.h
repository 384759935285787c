/* What the models' rate functions (mock_rate_fn, platform/mock/pmon.h) share: the cycles
 * of a clock over an interval and the fields of a counter control every Intel uncore
 * box lays out alike (event select 7:0, unit mask 15:8). Short names: the models read
 * as the guides' tables do. */
#ifndef UPMON_PLATFORM_MOCK_MODEL_RATES_H
#define UPMON_PLATFORM_MOCK_MODEL_RATES_H

#include "platform/mock/pmon.h"

/* Cycles of a clock of mhz over the activity's interval. */
static inline uint64_t cycles(const struct upm_activity *a, unsigned mhz)
{
	return a->nanoseconds * mhz / 1000u;
}

/* The cycles the reported traffic took (platform/mock/mock.h, Time): traffic arrives
 * after its time has passed, with no elapsed time of its own, so what it can fill (queue
 * entries, link slots) is bounded by its own interval. */
static inline uint64_t traffic_cycles(const struct mock_box *b, const struct upm_activity *a, unsigned mhz)
{
	return mock_took_ns(b->mock, a) * mhz / 1000u;
}

static inline unsigned ev(uint64_t ctl)
{
	return (unsigned)(ctl & 0xFF);
}

static inline unsigned umask(uint64_t ctl)
{
	return (unsigned)((ctl >> 8) & 0xFF);
}

#endif

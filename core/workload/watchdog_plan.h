/* How long the watchdog is armed for a pass whose work is known beforehand: the pass's
 * planned length on a deliberately slow machine, plus the usual margin, never less than
 * the margin alone. Pure arithmetic, so that it is tested without a watchdog. */
#ifndef UPMON_CORE_WORKLOAD_WATCHDOG_PLAN_H
#define UPMON_CORE_WORKLOAD_WATCHDOG_PLAN_H

#include <stdint.h>

/* The slowest a kernel is assumed to move its working set: 100 MB/s, ten times below one
 * thread's memory bandwidth on the oldest supported processors, so a slow machine or a
 * loaded one is not reset as hung. */
#define UPM_PLAN_FLOOR_BYTES_PER_S 100000000ull
/* And the slowest an iteration is assumed to take whatever its size: 10 us, for kernels
 * that move little per iteration (pingpong's round trips between processors). */
#define UPM_PLAN_FLOOR_NS_PER_ITERATION 10000ull

/* A kernel pass's planned length in nanoseconds at those floors: size x iterations over
 * the bandwidth floor, or iterations x the per-iteration floor, whichever is longer;
 * saturates at UINT64_MAX. 0 when nothing is planned. */
uint64_t upm_plan_kernel_ns(uint64_t size_bytes, uint64_t iterations);
/* The watchdog's seconds for a pass planned to take planned_ns (0: unknown): its whole
 * seconds rounded up plus UPM_WATCHDOG_MARGIN_S, never below the margin, saturating at
 * 0xFFFFFFFF. */
unsigned upm_plan_watchdog_s(uint64_t planned_ns);

#endif

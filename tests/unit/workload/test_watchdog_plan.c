/* The watchdog's length for a planned pass (core/workload/watchdog_plan.c): numbers worked
 * by hand from the floors (100 MB/s, 10 us per iteration) and the 600 s margin. */
#include "tests/unit/test.h"
#include "core/workload/watchdog_plan.h"
#include "platform/base/os.h"
#include <stdint.h>

TEST(watchdog_plan_kernel_length_at_the_floors)
{
	CHECK(upm_plan_kernel_ns(0, 5) == 0);
	CHECK(upm_plan_kernel_ns(1 << 20, 0) == 0);
	/* 1 GB x 10 at 100 MB/s: 100 s. */
	CHECK(upm_plan_kernel_ns(1000000000ull, 10) == 100000000000ull);
	/* 64 MiB x 3 = 201,326,592 bytes: 2.01326592 s. */
	CHECK(upm_plan_kernel_ns(64ull << 20, 3) == 2013265920ull);
	/* 1 byte: 10 ns, rounded up; but one iteration is at least 10 us. */
	CHECK(upm_plan_kernel_ns(1, 1) == 10000ull);
	/* pingpong-like: a line, a million round trips: 10 s by the per-iteration floor. */
	CHECK(upm_plan_kernel_ns(64, 1000000ull) == 10000000000ull);
	/* Saturates instead of wrapping. */
	CHECK(upm_plan_kernel_ns(UINT64_MAX / 2, 3) == UINT64_MAX);
	CHECK(upm_plan_kernel_ns(1ull << 62, 2) == UINT64_MAX);
}

TEST(watchdog_plan_seconds_never_below_the_margin)
{
	CHECK(UPM_WATCHDOG_MARGIN_S == 600u);
	CHECK(upm_plan_watchdog_s(0) == 600u);           /* unknown: the margin as before */
	CHECK(upm_plan_watchdog_s(1) == 601u);           /* a part of a second counts whole */
	CHECK(upm_plan_watchdog_s(1000000000ull) == 601u);
	CHECK(upm_plan_watchdog_s(1000000001ull) == 602u);
	/* 1 GB x 10 planned at 100 s: armed for 700 s. */
	CHECK(upm_plan_watchdog_s(upm_plan_kernel_ns(1000000000ull, 10)) == 700u);
	/* A day: 86,400 + 600. */
	CHECK(upm_plan_watchdog_s(86400ull * 1000000000ull) == 87000u);
	CHECK(upm_plan_watchdog_s(UINT64_MAX) == 0xFFFFFFFFu);
}

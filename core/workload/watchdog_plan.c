/* The watchdog's length for a planned pass (watchdog_plan.h). */
#include "core/workload/watchdog_plan.h"
#include "platform/base/os.h"

uint64_t upm_plan_kernel_ns(uint64_t size_bytes, uint64_t iterations)
{
	if (!size_bytes || !iterations)
		return 0;
	/* bytes x iterations / (bytes per ns), in 128 bits' worth of care: split the product. */
	const uint64_t ns_per_s = 1000000000ull;
	if (size_bytes > UINT64_MAX / iterations)
		return UINT64_MAX;
	uint64_t bytes = size_bytes * iterations;
	uint64_t whole_s = bytes / UPM_PLAN_FLOOR_BYTES_PER_S;
	uint64_t rest = bytes % UPM_PLAN_FLOOR_BYTES_PER_S; /* < 1e8: rest x 1e9 fits */
	if (whole_s > UINT64_MAX / ns_per_s)
		return UINT64_MAX;
	uint64_t moving = whole_s * ns_per_s + (rest * ns_per_s + UPM_PLAN_FLOOR_BYTES_PER_S - 1) /
						       UPM_PLAN_FLOOR_BYTES_PER_S;
	uint64_t turning = iterations > UINT64_MAX / UPM_PLAN_FLOOR_NS_PER_ITERATION
				   ? UINT64_MAX : iterations * UPM_PLAN_FLOOR_NS_PER_ITERATION;
	return moving > turning ? moving : turning;
}

unsigned upm_plan_watchdog_s(uint64_t planned_ns)
{
	uint64_t s = planned_ns / 1000000000ull + (planned_ns % 1000000000ull != 0);
	if (s >= 0xFFFFFFFFull - UPM_WATCHDOG_MARGIN_S)
		return 0xFFFFFFFFu;
	return (unsigned)s + UPM_WATCHDOG_MARGIN_S;
}

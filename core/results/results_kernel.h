/* The pairing of a kernel's counts with its idle baseline's (record_kernel.c). */
#ifndef UPMON_CORE_RESULTS_KERNEL_H
#define UPMON_CORE_RESULTS_KERNEL_H

#include "core/metrics/metrics.h"
#include "core/workload/workload.h"

/* The baseline's count for a count of the kernel's session; NULL when it has none. */
const struct upm_count *upm_baseline_of(const struct upm_session *s, const struct upm_session *base,
					unsigned i);

#endif

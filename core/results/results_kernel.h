/* One kernel run as results.json carries it, and the pairing of a kernel's counts with
 * its idle baseline's. */
#ifndef UPMON_CORE_RESULTS_KERNEL_H
#define UPMON_CORE_RESULTS_KERNEL_H

#include "core/metrics/metrics.h"
#include "core/workload/workload.h"

/* One kernel run (one pass) as results.json carries it: the kernel's own accounting
 * and, beside it, the counts with and without the baseline and the metrics derived
 * from them. s and base are the kernel's and the baseline's sessions (the same specs,
 * so the same counts in the same order); metrics are over this pass's counts. */
void upm_kernel_run_json(const struct upm_session *s, const struct upm_session *base, unsigned pass,
			 const struct upm_workload_result *res, uint64_t baseline_ns, struct upm_buf *out);
/* The baseline's count for a count of the kernel's session; NULL when it has none. */
const struct upm_count *upm_baseline_of(const struct upm_session *s, const struct upm_session *base,
					unsigned i);

#endif

/* What the workload's files share (workload_state.h): an error said once, sizes said for
 * people. Below workload.c, workload_plan.c and workload_threads.c. */
#include "core/workload/workload_state.h"
#include "platform/base/os.h"
#include "platform/base/human.h"
#include <stdarg.h>

int upm_wl_fail(char *err, size_t size, int status, const char *fmt, ...)
{
	if (err && size) {
		va_list ap;
		va_start(ap, fmt);
		upm_vsnprintf(err, size, fmt, ap);
		va_end(ap);
	}
	return status;
}

void upm_wl_human_bytes(char *buf, size_t size, uint64_t bytes)
{
	static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
	unsigned u = 0;
	double v = (double)bytes;
	while (v >= 1024.0 && u + 1 < UPM_ARRAY_LEN(unit)) {
		v /= 1024.0;
		u++;
	}
	char num[32];
	upm_format_double(num, sizeof num, v, u ? 1 : 0);
	upm_snprintf(buf, size, "%s %s", num, unit[u]);
}

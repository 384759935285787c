#include "platform/base/abort.h"
#include "platform/base/os.h"

/* Short enough that ESC feels immediate, long enough that polling costs nothing. */
#define UPM_ABORT_SLICE_NS 20000000ull

static volatile int aborted;

int upm_abort_check(void)
{
	if (!aborted && upm_os_abort_requested())
		aborted = 1;
	return aborted;
}

int upm_abort_sleep(uint64_t ns)
{
	uint64_t start = upm_os_nanoseconds();
	for (;;) {
		if (upm_abort_check())
			return 1;
		uint64_t done = upm_os_nanoseconds() - start;
		if (done >= ns)
			return 0;
		uint64_t left = ns - done;
		upm_os_sleep_ns(left < UPM_ABORT_SLICE_NS ? left : UPM_ABORT_SLICE_NS);
	}
}

void upm_abort_request(void)
{
	aborted = 1;
}

void upm_abort_reset(void)
{
	aborted = 0;
}

/* This host's CPUID for the tests (host_cpuid.h). */
#include "tests/unit/host_cpuid.h"
#include <cpuid.h>
#include <stddef.h>

uint32_t host_leaf7_ebx(void)
{
	unsigned a, b, c, d;
	if (__get_cpuid_max(0, NULL) < 7)
		return 0;
	__cpuid_count(7, 0, a, b, c, d);
	return b;
}

enum upm_kernel_flush host_flush(void)
{
	return (host_leaf7_ebx() >> 23) & 1 ? UPM_KERNEL_FLUSH_CLFLUSHOPT : UPM_KERNEL_FLUSH_CLFLUSH;
}

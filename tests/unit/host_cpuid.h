/* This host's CPUID, read with the compiler's <cpuid.h>: what the tests compare the
 * kernels' own probes (kernels/writeback.S) with. */
#ifndef UPMON_TESTS_UNIT_HOST_CPUID_H
#define UPMON_TESTS_UNIT_HOST_CPUID_H

#include "kernels/kernel.h"
#include <stdint.h>

/* CPUID.(EAX=07H,ECX=0):EBX, 0 where the highest basic leaf is below 7. */
uint32_t host_leaf7_ebx(void);
/* The write-back's instruction that leaf names (bit 23: CLFLUSHOPT). */
enum upm_kernel_flush host_flush(void);

#endif

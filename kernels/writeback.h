/* The write-back's CLFLUSHOPT and its probe (kernels/writeback.S); CLFLUSH is
 * kernels/sse2.h's. Internal to kernels/: the rest of upmon calls upm_kernel_writeback. */
#ifndef UPMON_KERNELS_WRITEBACK_H
#define UPMON_KERNELS_WRITEBACK_H

#include <stdint.h>

/* CPUID.(EAX=07H,ECX=0):EBX bit 23: CLFLUSHOPT. */
#define UPM_KERNEL_LEAF7_EBX_CLFLUSHOPT (1u << 23)

/* CPUID.(EAX=07H,ECX=0):EBX of the calling processor, 0 where leaf 7 is above its
 * highest basic leaf. */
uint32_t upm_kl_leaf7_ebx(void);
/* CLFLUSHOPT every line, then MFENCE: only where the calling processor has it. */
void upm_kl_clflushopt(void *base, uint64_t lines);

#endif

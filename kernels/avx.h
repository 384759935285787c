/* The AVX variants' inner loops (kernels/loops_avx.S): the SSE2 loops' patterns
 * (kernels/sse2.h) with 32-byte accesses. Run them only where upm_kernel_isa_probe
 * says AVX is usable on the processor running them. Internal to kernels/. */
#ifndef UPMON_KERNELS_AVX_H
#define UPMON_KERNELS_AVX_H

#include <stdint.h>

/* CPUID.01H:ECX, and XCR0 when CPUID.01H:ECX.OSXSAVE is set (else 0), of the calling
 * processor. */
void upm_kl_avx_state(uint32_t *cpuid1_ecx, uint64_t *xcr0);

/* As upm_kl_read: every byte loaded; the sum of the first two 8-byte words of each line. */
uint64_t upm_kl_read_avx(const void *base, uint64_t lines);
/* value in every 8-byte word: VMOVAPS stores, and VMOVNTDQ then SFENCE. */
void upm_kl_write_avx(void *base, uint64_t lines, uint64_t value);
void upm_kl_ntwrite_avx(void *base, uint64_t lines, uint64_t value);
/* STREAM on doubles, sources first: x1 = x0, x2 = x0 + s*x1. */
void upm_kl_copy_avx(const void *x0, void *x1, uint64_t lines);
void upm_kl_triad_avx(const void *x0, const void *x1, void *x2, uint64_t lines, double s);

#endif

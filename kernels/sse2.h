/* The kernels' inner loops: one pass each, in SSE2 assembly (kernels/loops_sse2.S), the
 * same instructions in the host and the UEFI builds. Arrays 64-byte aligned, `lines`
 * whole 64-byte lines each. Internal to kernels/. */
#ifndef UPMON_KERNELS_SSE2_H
#define UPMON_KERNELS_SSE2_H

#include <stdint.h>

/* Every byte loaded; the sum of the first two 8-byte words of each line. */
uint64_t upm_kl_read(const void *base, uint64_t lines);
/* value in every 8-byte word: MOVAPS stores, and MOVNTDQ then SFENCE. */
void upm_kl_write(void *base, uint64_t lines, uint64_t value);
void upm_kl_ntwrite(void *base, uint64_t lines, uint64_t value);
/* STREAM on doubles, sources first: x1 = x0, x1 = s*x0, x2 = x0 + x1, x2 = x0 + s*x1. */
void upm_kl_copy(const void *x0, void *x1, uint64_t lines);
void upm_kl_scale(const void *x0, void *x1, uint64_t lines, double s);
void upm_kl_add(const void *x0, const void *x1, void *x2, uint64_t lines);
void upm_kl_triad(const void *x0, const void *x1, void *x2, uint64_t lines, double s);
/* Follows `loads` links (each the first 8 bytes of where it points) from p. */
void *upm_kl_chase(void *p, uint64_t loads);
/* Sum of word 0 of every line. */
uint64_t upm_kl_line_loads(const void *base, uint64_t lines);
/* CLFLUSH every line, then MFENCE. */
void upm_kl_clflush(void *base, uint64_t lines);

#endif

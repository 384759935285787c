/* read (and llc, the same loop on a smaller buffer) and write: every 8-byte word of the
 * region, in address order, so the hardware prefetchers stream it. Their setup and
 * accounting; the passes are kernels/passes.c's over the loops of kernels/loops_sse2.S
 * (read: four loads a line, one of them added to a sum, so that few instructions wait
 * on a missing line; the reason is beside the loop) and loops_avx.S. */
#include "kernels/loops.h"

#define WORDS_PER_LINE (UPM_KERNEL_LINE / sizeof(uint64_t))

void upm_kernel_read_prepare(const struct upm_kernel_region *r)
{
	uint64_t *w = (uint64_t *)r->base;
	uint64_t n = r->lines * WORDS_PER_LINE;
	for (uint64_t i = 0; i < n; i++)
		w[i] = i;
}

void upm_kernel_read_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p)
{
	uint64_t bytes = r->lines * UPM_KERNEL_LINE;
	p->bytes_read = bytes;
	p->bus_bytes = bytes;
	p->lines_touched = r->lines;
	p->loads = r->lines * WORDS_PER_LINE;
}

void upm_kernel_write_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p)
{
	uint64_t bytes = r->lines * UPM_KERNEL_LINE;
	p->bytes_written = bytes;
	/* Each line is read for ownership before the stores fill it, then written back. */
	p->bus_bytes = 2 * bytes;
	p->lines_touched = r->lines;
}

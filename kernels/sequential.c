/* read (and llc, the same loop on a smaller buffer) and write: every 8-byte word of the
 * region, in address order, so the hardware prefetchers stream it. The passes' loops
 * are kernels/loops_sse2.S (read: four loads a line, one of them added to a sum, so
 * that few instructions wait on a missing line; the reason is beside the loop). */
#include "kernels/loops.h"
#include "kernels/sse2.h"

#define WORDS_PER_LINE (UPM_KERNEL_LINE / sizeof(uint64_t))

void upm_kernel_read_prepare(const struct upm_kernel_region *r)
{
	uint64_t *w = (uint64_t *)r->base;
	uint64_t n = r->lines * WORDS_PER_LINE;
	for (uint64_t i = 0; i < n; i++)
		w[i] = i;
}

double upm_kernel_read_body(const struct upm_kernel_region *r, uint64_t iterations)
{
	uint64_t total = 0;
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++)
		total += upm_kl_read(r->base, r->lines);
	return (double)total;
}

void upm_kernel_read_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p)
{
	uint64_t bytes = r->lines * UPM_KERNEL_LINE;
	p->bytes_read = bytes;
	p->bus_bytes = bytes;
	p->lines_touched = r->lines;
	p->loads = r->lines * WORDS_PER_LINE;
}

double upm_kernel_write_body(const struct upm_kernel_region *r, uint64_t iterations)
{
	const uint64_t *w = (const uint64_t *)r->base;
	uint64_t n = r->lines * WORDS_PER_LINE;
	/* The pass number, so the buffer shows that the last pass ran. */
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++)
		upm_kl_write(r->base, r->lines, it + 1);
	return (double)(w[0] + w[n - 1]);
}

void upm_kernel_write_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p)
{
	uint64_t bytes = r->lines * UPM_KERNEL_LINE;
	p->bytes_written = bytes;
	/* Each line is read for ownership before the stores fill it, then written back. */
	p->bus_bytes = 2 * bytes;
	p->lines_touched = r->lines;
}

/* read (and llc, the same loop on a smaller buffer) and write: every 8-byte word of the
 * region, in address order, so the hardware prefetchers stream it. */
#include "kernels/loops.h"

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
	const uint64_t *w = (const uint64_t *)r->base;
	uint64_t total = 0;
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++) {
		/* Eight independent integer sums, one per word of the line: a single running
		 * sum would make every load wait for the previous add, and integer adds need
		 * no reassociation licence to be vectorised. */
		uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
		for (uint64_t l = 0; l < r->lines; l++) {
			const uint64_t *q = w + l * WORDS_PER_LINE;
			s0 += q[0];
			s1 += q[1];
			s2 += q[2];
			s3 += q[3];
			s4 += q[4];
			s5 += q[5];
			s6 += q[6];
			s7 += q[7];
		}
		total += s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
		UPM_KERNEL_BARRIER();
	}
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
	uint64_t *w = (uint64_t *)r->base;
	uint64_t n = r->lines * WORDS_PER_LINE;
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++) {
		/* The pass number, so the buffer shows that the last pass ran. */
		uint64_t v = it + 1;
		for (uint64_t i = 0; i < n; i++)
			w[i] = v;
		UPM_KERNEL_BARRIER();
	}
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

/* ntwrite: `write`'s stores as MOVNTDQ (kernels/loops_sse2.S). Four 16-byte
 * non-temporal stores fill a line in a write-combining buffer, which goes to memory as
 * one full-line write with no read-for-ownership; SFENCE at the end of each pass drains
 * the buffers so the pass's time includes its writes and the stores are globally
 * visible before anything else. */
#include "kernels/loops.h"
#include "kernels/sse2.h"

double upm_kernel_ntwrite_body(const struct upm_kernel_region *r, uint64_t iterations)
{
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++)
		upm_kl_ntwrite(r->base, r->lines, it + 1);
	const uint64_t *w = (const uint64_t *)r->base;
	uint64_t last = r->lines * (UPM_KERNEL_LINE / sizeof(uint64_t)) - 1;
	return (double)(w[0] + w[last]);
}

void upm_kernel_ntwrite_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p)
{
	uint64_t bytes = r->lines * UPM_KERNEL_LINE;
	p->bytes_written = bytes;
	p->bus_bytes = bytes; /* no RFO */
	p->lines_touched = r->lines;
}

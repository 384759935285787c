/* thrash and flush: one 8-byte load per cache line. Word 0 of line i holds i, so the
 * sum shows every line was read. */
#include "kernels/loops.h"
#include "kernels/sse2.h"

static uint64_t *word0(const struct upm_kernel_region *r, uint64_t line)
{
	return (uint64_t *)(r->base + line * UPM_KERNEL_LINE);
}

void upm_kernel_line_stride_prepare(const struct upm_kernel_region *r)
{
	for (uint64_t l = 0; l < r->lines; l++)
		*word0(r, l) = l;
}

/* thrash's passes are kernels/passes.c's sums over upm_kl_line_loads: over 4x the LLC
 * every line has been evicted by the time the next pass comes back to it, so each load
 * is an LLC miss. The lines are clean (setup's writes were flushed), so the evictions
 * write nothing back. */

void upm_kernel_flush_lines(unsigned char *base, uint64_t lines)
{
	upm_kl_clflush(base, lines);
}

double upm_kernel_flush_body(const struct upm_kernel_region *r, uint64_t iterations,
			     union upm_kernel_loop loop)
{
	uint64_t total = 0;
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++) {
		/* The lines are clean (run.c flushed setup's writes): these flushes only
		 * drop them, and every reload below comes from memory. */
		upm_kernel_flush_lines(r->base, r->lines);
		total += loop.sum(r->base, r->lines);
	}
	return (double)total;
}

void upm_kernel_line_stride_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p)
{
	p->bytes_read = r->lines * sizeof(uint64_t);
	p->bus_bytes = r->lines * UPM_KERNEL_LINE;
	p->lines_touched = r->lines;
	p->loads = r->lines;
}

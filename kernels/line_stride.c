/* thrash and flush: one 8-byte load per cache line. Word 0 of line i holds i, so the
 * sum shows every line was read. */
#include "kernels/loops.h"

static uint64_t *word0(const struct upm_kernel_region *r, uint64_t line)
{
	return (uint64_t *)(r->base + line * UPM_KERNEL_LINE);
}

void upm_kernel_line_stride_prepare(const struct upm_kernel_region *r)
{
	for (uint64_t l = 0; l < r->lines; l++)
		*word0(r, l) = l;
}

static uint64_t sum_lines(const struct upm_kernel_region *r)
{
	uint64_t s = 0;
	for (uint64_t l = 0; l < r->lines; l++)
		s += *word0(r, l);
	return s;
}

/* thrash: over 4x the LLC every line has been evicted by the time the next pass comes
 * back to it, so each load is an LLC miss. The lines are clean (setup's writes were
 * flushed), so the evictions write nothing back. */
double upm_kernel_thrash_body(const struct upm_kernel_region *r, uint64_t iterations)
{
	uint64_t total = 0;
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++) {
		total += sum_lines(r);
		UPM_KERNEL_BARRIER();
	}
	return (double)total;
}

void upm_kernel_flush_lines(unsigned char *base, uint64_t lines)
{
	for (uint64_t l = 0; l < lines; l++) {
		volatile unsigned char *line = base + l * UPM_KERNEL_LINE;
		__asm__ __volatile__("clflush %0" : "+m"(*line));
	}
	/* CLFLUSH is not ordered with later loads: without the fence a reload could be
	 * served from the line before the flush completes. */
	__asm__ __volatile__("mfence" ::: "memory");
}

double upm_kernel_flush_body(const struct upm_kernel_region *r, uint64_t iterations)
{
	uint64_t total = 0;
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++) {
		/* The lines are clean (run.c flushed setup's writes): these flushes only
		 * drop them, and every reload below comes from memory. */
		upm_kernel_flush_lines(r->base, r->lines);
		total += sum_lines(r);
		UPM_KERNEL_BARRIER();
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

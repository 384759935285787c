/* STREAM's four kernels on doubles (McCalpin's definitions; the arrays are renamed so
 * the sources come first): copy x1 = x0, scale x1 = s*x0, add x2 = x0 + x1, triad
 * x2 = x0 + s*x1. Accounting follows STREAM: each array once per pass, no
 * write-allocate; bus_bytes adds the RFO on the destination. */
#include "kernels/loops.h"

#define DOUBLES_PER_LINE (UPM_KERNEL_LINE / sizeof(double))

static double *array(const struct upm_kernel_region *r, unsigned k)
{
	return (double *)upm_kernel_array(r, k);
}

/* Values exact in a double whose sums and products by 3 stay exact, and that differ
 * from element to element so a misplaced index shows. */
void upm_kernel_stream_prepare(const struct upm_kernel_region *r)
{
	uint64_t n = r->lines * DOUBLES_PER_LINE;
	double *x0 = array(r, 0), *x1 = array(r, 1);
	for (uint64_t i = 0; i < n; i++) {
		x0[i] = 1.0 + (double)(i % 1024);
		x1[i] = 2.0 + (double)(i % 512) * 0.5;
	}
	if (r->arrays > 2) {
		double *x2 = array(r, 2);
		for (uint64_t i = 0; i < n; i++)
			x2[i] = 0.0;
	}
}

/* The passes are kernels/passes.c's over the loops of kernels/loops_sse2.S and
 * loops_avx.S (aligned loads and stores, never a library memcpy that might switch to
 * non-temporal stores and spoil the RFO accounting). */
void upm_kernel_two_array_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p)
{
	uint64_t bytes = r->lines * UPM_KERNEL_LINE;
	p->bytes_read = bytes;
	p->bytes_written = bytes;
	p->bus_bytes = 3 * bytes; /* source, destination's RFO, destination's writeback */
	p->lines_touched = 2 * r->lines;
	p->loads = r->lines * DOUBLES_PER_LINE;
}

void upm_kernel_three_array_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p)
{
	uint64_t bytes = r->lines * UPM_KERNEL_LINE;
	p->bytes_read = 2 * bytes;
	p->bytes_written = bytes;
	p->bus_bytes = 4 * bytes; /* two sources, destination's RFO and writeback */
	p->lines_touched = 3 * r->lines;
	p->loads = 2 * r->lines * DOUBLES_PER_LINE;
}

/* The timed part of every kernel but chase and flush: `iterations` passes of the
 * kernel's loop (kernels/loops_sse2.S, loops_avx.S), the user's stop asked between two
 * passes, never inside one; each returns a check value that depends on the last pass
 * (kernel.h, "check"). One body per loop shape, so a kernel and its AVX variant are
 * the same body with another loop. */
#include "kernels/loops.h"

#define WORDS_PER_LINE (UPM_KERNEL_LINE / sizeof(uint64_t))
#define DOUBLES_PER_LINE (UPM_KERNEL_LINE / sizeof(double))

static double *array(const struct upm_kernel_region *r, unsigned k)
{
	return (double *)upm_kernel_array(r, k);
}

/* The destination's ends: cheap, and they depend on the last pass. */
static double ends(const double *dst, uint64_t lines)
{
	return dst[0] + dst[lines * DOUBLES_PER_LINE - 1];
}

/* read, llc, thrash: the sums of every pass. */
double upm_kernel_sum_body(const struct upm_kernel_region *r, uint64_t iterations,
			   union upm_kernel_loop loop)
{
	uint64_t total = 0;
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++)
		total += loop.sum(r->base, r->lines);
	return (double)total;
}

/* write, ntwrite: the pass number (1, 2, ...) in every word, so the buffer shows that
 * the last pass ran. */
double upm_kernel_store_body(const struct upm_kernel_region *r, uint64_t iterations,
			     union upm_kernel_loop loop)
{
	const uint64_t *w = (const uint64_t *)r->base;
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++)
		loop.store(r->base, r->lines, it + 1);
	return (double)(w[0] + w[r->lines * WORDS_PER_LINE - 1]);
}

/* STREAM's kernels, sources first: x1 = x0, x1 = s*x0, x2 = x0 + x1, x2 = x0 + s*x1. */
double upm_kernel_copy_body(const struct upm_kernel_region *r, uint64_t iterations,
			    union upm_kernel_loop loop)
{
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++)
		loop.copy(array(r, 0), array(r, 1), r->lines);
	return ends(array(r, 1), r->lines);
}

double upm_kernel_scale_body(const struct upm_kernel_region *r, uint64_t iterations,
			     union upm_kernel_loop loop)
{
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++)
		loop.scale(array(r, 0), array(r, 1), r->lines, UPM_KERNEL_SCALAR);
	return ends(array(r, 1), r->lines);
}

double upm_kernel_add_body(const struct upm_kernel_region *r, uint64_t iterations,
			   union upm_kernel_loop loop)
{
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++)
		loop.add(array(r, 0), array(r, 1), array(r, 2), r->lines);
	return ends(array(r, 2), r->lines);
}

double upm_kernel_triad_body(const struct upm_kernel_region *r, uint64_t iterations,
			     union upm_kernel_loop loop)
{
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++)
		loop.triad(array(r, 0), array(r, 1), array(r, 2), r->lines, UPM_KERNEL_SCALAR);
	return ends(array(r, 2), r->lines);
}

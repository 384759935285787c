/* chase: load-to-use latency. Word 0 of every line points at the next line of one
 * random cycle through all of them, so each load's address comes from the previous
 * load and neither out-of-order execution nor the stride prefetchers can run ahead.
 * The walk is kernels/loops_sse2.S's: eight dependent loads per loop iteration. */
#include "kernels/loops.h"

/* Marsaglia's xorshift64: deterministic, no libc, and plenty for shuffling. */
static uint64_t xorshift64(uint64_t *state)
{
	uint64_t x = *state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

static unsigned char **link_of(const struct upm_kernel_region *r, uint64_t line)
{
	return (unsigned char **)(r->base + line * UPM_KERNEL_LINE);
}

/* Sattolo's algorithm: like Fisher-Yates but j < i strictly, which yields a uniformly
 * random permutation with exactly one cycle, so one walk visits every line once. The
 * links hold addresses rather than indices so the timed loop is a bare load chain. */
void upm_kernel_chase_prepare(const struct upm_kernel_region *r)
{
	uint64_t state = UPM_KERNEL_CHASE_SEED;
	for (uint64_t i = 0; i < r->lines; i++)
		*link_of(r, i) = r->base + i * UPM_KERNEL_LINE;
	for (uint64_t i = r->lines - 1; i > 0; i--) {
		/* The modulo bias is below 2^-20 for any buffer that fits in memory. */
		uint64_t j = xorshift64(&state) % i;
		unsigned char *t = *link_of(r, i);
		*link_of(r, i) = *link_of(r, j);
		*link_of(r, j) = t;
	}
}

double upm_kernel_chase_body(const struct upm_kernel_region *r, uint64_t iterations,
			     union upm_kernel_loop loop)
{
	void *p = r->base;
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++)
		p = loop.chase(p, r->lines);
	/* A full turn per pass ends where it started: line 0. */
	return (double)(((const unsigned char *)p - r->base) / UPM_KERNEL_LINE);
}

void upm_kernel_chase_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p)
{
	p->bytes_read = r->lines * sizeof(void *);
	p->bus_bytes = r->lines * UPM_KERNEL_LINE;
	p->lines_touched = r->lines;
	p->loads = r->lines;
}

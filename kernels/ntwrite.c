/* ntwrite: `write`'s stores as MOVNTDQ. Four 16-byte non-temporal stores fill a line in
 * a write-combining buffer, which goes to memory as one full-line write with no
 * read-for-ownership; SFENCE at the end of each pass drains the buffers so the pass's
 * time includes its writes and the stores are globally visible before anything else. */
#include "kernels/loops.h"

typedef long long upm_v2di __attribute__((vector_size(16)));

static inline void stream_store(unsigned char *p, upm_v2di v)
{
	/* The "=m" operand tells the compiler the 16 bytes are written. */
	__asm__ __volatile__("movntdq %1, %0" : "=m"(*(upm_v2di *)p) : "x"(v));
}

double upm_kernel_ntwrite_body(const struct upm_kernel_region *r, uint64_t iterations)
{
	for (uint64_t it = 0; upm_kernel_more(r, it, iterations); it++) {
		long long v = (long long)(it + 1);
		upm_v2di pair = { v, v };
		unsigned char *p = r->base;
		for (uint64_t l = 0; l < r->lines; l++, p += UPM_KERNEL_LINE) {
			stream_store(p, pair);
			stream_store(p + 16, pair);
			stream_store(p + 32, pair);
			stream_store(p + 48, pair);
		}
		__asm__ __volatile__("sfence" ::: "memory");
	}
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

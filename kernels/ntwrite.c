/* ntwrite's accounting: `write`'s stores as MOVNTDQ (kernels/loops_sse2.S; VMOVNTDQ in
 * loops_avx.S). Non-temporal stores that fill a line in a write-combining buffer go to
 * memory as one full-line write with no read-for-ownership; SFENCE at the end of each
 * pass drains the buffers so the pass's time includes its writes and the stores are
 * globally visible before anything else. */
#include "kernels/loops.h"

void upm_kernel_ntwrite_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p)
{
	uint64_t bytes = r->lines * UPM_KERNEL_LINE;
	p->bytes_written = bytes;
	p->bus_bytes = bytes; /* no RFO */
	p->lines_touched = r->lines;
}

/* The kernel table: names, what they do, their geometry, their bodies and loops. */
#include "kernels/loops.h"
#include "kernels/sse2.h"
#include "kernels/avx.h"
#include "platform/base/str.h"

#define DRAM UPM_KERNEL_IN_DRAM
#define AVX UPM_KERNEL_ISA_AVX

const struct upm_kernel_desc upm_kernels[] = {
	{ "read", "sequential loads of every line, one word pair a line summed", DRAM, 1, 1,
	  upm_kernel_read_prepare, upm_kernel_sum_body, upm_kernel_read_pass, .loop.sum = upm_kl_read },
	/* The store kernels need no initial values, but the setup touches every page so
	 * first-touch costs (page faults on the host) stay out of the timing. */
	{ "write", "sequential 8-byte stores (RFO on every line)", DRAM, 1, 1,
	  upm_kernel_line_stride_prepare, upm_kernel_store_body, upm_kernel_write_pass,
	  .loop.store = upm_kl_write },
	{ "ntwrite", "non-temporal MOVNTDQ stores, no RFO", DRAM, 1, 1,
	  upm_kernel_line_stride_prepare, upm_kernel_store_body, upm_kernel_ntwrite_pass,
	  .loop.store = upm_kl_ntwrite },
	{ "copy", "STREAM copy on doubles", DRAM, 2, 1,
	  upm_kernel_stream_prepare, upm_kernel_copy_body, upm_kernel_two_array_pass,
	  .loop.copy = upm_kl_copy },
	{ "scale", "STREAM scale on doubles", DRAM, 2, 1,
	  upm_kernel_stream_prepare, upm_kernel_scale_body, upm_kernel_two_array_pass,
	  .loop.scale = upm_kl_scale },
	{ "add", "STREAM add on doubles", DRAM, 3, 1,
	  upm_kernel_stream_prepare, upm_kernel_add_body, upm_kernel_three_array_pass,
	  .loop.add = upm_kl_add },
	{ "triad", "STREAM triad on doubles", DRAM, 3, 1,
	  upm_kernel_stream_prepare, upm_kernel_triad_body, upm_kernel_three_array_pass,
	  .loop.triad = upm_kl_triad },
	/* Two lines at least: a one-line cycle points at itself and measures nothing. */
	{ "chase", "dependent loads around a random cycle of cache lines", DRAM, 1, 2,
	  upm_kernel_chase_prepare, upm_kernel_chase_body, upm_kernel_chase_pass,
	  .loop.chase = upm_kl_chase },
	{ "llc", "sequential loads over half the LLC, repeated", UPM_KERNEL_IN_LLC, 1, 1,
	  upm_kernel_read_prepare, upm_kernel_sum_body, upm_kernel_read_pass, .loop.sum = upm_kl_read },
	{ "thrash", "one load per cache line over 4x the LLC", UPM_KERNEL_OVER_LLC, 1, 1,
	  upm_kernel_line_stride_prepare, upm_kernel_sum_body, upm_kernel_line_stride_pass,
	  .loop.sum = upm_kl_line_loads },
	{ "flush", "CLFLUSH every line, then reload it from memory", DRAM, 1, 1,
	  upm_kernel_line_stride_prepare, upm_kernel_flush_body, upm_kernel_line_stride_pass,
	  .loop.sum = upm_kl_line_loads },
	/* The AVX variants: their twins' setup, bodies and accounting, 32-byte accesses. */
	{ "read_avx", "read with 32-byte AVX loads", DRAM, 1, 1,
	  upm_kernel_read_prepare, upm_kernel_sum_body, upm_kernel_read_pass,
	  .loop.sum = upm_kl_read_avx, .isa = AVX, .twin = "read" },
	{ "write_avx", "write with 32-byte AVX stores", DRAM, 1, 1,
	  upm_kernel_line_stride_prepare, upm_kernel_store_body, upm_kernel_write_pass,
	  .loop.store = upm_kl_write_avx, .isa = AVX, .twin = "write" },
	{ "ntwrite_avx", "ntwrite with 32-byte VMOVNTDQ stores", DRAM, 1, 1,
	  upm_kernel_line_stride_prepare, upm_kernel_store_body, upm_kernel_ntwrite_pass,
	  .loop.store = upm_kl_ntwrite_avx, .isa = AVX, .twin = "ntwrite" },
	{ "copy_avx", "copy with 32-byte AVX loads and stores", DRAM, 2, 1,
	  upm_kernel_stream_prepare, upm_kernel_copy_body, upm_kernel_two_array_pass,
	  .loop.copy = upm_kl_copy_avx, .isa = AVX, .twin = "copy" },
	{ "triad_avx", "triad with 32-byte AVX operations", DRAM, 3, 1,
	  upm_kernel_stream_prepare, upm_kernel_triad_body, upm_kernel_three_array_pass,
	  .loop.triad = upm_kl_triad_avx, .isa = AVX, .twin = "triad" },
};

const unsigned upm_kernel_count = UPM_ARRAY_LEN(upm_kernels);

const struct upm_kernel_desc *upm_kernel_find(const char *name)
{
	if (!name)
		return 0;
	for (unsigned i = 0; i < upm_kernel_count; i++)
		if (upm_strcasecmp(upm_kernels[i].name, name) == 0)
			return &upm_kernels[i];
	return 0;
}

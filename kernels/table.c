/* The kernel table: names, what they do, their geometry and their loops. */
#include "kernels/loops.h"
#include "core/base/str.h"

const struct upm_kernel_desc upm_kernels[] = {
	{ "read", "sequential loads of every line, one word pair a line summed", UPM_KERNEL_IN_DRAM, 1, 1,
	  upm_kernel_read_prepare, upm_kernel_read_body, upm_kernel_read_pass },
	/* The store kernels need no initial values, but the setup touches every page so
	 * first-touch costs (page faults on the host) stay out of the timing. */
	{ "write", "sequential 8-byte stores (RFO on every line)", UPM_KERNEL_IN_DRAM, 1, 1,
	  upm_kernel_line_stride_prepare, upm_kernel_write_body, upm_kernel_write_pass },
	{ "ntwrite", "non-temporal MOVNTDQ stores, no RFO", UPM_KERNEL_IN_DRAM, 1, 1,
	  upm_kernel_line_stride_prepare, upm_kernel_ntwrite_body, upm_kernel_ntwrite_pass },
	{ "copy", "STREAM copy on doubles", UPM_KERNEL_IN_DRAM, 2, 1,
	  upm_kernel_stream_prepare, upm_kernel_copy_body, upm_kernel_two_array_pass },
	{ "scale", "STREAM scale on doubles", UPM_KERNEL_IN_DRAM, 2, 1,
	  upm_kernel_stream_prepare, upm_kernel_scale_body, upm_kernel_two_array_pass },
	{ "add", "STREAM add on doubles", UPM_KERNEL_IN_DRAM, 3, 1,
	  upm_kernel_stream_prepare, upm_kernel_add_body, upm_kernel_three_array_pass },
	{ "triad", "STREAM triad on doubles", UPM_KERNEL_IN_DRAM, 3, 1,
	  upm_kernel_stream_prepare, upm_kernel_triad_body, upm_kernel_three_array_pass },
	/* Two lines at least: a one-line cycle points at itself and measures nothing. */
	{ "chase", "dependent loads around a random cycle of cache lines", UPM_KERNEL_IN_DRAM, 1, 2,
	  upm_kernel_chase_prepare, upm_kernel_chase_body, upm_kernel_chase_pass },
	{ "llc", "sequential loads over half the LLC, repeated", UPM_KERNEL_IN_LLC, 1, 1,
	  upm_kernel_read_prepare, upm_kernel_read_body, upm_kernel_read_pass },
	{ "thrash", "one load per cache line over 4x the LLC", UPM_KERNEL_OVER_LLC, 1, 1,
	  upm_kernel_line_stride_prepare, upm_kernel_thrash_body, upm_kernel_line_stride_pass },
	{ "flush", "CLFLUSH every line, then reload it from memory", UPM_KERNEL_IN_DRAM, 1, 1,
	  upm_kernel_line_stride_prepare, upm_kernel_flush_body, upm_kernel_line_stride_pass },
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

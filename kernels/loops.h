/* The kernels' loops, shared between the table (table.c) and their files. Internal to
 * kernels/. */
#ifndef UPMON_KERNELS_LOOPS_H
#define UPMON_KERNELS_LOOPS_H

#include "kernels/kernel.h"

#if !defined(__x86_64__)
#error "the stress kernels are x86_64 assembly (kernels/loops_sse2.S, loops_avx.S)"
#endif

/* The loops' pass condition: records the passes done, then whether another may run. */
static inline int upm_kernel_more(const struct upm_kernel_region *r, uint64_t done, uint64_t iterations)
{
	if (r->passes_done)
		*r->passes_done = done;
	return done < iterations && !(r->stop && r->stop(r->stop_ctx));
}

static inline unsigned char *upm_kernel_array(const struct upm_kernel_region *r, unsigned k)
{
	return r->base + (uint64_t)k * r->lines * UPM_KERNEL_LINE;
}

/* passes.c: the bodies of the kernels of one loop shape (union upm_kernel_loop). */
upm_kernel_body_fn upm_kernel_sum_body, upm_kernel_store_body, upm_kernel_copy_body,
	upm_kernel_scale_body, upm_kernel_add_body, upm_kernel_triad_body;

/* sequential.c */
void upm_kernel_read_prepare(const struct upm_kernel_region *r);
void upm_kernel_read_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p);
void upm_kernel_write_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p);

/* ntwrite.c */
void upm_kernel_ntwrite_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p);

/* stream.c */
void upm_kernel_stream_prepare(const struct upm_kernel_region *r);
void upm_kernel_two_array_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p);
void upm_kernel_three_array_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p);

/* chase.c */
void upm_kernel_chase_prepare(const struct upm_kernel_region *r);
upm_kernel_body_fn upm_kernel_chase_body;
void upm_kernel_chase_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p);

/* line_stride.c */
void upm_kernel_line_stride_prepare(const struct upm_kernel_region *r);
/* CLFLUSH `lines` lines from base, then MFENCE. */
void upm_kernel_flush_lines(unsigned char *base, uint64_t lines);
/* CLFLUSH every line, then the loop's sum reloads them. */
upm_kernel_body_fn upm_kernel_flush_body;
void upm_kernel_line_stride_pass(const struct upm_kernel_region *r, struct upm_kernel_pass *p);

#endif

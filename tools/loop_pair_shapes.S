/* The counterpart loops of tools/loop_pair.c: likwid-bench's non-temporal store tests in
 * their instruction shape, written here so the loop alone can be set beside upmon's on
 * the same pages. The shapes are read from likwid 5.2.2's likwid-bench (Debian 12's
 * build, disassembled: objdump -d /usr/bin/likwid-bench):
 *   store_mem_sse: four MOVNTPD of 16 bytes (one 64-byte line) per iteration, addressed
 *     base + index*8, then ADD $8 to the index, CMP with the element count, JL; no fence.
 *   store_mem_avx: four VMOVNTPD of 32 bytes (two lines) per iteration, ADD $16; no fence.
 *     VZEROUPPER follows the loop here (likwid's has none), so the C around it pays no
 *     transition between AVX and legacy SSE state; it is outside the iterations.
 * Stored values are zero (likwid stores a constant; what is stored does not change a
 * non-temporal store's cost).
 *
 * void upm_lp_store_mem_sse(void *base, uint64_t lines)
 * void upm_lp_store_mem_avx(void *base, uint64_t lines)   lines: even */
	.text
/* One shape: \store of the four registers r0..r3 (zeroed first by \zero r, r, as
 * VXORPS takes three operands and XORPS two: \zero is a macro below) at 0, w, 2w, 3w
 * bytes, the element index stepping \step doubles, then \tail after the loop. */
.macro NT_SHAPE name, zero, store, r0, r1, r2, r3, w, step, tail=
	.p2align 5
	.globl \name
	.type \name, @function
\name:
	\zero \r0
	\zero \r1
	\zero \r2
	\zero \r3
	lea (,%rsi,8), %rcx
	xor %rax, %rax
	.p2align 5
1:	\store \r0, (%rdi,%rax,8)
	\store \r1, \w(%rdi,%rax,8)
	\store \r2, 2*\w(%rdi,%rax,8)
	\store \r3, 3*\w(%rdi,%rax,8)
	add $\step, %rax
	cmp %rcx, %rax
	jl 1b
	\tail
	ret
	.size \name, . - \name
.endm

.macro ZERO_SSE r
	xorps \r, \r
.endm

.macro ZERO_AVX r
	vxorps \r, \r, \r
.endm

	NT_SHAPE upm_lp_store_mem_sse, ZERO_SSE, movntpd, %xmm0, %xmm1, %xmm2, %xmm3, 16, 8
	NT_SHAPE upm_lp_store_mem_avx, ZERO_AVX, vmovntpd, %ymm1, %ymm2, %ymm3, %ymm4, 32, 16, vzeroupper

	.section .note.GNU-stack, "", @progbits

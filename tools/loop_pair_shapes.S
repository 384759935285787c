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
	.p2align 5
	.globl upm_lp_store_mem_sse
	.type upm_lp_store_mem_sse, @function
upm_lp_store_mem_sse:
	xorps %xmm0, %xmm0
	xorps %xmm1, %xmm1
	xorps %xmm2, %xmm2
	xorps %xmm3, %xmm3
	lea (,%rsi,8), %rcx
	xor %rax, %rax
	.p2align 5
1:	movntpd %xmm0, (%rdi,%rax,8)
	movntpd %xmm1, 16(%rdi,%rax,8)
	movntpd %xmm2, 32(%rdi,%rax,8)
	movntpd %xmm3, 48(%rdi,%rax,8)
	add $8, %rax
	cmp %rcx, %rax
	jl 1b
	ret
	.size upm_lp_store_mem_sse, . - upm_lp_store_mem_sse

	.p2align 5
	.globl upm_lp_store_mem_avx
	.type upm_lp_store_mem_avx, @function
upm_lp_store_mem_avx:
	vxorps %ymm1, %ymm1, %ymm1
	vxorps %ymm2, %ymm2, %ymm2
	vxorps %ymm3, %ymm3, %ymm3
	vxorps %ymm4, %ymm4, %ymm4
	lea (,%rsi,8), %rcx
	xor %rax, %rax
	.p2align 5
1:	vmovntpd %ymm1, (%rdi,%rax,8)
	vmovntpd %ymm2, 32(%rdi,%rax,8)
	vmovntpd %ymm3, 64(%rdi,%rax,8)
	vmovntpd %ymm4, 96(%rdi,%rax,8)
	add $16, %rax
	cmp %rcx, %rax
	jl 1b
	vzeroupper
	ret
	.size upm_lp_store_mem_avx, . - upm_lp_store_mem_avx

	.section .note.GNU-stack, "", @progbits

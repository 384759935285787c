/* The AVX variants of the streaming loops (declared in kernels/avx.h), beside the SSE2
 * ones of kernels/loops_sse2.S and shaped like them: one pass over the arrays, two
 * 64-byte lines per iteration, a pointer or offset advance, a count and one branch.
 * Each 32-byte access is a VEX.256 instruction (VMOVAPS, VMOVNTDQ, VMULPD, VADDPD:
 * AVX, not AVX2), so a line is two loads or two stores, as in likwid-bench's AVX tests
 * (bench/x86-64/{load,store,store_mem,copy,stream}_avx.ptt in github.com/RRZE-HPC/likwid,
 * 128 bytes an iteration).
 *
 * These run only where the firmware (or the OS, on the host) has already enabled the
 * AVX state on the processor that runs them: CR4.OSXSAVE (bit 18) set, which CPUID
 * shows as CPUID.01H:ECX.OSXSAVE (bit 27), and XCR0's SSE (bit 1) and AVX (bit 2)
 * state bits set (Intel SDM vol. 3A, 2.5 "Control registers" and 2.6 "Extended
 * control registers (including XCR0)"); the processor must have AVX, CPUID.01H:ECX
 * bit 28. upmon never sets any of them: upm_kl_avx_state below reads what is there,
 * on the processor that asks, and the workload asks on every processor before a loop
 * here runs (core/workload/workload.c).
 *
 * Every function ends with VZEROUPPER: the C that called it is legacy-SSE code, and
 * on Sandy and Ivy Bridge a legacy-SSE instruction after 256-bit ones that left the
 * upper halves dirty costs a state transition (Intel's optimization reference manual,
 * on mixing AVX and SSE code). Alignment: VMOVAPS and VMOVNTDQ with 256-bit operands
 * need 32-byte aligned addresses; every array is 64-byte aligned (kernels/run.c).
 * System V calling convention, every register used caller-saved but RBX (CPUID's,
 * put back), no data, no relocations (as loops_sse2.S). */

	.text

/* void upm_kl_avx_state(uint32_t *cpuid1_ecx, uint64_t *xcr0)
 * CPUID leaf 1's ECX, and XCR0 read by XGETBV with ECX = 0 when CPUID.1:ECX.OSXSAVE
 * (bit 27) says CR4.OSXSAVE is set (XGETBV is #UD otherwise); 0 when it is clear. Reads
 * only: CPUID and XGETBV change nothing. */
	.p2align 5
	.globl upm_kl_avx_state
	.type upm_kl_avx_state, @function
upm_kl_avx_state:
	mov %rbx, %r8               /* CPUID writes EBX, which the caller keeps */
	mov $1, %eax
	xor %ecx, %ecx
	cpuid
	mov %ecx, (%rdi)
	xor %eax, %eax
	xor %edx, %edx
	bt $27, %ecx
	jnc 1f
	xor %ecx, %ecx
	xgetbv
1:	shl $32, %rdx
	or %rdx, %rax
	mov %rax, (%rsi)
	mov %r8, %rbx
	ret
	.size upm_kl_avx_state, . - upm_kl_avx_state

/* uint64_t upm_kl_read_avx(const void *base, uint64_t lines)
 * Two aligned 32-byte loads a line; the first 16 bytes of each line (the low half of
 * its first load) added to a running sum with VPADDQ (VEX.128: AVX), two sums that
 * alternate by line, as upm_kl_read: one add a line, the same sum. */
	.p2align 5
	.globl upm_kl_read_avx
	.type upm_kl_read_avx, @function
upm_kl_read_avx:
	vpxor %xmm0, %xmm0, %xmm0
	vpxor %xmm1, %xmm1, %xmm1
	mov %rsi, %rcx
	shr $1, %rcx
	jz 2f
	.p2align 4
1:	vmovaps (%rdi), %ymm2
	vmovaps 32(%rdi), %ymm3
	vmovaps 64(%rdi), %ymm4
	vmovaps 96(%rdi), %ymm5
	vpaddq %xmm2, %xmm0, %xmm0
	vpaddq %xmm4, %xmm1, %xmm1
	sub $-128, %rdi
	dec %rcx
	jnz 1b
2:	test $1, %sil
	jz 3f
	vmovaps (%rdi), %ymm2
	vmovaps 32(%rdi), %ymm3
	vpaddq %xmm2, %xmm0, %xmm0
3:	vpaddq %xmm1, %xmm0, %xmm0
	vpshufd $0x4e, %xmm0, %xmm1
	vpaddq %xmm1, %xmm0, %xmm0
	vmovq %xmm0, %rax
	vzeroupper
	ret
	.size upm_kl_read_avx, . - upm_kl_read_avx

/* void upm_kl_write_avx(void *base, uint64_t lines, uint64_t value)
 * void upm_kl_ntwrite_avx(void *base, uint64_t lines, uint64_t value)
 * value in every 8-byte word: 32-byte VMOVAPS stores (each line read for ownership), or
 * VMOVNTDQ (non-temporal, no read for ownership) and then SFENCE, so the pass is over
 * when its writes are. One loop, the store instruction and the drain its arguments. */
.macro STORE_LOOP_AVX name, store, drain=
	.p2align 5
	.globl \name
	.type \name, @function
\name:
	vmovq %rdx, %xmm0
	vpunpcklqdq %xmm0, %xmm0, %xmm0
	vinsertf128 $1, %xmm0, %ymm0, %ymm0
	mov %rsi, %rcx
	shr $1, %rcx
	jz 2f
	.p2align 4
1:	\store %ymm0, (%rdi)
	\store %ymm0, 32(%rdi)
	\store %ymm0, 64(%rdi)
	\store %ymm0, 96(%rdi)
	sub $-128, %rdi
	dec %rcx
	jnz 1b
2:	test $1, %sil
	jz 3f
	\store %ymm0, (%rdi)
	\store %ymm0, 32(%rdi)
3:	\drain
	vzeroupper
	ret
	.size \name, . - \name
.endm

	STORE_LOOP_AVX upm_kl_write_avx, vmovaps
	STORE_LOOP_AVX upm_kl_ntwrite_avx, vmovntdq, sfence

/* void upm_kl_copy_avx(const void *x0, void *x1, uint64_t lines): x1 = x0.
 * rax is the byte offset common to both arrays. */
	.p2align 5
	.globl upm_kl_copy_avx
	.type upm_kl_copy_avx, @function
upm_kl_copy_avx:
	xor %eax, %eax
	mov %rdx, %rcx
	shr $1, %rcx
	jz 2f
	.p2align 4
1:	vmovaps (%rdi,%rax), %ymm0
	vmovaps 32(%rdi,%rax), %ymm1
	vmovaps 64(%rdi,%rax), %ymm2
	vmovaps 96(%rdi,%rax), %ymm3
	vmovaps %ymm0, (%rsi,%rax)
	vmovaps %ymm1, 32(%rsi,%rax)
	vmovaps %ymm2, 64(%rsi,%rax)
	vmovaps %ymm3, 96(%rsi,%rax)
	sub $-128, %rax
	dec %rcx
	jnz 1b
2:	test $1, %dl
	jz 3f
	vmovaps (%rdi,%rax), %ymm0
	vmovaps 32(%rdi,%rax), %ymm1
	vmovaps %ymm0, (%rsi,%rax)
	vmovaps %ymm1, 32(%rsi,%rax)
3:	vzeroupper
	ret
	.size upm_kl_copy_avx, . - upm_kl_copy_avx

/* void upm_kl_triad_avx(const void *x0, const void *x1, void *x2, uint64_t lines, double s):
 * x2 = x0 + s * x1: x1 loaded and multiplied, x0 read by VADDPD's memory operand (as
 * likwid-bench's stream_avx). s is broadcast to all four lanes with VMOVDDUP and
 * VINSERTF128 (VBROADCASTSD from a register is AVX2). */
	.p2align 5
	.globl upm_kl_triad_avx
	.type upm_kl_triad_avx, @function
upm_kl_triad_avx:
	vmovddup %xmm0, %xmm0
	vinsertf128 $1, %xmm0, %ymm0, %ymm0
	xor %eax, %eax
	mov %rcx, %r8
	shr $1, %r8
	jz 2f
	.p2align 4
1:	vmovaps (%rsi,%rax), %ymm1
	vmovaps 32(%rsi,%rax), %ymm2
	vmovaps 64(%rsi,%rax), %ymm3
	vmovaps 96(%rsi,%rax), %ymm4
	vmulpd %ymm0, %ymm1, %ymm1
	vmulpd %ymm0, %ymm2, %ymm2
	vmulpd %ymm0, %ymm3, %ymm3
	vmulpd %ymm0, %ymm4, %ymm4
	vaddpd (%rdi,%rax), %ymm1, %ymm1
	vaddpd 32(%rdi,%rax), %ymm2, %ymm2
	vaddpd 64(%rdi,%rax), %ymm3, %ymm3
	vaddpd 96(%rdi,%rax), %ymm4, %ymm4
	vmovaps %ymm1, (%rdx,%rax)
	vmovaps %ymm2, 32(%rdx,%rax)
	vmovaps %ymm3, 64(%rdx,%rax)
	vmovaps %ymm4, 96(%rdx,%rax)
	sub $-128, %rax
	dec %r8
	jnz 1b
2:	test $1, %cl
	jz 3f
	vmovaps (%rsi,%rax), %ymm1
	vmovaps 32(%rsi,%rax), %ymm2
	vmulpd %ymm0, %ymm1, %ymm1
	vmulpd %ymm0, %ymm2, %ymm2
	vaddpd (%rdi,%rax), %ymm1, %ymm1
	vaddpd 32(%rdi,%rax), %ymm2, %ymm2
	vmovaps %ymm1, (%rdx,%rax)
	vmovaps %ymm2, 32(%rdx,%rax)
3:	vzeroupper
	ret
	.size upm_kl_triad_avx, . - upm_kl_triad_avx

/* No executable stack. */
	.section .note.GNU-stack, "", @progbits

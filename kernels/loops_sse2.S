/* The kernels' inner loops in SSE2 assembly (declared in kernels/sse2.h).
 *
 * Assembly, not C, so that the host program and the UEFI application run the very
 * same instructions whatever flags each build compiles C with (tests/host/
 * kernel_code.sh compares the two disassemblies). Each function is one pass over its
 * arrays and a leaf: the passes, the abort polling between them and the accounting
 * stay in C (the other files of kernels/).
 *
 * The shape follows likwid-bench's SSE kernels (bench/x86-64/{load,store,store_mem,
 * copy,stream}_sse.ptt in github.com/RRZE-HPC/likwid): aligned 16-byte MOVAPS loads
 * and stores, four per 64-byte line, a pointer advance, a count and one branch per
 * loop. Here the streaming loops take two lines per iteration (half the loop
 * overhead), with one more line after the loop when the count is odd. Every array is
 * 64-byte aligned (kernels/run.c), as MOVAPS, MOVNTDQ and SSE memory operands need.
 *
 * System V calling convention in both builds (the UEFI build's own functions are
 * System V too; only firmware calls are ms_abi): arguments in rdi, rsi, rdx, rcx and
 * xmm0; every register used here is caller-saved. No data, no relocations, so the
 * code is position independent as it stands. */

	.text

/* uint64_t upm_kl_read(const void *base, uint64_t lines)
 * Every byte loaded (four aligned 16-byte loads a line, as likwid-bench's load_sse);
 * the first 16 bytes of each line are added to a running sum (PADDQ from memory, two
 * sums that alternate by line), the other three loads go to registers nobody reads.
 * Why not sum every word: an add that waits for a missing line holds a scheduler
 * entry until its data comes, a plain load does not. With four adds per line the
 * scheduler fills before the load buffers do and fewer lines are in flight: on a
 * 2-core Xeon the all-PADDQ loop ran 9-11 GB/s from DRAM where this one and
 * load_sse run 11-12.5 (docs/benchmarks.md, A 2-core Intel Xeon). One add per line still
 * makes the result depend on every line. */
	.p2align 5
	.globl upm_kl_read
	.type upm_kl_read, @function
upm_kl_read:
	pxor %xmm0, %xmm0
	pxor %xmm1, %xmm1
	mov %rsi, %rcx
	shr $1, %rcx
	jz 2f
	.p2align 4
1:	paddq (%rdi), %xmm0
	movaps 16(%rdi), %xmm2
	movaps 32(%rdi), %xmm3
	movaps 48(%rdi), %xmm4
	paddq 64(%rdi), %xmm1
	movaps 80(%rdi), %xmm5
	movaps 96(%rdi), %xmm6
	movaps 112(%rdi), %xmm7
	sub $-128, %rdi
	dec %rcx
	jnz 1b
2:	test $1, %sil
	jz 3f
	paddq (%rdi), %xmm0
	movaps 16(%rdi), %xmm2
	movaps 32(%rdi), %xmm3
	movaps 48(%rdi), %xmm4
3:	paddq %xmm1, %xmm0
	pshufd $0x4e, %xmm0, %xmm1
	paddq %xmm1, %xmm0
	movq %xmm0, %rax
	ret
	.size upm_kl_read, . - upm_kl_read

/* void upm_kl_write(void *base, uint64_t lines, uint64_t value)
 * value in every 8-byte word, MOVAPS stores (each line read for ownership first).
 * void upm_kl_ntwrite(void *base, uint64_t lines, uint64_t value)
 * the same stores as MOVNTDQ: four fill a line in a write-combining buffer, which goes
 * to memory whole, with no read for ownership. SFENCE at the end drains the buffers,
 * so the pass is over when its writes are. One loop, the store instruction and the
 * drain its arguments. */
.macro STORE_LOOP name, store, drain=
	.p2align 5
	.globl \name
	.type \name, @function
\name:
	movq %rdx, %xmm0
	punpcklqdq %xmm0, %xmm0
	mov %rsi, %rcx
	shr $1, %rcx
	jz 2f
	.p2align 4
1:	\store %xmm0, (%rdi)
	\store %xmm0, 16(%rdi)
	\store %xmm0, 32(%rdi)
	\store %xmm0, 48(%rdi)
	\store %xmm0, 64(%rdi)
	\store %xmm0, 80(%rdi)
	\store %xmm0, 96(%rdi)
	\store %xmm0, 112(%rdi)
	sub $-128, %rdi
	dec %rcx
	jnz 1b
2:	test $1, %sil
	jz 3f
	\store %xmm0, (%rdi)
	\store %xmm0, 16(%rdi)
	\store %xmm0, 32(%rdi)
	\store %xmm0, 48(%rdi)
3:	\drain
	ret
	.size \name, . - \name
.endm

	STORE_LOOP upm_kl_write, movaps
	STORE_LOOP upm_kl_ntwrite, movntdq, sfence

/* void upm_kl_copy(const void *x0, void *x1, uint64_t lines): x1 = x0.
 * rax is the byte offset common to both arrays. */
	.p2align 5
	.globl upm_kl_copy
	.type upm_kl_copy, @function
upm_kl_copy:
	xor %eax, %eax
	mov %rdx, %rcx
	shr $1, %rcx
	jz 2f
	.p2align 4
1:	movaps (%rdi,%rax), %xmm0
	movaps 16(%rdi,%rax), %xmm1
	movaps 32(%rdi,%rax), %xmm2
	movaps 48(%rdi,%rax), %xmm3
	movaps 64(%rdi,%rax), %xmm4
	movaps 80(%rdi,%rax), %xmm5
	movaps 96(%rdi,%rax), %xmm6
	movaps 112(%rdi,%rax), %xmm7
	movaps %xmm0, (%rsi,%rax)
	movaps %xmm1, 16(%rsi,%rax)
	movaps %xmm2, 32(%rsi,%rax)
	movaps %xmm3, 48(%rsi,%rax)
	movaps %xmm4, 64(%rsi,%rax)
	movaps %xmm5, 80(%rsi,%rax)
	movaps %xmm6, 96(%rsi,%rax)
	movaps %xmm7, 112(%rsi,%rax)
	sub $-128, %rax
	dec %rcx
	jnz 1b
2:	test $1, %dl
	jz 3f
	movaps (%rdi,%rax), %xmm0
	movaps 16(%rdi,%rax), %xmm1
	movaps 32(%rdi,%rax), %xmm2
	movaps 48(%rdi,%rax), %xmm3
	movaps %xmm0, (%rsi,%rax)
	movaps %xmm1, 16(%rsi,%rax)
	movaps %xmm2, 32(%rsi,%rax)
	movaps %xmm3, 48(%rsi,%rax)
3:	ret
	.size upm_kl_copy, . - upm_kl_copy

/* void upm_kl_scale(const void *x0, void *x1, uint64_t lines, double s): x1 = s * x0. */
	.p2align 5
	.globl upm_kl_scale
	.type upm_kl_scale, @function
upm_kl_scale:
	unpcklpd %xmm0, %xmm0
	xor %eax, %eax
	mov %rdx, %rcx
	shr $1, %rcx
	jz 2f
	.p2align 4
1:	movaps (%rdi,%rax), %xmm1
	movaps 16(%rdi,%rax), %xmm2
	movaps 32(%rdi,%rax), %xmm3
	movaps 48(%rdi,%rax), %xmm4
	movaps 64(%rdi,%rax), %xmm5
	movaps 80(%rdi,%rax), %xmm6
	movaps 96(%rdi,%rax), %xmm7
	movaps 112(%rdi,%rax), %xmm8
	mulpd %xmm0, %xmm1
	mulpd %xmm0, %xmm2
	mulpd %xmm0, %xmm3
	mulpd %xmm0, %xmm4
	mulpd %xmm0, %xmm5
	mulpd %xmm0, %xmm6
	mulpd %xmm0, %xmm7
	mulpd %xmm0, %xmm8
	movaps %xmm1, (%rsi,%rax)
	movaps %xmm2, 16(%rsi,%rax)
	movaps %xmm3, 32(%rsi,%rax)
	movaps %xmm4, 48(%rsi,%rax)
	movaps %xmm5, 64(%rsi,%rax)
	movaps %xmm6, 80(%rsi,%rax)
	movaps %xmm7, 96(%rsi,%rax)
	movaps %xmm8, 112(%rsi,%rax)
	sub $-128, %rax
	dec %rcx
	jnz 1b
2:	test $1, %dl
	jz 3f
	movaps (%rdi,%rax), %xmm1
	movaps 16(%rdi,%rax), %xmm2
	movaps 32(%rdi,%rax), %xmm3
	movaps 48(%rdi,%rax), %xmm4
	mulpd %xmm0, %xmm1
	mulpd %xmm0, %xmm2
	mulpd %xmm0, %xmm3
	mulpd %xmm0, %xmm4
	movaps %xmm1, (%rsi,%rax)
	movaps %xmm2, 16(%rsi,%rax)
	movaps %xmm3, 32(%rsi,%rax)
	movaps %xmm4, 48(%rsi,%rax)
3:	ret
	.size upm_kl_scale, . - upm_kl_scale

/* void upm_kl_add(const void *x0, const void *x1, void *x2, uint64_t lines):
 * x2 = x0 + x1; x1 is read by ADDPD's memory operand. */
	.p2align 5
	.globl upm_kl_add
	.type upm_kl_add, @function
upm_kl_add:
	xor %eax, %eax
	mov %rcx, %r8
	shr $1, %r8
	jz 2f
	.p2align 4
1:	movaps (%rdi,%rax), %xmm0
	movaps 16(%rdi,%rax), %xmm1
	movaps 32(%rdi,%rax), %xmm2
	movaps 48(%rdi,%rax), %xmm3
	movaps 64(%rdi,%rax), %xmm4
	movaps 80(%rdi,%rax), %xmm5
	movaps 96(%rdi,%rax), %xmm6
	movaps 112(%rdi,%rax), %xmm7
	addpd (%rsi,%rax), %xmm0
	addpd 16(%rsi,%rax), %xmm1
	addpd 32(%rsi,%rax), %xmm2
	addpd 48(%rsi,%rax), %xmm3
	addpd 64(%rsi,%rax), %xmm4
	addpd 80(%rsi,%rax), %xmm5
	addpd 96(%rsi,%rax), %xmm6
	addpd 112(%rsi,%rax), %xmm7
	movaps %xmm0, (%rdx,%rax)
	movaps %xmm1, 16(%rdx,%rax)
	movaps %xmm2, 32(%rdx,%rax)
	movaps %xmm3, 48(%rdx,%rax)
	movaps %xmm4, 64(%rdx,%rax)
	movaps %xmm5, 80(%rdx,%rax)
	movaps %xmm6, 96(%rdx,%rax)
	movaps %xmm7, 112(%rdx,%rax)
	sub $-128, %rax
	dec %r8
	jnz 1b
2:	test $1, %cl
	jz 3f
	movaps (%rdi,%rax), %xmm0
	movaps 16(%rdi,%rax), %xmm1
	movaps 32(%rdi,%rax), %xmm2
	movaps 48(%rdi,%rax), %xmm3
	addpd (%rsi,%rax), %xmm0
	addpd 16(%rsi,%rax), %xmm1
	addpd 32(%rsi,%rax), %xmm2
	addpd 48(%rsi,%rax), %xmm3
	movaps %xmm0, (%rdx,%rax)
	movaps %xmm1, 16(%rdx,%rax)
	movaps %xmm2, 32(%rdx,%rax)
	movaps %xmm3, 48(%rdx,%rax)
3:	ret
	.size upm_kl_add, . - upm_kl_add

/* void upm_kl_triad(const void *x0, const void *x1, void *x2, uint64_t lines, double s):
 * x2 = x0 + s * x1: x1 loaded and multiplied, x0 read by ADDPD's memory operand
 * (likwid-bench's stream_sse has the same four operations per 16 bytes). */
	.p2align 5
	.globl upm_kl_triad
	.type upm_kl_triad, @function
upm_kl_triad:
	unpcklpd %xmm0, %xmm0
	xor %eax, %eax
	mov %rcx, %r8
	shr $1, %r8
	jz 2f
	.p2align 4
1:	movaps (%rsi,%rax), %xmm1
	movaps 16(%rsi,%rax), %xmm2
	movaps 32(%rsi,%rax), %xmm3
	movaps 48(%rsi,%rax), %xmm4
	movaps 64(%rsi,%rax), %xmm5
	movaps 80(%rsi,%rax), %xmm6
	movaps 96(%rsi,%rax), %xmm7
	movaps 112(%rsi,%rax), %xmm8
	mulpd %xmm0, %xmm1
	mulpd %xmm0, %xmm2
	mulpd %xmm0, %xmm3
	mulpd %xmm0, %xmm4
	mulpd %xmm0, %xmm5
	mulpd %xmm0, %xmm6
	mulpd %xmm0, %xmm7
	mulpd %xmm0, %xmm8
	addpd (%rdi,%rax), %xmm1
	addpd 16(%rdi,%rax), %xmm2
	addpd 32(%rdi,%rax), %xmm3
	addpd 48(%rdi,%rax), %xmm4
	addpd 64(%rdi,%rax), %xmm5
	addpd 80(%rdi,%rax), %xmm6
	addpd 96(%rdi,%rax), %xmm7
	addpd 112(%rdi,%rax), %xmm8
	movaps %xmm1, (%rdx,%rax)
	movaps %xmm2, 16(%rdx,%rax)
	movaps %xmm3, 32(%rdx,%rax)
	movaps %xmm4, 48(%rdx,%rax)
	movaps %xmm5, 64(%rdx,%rax)
	movaps %xmm6, 80(%rdx,%rax)
	movaps %xmm7, 96(%rdx,%rax)
	movaps %xmm8, 112(%rdx,%rax)
	sub $-128, %rax
	dec %r8
	jnz 1b
2:	test $1, %cl
	jz 3f
	movaps (%rsi,%rax), %xmm1
	movaps 16(%rsi,%rax), %xmm2
	movaps 32(%rsi,%rax), %xmm3
	movaps 48(%rsi,%rax), %xmm4
	mulpd %xmm0, %xmm1
	mulpd %xmm0, %xmm2
	mulpd %xmm0, %xmm3
	mulpd %xmm0, %xmm4
	addpd (%rdi,%rax), %xmm1
	addpd 16(%rdi,%rax), %xmm2
	addpd 32(%rdi,%rax), %xmm3
	addpd 48(%rdi,%rax), %xmm4
	movaps %xmm1, (%rdx,%rax)
	movaps %xmm2, 16(%rdx,%rax)
	movaps %xmm3, 32(%rdx,%rax)
	movaps %xmm4, 48(%rdx,%rax)
3:	ret
	.size upm_kl_triad, . - upm_kl_triad

/* void *upm_kl_chase(void *p, uint64_t loads): follows `loads` links from p (each
 * link is the first 8 bytes of where it points) and returns where it ended. Eight
 * dependent loads per loop iteration, so the loop's own instructions hide behind the
 * load latency; the remainder one by one. */
	.p2align 5
	.globl upm_kl_chase
	.type upm_kl_chase, @function
upm_kl_chase:
	mov %rdi, %rax
	mov %rsi, %rcx
	shr $3, %rcx
	jz 2f
	.p2align 4
1:	mov (%rax), %rax
	mov (%rax), %rax
	mov (%rax), %rax
	mov (%rax), %rax
	mov (%rax), %rax
	mov (%rax), %rax
	mov (%rax), %rax
	mov (%rax), %rax
	dec %rcx
	jnz 1b
2:	and $7, %esi
	jz 4f
3:	mov (%rax), %rax
	dec %esi
	jnz 3b
4:	ret
	.size upm_kl_chase, . - upm_kl_chase

/* uint64_t upm_kl_line_loads(const void *base, uint64_t lines)
 * One 8-byte load per 64-byte line (word 0), summed: one line per iteration, so the one
 * load instruction steps 64 bytes and a per-instruction stride prefetcher sees the
 * stream. Four lines an iteration into four sums (each load stepping 256 bytes) ran at
 * 0.76 of likwid-bench's load_sse on a Zen 4 processor, this loop at 0.92
 * (docs/benchmarks.md, What has come out behind); the extra loop uops (three a line) are
 * far below what any core issues. */
	.p2align 5
	.globl upm_kl_line_loads
	.type upm_kl_line_loads, @function
upm_kl_line_loads:
	xor %eax, %eax
	test %rsi, %rsi
	jz 2f
	.p2align 4
1:	add (%rdi), %rax
	add $64, %rdi
	dec %rsi
	jnz 1b
2:	ret
	.size upm_kl_line_loads, . - upm_kl_line_loads

/* void upm_kl_clflush(void *base, uint64_t lines)
 * CLFLUSH every line, then MFENCE: CLFLUSH is not ordered with later loads, and a
 * reload must not be served from the line before its flush completes. */
	.p2align 5
	.globl upm_kl_clflush
	.type upm_kl_clflush, @function
upm_kl_clflush:
	test %rsi, %rsi
	jz 2f
	.p2align 4
1:	clflush (%rdi)
	add $64, %rdi
	dec %rsi
	jnz 1b
2:	mfence
	ret
	.size upm_kl_clflush, . - upm_kl_clflush

/* No executable stack. */
	.section .note.GNU-stack, "", @progbits

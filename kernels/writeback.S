/* The write-back's faster flush (kernels/writeback.h): CLFLUSHOPT, and the CPUID probe
 * that says whether the processor running it has it.
 *
 * Why a second flush beside loops_sse2.S's CLFLUSH: executions of CLFLUSH are ordered
 * with one another, those of CLFLUSHOPT are not (Intel SDM vol. 2A, CLFLUSH and
 * CLFLUSHOPT), so CLFLUSHOPTs overlap where each CLFLUSH waits for the one before. On a
 * 16-core Emerald Rapids, CLFLUSH of 1.2 GB took 2.6 s at one thread, twice a kernel
 * run (docs/benchmarks.md, The write-back). CLFLUSHOPT is ordered with older writes to
 * the line it flushes, so a line the loop just wrote goes to memory with its data; the
 * MFENCE after the last one (fences order CLFLUSHOPT) ends the write-back when every
 * flush has, as upm_kl_clflush's does.
 *
 * CPUID.(EAX=07H,ECX=0):EBX bit 23 says the processor has CLFLUSHOPT (SDM vol. 2A,
 * CLFLUSHOPT): Skylake and later; none of the Xeon 7500/E7/E5 generations upmon
 * measures, where the write-back stays CLFLUSH. It needs nothing enabled: no control
 * register or XCR0 bit, so upmon changes nothing to use it.
 *
 * Conventions as loops_sse2.S: System V, every register used caller-saved but RBX
 * (CPUID's, put back), no data, no relocations; tests/host/kernel_code.sh checks the
 * host and UEFI builds disassemble to the same instructions. */

	.text

/* uint32_t upm_kl_leaf7_ebx(void)
 * CPUID.(EAX=07H,ECX=0):EBX of the calling processor; 0 where its highest basic leaf
 * (CPUID.0:EAX) is below 7, since a leaf above the highest returns the highest basic
 * leaf's data (SDM vol. 2A, CPUID), not zeros. Reads only. */
	.p2align 5
	.globl upm_kl_leaf7_ebx
	.type upm_kl_leaf7_ebx, @function
upm_kl_leaf7_ebx:
	mov %rbx, %r8               /* CPUID writes EBX, which the caller keeps */
	xor %r9d, %r9d
	xor %eax, %eax
	xor %ecx, %ecx
	cpuid
	cmp $7, %eax
	jb 1f
	mov $7, %eax
	xor %ecx, %ecx
	cpuid
	mov %ebx, %r9d
1:	mov %r9d, %eax
	mov %r8, %rbx
	ret
	.size upm_kl_leaf7_ebx, . - upm_kl_leaf7_ebx

/* void upm_kl_clflushopt(void *base, uint64_t lines)
 * CLFLUSHOPT every line, then MFENCE. Only where upm_kl_leaf7_ebx's bit 23 is set on
 * the processor running it (#UD elsewhere). */
	.p2align 5
	.globl upm_kl_clflushopt
	.type upm_kl_clflushopt, @function
upm_kl_clflushopt:
	test %rsi, %rsi
	jz 2f
	.p2align 4
1:	clflushopt (%rdi)
	add $64, %rdi
	dec %rsi
	jnz 1b
2:	mfence
	ret
	.size upm_kl_clflushopt, . - upm_kl_clflushopt

/* No executable stack. */
	.section .note.GNU-stack, "", @progbits

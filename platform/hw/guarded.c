/* Guarded RDMSR, WRMSR and 32-bit loads and stores.
 *
 * Each access is a whole function in assembly so that its faulting instruction exists
 * exactly once, at a known address: the compiler can neither inline nor duplicate a
 * file-scope asm block. On a fault the environment's handler asks upm_hw_fault_fixup()
 * and moves the saved RIP to the matching *_resume label, whose path returns
 * UPM_EFAULT. The fault is recorded by where execution resumes, not in shared memory,
 * so concurrent faults on several processors cannot mix up. System V calling
 * convention (these are called from our own C code). */
#include "platform/backend.h"
#include "platform/hw/guarded.h"
#include "platform/hw/hw.h"

_Static_assert(UPM_OK == 0 && UPM_EFAULT == 1, "the asm below returns 0 and 1");

__asm__(
	"	.text\n"

	/* int upm_hw_rdmsr(uint32_t msr = edi, uint64_t *val = rsi) */
	"	.globl upm_hw_rdmsr\n"
	"	.type upm_hw_rdmsr, @function\n"
	"upm_hw_rdmsr:\n"
	"	movl %edi, %ecx\n"
	"	.globl upm_hw_rdmsr_fault\n"
	"	.hidden upm_hw_rdmsr_fault\n"
	"upm_hw_rdmsr_fault:\n"
	"	rdmsr\n"
	"	shlq $32, %rdx\n"
	"	orq %rdx, %rax\n" /* RDMSR cleared bits 63:32 of RAX */
	"	movq %rax, (%rsi)\n"
	"	xorl %eax, %eax\n"
	"	ret\n"
	"	.globl upm_hw_rdmsr_resume\n"
	"	.hidden upm_hw_rdmsr_resume\n"
	"upm_hw_rdmsr_resume:\n"
	"	movq $0, (%rsi)\n"
	"	movl $1, %eax\n"
	"	ret\n"
	"	.size upm_hw_rdmsr, .-upm_hw_rdmsr\n"

	/* int upm_hw_wrmsr(uint32_t msr = edi, uint64_t val = rsi) */
	"	.globl upm_hw_wrmsr\n"
	"	.type upm_hw_wrmsr, @function\n"
	"upm_hw_wrmsr:\n"
	"	movl %edi, %ecx\n"
	"	movl %esi, %eax\n"
	"	movq %rsi, %rdx\n"
	"	shrq $32, %rdx\n"
	"	.globl upm_hw_wrmsr_fault\n"
	"	.hidden upm_hw_wrmsr_fault\n"
	"upm_hw_wrmsr_fault:\n"
	"	wrmsr\n"
	"	xorl %eax, %eax\n"
	"	ret\n"
	"	.globl upm_hw_wrmsr_resume\n"
	"	.hidden upm_hw_wrmsr_resume\n"
	"upm_hw_wrmsr_resume:\n"
	"	movl $1, %eax\n"
	"	ret\n"
	"	.size upm_hw_wrmsr, .-upm_hw_wrmsr\n"

	/* int upm_hw_load32(uint64_t addr = rdi, uint32_t *val = rsi) */
	"	.globl upm_hw_load32\n"
	"	.type upm_hw_load32, @function\n"
	"upm_hw_load32:\n"
	"	.globl upm_hw_load32_fault\n"
	"	.hidden upm_hw_load32_fault\n"
	"upm_hw_load32_fault:\n"
	"	movl (%rdi), %eax\n"
	"	movl %eax, (%rsi)\n"
	"	xorl %eax, %eax\n"
	"	ret\n"
	"	.globl upm_hw_load32_resume\n"
	"	.hidden upm_hw_load32_resume\n"
	"upm_hw_load32_resume:\n"
	"	movl $0xFFFFFFFF, (%rsi)\n"
	"	movl $1, %eax\n"
	"	ret\n"
	"	.size upm_hw_load32, .-upm_hw_load32\n"

	/* int upm_hw_load64(uint64_t addr = rdi, uint64_t *val = rsi): one 64-bit load, as
	 * 64-bit counters in MMIO are read (a torn pair of 32-bit loads could mix two values) */
	"	.globl upm_hw_load64\n"
	"	.type upm_hw_load64, @function\n"
	"upm_hw_load64:\n"
	"	.globl upm_hw_load64_fault\n"
	"	.hidden upm_hw_load64_fault\n"
	"upm_hw_load64_fault:\n"
	"	movq (%rdi), %rax\n"
	"	movq %rax, (%rsi)\n"
	"	xorl %eax, %eax\n"
	"	ret\n"
	"	.globl upm_hw_load64_resume\n"
	"	.hidden upm_hw_load64_resume\n"
	"upm_hw_load64_resume:\n"
	"	movq $-1, (%rsi)\n"
	"	movl $1, %eax\n"
	"	ret\n"
	"	.size upm_hw_load64, .-upm_hw_load64\n"

	/* int upm_hw_store32(uint64_t addr = rdi, uint32_t val = esi) */
	"	.globl upm_hw_store32\n"
	"	.type upm_hw_store32, @function\n"
	"upm_hw_store32:\n"
	"	.globl upm_hw_store32_fault\n"
	"	.hidden upm_hw_store32_fault\n"
	"upm_hw_store32_fault:\n"
	"	movl %esi, (%rdi)\n"
	"	xorl %eax, %eax\n"
	"	ret\n"
	"	.globl upm_hw_store32_resume\n"
	"	.hidden upm_hw_store32_resume\n"
	"upm_hw_store32_resume:\n"
	"	movl $1, %eax\n"
	"	ret\n"
	"	.size upm_hw_store32, .-upm_hw_store32\n");

/* Labels defined above; hidden so that C takes their addresses RIP-relative, without
 * relocations or GOT entries. */
#define UPM_HW_LABEL extern const char __attribute__((visibility("hidden")))
UPM_HW_LABEL upm_hw_rdmsr_fault[], upm_hw_rdmsr_resume[];
UPM_HW_LABEL upm_hw_wrmsr_fault[], upm_hw_wrmsr_resume[];
UPM_HW_LABEL upm_hw_load32_fault[], upm_hw_load32_resume[];
UPM_HW_LABEL upm_hw_load64_fault[], upm_hw_load64_resume[];
UPM_HW_LABEL upm_hw_store32_fault[], upm_hw_store32_resume[];

int upm_hw_fault_fixup(uint64_t rip, uint64_t *resume)
{
	/* Built on the stack at each call: nothing here depends on initialised data. */
	const struct {
		const char *fault, *resume;
	} fixups[] = {
		{ upm_hw_rdmsr_fault, upm_hw_rdmsr_resume },
		{ upm_hw_wrmsr_fault, upm_hw_wrmsr_resume },
		{ upm_hw_load32_fault, upm_hw_load32_resume },
		{ upm_hw_load64_fault, upm_hw_load64_resume },
		{ upm_hw_store32_fault, upm_hw_store32_resume },
	};

	for (unsigned i = 0; i < sizeof fixups / sizeof fixups[0]; i++) {
		if (rip == (uint64_t)(uintptr_t)fixups[i].fault) {
			*resume = (uint64_t)(uintptr_t)fixups[i].resume;
			return 1;
		}
	}
	return 0;
}

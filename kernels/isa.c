/* Whether a processor can run a kernel's instruction set. SSE2 is part of x86_64 and
 * always enabled in 64-bit UEFI and on Linux. AVX needs the processor to have it and
 * the firmware (or OS) to have enabled its state: CR4.OSXSAVE and XCR0's SSE and AVX
 * bits (Intel SDM vol. 3A, 2.5 and 2.6). upmon only reads them. */
#include "kernels/loops.h"
#include "kernels/avx.h"

#define CPUID1_ECX_OSXSAVE (1u << 27)
#define CPUID1_ECX_AVX (1u << 28)
#define XCR0_SSE (1ull << 1)
#define XCR0_AVX (1ull << 2)

enum upm_kernel_isa_state upm_kernel_isa_judge(enum upm_kernel_isa isa, uint32_t cpuid1_ecx,
					       uint64_t xcr0)
{
	if (isa == UPM_KERNEL_ISA_SSE2)
		return UPM_KERNEL_ISA_USABLE;
	if (!(cpuid1_ecx & CPUID1_ECX_AVX))
		return UPM_KERNEL_ISA_ABSENT;
	if (!(cpuid1_ecx & CPUID1_ECX_OSXSAVE))
		return UPM_KERNEL_ISA_OSXSAVE_OFF;
	if ((xcr0 & (XCR0_SSE | XCR0_AVX)) != (XCR0_SSE | XCR0_AVX))
		return UPM_KERNEL_ISA_STATE_OFF;
	return UPM_KERNEL_ISA_USABLE;
}

void upm_kernel_isa_probe(enum upm_kernel_isa isa, struct upm_kernel_isa_probe *out)
{
	out->cpuid1_ecx = 0;
	out->xcr0 = 0;
	if (isa != UPM_KERNEL_ISA_SSE2)
		upm_kl_avx_state(&out->cpuid1_ecx, &out->xcr0);
	out->state = upm_kernel_isa_judge(isa, out->cpuid1_ecx, out->xcr0);
}

const char *upm_kernel_isa_name(enum upm_kernel_isa isa)
{
	return isa == UPM_KERNEL_ISA_AVX ? "AVX" : "SSE2";
}

const char *upm_kernel_isa_why(enum upm_kernel_isa_state state)
{
	switch (state) {
	case UPM_KERNEL_ISA_USABLE:
		return "";
	case UPM_KERNEL_ISA_ABSENT:
		return "the processor has no AVX (CPUID.01H:ECX bit 28 clear)";
	case UPM_KERNEL_ISA_OSXSAVE_OFF:
		return "the firmware left CR4.OSXSAVE clear, so the AVX state is off (upmon never sets it)";
	case UPM_KERNEL_ISA_STATE_OFF:
		return "the firmware left XCR0's SSE or AVX state bit clear (upmon never sets them)";
	}
	return "unknown";
}

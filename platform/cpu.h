/* Processor identification through the backend's CPUID (and IA32_BIOS_SIGN_ID). */
#ifndef UPMON_PLATFORM_CPU_H
#define UPMON_PLATFORM_CPU_H

#include "platform/backend.h"

#define UPM_MSR_IA32_BIOS_SIGN_ID 0x8Bu /* SDM vol. 4: microcode update signature, bits 63:32 */

struct upm_cpu_ident {
	char vendor[13];
	char brand[49];
	unsigned family;   /* display family (base + extended when base is 0xF) */
	unsigned model;    /* display model (extended model folded in for families 6 and 0xF) */
	unsigned stepping;
	uint32_t microcode;
	int microcode_status; /* UPM_OK or why it could not be read */
	int hypervisor;       /* CPUID.1:ECX[31] */
	unsigned max_leaf;
	/* Cores per package, as Linux's x86_max_cores: leaf 0xB's core-level logical
	 * processors over its SMT-level ones, else leaf 4's EAX[31:26] + 1; 0 unknown. */
	unsigned cores_per_package;
};

/* 1 when CPUID leaf 0x40000000's signature (EBX, ECX, EDX) is QEMU's: "TCGTCGTCGTCG"
 * (QEMU's TCG accelerator) or "KVMKVMKVM\0\0\0" (KVM, Linux KVM_SIGNATURE in
 * arch/x86/include/uapi/asm/kvm_para.h; QEMU is its usual user space). */
int upm_cpu_hypervisor_is_qemu(uint32_t ebx, uint32_t ecx, uint32_t edx);

/* Cores per package from CPUID (see cores_per_package); 0 when CPUID does not say. */
unsigned upm_cpu_cores_per_package(struct upm_backend *b, unsigned max_leaf);

/* Reads CPUID leaves 0, 1 and 0x80000002-4, and the microcode revision. */
int upm_cpu_identify(struct upm_backend *b, struct upm_cpu_ident *out);

/* Display family/model from CPUID.1:EAX (SDM vol. 2A, CPUID leaf 1). */
void upm_cpu_decode_signature(uint32_t eax, unsigned *family, unsigned *model, unsigned *stepping);

#endif

/* The #GP guard: for the length of the run, a vector 13 handler registered through
 * the CPU architectural protocol lets platform/hw's guarded RDMSR/WRMSR/loads return
 * UPM_EFAULT instead of killing the processor. The firmware's IDT is shared by all
 * processors, so the handler also covers application processors. */
#include "efi/efi_env.h"
#include "efi/pi_cpu_arch.h"
#include "platform/hw/hw.h"

#define UPM_VECTOR_GP 13

static UPM_EFI_CPU_ARCH_PROTOCOL *cpu_arch;
static int installed;

/* Runs in exception context on whichever processor faulted: it prints nothing, takes
 * no lock and touches only the saved context. */
static VOID EFIAPI gp_handler(EFI_EXCEPTION_TYPE type, EFI_SYSTEM_CONTEXT ctx)
{
	EFI_SYSTEM_CONTEXT_X64 *regs = ctx.SystemContextX64;
	uint64_t resume;

	(void)type;
	if (upm_hw_fault_fixup(regs->Rip, &resume)) {
		regs->Rip = resume; /* the resume path returns UPM_EFAULT */
		return;
	}
	/* Not one of ours: step aside. The instruction runs again, faults again, and the
	 * firmware's own handler reports it (register dump on the console) as it would
	 * have without upmon. */
	cpu_arch->RegisterInterruptHandler(cpu_arch, UPM_VECTOR_GP, NULL);
	installed = 0;
}

EFI_STATUS upm_efi_guard_install(void)
{
	EFI_GUID guid = UPM_EFI_CPU_ARCH_PROTOCOL_GUID;
	EFI_STATUS st = BS->LocateProtocol(&guid, NULL, (void **)&cpu_arch);
	if (st != EFI_SUCCESS)
		return st;
	st = cpu_arch->RegisterInterruptHandler(cpu_arch, UPM_VECTOR_GP, gp_handler);
	if (st != EFI_SUCCESS)
		return st;
	installed = 1;
	return EFI_SUCCESS;
}

void upm_efi_guard_remove(void)
{
	if (installed)
		cpu_arch->RegisterInterruptHandler(cpu_arch, UPM_VECTOR_GP, NULL);
	installed = 0;
}

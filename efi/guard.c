/* The fault guard: for the length of the run, handlers for #GP (vector 13) and #PF
 * (vector 14) registered through the CPU architectural protocol let platform/hw's
 * guarded RDMSR/WRMSR/loads return UPM_EFAULT instead of killing the processor. #GP
 * covers missing MSRs and non-canonical addresses; #PF covers a load from an address
 * the firmware's page tables do not map. The firmware's IDT is shared by all
 * processors, so the handlers also cover application processors. */
#include "efi/efi_env.h"
#include "efi/pi_cpu_arch.h"
#include "platform/hw/hw.h"
#include "platform/acpi_fadt.h"

#define UPM_VECTOR_GP 13
#define UPM_VECTOR_PF 14

static const EFI_EXCEPTION_TYPE guarded_vectors[] = { UPM_VECTOR_GP, UPM_VECTOR_PF };
#define UPM_N_GUARDED (sizeof guarded_vectors / sizeof guarded_vectors[0])

static UPM_EFI_CPU_ARCH_PROTOCOL *cpu_arch;
static volatile int installed[UPM_N_GUARDED];
static volatile uint64_t foreign_fault_rip; /* for a debugger: where the fault that was not ours was */
static struct upm_acpi_reset reset_reg;
static int have_reset_reg;

/* Runs in exception context on whichever processor faulted: it prints nothing, takes
 * no lock and touches only the saved context. */
static VOID EFIAPI fault_handler(EFI_EXCEPTION_TYPE type, EFI_SYSTEM_CONTEXT ctx)
{
	EFI_SYSTEM_CONTEXT_X64 *regs = ctx.SystemContextX64;
	uint64_t resume;

	if (upm_hw_fault_fixup(regs->Rip, &resume)) {
		regs->Rip = resume; /* the resume path returns UPM_EFAULT */
		return;
	}
	/* Not one of ours: a bug or a firmware fault. No protocol may be called from
	 * exception context (nor on an application processor). */
	(void)type;
	foreign_fault_rip = regs->Rip;
	if (upm_efi_on_bsp()) {
		if (have_reset_reg)
			upm_hw_acpi_reset(&reset_reg);
		for (;;)
			__asm__ volatile("sti; hlt"); /* the watchdog's timer event may now fire */
	}
	for (;;)
		__asm__ volatile("cli; hlt");
}

/* #GP is required; #PF is taken when the firmware has no handler of its own there
 * (a firmware using #PF, e.g. for stack guard pages, keeps it: then no ECAM or MMIO
 * access is made, core/commands/app.h page_fault_guard_missing). */
EFI_STATUS upm_efi_guard_install(void)
{
	EFI_GUID guid = UPM_EFI_CPU_ARCH_PROTOCOL_GUID;
	EFI_STATUS st = BS->LocateProtocol(&guid, NULL, (void **)&cpu_arch);
	if (st != EFI_SUCCESS)
		return st;
	uint32_t len = 0;
	char why[160];
	const uint8_t *fadt = upm_efi_find_acpi_table("FACP", &len, why, sizeof why);
	have_reset_reg = fadt && upm_fadt_reset_reg(fadt, len, &reset_reg, why, sizeof why);
	for (unsigned i = 0; i < UPM_N_GUARDED; i++) {
		st = cpu_arch->RegisterInterruptHandler(cpu_arch, guarded_vectors[i], fault_handler);
		installed[i] = st == EFI_SUCCESS;
		if (guarded_vectors[i] == UPM_VECTOR_GP && st != EFI_SUCCESS)
			return st;
	}
	return EFI_SUCCESS;
}

int upm_efi_guard_covers_general_protection(void)
{
	for (unsigned i = 0; i < UPM_N_GUARDED; i++)
		if (guarded_vectors[i] == UPM_VECTOR_GP)
			return installed[i];
	return 0;
}

int upm_efi_guard_covers_page_faults(void)
{
	for (unsigned i = 0; i < UPM_N_GUARDED; i++)
		if (guarded_vectors[i] == UPM_VECTOR_PF)
			return installed[i];
	return 0;
}

void upm_efi_guard_remove(void)
{
	for (unsigned i = 0; i < UPM_N_GUARDED; i++) {
		if (installed[i])
			cpu_arch->RegisterInterruptHandler(cpu_arch, guarded_vectors[i], NULL);
		installed[i] = 0;
	}
}

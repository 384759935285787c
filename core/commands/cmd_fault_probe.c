/* `fault-probe`: a test hook proving the #GP guard. It makes accesses that fault and
 * must come back as errors while upmon carries on. The MMIO load from a non-canonical
 * address touches no device on any machine; the WRMSR to IA32_PKRS (0x6E1) with a
 * reserved bit set is made only under a hypervisor, where it is known to fault (QEMU
 * 7.2) and no real register is at stake.
 *
 * `fault-probe --unguarded` proves the other half: a fault that is not upmon's (the same
 * load, outside the guard) resets the machine instead of freezing it (efi/guard.c). It
 * runs only under UEFI in a virtual machine, since it ends the run on purpose. */
#include "core/commands/commands.h"

#define NONCANONICAL_ADDR 0x8000000000000000ull
#define MSR_IA32_PKRS 0x6E1u

/* The load the guard does not cover; never returns (the machine resets). */
static void unguarded_fault(void)
{
	volatile uint32_t *p = (volatile uint32_t *)(uintptr_t)NONCANONICAL_ADDR;
	(void)*p;
}

int upm_cmd_fault_probe(struct upm_run *r)
{
	uint32_t v32;
	int ok = 1, unguarded = 0;

	for (int i = 0; i < r->opts.cmd_argc; i++) {
		if (upm_strcmp(r->opts.cmd_argv[i], "--unguarded") == 0) {
			unguarded = 1;
			continue;
		}
		upm_error(r, "fault-probe: unknown argument '%s' (it takes --unguarded only; see 'upmon help fault-probe')",
			  r->opts.cmd_argv[i]);
		return UPM_EXIT_USAGE;
	}
	if (unguarded && (upm_strcmp(upm_os_name(), "uefi") != 0 || !r->cpu.hypervisor)) {
		upm_error(r, "fault-probe --unguarded faults outside the guard on purpose and resets the machine: it runs "
			     "only under UEFI in a virtual machine; leave --unguarded out to prove the guard itself");
		return UPM_EXIT_USAGE;
	}
	if (unguarded) {
		upm_say(r, "fault-probe: unguarded load from 0x%llx: the machine resets now",
			(unsigned long long)NONCANONICAL_ADDR);
		unguarded_fault();
		upm_error(r, "fault-probe: the unguarded load did not fault");
		return UPM_EXIT_FAIL;
	}

	int rc = upm_mmio_read32(r->backend, NONCANONICAL_ADDR, &v32);
	upm_say(r, "fault-probe: mmio %s", upm_status_name(rc));
	ok &= rc == UPM_EFAULT;

	if (r->cpu.hypervisor) {
		rc = upm_msr_write(r->backend, MSR_IA32_PKRS, 1ull << 32);
		upm_say(r, "fault-probe: wrmsr %s", upm_status_name(rc));
		ok &= rc == UPM_EFAULT;
	} else {
		upm_say(r, "fault-probe: wrmsr skipped (no hypervisor: not a test machine)");
	}
	upm_say(r, "fault-probe: survived");
	return ok ? UPM_EXIT_OK : UPM_EXIT_FAIL;
}

/* `fault-probe`: a test hook proving the #GP guard. It makes accesses that fault and
 * must come back as errors while upmon carries on. The MMIO load from a non-canonical
 * address touches no device on any machine; the WRMSR to IA32_PKRS (0x6E1) with a
 * reserved bit set is made only under a hypervisor, where it is known to fault (QEMU
 * 7.2) and no real register is at stake. */
#include "core/commands/commands.h"

#define NONCANONICAL_ADDR 0x8000000000000000ull
#define MSR_IA32_PKRS 0x6E1u

int upm_cmd_fault_probe(struct upm_run *r)
{
	uint32_t v32;
	int ok = 1;

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

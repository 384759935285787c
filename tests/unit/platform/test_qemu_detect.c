/* --end qemu-exit writes QEMU's port only under QEMU: the hypervisor signature of CPUID
 * leaf 0x40000000 (EBX, ECX, EDX as little-endian ASCII). */
#include "tests/unit/test.h"
#include "platform/cpu.h"

TEST(qemu_hypervisor_signatures)
{
	/* "TCGTCGTCGTCG": QEMU's TCG. */
	CHECK_EQ(upm_cpu_hypervisor_is_qemu(0x54474354u, 0x43544743u, 0x47435447u), 1);
	/* "KVMKVMKVM\0\0\0": KVM. */
	CHECK_EQ(upm_cpu_hypervisor_is_qemu(0x4B4D564Bu, 0x564B4D56u, 0x0000004Du), 1);
	/* "VMwareVMware", "Microsoft Hv" and nothing at all are not QEMU. */
	CHECK_EQ(upm_cpu_hypervisor_is_qemu(0x61774D56u, 0x4D566572u, 0x65726177u), 0);
	CHECK_EQ(upm_cpu_hypervisor_is_qemu(0x7263694Du, 0x666F736Fu, 0x76482074u), 0);
	CHECK_EQ(upm_cpu_hypervisor_is_qemu(0, 0, 0), 0);
}

/* What the image returns: the shell gets the verdict's status; the firmware one status
 * for every verdict (its boot manager must not treat PASS and FAIL differently). */
#include "platform/base/exit.h"
TEST(status_to_launcher_same_for_every_verdict_from_firmware)
{
	const unsigned long fw = 0x8000000000000015ul; /* EFI_ABORTED */
	for (int st = UPM_EXIT_OK; st <= UPM_EXIT_ABORTED; st++) {
		CHECK_EQ(upm_exit_to_launcher(st, 1, fw), fw);
		CHECK_EQ(upm_exit_to_launcher(st, 0, fw), (unsigned long)st);
	}
}

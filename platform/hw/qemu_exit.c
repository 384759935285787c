#include "platform/hw/hw.h"
#include "platform/hw/port_io.h"
#include "platform/cpu.h"

#define UPM_QEMU_DEBUG_EXIT_PORT 0xF4 /* -device isa-debug-exit,iobase=0xf4,iosize=0x04 */
/* QEMU's fw_cfg on x86 (QEMU docs/specs/fw_cfg.rst): selector port 0x510 (16-bit),
 * data port 0x511; key 0x0000 (FW_CFG_SIGNATURE) reads "QEMU". */
#define UPM_FW_CFG_SELECTOR 0x510
#define UPM_FW_CFG_DATA 0x511
#define UPM_FW_CFG_SIGNATURE 0x0000

static void cpuid(uint32_t leaf, uint32_t r[4])
{
	__asm__ volatile("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3]) : "a"(leaf), "c"(0));
}

int upm_hw_under_qemu(void)
{
	uint32_t r[4];
	cpuid(1, r);
	if (!((r[2] >> 31) & 1))
		return 0; /* no hypervisor: real hardware, where no port is written */
	cpuid(0x40000000u, r);
	if (upm_cpu_hypervisor_is_qemu(r[1], r[2], r[3]))
		return 1;
	/* Under a hypervisor that does not name itself: QEMU answers on fw_cfg. */
	upm_hw_outw(UPM_FW_CFG_SELECTOR, UPM_FW_CFG_SIGNATURE);
	char sig[4];
	for (unsigned i = 0; i < 4; i++)
		sig[i] = (char)upm_hw_inb(UPM_FW_CFG_DATA);
	return sig[0] == 'Q' && sig[1] == 'E' && sig[2] == 'M' && sig[3] == 'U';
}

void upm_hw_qemu_exit(uint32_t code)
{
	/* Only under QEMU: on anything else port 0xF4 may belong to a device. */
	if (upm_hw_under_qemu())
		upm_hw_outl(UPM_QEMU_DEBUG_EXIT_PORT, code);
}

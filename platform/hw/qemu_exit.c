#include "platform/hw/hw.h"
#include "platform/hw/port_io.h"

#define UPM_QEMU_DEBUG_EXIT_PORT 0xF4 /* -device isa-debug-exit,iobase=0xf4,iosize=0x04 */

void upm_hw_qemu_exit(uint32_t code)
{
	/* QEMU stops here; on a machine without the device the write goes nowhere. */
	upm_hw_outl(UPM_QEMU_DEBUG_EXIT_PORT, code);
}

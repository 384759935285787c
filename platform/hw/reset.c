/* The machine reset through the FADT's reset register, for the handler of a fault that
 * is not upmon's (efi/guard.c). It is the one write outside the backend interface, on
 * purpose: it runs in exception context, where no backend (mock, trace) may be entered,
 * and it resets the real machine whatever backend the run measured with. */
#include "platform/hw/hw.h"
#include "platform/hw/port_io.h"

void upm_hw_acpi_reset(const struct upm_acpi_reset *r)
{
	if (r->space == UPM_ACPI_RESET_IO)
		upm_hw_outb((uint16_t)r->addr, r->value);
	else
		*(volatile uint8_t *)(uintptr_t)r->addr = r->value;
}

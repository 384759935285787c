/* The ACPI reset register from the FADT ("FACP"): how the machine is reset without
 * calling the firmware, for a fault that is not upmon's (efi/guard.c), when nothing else
 * may run. */
#ifndef UPMON_PLATFORM_ACPI_FADT_H
#define UPMON_PLATFORM_ACPI_FADT_H

#include <stddef.h>
#include <stdint.h>

enum upm_acpi_reset_space {
	UPM_ACPI_RESET_MEMORY = 0, /* Generic Address Structure space IDs (ACPI 6.5, 5.2.3.2) */
	UPM_ACPI_RESET_IO = 1,
};

struct upm_acpi_reset {
	enum upm_acpi_reset_space space;
	uint64_t addr;
	uint8_t value;
};

/* From a checked FADT of len bytes (platform/acpi_tables.h): 1 with *out when the
 * firmware declares a reset register upmon can write (FADT revision 2 or later,
 * RESET_REG_SUP set, an 8-bit register at bit 0 in system memory or I/O space); else 0
 * with why ("the FADT does not declare a reset register (RESET_REG_SUP clear)"). */
int upm_fadt_reset_reg(const uint8_t *fadt, uint32_t len, struct upm_acpi_reset *out, char *why, size_t why_size);

#endif

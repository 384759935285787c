#include "platform/acpi_fadt.h"
#include "platform/base/str.h"

/* FADT layout (ACPI 6.5, 5.2.9, table 5.9): header revision at 8; Flags u32 at 112 (bit
 * 10 RESET_REG_SUP); RESET_REG, a 12-byte Generic Address Structure, at 116; RESET_VALUE
 * at 128. The reset register exists from FADT revision 2 (ACPI 2.0); it must be 8 bits
 * wide at bit offset 0, in system I/O, system memory or PCI configuration space (the
 * RESET_REG field's description). Generic Address Structure (5.2.3.2): address space ID
 * at 0 (0 memory, 1 I/O, 2 PCI configuration), bit width at 1, bit offset at 2, access
 * size at 3, address u64 at 4. */
#define FADT_FLAGS 112
#define FADT_RESET_REG 116
#define FADT_RESET_VALUE 128
#define FADT_RESET_REG_SUP (1u << 10)

int upm_fadt_reset_reg(const uint8_t *fadt, uint32_t len, struct upm_acpi_reset *out, char *why, size_t why_size)
{
	if (!fadt || len < FADT_RESET_VALUE + 1 || upm_memcmp(fadt, "FACP", 4) != 0 || fadt[8] < 2) {
		upm_snprintf(why, why_size, "the FADT predates the reset register (revision %u, %lu bytes)",
			     fadt && len > 8 ? fadt[8] : 0, (unsigned long)len);
		return 0;
	}
	if (!(upm_get_le(fadt + FADT_FLAGS, 4) & FADT_RESET_REG_SUP)) {
		upm_snprintf(why, why_size, "the FADT does not declare a reset register (RESET_REG_SUP clear)");
		return 0;
	}
	const uint8_t *gas = fadt + FADT_RESET_REG;
	uint64_t addr = upm_get_le(gas + 4, 8);
	if (gas[0] != UPM_ACPI_RESET_MEMORY && gas[0] != UPM_ACPI_RESET_IO) {
		upm_snprintf(why, why_size, "the FADT's reset register is in address space %u (upmon writes memory "
			     "or I/O space only)", gas[0]);
		return 0;
	}
	if (gas[1] != 8 || gas[2] != 0 || !addr || (gas[0] == UPM_ACPI_RESET_IO && addr > 0xFFFF)) {
		upm_snprintf(why, why_size, "the FADT's reset register is malformed (width %u, offset %u, address 0x%llx)",
			     gas[1], gas[2], (unsigned long long)addr);
		return 0;
	}
	out->space = (enum upm_acpi_reset_space)gas[0];
	out->addr = addr;
	out->value = fadt[FADT_RESET_VALUE];
	return 1;
}

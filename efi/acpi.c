/* The ECAM window from the ACPI MCFG table: configuration table -> RSDP -> XSDT (or
 * RSDT on ACPI 1.0 firmware) -> "MCFG" -> every allocation entry. Layouts from the
 * ACPI specification (RSDP, XSDT/RSDT) and the PCI Firmware Specification (MCFG,
 * platform/mcfg.c). */
#include "efi/efi_env.h"
#include "core/base/os.h"
#include "core/base/str.h"
#include "platform/mcfg.h"

#define UPM_ACPI20_GUID \
	{ 0x8868e871, 0xe4f1, 0x11d3, { 0xbc, 0x22, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 } }
#define UPM_ACPI10_GUID \
	{ 0xeb9d2d30, 0x2d88, 0x11d3, { 0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d } }

#define UPM_SDT_HEADER_LEN 36

/* ACPI tables are byte-packed: read fields without alignment assumptions. */
static uint64_t get_le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	while (n--)
		v = v << 8 | p[n];
	return v;
}

static const uint8_t *find_config_table(EFI_GUID guid)
{
	for (UINTN i = 0; i < ST->NumberOfTableEntries; i++) {
		EFI_CONFIGURATION_TABLE *t = &ST->ConfigurationTable[i];
		if (upm_memcmp(&t->VendorGuid, &guid, sizeof guid) == 0)
			return t->VendorTable;
	}
	return NULL;
}

static const uint8_t *find_sdt(const uint8_t *root, unsigned entry_len, const char *sig)
{
	uint32_t len = (uint32_t)get_le(root + 4, 4);
	for (uint32_t off = UPM_SDT_HEADER_LEN; off + entry_len <= len; off += entry_len) {
		const uint8_t *t = (const uint8_t *)(uintptr_t)get_le(root + off, entry_len);
		if (t && upm_memcmp(t, sig, 4) == 0)
			return t;
	}
	return NULL;
}

const uint8_t *upm_efi_find_acpi_table(const char *sig, uint32_t *len)
{
	const uint8_t *rsdp = find_config_table((EFI_GUID)UPM_ACPI20_GUID);
	const uint8_t *t = NULL;

	if (!rsdp)
		rsdp = find_config_table((EFI_GUID)UPM_ACPI10_GUID);
	if (!rsdp || upm_memcmp(rsdp, "RSD PTR ", 8) != 0)
		return NULL;

	uint64_t xsdt = rsdp[15] >= 2 ? get_le(rsdp + 24, 8) : 0; /* revision >= 2: XSDT */
	uint64_t rsdt = get_le(rsdp + 16, 4);
	if (xsdt)
		t = find_sdt((const uint8_t *)(uintptr_t)xsdt, 8, sig);
	else if (rsdt)
		t = find_sdt((const uint8_t *)(uintptr_t)rsdt, 4, sig);
	if (t && len)
		*len = (uint32_t)get_le(t + 4, 4);
	return t;
}

unsigned upm_efi_find_mcfg(struct upm_ecam_window *out, unsigned max, unsigned *total)
{
	uint32_t len = 0;
	const uint8_t *mcfg = upm_efi_find_acpi_table("MCFG", &len);
	*total = 0;
	return mcfg ? upm_mcfg_parse(mcfg, len, out, max, total) : 0;
}

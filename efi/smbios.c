/* SMBIOS from the UEFI configuration table: the 3.0 entry point (SMBIOS3_TABLE_GUID)
 * first, else the 2.1 one (SMBIOS_TABLE_GUID); the core parses both (core/machine). */
#include "efi/efi_env.h"
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "core/machine/machine.h"

/* GUIDs from the UEFI specification (EFI_CONFIGURATION_TABLE, industry standard tables). */
#define UPM_SMBIOS3_GUID \
	{ 0xf2fd1544, 0x9794, 0x4a2c, { 0x99, 0x2e, 0xe5, 0xbb, 0xcf, 0x20, 0xe3, 0x94 } }
#define UPM_SMBIOS_GUID \
	{ 0xeb9d2d31, 0x2d88, 0x11d3, { 0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d } }

static const uint8_t *config_table(EFI_GUID guid)
{
	for (UINTN i = 0; i < ST->NumberOfTableEntries; i++)
		if (upm_memcmp(&ST->ConfigurationTable[i].VendorGuid, &guid, sizeof guid) == 0)
			return ST->ConfigurationTable[i].VendorTable;
	return NULL;
}

int upm_os_smbios(void **entry, size_t *entry_len, void **table, size_t *table_len, char *why,
		  size_t why_size)
{
	const uint8_t *ep = config_table((EFI_GUID)UPM_SMBIOS3_GUID);
	size_t ep_len = 0x18; /* DSP0134 5.2.2: the 3.0 entry point is 18h bytes */

	*entry = *table = NULL;
	if (!ep) {
		ep = config_table((EFI_GUID)UPM_SMBIOS_GUID);
		ep_len = 0x1F; /* DSP0134 5.2.1: the 2.1 entry point is 1Fh bytes */
	}
	if (!ep) {
		upm_snprintf(why, why_size, "the firmware publishes no SMBIOS table");
		return UPM_ENOTFOUND;
	}
	/* Read where the configuration table points (the firmware's own word, UEFI 2.10,
	 * 4.6), in the legacy BIOS area too, where CSM firmware puts SMBIOS 2.x without
	 * describing it in the memory map; a corrupt pointer elsewhere is not followed: it
	 * could fault outside any guard, or read a device. */
	int rc = upm_efi_smbios_fetch((uint64_t)(uintptr_t)ep, ep_len, entry, table, table_len, why, why_size);
	if (rc == UPM_OK)
		*entry_len = ep_len;
	return rc;
}

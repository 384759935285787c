/* SMBIOS from the UEFI configuration table: the 3.0 entry point (SMBIOS3_TABLE_GUID)
 * first, else the 2.1 one (SMBIOS_TABLE_GUID); the core parses both (core/machine). */
#include "efi/efi_env.h"
#include "core/base/os.h"
#include "core/base/str.h"
#include "core/machine/machine.h"

/* GUIDs from the UEFI specification (EFI_CONFIGURATION_TABLE, industry standard tables). */
#define UPM_SMBIOS3_GUID \
	{ 0xf2fd1544, 0x9794, 0x4a2c, { 0x99, 0x2e, 0xe5, 0xbb, 0xcf, 0x20, 0xe3, 0x94 } }
#define UPM_SMBIOS_GUID \
	{ 0xeb9d2d31, 0x2d88, 0x11d3, { 0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d } }

#define UPM_SMBIOS_MAX_TABLE (1024u * 1024u) /* far above any real table: a bound on garbage */

static const uint8_t *config_table(EFI_GUID guid)
{
	for (UINTN i = 0; i < ST->NumberOfTableEntries; i++)
		if (upm_memcmp(&ST->ConfigurationTable[i].VendorGuid, &guid, sizeof guid) == 0)
			return ST->ConfigurationTable[i].VendorTable;
	return NULL;
}

static void *copy(const void *src, size_t n)
{
	void *p = upm_os_alloc(n ? n : 1);
	if (p)
		upm_memcpy(p, src, n);
	return p;
}

int upm_os_smbios(void **entry, size_t *entry_len, void **table, size_t *table_len, char *why,
		  size_t why_size)
{
	const uint8_t *ep = config_table((EFI_GUID)UPM_SMBIOS3_GUID);
	size_t ep_len = 0x18; /* DSP0134 5.2.2: the 3.0 entry point is 18h bytes */
	uint64_t addr;
	uint32_t len;
	unsigned major, minor;

	*entry = *table = NULL;
	if (!ep) {
		ep = config_table((EFI_GUID)UPM_SMBIOS_GUID);
		ep_len = 0x1F; /* DSP0134 5.2.1: the 2.1 entry point is 1Fh bytes */
	}
	if (!ep) {
		upm_snprintf(why, why_size, "the firmware publishes no SMBIOS table");
		return UPM_ENOTFOUND;
	}
	/* A corrupt pointer is not followed: it could fault outside any guard, or read a
	 * device. */
	if (!upm_efi_memory_readable((uint64_t)(uintptr_t)ep, ep_len)) {
		upm_snprintf(why, why_size, "the SMBIOS entry point at 0x%llx lies outside the memory the "
					     "firmware's memory map describes: not read",
			     (unsigned long long)(uintptr_t)ep);
		return UPM_EINVAL;
	}
	if (upm_smbios_entry(ep, ep_len, &addr, &len, &major, &minor, why, why_size) < 0)
		return UPM_EINVAL;
	if (!addr || !len || len > UPM_SMBIOS_MAX_TABLE) {
		upm_snprintf(why, why_size, "the SMBIOS entry point gives a table of %u bytes at 0x%llx",
			     (unsigned)len, (unsigned long long)addr);
		return UPM_EINVAL;
	}
	if (!upm_efi_memory_readable(addr, len)) {
		upm_snprintf(why, why_size, "the SMBIOS table (%u bytes at 0x%llx) lies outside the memory the "
					     "firmware's memory map describes: not read",
			     (unsigned)len, (unsigned long long)addr);
		return UPM_EINVAL;
	}
	*entry = copy(ep, ep_len);
	*table = copy((const void *)(uintptr_t)addr, len);
	if (!*entry || !*table) {
		upm_os_free(*entry);
		upm_os_free(*table);
		*entry = *table = NULL;
		upm_snprintf(why, why_size, "out of memory copying the SMBIOS table");
		return UPM_ENOMEM;
	}
	*entry_len = ep_len;
	*table_len = len;
	return UPM_OK;
}

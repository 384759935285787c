/* The SMBIOS entry point and structure table read from physical memory where the
 * firmware's configuration table points, each range read only where the environment's
 * view allows (platform/acpi_tables.h: on UEFI, memory its map describes, or the legacy
 * BIOS area where CSM firmware keeps SMBIOS 2.x), then copied for the parser. */
#include "core/machine/machine.h"
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/acpi_tables.h"
#include "platform/backend.h" /* UPM_OK */

#define UPM_SMBIOS_MAX_TABLE (1024u * 1024u) /* far above any real table: a bound on garbage */

static void *copy(const void *src, size_t n)
{
	void *p = upm_os_alloc(n ? n : 1);
	if (p)
		upm_memcpy(p, src, n);
	return p;
}

int upm_smbios_fetch(const struct upm_acpi_memory *mem, uint64_t ep_addr, size_t ep_len, void **entry,
		     void **table, size_t *table_len, char *why, size_t why_size)
{
	uint64_t addr;
	uint32_t len;
	unsigned major, minor;

	*entry = *table = NULL;
	const uint8_t *ep = ep_addr ? mem->view(mem->ctx, ep_addr, (uint32_t)ep_len) : NULL;
	if (!ep) {
		upm_snprintf(why, why_size, "the SMBIOS entry point at 0x%llx lies outside the memory the "
					     "firmware's memory map describes and the legacy BIOS area: not read",
			     (unsigned long long)ep_addr);
		return UPM_EINVAL;
	}
	if (upm_smbios_entry(ep, ep_len, &addr, &len, &major, &minor, why, why_size) < 0)
		return UPM_EINVAL;
	if (!addr || !len || len > UPM_SMBIOS_MAX_TABLE) {
		upm_snprintf(why, why_size, "the SMBIOS entry point gives a table of %u bytes at 0x%llx",
			     (unsigned)len, (unsigned long long)addr);
		return UPM_EINVAL;
	}
	const uint8_t *t = mem->view(mem->ctx, addr, len);
	if (!t) {
		upm_snprintf(why, why_size, "the SMBIOS table (%u bytes at 0x%llx) lies outside the memory the "
					     "firmware's memory map describes and the legacy BIOS area: not read",
			     (unsigned)len, (unsigned long long)addr);
		return UPM_EINVAL;
	}
	*entry = copy(ep, ep_len);
	*table = copy(t, len);
	if (!*entry || !*table) {
		upm_os_free(*entry);
		upm_os_free(*table);
		*entry = *table = NULL;
		upm_snprintf(why, why_size, "out of memory copying the SMBIOS table");
		return UPM_ENOMEM;
	}
	*table_len = len;
	return UPM_OK;
}

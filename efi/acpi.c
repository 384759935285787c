/* ACPI tables from the firmware: the RSDP from the configuration table (ACPI 2.0 GUID
 * first, else 1.0), then the walk of platform/acpi_tables.c, which checks every table on
 * the way. While boot services run, memory the UEFI memory map describes is identity
 * mapped (UEFI 2.10, section 2.3.4), so a range is read where it points once the map
 * describes all of it as something other than MMIO, or when it lies in the legacy BIOS
 * area (0xE0000-0xFFFFF), which CSM firmware often leaves out of the map; anything else (a
 * corrupt pointer, a length past the table's memory) is not read, since it could fault or
 * touch a device (upm_phys_range_readable). */
#include "efi/efi_env.h"
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/acpi_tables.h"
#include "platform/mcfg.h"
#include "core/machine/machine.h"

#define UPM_ACPI20_GUID \
	{ 0x8868e871, 0xe4f1, 0x11d3, { 0xbc, 0x22, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 } }
#define UPM_ACPI10_GUID \
	{ 0xeb9d2d30, 0x2d88, 0x11d3, { 0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d } }

/* The memory map as ranges, taken once per lookup. */
struct described {
	struct upm_phys_range *r;
	unsigned n;
};

static void describe(struct described *d)
{
	UINTN size, desc_size;
	EFI_MEMORY_DESCRIPTOR *map = upm_efi_memory_map(&size, &desc_size);
	d->r = NULL;
	d->n = 0;
	if (!map)
		return;
	d->r = upm_os_alloc((size / desc_size) * sizeof *d->r);
	for (UINTN off = 0; d->r && off + desc_size <= size; off += desc_size) {
		const EFI_MEMORY_DESCRIPTOR *m = (const EFI_MEMORY_DESCRIPTOR *)((const UINT8 *)map + off);
		if (m->Type == EfiMemoryMappedIO || m->Type == EfiMemoryMappedIOPortSpace)
			continue;
		d->r[d->n].base = m->PhysicalStart;
		d->r[d->n].pages = m->NumberOfPages;
		d->n++;
	}
	BS->FreePool(map);
}

static const uint8_t *view(void *ctx, uint64_t addr, uint32_t len)
{
	const struct described *d = ctx;
	if (!addr || !upm_phys_range_readable(d->r, d->n, addr, len))
		return NULL;
	return (const uint8_t *)(uintptr_t)addr;
}

int upm_efi_smbios_fetch(uint64_t ep_addr, size_t ep_len, void **entry, void **table, size_t *table_len,
			 char *why, size_t why_size)
{
	struct described d;
	describe(&d);
	const struct upm_acpi_memory mem = { view, &d }; /* the rule the ACPI walk reads by */
	int rc = upm_smbios_fetch(&mem, ep_addr, ep_len, entry, table, table_len, why, why_size);
	upm_os_free(d.r);
	return rc;
}

static uint64_t find_rsdp(void)
{
	static const EFI_GUID acpi20 = UPM_ACPI20_GUID, acpi10 = UPM_ACPI10_GUID;
	const EFI_GUID *want[2] = { &acpi20, &acpi10 };
	for (unsigned w = 0; w < 2; w++)
		for (UINTN i = 0; i < ST->NumberOfTableEntries; i++) {
			EFI_CONFIGURATION_TABLE *t = &ST->ConfigurationTable[i];
			if (upm_memcmp(&t->VendorGuid, want[w], sizeof *want[w]) == 0)
				return (uint64_t)(uintptr_t)t->VendorTable;
		}
	return 0;
}

const uint8_t *upm_efi_find_acpi_table(const char *sig, uint32_t *len, char *why, size_t why_size)
{
	struct described d;
	describe(&d);
	const struct upm_acpi_memory mem = { view, &d };
	const uint8_t *t = NULL;
	upm_acpi_find(&mem, find_rsdp(), sig, &t, len, why, why_size);
	upm_os_free(d.r);
	return t;
}

unsigned upm_efi_find_mcfg(struct upm_ecam_window *out, unsigned max, unsigned *total, char *why,
			   size_t why_size)
{
	uint32_t len = 0;
	const uint8_t *mcfg = upm_efi_find_acpi_table("MCFG", &len, why, why_size);
	*total = 0;
	return mcfg ? upm_mcfg_parse(mcfg, len, out, max, total) : 0;
}

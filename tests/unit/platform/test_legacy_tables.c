/* SMBIOS and ACPI in the legacy F-segment, over a model of CSM-enabled firmware (AMI
 * Aptio, HP): the configuration table points at an SMBIOS 2.x entry point and an ACPI
 * RSDP in 0xE0000-0xFFFFF, which the memory map leaves undescribed. They are read there,
 * by the rule efi/acpi.c reads by (upm_phys_range_readable), and the machine's serial
 * comes out; a pointer outside RAM the map describes and outside that window is still
 * never read. Layouts: SMBIOS 2.1 entry point, DSP0134 5.2.1 (structure table length at
 * 16h, address at 18h); RSDP and table header, ACPI 6.5 5.2.5.3 and 5.2.6. */
#include "tests/unit/test.h"
#include <stdlib.h>
#include "tests/unit/smbios_tables.h"
#include "platform/acpi_tables.h"
#include "platform/backend.h"
#include "core/machine/machine.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

#define RAM_BASE 0x7fb00000ull /* ACPI reclaim memory the map describes */
#define GAP_BASE 0x200000ull   /* backed by the model, described by nothing: never read */
#define EP_AT 0xFDA70ull       /* where Aptio keeps "_SM_" */
#define TABLE_AT 0xF0000ull    /* the structure table, in the F-segment too */
#define RSDP_AT 0xF05B0ull

struct firmware {
	uint8_t legacy[UPM_LEGACY_BIOS_END - UPM_LEGACY_BIOS_BASE];
	uint8_t ram[0x1000];
	uint8_t gap[0x1000];
	struct upm_phys_range map[3];
	unsigned n_map;
	unsigned gap_reads; /* views handed out into the gap: must stay 0 */
};

/* The map of such firmware: conventional memory below 640 KiB and from 1 MiB to 2 MiB,
 * the ACPI tables' page; nothing for 0xA0000-0xFFFFF. */
static const struct upm_phys_range csm_map[3] = {
	{ 0x0, 0x9F }, { 0x100000, 0x100 }, { RAM_BASE, 1 },
};

static uint8_t *at(struct firmware *fw, uint64_t addr, uint64_t len)
{
	if (addr >= UPM_LEGACY_BIOS_BASE && addr < UPM_LEGACY_BIOS_END && len <= UPM_LEGACY_BIOS_END - addr)
		return fw->legacy + (addr - UPM_LEGACY_BIOS_BASE);
	if (addr >= RAM_BASE && addr - RAM_BASE < sizeof fw->ram && len <= sizeof fw->ram - (addr - RAM_BASE))
		return fw->ram + (addr - RAM_BASE);
	if (addr >= GAP_BASE && addr - GAP_BASE < sizeof fw->gap && len <= sizeof fw->gap - (addr - GAP_BASE))
		return fw->gap + (addr - GAP_BASE);
	return NULL;
}

/* As efi/acpi.c's view: the rule first, then the bytes. */
static const uint8_t *view(void *ctx, uint64_t addr, uint32_t len)
{
	struct firmware *fw = ctx;
	if (!addr || !upm_phys_range_readable(fw->map, fw->n_map, addr, len))
		return NULL;
	const uint8_t *p = at(fw, addr, len);
	if (p && addr >= GAP_BASE && addr < GAP_BASE + sizeof fw->gap)
		fw->gap_reads++;
	return p;
}

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void fix_sum(uint8_t *p, unsigned from, unsigned len, unsigned sum_at)
{
	uint8_t s = 0;
	p[sum_at] = 0;
	for (unsigned i = from; i < from + len; i++)
		s = (uint8_t)(s + p[i]);
	p[sum_at] = (uint8_t)-s;
}

static void smbios_ep(struct firmware *fw, uint64_t ep_at, uint64_t table_at)
{
	uint8_t *ep = at(fw, ep_at, 0x1F);
	memcpy(ep, upm_test_smbios_ep21, sizeof upm_test_smbios_ep21);
	put_le(ep + 0x18, table_at, 4);
	fix_sum(ep, 0x10, 0x0F, 0x15); /* intermediate checksum over 10h-1Eh first */
	fix_sum(ep, 0, 0x1F, 0x04);
}

/* A table header at addr: signature, length, checksum over length. */
static void sdt(struct firmware *fw, uint64_t addr, const char *sig, uint32_t len)
{
	uint8_t *t = at(fw, addr, len);
	memcpy(t, sig, 4);
	put_le(t + 4, len, 4);
	t[8] = 1;
	memcpy(t + 10, "UPMTST", 6);
	fix_sum(t, 0, len, 9);
}

/* RSDP revision 2 in the F-segment naming an XSDT at xsdt_at, which lists the MCFG. */
static void acpi(struct firmware *fw, uint64_t xsdt_at)
{
	uint8_t *p = at(fw, RSDP_AT, 36);
	memcpy(p, "RSD PTR ", 8);
	memcpy(p + 9, "UPMTST", 6);
	p[15] = 2;
	put_le(p + 20, 36, 4);
	put_le(p + 24, xsdt_at, 8);
	fix_sum(p, 0, 20, 8);
	fix_sum(p, 0, 36, 32);
	uint8_t *x = at(fw, xsdt_at, 44);
	if (x) {
		put_le(x + 36, RAM_BASE + 0x300, 8);
		sdt(fw, xsdt_at, "XSDT", 44);
	}
	sdt(fw, RAM_BASE + 0x300, "MCFG", 60);
}

static struct firmware *csm_firmware(void)
{
	struct firmware *fw = calloc(1, sizeof *fw);
	if (!fw)
		return NULL;
	memcpy(fw->map, csm_map, sizeof csm_map);
	fw->n_map = 3;
	memcpy(at(fw, TABLE_AT, sizeof upm_test_smbios_table), upm_test_smbios_table, sizeof upm_test_smbios_table);
	smbios_ep(fw, EP_AT, TABLE_AT);
	acpi(fw, RAM_BASE + 0x100);
	return fw;
}

TEST(legacy_fsegment_smbios_gives_the_serial)
{
	struct firmware *fw = csm_firmware();
	const struct upm_acpi_memory mem = { view, fw };
	void *entry = NULL, *table = NULL;
	size_t table_len = 0;
	char why[200] = "";
	struct upm_machine m;
	char name[48];
	CHECK_EQ(upm_smbios_fetch(&mem, EP_AT, 0x1F, &entry, &table, &table_len, why, sizeof why), UPM_OK);
	CHECK_STR(why, "");
	CHECK_EQ(table_len, sizeof upm_test_smbios_table);
	upm_smbios_parse(entry, 0x1F, table, table_len, &m);
	CHECK(m.available);
	CHECK_STR(m.serial, "SN 4711/A");
	CHECK_STR(m.manufacturer, "LabCo");
	upm_machine_folder_name(&m, "none", name, sizeof name);
	CHECK_STR(name, "SN_4711_A"); /* not "none" */
	upm_os_free(entry);
	upm_os_free(table);
	CHECK_EQ(fw->gap_reads, 0);
	free(fw);
}

TEST(legacy_fsegment_rsdp_is_walked)
{
	struct firmware *fw = csm_firmware();
	const struct upm_acpi_memory mem = { view, fw };
	const uint8_t *t = NULL;
	uint32_t len = 0;
	char why[200] = "";
	CHECK_EQ(upm_acpi_find(&mem, RSDP_AT, "MCFG", &t, &len, why, sizeof why), UPM_ACPI_FOUND);
	CHECK(t == fw->ram + 0x300);
	CHECK_EQ(len, 60);
	free(fw);
}

/* Outside RAM the map describes and outside the legacy window: refused, never read,
 * though the model has valid bytes there. */
TEST(legacy_window_reads_nothing_undescribed_outside_it)
{
	struct firmware *fw = csm_firmware();
	const struct upm_acpi_memory mem = { view, fw };
	void *entry = NULL, *table = NULL;
	size_t table_len = 0;
	char why[200] = "";
	/* An entry point in the gap. */
	smbios_ep(fw, GAP_BASE, TABLE_AT);
	CHECK_EQ(upm_smbios_fetch(&mem, GAP_BASE, 0x1F, &entry, &table, &table_len, why, sizeof why), UPM_EINVAL);
	CHECK_STR(why, "the SMBIOS entry point at 0x200000 lies outside the memory the firmware's memory map "
		       "describes and the legacy BIOS area: not read");
	CHECK(entry == NULL && table == NULL);
	/* An F-segment entry point naming a table in the gap. */
	memcpy(at(fw, GAP_BASE + 0x100, sizeof upm_test_smbios_table), upm_test_smbios_table,
	       sizeof upm_test_smbios_table);
	smbios_ep(fw, EP_AT, GAP_BASE + 0x100);
	CHECK_EQ(upm_smbios_fetch(&mem, EP_AT, 0x1F, &entry, &table, &table_len, why, sizeof why), UPM_EINVAL);
	CHECK_CONTAINS(why, "the SMBIOS table (396 bytes at 0x200100) lies outside");
	CHECK(entry == NULL && table == NULL);
	/* An F-segment RSDP naming an XSDT in the gap. */
	acpi(fw, GAP_BASE + 0x800);
	const uint8_t *t = NULL;
	uint32_t len = 0;
	CHECK_EQ(upm_acpi_find(&mem, RSDP_AT, "MCFG", &t, &len, why, sizeof why), UPM_ACPI_REFUSED);
	CHECK_STR(why, "the ACPI XSDT table's address 0x200800 cannot be read");
	CHECK_EQ(fw->gap_reads, 0);
	/* The window's edges: the last bytes below 1 MiB are read, a range past them is not
	 * (the map describes no byte of it below 1 MiB), nor one below 0xE0000. */
	CHECK_EQ(upm_phys_range_readable(csm_map, 3, 0xFFFE1, 0x1F), 1);
	CHECK_EQ(upm_phys_range_readable(csm_map, 3, 0xFFFE2, 0x1F), 0);
	CHECK_EQ(upm_phys_range_readable(csm_map, 3, 0xDFFF0, 0x1F), 0);
	CHECK_EQ(upm_phys_range_readable(csm_map, 3, 0xE0000, 0x20000), 1);
	CHECK_EQ(upm_phys_range_readable(csm_map, 3, 0xA0000, 0x10), 0); /* VGA, not the BIOS area */
	CHECK_EQ(upm_phys_range_readable(csm_map, 3, GAP_BASE, 4), 0);
	CHECK_EQ(upm_phys_range_readable(csm_map, 3, 0x9E000, 0x1000), 1); /* described */
	free(fw);
}

#define _DEFAULT_SOURCE /* mkdtemp */
/* The SMBIOS parser (core/machine/smbios.c) on hand-built tables (smbios_tables.h):
 * every field DSP0134 places, entry points of both generations, and tables cut short. */
#include "tests/unit/test.h"
#include "tests/unit/smbios_tables.h"
#include "core/machine/machine.h"
#include "core/host/os_host.h"
#include "platform/base/str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Sets the checksum byte at sum_at so that the len bytes from `from` add up to zero. */
static void fix_sum(uint8_t *p, size_t from, size_t len, size_t sum_at)
{
	uint8_t s = 0;
	p[sum_at] = 0;
	for (size_t i = from; i < from + len; i++)
		s = (uint8_t)(s + p[i]);
	p[sum_at] = (uint8_t)-s;
}

static void ep21(uint8_t *ep)
{
	memcpy(ep, upm_test_smbios_ep21, sizeof upm_test_smbios_ep21);
	fix_sum(ep, 0x10, 0x0F, 0x15); /* intermediate checksum over 10h-1Eh first */
	fix_sum(ep, 0, 0x1F, 0x04);
}

static void ep30(uint8_t *ep)
{
	memcpy(ep, upm_test_smbios_ep30, sizeof upm_test_smbios_ep30);
	fix_sum(ep, 0, 0x18, 0x05);
}

TEST(smbios_entry_point_2_1)
{
	uint8_t ep[0x1F];
	uint64_t addr;
	uint32_t len;
	unsigned major, minor;
	char why[128];
	ep21(ep);
	CHECK_EQ(upm_smbios_entry(ep, sizeof ep, &addr, &len, &major, &minor, why, sizeof why), 0);
	CHECK_EQ(major, 2);
	CHECK_EQ(minor, 8);
	CHECK_EQ(len, 0x18C);
	CHECK_EQ(addr, 0xF0000);
	ep[0x1B] ^= 1; /* the address's top byte: the checksum no longer adds up */
	CHECK_EQ(upm_smbios_entry(ep, sizeof ep, &addr, &len, &major, &minor, why, sizeof why), -1);
	CHECK_CONTAINS(why, "checksum");
	ep21(ep);
	CHECK_EQ(upm_smbios_entry(ep, 0x10, &addr, &len, &major, &minor, why, sizeof why), -1);
	CHECK_CONTAINS(why, "cut short");
}

/* DSP0134 5.2.1: version 2.1 of the specification gave the entry point length as 1Eh, so
 * a 2.1 entry point may say 1Eh (its checksum then covers 1Eh bytes); 2.2 and later
 * must say 1Fh. */
TEST(smbios_entry_point_2_1_length_1e)
{
	uint8_t ep[0x1F];
	uint64_t addr;
	uint32_t len;
	unsigned major, minor;
	char why[128];
	ep21(ep);
	ep[0x05] = 0x1E;
	ep[0x06] = 2;
	ep[0x07] = 1;
	fix_sum(ep, 0, 0x1E, 0x04);
	CHECK_EQ(upm_smbios_entry(ep, sizeof ep, &addr, &len, &major, &minor, why, sizeof why), 0);
	CHECK_EQ(major, 2);
	CHECK_EQ(minor, 1);
	CHECK_EQ(len, 0x18C);
	CHECK_EQ(addr, 0xF0000);
	ep[0x07] = 8; /* a 2.8 entry point must say 1Fh */
	fix_sum(ep, 0, 0x1E, 0x04);
	CHECK_EQ(upm_smbios_entry(ep, sizeof ep, &addr, &len, &major, &minor, why, sizeof why), -1);
	CHECK_CONTAINS(why, "cut short");
}

TEST(smbios_entry_point_3_0)
{
	uint8_t ep[0x18];
	uint64_t addr;
	uint32_t len;
	unsigned major, minor;
	char why[128];
	ep30(ep);
	CHECK_EQ(upm_smbios_entry(ep, sizeof ep, &addr, &len, &major, &minor, why, sizeof why), 0);
	CHECK_EQ(major, 3);
	CHECK_EQ(minor, 2);
	CHECK_EQ(len, 0x2000);
	CHECK_EQ(addr, 0x17FF00000ull);
	CHECK_EQ(upm_smbios_entry((const uint8_t *)"_DMI_", 5, &addr, &len, &major, &minor, why, sizeof why), -1);
	CHECK_CONTAINS(why, "no SMBIOS entry point anchor");
}

TEST(smbios_table_every_field)
{
	uint8_t ep[0x1F];
	struct upm_machine m;
	ep21(ep);
	upm_smbios_parse(ep, sizeof ep, upm_test_smbios_table, sizeof upm_test_smbios_table, &m);
	CHECK(m.available);
	CHECK_EQ(sizeof upm_test_smbios_table, 0x18C); /* what the entry point says */
	CHECK_STR(m.bios_vendor, "EDK II");
	CHECK_STR(m.bios_version, "1.0-test");
	CHECK_STR(m.bios_date, "02/06/2015");
	CHECK_STR(m.manufacturer, "LabCo");
	CHECK_STR(m.product, "Rig 7");
	CHECK_STR(m.serial, "SN 4711/A");
	CHECK_STR(m.uuid, "00112233-4455-6677-8899-aabbccddeeff"); /* 2.8: first fields LE */
	CHECK_STR(m.board_manufacturer, "BoardCo");
	CHECK_STR(m.board_product, "X9DRi");
	CHECK_STR(m.board_serial, "BSN1");
	CHECK_EQ(m.sockets, 2);
	CHECK_EQ(m.sockets_populated, 1);
	CHECK_EQ(m.n_mem_total, 3);
	CHECK_EQ(m.n_mem, 3);
	CHECK_STR(m.mem[0].locator, "DIMM_A1");
	CHECK_EQ(m.mem[0].size_mb, 16384);
	CHECK_EQ(m.mem[0].speed_mts, 1600);
	CHECK_EQ(m.mem[0].configured_mts, 1600); /* 20h Configured Memory Speed */
	CHECK_STR(m.mem[0].part_number, "M393B2G70BH0-CK0"); /* trailing blanks dropped */
	CHECK_STR(m.mem[1].locator, "DIMM_B1");
	CHECK_EQ(m.mem[1].size_mb, 65536);
	CHECK_EQ(m.mem[1].speed_mts, 0);
	CHECK_EQ(m.mem[1].configured_mts, 0);
	CHECK_STR(m.mem[1].part_number, "");
	CHECK_EQ(m.mem[2].size_mb, 0);
	CHECK(m.mem[2].size_known);
}

TEST(smbios_uuid_before_2_6_is_as_stored)
{
	uint8_t ep[0x1F];
	struct upm_machine m;
	ep21(ep);
	ep[7] = 5; /* 2.5 */
	fix_sum(ep, 0, 0x1F, 0x04);
	upm_smbios_parse(ep, sizeof ep, upm_test_smbios_table, sizeof upm_test_smbios_table, &m);
	CHECK_STR(m.uuid, "33221100-5544-7766-8899-aabbccddeeff");
}

TEST(smbios_cut_tables_keep_what_is_whole)
{
	struct upm_machine m;
	/* Cut inside type 1's strings: type 0 stays, nothing after it is read. */
	upm_smbios_parse(NULL, 0, upm_test_smbios_table, 0x18 + 28 + 0x1B + 5, &m);
	CHECK(m.available);
	CHECK_STR(m.bios_vendor, "EDK II");
	CHECK_STR(m.serial, "");
	/* Every length from 0 to the whole: never a read outside (ASan), never a crash. */
	for (size_t n = 0; n <= sizeof upm_test_smbios_table; n++) {
		uint8_t *copy = malloc(n ? n : 1);
		memcpy(copy, upm_test_smbios_table, n);
		upm_smbios_parse(NULL, 0, copy, n, &m);
		free(copy);
	}
	upm_smbios_parse(NULL, 0, upm_test_smbios_table, 3, &m);
	CHECK(!m.available);
	CHECK_CONTAINS(m.why, "malformed");
	/* A structure claiming a length below its 4-byte header. */
	static const uint8_t bad[] = { 0x01, 0x02, 0x00, 0x00, 0, 0 };
	upm_smbios_parse(NULL, 0, bad, sizeof bad, &m);
	CHECK(!m.available);
}

TEST(smbios_folder_name_from_serial)
{
	struct upm_machine m;
	char name[48];
	upm_smbios_parse(NULL, 0, upm_test_smbios_table, sizeof upm_test_smbios_table, &m);
	upm_machine_folder_name(&m, "host", name, sizeof name);
	CHECK_STR(name, "SN_4711_A");
	upm_strlcpy(m.serial, "To Be Filled By O.E.M.", sizeof m.serial);
	upm_machine_folder_name(&m, "lab-pc 3", name, sizeof name);
	CHECK_STR(name, "lab-pc_3");
	upm_machine_unavailable(&m, "none");
	upm_machine_folder_name(&m, NULL, name, sizeof name);
	CHECK_STR(name, "unknown");
}

/* The host reads /sys/firmware/dmi/tables; a test points it at files of its own. */
TEST(smbios_host_reads_dmi_files)
{
	char dir[] = "/tmp/upmon-dmi-XXXXXX", path[64];
	uint8_t ep[0x1F];
	struct upm_machine m;
	CHECK(mkdtemp(dir) != NULL);
	ep21(ep);
	snprintf(path, sizeof path, "%s/smbios_entry_point", dir);
	FILE *f = fopen(path, "wb");
	fwrite(ep, 1, sizeof ep, f);
	fclose(f);
	upm_host_dmi_dir(dir);
	upm_machine_read(&m);
	CHECK(!m.available); /* no DMI file yet */
	CHECK_CONTAINS(m.why, "DMI: not readable");
	snprintf(path, sizeof path, "%s/DMI", dir);
	f = fopen(path, "wb");
	fwrite(upm_test_smbios_table, 1, sizeof upm_test_smbios_table, f);
	fclose(f);
	upm_machine_read(&m);
	CHECK(m.available);
	CHECK_STR(m.serial, "SN 4711/A");
	CHECK_EQ(m.smbios_minor, 8);
	unlink(path);
	snprintf(path, sizeof path, "%s/smbios_entry_point", dir);
	unlink(path);
	rmdir(dir);
	upm_host_dmi_dir("/nonexistent/dmi");
	upm_machine_read(&m);
	CHECK(!m.available);
	CHECK_CONTAINS(m.why, "no SMBIOS tables exposed");
	upm_host_dmi_dir(NULL);
}

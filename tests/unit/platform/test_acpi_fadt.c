/* The FADT's reset register (platform/acpi_fadt.c), from FADTs built here by the ACPI 6.5
 * layout (5.2.9, table 5.9): header revision at 8, Flags at 112 (RESET_REG_SUP bit 10),
 * RESET_REG at 116 (Generic Address Structure, 5.2.3.2: space ID, bit width, bit offset,
 * access size, u64 address), RESET_VALUE at 128. The Intel chipsets' register is I/O
 * 0xCF9 with 0x06 (what QEMU's q35 FADT gives too). */
#include "tests/unit/test.h"
#include "platform/acpi_fadt.h"

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* An ACPI 6 FADT (276 bytes, revision 6) with the reset register at I/O 0xCF9. */
static void fadt(uint8_t t[276])
{
	memset(t, 0, 276);
	memcpy(t, "FACP", 4);
	put_le(t + 4, 276, 4);
	t[8] = 6;
	put_le(t + 112, 1u << 10, 4);
	t[116] = 1;  /* system I/O */
	t[117] = 8;  /* bit width */
	t[118] = 0;  /* bit offset */
	t[119] = 1;  /* byte access */
	put_le(t + 120, 0xCF9, 8);
	t[128] = 0x06;
}

TEST(fadt_reset_register_io_cf9)
{
	uint8_t t[276];
	struct upm_acpi_reset r;
	char why[160] = "";
	fadt(t);
	CHECK_EQ(upm_fadt_reset_reg(t, sizeof t, &r, why, sizeof why), 1);
	CHECK_EQ(r.space, UPM_ACPI_RESET_IO);
	CHECK_EQ(r.addr, 0xCF9);
	CHECK_EQ(r.value, 0x06);
	/* A memory-space register (some server boards): its address as given. */
	t[116] = 0;
	put_le(t + 120, 0xFED03000ull, 8);
	t[128] = 0x0E;
	CHECK_EQ(upm_fadt_reset_reg(t, sizeof t, &r, why, sizeof why), 1);
	CHECK_EQ(r.space, UPM_ACPI_RESET_MEMORY);
	CHECK_EQ(r.addr, 0xFED03000ull);
	CHECK_EQ(r.value, 0x0E);
}

TEST(fadt_without_a_usable_reset_register_says_why)
{
	uint8_t t[276];
	struct upm_acpi_reset r;
	char why[160];

	fadt(t);
	put_le(t + 112, 0, 4);
	CHECK_EQ(upm_fadt_reset_reg(t, sizeof t, &r, why, sizeof why), 0);
	CHECK_STR(why, "the FADT does not declare a reset register (RESET_REG_SUP clear)");

	fadt(t);
	t[8] = 1; /* ACPI 1.0: 116 bytes, no reset register */
	CHECK_EQ(upm_fadt_reset_reg(t, 116, &r, why, sizeof why), 0);
	CHECK_STR(why, "the FADT predates the reset register (revision 1, 116 bytes)");
	fadt(t);
	CHECK_EQ(upm_fadt_reset_reg(t, 128, &r, why, sizeof why), 0); /* RESET_VALUE cut off */

	fadt(t);
	t[116] = 2; /* PCI configuration space: not written by upmon */
	CHECK_EQ(upm_fadt_reset_reg(t, sizeof t, &r, why, sizeof why), 0);
	CHECK_STR(why, "the FADT's reset register is in address space 2 (upmon writes memory or I/O space only)");

	fadt(t);
	t[117] = 16;
	CHECK_EQ(upm_fadt_reset_reg(t, sizeof t, &r, why, sizeof why), 0);
	CHECK_STR(why, "the FADT's reset register is malformed (width 16, offset 0, address 0xcf9)");

	fadt(t);
	put_le(t + 120, 0x10000, 8); /* past the I/O space */
	CHECK_EQ(upm_fadt_reset_reg(t, sizeof t, &r, why, sizeof why), 0);
	fadt(t);
	put_le(t + 120, 0, 8);
	CHECK_EQ(upm_fadt_reset_reg(t, sizeof t, &r, why, sizeof why), 0);
	fadt(t);
	memcpy(t, "APIC", 4);
	CHECK_EQ(upm_fadt_reset_reg(t, sizeof t, &r, why, sizeof why), 0);
}

/* The ACPI table walk (platform/acpi_tables.c) over firmware images built here byte by
 * byte from the ACPI 6.5 layouts: RSDP (5.2.5.3: "RSD PTR " at 0, checksum of 20 bytes at
 * 8, revision at 15, RSDT u32 at 16, length at 20, XSDT u64 at 24, extended checksum of
 * 36 bytes at 32) and the table header (5.2.6: signature at 0, length u32 at 4, checksum
 * at 9). Every broken table is refused with a line that names it, never walked. */
#include "tests/unit/test.h"
#include "platform/acpi_tables.h"
#include "platform/mcfg.h"
#include "platform/base/str.h"

/* Physical addresses of the image: [IMG_BASE, IMG_BASE + sizeof img). */
#define IMG_BASE 0x7fb00000ull
#define RSDP_AT 0x000
#define XSDT_AT 0x100
#define RSDT_AT 0x200
#define MCFG_AT 0x300
#define APIC_AT 0x400
#define SRAT_AT 0x500

struct image {
	uint8_t b[0x800];
	unsigned views; /* how many reads the walk asked for */
};

static const uint8_t *view(void *ctx, uint64_t addr, uint32_t len)
{
	struct image *im = ctx;
	im->views++;
	if (addr < IMG_BASE || addr - IMG_BASE > sizeof im->b || len > sizeof im->b - (addr - IMG_BASE))
		return NULL;
	return im->b + (addr - IMG_BASE);
}

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint8_t sum(const uint8_t *p, unsigned n)
{
	uint8_t s = 0;
	while (n--)
		s = (uint8_t)(s + *p++);
	return s;
}

/* A table header at off: signature, length, then its checksum fixed over length. */
static void sdt(struct image *im, unsigned off, const char *sig, uint32_t len)
{
	uint8_t *t = im->b + off;
	memcpy(t, sig, 4);
	put_le(t + 4, len, 4);
	t[8] = 1;
	memcpy(t + 10, "UPMTST", 6);
	t[9] = 0;
	t[9] = (uint8_t)(0 - sum(t, len));
}

static void fix_rsdp(struct image *im)
{
	uint8_t *p = im->b + RSDP_AT;
	p[8] = 0;
	p[8] = (uint8_t)(0 - sum(p, 20));
	p[32] = 0;
	p[32] = (uint8_t)(0 - sum(p, 36));
}

/* ACPI 2.0 firmware: RSDP revision 2 naming both roots; the XSDT lists APIC, MCFG and
 * SRAT, the RSDT (ACPI 1.0's) only APIC and MCFG. MCFG: one window, base 0xE0000000,
 * segment 0, buses 0-0xFF (PCI Firmware Specification 3.0, 4.1.2). */
static void build(struct image *im)
{
	memset(im, 0, sizeof *im);
	uint8_t *p = im->b + RSDP_AT;
	memcpy(p, "RSD PTR ", 8);
	memcpy(p + 9, "UPMTST", 6);
	p[15] = 2;
	put_le(p + 16, IMG_BASE + RSDT_AT, 4);
	put_le(p + 20, 36, 4);
	put_le(p + 24, IMG_BASE + XSDT_AT, 8);
	fix_rsdp(im);

	uint8_t *m = im->b + MCFG_AT;
	put_le(m + 44, 0xE0000000u, 8);
	m[44 + 11] = 0xFF;
	sdt(im, MCFG_AT, "MCFG", 60);
	sdt(im, APIC_AT, "APIC", 44);
	sdt(im, SRAT_AT, "SRAT", 48);

	put_le(im->b + XSDT_AT + 36, IMG_BASE + APIC_AT, 8);
	put_le(im->b + XSDT_AT + 44, IMG_BASE + MCFG_AT, 8);
	put_le(im->b + XSDT_AT + 52, IMG_BASE + SRAT_AT, 8);
	sdt(im, XSDT_AT, "XSDT", 36 + 3 * 8);
	put_le(im->b + RSDT_AT + 36, (uint32_t)(IMG_BASE + APIC_AT), 4);
	put_le(im->b + RSDT_AT + 40, (uint32_t)(IMG_BASE + MCFG_AT), 4);
	sdt(im, RSDT_AT, "RSDT", 36 + 2 * 4);
}

/* What a lookup gave: the table, its length, and why not. */
struct found {
	const uint8_t *t;
	uint32_t len;
	char why[160];
};

static enum upm_acpi_lookup find(struct image *im, const char *sig, struct found *f)
{
	const struct upm_acpi_memory mem = { view, im };
	return upm_acpi_find(&mem, IMG_BASE + RSDP_AT, sig, &f->t, &f->len, f->why, sizeof f->why);
}

/* The lookup of sig is refused, with why (the line the firmware bug is said in). */
static void refused(struct image *im, const char *sig, const char *why)
{
	struct found f;
	enum upm_acpi_lookup got = find(im, sig, &f);
	if (got != UPM_ACPI_REFUSED || strcmp(f.why, why) != 0 || f.t != NULL || f.len != 0)
		upm_test_fail(__FILE__, __LINE__, "%s: got %d '%s', want refused '%s'", sig, (int)got, f.why, why);
}

TEST(acpi_finds_mcfg_through_the_xsdt)
{
	static struct image im;
	struct found f;
	build(&im);
	CHECK_EQ(find(&im, "MCFG", &f), UPM_ACPI_FOUND);
	CHECK(f.t == im.b + MCFG_AT);
	CHECK_EQ(f.len, 60);
	CHECK_STR(f.why, "");
	struct upm_ecam_window w[2];
	unsigned total;
	CHECK_EQ(upm_mcfg_parse(f.t, f.len, w, 2, &total), 1);
	CHECK_EQ(w[0].base, 0xE0000000u);
	CHECK_EQ(w[0].bus_end, 0xFF);
	/* Only the XSDT lists the SRAT: found, so the XSDT was the root walked. */
	CHECK_EQ(find(&im, "SRAT", &f), UPM_ACPI_FOUND);
	CHECK(f.t == im.b + SRAT_AT);
}

TEST(acpi_revision_0_rsdp_walks_the_rsdt)
{
	static struct image im;
	struct found f;
	build(&im);
	im.b[RSDP_AT + 15] = 0; /* ACPI 1.0: the XSDT field is not part of the structure */
	fix_rsdp(&im);
	CHECK_EQ(find(&im, "MCFG", &f), UPM_ACPI_FOUND);
	CHECK(f.t == im.b + MCFG_AT);
	CHECK_EQ(find(&im, "SRAT", &f), UPM_ACPI_ABSENT);
	CHECK(f.t == NULL);
	/* A revision 2 RSDP without an XSDT address falls back to the RSDT too. */
	im.b[RSDP_AT + 15] = 2;
	put_le(im.b + RSDP_AT + 24, 0, 8);
	fix_rsdp(&im);
	CHECK_EQ(find(&im, "SRAT", &f), UPM_ACPI_ABSENT);
	CHECK_EQ(find(&im, "MCFG", &f), UPM_ACPI_FOUND);
}

TEST(acpi_absent_table_and_no_rsdp_are_absent_not_refused)
{
	static struct image im;
	struct found f;
	build(&im);
	CHECK_EQ(find(&im, "HPET", &f), UPM_ACPI_ABSENT);
	CHECK_STR(f.why, "");
	const struct upm_acpi_memory mem = { view, &im };
	CHECK_EQ(upm_acpi_find(&mem, 0, "MCFG", &f.t, &f.len, f.why, sizeof f.why), UPM_ACPI_ABSENT);
	CHECK_STR(f.why, "");
}

TEST(acpi_bad_rsdp_is_refused_with_its_reason)
{
	static struct image im;

	build(&im);
	im.b[RSDP_AT + 3] = 'X';
	refused(&im, "MCFG", "the ACPI RSDP at 0x7fb00000 lacks its 'RSD PTR ' signature");

	build(&im);
	im.b[RSDP_AT + 9] ^= 1; /* OEM ID: inside the first 20 bytes */
	refused(&im, "MCFG", "the ACPI RSDP at 0x7fb00000 has a wrong checksum");

	build(&im);
	im.b[RSDP_AT + 32] ^= 1; /* the extended checksum alone is off */
	refused(&im, "MCFG", "the ACPI RSDP at 0x7fb00000 has a wrong extended checksum");

	build(&im);
	put_le(im.b + RSDP_AT + 16, 0, 4);
	put_le(im.b + RSDP_AT + 24, 0, 8);
	fix_rsdp(&im);
	refused(&im, "MCFG", "the ACPI RSDP at 0x7fb00000 names neither an XSDT nor an RSDT");
}

TEST(acpi_bad_root_is_refused_before_any_entry_is_read)
{
	static struct image im;

	build(&im);
	im.b[XSDT_AT + 40] ^= 0x10; /* an entry's address changes: the root's checksum breaks */
	refused(&im, "MCFG", "the ACPI XSDT table at 0x7fb00100 has a wrong checksum");

	build(&im);
	memcpy(im.b + XSDT_AT, "RS\x01T", 4);
	refused(&im, "MCFG", "the ACPI XSDT table at 0x7fb00100 has the signature 'RS?T'");

	/* A length past the bound is corrupt, whatever its checksum: never read that far. */
	build(&im);
	put_le(im.b + XSDT_AT + 4, UPM_ACPI_ROOT_MAX_LEN + 4, 4);
	im.views = 0;
	refused(&im, "MCFG", "the ACPI XSDT table at 0x7fb00100 gives its length as 65540 bytes (36 to 65536 expected)");
	CHECK_EQ(im.views, 3); /* the RSDP twice, the XSDT's header */

	build(&im);
	put_le(im.b + XSDT_AT + 4, 35, 4);
	refused(&im, "MCFG", "the ACPI XSDT table at 0x7fb00100 gives its length as 35 bytes (36 to 65536 expected)");

	/* A length within the bound that runs past readable memory. */
	build(&im);
	put_le(im.b + XSDT_AT + 4, 0x1000, 4);
	refused(&im, "MCFG", "the ACPI XSDT table at 0x7fb00100 (4096 bytes) cannot be read");

	build(&im);
	put_le(im.b + RSDP_AT + 24, 0x1000, 8); /* outside the image */
	fix_rsdp(&im);
	refused(&im, "MCFG", "the ACPI XSDT table's address 0x1000 cannot be read");
}

TEST(acpi_bad_table_is_refused_and_others_still_found)
{
	static struct image im;
	struct found f;

	build(&im);
	im.b[MCFG_AT + 44] = 0x01; /* the window's base changes, its checksum does not */
	refused(&im, "MCFG", "the ACPI MCFG table at 0x7fb00300 has a wrong checksum");
	CHECK_EQ(find(&im, "SRAT", &f), UPM_ACPI_FOUND);

	build(&im);
	put_le(im.b + MCFG_AT + 4, UPM_ACPI_TABLE_MAX_LEN + 1, 4);
	refused(&im, "MCFG", "the ACPI MCFG table at 0x7fb00300 gives its length as 1048577 bytes (36 to 1048576 expected)");
}

TEST(acpi_unreadable_and_null_entries_are_skipped)
{
	static struct image im;
	struct found f;
	build(&im);
	/* The XSDT's first entry (APIC) becomes 0, its second points past memory. */
	put_le(im.b + XSDT_AT + 36, 0, 8);
	put_le(im.b + XSDT_AT + 44, 0xFFFFFFFFFFFFF000ull, 8);
	sdt(&im, XSDT_AT, "XSDT", 36 + 3 * 8);
	CHECK_EQ(find(&im, "MCFG", &f), UPM_ACPI_ABSENT);
	CHECK_EQ(find(&im, "SRAT", &f), UPM_ACPI_FOUND);
	CHECK(f.t == im.b + SRAT_AT);
}

TEST(acpi_root_entries_stop_at_the_root_length)
{
	static struct image im;
	struct found f;
	build(&im);
	/* The XSDT is cut to two entries (APIC, MCFG): the SRAT address after it is not an
	 * entry any more, though its bytes are still there. A length of 36 + 2 * 8 + 7 leaves
	 * a partial third entry that must not be read either. */
	sdt(&im, XSDT_AT, "XSDT", 36 + 2 * 8 + 7);
	CHECK_EQ(find(&im, "SRAT", &f), UPM_ACPI_ABSENT);
	CHECK_EQ(find(&im, "MCFG", &f), UPM_ACPI_FOUND);
}

/* The UEFI view reads only what the memory map describes: ranges in any order, touching
 * (a table across two descriptors), and nothing across a gap or past the end. */
TEST(acpi_phys_range_described_follows_the_memory_map)
{
	const struct upm_phys_range map[] = {
		{ 0x7fc00000, 0x100 }, /* 0x7fc00000-0x7fd00000, listed before its neighbour */
		{ 0x7fb00000, 0x100 }, /* 0x7fb00000-0x7fc00000 */
		{ 0x100000, 0x10 },    /* 0x100000-0x110000; then a gap */
		{ 0x120000, 0x10 },
	};
	CHECK_EQ(upm_phys_range_described(map, 4, 0x7fb00000, 36), 1);
	CHECK_EQ(upm_phys_range_described(map, 4, 0x7fbfffe0, 0x40), 1);  /* across two entries */
	CHECK_EQ(upm_phys_range_described(map, 4, 0x7fcfffe0, 0x20), 1);  /* up to the last byte */
	CHECK_EQ(upm_phys_range_described(map, 4, 0x7fcfffe0, 0x21), 0);  /* one byte past */
	CHECK_EQ(upm_phys_range_described(map, 4, 0x10fff0, 0x20), 0);    /* into the gap */
	CHECK_EQ(upm_phys_range_described(map, 4, 0x110000, 4), 0);       /* inside the gap */
	CHECK_EQ(upm_phys_range_described(map, 4, 0xfffff, 4), 0);        /* starts before */
	CHECK_EQ(upm_phys_range_described(map, 4, 0xFFFFFFFFFFFFFFF0ull, 0x20), 0); /* wraps */
	CHECK_EQ(upm_phys_range_described(map, 0, 0x7fb00000, 36), 0);
	/* A corrupt page count reaching past the address space is clamped, not wrapped. */
	const struct upm_phys_range huge[] = { { 0x1000, UINT64_MAX } };
	CHECK_EQ(upm_phys_range_described(huge, 1, 0x1000, 36), 1);
	CHECK_EQ(upm_phys_range_described(huge, 1, 0x0, 36), 0);
}

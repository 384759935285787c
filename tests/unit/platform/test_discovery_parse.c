/* The discovery table parser (platform/discovery_parse.c) on hand-built tables: every
 * word below is a literal, laid out as Linux's struct uncore_global_discovery and
 * struct uncore_unit_discovery say (arch/x86/events/intel/uncore_discovery.h). */
#include "tests/unit/test.h"
#include "platform/discovery.h"
#include <stdlib.h>

/* The global record: type 1, stride 4 words (32 bytes), max_units 3, access MMIO (1);
 * global control 0x12340000; status offset 8, 2 status registers. */
#define G1_STRIDE4_UNITS3 0x4000000000030401ull
#define G_CTL 0x0000000012340000ull
#define G3 0x0000000000000208ull
/* CHA 0 as on SPR: 4 counters x 48 bits, control offset 2, counter offset 8, status
 * offset 1, MSR; unit control 0x2000; box type 0 id 0, global status bit 5. */
#define CHA_T1 0x0000000108300204ull
#define CHA_CTL 0x0000000000002000ull
#define CHA_T3 0x0000000500000000ull
/* IMC channel: 4 x 48 bits, control offset 0x40, counter offset 0x08, MMIO; unit control
 * at physical 0xF2A22800; box type 6 id 0. */
#define IMC_T1 0x4000000008304004ull
#define IMC_CTL 0x00000000F2A22800ull
#define IMC_T3 0x0000000000000006ull
/* UPI link: 4 x 48 bits, control offset 0x38, counter offset 0x08, PCI; segment 1, bus
 * 0x7E, devfn 0x09 (device 1 function 1), offset 0x318; box type 8 id 0. */
#define UPI_T1 0x8000000008303804ull
#define UPI_CTL 0x0000000017E09318ull
#define UPI_T3 0x0000000000000008ull

static void put64(uint8_t *b, unsigned word, uint64_t v)
{
	for (unsigned i = 0; i < 8; i++)
		b[word * 8 + i] = (uint8_t)(v >> (8 * i));
}

/* A 4-record table (stride 4: record r at word 4*(r+1)) with the three units above. */
static void valid_table(uint8_t b[128])
{
	memset(b, 0, 128);
	put64(b, 0, G1_STRIDE4_UNITS3);
	put64(b, 1, G_CTL);
	put64(b, 2, G3);
	put64(b, 4, CHA_T1);
	put64(b, 5, CHA_CTL);
	put64(b, 6, CHA_T3);
	put64(b, 8, IMC_T1);
	put64(b, 9, IMC_CTL);
	put64(b, 10, IMC_T3);
	put64(b, 12, UPI_T1);
	put64(b, 13, UPI_CTL);
	put64(b, 14, UPI_T3);
}

static struct upm_disc_table *table_new(void)
{
	struct upm_disc_table *t = calloc(1, sizeof *t);
	CHECK(t != NULL);
	return t;
}

TEST(disc_parse_valid_table)
{
	uint8_t b[128];
	char why[160];
	struct upm_disc_table *t = table_new();
	if (!t)
		return;
	valid_table(b);
	t->socket = 7; /* the finder's fields stay as they are */
	t->base = 0xABC000;
	CHECK_EQ(upm_disc_parse(b, sizeof b, t, why, sizeof why), 0);
	CHECK_STR(why, "");
	CHECK_EQ(t->socket, 7);
	CHECK_EQ(t->base, 0xABC000);
	CHECK_EQ(t->global.type, 1);
	CHECK_EQ(t->global.stride, 4);
	CHECK_EQ(t->global.max_units, 3);
	CHECK_EQ(t->global.access, UPM_DISC_ACCESS_MMIO);
	CHECK_EQ(t->global.ctl_addr, 0x12340000);
	CHECK_EQ(t->global.status_offset, 8);
	CHECK_EQ(t->global.n_status, 2);
	CHECK_EQ(t->n_findings, 0);
	CHECK_EQ(t->n_units, 3);

	const struct upm_disc_unit *cha = &t->units[0];
	CHECK_EQ(cha->record, 0);
	CHECK_EQ(cha->access, UPM_DISC_ACCESS_MSR);
	CHECK_EQ(cha->n_ctrs, 4);
	CHECK_EQ(cha->ctr_width, 48);
	CHECK_EQ(cha->ctl_offset, 2);
	CHECK_EQ(cha->ctr_offset, 8);
	CHECK_EQ(cha->status_offset, 1);
	CHECK_EQ(cha->ctl_addr, 0x2000);
	CHECK_EQ(cha->box_type, 0);
	CHECK_EQ(cha->box_id, 0);
	CHECK_EQ(cha->global_status_pos, 5);
	/* Counter control 0 and counter 0 as PCM names them on SPR (src/types.h). */
	CHECK_EQ(cha->ctl_addr + cha->ctl_offset, 0x2002);
	CHECK_EQ(cha->ctl_addr + cha->ctr_offset, 0x2008);

	const struct upm_disc_unit *imc = &t->units[1];
	CHECK_EQ(imc->record, 1);
	CHECK_EQ(imc->access, UPM_DISC_ACCESS_MMIO);
	CHECK_EQ(imc->ctl_offset, 0x40);
	CHECK_EQ(imc->ctr_offset, 0x08);
	CHECK_EQ(imc->ctl_addr, 0xF2A22800);
	CHECK_EQ(imc->box_type, 6);
	CHECK_EQ(imc->pci.bus, 0); /* not decoded: not a PCI unit */

	const struct upm_disc_unit *upi = &t->units[2];
	CHECK_EQ(upi->record, 2);
	CHECK_EQ(upi->access, UPM_DISC_ACCESS_PCI);
	CHECK_EQ(upi->box_type, 8);
	CHECK_EQ(upi->ctl_addr, 0x17E09318);
	CHECK_EQ(upi->pci.seg, 1);
	CHECK_EQ(upi->pci.bus, 0x7E);
	CHECK_EQ(upi->pci.dev, 1);
	CHECK_EQ(upi->pci.fn, 1);
	CHECK_EQ(upi->pci.off, 0x318);
	CHECK_EQ(upi->ctl_offset, 0x38);
	free(t);
}

/* Parses b with record `record` replaced by (t1, ctl, t3); the other two stay valid. */
static struct upm_disc_table *parse_with(unsigned record, uint64_t t1, uint64_t ctl, uint64_t t3)
{
	uint8_t b[128];
	char why[160];
	struct upm_disc_table *t = table_new();
	if (!t)
		return NULL;
	valid_table(b);
	put64(b, 4 * (record + 1), t1);
	put64(b, 4 * (record + 1) + 1, ctl);
	put64(b, 4 * (record + 1) + 2, t3);
	CHECK_EQ(upm_disc_parse(b, sizeof b, t, why, sizeof why), 0);
	CHECK_EQ(t->n_units, 2);
	CHECK_EQ(t->n_findings, 1);
	for (unsigned i = 0; i < t->n_units; i++)
		CHECK(t->units[i].record != record);
	CHECK_EQ(t->findings[0].record, record);
	return t;
}

TEST(disc_parse_all_ones_records)
{
	struct upm_disc_table *t = parse_with(1, 0xFFFFFFFFFFFFFFFFull, IMC_CTL, IMC_T3);
	if (t) {
		CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_ALL_ONES);
		CHECK_EQ(t->findings[0].box_type, 6);
		CHECK_STR(t->findings[0].line,
			  "discovery record 1 (box type 6 id 0): table1 is all ones (0xffffffffffffffff): skipped");
		free(t);
	}
	t = parse_with(1, IMC_T1, 0xFFFFFFFFFFFFFFFFull, IMC_T3);
	if (t) {
		CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_ALL_ONES);
		CHECK_CONTAINS(t->findings[0].line, "unit control address is all ones");
		free(t);
	}
	/* table3 all ones: the box type and id are unknown. */
	t = parse_with(2, UPI_T1, UPI_CTL, 0xFFFFFFFFFFFFFFFFull);
	if (t) {
		CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_ALL_ONES);
		CHECK_EQ(t->findings[0].box_type, 0xFFFF);
		CHECK_EQ(t->findings[0].box_id, 0xFFFF);
		CHECK_STR(t->findings[0].line,
			  "discovery record 2: table3 is all ones (0xffffffffffffffff): skipped");
		free(t);
	}
}

TEST(disc_parse_zero_records)
{
	struct upm_disc_table *t = parse_with(0, 0, CHA_CTL, CHA_T3);
	if (t) {
		CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_ZERO);
		CHECK_STR(t->findings[0].line, "discovery record 0 (box type 0 id 0): table1 is 0: skipped");
		free(t);
	}
	t = parse_with(0, CHA_T1, 0, CHA_T3);
	if (t) {
		CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_ZERO);
		CHECK_STR(t->findings[0].line,
			  "discovery record 0 (box type 0 id 0): unit control address is 0: skipped");
		free(t);
	}
}

TEST(disc_parse_zero_offsets)
{
	/* CHA with control offset 0 (table1 bits 15:8). */
	struct upm_disc_table *t = parse_with(0, 0x0000000108300004ull, CHA_CTL, CHA_T3);
	if (t) {
		CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_BAD_OFFSET);
		CHECK_STR(t->findings[0].line,
			  "discovery record 0 (box type 0 id 0): control offset 0 (control offset 0x0, "
			  "counter offset 0x8) at MSR 0x2000: skipped");
		free(t);
	}
	/* CHA with counter offset 0 (table1 bits 31:24). */
	t = parse_with(0, 0x0000000100300204ull, CHA_CTL, CHA_T3);
	if (t) {
		CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_BAD_OFFSET);
		CHECK_CONTAINS(t->findings[0].line, "counter offset 0 (control offset 0x2, counter offset 0x0)");
		free(t);
	}
}

TEST(disc_parse_duplicate_and_reserved_access)
{
	/* Record 2 repeats record 0's box type 0 id 0 at another address. */
	struct upm_disc_table *t = parse_with(2, CHA_T1, 0x2010, CHA_T3);
	if (t) {
		CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_DUPLICATE);
		CHECK_EQ(t->units[0].ctl_addr, 0x2000); /* the first one is kept */
		CHECK_STR(t->findings[0].line,
			  "discovery record 2 (box type 0 id 0): repeats box type 0 id 0 (MSR 0x2010): skipped");
		free(t);
	}
	/* The same type with another id is no duplicate. */
	uint8_t b[128];
	char why[160];
	t = table_new();
	if (t) {
		valid_table(b);
		put64(b, 12, CHA_T1);
		put64(b, 13, 0x2010);
		put64(b, 14, 0x0000000600010000ull); /* type 0 id 1 */
		CHECK_EQ(upm_disc_parse(b, sizeof b, t, why, sizeof why), 0);
		CHECK_EQ(t->n_units, 3);
		CHECK_EQ(t->n_findings, 0);
		CHECK_EQ(t->units[2].box_id, 1);
		free(t);
	}
	/* Access type 3 (table1 bits 63:62 = 11). */
	t = parse_with(1, 0xC000000008304004ull, IMC_CTL, IMC_T3);
	if (t) {
		CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_OUTSIDE);
		CHECK_CONTAINS(t->findings[0].line, "discovery record 1 (box type 6 id 0): access type 3 (reserved");
		CHECK_CONTAINS(t->findings[0].line, "0xc000000008304004");
		free(t);
	}
}

TEST(disc_parse_truncated_table)
{
	uint8_t b[128];
	char why[160];
	struct upm_disc_table *t = table_new();
	if (!t)
		return;
	valid_table(b);
	/* 70 bytes: record 0 (bytes 32-55) whole, record 1 (64-87) cut, record 2 missing. */
	CHECK_EQ(upm_disc_parse(b, 70, t, why, sizeof why), 0);
	CHECK_EQ(t->n_units, 1);
	CHECK_EQ(t->units[0].ctl_addr, 0x2000);
	CHECK_EQ(t->n_findings, 1); /* one finding, not one per missing record */
	CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_TRUNCATED);
	CHECK_EQ(t->findings[0].record, 1);
	CHECK_STR(t->findings[0].line,
		  "discovery record 1: past the 70 bytes read (it spans bytes 64-87): 2 of 3 records "
		  "not read (truncated table)");
	/* The global record alone: every unit is past the end. */
	CHECK_EQ(upm_disc_parse(b, 24, t, why, sizeof why), 0);
	CHECK_EQ(t->n_units, 0);
	CHECK_EQ(t->n_findings, 1);
	CHECK_EQ(t->findings[0].record, 0);
	CHECK_CONTAINS(t->findings[0].line, "3 of 3 records not read");
	/* Less than the global record: no table. */
	CHECK_EQ(upm_disc_parse(b, 23, t, why, sizeof why), -1);
	CHECK_STR(why, "the discovery table's global record needs 24 bytes, 23 were read");
	free(t);
}

TEST(disc_parse_bad_global_record)
{
	uint8_t b[128];
	char why[160];
	struct upm_disc_table *t = table_new();
	if (!t)
		return;
	/* Stride 0 (table1 bits 15:8): every record would be the global record. */
	valid_table(b);
	put64(b, 0, 0x4000000000030001ull);
	CHECK_EQ(upm_disc_parse(b, sizeof b, t, why, sizeof why), -1);
	CHECK_STR(why, "the discovery table's stride is 0 words, less than the 3 a record holds "
		       "(global record 0x4000000000030001)");
	CHECK_EQ(t->n_units, 0);
	/* Stride 2: records would overlap. */
	put64(b, 0, 0x4000000000030201ull);
	CHECK_EQ(upm_disc_parse(b, sizeof b, t, why, sizeof why), -1);
	CHECK_CONTAINS(why, "stride is 2 words");
	/* Global control 0, as Linux's "Invalid Global Discovery State". */
	valid_table(b);
	put64(b, 1, 0);
	CHECK_EQ(upm_disc_parse(b, sizeof b, t, why, sizeof why), -1);
	CHECK_CONTAINS(why, "global record is invalid (0x4000000000030401 0x0 0x208");
	/* table3 all ones. */
	valid_table(b);
	put64(b, 2, 0xFFFFFFFFFFFFFFFFull);
	CHECK_EQ(upm_disc_parse(b, sizeof b, t, why, sizeof why), -1);
	CHECK_CONTAINS(why, "global record is invalid");
	/* Reserved access type for the global control. */
	valid_table(b);
	put64(b, 0, 0xC000000000030401ull);
	CHECK_EQ(upm_disc_parse(b, sizeof b, t, why, sizeof why), -1);
	CHECK_CONTAINS(why, "reserved access type 3");
	free(t);
}

TEST(disc_parse_more_units_than_kept)
{
	/* max_units 600 (table1 bits 25:16 = 0x258), stride 3: 600 valid CHA-like records
	 * with ids 0..599; the first UPM_DISC_MAX_UNITS are kept, the rest is one finding. */
	enum { N = 600 };
	size_t len = (size_t)(N + 1) * 24;
	uint8_t *b = calloc(1, len);
	struct upm_disc_table *t = table_new();
	char why[160];
	if (!b || !t) {
		free(b);
		free(t);
		return;
	}
	put64(b, 0, 0x4000000002580301ull);
	put64(b, 1, G_CTL);
	put64(b, 2, G3);
	for (unsigned i = 0; i < N; i++) {
		put64(b, 3 * (i + 1), CHA_T1);
		put64(b, 3 * (i + 1) + 1, 0x2000 + 0x10ull * i);
		put64(b, 3 * (i + 1) + 2, (uint64_t)i << 16);
	}
	CHECK_EQ(UPM_DISC_MAX_UNITS, 512);
	CHECK_EQ(upm_disc_parse(b, len, t, why, sizeof why), 0);
	CHECK_EQ(t->global.max_units, 600);
	CHECK_EQ(t->n_units, 512);
	CHECK_EQ(t->units[511].box_id, 511);
	CHECK_EQ(t->units[511].ctl_addr, 0x2000 + 0x10 * 511);
	CHECK_EQ(t->n_findings, 1);
	CHECK_EQ(t->findings[0].why, UPM_DISC_SKIP_TOO_MANY);
	CHECK_EQ(t->findings[0].record, 512);
	CHECK_STR(t->findings[0].line, "discovery record 512: not kept, nor the 87 valid records after "
				       "it: upmon holds 512 units per table");
	free(b);
	free(t);
}

TEST(disc_parse_findings_past_the_limit_are_counted)
{
	/* 40 all-zero records: 32 findings kept, 8 counted. */
	enum { N = 40 };
	uint8_t b[(N + 1) * 24];
	char why[160];
	struct upm_disc_table *t = table_new();
	if (!t)
		return;
	memset(b, 0, sizeof b);
	put64(b, 0, 0x4000000000280301ull); /* max_units 40, stride 3 */
	put64(b, 1, G_CTL);
	put64(b, 2, G3);
	CHECK_EQ(upm_disc_parse(b, sizeof b, t, why, sizeof why), 0);
	CHECK_EQ(t->n_units, 0);
	CHECK_EQ(t->n_findings, UPM_DISC_MAX_FINDINGS);
	CHECK_EQ(t->findings_dropped, N - UPM_DISC_MAX_FINDINGS);
	CHECK_EQ(t->findings[31].record, 31);
	free(t);
}

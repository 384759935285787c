/* The uncore discovery table's parser: one table's bytes in, its global record, its unit
 * records and a finding for every record it skips out (platform/discovery.h). Pure: no
 * access, no allocation. The layout and the skip rules are Linux's
 * (arch/x86/events/intel/uncore_discovery.h: struct uncore_global_discovery,
 * struct uncore_unit_discovery, uncore_discovery_invalid_unit, UNCORE_DISCOVERY_PCI_*;
 * uncore_discovery.c: parse_discovery_table, uncore_insert_box_info), the same fields in
 * Intel PCM (src/uncore_pmu_discovery.h: GlobalPMU, BoxPMU) and LIKWID
 * (src/includes/intel_perfmon_uncore_discovery.h, which adds global_status_position)
 * (docs/discovery.md, The record layout). */
#include "platform/discovery.h"
#include "platform/base/str.h"

#define ALL_ONES 0xFFFFFFFFFFFFFFFFull
/* A record is three 64-bit words (table1, the control address, table3): Linux reads
 * sizeof(struct uncore_unit_discovery) = 24 bytes at each record's start. */
#define RECORD_WORDS 3u
#define RECORD_BYTES (RECORD_WORDS * 8u)

static uint64_t word_at(const uint8_t *bytes, size_t off)
{
	return upm_get_le(bytes + off, 8);
}

static unsigned bits(uint64_t v, unsigned hi, unsigned lo)
{
	return (unsigned)((v >> lo) & ((1ull << (hi - lo + 1)) - 1));
}

static const char *access_name(unsigned access)
{
	static const char *const names[] = { "MSR", "MMIO", "PCI", "reserved" };
	return names[access & 3];
}

/* Adds a finding; past UPM_DISC_MAX_FINDINGS it is counted in findings_dropped. The line
 * is "discovery record R (box type T id I): what" or, where table3 says nothing usable,
 * "discovery record R: what". */
static void add_finding(struct upm_disc_table *t, enum upm_disc_skip why, unsigned record,
			uint16_t box_type, uint16_t box_id, const char *what)
{
	if (t->n_findings >= UPM_DISC_MAX_FINDINGS) {
		t->findings_dropped++;
		return;
	}
	struct upm_disc_finding *f = &t->findings[t->n_findings++];
	f->why = why;
	f->record = record;
	f->box_type = box_type;
	f->box_id = box_id;
	if (box_type == 0xFFFF && box_id == 0xFFFF)
		upm_snprintf(f->line, sizeof f->line, "discovery record %u: %s", record, what);
	else
		upm_snprintf(f->line, sizeof f->line, "discovery record %u (box type %u id %u): %s",
			     record, box_type, box_id, what);
}

static int parse_global(const uint8_t *bytes, size_t len, struct upm_disc_global *g, char *why,
			size_t why_size)
{
	if (len < RECORD_BYTES) {
		upm_snprintf(why, why_size,
			     "the discovery table's global record needs %u bytes, %lu were read",
			     RECORD_BYTES, (unsigned long)len);
		return -1;
	}
	uint64_t t1 = word_at(bytes, 0), ctl = word_at(bytes, 8), t3 = word_at(bytes, 16);
	g->type = (uint8_t)bits(t1, 7, 0);
	g->stride = (uint8_t)bits(t1, 15, 8);
	g->max_units = (uint16_t)bits(t1, 25, 16);
	g->access = (uint8_t)bits(t1, 63, 62);
	g->ctl_addr = ctl;
	g->status_offset = (uint8_t)bits(t3, 7, 0);
	g->n_status = (uint16_t)bits(t3, 23, 8);
	/* Linux refuses the whole table on these (parse_discovery_table: "Invalid Global
	 * Discovery State", uncore_discovery_invalid_unit applied to the global record). */
	if (t1 == 0 || t1 == ALL_ONES || ctl == 0 || ctl == ALL_ONES || t3 == ALL_ONES) {
		upm_snprintf(why, why_size,
			     "the discovery table's global record is invalid (0x%llx 0x%llx 0x%llx: "
			     "a word zero or all ones), so no unit of it can be trusted",
			     (unsigned long long)t1, (unsigned long long)ctl, (unsigned long long)t3);
		return -1;
	}
	/* Records are stride*8 bytes apart (Linux: (i + 1) * (global.stride * 8)); a stride
	 * below three words would overlap each record with the next. Linux does not check
	 * this (a stride of 0 there reads the global record max_units times). */
	if (g->stride < RECORD_WORDS) {
		upm_snprintf(why, why_size,
			     "the discovery table's stride is %u words, less than the %u a record "
			     "holds (global record 0x%llx)",
			     g->stride, RECORD_WORDS, (unsigned long long)t1);
		return -1;
	}
	/* The global control is reached by this access type (LIKWID freezes every unit
	 * through it); 3 means nothing. Linux never reads it. */
	if (g->access == UPM_DISC_ACCESS_RESERVED) {
		upm_snprintf(why, why_size,
			     "the discovery table's global record has the reserved access type 3 "
			     "(0x%llx): its global control 0x%llx cannot be reached",
			     (unsigned long long)t1, (unsigned long long)ctl);
		return -1;
	}
	return 0;
}

/* 1 when a unit already kept has this (box type, box id). */
static int seen(const struct upm_disc_table *t, uint16_t type, uint16_t id)
{
	for (unsigned i = 0; i < t->n_units; i++)
		if (t->units[i].box_type == type && t->units[i].box_id == id)
			return 1;
	return 0;
}

static void decode_unit(struct upm_disc_unit *u, unsigned record, uint64_t t1, uint64_t ctl,
			uint64_t t3)
{
	upm_memset(u, 0, sizeof *u);
	u->record = record;
	u->n_ctrs = (uint8_t)bits(t1, 7, 0);
	u->ctl_offset = (uint8_t)bits(t1, 15, 8);
	u->ctr_width = (uint8_t)bits(t1, 23, 16);
	u->ctr_offset = (uint8_t)bits(t1, 31, 24);
	u->status_offset = (uint8_t)bits(t1, 39, 32);
	u->access = (uint8_t)bits(t1, 63, 62);
	u->ctl_addr = ctl;
	u->box_type = (uint16_t)bits(t3, 15, 0);
	u->box_id = (uint16_t)bits(t3, 31, 16);
	u->global_status_pos = (uint16_t)bits(t3, 47, 32);
	if (u->access == UPM_DISC_ACCESS_PCI) {
		/* UNCORE_DISCOVERY_PCI_DOMAIN 30:28, _BUS 27:20, _DEVFN 19:12, _BOX_CTRL 11:0
		 * (PCM's PCICFGAddress has the same bus/device/function/offset, no segment). */
		unsigned devfn = bits(ctl, 19, 12);
		u->pci.seg = (uint16_t)bits(ctl, 30, 28);
		u->pci.bus = (uint8_t)bits(ctl, 27, 20);
		u->pci.dev = (uint8_t)(devfn >> 3);
		u->pci.fn = (uint8_t)(devfn & 7);
		u->pci.off = (uint16_t)bits(ctl, 11, 0);
	}
}

/* Checks one record in Linux's order (parse_discovery_table: uncore_discovery_invalid_unit,
 * then the access type; uncore_insert_box_info: "Invalid address", then "Duplicate uncore
 * type"); 0 when it is a unit, else a finding was added. */
static int check_record(struct upm_disc_table *t, unsigned i, uint64_t t1, uint64_t ctl, uint64_t t3)
{
	char what[120];
	/* table3 all ones: its box type and id say nothing. */
	uint16_t type = t3 == ALL_ONES ? 0xFFFF : (uint16_t)bits(t3, 15, 0);
	uint16_t id = t3 == ALL_ONES ? 0xFFFF : (uint16_t)bits(t3, 31, 16);
	if (t1 == ALL_ONES || ctl == ALL_ONES || t3 == ALL_ONES) {
		const char *word = t1 == ALL_ONES ? "table1" : ctl == ALL_ONES ? "unit control address" : "table3";
		upm_snprintf(what, sizeof what, "%s is all ones (0xffffffffffffffff): skipped", word);
		add_finding(t, UPM_DISC_SKIP_ALL_ONES, i, type, id, what);
		return -1;
	}
	if (t1 == 0 || ctl == 0) {
		upm_snprintf(what, sizeof what, "%s is 0: skipped",
			     t1 == 0 ? "table1" : "unit control address");
		add_finding(t, UPM_DISC_SKIP_ZERO, i, type, id, what);
		return -1;
	}
	unsigned access = bits(t1, 63, 62);
	if (access == UPM_DISC_ACCESS_RESERVED) {
		upm_snprintf(what, sizeof what,
			     "access type 3 (reserved; 0 MSR, 1 MMIO, 2 PCI) in table1 0x%llx: skipped",
			     (unsigned long long)t1);
		add_finding(t, UPM_DISC_SKIP_OUTSIDE, i, type, id, what);
		return -1;
	}
	unsigned ctl_off = bits(t1, 15, 8), ctr_off = bits(t1, 31, 24);
	if (ctl_off == 0 || ctr_off == 0) {
		upm_snprintf(what, sizeof what,
			     "%s offset 0 (control offset 0x%x, counter offset 0x%x) at %s 0x%llx: skipped",
			     ctl_off == 0 ? "control" : "counter", ctl_off, ctr_off, access_name(access),
			     (unsigned long long)ctl);
		add_finding(t, UPM_DISC_SKIP_BAD_OFFSET, i, type, id, what);
		return -1;
	}
	if (seen(t, type, id)) {
		upm_snprintf(what, sizeof what, "repeats box type %u id %u (%s 0x%llx): skipped", type, id,
			     access_name(access), (unsigned long long)ctl);
		add_finding(t, UPM_DISC_SKIP_DUPLICATE, i, type, id, what);
		return -1;
	}
	return 0;
}

int upm_disc_parse(const uint8_t *bytes, size_t len, struct upm_disc_table *out, char *why,
		   size_t why_size)
{
	if (why && why_size)
		why[0] = '\0';
	out->n_units = 0;
	out->n_findings = 0;
	out->findings_dropped = 0;
	upm_memset(&out->global, 0, sizeof out->global);
	char scratch[1];
	if (!why || !why_size) {
		why = scratch;
		why_size = sizeof scratch;
	}
	if (!bytes)
		len = 0;
	if (parse_global(bytes, len, &out->global, why, why_size) < 0)
		return -1;

	const size_t step = (size_t)out->global.stride * 8;
	unsigned first_dropped = 0, n_dropped = 0;
	for (unsigned i = 0; i < out->global.max_units; i++) {
		size_t off = (size_t)(i + 1) * step;
		if (off > len || len - off < RECORD_BYTES) {
			/* One finding for every record the bytes do not hold. */
			char what[120];
			unsigned missing = out->global.max_units - i;
			upm_snprintf(what, sizeof what,
				     "past the %lu bytes read (it spans bytes %lu-%lu): %u of %u records not "
				     "read (truncated table)",
				     (unsigned long)len, (unsigned long)off,
				     (unsigned long)(off + RECORD_BYTES - 1), missing, out->global.max_units);
			add_finding(out, UPM_DISC_SKIP_TRUNCATED, i, 0xFFFF, 0xFFFF, what);
			break;
		}
		uint64_t t1 = word_at(bytes, off), ctl = word_at(bytes, off + 8), t3 = word_at(bytes, off + 16);
		if (check_record(out, i, t1, ctl, t3) < 0)
			continue;
		if (out->n_units >= UPM_DISC_MAX_UNITS) {
			if (!n_dropped++)
				first_dropped = i;
			continue;
		}
		decode_unit(&out->units[out->n_units++], i, t1, ctl, t3);
	}
	if (n_dropped) {
		char what[120];
		upm_snprintf(what, sizeof what,
			     "not kept, nor the %u valid records after it: upmon holds %u units per table",
			     n_dropped - 1, UPM_DISC_MAX_UNITS);
		add_finding(out, UPM_DISC_SKIP_TOO_MANY, first_dropped, 0xFFFF, 0xFFFF, what);
	}
	return 0;
}

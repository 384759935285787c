/* Intel perfmon's Sapphire/Emerald Rapids uncore files against the compiled tables
 * (boxes/spr/): each file's facts (tests/data/perfmon/NAME.csv, written by
 * tools/perfmon_events.py from the perfmon commit boxes/spr/events.h names) are looked up
 * by perfmon's own name. A present event must program exactly the file's encoding and
 * counters (a free-running one: be in its unit's free-running table with its counter);
 * at least 95% of each file's events (deprecated ones aside) must be present. And every
 * table entry must fit the control fields its unit declares. */
#include <stdlib.h>
#include "tests/unit/test.h"
#include "tests/unit/spr_platform.h"
#include "tests/unit/perfmon_csv.h"
#include "core/events/spec.h"

#define MAX_COLS 12

static const struct upm_spr_unit_events *unit_of(int emr, const char *perfmon_unit)
{
	const struct upm_spr_unit_events *u = emr ? upm_emr_units : upm_spr_units;
	unsigned n = emr ? upm_emr_n_units : upm_spr_n_units;
	for (unsigned i = 0; i < n; i++)
		if (strcmp(u[i].perfmon_unit, perfmon_unit) == 0)
			return &u[i];
	return NULL;
}

struct coverage {
	unsigned total, present, programmable, freerun;
};

static void walk(const char *file, int emr, struct coverage *cv)
{
	char path[160];
	snprintf(path, sizeof path, "tests/data/perfmon/%s.csv", file);
	FILE *f = fopen(path, "r");
	if (!f) {
		upm_test_fail(__FILE__, __LINE__, "cannot open %s (run the tests from the source root)", path);
		return;
	}
	const struct upm_platform *p = upm_test_spr_platform(emr);
	char line[512];
	int header = 1;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = 0;
		if (line[0] == '#' || !line[0])
			continue;
		char *c[MAX_COLS];
		if (perfmon_csv_split(line, c, MAX_COLS) != 10) {
			upm_test_fail(__FILE__, __LINE__, "%s: malformed line %.60s", file, line);
			continue;
		}
		if (header) { /* unit,name,event,umask,umask_ext,port_mask,fc_mask,counters,counter_type,deprecated */
			header = 0;
			CHECK_STR(c[1], "name");
			continue;
		}
		if (strcmp(c[9], "1") == 0)
			continue; /* deprecated: may go */
		cv->total++;
		const struct upm_spr_unit_events *u = unit_of(emr, c[0]);
		if (!u)
			continue;
		if (strcmp(c[8], "FREERUN") == 0) {
			const char *short_name = c[1] + strlen(u->prefix);
			unsigned ctr = (unsigned)strtoul(c[7], NULL, 10);
			for (unsigned i = 0; u->freerun && i < *u->n_freerun; i++) {
				if (strcmp(u->freerun[i].name, short_name) != 0)
					continue;
				if (u->freerun[i].counter != ctr)
					upm_test_fail(__FILE__, __LINE__, "%s %s: free-running counter %u, file %u", file, c[1],
						      u->freerun[i].counter, ctr);
				cv->present++;
				cv->freerun++;
			}
			continue;
		}
		struct upm_spec sp;
		char err[300];
		if (upm_spec_parse(p, c[1], &sp, err, sizeof err) < 0)
			continue; /* not in the tables */
		uint64_t want = perfmon_csv_config(c);
		unsigned ctrs = perfmon_csv_counters(c[7]);
		if (sp.ctl != want || sp.counters != ctrs || strcmp(sp.box->name, u->unit) != 0)
			upm_test_fail(__FILE__, __LINE__, "%s %s: %s ctl 0x%llx counters 0x%x, file 0x%llx 0x%x", file, c[1],
				      sp.box->name, (unsigned long long)sp.ctl, sp.counters, (unsigned long long)want, ctrs);
		cv->present++;
		cv->programmable++;
	}
	fclose(f);
}

static void expect_coverage(const char *file, int emr, unsigned total, unsigned programmable, unsigned freerun)
{
	struct coverage cv = { 0 };
	walk(file, emr, &cv);
	if (cv.present * 100 < cv.total * 95)
		upm_test_fail(__FILE__, __LINE__, "%s: %u of %u events present (%u%%), below 95%%", file, cv.present,
			      cv.total, cv.total ? cv.present * 100 / cv.total : 0);
	/* The counts at the generation's perfmon commit. Every programmable and free-running
	 * entry is in the tables; what the totals hold beyond them is deprecated. */
	CHECK_EQ(cv.total, total);
	CHECK_EQ(cv.programmable, programmable);
	CHECK_EQ(cv.freerun, freerun);
}

TEST(spr_perfmon_uncore_coverage)
{
	expect_coverage("sapphirerapids_uncore", 0, 289, 288, 1);
}

TEST(spr_perfmon_uncore_experimental_coverage)
{
	expect_coverage("sapphirerapids_uncore_experimental", 0, 1993, 1977, 16);
}

TEST(emr_perfmon_uncore_coverage)
{
	expect_coverage("emeraldrapids_uncore", 1, 289, 288, 1);
}

TEST(emr_perfmon_uncore_experimental_coverage)
{
	expect_coverage("emeraldrapids_uncore_experimental", 1, 2015, 1999, 16);
}

/* A value that does not fit its field would be cut (or refused) when programmed. */
static void check_fits(const struct upm_spr_unit_events *u, const char *ev, const char *um, uint64_t ext,
		       uint64_t port, uint64_t fc)
{
	struct {
		const char *what;
		struct upm_bitfield f;
		uint64_t v;
	} parts[] = { { "umask_ext", u->umask_ext, ext }, { "port_mask", u->port_mask, port }, { "fc_mask", u->fc_mask, fc } };
	for (unsigned i = 0; i < 3; i++)
		if (parts[i].v && !upm_field_fits(parts[i].f, parts[i].v))
			upm_test_fail(__FILE__, __LINE__, "%s/%s%s%s: %s 0x%llx does not fit %u bits", u->unit, ev, um ? "." : "",
				      um ? um : "", parts[i].what, (unsigned long long)parts[i].v, parts[i].f.width);
}

static void check_unit_fields(const struct upm_spr_unit_events *units, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		const struct upm_spr_unit_events *u = &units[i];
		for (unsigned k = 0; k < *u->n_events; k++) {
			const struct upm_event_def *e = &u->events[k];
			if (e->code > 0xFF || e->ext || e->umask > 0xFF || !e->counters)
				upm_test_fail(__FILE__, __LINE__, "%s/%s: code 0x%x, umask 0x%x, counters 0x%x", u->unit, e->name,
					      e->code, e->umask, e->counters);
			check_fits(u, e->name, NULL, e->umask_ext, e->port_mask, e->fc_mask);
			for (unsigned m = 0; m < e->n_umasks; m++) {
				const struct upm_umask *um = &e->umasks[m];
				if (um->value > 0xFF)
					upm_test_fail(__FILE__, __LINE__, "%s/%s.%s: umask 0x%x", u->unit, e->name, um->name,
						      um->value);
				check_fits(u, e->name, um->name, um->umask_ext, um->port_mask, um->fc_mask);
			}
		}
	}
}

TEST(spr_table_fields_fit_their_unit_layout)
{
	check_unit_fields(upm_spr_units, upm_spr_n_units);
	check_unit_fields(upm_emr_units, upm_emr_n_units);
	/* The fields the units declare (boxes/spr/events.h): PCM's widths, the CHA's widened
	 * to perfmon's CXL TOR entries (UMaskExt bits 28-29) and the M2M's Linux's 24 bits. */
	static const struct upm_bitfield cha = UPM_SPR_CHA_UMASK_EXT, port = UPM_SPR_IIO_PORT_MASK,
					 fc = UPM_SPR_IIO_FC_MASK, upi = UPM_SPR_UPI_UMASK_EXT, m2m = UPM_SPR_M2M_UMASK_EXT;
	CHECK_EQ(upm_field_mask(cha), 0x3FFFFFFFull << 32);
	CHECK_EQ(upm_field_mask(port), 0xFFFull << 36);
	CHECK_EQ(upm_field_mask(fc), 0x7ull << 48);
	CHECK_EQ(upm_field_mask(upi), 0xFFFFFFull << 32);
	CHECK_EQ(upm_field_mask(m2m), 0xFFFFFFull << 32);
}

/* Counts of events and of event.unit-mask entries per unit (an event without unit masks
 * is one entry; an event named alone with unit masks, one more), so a dropped or
 * duplicated entry fails. */
TEST(spr_table_counts_per_unit)
{
	static const struct {
		const char *unit;
		unsigned events, entries;
	} want[] = {
		{ "cha", 56, 687 },  { "iio", 23, 214 },  { "irp", 28, 54 },    { "m2pcie", 33, 152 },
		{ "pcu", 25, 25 },   { "imc", 47, 161 },  { "m2m", 44, 186 },   { "upi", 38, 122 },
		{ "m3upi", 54, 324 }, { "mdf", 3, 14 },   { "cxlcm", 9, 49 },   { "cxldp", 2, 7 },
		{ "m2hbm", 49, 175 }, { "mchbm", 20, 67 }, { "ubox", 7, 28 },
	};
	CHECK_EQ(upm_spr_n_units, UPM_ARRAY_LEN(want));
	for (unsigned i = 0; i < UPM_ARRAY_LEN(want) && i < upm_spr_n_units; i++) {
		const struct upm_spr_unit_events *u = &upm_spr_units[i];
		unsigned entries = 0;
		for (unsigned k = 0; k < *u->n_events; k++)
			entries += u->events[k].n_umasks + (u->events[k].n_umasks == 0 || u->events[k].named_alone);
		CHECK_STR(u->unit, want[i].unit);
		if (*u->n_events != want[i].events || entries != want[i].entries)
			upm_test_fail(__FILE__, __LINE__, "%s: %u events, %u entries; want %u, %u", u->unit, *u->n_events,
				      entries, want[i].events, want[i].entries);
	}
}

/* Emerald Rapids' CHA has a table of its own (its file adds CXL TOR entries); every other
 * unit shares Sapphire Rapids' (the converter found their entries equal). */
TEST(emr_table_counts_cha_own_rest_shared)
{
	CHECK_EQ(upm_emr_n_units, upm_spr_n_units);
	for (unsigned i = 0; i < upm_emr_n_units && i < upm_spr_n_units; i++) {
		const struct upm_spr_unit_events *e = &upm_emr_units[i], *s = &upm_spr_units[i];
		CHECK_STR(e->unit, s->unit);
		int own = strcmp(e->unit, "cha") == 0;
		if ((e->events != s->events) != own)
			upm_test_fail(__FILE__, __LINE__, "%s: EMR's table %s SPR's", e->unit, own ? "is" : "is not");
	}
	unsigned entries = 0;
	for (unsigned k = 0; k < upm_emr_n_events_cha; k++)
		entries += upm_emr_events_cha[k].n_umasks + (upm_emr_events_cha[k].n_umasks == 0 || upm_emr_events_cha[k].named_alone);
	CHECK_EQ(upm_emr_n_events_cha, 56);
	CHECK_EQ(entries, 709);
}

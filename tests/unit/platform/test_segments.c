/* PCI segments: every ACPI MCFG allocation entry becomes an ECAM window, and a socket
 * whose uncore sits on segment 1 is found through that segment's window, never through
 * CF8/CFC (which has no segment field) and never on a bus no window covers. MCFG layout:
 * PCI Firmware Specification 3.0, section 4.1.2 (36-byte ACPI header, 8 reserved bytes,
 * 16-byte entries: base u64, segment u16, start bus u8, end bus u8, 4 reserved). */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/results/info_record.h"
#include "core/session/discover.h"
#include "platform/mcfg.h"
#include "platform/pci.h"
#include "platform/replay.h"
#include <stdlib.h>
#include <string.h>

/* Header: "MCFG", length 60, revision 1, checksum, OEM fields (zero), then 8 reserved
 * bytes; one entry: base 0xE0000000, segment 0, buses 0x00-0xFF. */
static const uint8_t mcfg_one[60] = {
	'M', 'C', 'F', 'G', 60, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0x00, 0x00, 0x00, 0xE0, 0, 0, 0, 0, 0x00, 0x00, 0x00, 0xFF, 0, 0, 0, 0,
};

/* Two entries: segment 0 buses 0x00-0x7F at 0x80000000, segment 1 buses 0x00-0xFF at
 * 0x3_8000_0000 (a base above 4 GiB, as on multi-segment servers). */
static const uint8_t mcfg_two[76] = {
	'M', 'C', 'F', 'G', 76, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0x00, 0x00, 0x00, 0x80, 0, 0, 0, 0, 0x00, 0x00, 0x00, 0x7F, 0, 0, 0, 0,
	0x00, 0x00, 0x00, 0x80, 3, 0, 0, 0, 0x01, 0x00, 0x00, 0xFF, 0, 0, 0, 0,
};

TEST(mcfg_parse_one_entry)
{
	struct upm_ecam_window w[UPM_ECAM_MAX_WINDOWS];
	unsigned total;
	CHECK_EQ(upm_mcfg_parse(mcfg_one, sizeof mcfg_one, w, UPM_ECAM_MAX_WINDOWS, &total), 1);
	CHECK_EQ(total, 1);
	CHECK_EQ(w[0].base, 0xE0000000ull);
	CHECK_EQ(w[0].seg, 0);
	CHECK_EQ(w[0].bus_start, 0x00);
	CHECK_EQ(w[0].bus_end, 0xFF);
	/* The table's own length decides: a buffer cut inside the header is no table. */
	CHECK_EQ(upm_mcfg_parse(mcfg_one, 43, w, UPM_ECAM_MAX_WINDOWS, &total), 0);
	CHECK_EQ(total, 0);
}

TEST(mcfg_parse_two_entries)
{
	struct upm_ecam_window w[UPM_ECAM_MAX_WINDOWS];
	unsigned total;
	CHECK_EQ(upm_mcfg_parse(mcfg_two, sizeof mcfg_two, w, UPM_ECAM_MAX_WINDOWS, &total), 2);
	CHECK_EQ(total, 2);
	CHECK_EQ(w[0].base, 0x80000000ull);
	CHECK_EQ(w[0].seg, 0);
	CHECK_EQ(w[0].bus_end, 0x7F);
	CHECK_EQ(w[1].base, 0x380000000ull);
	CHECK_EQ(w[1].seg, 1);
	CHECK_EQ(w[1].bus_start, 0x00);
	CHECK_EQ(w[1].bus_end, 0xFF);
	/* A length field of 60 covers the first entry only, whatever follows in memory. */
	uint8_t cut[76];
	memcpy(cut, mcfg_two, sizeof cut);
	cut[4] = 60;
	CHECK_EQ(upm_mcfg_parse(cut, sizeof cut, w, UPM_ECAM_MAX_WINDOWS, &total), 1);
	CHECK_EQ(total, 1);
}

TEST(mcfg_parse_leaves_out_entries_that_cannot_be_windows)
{
	/* Each of these, in the place of mcfg_one's entry, is no window: nothing is ever
	 * read through it. Base at entry offset 0 (8 bytes), end bus at 11. */
	static const struct {
		uint64_t base;
		uint8_t bus_start, bus_end;
	} bad[] = {
		{ 0, 0x00, 0xFF },                    /* no base */
		{ 0xE0000800ull, 0x00, 0xFF },        /* not aligned to a bus (1 MiB) */
		{ 0xFFFFFFFFFFF00000ull, 0x00, 0xFF }, /* wraps past 2^64 */
		{ 0xFFFFFF0100000ull, 0x00, 0xFF },   /* ends 1 MiB past 2^52 */
		{ 0xE0000000ull, 0x80, 0x7F },        /* end bus below the start */
	};
	struct upm_ecam_window w[UPM_ECAM_MAX_WINDOWS];
	unsigned total;
	for (unsigned i = 0; i < UPM_ARRAY_LEN(bad); i++) {
		uint8_t t[60];
		memcpy(t, mcfg_one, sizeof t);
		for (unsigned k = 0; k < 8; k++)
			t[44 + k] = (uint8_t)(bad[i].base >> (8 * k));
		t[44 + 10] = bad[i].bus_start;
		t[44 + 11] = bad[i].bus_end;
		CHECK_EQ(upm_mcfg_parse(t, sizeof t, w, UPM_ECAM_MAX_WINDOWS, &total), 0);
		CHECK_EQ(total, 1);
	}
	/* The last bus of a window that ends right at 2^52 is still inside. */
	uint8_t top[60];
	memcpy(top, mcfg_one, sizeof top);
	for (unsigned k = 0; k < 8; k++)
		top[44 + k] = (uint8_t)(0xFFFFFF0000000ull >> (8 * k));
	top[44 + 11] = 0xFF;
	CHECK_EQ(upm_mcfg_parse(top, sizeof top, w, UPM_ECAM_MAX_WINDOWS, &total), 1);
}

TEST(mcfg_parse_seventeen_entries_keeps_sixteen)
{
	/* 44 + 17 * 16 = 316 bytes: entry i is segment i, base 0x1000_0000 * (i + 1). */
	uint8_t t[316];
	memset(t, 0, sizeof t);
	memcpy(t, "MCFG", 4);
	t[4] = 316 & 0xFF;
	t[5] = 316 >> 8;
	for (unsigned i = 0; i < 17; i++) {
		uint8_t *e = t + 44 + 16 * i;
		uint64_t base = 0x10000000ull * (i + 1);
		for (unsigned k = 0; k < 8; k++)
			e[k] = (uint8_t)(base >> (8 * k));
		e[8] = (uint8_t)i;
		e[11] = 0xFF;
	}
	struct upm_ecam_window w[UPM_ECAM_MAX_WINDOWS];
	unsigned total;
	CHECK_EQ(upm_mcfg_parse(t, sizeof t, w, UPM_ECAM_MAX_WINDOWS, &total), 16);
	CHECK_EQ(total, 17);
	CHECK_EQ(w[15].seg, 15);
	CHECK_EQ(w[15].base, 0x100000000ull);
}

/* 1 when a window of b covers (seg, bus). */
static int covered(struct upm_backend *b, uint16_t seg, uint8_t bus)
{
	struct upm_ecam_window w;
	return upm_ecam_window_for(b, seg, bus, &w) == UPM_OK;
}

TEST(segment1_uncore_found_through_its_window_only)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, "s1.segment=1") < 0)
		return;
	struct upm_ecam_window w;
	CHECK_EQ(upm_ecam_window_at(&f.trace->backend, 0, &w), UPM_OK);
	CHECK_EQ(w.seg, 0);
	CHECK_EQ(w.bus_end, 0x7F);
	CHECK_EQ(upm_ecam_window_at(&f.trace->backend, 1, &w), UPM_OK);
	CHECK_EQ(w.seg, 1);
	CHECK_EQ(w.bus_start, 0x00);
	CHECK_EQ(w.bus_end, 0xFF);
	CHECK_EQ(upm_ecam_window_at(&f.trace->backend, 2, &w), UPM_ENOTFOUND);

	struct upm_socket_bus buses[UPM_MAX_SOCKETS];
	CHECK_EQ(upm_discover_buses(&f.run, buses), 2);
	CHECK(buses[0].found && buses[1].found);
	CHECK_EQ(buses[0].seg, 0);
	CHECK_EQ(buses[0].bus, 0x7F);
	CHECK_EQ(buses[1].seg, 1);
	CHECK_EQ(buses[1].bus, 0xFF);

	/* A session measures both sockets: socket 1's boxes are addressed on segment 1. */
	struct upm_session *s = malloc(sizeof *s);
	if (s) {
		struct feed traffic = { 10000000, 4001, 998, 0, 0, 0 };
		CHECK_EQ(upm_session_prepare(s, &f.run, "imc/CAS_COUNT.RD/"), 0);
		CHECK_EQ(upm_session_run(s, feed_interval, &traffic), 0);
		for (unsigned sock = 0; sock < 2; sock++) {
			uint64_t rd = 0;
			for (unsigned ch = 0; ch < 4; ch++) {
				const struct upm_count *c = find_count(s, sock, "imc", ch, "CAS_COUNT.RD");
				rd += c ? c->delta : 0;
			}
			CHECK_EQ(rd, 4001);
		}
		upm_session_free(s);
		free(s);
	}

	/* Every configuration access: segment 1 never through CF8/CFC, ECAM never outside
	 * a window, and segment 1 was reached at all. */
	unsigned seg1 = 0, cf8_seg1 = 0, outside = 0;
	for (uint32_t i = 0; i < f.trace->n; i++) {
		const struct upm_trace_record *r = &f.trace->records[i];
		if (r->space != UPM_SPACE_PCI)
			continue;
		seg1 += r->seg == 1;
		cf8_seg1 += r->seg != 0 && r->mech == UPM_PCI_CF8;
		if (r->mech == UPM_PCI_ECAM || r->seg != 0)
			outside += !covered(&f.trace->backend, r->seg, r->bus);
	}
	CHECK(seg1 > 0);
	CHECK_EQ(cf8_seg1, 0);
	CHECK_EQ(outside, 0);
	CHECK_EQ(f.trace->dropped, 0);
	fixture_free(&f);
}

TEST(segment1_refused_through_cf8)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, "s1.segment=1") < 0)
		return;
	uint32_t cf8, v = 0;
	struct upm_pci_addr ubox = { 1, 0xFF, 11, 0, 0 };
	CHECK_EQ(upm_pci_cf8_encode(ubox, &cf8), UPM_EUNSUPPORTED);
	CHECK_EQ(upm_pci_read32_via(&f.trace->backend, UPM_PCI_CF8, ubox, &v), UPM_EUNSUPPORTED);
	/* Through its window it answers (SNB-EP UBox 8086:3CE0 at device 11 function 0). */
	CHECK_EQ(upm_pci_read32(&f.trace->backend, ubox, &v), UPM_OK);
	CHECK_EQ(v, 0x3CE08086u);
	/* Segment 0 bus 0xFF is now nobody's (socket 1 moved away): all ones via CF8/CFC. */
	struct upm_pci_addr seg0 = { 0, 0xFF, 11, 0, 0 };
	CHECK_EQ(upm_pci_read32(&f.trace->backend, seg0, &v), UPM_OK);
	CHECK_EQ(v, UPM_PCI_ABSENT);
	/* Without a window a segment other than 0 is unreachable. */
	struct upm_backend *none = NULL;
	char err[200];
	none = upm_mock_create("snbep", 2, "noecam", err, sizeof err);
	CHECK(none != NULL);
	if (none) {
		CHECK_EQ(upm_pci_read32(none, ubox, &v), UPM_EUNSUPPORTED);
		upm_backend_destroy(none);
	}
	fixture_free(&f);
}

TEST(segment_option_refused_where_it_cannot_be)
{
	char err[200];
	struct upm_backend *b = upm_mock_create("snbep", 2, "segment=1", err, sizeof err);
	CHECK(b == NULL);
	CHECK_CONTAINS(err, "s1.segment=1");
	b = upm_mock_create("snbep", 2, "s1.segment=2", err, sizeof err);
	CHECK(b == NULL);
	upm_backend_destroy(b);
}

TEST(pci_format_names_segment_only_when_not_0)
{
	char buf[32];
	struct upm_pci_addr a = { 0, 0xFF, 16, 4, 0xF4 };
	upm_pci_format(buf, sizeof buf, a);
	CHECK_STR(buf, "ff:10.4+0x0f4");
	a.seg = 1;
	upm_pci_format(buf, sizeof buf, a);
	CHECK_STR(buf, "0001:ff:10.4+0x0f4");
}

/* A trace of the segment-1 scan holds both windows and segment-1 addresses, and replays:
 * the replay finds socket 1 on segment 1 again, without a divergence. */
TEST(segment1_trace_replays)
{
	struct fixture f, g;
	if (fixture_init(&f, "snbep", 2, "s1.segment=1") < 0)
		return;
	struct upm_socket_bus buses[UPM_MAX_SOCKETS];
	CHECK_EQ(upm_discover_buses(&f.run, buses), 2);
	struct upm_buf text;
	upm_buf_init(&text);
	upm_trace_format(f.trace, "# test", &text);
	CHECK_CONTAINS(text.data, "# ecam\t0x80000000\t0\t0\t127\n# ecam\t0x90000000\t1\t0\t255\n");
	CHECK_CONTAINS(text.data, "\tpci\t0001:ff:0b.0+0x000\t0x3ce08086\n");
	if (fixture_init(&g, "snbep", 2, NULL) == 0) {
		char err[200] = "";
		struct upm_backend *rp = upm_replay_create(text.data, text.len, err, sizeof err);
		CHECK(rp != NULL);
		if (rp) {
			struct upm_backend *saved = g.run.backend;
			g.run.backend = rp;
			CHECK_EQ(upm_discover_buses(&g.run, buses), 2);
			CHECK_EQ(buses[1].seg, 1);
			CHECK_EQ(buses[1].bus, 0xFF);
			CHECK(upm_replay_divergence(rp) == NULL);
			g.run.backend = saved;
			upm_backend_destroy(rp);
		}
		fixture_free(&g);
	}
	upm_buf_free(&text);
	fixture_free(&f);
}

/* A box's PCI function named in a message carries its segment where it is not 0, as info
 * prints it (snbep iMC channel 1: device 16 function 1, Intel 327043 table 1-3): socket 1
 * on segment 1 says 0001:ff:10.1, socket 0 on segment 0 says 7f:10.1 as before. */
TEST(segment1_box_messages_name_the_segment)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, "s1.segment=1,s0.absent=imc1,s1.absent=imc1") < 0)
		return;
	struct upm_session *s = malloc(sizeof *s);
	if (s) {
		int rc = upm_session_prepare(s, &f.run, "imc/CAS_COUNT.RD/");
		unsigned seen = 0;
		for (unsigned i = 0; rc == 0 && i < s->n_boxes; i++) {
			const struct upm_box_inst *b = &s->boxes[i];
			if (strcmp(b->type->name, "imc") != 0 || b->instance != 1)
				continue;
			seen++;
			CHECK_CONTAINS(b->why, b->socket ? "0001:ff:10.1 does not answer" : "7f:10.1 does not answer");
			if (!b->socket)
				CHECK(strstr(b->why, "0000:") == NULL);
		}
		CHECK_EQ(rc, 0);
		CHECK_EQ(seen, 2);
		upm_session_free(s);
		free(s);
	}
	fixture_free(&f);
}

/* Refusing segment 0's ECAM window (badecam: its MCFG base is off by one bus, which
 * CF8/CFC shows) leaves segment 1's window alone: CF8/CFC cannot reach segment 1, so
 * refusing that window too would lose socket 1. Each window is judged on its own. */
TEST(segment0_ecam_refused_keeps_segment1_window)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, "s1.segment=1,badecam") < 0)
		return;
	struct upm_session *s = malloc(sizeof *s);
	if (s) {
		struct feed traffic = { 10000000, 4001, 998, 0, 0, 0 };
		CHECK_EQ(upm_session_prepare(s, &f.run, "imc/CAS_COUNT.RD/"), 0);
		CHECK_CONTAINS(f.run.log.data, "ECAM refused, using CF8/CFC (config offsets above 0xFF "
					       "unreachable) on segment 0; the other segments keep their own windows");
		struct upm_ecam_window w;
		CHECK_EQ(upm_ecam_window_for(f.run.backend, 0, 0x7F, &w), UPM_ENOTFOUND);
		CHECK_EQ(upm_ecam_window_for(f.run.backend, 1, 0xFF, &w), UPM_OK);
		CHECK_EQ(w.seg, 1);
		CHECK_EQ(upm_ecam_window(f.run.backend, &w), UPM_OK); /* segment 1's is the first left */
		CHECK_EQ(w.seg, 1);
		CHECK(upm_backend_ecam_refused(f.run.backend, 0));
		CHECK(!upm_backend_ecam_refused(f.run.backend, 1));
		uint32_t t0 = f.trace->n;
		CHECK_EQ(upm_session_run(s, feed_interval, &traffic), 0);
		/* Both sockets counted: socket 0 through CF8/CFC, socket 1 through its window. */
		for (unsigned sock = 0; sock < 2; sock++) {
			uint64_t rd = 0;
			for (unsigned ch = 0; ch < 4; ch++) {
				const struct upm_count *c = find_count(s, sock, "imc", ch, "CAS_COUNT.RD");
				rd += c && c->status == UPM_OK ? c->delta : 0;
			}
			CHECK_EQ(rd, 4001);
		}
		/* The trace holds the mechanism as asked: CF8 where refused, else AUTO (the window). */
		unsigned seg0_ecam = 0, seg1_ecam = 0, seg1_cf8 = 0;
		for (uint32_t i = t0; i < f.trace->n; i++) {
			const struct upm_trace_record *r = &f.trace->records[i];
			if (r->space != UPM_SPACE_PCI)
				continue;
			seg0_ecam += r->seg == 0 && r->mech != UPM_PCI_CF8;
			seg1_ecam += r->seg == 1 && r->mech != UPM_PCI_CF8;
			seg1_cf8 += r->seg == 1 && r->mech == UPM_PCI_CF8;
		}
		CHECK_EQ(seg0_ecam, 0);
		CHECK(seg1_ecam > 0);
		CHECK_EQ(seg1_cf8, 0);
		upm_session_free(s);
		free(s);
	}
	fixture_free(&f);
}

/* Where loads are unguarded (the firmware kept #PF) no ECAM window is used, and CF8/CFC
 * has no segment field: a socket whose uncore is on segment 1 cannot be found, and the
 * box, the info line and results.json say that segment was not scanned and why. */
#define UNGUARDED "the firmware keeps its own page-fault (#PF) handler"
TEST(segment1_unreached_with_unguarded_loads_says_why)
{
	struct fixture f;
	struct upm_ecam_window w;
	if (fixture_init(&f, "snbep", 2, "s1.segment=1") < 0)
		return;
	CHECK_EQ(upm_discover_unreached_segment(&f.run, &w), 0); /* both windows in use */
	fixture_free(&f);

	if (fixture_init(&f, "snbep", 2, "s1.segment=1") < 0)
		return;
	f.run.console_held = 1;
	f.run.backend->loads_unguarded = UNGUARDED;
	CHECK_EQ(upm_discover_unreached_segment(&f.run, &w), 1);
	CHECK_EQ(w.seg, 1);
	CHECK_EQ(w.bus_start, 0x00);
	CHECK_EQ(w.bus_end, 0xFF);
	struct upm_socket_bus buses[UPM_MAX_SOCKETS];
	CHECK_EQ(upm_discover_buses(&f.run, buses), 1);
	CHECK(buses[0].found && !buses[1].found);

	struct upm_session *s = malloc(sizeof *s);
	if (s) {
		struct feed traffic = { 10000000, 4001, 998, 0, 0, 0 };
		CHECK_EQ(upm_session_prepare(s, &f.run, "imc/CAS_COUNT.RD/"), 0);
		CHECK_EQ(upm_session_run(s, feed_interval, &traffic), 0);
		unsigned socket1_boxes = 0;
		for (unsigned i = 0; i < s->n_boxes; i++) {
			const struct upm_box_inst *b = &s->boxes[i];
			if (b->socket != 1)
				continue;
			socket1_boxes++;
			CHECK_EQ(b->state, UPM_BOX_NO_BUS);
			CHECK_STR(b->why, "no uncore bus found for socket 1: segment 0001 needs ECAM, not used "
					     "(see the pci: line)");
		}
		CHECK_EQ(socket1_boxes, 4);
		upm_session_free(s);
		free(s);
	}

	struct upm_info_record *rec = calloc(1, sizeof *rec);
	CHECK(rec != NULL);
	if (rec) {
		upm_info_record_fill(rec, &f.run);
		size_t from = f.run.log.len;
		upm_info_record_print(rec);
		CHECK_CONTAINS(f.run.log.data + from,
			       "uncore: socket 1: no uncore bus found; segment 0001 (buses 0x00-0xff) is reachable "
			       "through ECAM only, not used: " UNGUARDED);
		struct upm_buf out;
		upm_buf_init(&out);
		upm_info_record_json(rec, &out);
		CHECK_CONTAINS(out.data, "\"uncore_unreached_segment\": {\"segment\": 1, \"bus_start\": 0, "
					 "\"bus_end\": 255, \"why\": \"" UNGUARDED);
		upm_buf_free(&out);
		upm_info_record_free(rec);
		free(rec);
	}
	fixture_free(&f);
}

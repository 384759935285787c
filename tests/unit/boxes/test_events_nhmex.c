/* The Nehalem-EX / Westmere-EX event tables of the U, C, B, S and W boxes and the
 * derived metrics, against the E7 guide (seed 002, lines cited): the E7's C-Box length
 * and S-Box table (the 7500's own are tests/unit/boxes/test_events_nhmex7500.c). The tables
 * are linked directly, so these run without the platform. */
#include "tests/unit/test.h"
#include "boxes/nhmex/nhmex_events.h"

struct table {
	const char *box;
	const struct upm_event_def *ev;
	unsigned code_bits;  /* ev_sel width: 8, or 5 on the B-Box (002:1847) */
	unsigned n_counters; /* U 1, C 6, B 4, S 4, W 4 (002:540, 760, 1750, 2376, 5498) */
};

/* Lengths are extern consts, not constant expressions: table_len() reads them. */

static const struct table tables[] = {
	{ "ubox", upm_nhmex_ubox_events, 8, 1 },
	{ "cbo", upm_nhmex_cbo_events, 8, 6 },
	{ "bbox", upm_nhmex_bbox_events, 5, 4 },
	{ "sbox", upm_wsmex_sbox_events, 8, 4 },
	{ "wbox", upm_nhmex_wbox_events, 8, 4 },
};

static unsigned table_len(unsigned i)
{
	const unsigned *lens[] = { &upm_nhmex_ubox_n_events, &upm_wsmex_cbo_n_events,
				   &upm_nhmex_bbox_n_events, &upm_wsmex_sbox_n_events,
				   &upm_nhmex_wbox_n_events };
	return *lens[i];
}

static const struct table *table_of(const char *box)
{
	for (unsigned i = 0; i < UPM_ARRAY_LEN(tables); i++)
		if (strcmp(tables[i].box, box) == 0)
			return &tables[i];
	return NULL;
}

static const struct upm_event_def *find(const char *box, const char *name)
{
	const struct table *t = table_of(box);
	unsigned n = table_len((unsigned)(t - tables));
	for (unsigned i = 0; i < n; i++)
		if (strcmp(t->ev[i].name, name) == 0)
			return &t->ev[i];
	upm_test_fail(__FILE__, __LINE__, "no event %s/%s", box, name);
	return NULL;
}

/* An event with a code above 0xFF on the U-Box: the guide's four error events. */
static int documented_bit8(const char *name)
{
	static const char *const names[] = { "RECOV", "CORRECTED_ERR", "UNCORRECTED_ERR", "FATAL_ERR" };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(names); i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

static uint32_t umask(const struct upm_event_def *e, const char *name)
{
	for (unsigned i = 0; e && i < e->n_umasks; i++)
		if (strcmp(e->umasks[i].name, name) == 0)
			return e->umasks[i].value;
	upm_test_fail(__FILE__, __LINE__, "%s has no unit mask %s", e ? e->name : "(null)", name);
	return 0xFFFFFFFFu;
}

static void check_table(unsigned ti)
{
	const struct table *t = &tables[ti];
	unsigned n = table_len(ti), all_ctrs = (1u << t->n_counters) - 1;
	for (unsigned i = 0; i < n; i++) {
		const struct upm_event_def *e = &t->ev[i];
		if (!e->name || !e->desc || !e->source || strncmp(e->source, "002:", 4) != 0) {
			upm_test_fail(__FILE__, __LINE__, "%s event %u: name/desc/source", t->box, i);
			continue;
		}
		for (unsigned k = 0; k < i; k++)
			if (strcmp(t->ev[k].name, e->name) == 0)
				upm_test_fail(__FILE__, __LINE__, "%s/%s twice", t->box, e->name);
		int wide = e->code >> t->code_bits != 0;
		if (wide && !(strcmp(t->box, "ubox") == 0 && documented_bit8(e->name) && e->ext))
			upm_test_fail(__FILE__, __LINE__, "%s/%s: code 0x%x wider than %u bits", t->box,
				      e->name, e->code, t->code_bits);
		if (e->ext && !wide)
			upm_test_fail(__FILE__, __LINE__, "%s/%s: ext without a ninth bit", t->box, e->name);
		if (!e->counters || (e->counters & ~all_ctrs))
			upm_test_fail(__FILE__, __LINE__, "%s/%s: counters 0x%x", t->box, e->name, e->counters);
		/* B-Box: each counter has its own event set (002:1834). */
		if (strcmp(t->box, "bbox") == 0 && (e->counters & (e->counters - 1)))
			upm_test_fail(__FILE__, __LINE__, "bbox/%s on several counters", e->name);
		if (!e->max_inc)
			upm_test_fail(__FILE__, __LINE__, "%s/%s: no max inc", t->box, e->name);
		if (!e->umasks != !e->n_umasks)
			upm_test_fail(__FILE__, __LINE__, "%s/%s: umask table", t->box, e->name);
		for (unsigned u = 0; u < e->n_umasks; u++) {
			const struct upm_umask *m = &e->umasks[u];
			if (!m->value || m->value > 0xFF)
				upm_test_fail(__FILE__, __LINE__, "%s/%s.%s = 0x%x", t->box, e->name, m->name,
					      m->value);
			for (unsigned k = 0; k < u; k++)
				if (strcmp(e->umasks[k].name, m->name) == 0 || e->umasks[k].value == m->value)
					upm_test_fail(__FILE__, __LINE__, "%s/%s.%s repeated", t->box, e->name,
						      m->name);
		}
	}
}

TEST(nhmex_event_tables_integrity)
{
	for (unsigned i = 0; i < UPM_ARRAY_LEN(tables); i++)
		check_table(i);
	CHECK_EQ(upm_nhmex_ubox_n_events, 16); /* Table 2-8, 002:607-626 */
	CHECK_EQ(upm_wsmex_cbo_n_events, 54);  /* Table 2-15, 002:1079-1147 */
	CHECK_EQ(upm_nhmex_bbox_n_events, 50); /* Table 2-24 (49) + COHQ_BYPASS, 002:2018 */
	CHECK_EQ(upm_wsmex_sbox_n_events, 83); /* Table 2-37, 002:2644-2740 */
	CHECK_EQ(upm_nhmex_wbox_n_events, 7);  /* Table 2-101, 002:5643-5653 */
}

TEST(nhmex_ubox_events)
{
	const struct upm_event_def *e;
	CHECK((e = find("ubox", "BUF_VALID_LOCAL_INT")) && e->code == 0x000 && e->counters == 0x1); /* 002:611 */
	CHECK((e = find("ubox", "BUF_VALID_PM_OUT")) && e->code == 0x007);  /* 002:618 */
	CHECK((e = find("ubox", "U2R_REQUESTS")) && e->code == 0x050);      /* 002:619 */
	CHECK((e = find("ubox", "U2B_REQUEST_CYCLES")) && e->code == 0x051); /* 002:620 */
	CHECK((e = find("ubox", "WOKEN")) && e->code == 0x0F8 && !e->ext);  /* 002:621 */
	CHECK((e = find("ubox", "IPIS_SENT")) && e->code == 0x0F9 && !e->ext); /* 002:622 */
	/* 002:623-626: codes above ev_sel's 8 bits carry ext so the parser refuses them. */
	CHECK((e = find("ubox", "RECOV")) && e->code == 0x1DF && e->ext);
	CHECK((e = find("ubox", "CORRECTED_ERR")) && e->code == 0x1E4 && e->ext);
	CHECK((e = find("ubox", "UNCORRECTED_ERR")) && e->code == 0x1E5 && e->ext);
	CHECK((e = find("ubox", "FATAL_ERR")) && e->code == 0x1E6 && e->ext);
}

TEST(nhmex_cbo_events)
{
	const struct upm_event_def *e;
	/* 002:1346-1361 */
	CHECK((e = find("cbo", "LLC_HITS")) && e->code == 0x15 && e->counters == 0x3F);
	CHECK_EQ(umask(e, "M"), 0x01);
	CHECK_EQ(umask(e, "E"), 0x02);
	CHECK_EQ(umask(e, "S"), 0x04);
	CHECK_EQ(umask(e, "F"), 0x08);
	CHECK_EQ(umask(e, "ALL"), 0x0F);
	/* 002:1363-1376 */
	CHECK((e = find("cbo", "LLC_MISSES")) && e->code == 0x14);
	CHECK_EQ(umask(e, "I"), 0x04);
	CHECK_EQ(umask(e, "ALL"), 0x07);
	CHECK((e = find("cbo", "LLC_VICTIMS")) && e->code == 0x17); /* 002:1394-1408 */
	CHECK_EQ(umask(e, "I"), 0x10);
	CHECK((e = find("cbo", "OCCUPANCY_IRQ")) && e->code == 0x18 && e->max_inc == 24); /* 002:1106 */
	CHECK((e = find("cbo", "OCCUPANCY_MAF")) && e->code == 0x1E && e->max_inc == 16); /* 002:1112 */
	CHECK((e = find("cbo", "MAF_NACK1")) && e->code == 0x11);  /* 002:1417-1435 */
	CHECK_EQ(umask(e, "TOTAL_MAF_NACKS"), 0xFF);
	CHECK((e = find("cbo", "SNP_HITS")) && e->code == 0x28);   /* 002:1554-1579 */
	CHECK_EQ(umask(e, "REMOTE_RFO_HITS"), 0x40);
	CHECK_EQ(umask(e, "REMOTE_HITF"), 0x88);
	CHECK((e = find("cbo", "BOUNCES_P2C_AD")) && e->code == 0x01 && e->max_inc == 1); /* 002:1084 */
	CHECK((e = find("cbo", "IGR_BID_BLOCKED")) && e->code == 0x3C); /* 002:1147 */
	CHECK((e = find("cbo", "STARVED_EGRESS")) && e->max_inc == 8); /* 002:1673-1694 */
	CHECK_EQ(umask(e, "C2S_AD_SB"), 0x02);
	CHECK_EQ(umask(e, "BL"), 0x60);
}

TEST(nhmex_bbox_events)
{
	const struct upm_event_def *e;
	CHECK((e = find("bbox", "IMT_INSERTS_RD")) && e->code == 0x1D && e->counters == 0x2); /* 002:1973 */
	CHECK((e = find("bbox", "IMT_INSERTS_WR")) && e->code == 0x0C && e->counters == 0x2); /* 002:1960 */
	CHECK((e = find("bbox", "IMT_INSERTS_ALL")) && e->code == 0x07 && e->counters == 0x2); /* 002:1956 */
	CHECK((e = find("bbox", "IMT_VALID_OCCUPANCY")) && e->code == 0x07 && e->counters == 0x1); /* 002:1941 */
	CHECK((e = find("bbox", "TF_OCCUPANCY_ALL")) && e->code == 0x04 && e->counters == 0x1); /* 002:1938 */
	CHECK((e = find("bbox", "IMT_NE_CYCLES")) && e->code == 0x07 && e->counters == 0x4); /* 002:1980 */
	CHECK((e = find("bbox", "CONFLICTS")) && e->code == 0x17 && e->counters == 0x8); /* 002:1990 */
	CHECK((e = find("bbox", "IMT_FULL")) && e->code == 0x16 && e->counters == 0x8); /* 002:1989 */
	CHECK((e = find("bbox", "COHQ_BYPASS")) && e->code == 0x0E && e->counters == 0x8); /* 002:2022 */
	CHECK((e = find("bbox", "SBOX_VN0_UNAVAIL")) && e->code == 0x14); /* 002:1987, 2293 */
	/* Match/mask events: counter 0 codes 1-3, counter 1 codes 1-6, counter 2 code 4. */
	CHECK((e = find("bbox", "MSG_OPCODE_ADDR_IN_MATCH")) && e->code == 0x03 && e->counters == 0x1 &&
	      e->filter == UPM_FILT_BBOX_MATCH);
	CHECK((e = find("bbox", "MSG_OPCODE_OUT_MATCH")) && e->code == 0x06 && e->filter == UPM_FILT_BBOX_MATCH);
	CHECK((e = find("bbox", "ADDR_IN_MATCH")) && e->code == 0x04 && e->counters == 0x4 &&
	      e->filter == UPM_FILT_BBOX_MATCH);
	unsigned matches = 0;
	for (unsigned i = 0; i < upm_nhmex_bbox_n_events; i++) {
		const struct upm_event_def *b = &upm_nhmex_bbox_events[i];
		int want = (b->counters == 0x1 && b->code <= 3) || (b->counters == 0x2 && b->code <= 6) ||
			   (b->counters == 0x4 && b->code == 4);
		if (want != (b->filter == UPM_FILT_BBOX_MATCH))
			upm_test_fail(__FILE__, __LINE__, "bbox/%s filter %u", b->name, b->filter);
		matches += want;
	}
	CHECK_EQ(matches, 10);
}

TEST(nhmex_sbox_events)
{
	const struct upm_event_def *e;
	CHECK((e = find("sbox", "PKTS_SENT_DRS")) && e->code == 0x64 && e->counters == 0xF); /* 002:2702 */
	CHECK_EQ(umask(e, "CBOX0_5"), 0x01);  /* 002:3055 */
	CHECK_EQ(umask(e, "CBOX4_9"), 0x10);
	CHECK_EQ(umask(e, "ALL"), 0x1F);
	CHECK((e = find("sbox", "FLITS_SENT_NCB")) && e->code == 0x69 && e->max_inc == 11); /* 002:2707, 2880 */
	CHECK((e = find("sbox", "PKTS_RCVD_DRS_FROM_R")) && e->code == 0x72); /* 002:2718 */
	CHECK((e = find("sbox", "PKTS_RCVD_DRS_FROM_B")) && e->code == 0x73); /* 002:2719 */
	CHECK((e = find("sbox", "REQ_TBL_OCCUPANCY")) && e->code == 0x31 && e->max_inc == 48); /* 002:2689 */
	CHECK_EQ(umask(e, "ALL"), 0x03);
	CHECK((e = find("sbox", "TO_RING_MSGQ_OCCUPANCY")) && e->code == 0x26 && e->max_inc == 36); /* "361" */
	CHECK((e = find("sbox", "TO_RING_NDR_MSGQ_OCCUPANCY")) && e->max_inc == 32); /* "321", 002:2681 */
	CHECK((e = find("sbox", "NO_CREDIT_HOM")) && e->code == 0x80); /* 002:2724 */
	CHECK((e = find("sbox", "NO_CREDIT_LOC_NCS")) && e->code == 0x8B); /* 002:2735 */
	CHECK((e = find("sbox", "FLITS_SENT_LOC_NCS")) && e->code == 0x90); /* 002:2740 */
	/* Disputed ring-bound codes: the summary's are used (002:2682-2687). */
	CHECK((e = find("sbox", "TO_RING_R2S_MSGQ_OCCUPANCY")) && e->code == 0x2C);
	CHECK((e = find("sbox", "TO_RING_B2S_MSGQ_CYCLES_FULL")) && e->code == 0x2D);
	CHECK((e = find("sbox", "TO_RING_B2S_MSGQ_OCCUPANCY")) && e->code == 0x2F);
	/* Only event 0 uses match/mask (002:2378). */
	for (unsigned i = 0; i < upm_wsmex_sbox_n_events; i++) {
		const struct upm_event_def *s = &upm_wsmex_sbox_events[i];
		if ((s->code == 0x00) != (s->filter == UPM_FILT_SBOX_MATCH))
			upm_test_fail(__FILE__, __LINE__, "sbox/%s filter %u", s->name, s->filter);
	}
	CHECK(strcmp(find("sbox", "TO_R_PROG_EV")->name, "TO_R_PROG_EV") == 0);
}

TEST(nhmex_wbox_events)
{
	const struct upm_event_def *e;
	CHECK((e = find("wbox", "C_THROTTLE_TMP")) && e->code == 0x00 && e->counters == 0xF); /* 002:5647 */
	CHECK((e = find("wbox", "C_C0_THROTTLE_DIE")) && e->code == 0x01);     /* 002:5648, 5666 */
	CHECK((e = find("wbox", "PROCHOT")) && e->code == 0x02);               /* 002:5649 */
	CHECK((e = find("wbox", "C_C0_THROTTLE_PROCHOT")) && e->code == 0x03); /* 002:5650, 5673 */
	CHECK((e = find("wbox", "C_CYCLES_TURBO")) && e->code == 0x04);        /* 002:5651 */
	CHECK((e = find("wbox", "TM1_ON")) && e->code == 0x07);                /* 002:5652 */
	CHECK((e = find("wbox", "RATIO_CHANGE_ABORT")) && e->code == 0x08);    /* 002:5653 */
	/* Unit mask bit n = core n (002:5504, 5596). */
	CHECK_EQ(umask(e, "CORE0"), 0x01);
	CHECK_EQ(umask(e, "CORE7"), 0x80);
	CHECK_EQ(umask(e, "ALL"), 0xFF);
}

/* Each metric names events (and unit masks) that exist in these tables, or the W-Box
 * fixed counter. */
TEST(nhmex_metrics_name_known_events)
{
	CHECK(upm_nhmex_n_metrics >= 10);
	for (unsigned i = 0; i < upm_nhmex_n_metrics; i++) {
		const struct upm_metric *m = &upm_nhmex_metrics[i];
		if (m->formula)
			continue; /* formulas: nhmex_every_metric_parses compiles them */
		/* Each spec of numerator and denominator (lists: "a/X/,b/Y/"). */
		const char *specs[8] = { 0 };
		char parts[8][96];
		unsigned n_specs = 0;
		const char *lists[2] = { m->numerator, m->denominator };
		for (unsigned l = 0; l < 2; l++) {
			const char *at = lists[l];
			while (at && *at && strcmp(at, "none") && n_specs < 8) {
				const char *end = strstr(at, "/,");
				size_t len = end ? (size_t)(end - at) + 1 : strlen(at);
				snprintf(parts[n_specs], sizeof parts[n_specs], "%.*s", (int)len, at);
				specs[n_specs] = parts[n_specs];
				n_specs++;
				at = end ? end + 2 : NULL;
			}
		}
		CHECK(m->scale > 0);
		for (unsigned k = 0; k < n_specs; k++) {
			char box[16], ev[64], *dot;
			const char *s = specs[k];
			if (sscanf(s, "%15[a-z]/%63[A-Z0-9_.]/", box, ev) != 2 || s[strlen(s) - 1] != '/') {
				upm_test_fail(__FILE__, __LINE__, "%s: spec %s", m->name, s);
				continue;
			}
			if (strcmp(box, "wbox") == 0 && strcmp(ev, "UCLK") == 0)
				continue;
			if (strcmp(box, "mbox") == 0)
				continue; /* not in these tables: nhmex_every_metric_parses parses them */
			if (!table_of(box)) {
				upm_test_fail(__FILE__, __LINE__, "%s: box %s", m->name, box);
				continue;
			}
			dot = strchr(ev, '.');
			if (dot)
				*dot = 0;
			const struct upm_event_def *e = find(box, ev);
			if (e && dot)
				umask(e, dot + 1);
			if (e && !dot && e->n_umasks)
				upm_test_fail(__FILE__, __LINE__, "%s: %s needs a unit mask", m->name, ev);
		}
	}
	/* The guide's scalings: IMT x32, TF x256 (002:1908-1916). */
	for (unsigned i = 0; i < upm_nhmex_n_metrics; i++) {
		const struct upm_metric *m = &upm_nhmex_metrics[i];
		if (!m->numerator)
			continue;
		if (strstr(m->numerator, "IMT_VALID_OCCUPANCY"))
			CHECK(m->scale == 32.0);
		if (strstr(m->numerator, "TF_OCCUPANCY_ALL"))
			CHECK(m->scale == 256.0);
		if (strstr(m->numerator, "PKTS_RCVD_DRS_FROM"))
			CHECK(m->scale == 9.0); /* 002:2632 */
	}
}

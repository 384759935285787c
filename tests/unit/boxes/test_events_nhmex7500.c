/* The Xeon 7500's own C-Box and S-Box tables (platform nhmex) against the Xeon E7's
 * (wsmex): the events only the E7 guide documents are absent, and the S-Box C-Box pair
 * unit masks have four bits (Xeon 7500 Uncore Programming Guide 323535-001 p.2-61,
 * 2-66, 2-68: CBOX0_4 1, CBOX1_5 2, CBOX2_6 4, CBOX3_7 8, ALL 0xF; LIKWID
 * perfmon_nehalemEX_events.txt agrees). */
#include "tests/unit/test.h"
#include "tests/unit/lookup.h"
#include "core/events/spec.h"

static uint64_t ctl_of(const char *platform, const char *text)
{
	struct upm_spec s;
	char err[200];
	if (upm_spec_parse(upm_platform_by_name(platform), text, &s, err, sizeof err) < 0) {
		upm_test_fail(__FILE__, __LINE__, "%s %s: %s", platform, text, err);
		return ~0ull;
	}
	return s.ctl;
}

/* Documented by the E7 guide alone (002:1127-1147 C-Box 0x29-0x3C; 002:2677,
 * 2735-2740 S-Box). */
static const struct {
	const char *box, *event;
} e7_only[] = {
	{ "cbo", "SPL_DEAD" },          { "cbo", "SPL_EGR_NSB" },     { "cbo", "IGR_OP_SRAM" },
	{ "cbo", "IGR_OP_UC" },         { "cbo", "ARB_WINS_P2C_SB" }, { "cbo", "SPOOF_CRD_EMPTY" },
	{ "cbo", "IDF_NONZERO_NO_VLD" }, { "cbo", "BOUNCE_ASSERT" },  { "cbo", "SPOOF_DEASSERT" },
	{ "cbo", "IGR_BID_BLOCKED" },   { "sbox", "TO_RING_NCS_MSGQ_CYCLES_NE" },
	{ "sbox", "NO_CREDIT_LOC_NCS" }, { "sbox", "TO_R_LOC_NCS_MSGQ_CYCLES_FULL" },
	{ "sbox", "TO_R_LOC_NCS_MSGQ_OCCUPANCY" }, { "sbox", "PKTS_RCVD_LOC_NCS" },
	{ "sbox", "FLITS_SENT_LOC_NCS" },
};

TEST(nhmex7500_lacks_e7_only_events)
{
	for (unsigned i = 0; i < UPM_ARRAY_LEN(e7_only); i++) {
		if (upm_event_find(box_named("nhmex", e7_only[i].box), e7_only[i].event))
			upm_test_fail(__FILE__, __LINE__, "nhmex has %s/%s", e7_only[i].box, e7_only[i].event);
		if (!upm_event_find(box_named("wsmex", e7_only[i].box), e7_only[i].event))
			upm_test_fail(__FILE__, __LINE__, "wsmex lacks %s/%s", e7_only[i].box, e7_only[i].event);
	}
	/* Every 7500 C-Box code is at most 0x28 (SNP_HITS). */
	const struct upm_box_type *c = box_named("nhmex", "cbo");
	for (unsigned i = 0; c && i < *c->n_events; i++)
		if (c->events[i].code > 0x28)
			upm_test_fail(__FILE__, __LINE__, "nhmex cbo/%s code 0x%x", c->events[i].name,
				      c->events[i].code);
	struct upm_spec s;
	char err[200];
	CHECK(upm_spec_parse(upm_platform_by_name("nhmex"), "cbo/IGR_BID_BLOCKED/", &s, err, sizeof err) < 0);
	CHECK(upm_spec_parse(upm_platform_by_name("nhmex"), "sbox/FLITS_SENT_LOC_NCS/", &s, err, sizeof err) < 0);
}

TEST(nhmex7500_event_counts)
{
	CHECK_EQ(*box_named("nhmex", "cbo")->n_events, 34);  /* E7's 54 less the 20 at 0x29-0x3C */
	CHECK_EQ(*box_named("wsmex", "cbo")->n_events, 54);
	CHECK_EQ(*box_named("nhmex", "sbox")->n_events, 76); /* E7's 83 less 7 */
	CHECK_EQ(*box_named("wsmex", "sbox")->n_events, 83);
}

TEST(nhmex7500_sbox_cbox_pair_masks)
{
	static const char *const pair_events[] = {
		"TO_R_DRS_MSGQ_CYCLES_FULL", "TO_R_DRS_MSGQ_CYCLES_NE", "TO_R_DRS_MSGQ_OCCUPANCY",
		"TO_R_NCB_MSGQ_CYCLES_FULL", "TO_R_NCB_MSGQ_CYCLES_NE", "TO_R_NCB_MSGQ_OCCUPANCY",
		"TO_R_NCS_MSGQ_CYCLES_FULL", "TO_R_NCS_MSGQ_CYCLES_NE", "TO_R_NCS_MSGQ_OCCUPANCY",
		"PKTS_SENT_DRS",             "PKTS_SENT_NCS",           "PKTS_SENT_NCB",
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(pair_events); i++) {
		const struct upm_event_def *e = upm_event_find(box_named("nhmex", "sbox"), pair_events[i]);
		CHECK(e != NULL);
		if (!e)
			continue;
		const struct upm_umask *m;
		CHECK((m = upm_umask_find(e, "CBOX0_4")) && m->value == 0x1);
		CHECK((m = upm_umask_find(e, "CBOX1_5")) && m->value == 0x2);
		CHECK((m = upm_umask_find(e, "CBOX2_6")) && m->value == 0x4);
		CHECK((m = upm_umask_find(e, "CBOX3_7")) && m->value == 0x8);
		CHECK((m = upm_umask_find(e, "ALL")) && m->value == 0xF);
		CHECK(upm_umask_find(e, "CBOX4_9") == NULL);
		CHECK(upm_umask_find(e, "CBOX0_5") == NULL);
		CHECK_EQ(e->n_umasks, 5);
	}
	/* Encodings: umask 15:8, ev_sel 7:0 (the generic S-Box control, 002:2493-2510). */
	CHECK_EQ(ctl_of("nhmex", "sbox/TO_R_NCS_MSGQ_OCCUPANCY.ALL/") & 0xFFFF, 0x0F16);
	CHECK_EQ(ctl_of("wsmex", "sbox/TO_R_NCS_MSGQ_OCCUPANCY.ALL/") & 0xFFFF, 0x1F16);
	CHECK_EQ(ctl_of("nhmex", "sbox/TO_R_DRS_MSGQ_CYCLES_FULL.CBOX3_7/") & 0xFFFF, 0x080E);
	CHECK_EQ(ctl_of("nhmex", "sbox/PKTS_SENT_NCB.CBOX0_4/") & 0xFFFF, 0x0168);
	struct upm_spec s;
	char err[200];
	CHECK(upm_spec_parse(upm_platform_by_name("nhmex"), "sbox/PKTS_SENT_DRS.CBOX4_9/", &s, err, sizeof err) < 0);
	CHECK(upm_spec_parse(upm_platform_by_name("wsmex"), "sbox/PKTS_SENT_DRS.CBOX4_9/", &s, err, sizeof err) == 0);
}

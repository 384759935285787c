/* The Xeon 7500 / E7 tables against the E7 guide (seed 002), addresses held literally
 * with the guide line they come from, and the event encodings of every box kind as the
 * spec parser and scheduler produce them. */
#include "tests/unit/test.h"
#include "tests/unit/lookup.h"
#include "boxes/nhmex/nhmex.h"
#include "core/events/sched.h"
#include "core/events/spec.h"
#include "core/events/subcfg.h"

static const struct upm_box_type *box(const char *p, const char *name)
{
	return upm_platform_box(platform_named(p), name);
}

/* MSR of instance i's register at instance-0 address a, as the engine computes it. */
static uint32_t at(const struct upm_box_type *t, unsigned i, uint32_t a)
{
	return upm_box_msr_addr(t, i, a);
}

/* The MSR of filter register `reg`, port index k, on instance i. */
static uint32_t sub_at(const struct upm_box_type *t, unsigned i, unsigned reg, unsigned k)
{
	return at(t, i, upm_sub_addr0(t, reg * UPM_MAX_SUB_INDEX + k));
}

TEST(nhmex_platforms_by_cpuid_model)
{
	struct upm_cpu_ident id = { .vendor = "GenuineIntel", .family = 6, .model = 0x2E };
	CHECK(upm_platform_by_cpu(&id) == platform_named("nhmex"));
	id.model = 0x2F;
	CHECK(upm_platform_by_cpu(&id) == platform_named("wsmex"));
	CHECK(platform_named("nhmex")->bus_map == NULL);
	CHECK(platform_named("wsmex")->bus_map == NULL);
	static const char *const names[] = { "ubox", "cbo", "bbox", "sbox", "mbox", "rbox", "wbox" };
	for (unsigned i = 0; i < 7; i++) {
		CHECK(box("nhmex", names[i]) != NULL);
		CHECK(box("wsmex", names[i]) != NULL);
	}
}

TEST(nhmex_global_control_and_overflow_tree)
{
	/* U_MSR_PMON_GLOBAL_CTL 0xC00, STATUS 0xC01 (Table 2-1, 002:484-490); rst_all 29,
	 * en_all 28 (Table 2-2, 002:506-507). */
	const struct upm_global_ctl *g = platform_named("wsmex")->global;
	CHECK_EQ(g->msr, 0xC00);
	CHECK_EQ(g->status_msr, 0xC01);
	/* Its summary bits clear through U_MSR_PMON_GLOBAL_OVF_CTL 0xC02 (2.1.6.1, Table 2-4,
	 * 002:527-535), never by writing 0xC01. */
	CHECK_EQ(g->status_clear_msr, 0xC02);
	CHECK_EQ(g->setup, 1ull << 29);
	CHECK_EQ(g->start, 1ull << 28);
	CHECK_EQ(g->stop, 0);
	CHECK(g->mask & (1ull << 29) && g->mask & (1ull << 28));
	CHECK(!(g->mask & 1)); /* bit 0 is the U-Box counter's own enable (002:512) */
	CHECK(platform_named("nhmex")->global == g);
	/* S0/S1_MSR_PMON_SUMMARY 0xC43/0xCC3 (Table 2-25, 002:2431, 2413), under ov_s0 bit 3
	 * and ov_s1 bit 2 of the status (Table 2-3, 002:520-521). */
	const struct upm_ovf_tree *t = platform_named("wsmex")->overflow;
	CHECK_EQ(t->n_summaries, 2);
	CHECK_EQ(t->summaries[0].msr, 0xC43);
	CHECK_EQ(t->summaries[0].global_bit, 3);
	CHECK_EQ(t->summaries[1].msr, 0xCC3);
	CHECK_EQ(t->summaries[1].global_bit, 2);
}

TEST(nhmex_ubox_registers)
{
	/* 002:548-549 (0xC11 counter, 0xC10 event select), 002:488-490. */
	const struct upm_box_type *t = box("wsmex", "ubox");
	CHECK_EQ(t->ctl[0], 0xC10);
	CHECK_EQ(t->ctr[0], 0xC11);
	CHECK_EQ(t->n_ctrs, 1);
	CHECK_EQ(t->box_ctl, 0xC00);
	CHECK_EQ(upm_field_mask(t->box_ctl_layout.ctr_en), 1); /* GLOBAL_CTL.en, 002:512 */
	CHECK(t->session & UPM_SESS_ENABLE_IN_GLOBAL);
	CHECK_EQ(t->ovf_status, 0xC01);
	CHECK_EQ(t->ovf_clear, 0xC02);
	CHECK_EQ(upm_field_mask(t->ctl_layout.en), 1u << 22); /* Table 2-6, 002:570 */
	CHECK_EQ(upm_field_mask(t->ctl_layout.ev_sel), 0xFF);
	CHECK_EQ(t->ctl_layout.ev_sel_ext.width, 0); /* no field for the ninth bit */
}

TEST(nhmex_cbo_non_linear_map)
{
	/* GLOBAL_CTL of C-Box 0..9 (Table 2-9): 002:945, 878, 913, 843, 929, 859, 894, 827,
	 * 808, 792. */
	static const uint32_t global_ctl[10] = { 0xD00, 0xD80, 0xD40, 0xDC0, 0xD20,
						 0xDA0, 0xD60, 0xDE0, 0xF40, 0xFC0 };
	const struct upm_box_type *e7 = box("wsmex", "cbo"), *x7500 = box("nhmex", "cbo");
	CHECK_EQ(e7->max_instances, 10);
	CHECK_EQ(x7500->max_instances, 8);
	CHECK_EQ(e7->n_ctrs, 6);
	for (unsigned i = 0; i < 10; i++) {
		CHECK_EQ(at(e7, i, e7->box_ctl), global_ctl[i]);
		CHECK_EQ(at(e7, i, e7->ovf_status), global_ctl[i] + 1);
		CHECK_EQ(at(e7, i, e7->ovf_clear), global_ctl[i] + 2);
		if (i < 8)
			CHECK_EQ(at(x7500, i, x7500->box_ctl), global_ctl[i]);
	}
	/* C-Box 0 EVT_SEL_0 0xD10, CTR_0 0xD11 (002:941-942); C-Box 9 EVT_SEL_5 0xFDA, CTR_5
	 * 0xFDB (002:778-779); C-Box 3 CTR_0 0xDD1 (002:839); C-Box 8 EVT_SEL_0 0xF50 (002:805). */
	CHECK_EQ(at(e7, 0, e7->ctl[0]), 0xD10);
	CHECK_EQ(at(e7, 0, e7->ctr[0]), 0xD11);
	CHECK_EQ(at(e7, 9, e7->ctl[5]), 0xFDA);
	CHECK_EQ(at(e7, 9, e7->ctr[5]), 0xFDB);
	CHECK_EQ(at(e7, 3, e7->ctr[0]), 0xDD1);
	CHECK_EQ(at(e7, 8, e7->ctl[0]), 0xF50);
	/* ctr_en 5:0 (Table 2-10, 002:959); en 22, umask 15:8 (Table 2-13, 002:994, 999). */
	CHECK_EQ(upm_field_mask(e7->box_ctl_layout.ctr_en), 0x3F);
	CHECK_EQ(upm_field_mask(e7->ctl_layout.en), 1u << 22);
	CHECK_EQ(upm_field_mask(e7->ctl_layout.umask), 0xFF00);
}

TEST(nhmex_bbox_sbox_registers)
{
	const struct upm_box_type *b = box("wsmex", "bbox"), *s = box("wsmex", "sbox");
	/* B-Box 1: GLOBAL_CTL 0xC60, PERF_CTL3 0xC76, PERF_CNT3 0xC77, MATCH 0xE4D, MASK 0xE4E
	 * (Table 2-16, 002:1768-1783); B-Box 0 MATCH 0xE45 (002:1771). */
	CHECK_EQ(at(b, 1, b->box_ctl), 0xC60);
	CHECK_EQ(at(b, 1, b->ctl[3]), 0xC76);
	CHECK_EQ(at(b, 1, b->ctr[3]), 0xC77);
	CHECK_EQ(sub_at(b, 1, 0, 0), 0xE4D);
	CHECK_EQ(sub_at(b, 1, 1, 0), 0xE4E);
	CHECK_EQ(sub_at(b, 0, 0, 0), 0xE45);
	/* B EVT_SEL: en 0, ev_sel 5:1 (Table 2-20, 002:1847-1848). */
	CHECK_EQ(upm_field_mask(b->ctl_layout.en), 1);
	CHECK_EQ(upm_field_mask(b->ctl_layout.ev_sel), 0x3E);
	/* S-Box 1: GLOBAL_CTL 0xCC0, CTL3 0xCD6, CTR3 0xCD7, MM_CFG/MATCH/MASK 0xE58-0xE5A;
	 * S-Box 0 MM_CFG 0xE48 (Table 2-25, 002:2398-2418, 2404). */
	CHECK_EQ(at(s, 1, s->box_ctl), 0xCC0);
	CHECK_EQ(at(s, 1, s->ctl[3]), 0xCD6);
	CHECK_EQ(at(s, 1, s->ctr[3]), 0xCD7);
	CHECK_EQ(sub_at(s, 1, 0, 0), 0xE59);
	CHECK_EQ(sub_at(s, 1, 1, 0), 0xE5A);
	CHECK_EQ(sub_at(s, 1, 2, 0), 0xE58);
	CHECK_EQ(sub_at(s, 0, 2, 0), 0xE48);
	/* MM_CFG gates match/mask (002:2532); reset_occ_cnt 17 (Table 2-30, 002:2507). */
	CHECK_EQ(upm_sub_gate(s, 2 * UPM_MAX_SUB_INDEX), 1ull << 63);
	CHECK_EQ(upm_sub_gate(s, 0), 0);
	CHECK_EQ(upm_field_mask(s->ctl_layout.occ_rst), 1u << 17);
}

TEST(nhmex_mbox_registers_and_fvc_layouts)
{
	const struct upm_box_type *m = box("wsmex", "mbox"), *m7500 = box("nhmex", "mbox");
	/* M-Box 1: GLOBAL_CTL 0xCE0, CNT_CTL_5 0xCFA, CNT_5 0xCFB, PLD 0xCEA, ZDP_CTL_FVC 0xCEB,
	 * DSP 0xCE5, ADDR_MATCH 0xE5D (Table 2-63, 002:4538-4569); M-Box 0 PLD 0xCAA (002:4586). */
	CHECK_EQ(at(m, 1, m->box_ctl), 0xCE0);
	CHECK_EQ(at(m, 1, m->ctl[5]), 0xCFA);
	CHECK_EQ(at(m, 1, m->ctr[5]), 0xCFB);
	CHECK_EQ(sub_at(m, 1, 5, 0), 0xCEA);
	CHECK_EQ(sub_at(m, 1, 6, 0), 0xCEB);
	CHECK_EQ(sub_at(m, 1, 0, 0), 0xCE5);
	CHECK_EQ(sub_at(m, 1, 7, 0), 0xE5D);
	CHECK_EQ(sub_at(m, 0, 5, 0), 0xCAA);
	/* CNT_CTL: en 0, wrap_mode 6, flag_mode 7, inc_sel 13:9, set_flag_sel 21:19 (Table
	 * 2-67, 002:4637-4650). */
	CHECK_EQ(upm_field_mask(m->ctl_layout.en), 1);
	CHECK_EQ(upm_field_mask(m->ctl_layout.wrap), 1u << 6);
	CHECK_EQ(upm_field_mask(m->ctl_layout.ev_sel_ext), 1u << 7);
	CHECK_EQ(upm_field_mask(m->ctl_layout.ev_sel), 0x3E00);
	CHECK_EQ(upm_field_mask(m->ctl_layout.ev_sel_alt), 0x380000);
	/* ZDP_CTL_FVC evnt0: 14:12 on the E7 (Table 2-80, 002:4820); 13:11 on the 7500 (Linux). */
	int e7 = -1, x = -1;
	for (unsigned i = 0; i < m->n_filters; i++)
		if (!strcmp(m->filters[i].term, "fvc_evnt0"))
			e7 = m->filters[i].field.lo;
	for (unsigned i = 0; i < m7500->n_filters; i++)
		if (!strcmp(m7500->filters[i].term, "fvc_evnt0"))
			x = m7500->filters[i].field.lo;
	CHECK_EQ(e7, 12);
	CHECK_EQ(x, 11);
}

TEST(nhmex_rbox_registers_per_port)
{
	const struct upm_box_type *r = box("wsmex", "rbox");
	/* Left half GLOBAL_CTL 0xE00, right 0xE20; CTL15 0xE3E, CTR15 0xE3F, CTL0 0xE10
	 * (Table 2-39, 002:3820, 3789, 3756-3757, 3805). */
	CHECK_EQ(at(r, 0, r->box_ctl), 0xE00);
	CHECK_EQ(at(r, 1, r->box_ctl), 0xE20);
	CHECK_EQ(at(r, 1, r->ctl[7]), 0xE3E);
	CHECK_EQ(at(r, 1, r->ctr[7]), 0xE3F);
	CHECK_EQ(at(r, 0, r->ctl[0]), 0xE10);
	/* Port p = 4 * half + k. IPERF_CFG0 port 1 0xE05, port 6 0xE0A; IPERF_CFG1 port 1
	 * 0xE25, port 7 0xE2B; QLX port 3 0xE0F, port 5 0xE2D (002:3816, 3811, 3782, 3776,
	 * 3806, 3774). */
	CHECK_EQ(sub_at(r, 0, 0, 1), 0xE05);
	CHECK_EQ(sub_at(r, 1, 0, 2), 0xE0A);
	CHECK_EQ(sub_at(r, 0, 1, 1), 0xE25);
	CHECK_EQ(sub_at(r, 1, 1, 3), 0xE2B);
	CHECK_EQ(sub_at(r, 0, 2, 3), 0xE0F);
	CHECK_EQ(sub_at(r, 1, 2, 1), 0xE2D);
	/* XBR: port 0 set 1 MM_CFG 0xE60, port 1 set 2 MASK 0xE76, port 4 set 1 MATCH 0xE81,
	 * port 7 set 2 MM_CFG 0xE9C (Table 2-39, 002:3755, 3741, 3724, 3698). */
	CHECK_EQ(sub_at(r, 0, 3, 0), 0xE60);
	CHECK_EQ(sub_at(r, 0, 8, 1), 0xE76);
	CHECK_EQ(sub_at(r, 1, 4, 0), 0xE81);
	CHECK_EQ(sub_at(r, 1, 6, 3), 0xE9C);
	/* CTL: en 0, ev_sel 5:1 (Table 2-44, 002:3878-3880); 8 counters a half. */
	CHECK_EQ(upm_field_mask(r->ctl_layout.ev_sel), 0x3E);
	CHECK_EQ(r->n_ctrs, 8);
}

TEST(nhmex_wbox_fixed_counter_and_erratum_flag)
{
	const struct upm_box_type *w = box("wsmex", "wbox"), *w7500 = box("nhmex", "wbox");
	/* FIXED_CTL 0x395, FIXED_COUNTER 0x394, GLOBAL_CTL 0xC80, CTRL_3 0xC96, COUNTER_3 0xC97
	 * (Table 2-93, 002:5520-5534); fixed en 0 (Table 2-98, 002:5606); fixed_en 31 (Table
	 * 2-94, 002:5548). */
	CHECK_EQ(w->fixed_ctl, 0x395);
	CHECK_EQ(w->fixed_ctr, 0x394);
	CHECK_EQ(w->box_ctl, 0xC80);
	CHECK_EQ(w->ctl[3], 0xC96);
	CHECK_EQ(w->ctr[3], 0xC97);
	CHECK_EQ(upm_field_mask(w->fixed_en), 1);
	CHECK_EQ(upm_field_mask(w->box_ctl_layout.fixed_ctr_en), 1ull << 31);
	CHECK_EQ(upm_field_mask(w->ovf_fixed), 1ull << 31);
	CHECK_STR(w->fixed_event, "UCLK");
	CHECK(w->session & UPM_SESS_READ_ERRATUM_24);
	CHECK(!(w7500->session & UPM_SESS_READ_ERRATUM_24));
}

/* --- event encoding --- */

static int parse(const char *platform, const char *text, struct upm_spec *sp, char *err, size_t n)
{
	return upm_spec_parse(platform_named(platform), text, sp, err, n);
}

static uint64_t sub_value(const struct upm_spec *sp, const char *term)
{
	for (unsigned f = 0; f < sp->n_filters; f++)
		if (!strcmp(sp->filters[f].field->term, term))
			return sp->filters[f].value;
	return ~0ull;
}

TEST(nhmex_encoding_rbox_port_and_homes)
{
	struct upm_spec sp;
	char err[200];
	/* The guide's example (002:3674-3680): FLITS_SENT on port 1 is IPERF bit 31 and
	 * ev_sel 0x6 (IPERF0) or 0x7 (IPERF1). */
	CHECK_EQ(parse("wsmex", "rbox/FLITS_SENT,port=1/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.instance, 0);
	CHECK_EQ(sp.index, 1);
	CHECK_EQ(sp.n_homes, 2);
	CHECK_EQ(sub_value(&sp, "iperf_flt_sent"), 1);
	CHECK_EQ(upm_spec_ctl(&sp, 0), 0x6 << 1 | 1);
	CHECK_EQ(upm_spec_ctl(&sp, 1), 0x7 << 1 | 1);
	unsigned id;
	struct upm_bitfield f;
	upm_spec_filter_place(&sp, 0, 1, &id, &f);
	CHECK_EQ(upm_box_msr_addr(sp.box, 0, upm_sub_addr0(sp.box, id)), 0xE25); /* PORT1_IPERF_CFG1 */
	CHECK_EQ(upm_spec_sub_value(&sp, 1, id), 0x80000000u);
	/* Port 5 is the right half's second port: ev_sel 6 on rbox1. */
	CHECK_EQ(parse("wsmex", "rbox/FLITS_SENT,port=5/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.instance, 1);
	CHECK_EQ(upm_spec_ctl(&sp, 0), 0x6 << 1 | 1);
	/* QLX: GLOBAL_ARB_BID_FAIL type 0x5, VN1.NCB = sub 1, class 101; port 2 ev0 = 0xE. */
	CHECK_EQ(parse("wsmex", "rbox/GLOBAL_ARB_BID_FAIL.VN1.NCB,port=2/", &sp, err, sizeof err), 0);
	CHECK_EQ(upm_spec_ctl(&sp, 0), 0xE << 1 | 1);
	upm_spec_filter_place(&sp, 0, 1, &id, &f);
	CHECK_EQ(upm_spec_sub_value(&sp, 0, id - 0), 0xD5); /* ev0: sub 1, cls 5, type 5 */
	CHECK_EQ(upm_spec_sub_value(&sp, 1, id), 0xD500);   /* ev1: the same, bits 15:8 */
	/* Refusals: no port; a port of the other half; a raw second-home select. */
	CHECK_EQ(parse("wsmex", "rbox/FLITS_SENT/", &sp, err, sizeof err), -1);
	CHECK_CONTAINS(err, "port=N (0-7)");
	CHECK_EQ(parse("wsmex", "rbox0/FLITS_SENT,port=5/", &sp, err, sizeof err), -1);
	CHECK_CONTAINS(err, "port 5 is on rbox1, not rbox0");
	CHECK_EQ(parse("wsmex", "rbox/event=1,iperf=0x80000000,port=0/", &sp, err, sizeof err), -1);
	CHECK_CONTAINS(err, "second home");
	CHECK_EQ(parse("wsmex", "rbox/event=0,iperf=0x80000000,port=0/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.n_homes, 2);
}

TEST(nhmex_encoding_mbox_subconfig)
{
	struct upm_spec sp;
	char err[200];
	/* DRAM_CMD inc_sel 0x0a (002:5061) with PLD.dram_cmd 0x3 (002:5083); en 0, wrap 6. */
	CHECK_EQ(parse("wsmex", "mbox0/DRAM_CMD.CAS_RD_OPN/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.ctl, 0x0Aull << 9 | 1 << 6 | 1);
	CHECK_EQ(sub_value(&sp, "pld_dram_cmd"), 3);
	CHECK_EQ(sub_value(&sp, "pld_cmd"), 0);
	CHECK_EQ(sub_value(&sp, "pld_addr_match1"), 0);
	/* The guide's example (002:4500-4509): RAS is PLD.dram_cmd 0x2, cmd 0. */
	CHECK_EQ(parse("wsmex", "mbox/DRAM_CMD.RAS/", &sp, err, sizeof err), 0);
	CHECK_EQ(sub_value(&sp, "pld_dram_cmd"), 2);
	/* set_flag_sel 0x6 with flag_mode (002:4965): BCMD_SCHEDQ_OCCUPANCY.READS, MAP 0x0;
	 * the raw event=0x106 is the same control value. */
	CHECK_EQ(parse("wsmex", "mbox/BCMD_SCHEDQ_OCCUPANCY.READS/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.ctl, 6ull << 19 | 1 << 7 | 1 << 6 | 1);
	uint64_t named = sp.ctl;
	CHECK_EQ(parse("wsmex", "mbox/event=0x106/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.ctl, named);
	CHECK_STR(sp.name, "event=0x106,umask=0x0");
	/* FVC: BBOX_CMDS.READS on sub-event 0 is ZDP_CTL_FVC 0x5000 on the E7, 0x2800 on the
	 * 7500 (Linux uncore_nhmex.c wsmex/nhmex_uncore_mbox_events). */
	CHECK_EQ(parse("wsmex", "mbox/FVC_EV0.BBOX_CMDS.WRITES/", &sp, err, sizeof err), 0);
	CHECK_EQ(upm_spec_sub_value(&sp, 0, 6 * UPM_MAX_SUB_INDEX), 0x5040);
	CHECK_EQ(parse("nhmex", "mbox/FVC_EV0.BBOX_CMDS.WRITES/", &sp, err, sizeof err), 0);
	CHECK_EQ(upm_spec_sub_value(&sp, 0, 6 * UPM_MAX_SUB_INDEX), 0x2820);
	/* A term the event sets: the same value is accepted, another refused. */
	CHECK_EQ(parse("wsmex", "mbox/DRAM_CMD.CAS_RD_OPN,pld_dram_cmd=3/", &sp, err, sizeof err), 0);
	CHECK_EQ(parse("wsmex", "mbox/DRAM_CMD.CAS_RD_OPN,pld_dram_cmd=4/", &sp, err, sizeof err), -1);
	CHECK_CONTAINS(err, "pld_dram_cmd: the event sets it");
	/* DIMM-specific thermal trip: THR dimms_trp_pt 6:4 = 5, all_dimms 0, up_cnd 8:7 = 3. */
	CHECK_EQ(parse("wsmex", "mbox/THERM_TRP_UP.DIMM5.GT_MID_RISE/", &sp, err, sizeof err), 0);
	CHECK_EQ(upm_spec_sub_value(&sp, 0, 3 * UPM_MAX_SUB_INDEX), 5 << 4 | 3 << 7);
}

TEST(nhmex_encoding_other_boxes)
{
	struct upm_spec sp;
	char err[200];
	/* B-Box IMT_INSERTS_RD: counter 1 only, ev_sel 0x1D in 5:1, en 0 (002:1967, 1847). */
	CHECK_EQ(parse("wsmex", "bbox/IMT_INSERTS_RD/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.counters, 0x2);
	CHECK_EQ(sp.ctl, 0x1D << 1 | 1);
	/* S-Box: reset_occ_cnt (17) rides in the enabling control value (002:2390). */
	CHECK_EQ(parse("wsmex", "sbox/REQ_TBL_OCCUPANCY.LOCAL/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.ctl, 1u << 22 | 1u << 17 | 0x01 << 8 | 0x31);
	/* U-Box U2R_REQUESTS 0x050 (002:619), en 22; RECOV's ninth bit has no field. */
	CHECK_EQ(parse("wsmex", "ubox/U2R_REQUESTS/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.ctl, 0x400050);
	CHECK_EQ(parse("wsmex", "ubox/RECOV/", &sp, err, sizeof err), -1);
	CHECK_CONTAINS(err, "extra select bit");
	/* W-Box fixed counter by either name; C-Box LLC_HITS.ALL 0x15/0x0F (002:1346-1361). */
	CHECK_EQ(parse("wsmex", "wbox/FIXED_COUNTER/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.kind, UPM_SPEC_FIXED);
	CHECK_EQ(parse("wsmex", "cbo9/LLC_HITS.ALL/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.ctl, 0x400F15);
	/* The 7500 has no C-Box 9. */
	CHECK_EQ(parse("nhmex", "cbo9/LLC_HITS.ALL/", &sp, err, sizeof err), -1);
	CHECK_CONTAINS(err, "instances 0-7");
}

/* Schedules the specs on one instance of their box; returns passes. */
static int schedule(const char *platform, const char *list, struct upm_spec *specs,
		    struct upm_placement *out)
{
	char err[200];
	const struct upm_spec *ptrs[16];
	int n = upm_spec_parse_list(platform_named(platform), list, specs, 16, err, sizeof err);
	if (n < 0) {
		upm_test_fail(__FILE__, __LINE__, "%s", err);
		return -1;
	}
	for (int i = 0; i < n; i++)
		ptrs[i] = &specs[i];
	return upm_schedule(specs[0].box, ptrs, (unsigned)n, out, err, sizeof err);
}

TEST(nhmex_subconfig_conflicts_split_passes)
{
	struct upm_spec specs[16];
	struct upm_placement pl[16];
	/* Two PLD.dram_cmd values cannot share a pass; DRAM_MISC's dram_cmd1 can. */
	CHECK_EQ(schedule("wsmex", "mbox0/DRAM_CMD.CAS_RD_OPN/,mbox0/DRAM_CMD.CAS_WR_OPN/,"
			  "mbox0/DRAM_MISC.CAS_RD_CLS/", specs, pl), 2);
	CHECK_EQ(pl[0].pass, 0);
	CHECK_EQ(pl[1].pass, 1);
	CHECK_EQ(pl[2].pass, 0);
	/* FVC: four sub-events side by side, but one bcmd at a time (002:5201). */
	CHECK_EQ(schedule("wsmex", "mbox0/FVC_EV0.BBOX_CMDS.READS/,mbox0/FVC_EV1.MEM_ECC_ERR/,"
			  "mbox0/FVC_EV2.BBOX_CMDS.WRITES/", specs, pl), 2);
	CHECK_EQ(pl[1].pass, 0);
	CHECK_EQ(pl[2].pass, 1);
	/* R-Box: three IPERF events on port 1 take IPERF0, IPERF1, then a second pass. */
	CHECK_EQ(schedule("wsmex", "rbox/FLITS_SENT,port=1/,rbox/NULL_IDLE,port=1/,"
			  "rbox/FLITS_RECV_ERR,port=1/", specs, pl), 2);
	CHECK_EQ(pl[0].pass, 0);
	CHECK_EQ(pl[0].home, 0);
	CHECK_EQ(pl[1].pass, 0);
	CHECK_EQ(pl[1].home, 1);
	CHECK_EQ(pl[2].pass, 1);
	/* The same event twice on one port shares its register; other ports are free. */
	CHECK_EQ(schedule("wsmex", "rbox/FLITS_SENT,port=1/,rbox/FLITS_SENT,port=1/,"
			  "rbox/FLITS_SENT,port=2/,rbox/NULL_IDLE,port=3/", specs, pl), 1);
	/* QLX ev0 and ev1 hold two QLX events of one port. */
	CHECK_EQ(schedule("wsmex", "rbox/STARVING,port=0/,rbox/LOCAL_ARB_BID,port=0/", specs, pl), 1);
	CHECK_EQ(pl[1].home, 1);
	/* B-Box: each counter its own set; two counter-1 events take two passes. */
	CHECK_EQ(schedule("wsmex", "bbox0/IMT_INSERTS_RD/,bbox0/IMT_INSERTS_WR/,bbox0/IMT_VALID_OCCUPANCY/",
			  specs, pl), 2);
	CHECK_EQ(pl[2].counter, 0);
}

TEST(nhmex_every_mbox_rbox_event_parses)
{
	/* Every event and unit mask of the M-Box and R-Box tables parses on both platforms:
	 * their sub-configuration terms exist in the box tables. */
	static const char *const platforms[] = { "nhmex", "wsmex" };
	for (unsigned p = 0; p < 2; p++) {
		const struct upm_box_type *boxes[2] = { box(platforms[p], "mbox"), box(platforms[p], "rbox") };
		for (unsigned b = 0; b < 2; b++) {
			const struct upm_box_type *t = boxes[b];
			for (unsigned e = 0; e < *t->n_events; e++) {
				const struct upm_event_def *ev = &t->events[e];
				for (unsigned u = 0; u < (ev->n_umasks ? ev->n_umasks : 1); u++) {
					char text[128], err[200];
					struct upm_spec sp;
					snprintf(text, sizeof text, "%s/%s%s%s%s/", t->name, ev->name,
						 ev->n_umasks ? "." : "", ev->n_umasks ? ev->umasks[u].name : "",
						 b ? ",port=6" : "");
					if (parse(platforms[p], text, &sp, err, sizeof err) < 0)
						upm_test_fail(__FILE__, __LINE__, "%s: %s", text, err);
				}
			}
		}
	}
	CHECK_EQ(upm_nhmex_mbox_n_events, 36); /* 30 inc_sel + 6 set_flag_sel, Table 2-84 */
	CHECK_EQ(upm_nhmex_rbox_n_events, 23); /* 14 RIX + 8 QLX (Table 2-54) + XBAR_MM */
}

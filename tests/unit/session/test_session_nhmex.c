/* The session on the mocked Xeon E7 and Xeon 7500 (seed 002 §2.1.3-2.1.5): the exact
 * access sequences (addresses held literally from the guide), each ordering rule both as
 * the engine follows it and as the mock punishes breaking it, the overflow walk and its
 * clearing, the read erratum, the sub-configuration registers feeding the counts, and
 * restoring what was found. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/results/results.h"
#include "core/metrics/metrics.h"
#include "platform/mock/pmon.h"
#include <stdlib.h>

static struct feed idle = { 1000000, 0, 0, 0, 0, 0 };

/* Every access of the trace as "R 0xADDR" / "W 0xADDR=0xVALUE" lines (one socket). */
static void accesses(const struct upm_trace *t, struct upm_buf *out)
{
	for (uint32_t i = 0; i < t->n; i++) {
		const struct upm_trace_record *r = &t->records[i];
		if (r->op == 'W')
			upm_buf_printf(out, "W 0x%x=0x%llx%s\n", r->addr, (unsigned long long)r->value,
				       r->faulted ? "!" : "");
		else
			upm_buf_printf(out, "R 0x%x%s\n", r->addr, r->faulted ? "!" : "");
	}
}

struct run {
	struct fixture f;
	struct upm_session s;
	struct upm_buf trace;
	int rc;
};

/* Prepares specs on a one-socket mock; the caller may preset registers, then run_go. */
static int run_prepare(struct run *r, const char *platform, const char *faults, const char *specs)
{
	upm_buf_init(&r->trace);
	if (fixture_init(&r->f, platform, 1, faults) < 0)
		return -1;
	if (upm_session_prepare(&r->s, &r->f.run, specs) < 0) {
		upm_test_fail(__FILE__, __LINE__, "prepare %s: %s", specs, r->s.error);
		upm_session_free(&r->s);
		fixture_free(&r->f);
		return -1;
	}
	return 0;
}

static void run_go(struct run *r, struct feed *fd)
{
	r->f.trace->n = 0;
	r->rc = upm_session_run(&r->s, feed_interval, fd);
	accesses(r->f.trace, &r->trace);
}

static void run_free(struct run *r)
{
	upm_session_free(&r->s);
	fixture_free(&r->f);
	upm_buf_free(&r->trace);
}

static int run_specs(struct run *r, const char *platform, const char *specs, struct feed *fd)
{
	if (run_prepare(r, platform, NULL, specs) < 0)
		return -1;
	run_go(r, fd);
	return 0;
}

static uint64_t reg_value(struct upm_mock *m, uint32_t msr)
{
	struct upm_mock_reg *r = upm_mock_msr(m, 0, msr);
	if (!r)
		upm_test_fail(__FILE__, __LINE__, "no MSR 0x%x in the mock", msr);
	return r ? r->value : 0;
}

/* The position of line `needle` in the trace (-1 when absent). */
static long pos(const char *trace, const char *needle)
{
	const char *p = strstr(trace, needle);
	return p ? (long)(p - trace) : -1;
}

TEST(nhmex_session_sequence_cbo)
{
	struct run r;
	/* C-Box 2: GLOBAL_CTL 0xD40, STATUS 0xD41, OVF_CTL 0xD42, EVT_SEL_0 0xD50, CTR_0 0xD51
	 * (Table 2-9, 002:910-913). Save what is touched; (a) rst_all; (b)+(c) event select
	 * with en in one write; overflows of the counter cleared at the box; (d) the box
	 * enable; (f) en_all with rst_all clear. Read: en_all cleared, U GLOBAL_STATUS, the
	 * counter. Restore, the global control last; rst_all cleared all six counters of
	 * the box (CTR_0-5 0xD51-0xD5B), and each goes back. */
	if (run_specs(&r, "wsmex", "cbo2/LLC_HITS.ALL/", &idle) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	CHECK_STR(r.trace.data,
		  "R 0xd40\nR 0xd50\nR 0xd51\nR 0xd53\nR 0xd55\nR 0xd57\nR 0xd59\nR 0xd5b\nR 0xc00\n"
		  "W 0xc00=0x20000000\nW 0xd50=0x400f15\nW 0xd42=0x1\nW 0xd40=0x1\nR 0xd51\n"
		  "W 0xc00=0x10000000\n"
		  "R 0xc00\n" /* en_all read back: it kept the start */
		  "W 0xc00=0x0\nR 0xc01\nR 0xd51\n"
		  "W 0xd40=0x0\nW 0xd50=0x0\nW 0xd51=0x0\nW 0xd53=0x0\nW 0xd55=0x0\nW 0xd57=0x0\n"
		  "W 0xd59=0x0\nW 0xd5b=0x0\nW 0xc00=0x0\n");
	run_free(&r);
}

TEST(nhmex_session_ubox_enable_rides_the_global_control)
{
	struct run r;
	/* U_MSR_PMON_EV_SEL 0xC10, CTR 0xC11 (002:548-549); its box enable is bit 0 of 0xC00
	 * (002:512), carried in every global write from (d) on; ov_u cleared by 0xC02 bit 0. */
	if (run_specs(&r, "nhmex", "ubox/U2R_REQUESTS/", &idle) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	CHECK_STR(r.trace.data,
		  "R 0xc10\nR 0xc11\nR 0xc00\n"
		  "W 0xc00=0x20000000\nW 0xc10=0x400050\nW 0xc02=0x1\nW 0xc00=0x20000001\nR 0xc11\n"
		  "W 0xc00=0x10000001\n"
		  "R 0xc00\n"
		  "W 0xc00=0x1\nR 0xc01\nR 0xc11\n"
		  "W 0xc10=0x0\nW 0xc11=0x0\nW 0xc00=0x0\n");
	run_free(&r);
}

TEST(nhmex_session_sequence_rbox_port_and_mbox_subconfig)
{
	struct run r;
	/* R-Box: FLITS_SENT on port 1 takes IPERF_CFG0 of port 1 (0xE05) and ev_sel 6; a
	 * second IPERF event there takes IPERF_CFG1 (0xE25) and ev_sel 7 (002:3674-3680).
	 * M-Box 1: DRAM_CMD.CAS_RD_OPN is inc_sel 0x0a with PLD (0xCEA) dram_cmd 3, wrap_mode
	 * set; M-Box 1 CNT_CTL_0 0xCF0, GLOBAL_CTL 0xCE0, OVF_CTL 0xCE2 (Table 2-63). */
	if (run_specs(&r, "wsmex", "rbox/FLITS_SENT,port=1/,rbox/NULL_IDLE,port=1/,mbox1/DRAM_CMD.CAS_RD_OPN/",
		      &idle) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	const char *t = r.trace.data;
	CHECK_CONTAINS(t, "W 0xe05=0x80000000\nW 0xe25=0x40000000\nW 0xe02=0x3\nW 0xe00=0x3\n");
	CHECK(strstr(t, "W 0xe10=0xd\n") || strstr(t, "W 0xe12=0xd\n")); /* ev_sel 6, en */
	CHECK(strstr(t, "W 0xe10=0xf\n") || strstr(t, "W 0xe12=0xf\n")); /* ev_sel 7, en */
	CHECK_CONTAINS(t, "W 0xcf0=0x1441\nW 0xcea=0x300\nW 0xce2=0x1\nW 0xce0=0x1\n");
	/* Restored as found. */
	CHECK_CONTAINS(t, "W 0xe05=0x0\n");
	CHECK_CONTAINS(t, "W 0xcea=0x0\n");
	run_free(&r);
}

/* --- ordering rules --- */

TEST(nhmex_rule_global_start_clears_rst_all_in_the_same_write)
{
	struct run r;
	if (run_specs(&r, "wsmex", "wbox/UCLK/", &idle) < 0)
		return;
	/* Engine: rst_all (bit 29) at setup, then one write with en_all (28) and rst_all clear. */
	CHECK(pos(r.trace.data, "W 0xc00=0x20000000\n") >= 0);
	CHECK(pos(r.trace.data, "W 0xc00=0x20000000\n") < pos(r.trace.data, "W 0xc00=0x10000000\n"));
	CHECK(!strstr(r.trace.data, "W 0xc00=0x30000000"));
	CHECK(find_count(&r.s, 0, "wbox", 0, "UCLK")->delta > 0);
	/* Mock: with rst_all left set, en_all counts nothing (counters held in reset). */
	struct upm_backend *be = r.f.run.backend;
	CHECK_EQ(upm_msr_write(be, 0xC80, 1ull << 31), UPM_OK);
	CHECK_EQ(upm_msr_write(be, 0x395, 1), UPM_OK);
	CHECK_EQ(upm_msr_write(be, 0xC00, 0x30000000), UPM_OK);
	struct upm_activity a = { 0, 1000000, 0, 0, 0, 0, 0 };
	test_clock_activity(be, &a);
	CHECK_EQ(reg_value(r.f.mock, 0x394), 0);
	CHECK_EQ(upm_msr_write(be, 0xC00, 0x10000000), UPM_OK);
	test_clock_activity(be, &a);
	CHECK_EQ(reg_value(r.f.mock, 0x394), 2400000); /* 1 ms at the model's 2.4 GHz */
	run_free(&r);
}

TEST(nhmex_rule_sbox_match_mask_only_while_mm_cfg_clear)
{
	struct run r;
	/* Another tool left S-Box 0 matching: MM_CFG[63] set, MATCH 0x55 (002:2524-2531). */
	if (run_prepare(&r, "wsmex", NULL, "sbox0/TO_R_PROG_EV,match=0x1c00,mask=0x1/") < 0)
		return;
	upm_mock_msr(r.f.mock, 0, 0xE49)->value = 0x55;
	CHECK_EQ(upm_msr_write(r.f.run.backend, 0xE48, 1ull << 63), UPM_OK);
	/* Mock: a MATCH or MASK write while MM_CFG[63] = 1 is a #GP. */
	CHECK_EQ(upm_msr_write(r.f.run.backend, 0xE49, 0x1), UPM_EFAULT);
	CHECK_EQ(upm_msr_write(r.f.run.backend, 0xE4A, 0x1), UPM_EFAULT);
	run_go(&r, &idle);
	CHECK_EQ(r.rc, 0);
	CHECK_EQ(r.s.restore_failures, 0);
	/* Engine: MM_CFG cleared, MATCH, MASK, then mm_en; at restore the same order, MM_CFG
	 * back to as found last. */
	const char *t = r.trace.data;
	CHECK_CONTAINS(t, "W 0xe48=0x0\nW 0xe49=0x1c00\nW 0xe4a=0x1\nW 0xe48=0x8000000000000000\n");
	CHECK_CONTAINS(t, "W 0xe48=0x0\nW 0xc40=0x0\nW 0xc50=0x0\nW 0xc51=0x0\nW 0xc53=0x0\nW 0xc55=0x0\n"
			  "W 0xc57=0x0\nW 0xe49=0x55\nW 0xe4a=0x0\nW 0xe48=0x8000000000000000\n");
	CHECK(!strstr(t, "!"));
	CHECK_EQ(reg_value(r.f.mock, 0xE49), 0x55);
	CHECK_EQ(reg_value(r.f.mock, 0xE48), 1ull << 63);
	run_free(&r);
}

TEST(nhmex_rule_sbox_occupancy_reset_with_the_enable)
{
	struct run r;
	/* S-Box 0 REQ_TBL_OCCUPANCY (0x31): the one write enabling the counter carries
	 * reset_occ_cnt (17), 002:2390; no write enables it first. */
	if (run_specs(&r, "wsmex", "sbox0/REQ_TBL_OCCUPANCY.LOCAL/", &idle) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	CHECK_CONTAINS(r.trace.data, "R 0xc00\nW 0xc00=0x20000000\nW 0xc50=0x420131\n");
	CHECK_EQ(find_count(&r.s, 0, "sbox", 0, "REQ_TBL_OCCUPANCY.LOCAL")->delta, 0);
	CHECK_EQ(mock_pmon_of(r.f.mock)->violations, 0);
	/* Mock: enabling without it leaves a stale tally that shows in the count. */
	struct upm_backend *be = r.f.run.backend;
	CHECK_EQ(upm_msr_write(be, 0xC50, 0x400131), UPM_OK);
	CHECK_EQ(mock_pmon_of(r.f.mock)->violations, 1);
	CHECK_EQ(upm_msr_write(be, 0xC40, 1), UPM_OK);
	CHECK_EQ(upm_msr_write(be, 0xC00, 0x10000000), UPM_OK);
	struct upm_activity a = { 0, 1000, 0, 0, 0, 0, 0 };
	test_clock_activity(be, &a);
	CHECK(reg_value(r.f.mock, 0xC51) > 0);
	run_free(&r);
}

TEST(nhmex_rule_mbox_wrap_mode)
{
	struct run r;
	if (run_prepare(&r, "wsmex", NULL, "mbox0/CYCLES/") < 0)
		return;
	/* Mock: without wrap_mode (CNT_CTL bit 6) the counter stops at its overflow
	 * (002:4646); with it, it wraps and counts on. */
	struct upm_backend *be = r.f.run.backend;
	struct upm_activity a = { 0, 10, 0, 0, 0, 0, 0 }; /* 8 M-Box cycles */
	CHECK_EQ(upm_msr_write(be, 0xCB0, 0x1B << 9 | 1), UPM_OK);
	CHECK_EQ(upm_msr_write(be, 0xCB1, (1ull << 48) - 3), UPM_OK);
	CHECK_EQ(upm_msr_write(be, 0xCA0, 1), UPM_OK);
	CHECK_EQ(upm_msr_write(be, 0xC00, 0x10000000), UPM_OK);
	test_clock_activity(be, &a);
	CHECK_EQ(reg_value(r.f.mock, 0xCB1), 0);
	test_clock_activity(be, &a);
	CHECK_EQ(reg_value(r.f.mock, 0xCB1), 0); /* stopped */
	CHECK_EQ(reg_value(r.f.mock, 0xCA1), 1);
	CHECK_EQ(upm_msr_write(be, 0xCB0, 0x1B << 9 | 1 << 6 | 1), UPM_OK);
	CHECK_EQ(upm_msr_write(be, 0xCA2, 1), UPM_OK); /* clear the overflow */
	CHECK_EQ(upm_msr_write(be, 0xCB1, (1ull << 48) - 3), UPM_OK);
	test_clock_activity(be, &a);
	CHECK_EQ(reg_value(r.f.mock, 0xCB1), 5);
	CHECK_EQ(upm_msr_write(be, 0xC00, 0), UPM_OK);
	/* Engine: every M-Box control value sets wrap_mode. */
	run_go(&r, &idle);
	CHECK_CONTAINS(r.trace.data, "W 0xcb0=0x3641\n");
	run_free(&r);
}

/* --- overflow --- */

TEST(nhmex_overflow_walk_reports_and_clears_at_the_box)
{
	struct run r;
	/* M-Box 0 CYCLES at the model's 800 MHz for 2^48 + 800 cycles: it overflows once.
	 * The walk reads U GLOBAL_STATUS 0xC01 (ov_s0), S0_MSR_PMON_SUMMARY 0xC43 (ov_mb), M-Box
	 * 0 GLOBAL_STATUS 0xCA1, and clears counter 0 in OVF_CTL 0xCA2 (002:462-474); S1's
	 * summary and C-Box 3 (S0 ov_c_m, clear) are not read. */
	struct feed huge = { (1ull << 48) / 8 * 10 + 1000, 0, 0, 0, 0, 0 };
	if (run_specs(&r, "wsmex", "mbox0/CYCLES/,cbo3/LLC_HITS.ALL/", &huge) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	const struct upm_count *c = find_count(&r.s, 0, "mbox", 0, "CYCLES");
	CHECK(c && c->overflowed);
	CHECK_EQ(c->delta, 800);
	CHECK(!find_count(&r.s, 0, "cbo", 3, "LLC_HITS.ALL")->overflowed);
	const char *t = r.trace.data;
	CHECK_CONTAINS(t, "W 0xc00=0x0\nR 0xc01\nR 0xdd1\nR 0xcb1\nR 0xc43\nR 0xca1\nW 0xca2=0x1\n");
	CHECK(!strstr(t, "R 0xcc3"));
	CHECK(!strstr(t, "R 0xdc1"));
	/* Cleared at the box, and so in the summary and the global status above it. */
	CHECK_EQ(reg_value(r.f.mock, 0xCA1), 0);
	uint64_t gs;
	CHECK_EQ(upm_msr_read(r.f.run.backend, 0xC01, &gs), UPM_OK);
	CHECK_EQ(gs & 0xF, 0);
	/* The count says so in results.json. */
	struct upm_buf json;
	upm_buf_init(&json);
	record_json_of(&r.s, &json);
	CHECK_CONTAINS(json.data, "\"event\": \"CYCLES\", \"code\": \"0x1b\", \"umask\": \"\", \"raw\": 800, "
				  "\"delta\": 800, \"status\": \"ok\", \"overflowed\": true}");
	upm_buf_free(&json);
	run_free(&r);
}

TEST(nhmex_overflow_wbox_fixed_straight_to_the_global_status)
{
	struct run r;
	/* The W-Box reports to U GLOBAL_STATUS.ov_w (bit 1) directly; its fixed counter's
	 * overflow is bit 31 of W_MSR_PMON_GLOBAL_STATUS 0xC81, cleared in 0xC82 (002:5548-5566). */
	struct feed huge = { (1ull << 48) * 10 / 24 + 1000, 0, 0, 0, 0, 0 };
	if (run_specs(&r, "nhmex", "wbox/UCLK/", &huge) < 0)
		return;
	CHECK(find_count(&r.s, 0, "wbox", 0, "UCLK")->overflowed);
	CHECK_CONTAINS(r.trace.data, "R 0xc01\nR 0x394\nR 0xc81\nW 0xc82=0x80000000\n");
	CHECK(!strstr(r.trace.data, "R 0xc43"));
	run_free(&r);
}

TEST(nhmex_overflow_7500_cbo_without_a_route)
{
	struct run r;
	/* The 7500's C-Boxes have no summary route (box_cbo.c): with an overflow anywhere,
	 * the status of each C-Box in use is read. */
	struct feed many = { 1000, 0, 0, 8 * ((1ull << 48) + 5), 0, 0 };
	if (run_specs(&r, "nhmex", "cbo5/LLC_HITS.ALL/", &many) < 0)
		return;
	const struct upm_count *c = find_count(&r.s, 0, "cbo", 5, "LLC_HITS.ALL");
	CHECK(c && c->overflowed);
	CHECK_EQ(c->delta, 5);
	/* C-Box 5 at 0xDA0 (002:859): its status 0xDA1, clear 0xDA2. */
	CHECK_CONTAINS(r.trace.data, "R 0xda1\nW 0xda2=0x1\n");
	run_free(&r);
}

TEST(nhmex_erratum_read_corrected_on_the_e7_wbox)
{
	/* 6990507 ns at 2.4 GHz is 0x1000000 uncore cycles: the E7 reads 0x2000000 (a value
	 * ending in 0x000000, 002:5626-5629) and the engine subtracts 0x1000000; the 7500
	 * has no erratum in the model and no flag in the table. */
	struct feed f = { 6990507, 0, 0, 0, 0, 0 };
	static const char *const plats[2] = { "wsmex", "nhmex" };
	for (unsigned p = 0; p < 2; p++) {
		struct run r;
		if (run_specs(&r, plats[p], "wbox/UCLK/", &f) < 0)
			return;
		const struct upm_count *c = find_count(&r.s, 0, "wbox", 0, "UCLK");
		CHECK_EQ(c->delta, 0x1000000);
		int raw_high = 0;
		for (uint32_t i = 0; i < r.f.trace->n; i++)
			raw_high |= r.f.trace->records[i].addr == 0x394 && r.f.trace->records[i].op == 'R' &&
				    r.f.trace->records[i].value == 0x2000000;
		CHECK_EQ(raw_high, p == 0);
		CHECK_EQ(r.s.restore_failures, 0);
		run_free(&r);
	}
}

/* --- the model's enables and what feeds the counts --- */

TEST(nhmex_mock_three_enable_levels_and_rst_all)
{
	struct fixture f;
	if (fixture_init(&f, "wsmex", 1, NULL) < 0)
		return;
	struct upm_backend *be = f.run.backend;
	struct upm_activity a = { 0, 1000, 0, 0, 800, 100, 0 };
	/* C-Box 0 LLC_MISSES.ALL on counter 0 (0xD10/0xD11): local en, box bit, en_all. */
	CHECK_EQ(upm_msr_write(be, 0xD10, 0x400714), UPM_OK);
	test_clock_activity(be, &a);
	CHECK_EQ(reg_value(f.mock, 0xD11), 0);
	CHECK_EQ(upm_msr_write(be, 0xD00, 1), UPM_OK);
	test_clock_activity(be, &a);
	CHECK_EQ(reg_value(f.mock, 0xD11), 0);
	CHECK_EQ(upm_msr_write(be, 0xC00, 0x10000000), UPM_OK);
	test_clock_activity(be, &a);
	CHECK_EQ(reg_value(f.mock, 0xD11), 10); /* 100 misses over 10 C-Boxes */
	CHECK_EQ(upm_msr_write(be, 0xD10, 0x000714), UPM_OK);
	test_clock_activity(be, &a);
	CHECK_EQ(reg_value(f.mock, 0xD11), 10);
	/* rst_all zeroes every counter. */
	CHECK_EQ(upm_msr_write(be, 0xC00, 0x20000000), UPM_OK);
	CHECK_EQ(reg_value(f.mock, 0xD11), 0);
	/* The U-Box counter is gated by 0xC00 bit 0, not by a box register. */
	struct mock_box *u = mock_pmon_find(f.mock, 0, "ubox", 0);
	CHECK_EQ(upm_msr_write(be, 0xC10, 0x400050), UPM_OK);
	CHECK_EQ(upm_msr_write(be, 0xC00, 0x10000000), UPM_OK);
	CHECK(!mock_ctr_counting(u, &u->ctrs[0]));
	CHECK_EQ(upm_msr_write(be, 0xC00, 0x10000001), UPM_OK);
	CHECK(mock_ctr_counting(u, &u->ctrs[0]));
	/* Reserved bits fault; ignored bits do not. */
	CHECK_EQ(upm_msr_write(be, 0xD10, 1ull << 61), UPM_EFAULT);
	CHECK_EQ(upm_msr_write(be, 0xD10, 1ull << 40), UPM_OK);
	fixture_free(&f);
}

TEST(nhmex_subconfig_feeds_the_counts)
{
	struct run r;
	/* 1000 lines read, 400 written, 8000 LLC lookups of which 2000 miss, 400 remote. */
	struct feed traffic = { 1000000, 1000, 400, 8000, 2000, 400 };
	if (run_specs(&r, "wsmex",
		      "rbox/FLITS_SENT,port=1/,rbox/FLITS_SENT,port=2/,rbox/OUTPUTQ_NE,port=1/,"
		      "mbox/DRAM_CMD.CAS_RD_OPN/,mbox/DRAM_MISC.CAS_RD_CLS/,mbox/DRAM_CMD.CAS_WR_OPN/,"
		      "mbox/FVC_EV0.BBOX_CMDS.READS/,bbox/IMT_INSERTS_RD/,cbo/LLC_HITS.ALL/,"
		      "cbo/LLC_MISSES.ALL/",
		      &traffic) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	CHECK_EQ(r.s.n_passes, 2);
	/* QPI0 (port 1) sends 9 flits per remote line of its quarter; the S-Box port 2 none;
	 * OUTPUTQ_NE (another IPERF bit) counts nothing in the model. */
	CHECK_EQ(find_count(&r.s, 0, "rbox", 0, "FLITS_SENT")->delta + 0 * 0, 900);
	uint64_t rd_opn = 0, rd_cls = 0, wr_opn = 0, fvc = 0, imt = 0, hits = 0, misses = 0;
	for (unsigned i = 0; i < r.s.n_counts; i++) {
		const struct upm_count *c = &r.s.counts[i];
		const char *n = r.s.specs[c->spec].name;
		if (!strcmp(n, "DRAM_CMD.CAS_RD_OPN"))
			rd_opn += c->delta;
		if (!strcmp(n, "DRAM_MISC.CAS_RD_CLS"))
			rd_cls += c->delta;
		if (!strcmp(n, "DRAM_CMD.CAS_WR_OPN"))
			wr_opn += c->delta;
		if (!strcmp(n, "FVC_EV0.BBOX_CMDS.READS"))
			fvc += c->delta;
		if (!strcmp(n, "IMT_INSERTS_RD"))
			imt += c->delta;
		if (!strcmp(n, "LLC_HITS.ALL"))
			hits += c->delta;
		if (!strcmp(n, "LLC_MISSES.ALL"))
			misses += c->delta;
		if (!strcmp(n, "FLITS_SENT") && c->instance == 0 && r.s.specs[c->spec].index == 2)
			CHECK_EQ(c->delta, 0);
		if (!strcmp(n, "OUTPUTQ_NE"))
			CHECK_EQ(c->delta, 0);
	}
	CHECK_EQ(rd_opn + rd_cls, 1000); /* every read is one CAS, open or closed page */
	CHECK_EQ(rd_cls, 250);
	CHECK_EQ(wr_opn, 300);
	CHECK_EQ(fvc, 1000);
	CHECK_EQ(imt, 1000);
	CHECK_EQ(hits, 6000);
	CHECK_EQ(misses, 2000);
	/* The second DRAM_CMD took its own pass (one PLD.dram_cmd at a time). */
	CHECK_EQ(find_count(&r.s, 0, "mbox", 0, "DRAM_CMD.CAS_WR_OPN")->pass, 1);
	run_free(&r);
}

TEST(nhmex_restore_leaves_every_register_as_found)
{
	struct run r;
	if (run_prepare(&r, "wsmex", NULL,
			"cbo/LLC_HITS.ALL/,ubox/U2R_REQUESTS/,wbox/UCLK/,wbox/C_THROTTLE_TMP.ALL/,"
			"bbox/IMT_INSERTS_ALL/,bbox0/MSG_IN_MATCH,match=0x10,mask=0x10/,"
			"sbox/TO_R_PROG_EV,match=0x1c00,mask=0x1/,mbox/DRAM_CMD.RAS/,mbox/FVC_EV2.BBOX_RSP.COR/,"
			"rbox/FLITS_SENT,port=0/,rbox/GLOBAL_ARB_BID_FAIL.VN0.HOM,port=6/,"
			"rbox/XBAR_MM,port=4,xbr_match=0x1c00,xbr_mask=0x1f80/") < 0)
		return;
	/* What another tool might have left (enables off at the global level). */
	struct upm_mock *m = r.f.mock;
	upm_mock_msr(m, 0, 0xD10)->value = 0x400011;
	upm_mock_msr(m, 0, 0xD11)->value = 0x1234;
	upm_mock_msr(m, 0, 0xD00)->value = 0x3;
	upm_mock_msr(m, 0, 0xCAA)->value = 0x201;
	upm_mock_msr(m, 0, 0xE04)->value = 0x40000000;
	upm_mock_msr(m, 0, 0xE59)->value = 0x77;
	upm_mock_msr(m, 0, 0xC00)->value = 0x2; /* pmi_core_sel = core 0 */
	upm_mock_snapshot(m);
	run_go(&r, &(struct feed){ 2000000, 100, 100, 100, 10, 10 });
	CHECK_EQ(r.rc, 0);
	CHECK_EQ(r.s.restore_failures, 0);
	char diff[2048];
	/* Counters excepted: rst_all (002:418-419) zeroes every counter, used or not. */
	unsigned n = upm_mock_compare(m, UPM_MOCK_CMP_SKIP_COUNTERS, diff, sizeof diff);
	if (n)
		upm_test_fail(__FILE__, __LINE__, "%u registers differ:\n%s", n, diff);
	CHECK_EQ(reg_value(m, 0xD11), 0x1234); /* a used counter goes back too */
	CHECK_EQ(mock_pmon_of(m)->violations, 0);
	run_free(&r);
}

TEST(nhmex_generic_mock_faults_apply)
{
	struct run r;
	/* Boxes are registered by name with the pmon model, so the generic faults reach them. */
	if (run_prepare(&r, "wsmex", "stuck=mbox0.ctr0,absent=cbo3", "mbox0/CYCLES/,cbo/LLC_HITS.ALL/") < 0)
		return;
	run_go(&r, &idle);
	CHECK_EQ(find_count(&r.s, 0, "mbox", 0, "CYCLES")->delta, 0);
	for (unsigned i = 0; i < r.s.n_boxes; i++)
		if (!strcmp(r.s.boxes[i].type->name, "cbo"))
			CHECK_EQ(r.s.boxes[i].state, r.s.boxes[i].instance == 3 ? UPM_BOX_ABSENT : UPM_BOX_OK);
	run_free(&r);
	/* Without the fault the same counter counts 800 cycles a microsecond. */
	if (run_specs(&r, "wsmex", "mbox0/CYCLES/", &idle) < 0)
		return;
	CHECK_EQ(find_count(&r.s, 0, "mbox", 0, "CYCLES")->delta, 800000);
	run_free(&r);
}

TEST(nhmex_two_sockets_program_each_from_its_own)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "nhmex", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "wbox/UCLK/,mbox/CYCLES/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &idle), 0);
	for (unsigned sock = 0; sock < 2; sock++) {
		CHECK_EQ(find_count(&s, sock, "wbox", 0, "UCLK")->delta, 2400000);
		CHECK_EQ(find_count(&s, sock, "mbox", 1, "CYCLES")->delta, 800000);
	}
	int seen[2] = { 0, 0 };
	for (uint32_t i = 0; i < f.trace->n; i++) {
		const struct upm_trace_record *rec = &f.trace->records[i];
		if (rec->op == 'W' && rec->addr == 0xC00 && rec->value == 0x10000000 && rec->socket < 2)
			seen[rec->socket] = 1;
	}
	CHECK(seen[0] && seen[1]);
	upm_session_free(&s);
	fixture_free(&f);
}

/* LLC_HIT_RATIO's denominator is a list of two specs (boxes/metric.h): the metric names
 * each spec once in the session's list, and its value adds them. The mock's hits are
 * lookups - misses (all in E), its misses all in I: 3000 lookups, 1000 misses. */
TEST(nhmex_metric_with_a_summed_denominator)
{
	struct fixture f;
	struct upm_session s;
	struct upm_buf list;
	char err[200];
	if (fixture_init(&f, "wsmex", 1, NULL) < 0)
		return;
	upm_buf_init(&list);
	CHECK_EQ(upm_metric_specs(f.run.platform, "LLC_HIT_RATIO,LLC_MISSES_PER_HIT", &list, err, sizeof err), 0);
	CHECK_STR(list.data ? list.data : "", "cbo/LLC_HITS.ALL/,cbo/LLC_MISSES.I/,cbo/LLC_MISSES.ALL/");
	CHECK_EQ(upm_metrics_prepare(&s, &f.run, NULL, "LLC_HIT_RATIO,LLC_MISSES_PER_HIT"), 0);
	CHECK_EQ(s.n_specs, 3u); /* each spec once, though both metrics name LLC_MISSES.I */
	struct feed fd = { 1000000, 0, 0, 3000, 1000, 0 };
	CHECK_EQ(upm_session_run(&s, feed_interval, &fd), 0);
	struct upm_metric_value mv[64];
	unsigned n = upm_metrics_compute(&s, mv, 64), seen = 0;
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(mv[i].metric->name, "LLC_HIT_PCT")) {
			CHECK(mv[i].valid);
			CHECK(mv[i].value > 0.6666 && mv[i].value < 0.6667); /* 2000 / (2000 + 1000) */
			seen++;
		}
	CHECK_EQ(seen, 1u);
	upm_session_free(&s);
	upm_buf_free(&list);
	fixture_free(&f);
}

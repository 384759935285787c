/* The health check on the mocked Xeon 7500 (nhmex) and Xeon E7 (wsmex): the profile of
 * boxes/nhmex/check.c. Self-test: the clocked boxes (W-Box fixed, M-Box CYCLES) and the
 * traffic-fed ones (C-, B-, S-Box under the read feed) pass every counting test, the
 * U-Box and R-Box get their register tests and an N/A with the reason for the rest.
 * Plausibility: memory reads are two CAS specs added up, links are four R-Box ports. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/check_run.h"
#include "core/check/check.h"
#include "core/check/selftest.h"
#include <stdlib.h>

#define verdict check_find

static enum upm_result result_of(const struct upm_verdicts *vs, unsigned socket, const char *box,
				 int instance, const char *check)
{
	const struct upm_verdict *v = verdict(vs, socket, box, instance, check);
	if (!v)
		upm_test_fail(__FILE__, __LINE__, "no verdict socket %u %s%d %s", socket, box, instance, check);
	return v ? v->result : UPM_RESULT_INCOMPLETE;
}

static void selftest_covers_every_box(const char *platform, unsigned n_cbo)
{
	struct check_outcome o;
	if (check_run(&o, platform, 2, NULL, 0, UPM_MOCK_CMP_SKIP_COUNTERS) < 0)
		return;
	CHECK_EQ(upm_verdicts_overall(&o.vs), UPM_RESULT_PASS);
	/* Per socket 1 U, n_cbo C, 2 B, 2 S, 2 M, 2 R halves, 1 W; eight verdicts each. */
	CHECK_EQ(o.vs.n, 2u * (1u + n_cbo + 2u + 2u + 2u + 2u + 1u) * 8u);
	static const char *const counted[] = { "cbo", "bbox", "sbox", "mbox", "wbox" };
	static const char *const counting_tests[] = { "selftest.count", "selftest.disable", "selftest.freeze",
						      "selftest.wrap" };
	for (unsigned s = 0; s < 2; s++) {
		for (unsigned b = 0; b < 5; b++)
			for (unsigned t = 0; t < 4; t++)
				CHECK_EQ(result_of(&o.vs, s, counted[b], 1 - (int)(b == 4), counting_tests[t]),
					 UPM_RESULT_PASS);
		CHECK_EQ(result_of(&o.vs, s, "cbo", (int)n_cbo - 1, "selftest.count"), UPM_RESULT_PASS);
		/* Register tests run on the U-Box and the R-Box; counting is N/A, with why. */
		static const char *const quiet[] = { "ubox", "rbox" };
		for (unsigned q = 0; q < 2; q++) {
			CHECK_EQ(result_of(&o.vs, s, quiet[q], 0, "presence"), UPM_RESULT_PASS);
			CHECK_EQ(result_of(&o.vs, s, quiet[q], 0, "selftest.ctl"), UPM_RESULT_PASS);
			CHECK_EQ(result_of(&o.vs, s, quiet[q], 0, "selftest.reset"), UPM_RESULT_PASS);
			const struct upm_verdict *v = verdict(&o.vs, s, quiet[q], 0, "selftest.count");
			CHECK(v != NULL);
			if (v) {
				CHECK_EQ(v->result, UPM_RESULT_NA);
				CHECK_CONTAINS(v->reason, "registers only");
			}
		}
		CHECK_EQ(result_of(&o.vs, s, "rbox", 1, "selftest.ctr"), UPM_RESULT_PASS);
	}
	CHECK_EQ(o.not_restored, 0u);
	if (o.not_restored)
		printf("%s\n", o.diff);
	upm_verdicts_free(&o.vs);
}

TEST(check_nhmex_selftest_covers_every_box_of_the_7500)
{
	selftest_covers_every_box("nhmex", 8);
}

TEST(check_wsmex_selftest_covers_every_box_of_the_e7)
{
	selftest_covers_every_box("wsmex", 10);
}

/* The mock puts a quarter of the lines in closed-page CAS (platform/mock/nhmex/model.c): memory.read
 * passes within 10% only because both CAS specs are added. */
TEST(check_wsmex_full_check_judges_every_role)
{
	struct check_outcome o;
	if (check_run(&o, "wsmex", 2, NULL, 1, UPM_MOCK_CMP_SKIP_COUNTERS) < 0)
		return;
	CHECK_EQ(upm_verdicts_overall(&o.vs), UPM_RESULT_PASS);
	for (unsigned s = 0; s < 2; s++) {
		CHECK_EQ(result_of(&o.vs, s, "wbox", -1, "uclk"), UPM_RESULT_PASS);
		CHECK_EQ(result_of(&o.vs, s, "mbox", -1, "memory.read"), UPM_RESULT_PASS);
		CHECK_EQ(result_of(&o.vs, s, "mbox", -1, "memory.write"), UPM_RESULT_PASS);
		CHECK_EQ(result_of(&o.vs, s, "mbox", 1, "memory.channel"), UPM_RESULT_PASS);
		CHECK_EQ(result_of(&o.vs, s, "cbo", -1, "llc.hits"), UPM_RESULT_PASS);
		CHECK_EQ(result_of(&o.vs, s, "cbo", -1, "llc.misses"), UPM_RESULT_PASS);
		CHECK_EQ(result_of(&o.vs, s, "cbo", 9, "llc.balance"), UPM_RESULT_PASS);
	}
	/* Socket 1 sends the lines socket 0 reads: its four QPI ports, R-Box ports 0, 1
	 * (left half) and 4, 5 (right half), Table 2-40 (002:3824-3835). */
	CHECK_EQ(result_of(&o.vs, 1, "rbox", 0, "link.port0"), UPM_RESULT_PASS);
	CHECK_EQ(result_of(&o.vs, 1, "rbox", 0, "link.port1"), UPM_RESULT_PASS);
	CHECK_EQ(result_of(&o.vs, 1, "rbox", 1, "link.port4"), UPM_RESULT_PASS);
	CHECK_EQ(result_of(&o.vs, 1, "rbox", 1, "link.port5"), UPM_RESULT_PASS);
	CHECK(verdict(&o.vs, 1, "rbox", 0, "link.port2") == NULL); /* S-Box 0's port is on-die */
	const struct upm_verdict *f = verdict(&o.vs, 1, "rbox", -1, "link.flits");
	CHECK(f != NULL);
	if (f) {
		CHECK_EQ(f->result, UPM_RESULT_PASS);
		CHECK_CONTAINS(f->reason, "x 9 flits");
	}
	CHECK_EQ(o.not_restored, 0u);
	upm_verdicts_free(&o.vs);
}

/* A port that carries nothing warns (it may be off the route); the total then falls short
 * and fails. */
TEST(check_wsmex_silent_link_port_warns_and_the_total_fails)
{
	struct check_outcome o;
	if (check_run(&o, "wsmex", 2, "s1.stuck=rbox1.ctr0", 1, UPM_MOCK_CMP_SKIP_COUNTERS) < 0)
		return;
	unsigned warned = 0;
	for (unsigned i = 0; i < o.vs.n; i++) {
		const struct upm_verdict *v = &o.vs.v[i];
		if (strncmp(v->check, "link.port", 9) == 0 && v->result != UPM_RESULT_PASS) {
			warned++;
			CHECK_EQ(v->result, UPM_RESULT_WARN);
			CHECK_EQ(v->instance, 1);
			CHECK_CONTAINS(v->reason, "0 flits");
		}
	}
	CHECK_EQ(warned, 1u);
	CHECK_EQ(result_of(&o.vs, 1, "rbox", -1, "link.flits"), UPM_RESULT_FAIL);
	CHECK_EQ(o.not_restored, 0u);
	upm_verdicts_free(&o.vs);
}

/* The read role's two parts share a pass: DRAM_CMD filters on PLD.dram_cmd, DRAM_MISC on
 * dram_cmd1 (002:5135-5174); the write pair needs other values in those fields, so a
 * second pass. Each M-Box gets half of 4000 lines: 1500 open-page, 500 closed-page. */
TEST(check_nhmex_cas_reads_are_open_plus_closed_page_in_one_pass)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "nhmex", 1, NULL) < 0)
		return;
	int rc = upm_session_prepare(&s, &f.run,
				     "mbox/DRAM_CMD.CAS_RD_OPN/,mbox/DRAM_MISC.CAS_RD_CLS/,"
				     "mbox/DRAM_CMD.CAS_WR_OPN/,mbox/DRAM_MISC.CAS_WR_CLS/");
	CHECK_EQ(rc, 0);
	if (rc < 0) {
		printf("%s\n", s.error);
		fixture_free(&f);
		return;
	}
	CHECK_EQ(s.n_passes, 2u);
	struct feed fd = { 1000000, 4000, 0, 0, 0, 0 };
	CHECK_EQ(upm_session_run(&s, feed_interval, &fd), 0);
	const struct upm_count *opn = find_count(&s, 0, "mbox", 1, "DRAM_CMD.CAS_RD_OPN");
	const struct upm_count *cls = find_count(&s, 0, "mbox", 1, "DRAM_MISC.CAS_RD_CLS");
	CHECK(opn && cls);
	if (opn && cls) {
		CHECK_EQ(opn->pass, cls->pass);
		CHECK_EQ(opn->delta, 1500u);
		CHECK_EQ(cls->delta, 500u);
	}
	upm_session_free(&s);
	fixture_free(&f);
}

/* Without the traffic feed (here: one processor for a reader per socket), the boxes that
 * count only under traffic are not judged dead: their counting tests are INCOMPLETE,
 * saying why, while the clocked boxes are tested as ever. */
TEST(check_nhmex_selftest_without_traffic_is_incomplete_not_dead)
{
	struct fixture f;
	char err[200] = "";
	struct upm_verdicts vs;
	if (fixture_init(&f, "nhmex", 2, NULL) < 0)
		return;
	fixture_real_time(&f); /* time really passes in the self-test */
	f.run.topo.n_cpus = 1; /* the BSP alone: the feed wants a reader on each socket */
	upm_verdicts_init(&vs, 4096);
	CHECK_EQ(upm_selftest(&f.run, &vs, err, sizeof err), 0);
	CHECK_EQ(upm_verdicts_overall(&vs), UPM_RESULT_INCOMPLETE);
	const struct upm_verdict *v = verdict(&vs, 1, "bbox", 0, "selftest.count");
	CHECK(v != NULL);
	if (v) {
		CHECK_EQ(v->result, UPM_RESULT_INCOMPLETE);
		CHECK_CONTAINS(v->reason, "did not run");
	}
	CHECK_EQ(result_of(&vs, 0, "cbo", 2, "presence"), UPM_RESULT_PASS);
	CHECK_EQ(result_of(&vs, 0, "cbo", 2, "selftest.ctl"), UPM_RESULT_PASS);
	CHECK_EQ(result_of(&vs, 1, "mbox", 1, "selftest.count"), UPM_RESULT_PASS);
	CHECK_EQ(result_of(&vs, 0, "wbox", 0, "selftest.freeze"), UPM_RESULT_PASS);
	CHECK_CONTAINS(f.run.log.data ? f.run.log.data : "", "selftest: no traffic for the counting tests");
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

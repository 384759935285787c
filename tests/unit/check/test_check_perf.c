/* check --against perf's verdicts (core/check/check_perf.c): each socket's bytes as perf
 * counted them against upmon's (its CAS counts x 64 B), within 5%: PASS inside, FAIL
 * outside, WARN when the kernel multiplexed perf's count, N/A below the counts a 5%
 * judgement needs, INCOMPLETE (once) when perf did not count at all. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/check/check_perf.h"

struct perf_case {
	struct fixture f;
	struct upm_verdicts vs;
	struct check c;
	struct measure m;
	struct upm_count counts[2];
	struct upm_ck_perf pf;
};

/* Sandy Bridge-EP, two sockets: upmon counted `delta` CAS reads on each; perf the bytes
 * given. */
static int perf_case(struct perf_case *t, uint64_t delta, double perf0, double perf1)
{
	memset(t, 0, sizeof *t);
	if (fixture_init(&t->f, "snbep", 2, NULL) < 0 || upm_verdicts_init(&t->vs, 16) < 0)
		return -1;
	t->c.r = &t->f.run;
	t->c.p = t->f.run.platform->check;
	t->c.vs = &t->vs;
	t->c.role_mask[R_MEM_RD] = 1; /* spec 0 */
	t->c.role_box[R_MEM_RD] = "imc";
	for (unsigned s = 0; s < 2; s++) {
		t->counts[s].socket = s;
		t->counts[s].spec = 0;
		t->counts[s].delta = delta;
		t->counts[s].status = UPM_OK;
		t->counts[s].interval_ns = 1000000000u;
	}
	t->m.prepared = 1;
	t->m.s.counts = t->counts;
	t->m.s.n_counts = 2;
	t->pf.role = R_MEM_RD;
	t->pf.ran = t->pf.counted = 1;
	t->pf.pmu = "imc";
	t->pf.aliases[0] = "cas_count_read";
	t->pf.n_aliases = 1;
	t->pf.bytes[0] = perf0;
	t->pf.bytes[1] = perf1;
	return 0;
}

static void perf_case_free(struct perf_case *t)
{
	upm_verdicts_free(&t->vs);
	fixture_free(&t->f);
}

TEST(check_perf_holds_each_socket_to_five_percent)
{
	struct perf_case t;
	/* 1,000,000 CAS = 64,000,000 bytes (61.04 MiB); perf 2% above, then 10% below. */
	if (perf_case(&t, 1000000u, 64e6 * 1.02, 64e6 * 0.90) < 0)
		return;
	upm_ck_perf_judge(&t.c, &t.m, &t.pf);
	CHECK_EQ(t.vs.n, 2u);
	if (t.vs.n == 2) {
		CHECK(t.vs.v[0].socket == 0 && strcmp(t.vs.v[0].check, "perf.read") == 0 &&
		      strcmp(t.vs.v[0].box, "imc") == 0 && t.vs.v[0].instance == -1);
		CHECK_EQ(t.vs.v[0].result, UPM_RESULT_PASS);
		CHECK_STR(t.vs.v[0].reason, "perf uncore_imc/cas_count_read/ 62.26 MiB, upmon 61.04 MiB: perf/upmon 1.020");
		CHECK(t.vs.v[0].has_measured && t.vs.v[0].measured == 64e6 * 1.02 && t.vs.v[0].expected == 64e6);
		CHECK(t.vs.v[0].tolerance == 0.05 && strcmp(t.vs.v[0].unit, "bytes") == 0);
		CHECK_EQ(t.vs.v[1].socket, 1u);
		CHECK_EQ(t.vs.v[1].result, UPM_RESULT_FAIL);
		CHECK_STR(t.vs.v[1].reason, "perf uncore_imc/cas_count_read/ 54.93 MiB, upmon 61.04 MiB: perf/upmon 0.900");
	}
	perf_case_free(&t);
	/* Just inside and just outside the 5%. */
	if (perf_case(&t, 1000000u, 64e6 * 0.951, 64e6 * 1.051) < 0)
		return;
	upm_ck_perf_judge(&t.c, &t.m, &t.pf);
	CHECK(t.vs.n == 2 && t.vs.v[0].result == UPM_RESULT_PASS && t.vs.v[1].result == UPM_RESULT_FAIL);
	perf_case_free(&t);
}

TEST(check_perf_multiplexed_few_or_none_never_judged)
{
	struct perf_case t;
	/* The kernel multiplexed perf's count: a part, not judged. */
	if (perf_case(&t, 1000000u, 64e6, 64e6) < 0)
		return;
	t.pf.partial = 1;
	upm_ck_perf_judge(&t.c, &t.m, &t.pf);
	CHECK(t.vs.n == 2 && t.vs.v[0].result == UPM_RESULT_WARN && t.vs.v[1].result == UPM_RESULT_WARN);
	CHECK(t.vs.n == 2 && strstr(t.vs.v[0].reason, "(perf multiplexed its count: not judged)"));
	perf_case_free(&t);
	/* Fewer counts than a 5% judgement needs: N/A, with both figures. */
	if (perf_case(&t, 1000u, 64000, 64000) < 0)
		return;
	upm_ck_perf_judge(&t.c, &t.m, &t.pf);
	CHECK(t.vs.n == 2 && t.vs.v[0].result == UPM_RESULT_NA);
	CHECK(t.vs.n == 2 && strcmp(t.vs.v[0].reason, "not judged: upmon counted 1000, too few to hold to 5% (give a "
						       "larger --size); perf uncore_imc/cas_count_read/ 0.06 MiB") == 0);
	perf_case_free(&t);
	/* perf did not count: one verdict, the cause. */
	if (perf_case(&t, 1000000u, 0, 0) < 0)
		return;
	t.pf.counted = 0;
	upm_strlcpy(t.pf.err, "perf_event_open of uncore_imc_0 on processor 0: Permission denied", sizeof t.pf.err);
	upm_ck_perf_judge(&t.c, &t.m, &t.pf);
	CHECK(t.vs.n == 1 && t.vs.v[0].result == UPM_RESULT_INCOMPLETE);
	CHECK(t.vs.n == 1 && strstr(t.vs.v[0].reason, "not judged: perf did not count: perf_event_open of uncore_imc_0"));
	perf_case_free(&t);
	/* Not asked: nothing. */
	if (perf_case(&t, 1000000u, 0, 0) < 0)
		return;
	t.pf.ran = 0;
	upm_ck_perf_judge(&t.c, &t.m, &t.pf);
	CHECK_EQ(t.vs.n, 0u);
	perf_case_free(&t);
}

/* check --backend perf: a role perf cannot be given (a counter perf names nothing for)
 * is N/A on every socket, once, under the check it feeds, with the reason. */
TEST(check_perf_role_not_counted_is_one_na_a_socket)
{
	struct perf_case t;
	if (perf_case(&t, 0, 0, 0) < 0)
		return;
	upm_strlcpy(t.c.perf_skipped[R_UCLK], "ubox/UCLK/: perf names no event for this fixed counter here",
		    sizeof t.c.perf_skipped[R_UCLK]);
	t.c.role_box[R_UCLK] = "ubox";
	upm_ck_perf_not_counted(&t.c);
	CHECK_EQ(t.vs.n, 2u);
	for (unsigned s = 0; s < t.vs.n && s < 2; s++) {
		CHECK(t.vs.v[s].socket == s && strcmp(t.vs.v[s].check, "uclk") == 0 && strcmp(t.vs.v[s].box, "ubox") == 0);
		CHECK_EQ(t.vs.v[s].result, UPM_RESULT_NA);
		CHECK_STR(t.vs.v[s].reason,
			  "not counted through perf: ubox/UCLK/: perf names no event for this fixed counter here");
	}
	perf_case_free(&t);
}

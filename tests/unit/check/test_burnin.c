/* Burn-in (core/check/burnin.h) and the mock's @passN faults (platform/mock/faults_pass.c):
 * --duration's spellings, the passes' bookkeeping, the first failing pass, the trend's
 * thinning, the verdict table's room, and a fault that starts in pass 2 reaching the
 * registers only then, through the trace wrapper as the program stacks it. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/test_clock.h"
#include "platform/base/abort.h"
#include "core/check/burnin.h"
#include "core/check/check_safety.h"
#include "core/results/check_parts.h"


TEST(burnin_duration_spellings)
{
	uint64_t s = 0;
	CHECK_EQ(upm_burnin_parse_duration("90s", &s), 0);
	CHECK_EQ(s, 90);
	CHECK_EQ(upm_burnin_parse_duration("30m", &s), 0);
	CHECK_EQ(s, 1800);
	CHECK_EQ(upm_burnin_parse_duration("8h", &s), 0);
	CHECK_EQ(s, 28800);
	CHECK_EQ(upm_burnin_parse_duration("2d", &s), 0);
	CHECK_EQ(s, 172800);
	CHECK_EQ(upm_burnin_parse_duration("45", &s), 0); /* bare seconds */
	CHECK_EQ(s, 45);
	CHECK_EQ(upm_burnin_parse_duration("30d", &s), 0);
	CHECK_EQ(s, 2592000);
	CHECK_EQ(upm_burnin_parse_duration("31d", &s), -1);
	CHECK_EQ(upm_burnin_parse_duration("0s", &s), -1);
	CHECK_EQ(upm_burnin_parse_duration("h", &s), -1);
	CHECK_EQ(upm_burnin_parse_duration("8x", &s), -1);
	CHECK_EQ(upm_burnin_parse_duration("1.5h", &s), -1);
	CHECK_EQ(upm_burnin_parse_duration("", &s), -1);
	char t[24];
	upm_burnin_hms(t, sizeof t, 3723ull * 1000000000ull + 999999999ull);
	CHECK_STR(t, "1:02:03");
	upm_burnin_hms(t, sizeof t, 30ull * 3600 * 1000000000ull);
	CHECK_STR(t, "30:00:00");
}

/* A pass's verdicts as the check would add them: cbo3's count FAILs from fail_from on. */
static void fake_pass(struct upm_verdicts *vs, unsigned pass, unsigned fail_from, double lookups)
{
	upm_verdict_add(vs, 0, "cbo", 3, "selftest.count",
			fail_from && pass >= fail_from ? UPM_RESULT_FAIL : UPM_RESULT_PASS, "count");
	struct upm_verdict *v = upm_verdict_add(vs, 0, "cbo", 3, "llc.balance", UPM_RESULT_PASS, "share");
	upm_verdict_numbers(v, lookups, 1000, 0.25, "lookups");
	upm_verdict_add(vs, 0, "imc", -1, "memory.read", UPM_RESULT_NA, "none");
	upm_verdict_add(vs, 1, "cbo", 0, "selftest.count", UPM_RESULT_PASS, "count");
}

TEST(burnin_passes_first_failing_and_trend)
{
	struct fixture f;
	struct upm_burnin b;
	struct upm_verdicts vs;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_verdicts_init(&vs, 1024), 0);
	CHECK_EQ(upm_burnin_init(&b, 3, 0), 0);
	CHECK(b.active);
	unsigned ran = 0;
	while (upm_burnin_next(&f.run, &b, &vs)) {
		ran++;
		CHECK_EQ(vs.pass, ran);
		unsigned first = vs.n;
		fake_pass(&vs, ran, 2, 900.0 + ran);
		upm_burnin_pass_done(&f.run, &b, &vs, first, 0, NULL);
	}
	CHECK_EQ(ran, 3);
	CHECK_EQ(b.done, 3);
	CHECK_STR(b.stopped_by, "3 passes done");
	CHECK_EQ(vs.n, 12);
	CHECK_EQ(vs.v[0].pass, 1);
	CHECK_EQ(vs.v[11].pass, 3);
	CHECK_EQ(b.pass[0].worst, UPM_RESULT_PASS);
	CHECK_EQ(b.pass[1].worst, UPM_RESULT_FAIL);
	CHECK_EQ(b.pass[1].counts[UPM_RESULT_FAIL], 1);
	CHECK_EQ(b.pass[1].counts[UPM_RESULT_NA], 1);
	const struct upm_burnin_instance *x = upm_burnin_instance_of(&b, 0, "cbo", 3);
	CHECK(x && x->first_fail == 2 && x->worst == UPM_RESULT_FAIL);
	x = upm_burnin_instance_of(&b, 1, "cbo", 0);
	CHECK(x && x->first_fail == 0 && x->worst == UPM_RESULT_PASS);
	CHECK(upm_burnin_instance_of(&b, 0, "cbo", 4) == NULL);
	/* One trend: cbo3's llc.balance, a point per pass. */
	CHECK_EQ(b.n_trend, 1);
	CHECK_EQ(b.trend[0].n, 3);
	CHECK_EQ(b.trend[0].pass[2], 3);
	CHECK(b.trend[0].measured[2] == 903.0);
	CHECK(b.ns > 0); /* its length, taken when it stopped */
	b.ns = 2500000000ull; /* and said as recorded, not measured again when written */
	struct upm_buf j;
	upm_buf_init(&j);
	upm_burnin_json(&b, &j);
	CHECK(strstr(j.data, "\"passes_done\": 3, \"aborted\": false, \"seconds\": 2.500,") != NULL);
	CHECK(strstr(j.data, "\"first_failing_pass\": 2, \"verdicts_left_out\": 0") != NULL);
	CHECK(strstr(j.data, "{\"socket\": 0, \"box\": \"cbo\", \"instance\": 3, \"verdict\": \"FAIL\", "
			     "\"first_failing_pass\": 2, \"first_warning_pass\": null") != NULL);
	CHECK(strstr(j.data, "\"passes\": [1, 2, 3], \"measured\": [901.000000, 902.000000, 903.000000], "
			     "\"results\": [\"PASS\", \"PASS\", \"PASS\"]") != NULL);
	upm_buf_free(&j);
	upm_burnin_free(&b);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* 300 passes: the trend keeps at most 128 points, from pass 1, evenly apart. */
TEST(burnin_trend_thinned)
{
	struct fixture f;
	struct upm_burnin b;
	struct upm_verdicts vs;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_verdicts_init(&vs, 4096), 0);
	CHECK_EQ(upm_burnin_init(&b, 300, 0), 0);
	f.run.console_held = 1; /* 300 passes' lines: the log only */
	while (upm_burnin_next(&f.run, &b, &vs)) {
		unsigned first = vs.n;
		struct upm_verdict *v = upm_verdict_add(&vs, 0, "imc", 0, "memory.channel", UPM_RESULT_PASS, "x");
		upm_verdict_numbers(v, (double)vs.pass, 1, 0.25, "CAS reads");
		upm_burnin_pass_done(&f.run, &b, &vs, first, 0, NULL);
	}
	CHECK_EQ(b.done, 300);
	const struct upm_trend *t = &b.trend[0];
	CHECK(t->n <= UPM_TREND_POINTS && t->n >= UPM_TREND_POINTS / 2);
	CHECK_EQ(t->stride, 4);
	CHECK_EQ(t->pass[0], 1);
	CHECK_EQ(t->pass[1], 5);
	for (unsigned k = 0; k < t->n; k++)
		CHECK(t->measured[k] == (double)t->pass[k]);
	CHECK_EQ(t->pass[t->n - 1], 297);
	upm_burnin_free(&b);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* A table with room for a few passes: the middle passes' PASS verdicts make room (the
 * findings stay), then a burn-in that still cannot fit a pass stops, saying so. */
TEST(burnin_verdict_table_room)
{
	struct fixture f;
	struct upm_burnin b;
	struct upm_verdicts vs;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_verdicts_init(&vs, 90), 0); /* the margin of 64, and a few passes of 4 */
	CHECK_EQ(upm_burnin_init(&b, 50, 0), 0);
	f.run.console_held = 1;
	unsigned ran = 0;
	while (upm_burnin_next(&f.run, &b, &vs)) {
		ran++;
		unsigned first = vs.n;
		fake_pass(&vs, ran, 2, 1000);
		upm_burnin_pass_done(&f.run, &b, &vs, first, 0, NULL);
	}
	/* Passes 1-6 fit whole; then each middle pass keeps only its FAIL. Before pass k + 1
	 * the table holds the first pass (4), one per middle pass and pass k (4): k + 6,
	 * which leaves the largest pass and the margin (68) up to k = 16: 17 passes. */
	CHECK_EQ(ran, 17);
	CHECK(b.left_out > 0);
	CHECK(strstr(b.stopped_by, "the verdict table holds no further pass") != NULL);
	unsigned fails = 0, first_pass = 0, last_pass = 0;
	for (unsigned i = 0; i < vs.n; i++) {
		fails += vs.v[i].result == UPM_RESULT_FAIL;
		first_pass += vs.v[i].pass == 1;
		last_pass += vs.v[i].pass == ran;
	}
	CHECK_EQ(fails, ran - 1); /* every pass from 2 on kept its finding */
	CHECK_EQ(first_pass, 4);  /* the first pass whole */
	CHECK_EQ(last_pass, 4);   /* and the last */
	CHECK_EQ(b.trend[0].n, ran); /* every pass's number stayed in the trend */
	CHECK_EQ(vs.dropped, 0);
	upm_burnin_free(&b);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* ESC cuts pass 2 short: it is kept and marked, not counted as done, no pass follows. */
TEST(burnin_abort_keeps_finished_passes)
{
	struct fixture f;
	struct upm_burnin b;
	struct upm_verdicts vs;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_verdicts_init(&vs, 1024), 0);
	CHECK_EQ(upm_burnin_init(&b, 5, 0), 0);
	unsigned ran = 0;
	while (upm_burnin_next(&f.run, &b, &vs)) {
		ran++;
		unsigned first = vs.n;
		fake_pass(&vs, ran, 0, 1000);
		upm_burnin_pass_done(&f.run, &b, &vs, first, ran == 2, NULL);
	}
	CHECK_EQ(ran, 2);
	CHECK_EQ(b.done, 1);
	CHECK(b.aborted);
	CHECK(b.pass[1].aborted && !b.pass[0].aborted);
	CHECK_STR(b.stopped_by, "ESC or Ctrl-C in pass 2");
	CHECK_EQ(b.trend[0].n, 1); /* the cut pass's numbers are not a trend point */
	upm_burnin_free(&b);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* A check without --passes/--duration is one pass, silent about passes. */
TEST(burnin_single_pass_when_not_asked)
{
	struct fixture f;
	struct upm_burnin b;
	struct upm_verdicts vs;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_verdicts_init(&vs, 64), 0);
	CHECK_EQ(upm_burnin_init(&b, 0, 0), 0);
	CHECK(!b.active);
	size_t log_before = f.run.log.len;
	CHECK_EQ(upm_burnin_next(&f.run, &b, &vs), 1);
	upm_burnin_pass_done(&f.run, &b, &vs, 0, 0, NULL);
	CHECK_EQ(upm_burnin_next(&f.run, &b, &vs), 0);
	CHECK_EQ(f.run.log.len, log_before);
	struct upm_buf j;
	upm_buf_init(&j);
	upm_burnin_json(&b, &j);
	CHECK_EQ(j.len, 0);
	upm_buf_free(&j);
	upm_burnin_free(&b);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* stuck=cbo3.ctr0@pass2 through the trace, as the program stacks it: CBo 3's counter 0
 * (0xD16 + 0x20 x 3 = 0xD76, 327043-001 Table 2-8, seeds 000:461-519) counts in pass 1
 * and stands still once pass 2 begins; its neighbour cbo2 (0xD56) counts on. */
static uint64_t counted(struct fixture *f, uint32_t ctl, uint32_t ctr)
{
	uint64_t a = 0, b = 0;
	f->mock->forced_socket = 0;
	upm_msr_write(f->run.backend, ctl, 1ull << 22 | 0x00); /* en, CLOCKTICKS (event 0x00) */
	upm_msr_read(f->run.backend, ctr, &a);
	test_clock_advance(f->run.backend, 1000000); /* 1 ms of the uncore clock passes */
	upm_msr_read(f->run.backend, ctr, &b);
	upm_msr_write(f->run.backend, ctl, 0);
	return b - a;
}

TEST(burnin_mock_fault_from_pass2)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, "stuck=cbo3.ctr0@pass2") < 0)
		return;
	CHECK_EQ(f.mock->n_deferred, 1);
	upm_backend_pass_begins(f.run.backend, 1);
	CHECK(counted(&f, 0xD70, 0xD76) > 0);
	upm_backend_pass_begins(f.run.backend, 2);
	CHECK_EQ(f.mock->pass, 2);
	CHECK_EQ(counted(&f, 0xD70, 0xD76), 0);
	CHECK(counted(&f, 0xD50, 0xD56) > 0);
	upm_backend_pass_begins(f.run.backend, 3); /* from pass 2 on */
	CHECK_EQ(counted(&f, 0xD70, 0xD76), 0);
	fixture_free(&f);
}

TEST(burnin_mock_esc_in_pass)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, "esc@pass2") < 0)
		return;
	upm_abort_reset();
	struct upm_activity act = { 0 };
	upm_backend_pass_begins(f.run.backend, 1);
	upm_activity(f.run.backend, &act);
	CHECK_EQ(upm_abort_check(), 0);
	upm_backend_pass_begins(f.run.backend, 2);
	CHECK_EQ(upm_abort_check(), 0); /* at the pass's first measured interval, not before */
	upm_activity(f.run.backend, &act);
	CHECK_EQ(upm_abort_check(), 1);
	upm_abort_reset();
	fixture_free(&f);
}

TEST(burnin_mock_pass_faults_refused)
{
	char err[200];
	static const char *const bad[][2] = {
		{ "stuck=cbo3.ctr0@pass0", "give a fault before @passN and a pass from 1 to 100000" },
		{ "stuck=cbo3.ctr0@passx", "give a fault before @passN" },
		{ "@pass2", "give a fault before @passN" },
		{ "stuck=cbo9.ctr0@pass2", "(in 'stuck=cbo9.ctr0@pass2')" },
		{ "bogus=1@pass3", "unknown fault 'bogus'" },
		{ "esc", "esc needs the pass to press it in: esc@passN (esc@pass2)" },
	};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct upm_backend *b = upm_mock_create("snbep", 2, bad[i][0], err, sizeof err);
		CHECK(b == NULL);
		if (b)
			upm_backend_destroy(b);
		else if (!strstr(err, bad[i][1]))
			upm_test_fail(__FILE__, __LINE__, "%s: %s", bad[i][0], err);
	}
	/* The hardware-free backends without the operation ignore the report. */
	struct upm_backend *b = upm_mock_create("snbep", 2, "gp=0xD04@pass2", err, sizeof err);
	CHECK(b != NULL);
	if (b) {
		uint64_t v;
		upm_mock_of(b)->forced_socket = 0;
		CHECK_EQ(upm_msr_read(b, 0xD04, &v), UPM_OK);
		upm_backend_pass_begins(b, 2);
		CHECK_EQ(upm_msr_read(b, 0xD04, &v), UPM_EFAULT);
		upm_backend_destroy(b);
	}
}

/* ESC between two passes: no pass starts, the finished one is kept, and the check's
 * safety facts say where ("before pass 2"), for the console's abort line. */
TEST(burnin_abort_between_passes)
{
	struct fixture f;
	struct upm_burnin b;
	struct upm_verdicts vs;
	static struct upm_check_safety cs;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	memset(&cs, 0, sizeof cs);
	f.run.safety = &cs;
	f.run.console_held = 1;
	upm_abort_reset();
	CHECK_EQ(upm_verdicts_init(&vs, 256), 0);
	CHECK_EQ(upm_burnin_init(&b, 0, 3600), 0);
	CHECK_EQ(upm_burnin_next(&f.run, &b, &vs), 1);
	fake_pass(&vs, 1, 0, 1000);
	upm_burnin_pass_done(&f.run, &b, &vs, 0, 0, NULL);
	upm_abort_request();
	CHECK_EQ(upm_burnin_next(&f.run, &b, &vs), 0);
	CHECK_STR(b.stopped_by, "ESC or Ctrl-C before pass 2");
	CHECK(b.aborted);
	CHECK_EQ(b.done, 1);
	CHECK_EQ(b.n_pass, 1);
	CHECK(cs.aborted);
	CHECK_STR(cs.aborted_in, "before pass 2");
	upm_abort_reset();
	f.run.safety = NULL;
	upm_burnin_free(&b);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

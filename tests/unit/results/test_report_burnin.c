/* A burn-in in report.html and junit.xml (core/results/report_burnin.c, junit.c): the
 * passes table, each instance's first failing pass, a trend's geometry (points where the
 * values put them), the kernel bandwidth bars scaled to the fastest kernel, the last
 * pass's charts only, and junit names that say their pass. */
#include "tests/unit/test.h"
#include "tests/unit/occurrences.h"
#include "tests/unit/fixture.h"
#include "core/results/junit.h"
#include "core/results/report_html.h"

/* Three passes: cbo0's llc.balance measures 1, 2, 3 (PASS, PASS, WARN); cbo1's self-test
 * FAILs from pass 2 on; the kernels read at 10 and 5 GB/s (pass 3). */
static void three_passes(struct fixture *f, struct upm_burnin *b, struct upm_verdicts *vs)
{
	f->run.console_held = 1;
	CHECK_EQ(upm_verdicts_init(vs, 256), 0);
	CHECK_EQ(upm_burnin_init(b, 3, 0), 0);
	while (upm_burnin_next(&f->run, b, vs)) {
		unsigned p = vs->pass, first = vs->n;
		struct upm_verdict *v = upm_verdict_add(vs, 0, "cbo", 0, "llc.balance",
							p == 3 ? UPM_RESULT_WARN : UPM_RESULT_PASS, "share");
		upm_verdict_numbers(v, (double)p, 2.0, 0.25, "lookups");
		v = upm_verdict_add(vs, 0, "cbo", 1, "llc.balance", UPM_RESULT_PASS, "share");
		upm_verdict_numbers(v, 2.0, 2.0, 0.25, "lookups");
		upm_verdict_add(vs, 0, "cbo", 1, "selftest.count", p >= 2 ? UPM_RESULT_FAIL : UPM_RESULT_PASS, "count");
		struct upm_check_bandwidth bw;
		memset(&bw, 0, sizeof bw);
		bw.n = 2;
		strcpy(bw.k[0].label, "read");
		bw.k[0].gbps = 10.0 + p;
		bw.k[0].seconds = 0.5;
		strcpy(bw.k[1].label, "read-remote");
		bw.k[1].gbps = 5.0;
		upm_burnin_pass_done(&f->run, b, vs, first, 0, &bw);
	}
}

TEST(report_burnin_passes_trend_and_bandwidth)
{
	struct fixture f;
	struct upm_burnin b;
	struct upm_verdicts vs;
	struct upm_buf h;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	three_passes(&f, &b, &vs);
	upm_buf_init(&h);
	upm_report_html_check(&f.run, &vs, &b, "check", UPM_RESULT_FAIL, &h);
	CHECK_CONTAINS(h.data, "<h2 id=\"burnin\">Burn-in: 3 passes</h2>");
	CHECK_CONTAINS(h.data, "first failing pass 2");
	CHECK_CONTAINS(h.data, "<tr><td>2</td><td class=\"fail\">FAIL</td><td>2</td><td>0</td><td>1</td>");
	CHECK_CONTAINS(h.data, "<a href=\"#s0-cbo1\">cbo1</a></td><td class=\"fail\">FAIL</td><td><b>2</b></td>");
	CHECK_CONTAINS(h.data, "<a href=\"#s0-cbo0\">cbo0</a></td><td class=\"warn\">WARN</td><td></td>");
	/* cbo0's trend: passes 1-3 across 160 px less 4 each side (x 4, 80, 156); values 1-3
	 * from the bottom (y 24) to the top (y 4) of 28 px less 4 each side. */
	CHECK_CONTAINS(h.data, "<polyline fill=\"none\" stroke=\"#616161\" stroke-width=\"1\" points=\"4,24 80,14 156,4\"/>");
	CHECK_CONTAINS(h.data, "<circle cx=\"156\" cy=\"4\" r=\"2.5\" fill=\"#f9a825\"><title>pass 3: 3</title></circle>");
	/* cbo1's flat trend sits in the middle. */
	CHECK_CONTAINS(h.data, "points=\"4,14 80,14 156,14\"");
	CHECK_EQ(occurrences(h.data, "class=\"trend\""), 2);
	/* The findings: cbo1's FAIL once, with the pass it first showed in, before cbo0's WARN. */
	CHECK_EQ(occurrences(h.data, "<a href=\"#s0-cbo1\">cbo1</a> selftest.count: count <i>(pass 2 and later passes)</i></li>"), 1);
	CHECK(strstr(h.data, "<a href=\"#s0-cbo1\">cbo1</a> selftest.count") <
	      strstr(h.data, "<a href=\"#s0-cbo0\">cbo0</a> llc.balance: share"));
	/* Bandwidth: the last pass's, the fastest kernel (13 GB/s) the full 760 - 130 - 220 px,
	 * each figure saying its window (the kernel's timed loop). */
	CHECK_CONTAINS(h.data, "<h2 id=\"bandwidth\">Kernel bandwidth, pass 3 (GB/s)</h2>");
	CHECK_CONTAINS(h.data, "<rect x=\"130\" y=\"4\" width=\"410\" height=\"16\" fill=\"#1565c0\"><title>read: 13 GB/s</title>");
	CHECK_CONTAINS(h.data, "<rect x=\"130\" y=\"24\" width=\"157\" height=\"16\" fill=\"#1565c0\"><title>read-remote: 5 GB/s</title>");
	CHECK_CONTAINS(h.data, ">13 GB/s over the kernel's 500 ms</text>");
	/* The per-instance charts are pass 3's; the verdict tables hold pass 3 and the findings. */
	CHECK_CONTAINS(h.data, "<h2>Measured per box instance, pass 3</h2>");
	CHECK_EQ(occurrences(h.data, "<rect x=\"90\" y=\""), 2); /* two bars: cbo0 and cbo1 of pass 3 */
	CHECK_EQ(occurrences(h.data, "<tr><td>1</td><td>llc.balance</td>"), 0);
	CHECK_EQ(occurrences(h.data, "<tr><td>3</td><td>llc.balance</td>"), 2);
	CHECK_EQ(occurrences(h.data, "<td>selftest.count</td><td class=\"fail\">FAIL</td>"), 2);
	upm_buf_free(&h);

	/* junit: every verdict, named with its pass. */
	struct upm_buf x;
	upm_buf_init(&x);
	upm_junit_xml(&vs, "check", NULL, NULL, &x);
	CHECK_CONTAINS(x.data, "<testsuites name=\"upmon check\" tests=\"9\" failures=\"2\"");
	CHECK_CONTAINS(x.data, "name=\"cbo1.selftest.count (pass 1)\" time=\"0\"/>");
	CHECK_CONTAINS(x.data, "name=\"cbo1.selftest.count (pass 2)\" time=\"0\">\n      <failure");
	CHECK_EQ(occurrences(x.data, "(pass 3)\""), 3);
	upm_buf_free(&x);
	upm_burnin_free(&b);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* One pass (a plain check): no burn-in section, no pass in the names, the bars kept. */
TEST(report_single_pass_no_burnin)
{
	struct fixture f;
	struct upm_burnin b;
	struct upm_verdicts vs;
	struct upm_buf h, x;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_verdicts_init(&vs, 16), 0);
	CHECK_EQ(upm_burnin_init(&b, 0, 0), 0);
	CHECK_EQ(upm_burnin_next(&f.run, &b, &vs), 1);
	upm_verdict_add(&vs, 0, "cbo", 1, "selftest.count", UPM_RESULT_PASS, "count");
	struct upm_check_bandwidth bw;
	memset(&bw, 0, sizeof bw);
	bw.n = 1;
	strcpy(bw.k[0].label, "ntwrite");
	bw.k[0].gbps = 2.5;
	upm_burnin_pass_done(&f.run, &b, &vs, 0, 0, &bw);
	upm_buf_init(&h);
	upm_buf_init(&x);
	upm_report_html_check(&f.run, &vs, &b, "check", UPM_RESULT_PASS, &h);
	upm_junit_xml(&vs, "check", NULL, NULL, &x);
	CHECK(strstr(h.data, "id=\"burnin\"") == NULL);
	CHECK(strstr(h.data, "<th>pass</th>") == NULL);
	CHECK_CONTAINS(h.data, "<h2 id=\"bandwidth\">Kernel bandwidth (GB/s)</h2>");
	CHECK_CONTAINS(h.data, "width=\"410\" height=\"16\" fill=\"#1565c0\"><title>ntwrite: 2.5 GB/s</title>");
	CHECK_CONTAINS(x.data, "name=\"cbo1.selftest.count\" time=\"0\"/>");
	upm_buf_free(&h);
	upm_buf_free(&x);
	upm_burnin_free(&b);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* report.html from verdicts (core/results/report_html.c): the verdict on top, escaped
 * text, each box instance's colour and anchor, the self-test matrix and a chart. */
#include "tests/unit/test.h"
#include "tests/unit/occurrences.h"
#include "core/results/report_html.h"

TEST(report_html_colours_links_and_charts)
{
	struct upm_run r;
	struct upm_verdicts vs;
	struct upm_buf h;
	memset(&r, 0, sizeof r);
	upm_strlcpy(r.run_name, "20261123-054000-<lab>-check", sizeof r.run_name);
	r.n_sockets = 1;
	CHECK_EQ(upm_verdicts_init(&vs, 16), 0);
	upm_verdict_add(&vs, 0, "cbo", 0, "selftest.freeze", UPM_RESULT_PASS, "frozen");
	upm_verdict_add(&vs, 0, "cbo", 1, "selftest.freeze", UPM_RESULT_FAIL, "counted <while> frozen & more");
	upm_verdict_add(&vs, 0, "cbo", 1, "selftest.wrap", UPM_RESULT_NA, "no overflow");
	struct upm_verdict *v = upm_verdict_add(&vs, 0, "cbo", 0, "llc.balance", UPM_RESULT_PASS, "share");
	upm_verdict_numbers(v, 100.0, 100.0, 0.25, "lookups");
	v = upm_verdict_add(&vs, 0, "cbo", 1, "llc.balance", UPM_RESULT_WARN, "low share");
	upm_verdict_numbers(v, 50.0, 100.0, 0.25, "lookups");
	/* A box whose presence failed has no other self-test, and still its row. */
	upm_verdict_add(&vs, 0, "imc", 1, "presence", UPM_RESULT_FAIL, "reading all ones");
	v = upm_verdict_add(&vs, 0, "imc", -1, "memory.read", UPM_RESULT_PASS, "bytes");
	upm_verdict_numbers(v, 1000.0, 1000.0, 0.1, "bytes");
	upm_buf_init(&h);
	upm_report_html(&r, &vs, "check", UPM_RESULT_FAIL, &h);
	CHECK(h.data && strncmp(h.data, "<!DOCTYPE html>", 15) == 0);
	CHECK_CONTAINS(h.data, "<h1>upmon check: <span class=\"v fail\">FAIL</span></h1>");
	CHECK_CONTAINS(h.data, "20261123-054000-&lt;lab&gt;-check");
	/* The grid: cbo1 is red (its worst is FAIL), cbo0 green, imc's verdicts together "all". */
	CHECK_CONTAINS(h.data, "<a class=\"fail\" href=\"#s0-cbo1\" title=\"FAIL\">cbo1</a>");
	CHECK_CONTAINS(h.data, "<a class=\"pass\" href=\"#s0-cbo0\" title=\"PASS\">cbo0</a>");
	CHECK_CONTAINS(h.data, "<a class=\"pass\" href=\"#s0-imc-all\" title=\"PASS\">all</a>");
	CHECK_EQ(occurrences(h.data, "id=\"s0-cbo1\""), 1);
	CHECK_EQ(occurrences(h.data, "id=\"s0-imc-all\""), 1);
	CHECK_CONTAINS(h.data, "counted &lt;while&gt; frozen &amp; more");
	/* The self-test matrix: one row per instance, columns freeze and wrap. */
	CHECK_CONTAINS(h.data, "<th>freeze</th><th>wrap</th><th>presence</th>");
	CHECK_EQ(occurrences(h.data, "\">socket 0 cbo"), 2);
	CHECK_CONTAINS(h.data, "\">socket 0 imc1</a></th><td></td><td></td><td class=\"fail\" title=\"reading all ones\">FAIL</td></tr>");
	CHECK_CONTAINS(h.data, "<td class=\"fail\" title=\"counted &lt;while&gt; frozen &amp; more\">FAIL</td>");
	/* One chart (llc.balance over two CBos); memory.read over the box type has none. */
	CHECK_CONTAINS(h.data, "<h3>Socket 0 cbo: llc.balance (lookups)</h3>");
	CHECK_EQ(occurrences(h.data, "<svg"), 2); /* the totals bar and the chart */
	CHECK_CONTAINS(h.data, "fill=\"#f9a825\"><title>low share</title></rect><text x=\"");
	CHECK(strstr(h.data, "<script") == NULL);
	CHECK(strstr(h.data, "http://www.w3.org/2000/svg") != NULL && strstr(h.data, "src=") == NULL);
	upm_buf_free(&h);
	upm_verdicts_free(&vs);
}

/* Where s first appears in the page, or its end. */
static size_t at(const char *page, const char *s)
{
	const char *p = strstr(page, s);
	return p ? (size_t)(p - page) : strlen(page);
}

/* The findings open the page: every FAIL, INCOMPLETE and WARN in a line with its reason
 * and evidence, the worst first, before any picture, tile or table; a mock run's banner
 * under the title, none for the machine's own registers. */
TEST(report_html_findings_before_any_picture)
{
	struct upm_run r;
	struct upm_verdicts vs;
	struct upm_buf h;
	memset(&r, 0, sizeof r);
	upm_strlcpy(r.run_name, "20261123-054000-lab-check", sizeof r.run_name);
	r.n_sockets = 4;
	r.opts.backend = UPM_BACKEND_MOCK;
	CHECK_EQ(upm_verdicts_init(&vs, 16), 0);
	struct upm_verdict *v = upm_verdict_add(&vs, 0, "cbo", 0, "llc.balance", UPM_RESULT_PASS, "share");
	upm_verdict_numbers(v, 100.0, 100.0, 0.25, "lookups");
	v = upm_verdict_add(&vs, 0, "cbo", 1, "llc.balance", UPM_RESULT_WARN, "low <share>");
	upm_verdict_numbers(v, 50.0, 100.0, 0.25, "lookups");
	upm_verdict_add(&vs, 1, "qpi", 0, "link.rate", UPM_RESULT_INCOMPLETE, "never reached");
	v = upm_verdict_add(&vs, 3, "mbox", 1, "presence", UPM_RESULT_FAIL,
			    "reading all ones: control 0xd8 and counter 0xa0 read all ones");
	upm_verdict_evidence(v, "ctl0", "0xd8", 0xffffffffffffffffull);
	upm_buf_init(&h);
	upm_report_html(&r, &vs, "check", UPM_RESULT_FAIL, &h);
	const char *page = h.data;
	size_t reason = at(page, "reading all ones: control 0xd8 and counter 0xa0 read all ones");
	CHECK(reason < strlen(page));
	CHECK(reason < at(page, "<svg"));
	CHECK(reason < at(page, "<img"));
	CHECK(reason < at(page, "class=\"grid\""));
	CHECK(reason < at(page, "<table"));
	CHECK(at(page, "<div id=\"findings\">") < reason);
	CHECK_CONTAINS(page, "<p class=\"verdict\"><span class=\"fail\">&nbsp;FAIL&nbsp;</span> 1 FAIL, 1 INCOMPLETE, 1 WARN of 4 verdicts:</p>");
	/* One line each, the worst first, linked to the box's verdicts, with the evidence. */
	CHECK_CONTAINS(page, "<li class=\"fail\"><span class=\"fail\">&nbsp;FAIL&nbsp;</span> socket 3 <a href=\"#s3-mbox1\">mbox1</a> "
			     "presence: reading all ones: control 0xd8 and counter 0xa0 read all ones <span class=\"ev\">"
			     "(register ctl0 at 0xd8 = 0xffffffffffffffff)</span></li>");
	CHECK_CONTAINS(page, "socket 0 <a href=\"#s0-cbo1\">cbo1</a> llc.balance: low &lt;share&gt; <span class=\"ev\">"
			     "(measured 50 lookups, expected 100 lookups, accepted 75..125 lookups (tolerance 25%))</span></li>");
	CHECK(reason < at(page, "never reached") && at(page, "never reached") < at(page, "low &lt;share&gt;"));
	CHECK_EQ(occurrences(page, "<li class=\""), 3);
	/* The mock's banner, as large as the verdict, under the title and above the findings. */
	CHECK_CONTAINS(page, "<div class=\"caveat\" id=\"caveat\">MOCK BACKEND: simulated registers, not measurements "
			     "of this machine</div>");
	CHECK(at(page, "<h1>") < at(page, "class=\"caveat\"") && at(page, "class=\"caveat\"") < at(page, "id=\"findings\""));
	CHECK_CONTAINS(page, ".caveat{font-size:2em;");
	upm_buf_free(&h);

	/* The machine's own registers: no banner; a dry run has one. */
	r.opts.backend = UPM_BACKEND_HW;
	upm_buf_init(&h);
	upm_report_html(&r, &vs, "check", UPM_RESULT_FAIL, &h);
	CHECK(strstr(h.data, "class=\"caveat\"") == NULL);
	upm_buf_free(&h);
	r.opts.dry_run = 1;
	upm_buf_init(&h);
	upm_report_html(&r, &vs, "check", UPM_RESULT_FAIL, &h);
	CHECK_CONTAINS(h.data, "<div class=\"caveat\" id=\"caveat\">DRY RUN: no register was written, counts are not "
			       "measurements</div>");
	upm_buf_free(&h);
	upm_verdicts_free(&vs);

	/* Nothing to report: one line says so. */
	r.opts.dry_run = 0;
	CHECK_EQ(upm_verdicts_init(&vs, 4), 0);
	upm_verdict_add(&vs, 0, "cbo", 0, "selftest.freeze", UPM_RESULT_PASS, "frozen");
	upm_verdict_add(&vs, 0, "cbo", 0, "selftest.wrap", UPM_RESULT_NA, "no overflow");
	upm_buf_init(&h);
	upm_report_html(&r, &vs, "selftest", UPM_RESULT_PASS, &h);
	CHECK_CONTAINS(h.data, "<span class=\"pass\">&nbsp;PASS&nbsp;</span> No FAIL, INCOMPLETE or WARN: each of the 2 "
			       "verdicts is PASS or N/A.</p>\n</div>\n");
	CHECK(strstr(h.data, "<ul class=\"findings\">") == NULL);
	upm_buf_free(&h);
	upm_verdicts_free(&vs);
}

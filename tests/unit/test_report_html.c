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

/* junit.xml from verdicts (core/results/junit.c): escaping, suites per socket and box
 * type, and the counts CI reads. */
#include "tests/unit/test.h"
#include "core/results/junit.h"
#include "core/results/markup.h"

TEST(xml_text_escapes_markup_and_controls)
{
	struct upm_buf b;
	upm_buf_init(&b);
	upm_buf_xml_text(&b, "a<b>&\"c'\x01\td");
	CHECK_STR(b.data, "a&lt;b&gt;&amp;&quot;c&#39;?\td");
	upm_buf_free(&b);
}

TEST(junit_suites_counts_and_mapping)
{
	struct upm_verdicts vs;
	struct upm_buf x;
	CHECK_EQ(upm_verdicts_init(&vs, 8), 0);
	struct upm_verdict *v = upm_verdict_add(&vs, 0, "imc", 2, "memory.channel", UPM_RESULT_FAIL,
						"no traffic <under> load & \"idle\"");
	upm_verdict_numbers(v, 0.0, 1000.0, 0.25, "bytes");
	upm_verdict_add(&vs, 0, "cbo", 3, "selftest.freeze", UPM_RESULT_PASS, "frozen");
	v = upm_verdict_add(&vs, 0, "imc", -1, "memory.read", UPM_RESULT_WARN, "low");
	upm_verdict_range(v, 1.5, 2.0, 3.0, "GB/s");
	upm_verdict_add(&vs, 1, "imc", 0, "selftest.overflow", UPM_RESULT_NA, "no overflow bit");
	upm_verdict_add(&vs, 1, "qpi", 1, "link.flits", UPM_RESULT_INCOMPLETE, "aborted");
	upm_buf_init(&x);
	upm_junit_xml(&vs, "check", "20261123-054000-host-check", NULL, &x);
	CHECK_CONTAINS(x.data, "<testsuites name=\"upmon check\" tests=\"5\" failures=\"1\" errors=\"1\" skipped=\"1\"");
	CHECK_CONTAINS(x.data, "<testsuite name=\"socket0.imc\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\"");
	CHECK_CONTAINS(x.data, "<testsuite name=\"socket0.cbo\" tests=\"1\" failures=\"0\"");
	CHECK_CONTAINS(x.data, "<testsuite name=\"socket1.imc\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\"");
	CHECK_CONTAINS(x.data, "<testsuite name=\"socket1.qpi\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\"");
	CHECK_CONTAINS(x.data, "<testcase classname=\"socket0.imc\" name=\"imc2.memory.channel\"");
	CHECK_CONTAINS(x.data, "<failure type=\"FAIL\" message=\"FAIL: no traffic &lt;under&gt; load &amp; "
			       "&quot;idle&quot;; measured 0 bytes, expected 1000 bytes, accepted 750..1250 bytes "
			       "(tolerance 25%)\">");
	CHECK_CONTAINS(x.data, "<testcase classname=\"socket0.imc\" name=\"memory.read\" time=\"0\">\n"
			       "      <system-out>WARN: low; measured 1.5 GB/s, accepted 2..3 GB/s</system-out>");
	CHECK_CONTAINS(x.data, "<testcase classname=\"socket0.cbo\" name=\"cbo3.selftest.freeze\" time=\"0\"/>");
	CHECK_CONTAINS(x.data, "<skipped message=\"N/A: no overflow bit\"/>");
	CHECK_CONTAINS(x.data, "<error type=\"INCOMPLETE\" message=\"INCOMPLETE: aborted\">");
	CHECK(strstr(x.data, "name=\"more\"") == NULL);
	upm_buf_free(&x);
	upm_verdicts_free(&vs);
}

TEST(junit_counts_dropped_verdicts_as_an_error)
{
	struct upm_verdicts vs;
	struct upm_buf x;
	CHECK_EQ(upm_verdicts_init(&vs, 1), 0);
	upm_verdict_add(&vs, 0, "ubox", 0, "selftest.count", UPM_RESULT_PASS, "counts");
	CHECK(upm_verdict_add(&vs, 0, "ubox", 0, "selftest.freeze", UPM_RESULT_PASS, "x") == NULL);
	upm_buf_init(&x);
	upm_junit_xml(&vs, "selftest", NULL, NULL, &x);
	CHECK_CONTAINS(x.data, "<testsuites name=\"upmon selftest\" tests=\"2\" failures=\"0\" errors=\"1\" skipped=\"0\"");
	CHECK_CONTAINS(x.data, "<testsuite name=\"more\" tests=\"1\" failures=\"0\" errors=\"1\"");
	CHECK_CONTAINS(x.data, "1 verdicts did not fit");
	upm_buf_free(&x);
	upm_verdicts_free(&vs);
}

/* What the run is, on every suite: timestamp and hostname attributes, then a
 * <properties> list before the first testcase, values escaped. */
TEST(junit_suites_say_what_the_run_is)
{
	struct upm_verdicts vs;
	struct upm_buf x, props;
	CHECK_EQ(upm_verdicts_init(&vs, 4), 0);
	upm_verdict_add(&vs, 0, "ubox", 0, "selftest.count", UPM_RESULT_PASS, "counts");
	upm_verdict_add(&vs, 1, "cbo", 2, "selftest.count", UPM_RESULT_PASS, "counts");
	upm_buf_init(&props);
	upm_junit_property(&props, "backend", "mock");
	upm_junit_property(&props, "command_line", "upmon --backend mock:gp=0x<d10> check");
	struct upm_junit_about about = { "2026-11-26T06:00:00", "SN_4711_A", props.data, 61234567890ull };
	upm_buf_init(&x);
	upm_junit_xml(&vs, "check", "20261126-060000-SN_4711_A-check", &about, &x);
	/* The whole run's length on the root (JUnit readers show it); the suites have none. */
	CHECK_CONTAINS(x.data, "<testsuites name=\"upmon check\" tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"0\" "
			       "time=\"61.234\">\n");
	const char *props_xml = "    <properties>\n"
				"      <property name=\"backend\" value=\"mock\"/>\n"
				"      <property name=\"command_line\" value=\"upmon --backend mock:gp=0x&lt;d10&gt; check\"/>\n"
				"    </properties>\n";
	char want[1024];
	snprintf(want, sizeof want,
		 "<testsuite name=\"socket0.ubox\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\"0\" "
		 "id=\"20261126-060000-SN_4711_A-check\" timestamp=\"2026-11-26T06:00:00\" hostname=\"SN_4711_A\">\n%s"
		 "    <testcase classname=\"socket0.ubox\"",
		 props_xml);
	CHECK_CONTAINS(x.data, want);
	snprintf(want, sizeof want,
		 "<testsuite name=\"socket1.cbo\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\"0\" "
		 "id=\"20261126-060000-SN_4711_A-check\" timestamp=\"2026-11-26T06:00:00\" hostname=\"SN_4711_A\">\n%s",
		 props_xml);
	CHECK_CONTAINS(x.data, want);
	upm_buf_free(&x);
	upm_buf_free(&props);
	upm_verdicts_free(&vs);
}

/* A check not run on its box (its presence FAILed) is a case all the same: <skipped> with
 * the reason, time 0; a case run has the time the check spent on it, in seconds. */
TEST(junit_not_run_cases_skipped_with_reason_and_times)
{
	struct upm_verdicts vs;
	struct upm_buf x;
	CHECK_EQ(upm_verdicts_init(&vs, 8), 0);
	struct upm_verdict *p = upm_verdict_add(&vs, 0, "cbo", 0, "presence", UPM_RESULT_FAIL,
						"faulting: control 0xd10: EFAULT");
	upm_verdict_time(p, 1500);
	struct upm_verdict *n = upm_verdict_not_run_after(&vs, p, "selftest.ctl");
	CHECK(n && n->not_run && n->result == UPM_RESULT_NA);
	upm_verdict_time(n, 7000); /* a check not run took no time */
	p = upm_verdict_add(&vs, 0, "cbo", 1, "presence", UPM_RESULT_WARN, "absent: 0xd30: EFAULT");
	upm_verdict_not_run_after(&vs, p, "llc.balance");
	unsigned first = vs.n;
	upm_verdict_add(&vs, 0, "cbo", 2, "llc.balance", UPM_RESULT_PASS, "balanced");
	upm_verdict_add(&vs, 0, "cbo", -1, "llc.hits", UPM_RESULT_NA, "too little to judge");
	upm_verdict_not_run(&vs, 0, "cbo", 3, "llc.balance", "nothing of cbo3 was read in the llc kernel");
	upm_verdicts_time_from(&vs, first, 2345678901ull); /* the measurement's, not the one not run */
	upm_buf_init(&x);
	upm_junit_xml(&vs, "check", NULL, NULL, &x);
	CHECK_CONTAINS(x.data, "<testsuites name=\"upmon check\" tests=\"7\" failures=\"1\" errors=\"0\" skipped=\"4\"");
	CHECK_CONTAINS(x.data, "<testcase classname=\"socket0.cbo\" name=\"cbo0.presence\" time=\"0.000001\">\n"
			       "      <failure type=\"FAIL\" message=\"FAIL: faulting: control 0xd10: EFAULT\">");
	CHECK_CONTAINS(x.data, "<testcase classname=\"socket0.cbo\" name=\"cbo0.selftest.ctl\" time=\"0\">\n"
			       "      <skipped message=\"not run: presence FAILed (faulting: control 0xd10: EFAULT)\"/>\n"
			       "    </testcase>\n");
	CHECK_CONTAINS(x.data, "<testcase classname=\"socket0.cbo\" name=\"cbo1.llc.balance\" time=\"0\">\n"
			       "      <skipped message=\"not run: presence is WARN (absent: 0xd30: EFAULT)\"/>\n");
	CHECK_CONTAINS(x.data, "<testcase classname=\"socket0.cbo\" name=\"cbo2.llc.balance\" time=\"2.345678\"/>\n");
	CHECK_CONTAINS(x.data, "<testcase classname=\"socket0.cbo\" name=\"llc.hits\" time=\"2.345678\">\n"
			       "      <skipped message=\"N/A: too little to judge\"/>\n");
	CHECK_CONTAINS(x.data, "<testcase classname=\"socket0.cbo\" name=\"cbo3.llc.balance\" time=\"0\">\n"
			       "      <skipped message=\"not run: nothing of cbo3 was read in the llc kernel\"/>\n");
	/* The suites' time stays 0: their cases share the run's steps. */
	CHECK_CONTAINS(x.data, "<testsuite name=\"socket0.cbo\" tests=\"7\" failures=\"1\" errors=\"0\" skipped=\"4\" time=\"0\">");
	upm_buf_free(&x);
	upm_verdicts_free(&vs);
}

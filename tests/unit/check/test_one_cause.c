/* One cause, one FAIL (issue 16): a box that failed its presence or self-test is judged
 * there alone; the socket totals that depend on it are not judged over it, and INCOMPLETE
 * is never counted as FAIL. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/check_run.h"
#include "core/check/check.h"
#include "core/check/selftest.h"
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static unsigned count_result(const struct upm_verdicts *vs, enum upm_result r, char *first, size_t n)
{
	unsigned k = 0;
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (v->result != r)
			continue;
		if (first && k < 3)
			snprintf(first + strlen(first), n - strlen(first), " [s%u %s%d %s: %s]", v->socket,
				 v->box ? v->box : "-", v->instance, v->check, v->reason);
		k++;
	}
	return k;
}

/* Fails the test at line unless exactly one verdict FAILed (up to three are named). */
static void expect_one_fail(const struct check_outcome *o, const char *what, int line)
{
	char fails[1024] = "";
	unsigned n = count_result(&o->vs, UPM_RESULT_FAIL, fails, sizeof fails);
	if (n != 1)
		upm_test_fail(__FILE__, line, "%s: %u FAILs, want 1:%s", what, n, fails);
}

/* Fails the test at line unless the verdict on (socket 0, box, instance, check) is result
 * with a reason holding text. */
static void expect_verdict(const struct check_outcome *o, const char *what, const char *box, int instance,
			   const char *check, enum upm_result result, const char *text, int line)
{
	const struct upm_verdict *v = check_find(&o->vs, 0, box, instance, check);
	if (!v || v->result != result || !strstr(v->reason, text))
		upm_test_fail(__FILE__, line, "%s: %s%d %s is %s: %s", what, box, instance, check,
			      v ? upm_result_name(v->result) : "(none)", v ? v->reason : "");
}

/* A dead iMC channel (reads all ones): its presence FAILs, and the socket's memory
 * totals say it was not counted instead of failing "off by 25%" each. */
static void dead_channel(const char *platform, const char *fault, unsigned socket, const char *inst)
{
	struct check_outcome o;
	if (check_run(&o, platform, 2, fault, 1, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		char fails[1024] = "";
		unsigned n = count_result(&o.vs, UPM_RESULT_FAIL, fails, sizeof fails);
		if (n != 1)
			upm_test_fail(__FILE__, __LINE__, "%s %s: %u FAILs, want 1:%s", platform, fault, n, fails);
		const struct upm_verdict *p = check_find(&o.vs, socket, "imc", inst[3] - '0', "presence");
		CHECK(p && p->result == UPM_RESULT_FAIL);
		static const char *const totals[] = { "memory.read", "memory.write" };
		for (unsigned t = 0; t < 2; t++) {
			const struct upm_verdict *v = check_find(&o.vs, socket, "imc", -1, totals[t]);
			if (!v || v->result != UPM_RESULT_NA || !strstr(v->reason, inst) ||
			    !strstr(v->reason, "not counted"))
				upm_test_fail(__FILE__, __LINE__, "%s %s: %s is %s: %s", platform, fault, totals[t],
					      v ? upm_result_name(v->result) : "(none)", v ? v->reason : "");
			/* The other socket is still judged. */
			const struct upm_verdict *w = check_find(&o.vs, 1 - socket, "imc", -1, totals[t]);
			CHECK(w && w->result == UPM_RESULT_PASS);
		}
	}
	upm_verdicts_free(&o.vs);
}

TEST(one_cause_dead_imc_snbep)
{
	dead_channel("snbep", "dead=imc2", 0, "imc2");
}

TEST(one_cause_dead_imc_ivbep)
{
	dead_channel("ivbep", "s1.dead=imc5", 1, "imc5");
}

/* One verdict of socket 0 for the summary tests. */
struct verdict_in {
	const char *box;
	int instance;
	const char *check;
	enum upm_result result;
	const char *reason;
};

/* The console's verdict lines and summary for these verdicts, into log (freed by the
 * caller). */
static void printed(const struct verdict_in *in, unsigned n, struct upm_buf *log)
{
	struct upm_run r;
	struct upm_verdicts vs;
	memset(&r, 0, sizeof r);
	upm_buf_init(&r.log);
	CHECK(upm_verdicts_init(&vs, n) == 0);
	for (unsigned i = 0; i < n; i++)
		upm_verdict_add(&vs, 0, in[i].box, in[i].instance, in[i].check, in[i].result, "%s", in[i].reason);
	upm_verdicts_print(&r, &vs);
	upm_verdicts_free(&vs);
	*log = r.log;
}

/* A summary row: "summary: SOCKET BOX checks pass warn fail incomplete n/a result". */
struct summary_row {
	unsigned checks, pass, warn, fail, inc, na;
	char result[16];
};

static int summary_row_of(const char *log, const char *box, struct summary_row *o)
{
	char key[48], fmt[80];
	memset(o, 0, sizeof *o);
	snprintf(key, sizeof key, "summary:      0 %s ", box);
	snprintf(fmt, sizeof fmt, "summary: %%*u %s %%u %%u %%u %%u %%u %%u %%15s", box);
	const char *row = log ? strstr(log, key) : NULL;
	return row && sscanf(row, fmt, &o->checks, &o->pass, &o->warn, &o->fail, &o->inc, &o->na, o->result) == 7;
}

/* The summary counts INCOMPLETE in its own column, never as FAIL. */
TEST(one_cause_summary_incomplete_column)
{
	static const struct verdict_in in[] = {
		{ "imc", -1, "memory.read", UPM_RESULT_PASS, "ok" },
		{ "imc", -1, "memory.write", UPM_RESULT_INCOMPLETE, "kernel did not run" },
		{ "imc", 1, "presence", UPM_RESULT_FAIL, "all ones" },
		{ "imc", 2, "presence", UPM_RESULT_INCOMPLETE, "not reached" },
	};
	struct upm_buf log;
	struct summary_row row;
	printed(in, sizeof in / sizeof in[0], &log);
	const char *head = log.data ? strstr(log.data, "summary: socket") : NULL;
	CHECK(head && strstr(head, " incomplete ") && strstr(head, " fail "));
	CHECK(summary_row_of(log.data, "imc", &row));
	CHECK(row.checks == 4 && row.pass == 1 && row.warn == 0 && row.fail == 1 && row.inc == 2 && row.na == 0);
	CHECK(strcmp(row.result, "FAIL") == 0);
	upm_buf_free(&log);
}

/* A box whose every check is N/A (its socket's global control failed) was never judged:
 * its summary row says N/A, not PASS; a row with one PASS among N/A says PASS. */
TEST(one_cause_summary_na_row_is_not_pass)
{
	static const struct verdict_in in[] = {
		{ "pmu", -1, "global", UPM_RESULT_FAIL, "global control 0xc00: keeps no start" },
		{ "cbo", 0, "presence", UPM_RESULT_NA, "not judged: its socket's global control" },
		{ "cbo", 1, "presence", UPM_RESULT_NA, "not judged: its socket's global control" },
		{ "wbox", 0, "presence", UPM_RESULT_PASS, "present and working" },
		{ "wbox", 0, "selftest.wrap", UPM_RESULT_NA, "nothing to test here" },
	};
	struct upm_buf log;
	struct summary_row row;
	printed(in, sizeof in / sizeof in[0], &log);
	CHECK(summary_row_of(log.data, "cbo", &row));
	CHECK(row.checks == 2 && row.pass == 0 && row.warn == 0 && row.fail == 0 && row.inc == 0 && row.na == 2);
	CHECK(strcmp(row.result, "N/A") == 0);
	CHECK(summary_row_of(log.data, "wbox", &row));
	CHECK(row.checks == 2 && row.pass == 1 && row.na == 1 && strcmp(row.result, "PASS") == 0);
	upm_buf_free(&log);
}

/* Every write to CBo 0's control 0 (MSR 0xD10) faults from the self-test's interval on:
 * clearing its enable bit faulted, so the disable test reports a write fault, not a
 * counter "counted with its enable bit clear". */
TEST(one_cause_write_fault_is_reported_as_such)
{
	struct fixture f;
	struct upm_verdicts vs;
	char err[200];
	if (fixture_init(&f, "snbep", 1, "gpw=0xD10@run") < 0)
		return;
	fixture_real_time(&f); /* time really passes in the self-test */
	upm_verdicts_init(&vs, 1024);
	CHECK_EQ(upm_selftest(&f.run, &vs, err, sizeof err), 0);
	const struct upm_verdict *v = check_find(&vs, 0, "cbo", 0, "selftest.disable");
	if (!v || v->result != UPM_RESULT_FAIL || !strstr(v->reason, "write fault") || !strstr(v->reason, "0xd10") ||
	    strstr(v->reason, "enable bit clear"))
		upm_test_fail(__FILE__, __LINE__, "cbo0 selftest.disable: %s (%s)",
			      v ? upm_result_name(v->result) : "missing", v ? v->reason : "");
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* Nothing judged that was never read: the Skylake IMC behind a host bridge upmon does not
 * list (8086:1918, a Xeon E3 v5's) or with MCHBAR disabled gets a presence verdict with
 * the reason, and the memory checks are N/A, not "off by 100%". */
static void never_read(const char *fault, const char *box, int inst, const char *why,
		       const char *const *checks)
{
	struct check_outcome o;
	if (check_run(&o, "skl", 1, fault, 1, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		const struct upm_verdict *p = check_find(&o.vs, 0, box, inst, "presence");
		if (!p || p->result == UPM_RESULT_PASS || p->result == UPM_RESULT_NA || !strstr(p->reason, why))
			upm_test_fail(__FILE__, __LINE__, "%s: %s%d presence: %s", fault, box, inst,
				      p ? p->reason : "missing");
		char name[16];
		snprintf(name, sizeof name, "%s%d", box, inst);
		for (unsigned k = 0; checks[k]; k++) {
			const struct upm_verdict *v = check_find(&o.vs, 0, box, -1, checks[k]);
			if (!v || v->result != UPM_RESULT_NA || !strstr(v->reason, name) ||
			    !strstr(v->reason, "not counted"))
				upm_test_fail(__FILE__, __LINE__, "%s: %s is %s: %s", fault, checks[k],
					      v ? upm_result_name(v->result) : "(none)", v ? v->reason : "");
		}
		for (unsigned i = 0; i < o.vs.n; i++)
			if (strstr(o.vs.v[i].reason, "off by 100"))
				upm_test_fail(__FILE__, __LINE__, "%s: %s judged: %s", fault, o.vs.v[i].check,
					      o.vs.v[i].reason);
		CHECK_EQ(count_result(&o.vs, UPM_RESULT_FAIL, NULL, 0), 0u);
	}
	upm_verdicts_free(&o.vs);
}

static const char *const memory_checks[] = { "memory.read", "memory.write", NULL };
static const char *const llc_checks[] = { "llc.hits", "llc.misses", NULL };

TEST(one_cause_skl_unlisted_host_bridge)
{
	never_read("hostbridge=0x1918", "imc", 0, "8086:1918", memory_checks);
}

TEST(one_cause_skl_mchbar_disabled)
{
	never_read("mchbar=off", "imc", 0, "MCHBAR disabled", memory_checks);
}

TEST(one_cause_skl_absent_cbo)
{
	never_read("absent=cbo3", "cbo", 3, "absent", llc_checks);
}

/* A box whose presence FAILed for what its own tests found is judged there alone: a dead
 * box (its one programmed counter, the fixed clock, never moves) does not FAIL its
 * counting test as well, and a locked one (no write to it sticks) does not FAIL, nor
 * PASS on the zeros it kept, its register and counting tests. */
static void failed_by_class(const char *platform, const char *fault, const char *box, int inst, const char *cls)
{
	struct check_outcome o;
	if (check_run(&o, platform, 1, fault, 0, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		char fails[1024] = "";
		unsigned n = count_result(&o.vs, UPM_RESULT_FAIL, fails, sizeof fails);
		if (n != 1)
			upm_test_fail(__FILE__, __LINE__, "%s %s: %u FAILs, want 1:%s", platform, fault, n, fails);
		const struct upm_verdict *p = check_find(&o.vs, 0, box, inst, "presence");
		if (!p || p->result != UPM_RESULT_FAIL || strncmp(p->reason, cls, strlen(cls)) != 0)
			upm_test_fail(__FILE__, __LINE__, "%s %s: %s%d presence: %s", platform, fault, box, inst,
				      p ? p->reason : "missing");
		else if (!p->has_evidence)
			upm_test_fail(__FILE__, __LINE__, "%s %s: %s%d presence names no register", platform, fault,
				      box, inst);
		const struct upm_verdict *c = check_find(&o.vs, 0, box, inst, "selftest.count");
		if (!c || c->result != UPM_RESULT_NA || !strstr(c->reason, "(see presence)"))
			upm_test_fail(__FILE__, __LINE__, "%s %s: %s%d selftest.count is %s: %s", platform, fault, box,
				      inst, c ? upm_result_name(c->result) : "(none)", c ? c->reason : "");
	}
	upm_verdicts_free(&o.vs);
}

TEST(one_cause_dead_ubox_snbep)
{
	failed_by_class("snbep", "stuck=ubox0.fixed", "ubox", 0, "dead");
}

TEST(one_cause_dead_wbox_wsmex)
{
	failed_by_class("wsmex", "stuck=wbox0.fixed", "wbox", 0, "dead");
}

TEST(one_cause_locked_cbo_skl)
{
	failed_by_class("skl", "locked=cbo3", "cbo", 3, "locked");
}

/* A socket whose global control faults (the U-Box's MSRs absent, 0xC00 among them) has
 * one finding, the global control, not a faulting presence on every box of it. */
static void global_control_fails(const char *platform)
{
	struct check_outcome o;
	if (check_run(&o, platform, 1, "absent=ubox0", 0, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		expect_one_fail(&o, platform, __LINE__);
		expect_verdict(&o, platform, "pmu", -1, "global", UPM_RESULT_FAIL, "global control 0xc00", __LINE__);
		const struct upm_verdict *g = check_find(&o.vs, 0, "pmu", -1, "global");
		if (g && (!g->has_evidence || strcmp(g->address, "0xc00") != 0))
			upm_test_fail(__FILE__, __LINE__, "%s: pmu global names no register 0xc00", platform);
		expect_verdict(&o, platform, "cbo", 0, "presence", UPM_RESULT_NA, "global control 0xc00", __LINE__);
	}
	upm_verdicts_free(&o.vs);
}

TEST(one_cause_global_control_ivbep)
{
	global_control_fails("ivbep");
}

TEST(one_cause_global_control_wsmex)
{
	global_control_fails("wsmex");
}

/* A dead U-Box (its MSRs read all ones and drop writes, 0xC00 among them): the global
 * control reads all ones, which no working one does (its reserved bits read 0), so no box
 * of the socket counts; the one FAIL is the U-Box's presence, which holds the control.
 * Every box of the socket FAILed as dead before. */
static void dead_global_holder(const char *platform)
{
	struct check_outcome o;
	if (check_run(&o, platform, 1, "dead=ubox0", 0, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		expect_one_fail(&o, platform, __LINE__);
		expect_verdict(&o, platform, "ubox", 0, "presence", UPM_RESULT_FAIL, "", __LINE__);
		expect_verdict(&o, platform, "pmu", -1, "global", UPM_RESULT_NA,
			       "global control 0xc00: reads all ones, a register of ubox0", __LINE__);
		expect_verdict(&o, platform, "cbo", 0, "presence", UPM_RESULT_NA, "(see pmu global)", __LINE__);
	}
	upm_verdicts_free(&o.vs);
}

TEST(one_cause_dead_global_holder_nhmex)
{
	dead_global_holder("nhmex");
}

TEST(one_cause_dead_global_holder_ivbep)
{
	dead_global_holder("ivbep");
}

/* A dead QPI port (its PMON, filter and misc functions answer with their IDs and read all
 * ones): the one FAIL is the port's presence; its rate status, which reads all ones with
 * it, is not a second (on Ivy Bridge-EP port 1 reads port 0's register too). */
static void dead_port(const char *platform, int shared_port)
{
	struct check_outcome o;
	if (check_run(&o, platform, 1, "dead=qpi0", 1, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		expect_one_fail(&o, platform, __LINE__);
		for (int port = 0; port <= shared_port; port++)
			expect_verdict(&o, platform, "qpi", port, "link.rate", UPM_RESULT_NA, "(see qpi0 presence)",
				       __LINE__);
		expect_verdict(&o, platform, "qpi", 0, "presence", UPM_RESULT_FAIL, "", __LINE__);
	}
	upm_verdicts_free(&o.vs);
}

TEST(one_cause_dead_qpi_port_snbep)
{
	dead_port("snbep", 0);
}

TEST(one_cause_dead_qpi_port_ivbep)
{
	dead_port("ivbep", 1);
}

/* Skylake's ncu has one fixed counter and no general ones: its counter read-back is N/A,
 * not a PASS over no counters, and its wrap is judged at the fixed counter's 48 bits
 * (001:318-319). Locked (it reads 0 and keeps no write), its one control kept no enable
 * when read back while counting: its presence is the one FAIL, "locked", and no test of it
 * PASSes on the zeros it keeps (reset, wrap). */
TEST(one_cause_ncu_without_general_counters_skl)
{
	struct check_outcome o;
	if (check_run(&o, "skl", 1, NULL, 1, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		expect_verdict(&o, "skl", "ncu", 0, "selftest.ctr", UPM_RESULT_NA, "no general counters", __LINE__);
		expect_verdict(&o, "skl", "ncu", 0, "selftest.wrap", UPM_RESULT_PASS, "counters preloaded 2^48-1000 wrapped",
			       __LINE__);
		expect_verdict(&o, "skl", "cbo", 0, "selftest.wrap", UPM_RESULT_PASS, "counters preloaded 2^44-1000 wrapped",
			       __LINE__);
	}
	upm_verdicts_free(&o.vs);
	if (check_run(&o, "skl", 1, "locked=ncu0", 1, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		expect_one_fail(&o, "skl locked=ncu0", __LINE__);
		expect_verdict(&o, "skl", "ncu", 0, "presence", UPM_RESULT_FAIL,
			       "locked: its one control, the fixed counter's, keeps no write (fixed ctl 0x394 bit 22 does not set",
			       __LINE__);
		const struct upm_verdict *p = check_find(&o.vs, 0, "ncu", 0, "presence");
		CHECK(p && p->has_evidence && p->has_value && p->value == 0 && p->has_written && p->written == 0x400000);
		static const char *const tests[] = { "selftest.ctl", "selftest.ctr", "selftest.count", "selftest.reset",
						     "selftest.wrap" };
		for (unsigned i = 0; i < sizeof tests / sizeof tests[0]; i++)
			expect_verdict(&o, "skl", "ncu", 0, tests[i], UPM_RESULT_NA, "not judged: the box keeps no write",
				       __LINE__);
	}
	upm_verdicts_free(&o.vs);
}

/* An enable bit that never sets, which the pattern test cannot see (it leaves enables
 * clear): the control read back while counting is selftest.ctl's one FAIL, also on a box
 * whose counting is not judged (the U-Box), and a counter silent behind it is not a dead
 * box (the W-Box's fixed UCLK: presence N/A, the count N/A). */
TEST(one_cause_enable_bit_that_never_sets_nhmex)
{
	struct check_outcome o;
	if (check_run(&o, "nhmex", 1, "stuckbit=ubox0.ctl0:22", 0, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		expect_one_fail(&o, "nhmex stuckbit=ubox0.ctl0:22", __LINE__);
		/* U_MSR_PMON_EV_SEL 0xC10 (Table 2-5, 002:544-549), its en bit 22 (the generic
		 * event select, boxes/nhmex/nhmex.h); BUF_VALID_LOCAL_INT is event 0x00. */
		expect_verdict(&o, "nhmex", "ubox", 0, "selftest.ctl", UPM_RESULT_FAIL,
			       "ctl0 0xc10 bit 22 does not set: programmed 0x400000 to count, read 0x0", __LINE__);
		expect_verdict(&o, "nhmex", "ubox", 0, "presence", UPM_RESULT_PASS, "present and working", __LINE__);
	}
	upm_verdicts_free(&o.vs);
	if (check_run(&o, "nhmex", 1, "stuckbit=wbox0.fixed:0", 0, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		expect_one_fail(&o, "nhmex stuckbit=wbox0.fixed:0", __LINE__);
		/* W_MSR_PMON_FIXED_CTR_CTL 0x395, en bit 0 (Table 2-98, 002:5599-5606). */
		expect_verdict(&o, "nhmex", "wbox", 0, "selftest.ctl", UPM_RESULT_FAIL,
			       "fixed ctl 0x395 bit 0 does not set: programmed 0x1 to count, read 0x0", __LINE__);
		expect_verdict(&o, "nhmex", "wbox", 0, "presence", UPM_RESULT_NA, "(see selftest.ctl)", __LINE__);
		expect_verdict(&o, "nhmex", "wbox", 0, "selftest.count", UPM_RESULT_NA, "(see selftest.ctl)", __LINE__);
	}
	upm_verdicts_free(&o.vs);
	/* C-Box 0's C_MSR_PMON_GLOBAL_CTL 0xD00 (002:945), ctr_en 5:0 (Table 2-10,
	 * 002:955-971): counter 0's box-level enable, read back while counting. */
	if (check_run(&o, "nhmex", 1, "stuckbit=cbo0.box:0", 0, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
		expect_one_fail(&o, "nhmex stuckbit=cbo0.box:0", __LINE__);
		expect_verdict(&o, "nhmex", "cbo", 0, "selftest.ctl", UPM_RESULT_FAIL, "box ctl 0xd00 bit 0 does not set: enabled 0x",
			       __LINE__);
		expect_verdict(&o, "nhmex", "cbo", 0, "selftest.count", UPM_RESULT_NA, "(see selftest.ctl)", __LINE__);
	}
	upm_verdicts_free(&o.vs);
}

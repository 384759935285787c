/* The health check on the mocked two-socket Sandy Bridge-EP: a clean mock passes with
 * no WARN or FAIL; each mock fault yields its verdict on exactly the affected box and
 * check, every other verdict stays as on the clean run, and every register the run
 * touched is back to what it was (upm_mock_compare). */
#include "tests/unit/test.h"
#include "core/host/os_host.h"
#include "tests/unit/fixture.h"
#include "tests/unit/check_run.h"
#include "core/check/check.h"
#include "core/check/selftest.h"
#include <stdlib.h>

/* This file's runs are on the mocked Sandy Bridge-EP, counters compared too. */
#define run_check(o, faults, full) check_run((o), "snbep", 2, (faults), (full), 0)
#define find check_find

static struct check_outcome clean_selftest, clean_full;
static int have_clean_selftest, have_clean_full;

static const struct check_outcome *clean(int full)
{
	if (full && !have_clean_full)
		have_clean_full = run_check(&clean_full, NULL, 1) == 0;
	if (!full && !have_clean_selftest)
		have_clean_selftest = run_check(&clean_selftest, NULL, 0) == 0;
	return full ? &clean_full : &clean_selftest;
}

/* The verdict the fault must give, and verdicts it may change besides (same box, or the
 * socket-level total the box feeds); everything else must be as on the clean run. */
struct expect {
	unsigned socket;
	const char *box;
	int instance;
	const char *check;
	enum upm_result result;
	const char *reason_has;
};

static void check_fault(const char *faults, int full, const struct expect *e, const char *const *also)
{
	struct check_outcome o;
	const struct check_outcome *base = clean(full);
	if (run_check(&o, faults, full) < 0)
		return;
	const struct upm_verdict *v = find(&o.vs, e->socket, e->box, e->instance, e->check);
	if (!v) {
		upm_test_fail(__FILE__, __LINE__, "%s: no verdict %s%d %s", faults, e->box, e->instance, e->check);
	} else if (v->result != e->result || !strstr(v->reason, e->reason_has)) {
		upm_test_fail(__FILE__, __LINE__, "%s: %s%d %s is %s (%s), expected %s with \"%s\"", faults, e->box,
			      e->instance, e->check, upm_result_name(v->result), v->reason,
			      upm_result_name(e->result), e->reason_has);
	}
	/* Every other verdict as on the clean run, unless it belongs to the affected box or
	 * is listed in `also`. */
	for (unsigned i = 0; i < base->vs.n; i++) {
		const struct upm_verdict *b = &base->vs.v[i];
		if (b->socket == e->socket && strcmp(b->box, e->box) == 0 && b->instance == e->instance)
			continue;
		int skip = 0;
		for (unsigned k = 0; also && also[k]; k++)
			skip |= strcmp(also[k], b->check) == 0;
		if (skip)
			continue;
		const struct upm_verdict *now = find(&o.vs, b->socket, b->box, b->instance, b->check);
		if (!now || now->result != b->result)
			upm_test_fail(__FILE__, __LINE__, "%s moved socket %u %s%d %s: %s -> %s (%s)", faults, b->socket,
				      b->box, b->instance, b->check, upm_result_name(b->result),
				      now ? upm_result_name(now->result) : "missing", now ? now->reason : "");
	}
	if (o.not_restored)
		upm_test_fail(__FILE__, __LINE__, "%s: %u registers not restored:\n%s", faults, o.not_restored, o.diff);
	upm_verdicts_free(&o.vs);
}

TEST(check_selftest_clean_mock_passes_every_box)
{
	const struct check_outcome *o = clean(0);
	CHECK_EQ(upm_verdicts_overall(&o->vs), UPM_RESULT_PASS);
	/* Two sockets of 1 UBox, 8 CBos, PCU, HA, 4 iMC, 2 QPI, R2PCIe, 2 R3QPI = 40 boxes,
	 * eight verdicts each. */
	CHECK_EQ(o->vs.n, 40u * 8u);
	for (unsigned i = 0; i < o->vs.n; i++)
		if (o->vs.v[i].result != UPM_RESULT_PASS && o->vs.v[i].result != UPM_RESULT_NA)
			upm_test_fail(__FILE__, __LINE__, "%s%d %s: %s", o->vs.v[i].box, o->vs.v[i].instance,
				      o->vs.v[i].check, o->vs.v[i].reason);
	/* The tests that can run did: CBo counters counted and froze, iMC counters wrapped. */
	CHECK_EQ(find(&o->vs, 1, "cbo", 7, "selftest.freeze")->result, UPM_RESULT_PASS);
	CHECK_EQ(find(&o->vs, 0, "imc", 3, "selftest.wrap")->result, UPM_RESULT_PASS);
	CHECK_EQ(find(&o->vs, 0, "ha", 0, "selftest.ctr")->result, UPM_RESULT_PASS);
	CHECK_EQ(find(&o->vs, 0, "cbo", 0, "selftest.ctr")->result, UPM_RESULT_NA);
	CHECK_EQ(o->not_restored, 0u);
}

TEST(check_full_clean_mock_passes)
{
	const struct check_outcome *o = clean(1);
	CHECK_EQ(upm_verdicts_overall(&o->vs), UPM_RESULT_PASS);
	for (unsigned i = 0; i < o->vs.n; i++)
		if (o->vs.v[i].result != UPM_RESULT_PASS && o->vs.v[i].result != UPM_RESULT_NA)
			upm_test_fail(__FILE__, __LINE__, "socket %u %s%d %s: %s", o->vs.v[i].socket, o->vs.v[i].box,
				      o->vs.v[i].instance, o->vs.v[i].check, o->vs.v[i].reason);
	static const char *const checks[] = { "uclk", "memory.read", "memory.write", "llc.hits", "llc.misses",
					      "link.flits" };
	for (unsigned s = 0; s < 2; s++)
		for (unsigned k = 0; k < 6; k++) {
			const char *box = k == 0 ? "ubox" : k < 3 ? "imc" : k < 5 ? "cbo" : "qpi";
			/* link.flits on both sockets: reads from socket 0 onto socket 1 and back,
			 * so each socket's ports send. */
			const struct upm_verdict *v = find(&o->vs, s, box, -1, checks[k]);
			if (!v || v->result != UPM_RESULT_PASS)
				upm_test_fail(__FILE__, __LINE__, "socket %u %s %s: %s", s, box, checks[k],
					      v ? v->reason : "missing");
		}
	CHECK_EQ(find(&o->vs, 1, "imc", 2, "memory.channel")->result, UPM_RESULT_PASS);
	CHECK_EQ(find(&o->vs, 0, "cbo", 5, "llc.balance")->result, UPM_RESULT_PASS);
	CHECK_EQ(find(&o->vs, 1, "qpi", 1, "link.port")->result, UPM_RESULT_PASS);
	CHECK_EQ(o->not_restored, 0u);
}

TEST(check_fault_stuck_counter)
{
	struct expect e = { 0, "cbo", 3, "selftest.count", UPM_RESULT_FAIL, "ctr1 0xd77 did not move" };
	check_fault("stuck=cbo3.ctr1", 0, &e, NULL);
}

TEST(check_fault_nofreeze)
{
	struct expect e = { 1, "ha", 0, "selftest.freeze", UPM_RESULT_FAIL, "while frozen" };
	check_fault("s1.nofreeze=ha0", 0, &e, NULL);
}

TEST(check_fault_stuckbit)
{
	/* CBo 2 control 0 is 0xD50 (000:460-524); bit 19 is tid_en. */
	struct expect e = { 0, "cbo", 2, "selftest.ctl", UPM_RESULT_FAIL, "ctl0 0xd50 bit 19 does not set" };
	check_fault("stuckbit=cbo2.ctl0:19", 0, &e, NULL);
}

TEST(check_fault_gp_on_one_control)
{
	/* 0xD70 is CBo 3's control 0: the box answers, one register faults. */
	struct expect e = { 0, "cbo", 3, "presence", UPM_RESULT_FAIL, "faulting: reading 0xd70" };
	check_fault("gp=0xD70", 0, &e, NULL);
}

TEST(check_fault_absent_msr_box)
{
	struct expect e = { 1, "cbo", 5, "presence", UPM_RESULT_WARN, "absent" };
	check_fault("s1.absent=cbo5", 0, &e, NULL);
}

TEST(check_fault_dead_pci_box)
{
	struct expect e = { 0, "imc", 2, "presence", UPM_RESULT_FAIL, "reading all ones" };
	static const char *const also[] = { "memory.read", "memory.write", NULL };
	check_fault("dead=imc2", 1, &e, also);
}

TEST(check_fault_absent_pci_box)
{
	/* iMC channel 1 is 10.1 on socket 0's bus 0x7F; 10.0 still answers. */
	struct expect e = { 0, "imc", 1, "presence", UPM_RESULT_WARN, "7f:10.1 does not answer" };
	static const char *const also[] = { "memory.read", "memory.write", NULL };
	check_fault("absent=imc1", 1, &e, also);
}

TEST(check_fault_no_traffic_on_a_channel)
{
	struct expect e = { 1, "imc", 1, "memory.channel", UPM_RESULT_FAIL, "no CAS reads under the read kernel" };
	check_fault("s1.nochannel=imc1", 1, &e, NULL);
}

TEST(check_fault_unpopulated_channel_is_not_a_failure)
{
	struct check_outcome o;
	if (run_check(&o, "unpopulated=imc3", 1) < 0)
		return;
	const struct upm_verdict *p = find(&o.vs, 0, "imc", 3, "presence");
	CHECK(p && p->result == UPM_RESULT_NA);
	CHECK_CONTAINS(p->reason, "unpopulated");
	const struct upm_verdict *ch = find(&o.vs, 0, "imc", 3, "memory.channel");
	CHECK(ch && ch->result == UPM_RESULT_NA);
	CHECK_EQ(upm_verdicts_overall(&o.vs), UPM_RESULT_PASS);
	upm_verdicts_free(&o.vs);
}

/* The iMC's clocks: the fixed DCLK (FIXED_CTR 0xD0, 000:2175) and DCLOCKTICKS (event 0x00,
 * perfmon JKT) on each general counter (CTR2 at 0xB0, 000:2177). A channel where one
 * of them stays still while the others tick has a broken counter, not missing DIMMs. */
TEST(check_fault_stuck_imc_fixed_clock_fails_not_unpopulated)
{
	struct expect e = { 0, "imc", 1, "selftest.count", UPM_RESULT_FAIL, "fixed 0xd0 did not move" };
	check_fault("stuck=imc1.fixed", 0, &e, NULL);
}

TEST(check_fault_stuck_imc_general_counter)
{
	struct expect e = { 0, "imc", 1, "selftest.count", UPM_RESULT_FAIL, "ctr2 0xb0 did not move" };
	check_fault("stuck=imc1.ctr2", 0, &e, NULL);
}

/* The read kernel's CAS reads count on the channel, its DRAM clock (the check's
 * mem_clock, the fixed DCLK) does not: the clock counter is broken. Its self-test
 * already FAILed on that counter, so the channel is not judged again (one cause, one
 * FAIL): N/A naming the self-test and what the channel showed. */
TEST(check_fault_imc_clock_still_under_cas_reads_is_one_fail)
{
	struct expect e = { 1, "imc", 2, "memory.channel", UPM_RESULT_NA, "clock counter is broken" };
	check_fault("s1.stuck=imc2.fixed", 1, &e, NULL);
	struct check_outcome o;
	if (run_check(&o, "s1.stuck=imc2.fixed", 1) < 0)
		return;
	unsigned fails = 0;
	for (unsigned i = 0; i < o.vs.n; i++)
		fails += o.vs.v[i].result == UPM_RESULT_FAIL;
	CHECK_EQ(fails, 1u);
	const struct upm_verdict *v = find(&o.vs, 1, "imc", 2, "memory.channel");
	CHECK(v && strstr(v->reason, "not judged: imc2 failed its self-test"));
	upm_verdicts_free(&o.vs);
}

/* A CBo whose counter 0 is stuck FAILs its self-test once; its LLC share, which reads
 * low for the same cause, is not a second finding. */
TEST(check_fault_stuck_cbo_counter_is_one_finding)
{
	struct check_outcome o;
	if (run_check(&o, "s1.stuck=cbo3.ctr0", 1) < 0)
		return;
	unsigned findings = 0;
	for (unsigned i = 0; i < o.vs.n; i++)
		findings += o.vs.v[i].result == UPM_RESULT_FAIL || o.vs.v[i].result == UPM_RESULT_WARN;
	CHECK_EQ(findings, 1u);
	const struct upm_verdict *v = find(&o.vs, 1, "cbo", 3, "llc.balance");
	CHECK(v && v->result == UPM_RESULT_NA && strstr(v->reason, "failed its self-test"));
	/* The socket's total within tolerance still says the failed CBo is in it. */
	v = find(&o.vs, 1, "cbo", -1, "llc.hits");
	CHECK(v && v->result == UPM_RESULT_PASS);
	if (v)
		CHECK_CONTAINS(v->reason, "; it includes cbo3, which failed its self-test");
	v = find(&o.vs, 0, "cbo", -1, "llc.hits");
	CHECK(v && !strstr(v->reason, "it includes"));
	upm_verdicts_free(&o.vs);
}

/* No clock at all (fixed and general): unpopulated, its counting tests not judged. */
TEST(check_selftest_unpopulated_channel_is_not_applicable)
{
	struct check_outcome o;
	if (run_check(&o, "unpopulated=imc1", 0) < 0)
		return;
	static const char *const tests[] = { "presence", "selftest.count", "selftest.freeze",
					     "selftest.disable", "selftest.reset", "selftest.wrap" };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(tests); i++) {
		const struct upm_verdict *v = find(&o.vs, 0, "imc", 1, tests[i]);
		if (!v || v->result != UPM_RESULT_NA || !strstr(v->reason, "unpopulated"))
			upm_test_fail(__FILE__, __LINE__, "imc1 %s: %s", tests[i], v ? v->reason : "missing");
	}
	CHECK_EQ(upm_verdicts_overall(&o.vs), UPM_RESULT_PASS);
	CHECK_EQ(o.not_restored, 0u);
	upm_verdicts_free(&o.vs);
}

TEST(check_fault_skewed_cbo)
{
	struct expect e = { 0, "cbo", 2, "llc.balance", UPM_RESULT_WARN, "of the median" };
	check_fault("skew=cbo2:3", 1, &e, NULL);
}

/* Each kernel's buffers go before the next kernel's come: kernels fitted to the free
 * memory must not find it held by the ones before (with 8G, llc was fitted to 7 GiB and
 * read-remote-back to 37 MiB of a machine that had 23 GiB free). */
TEST(check_holds_one_kernels_buffers_at_a_time)
{
	struct fixture f;
	char err[200];
	struct upm_verdicts vs;
	const uint64_t size = 16u << 20;
	struct upm_check_opts opts = { .quick = 1, .size = size };
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	upm_verdicts_init(&vs, 1024);
	upm_host_placed_peak();
	CHECK_EQ(upm_check_plausibility(&f.run, &opts, &vs, NULL, err, sizeof err), 0);
	uint64_t peak = upm_host_placed_peak();
	/* One kernel: its working set and a line or two per thread; six kernels ran. */
	CHECK(peak >= size);
	if (peak > size + (1u << 20))
		upm_test_fail(__FILE__, __LINE__, "%llu bytes held at once for a %llu-byte working set",
			      (unsigned long long)peak, (unsigned long long)size);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* Skylake client: one socket, the global enable instead of box freezes, free-running
 * memory-mapped IMC counters. */
TEST(check_skl_clean_passes_and_a_stuck_fixed_counter_fails)
{
	struct fixture f;
	char err[200];
	struct upm_verdicts vs;
	struct upm_check_opts opts = { .quick = 1 };
	if (fixture_init(&f, "skl", 1, NULL) < 0)
		return;
	fixture_real_time(&f); /* time really passes in the self-test */
	upm_verdicts_init(&vs, 1024);
	CHECK_EQ(upm_selftest(&f.run, &vs, err, sizeof err), 0);
	CHECK_EQ(upm_check_plausibility(&f.run, &opts, &vs, NULL, err, sizeof err), 0);
	for (unsigned i = 0; i < vs.n; i++)
		if (vs.v[i].result != UPM_RESULT_PASS && vs.v[i].result != UPM_RESULT_NA)
			upm_test_fail(__FILE__, __LINE__, "%s%d %s: %s", vs.v[i].box, vs.v[i].instance, vs.v[i].check,
				      vs.v[i].reason);
	CHECK(find(&vs, 0, "ncu", 0, "selftest.freeze") != NULL);
	CHECK_EQ(find(&vs, 0, "ncu", 0, "selftest.freeze")->result, UPM_RESULT_PASS);
	upm_verdicts_free(&vs);
	fixture_free(&f);

	if (fixture_init(&f, "skl", 1, "stuck=ncu0.fixed") < 0)
		return;
	fixture_real_time(&f); /* time really passes in the self-test */
	upm_verdicts_init(&vs, 1024);
	CHECK_EQ(upm_selftest(&f.run, &vs, err, sizeof err), 0);
	const struct upm_verdict *v = find(&vs, 0, "ncu", 0, "presence");
	CHECK(v && v->result == UPM_RESULT_FAIL);
	CHECK_EQ(upm_verdicts_overall(&vs), UPM_RESULT_FAIL);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* One cause, one finding: two channels that cannot be read (dead, absent) took their share
 * of the lines, so the two healthy ones hold half the socket's lines, each its even share
 * of four: they PASS, not WARN at 50% of an even share of two. */
TEST(check_two_unreadable_channels_leave_their_peers_passing)
{
	struct check_outcome o;
	if (run_check(&o, "dead=imc1,absent=imc2", 1) < 0)
		return;
	for (int i = 0; i < 4; i += 3) {
		const struct upm_verdict *v = find(&o.vs, 0, "imc", i, "memory.channel");
		CHECK(v != NULL);
		if (v && (v->result != UPM_RESULT_PASS || !strstr(v->reason, "100.0% of the even share")))
			upm_test_fail(__FILE__, __LINE__, "imc%d: %s (%s)", i, upm_result_name(v->result), v->reason);
	}
	/* The total names both without giving one of them the other's reason (imc1 failed its
	 * presence, imc2 only warned: absent). */
	const struct upm_verdict *t = find(&o.vs, 0, "imc", -1, "memory.read");
	CHECK(t && t->result == UPM_RESULT_NA);
	if (t)
		CHECK_CONTAINS(t->reason, "imc1, imc2 not counted (see each presence): ");
	upm_verdicts_free(&o.vs);
}

/* A CBo whose counter failed its self-test (stuck at 0) is no reference for its peers'
 * llc.balance: the other CBo passes. */
TEST(check_selftest_failure_is_no_balance_reference)
{
	struct check_outcome o;
	if (check_run(&o, "skl", 1, "cbos=2,stuck=cbo1.ctr1", 1, 0) < 0)
		return;
	const struct upm_verdict *v = find(&o.vs, 0, "cbo", 0, "llc.balance");
	CHECK(v != NULL);
	if (v && v->result != UPM_RESULT_PASS)
		upm_test_fail(__FILE__, __LINE__, "cbo0 llc.balance: %s (%s)", upm_result_name(v->result), v->reason);
	CHECK_EQ(find(&o.vs, 0, "cbo", 1, "selftest.count")->result, UPM_RESULT_FAIL);
	upm_verdicts_free(&o.vs);
}

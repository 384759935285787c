/* The iMC's two clocks on Sandy Bridge-EP and Ivy Bridge-EP: the fixed DCLK counter and
 * DCLOCKTICKS (event 0x00) on the four general counters. The event is not in the
 * Sandy Bridge-EP guide's list (Table 2-64 starts at 0x01); perfmon JKT lists it as
 * UNC_M_CLOCKTICKS 0x00 on counters 0-3, perfmon IVT as UNC_M_DCLOCKTICKS 0x00
 * (boxes/PUBLIC_FACTS.md). The health check self-tests both, so a stuck fixed counter
 * fails instead of passing for an unpopulated channel. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/test_clock.h"
#include "tests/unit/check_run.h"
#include "core/check/selftest.h"
#include "core/events/spec.h"
#include "platform/pci.h"

TEST(imc_dclockticks_is_a_general_clock_event_on_both_platforms)
{
	static const char *const plats[] = { "snbep", "ivbep" };
	for (unsigned i = 0; i < 2; i++) {
		const struct upm_platform *p = upm_platform_by_name(plats[i]);
		const struct upm_event_def *e = upm_event_find(upm_platform_box(p, "imc"), "DCLOCKTICKS");
		if (!e || e->code != 0x00 || e->counters != 0xF) {
			upm_test_fail(__FILE__, __LINE__, "%s: imc/DCLOCKTICKS missing or not 0x00 on 0-3", plats[i]);
			continue;
		}
		/* The profile's clocks hold both iMC clocks. */
		struct upm_spec s[UPM_SESSION_MAX_SPECS];
		char err[200];
		int n = upm_spec_parse_list(p, p->check->clocks, s, UPM_SESSION_MAX_SPECS, err, sizeof err);
		int fixed = 0, general = 0;
		for (int k = 0; k < n; k++) {
			if (strcmp(s[k].box->name, "imc") != 0)
				continue;
			fixed |= s[k].kind == UPM_SPEC_FIXED;
			general |= s[k].kind == UPM_SPEC_GENERAL && (s[k].ctl & 0xFF) == 0x00 && s[k].counters == 0xF;
		}
		if (!fixed || !general)
			upm_test_fail(__FILE__, __LINE__, "%s clocks \"%s\": fixed %d general %d", plats[i],
				      p->check->clocks, fixed, general);
	}
}

/* Sandy Bridge-EP iMC channel 1 on socket 0: D16:F1 (000:180-184; bus 0x7F is the mock's).
 * Counter 2 control 0xE0 (000:2171), counter 2 0xB0/0xB4 (000:2177), fixed control 0xF0
 * with its enable at bit 22 (000:2169, Table 2-62), fixed counter 0xD0/0xD4 (000:2175).
 * Counter control enable bit 22, ev_sel 7:0 (Table 2-61). */
static uint32_t imc_rd(struct upm_backend *b, unsigned fn, unsigned off)
{
	uint32_t v = 0xBAD;
	if (upm_pci_read32(b, (struct upm_pci_addr){ 0, 0x7F, 16, (uint8_t)fn, (uint16_t)off }, &v) != UPM_OK)
		upm_test_fail(__FILE__, __LINE__, "read fn %u 0x%x", fn, off);
	return v;
}

static void imc_wr(struct upm_backend *b, unsigned fn, unsigned off, uint32_t v)
{
	if (upm_pci_write32(b, (struct upm_pci_addr){ 0, 0x7F, 16, (uint8_t)fn, (uint16_t)off }, v) != UPM_OK)
		upm_test_fail(__FILE__, __LINE__, "write fn %u 0x%x", fn, off);
}

/* Both clocks of channels 0 (fn 0) and 1 (fn 1) enabled, then 1 ms of the test clock. */
static void run_clocks(struct upm_backend *b)
{
	static struct test_clock clock;
	clock.ns = 0;
	test_clock_install(b, &clock);
	for (unsigned fn = 0; fn < 2; fn++) {
		imc_wr(b, fn, 0xE0, 0x400000); /* en, event 0x00 */
		imc_wr(b, fn, 0xF0, 0x400000); /* fixed en */
	}
	test_clock_advance(b, 1000000);
}

TEST(snbep_mock_imc_general_counter_counts_the_dram_clock)
{
	char err[200];
	/* Clean: both clocks count the 800 MHz DRAM clock, 800000 in 1 ms. */
	struct upm_backend *b = upm_mock_create("snbep", 1, NULL, err, sizeof err);
	if (!b) {
		upm_test_fail(__FILE__, __LINE__, "mock: %s", err);
		return;
	}
	run_clocks(b);
	CHECK_EQ(imc_rd(b, 1, 0xB0), 800000u);
	CHECK_EQ(imc_rd(b, 1, 0xD0), 800000u);
	upm_backend_destroy(b);

	/* A stuck fixed counter: the general one still ticks. */
	b = upm_mock_create("snbep", 1, "stuck=imc1.fixed", err, sizeof err);
	if (!b) {
		upm_test_fail(__FILE__, __LINE__, "mock: %s", err);
		return;
	}
	run_clocks(b);
	CHECK_EQ(imc_rd(b, 1, 0xB0), 800000u);
	CHECK_EQ(imc_rd(b, 1, 0xD0), 0u);
	CHECK_EQ(imc_rd(b, 0, 0xD0), 800000u);
	upm_backend_destroy(b);

	/* An unpopulated channel has no clock on either counter; its neighbour has. */
	b = upm_mock_create("snbep", 1, "unpopulated=imc1", err, sizeof err);
	if (!b) {
		upm_test_fail(__FILE__, __LINE__, "mock: %s", err);
		return;
	}
	run_clocks(b);
	CHECK_EQ(imc_rd(b, 1, 0xB0), 0u);
	CHECK_EQ(imc_rd(b, 1, 0xD0), 0u);
	CHECK_EQ(imc_rd(b, 0, 0xB0), 800000u);
	upm_backend_destroy(b);
}

/* --- the self-test's classification on Ivy Bridge-EP (Sandy Bridge-EP: test_check.c) --- */

static int selftest(const char *faults, struct upm_verdicts *vs)
{
	struct check_outcome o;
	int rc = check_run(&o, "ivbep", 2, faults, 0, UPM_MOCK_CMP_SKIP_COUNTERS);
	*vs = o.vs;
	return rc;
}

static const struct upm_verdict *find(const struct upm_verdicts *vs, const struct upm_verdict *key)
{
	return check_find(vs, key->socket, key->box, key->instance, key->check);
}

/* The fault moves exactly socket 0 imc1 selftest.count to FAIL, with `reason` in it. */
static void only_count_fails(const struct upm_verdicts *clean, const char *faults, const char *reason)
{
	struct upm_verdicts vs;
	if (selftest(faults, &vs) < 0)
		return;
	unsigned moved = 0;
	CHECK_EQ(vs.n, clean->n);
	for (unsigned i = 0; i < clean->n; i++) {
		const struct upm_verdict *b = &clean->v[i], *now = find(&vs, b);
		int target = b->socket == 0 && b->instance == 1 && !strcmp(b->box, "imc") &&
			     !strcmp(b->check, "selftest.count");
		if (target && (!now || now->result != UPM_RESULT_FAIL || !strstr(now->reason, reason)))
			upm_test_fail(__FILE__, __LINE__, "%s: imc1 selftest.count is %s (%s), expected FAIL with \"%s\"",
				      faults, now ? upm_result_name(now->result) : "missing", now ? now->reason : "",
				      reason);
		else if (!target && (!now || now->result != b->result))
			upm_test_fail(__FILE__, __LINE__, "%s moved socket %u %s%d %s: %s -> %s", faults, b->socket,
				      b->box, b->instance, b->check, upm_result_name(b->result),
				      now ? upm_result_name(now->result) : "missing");
		moved += target;
	}
	CHECK_EQ(moved, 1u);
	upm_verdicts_free(&vs);
}

TEST(ivbep_selftest_imc_stuck_clock_counters_fail_and_no_clock_is_unpopulated)
{
	struct upm_verdicts clean, vs;
	if (selftest(NULL, &clean) < 0)
		return;
	const struct upm_verdict key = { .socket = 0, .box = "imc", .instance = 1, .check = "selftest.count" };
	const struct upm_verdict *v = find(&clean, &key);
	CHECK(v && v->result == UPM_RESULT_PASS);
	/* Fixed counter 0xD0 and counter 2 0xB0 (0xA0 + 8 x 2): the Sandy Bridge-EP offsets,
	 * which Ivy Bridge-EP keeps (Linux ivbep_uncore_imc: boxes/PUBLIC_FACTS.md section 11). */
	only_count_fails(&clean, "stuck=imc1.fixed", "fixed 0xd0 did not move");
	only_count_fails(&clean, "stuck=imc1.ctr2", "ctr2 0xb0 did not move");
	upm_verdicts_free(&clean);

	/* Neither clock ticks: unpopulated, N/A, and the run passes. */
	if (selftest("unpopulated=imc1", &vs) < 0)
		return;
	static const char *const checks[] = { "presence", "selftest.count", "selftest.wrap" };
	for (unsigned i = 0; i < 3; i++) {
		struct upm_verdict k = { .socket = 0, .box = "imc", .instance = 1 };
		snprintf(k.check, sizeof k.check, "%s", checks[i]);
		const struct upm_verdict *u = find(&vs, &k);
		if (!u || u->result != UPM_RESULT_NA || !strstr(u->reason, "unpopulated"))
			upm_test_fail(__FILE__, __LINE__, "unpopulated imc1 %s: %s", checks[i], u ? u->reason : "missing");
	}
	CHECK_EQ(upm_verdicts_overall(&vs), UPM_RESULT_PASS);
	upm_verdicts_free(&vs);
}

/* Verdicts keep their numbers, not only their reason (core/check/verdict.h): a silent
 * socket's "processor" (nothing measured, an answer expected within the 1000 ms
 * timeout), an aborted check's "aborted" (passes done against planned) and the presence
 * warning of a box instance never read (the access that put it out of use: its register,
 * address and the value read), in the verdict, results.json and verdicts.csv. */
#include <stdlib.h>
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/check_run.h"
#include "core/check/check_safety.h"
#include "core/results/check_parts.h"

TEST(safety_verdicts_processor_and_aborted_numbers)
{
	struct upm_verdicts vs;
	struct upm_check_safety *cs = calloc(1, sizeof *cs);
	CHECK(cs != NULL);
	CHECK_EQ(upm_verdicts_init(&vs, 16), 0);
	if (!cs)
		return;
	cs->skipped[1] = 1;
	cs->aborted = 1;
	upm_strlcpy(cs->aborted_in, "before pass 3", sizeof cs->aborted_in);
	upm_check_safety_verdicts(cs, &vs, "check", 2, 5);

	const struct upm_verdict *p = check_find(&vs, 1, "socket", -1, "processor");
	CHECK(p != NULL);
	if (p) {
		CHECK_EQ(p->has_measured, 0); /* no answer: nothing measured */
		CHECK(p->has_expected && p->expected == 1000.0);
		CHECK(p->has_range && p->low == 0.0 && p->high == 1000.0);
		CHECK_STR(p->unit, "ms");
		CHECK_CONTAINS(p->reason, "within the timeout (1000 ms)");
	}
	const struct upm_verdict *a = check_find(&vs, 0, "check", -1, "aborted");
	CHECK(a != NULL);
	if (a) {
		CHECK(a->has_measured && a->measured == 2.0);
		CHECK(a->has_expected && a->expected == 5.0);
		CHECK_STR(a->unit, "passes");
		CHECK_CONTAINS(a->reason, "before pass 3");
		CHECK_CONTAINS(a->reason, "(2 of 5 passes done)");
	}

	struct upm_buf out;
	upm_buf_init(&out);
	upm_verdicts_json(&vs, &out);
	CHECK_CONTAINS(out.data, "\"check\": \"processor\", \"result\": \"INCOMPLETE\"");
	CHECK_CONTAINS(out.data, "\"measured\": null, \"expected\": 1000.000000, \"low\": 0.000000, \"high\": 1000.000000, \"tolerance\": 0.000000, "
				 "\"unit\": \"ms\", \"evidence\": null");
	CHECK_CONTAINS(out.data, "\"measured\": 2.000000, \"expected\": 5.000000, \"low\": 5.000000, \"high\": 5.000000, \"tolerance\": 0.000000, "
				 "\"unit\": \"passes\"");
	upm_buf_free(&out);
	upm_buf_init(&out);
	static struct upm_run r; /* a hardware run without a folder: its identity columns */
	upm_verdicts_csv(&vs, &r, &out);
	CHECK_CONTAINS(out.data, "\nnone,hw,no,1,socket,,processor,INCOMPLETE,");
	CHECK_CONTAINS(out.data, "in results.json)\",,1000");
	CHECK_CONTAINS(out.data, ",ms,,,,,1\n");
	upm_buf_free(&out);

	/* A burn-in by duration plans no count of passes: only the passes done. */
	upm_verdicts_free(&vs);
	CHECK_EQ(upm_verdicts_init(&vs, 16), 0);
	cs->skipped[1] = 0;
	upm_check_safety_verdicts(cs, &vs, "check", 4, 0);
	a = check_find(&vs, 0, "check", -1, "aborted");
	CHECK(a && a->has_measured && a->measured == 4.0 && !a->has_expected && !a->has_range);
	CHECK(a && strstr(a->reason, "(4 passes done)") != NULL);
	upm_verdicts_free(&vs);
	free(cs);
}

/* The session keeps the access that put a box out of use: Sandy Bridge-EP's iMC channel
 * 2 (8086:3cb4 at 10.4, boxes/PUBLIC_FACTS.md) hidden on socket 0 reads all ones. */
TEST(session_keeps_the_access_that_failed_a_box)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 1, "absent=7f:10.4") < 0)
		return;
	f.run.console_held = 1;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/CLOCKTICKS/"), 0);
	int seen = 0;
	for (unsigned i = 0; i < s.n_boxes; i++) {
		const struct upm_box_inst *b = &s.boxes[i];
		if (b->instance == 2) {
			seen = 1;
			CHECK_EQ(b->state, UPM_BOX_ABSENT);
			CHECK_EQ(b->failed.known, 1);
			CHECK_STR(b->failed.reg, "PCI vendor/device IDs");
			CHECK_STR(b->failed.address, "7f:10.4+0x0");
			CHECK(b->failed.has_value && b->failed.value == 0xffffffffull);
		} else {
			CHECK_EQ(b->failed.known, 0);
		}
	}
	CHECK(seen);
	upm_session_free(&s);
	fixture_free(&f);
}

/* A box the self-test does not cover and the check could not read gets a presence
 * WARN with the read that showed why: Skylake's IMC behind MCHBAR (0:0.0 offset 0x48,
 * enable bit 0) disabled, or behind a host bridge upmon does not list (8086:1918). */
static void presence_evidence(const char *fault, const char *reg, const char *address, uint64_t value)
{
	struct check_outcome o;
	if (check_run(&o, "skl", 1, fault, 1, UPM_MOCK_CMP_SKIP_COUNTERS) < 0)
		return;
	const struct upm_verdict *v = check_find(&o.vs, 0, "imc", 0, "presence");
	if (!v || v->result != UPM_RESULT_WARN || !v->has_evidence || strcmp(v->reg, reg) != 0 ||
	    strcmp(v->address, address) != 0 || !v->has_value || v->value != value)
		upm_test_fail(__FILE__, __LINE__, "%s: imc0 presence %s: evidence %s at %s = 0x%llx", fault,
			      v ? v->reason : "missing", v && v->has_evidence ? v->reg : "none",
			      v ? v->address : "", v ? (unsigned long long)v->value : 0ull);
	upm_verdicts_free(&o.vs);
}

TEST(presence_warn_skl_mchbar_disabled_has_its_bar)
{
	presence_evidence("mchbar=off", "MCHBAR", "00:00.0+0x48", 0xfed10000ull);
}

TEST(presence_warn_skl_unlisted_host_bridge_has_its_ids)
{
	presence_evidence("hostbridge=0x1918", "vendor/device IDs", "00:00.0+0x0", 0x19188086ull);
}

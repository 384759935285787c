/* Self-test, presence and safety verdicts carry their numbers and the register that shows
 * them (core/check/verdict.h). Addresses are the guide's, Sandy Bridge-EP (seed 000):
 * CBo n at 0xD00 + 0x20n with control 0 at +0x10 and counter 0 at +0x16 (Table 2-8,
 * 000:460-524), UBox fixed counter 0xC09 and control 0 0xC10, iMC channels at D16:F0,1,4,5
 * (000:180-184) with control 0 at 0xD8 and the fixed DRAM clock at 0xD0 (Table 1-3,
 * 000:168-208); the mock puts socket 0's uncore on bus 0x7F and socket 1's on 0xFF. */
#include "tests/unit/test.h"
#include "tests/unit/check_run.h"
#include "platform/mock/mock.h"

static const struct upm_verdict *must(const struct upm_verdicts *vs, unsigned socket, const char *box, int inst,
				      const char *check)
{
	const struct upm_verdict *v = check_find(vs, socket, box, inst, check);
	if (!v)
		upm_test_fail(__FILE__, __LINE__, "no verdict s%u %s%d %s", socket, box, inst, check);
	return v;
}

/* The verdict's register is reg at address (value read when has_value). */
static int shows(const struct upm_verdict *v, const char *reg, const char *address, int has_value)
{
	if (!v || !v->has_evidence || strcmp(v->reg, reg) != 0 || strcmp(v->address, address) != 0 ||
	    v->has_value != has_value) {
		upm_test_fail(__FILE__, __LINE__, "%s %s: evidence %s at %s (value %d), want %s at %s", v ? v->check : "?",
			      v ? v->reason : "", v && v->has_evidence ? v->reg : "none", v ? v->address : "",
			      v ? v->has_value : -1, reg, address);
		return 0;
	}
	return 1;
}

TEST(selftest_verdicts_show_their_registers_and_numbers)
{
	struct check_outcome o;
	if (check_run(&o, "snbep", 2, NULL, 0, UPM_MOCK_CMP_SKIP_COUNTERS) < 0)
		return;
	/* Presence: CBo 0's first control as read (0 at reset). */
	const struct upm_verdict *v = must(&o.vs, 0, "cbo", 0, "presence");
	if (shows(v, "ctl0", "0xd10", 1))
		CHECK_EQ(v->value, 0);
	CHECK(shows(must(&o.vs, 1, "imc", 1, "presence"), "ctl0", "ff:10.1+0xd8", 1));
	/* Control patterns: the last one written and read back. 0xAAAAAAAA masked to CBo
	 * control's read-write fields: ev_sel 7:0, umask 15:8, edge 18, tid_en 19, invert 23,
	 * thresh 31:24 (Table 2-10), enable 22 left out. */
	v = must(&o.vs, 0, "cbo", 0, "selftest.ctl");
	if (shows(v, "ctl3", "0xd13", 1)) {
		CHECK(v->has_written);
		CHECK_EQ(v->written, 0xAA88AAAAu);
		CHECK_EQ(v->value, 0xAA88AAAAu);
	}
	/* Counting: the UBox's fixed uncore clock moved, expected above 0. */
	v = must(&o.vs, 0, "ubox", 0, "selftest.count");
	if (shows(v, "fixed", "0xc09", 1)) {
		CHECK(v->has_measured && v->measured > 0 && v->has_range && v->low == 1.0);
		CHECK_STR(v->unit, "counts");
	}
	/* Frozen: CBo 0's counter read after the step equals what it held before. */
	v = must(&o.vs, 0, "cbo", 0, "selftest.freeze");
	CHECK(v && v->has_measured && v->has_expected && v->measured == v->expected);
	CHECK(v && v->has_evidence && strncmp(v->address, "0xd1", 4) == 0);
	/* Reset: the zero written to the UBox's fixed counter reads back 0. */
	v = must(&o.vs, 0, "ubox", 0, "selftest.reset");
	if (shows(v, "fixed", "0xc09", 1)) {
		CHECK(v->has_written && v->written == 0 && v->value == 0);
		CHECK(v->has_expected && v->expected == 0 && v->measured == 0);
	}
	/* Wrap: the DRAM clock preloaded 2^48 - 1000 reads below it again. */
	v = must(&o.vs, 0, "imc", 0, "selftest.wrap");
	if (shows(v, "fixed", "7f:10.0+0xd0", 1)) {
		CHECK(v->has_written && v->written == 0xFFFFFFFFFC18ull);
		CHECK(v->value < 0xFFFFFFFFFC18ull && v->has_range && v->high == (double)0xFFFFFFFFFC17ull);
	}
	upm_verdicts_free(&o.vs);
}

TEST(failed_selftest_and_presence_verdicts_show_the_register_that_failed)
{
	struct check_outcome o;
	if (check_run(&o, "snbep", 2, "stuck=cbo1.ctr3,dead=imc2,s1.absent=ubox0", 0, UPM_MOCK_CMP_SKIP_COUNTERS) < 0)
		return;
	/* A stuck counter: measured 0 against at least 1, CBo 1 counter 3 (0xD20 + 0x16 + 3). */
	const struct upm_verdict *v = must(&o.vs, 0, "cbo", 1, "selftest.count");
	CHECK(v && v->result == UPM_RESULT_FAIL);
	if (shows(v, "ctr3", "0xd39", 1))
		CHECK(v->has_measured && v->measured == 0 && v->low == 1.0);
	/* A dead channel: channel 2 (D16:F4) reads all ones at control 0. */
	v = must(&o.vs, 0, "imc", 2, "presence");
	CHECK(v && v->result == UPM_RESULT_FAIL);
	if (shows(v, "ctl0", "7f:10.4+0xd8", 1))
		CHECK_EQ(v->value, 0xFFFFFFFFu);
	/* An absent UBox: its first control's read faulted, no value. */
	v = must(&o.vs, 1, "ubox", 0, "presence");
	CHECK(v && v->result == UPM_RESULT_WARN);
	CHECK(shows(v, "ctl0", "0xc10", 0));
	upm_verdicts_free(&o.vs);
}

TEST(restore_verdict_counts_the_registers_and_shows_the_first)
{
	struct check_outcome o;
	/* CBo 0's control 0 (0xD10) faults on writes from the third on: its restore fails. */
	if (check_run(&o, "snbep", 1, "gpw=0xD10@2", 0, UPM_MOCK_CMP_SKIP_COUNTERS) < 0)
		return;
	const struct upm_verdict *v = must(&o.vs, 0, "pmu", -1, "restore");
	CHECK(v && v->result == UPM_RESULT_FAIL);
	CHECK(v && v->has_measured && v->measured == 1 && v->has_expected && v->expected == 0);
	CHECK(v && strcmp(v->unit, "registers") == 0);
	if (shows(v, "cbo0 msr", "0xd10", 0))
		CHECK(v->has_written);
	upm_verdicts_free(&o.vs);
}

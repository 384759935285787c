/* Nothing is judged that was never read: with socket 0's UBox absent (its MSRs 0xC08,
 * 0xC09, 0xC10-0xC17 raise #GP, as on a part without it) the uncore clock check of that
 * socket is N/A naming the box and why, never INCOMPLETE as if the run fell short. */
#include "tests/unit/test.h"
#include "tests/unit/check_run.h"

TEST(check_uclk_with_an_unread_ubox_is_not_applicable_naming_it)
{
	struct check_outcome o;
	if (check_run(&o, "snbep", 2, "absent=ubox0", 1, 0) < 0)
		return;
	const struct upm_verdict *v = check_find(&o.vs, 0, "ubox", -1, "uclk");
	CHECK(v != NULL);
	if (v) {
		CHECK_EQ(v->result, UPM_RESULT_NA);
		CHECK_CONTAINS(v->reason, "ubox0 not counted (absent)");
	}
	/* Its presence says why (0xC10: counter control 0, the first register probed). */
	v = check_find(&o.vs, 0, "ubox", 0, "presence");
	CHECK(v && v->result != UPM_RESULT_PASS && strstr(v->reason, "0xc10"));
	/* The other socket's UBox is judged. */
	v = check_find(&o.vs, 1, "ubox", -1, "uclk");
	CHECK(v && v->result == UPM_RESULT_PASS);
	CHECK(upm_verdicts_overall(&o.vs) != UPM_RESULT_INCOMPLETE);
	upm_verdicts_free(&o.vs);
}

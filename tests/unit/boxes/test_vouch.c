/* Clock events are marked in the tables (boxes/event.h clock, boxes/box.h fixed_clock),
 * and counts the session cannot vouch for get a status of their own. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/session/vouch.h"

static int is_clock(const char *platform, const char *spec_text)
{
	struct upm_spec sp;
	char err[200];
	if (upm_spec_parse(upm_platform_by_name(platform), spec_text, &sp, err, sizeof err) < 0) {
		upm_test_fail(__FILE__, __LINE__, "%s: %s", spec_text, err);
		return -1;
	}
	return upm_spec_counts_clock(&sp);
}

TEST(vouch_clock_events_marked_in_tables)
{
	/* Clocks: the fixed UCLK and DCLK counters and every box's CLOCKTICKS. */
	static const char *const clocks[] = { "ubox/UCLK/", "imc/DCLK/", "cbo/CLOCKTICKS/", "pcu/CLOCKTICKS/",
					      "ha/CLOCKTICKS/", "qpi/CLOCKTICKS/", "imc/DCLOCKTICKS/" };
	static const char *const not_clocks[] = { "imc/CAS_COUNT.RD/", "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/",
						  "pcu/FREQ_MAX_OS_CYCLES/", "ha/CONFLICT_CYCLES.CONFLICT/" };
	for (unsigned i = 0; i < sizeof clocks / sizeof clocks[0]; i++) {
		if (is_clock("snbep", clocks[i]) != 1)
			upm_test_fail(__FILE__, __LINE__, "snbep %s is not marked a clock", clocks[i]);
		if (is_clock("ivbep", clocks[i]) != 1)
			upm_test_fail(__FILE__, __LINE__, "ivbep %s is not marked a clock", clocks[i]);
	}
	for (unsigned i = 0; i < sizeof not_clocks / sizeof not_clocks[0]; i++)
		if (is_clock("snbep", not_clocks[i]) != 0)
			upm_test_fail(__FILE__, __LINE__, "snbep %s is marked a clock", not_clocks[i]);
	CHECK_EQ(is_clock("skl", "ncu/UCLK/"), 1);
	CHECK_EQ(is_clock("nhmex", "wbox/UCLK/"), 1);
}

TEST(vouch_flags_stuck_clock_and_all_ones)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, "s1.stuck=ubox0.fixed,dead=imc1") < 0)
		return;
	struct feed quiet = { 1000000u, 100, 0, 0, 0, 0 };
	CHECK_EQ(upm_session_prepare(&s, &f.run, "ubox/UCLK/,imc/CAS_COUNT.RD/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &quiet), 0);
	CHECK_EQ(upm_session_vouch(&s), 2);
	CHECK_EQ(find_count(&s, 1, "ubox", 0, "UCLK")->status, UPM_COUNT_STUCK);
	CHECK_EQ(find_count(&s, 0, "ubox", 0, "UCLK")->status, UPM_OK);
	CHECK_EQ(find_count(&s, 0, "imc", 1, "CAS_COUNT.RD")->status, UPM_COUNT_ALL_ONES);
	CHECK_EQ(find_count(&s, 0, "imc", 0, "CAS_COUNT.RD")->status, UPM_OK);
	CHECK(strcmp(upm_count_status_name(UPM_COUNT_STUCK), "stuck") == 0);
	upm_session_free(&s);
	fixture_free(&f);
}

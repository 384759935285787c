/* The Xeon 7500/E7 mock's QPI ports never carry more flits than their slots: 1.6 G flits
 * a second (6.4 GT/s, platform/mock/nhmex/model.c), 9 flits a line. A report faster than
 * that is held until the ports could have sent it, at most 3 times its interval
 * (platform/mock/mock.h, Links and memory); the lines beyond are not counted. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/session/session.h"

TEST(nhmex_mock_qpi_port_within_its_flit_slots)
{
	/* 1 ms: 1.6e6 slots a port. 4e9 lines over the four QPI ports would be 9e9 flits each:
	 * held 3 ms, 6.4e6 slots. 1.6e6 lines, 3.6e6 flits a port: held 1.25 ms, 3.6e6 slots. */
	static const struct feed flood = { 1000000u, 0, 0, 0, 0, 4000000000u };
	static const struct feed fast = { 1000000u, 0, 0, 0, 0, 1600000u };
	static const struct feed some = { 1000000u, 0, 0, 0, 0, 4000u };
	const struct feed *feeds[3] = { &flood, &fast, &some };
	/* Flooded: 711111 whole lines fit, 9 flits each, 1 slot idle. Fast: the port's 400000
	 * lines, no slot idle. Else the port's 1000 lines: 9000 flits, 1591000 slots idle. */
	static const uint64_t sent_flits[3] = { 6399999u, 3600000u, 9000u };
	static const uint64_t slots[3] = { 6400000u, 3600000u, 1600000u };
	for (unsigned k = 0; k < 3; k++) {
		struct fixture f;
		struct upm_session s;
		if (fixture_init(&f, "wsmex", 1, NULL) < 0)
			return;
		if (upm_session_prepare(&s, &f.run, "rbox/FLITS_SENT,port=0/,rbox/NULL_IDLE,port=0/") < 0) {
			upm_test_fail(__FILE__, __LINE__, "prepare: %s", s.error);
			fixture_free(&f);
			return;
		}
		upm_session_run(&s, feed_interval, (void *)feeds[k]);
		const struct upm_count *sent = find_count(&s, 0, "rbox", 0, "FLITS_SENT");
		const struct upm_count *idle = find_count(&s, 0, "rbox", 0, "NULL_IDLE");
		CHECK(sent && idle);
		if (sent && idle) {
			CHECK_EQ(sent->delta, sent_flits[k]);
			CHECK_EQ(sent->delta + idle->delta, slots[k]);
		}
		upm_session_free(&s);
		fixture_free(&f);
	}
}

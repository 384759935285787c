/* The Xeon 7500/E7 mock's QPI ports never carry more flits than their slots: 1.6 G flits
 * a second (6.4 GT/s, platform/mock/model_nhmex.c), 9 flits a line, however many lines
 * the workload claims to have sent. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/session/session.h"

TEST(nhmex_mock_qpi_port_within_its_flit_slots)
{
	/* 1 ms: 1.6e6 slots a port; 4e9 lines over the four QPI ports would be 9e9 flits each. */
	static const struct feed flood = { 1000000u, 0, 0, 0, 0, 4000000000u };
	static const struct feed some = { 1000000u, 0, 0, 0, 0, 4000u };
	const struct feed *feeds[2] = { &flood, &some };
	for (unsigned k = 0; k < 2; k++) {
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
			/* Flooded: 177777 whole lines fit, 9 flits each, 7 slots idle. Else the
			 * port's 1000 lines: 9000 flits, the other 1591000 slots idle. */
			CHECK_EQ(sent->delta, k == 0 ? 1599993u : 9000u);
			CHECK_EQ(sent->delta + idle->delta, 1600000u);
		}
		upm_session_free(&s);
		fixture_free(&f);
	}
}

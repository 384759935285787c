/* The QPI link utilisation metrics on the Sandy Bridge-EP and Ivy Bridge-EP mocks, whose
 * models carry a line over QPI alike (platform/mock/ep/qpi_flow.c), and how they hold a report
 * that came faster than their links. */
#include "tests/unit/test.h"
#include "tests/unit/metric_run.h"
#include "tests/unit/fixture.h"
#include "platform/base/os.h"

/* A link carries at most 2 flits a clock each way (a line takes a port 5 clocks). A
 * report faster than that is held until the ports could have sent it, every line
 * counted; the hold is at most 3 times the report's interval, beyond which lines are
 * not counted (platform/mock/mock.h, Links and memory). Per socket, in 1 ms:
 *   800000 lines (400000 a port, twice what 1e6 clocks carry): both sockets' reports
 *     share one 1 ms hold: 2e6 clocks, 3.2e6 data flits, 4e6 flits in all
 *   1e9 lines (a flood): held 3 ms, then 4e6 clocks carry 800000 lines a port:
 *     6.4e6 data flits, 8e6 in all
 * Either way the ports are full: the utilisation is 1. */
struct link_case {
	uint64_t remote_lines, clocks, data_flits;
};

static void qpi_within_link_capacity(const char *platform)
{
	static const struct link_case cases[] = {
		{ 800000u, 2000000u, 3200000u },
		{ 1000000000u, 4000000u, 6400000u },
	};
	static const char *const side[2][3] = {
		{ "QPI_TX_LINK_UTIL", "TxL_FLITS_G0.DATA", "TxL_FLITS_G0.NON_DATA" },
		{ "QPI_LINK_UTIL", "RxL_FLITS_G0.DATA", "RxL_FLITS_G0.NON_DATA" },
	};
	for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const struct feed fast = { 1000000u, 0, 0, 0, 0, cases[c].remote_lines };
		for (unsigned k = 0; k < 2; k++) {
			struct metric_run r;
			if (metric_run(&r, platform, NULL, side[k][0], &fast) < 0)
				return;
			CHECK_EQ(r.s.n_passes, 1u);
			for (unsigned s = 0; s < 2; s++) {
				for (unsigned port = 0; port < 2; port++) {
					const struct upm_count *clk = find_count(&r.s, s, "qpi", port, "CLOCKTICKS");
					const struct upm_count *d = find_count(&r.s, s, "qpi", port, side[k][1]);
					const struct upm_count *n = find_count(&r.s, s, "qpi", port, side[k][2]);
					CHECK(clk && d && n);
					if (!clk || !d || !n)
						continue;
					CHECK_EQ(clk->delta, cases[c].clocks);
					CHECK_EQ(d->delta, cases[c].data_flits);
					CHECK_EQ(d->delta + n->delta, 2 * cases[c].clocks);
				}
				CHECK(near(metric_value(&r, side[k][0], s), 1.0));
			}
			metric_run_free(&r);
		}
	}
}

TEST(snbep_model_qpi_within_link_capacity)
{
	qpi_within_link_capacity("snbep");
}

TEST(ivbep_model_qpi_within_link_capacity)
{
	qpi_within_link_capacity("ivbep");
}

/* On the environment's clock the hold is real time: a report of 1 ms (that did take 1 ms)
 * of 400000 lines a port, which the ports need 2 ms for, is held at least 1 ms more, so
 * each port counts every line and at least the 2e6 clocks they took. Without the hold
 * the port would count 1.6e6 data flits, or 3.2e6 flits in too few clocks. */
static uint64_t sleep_then_feed(struct upm_session *s, unsigned pass, void *ctx)
{
	upm_os_sleep_ns(((const struct feed *)ctx)->ns);
	return feed_interval(s, pass, ctx);
}

TEST(snbep_model_qpi_holds_a_fast_report_in_real_time)
{
	static const struct feed fast = { 1000000u, 0, 0, 0, 0, 800000u };
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	fixture_real_time(&f);
	if (upm_session_prepare(&s, &f.run, "qpi/CLOCKTICKS/,qpi/TxL_FLITS_G0.DATA/,qpi/TxL_FLITS_G0.NON_DATA/") < 0) {
		upm_test_fail(__FILE__, __LINE__, "prepare: %s", s.error);
		fixture_free(&f);
		return;
	}
	CHECK_EQ(upm_session_run(&s, sleep_then_feed, (void *)&fast), 0);
	for (unsigned sock = 0; sock < 2; sock++)
		for (unsigned port = 0; port < 2; port++) {
			const struct upm_count *clk = find_count(&s, sock, "qpi", port, "CLOCKTICKS");
			const struct upm_count *d = find_count(&s, sock, "qpi", port, "TxL_FLITS_G0.DATA");
			const struct upm_count *n = find_count(&s, sock, "qpi", port, "TxL_FLITS_G0.NON_DATA");
			CHECK(clk && d && n);
			if (!clk || !d || !n)
				continue;
			CHECK_EQ(d->delta, 3200000u);
			CHECK_EQ(n->delta, 800000u); /* 400000 DRS headers and 400000 flits back */
			CHECK(clk->delta >= 2000000u);
			CHECK(d->delta + n->delta <= 2 * clk->delta);
		}
	upm_session_free(&s);
	fixture_free(&f);
}

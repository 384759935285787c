/* The QPI link utilisation metrics on the Sandy Bridge-EP and Ivy Bridge-EP mocks, whose
 * models carry a line over QPI alike (platform/mock/qpi_flow.c). */
#include "tests/unit/test.h"
#include "tests/unit/metric_run.h"

/* A link carries at most 2 flits a clock each way: however many lines the workload
 * claims to have sent in 1 ms (here 1e9), each port sends and receives 2e6 flits over
 * its 1e6 clocks, never more (the model caps the lines at a clock's fifth). */
static void qpi_within_link_capacity(const char *platform)
{
	static const struct feed flood = { 1000000u, 0, 0, 0, 0, 1000000000u };
	static const char *const side[2][3] = {
		{ "QPI_TX_LINK_UTIL", "TxL_FLITS_G0.DATA", "TxL_FLITS_G0.NON_DATA" },
		{ "QPI_LINK_UTIL", "RxL_FLITS_G0.DATA", "RxL_FLITS_G0.NON_DATA" },
	};
	for (unsigned k = 0; k < 2; k++) {
		struct metric_run r;
		if (metric_run(&r, platform, NULL, side[k][0], &flood) < 0)
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
				CHECK_EQ(clk->delta, 1000000u);
				CHECK_EQ(d->delta, 1600000u); /* 200000 lines x 8 */
				CHECK_EQ(d->delta + n->delta, 2000000u);
				CHECK(d->delta + n->delta <= 2 * clk->delta);
			}
			CHECK(near(metric_value(&r, side[k][0], s), 1.0));
		}
		metric_run_free(&r);
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

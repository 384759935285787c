/* The guide's metrics on the Ivy Bridge-EP mock against what its model makes
 * (platform/mock/model_ivbep.c): per socket, a fed interval of 1 ms with 8000 lines
 * read and 8000 written over 8 channels, 15000 LLC data-read lookups over 15 CBos of
 * which 3000 miss, 1000 lines sent over QPI. Model parameters as on Sandy Bridge-EP
 * (test_metrics_model_snbep.c), activates counted by cause (RD 3/8 of the reads, WR 3/8
 * of the writes, BYP none). */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/metrics/metrics.h"

struct ran {
	struct fixture f;
	struct upm_session s;
	struct upm_metric_value mv[64];
	unsigned n;
};

static struct feed traffic = { 1000000u, 8000, 8000, 15000, 3000, 1000 };

static int run(struct ran *r, const char *user, const char *metrics, const struct feed *fd)
{
	memset(r, 0, sizeof *r);
	if (fixture_init(&r->f, "ivbep", 2, NULL) < 0)
		return -1;
	if (upm_metrics_prepare(&r->s, &r->f.run, user, metrics) < 0) {
		upm_test_fail(__FILE__, __LINE__, "prepare: %s", r->s.error);
		fixture_free(&r->f);
		return -1;
	}
	upm_session_run(&r->s, feed_interval, (void *)fd);
	upm_session_vouch(&r->s);
	r->n = upm_metrics_compute(&r->s, r->mv, 64);
	return 0;
}

static void done(struct ran *r)
{
	upm_session_free(&r->s);
	fixture_free(&r->f);
}

/* The value of a metric on a socket, or -1 (with a failure) when it has none. */
static double value(const struct ran *r, const char *name, unsigned socket)
{
	for (unsigned i = 0; i < r->n; i++)
		if (!strcmp(r->mv[i].metric->name, name) && r->mv[i].socket == socket) {
			if (!r->mv[i].valid)
				upm_test_fail(__FILE__, __LINE__, "%s: no value (%s)", name, r->mv[i].why);
			return r->mv[i].valid ? r->mv[i].value : -1;
		}
	upm_test_fail(__FILE__, __LINE__, "%s: not computed on socket %u", name, socket);
	return -1;
}

static int near(double v, double want)
{
	return v > want * (1 - 1e-9) && v < want * (1 + 1e-9);
}

/* A share of a clock's cycles, asked for alone so that its parts share one pass and one
 * window: the mock's clocks count the fed interval, not the window (parts over a clock
 * counted in different passes are each taken over their own window). */
static double alone(const char *name, unsigned socket, const struct feed *fd)
{
	struct ran r;
	if (run(&r, NULL, name, fd) < 0)
		return -1;
	double v = value(&r, name, socket);
	CHECK_EQ(r.s.n_passes, 1u);
	done(&r);
	return v;
}

/* The window of the pass that counted the metric spec whose text is text, on socket s. */
static double window_of(const struct ran *r, unsigned socket, const char *text)
{
	for (unsigned i = 0; i < r->s.n_counts; i++) {
		const struct upm_count *c = &r->s.counts[i];
		if (c->socket == socket && !strcmp(r->s.specs[c->spec].text, text) && c->interval_ns)
			return (double)c->interval_ns / 1e9;
	}
	upm_test_fail(__FILE__, __LINE__, "%s: not counted on socket %u", text, socket);
	return 1;
}

TEST(ivbep_model_pages_tor_io)
{
	struct ran r;
	if (run(&r, NULL, "PCT_REQUESTS_PAGE_MISS,PCT_REQUESTS_PAGE_EMPTY,PCT_REQUESTS_PAGE_HIT,AVG_TOR_DRD_LATENCY,"
			  "AVG_TOR_DRD_MISS_LATENCY,AVG_TOR_DRD_HIT_LATENCY,AVG_INGRESS_LATENCY,IO_READ_BW", &traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		/* A channel: 1000 + 1000 CAS; ACT 375 + 375; PRE.PAGE_MISS 250. */
		CHECK(near(value(&r, "PCT_REQUESTS_PAGE_MISS", s), 250.0 / 2000));
		CHECK(near(value(&r, "PCT_REQUESTS_PAGE_EMPTY", s), (750.0 - 250) / 2000));
		CHECK(near(value(&r, "PCT_REQUESTS_PAGE_HIT", s), (2000.0 - 750) / 2000));
		/* (12000 x 40 + 3000 x 200) / 15000 cycles. */
		CHECK(near(value(&r, "AVG_TOR_DRD_LATENCY", s), 72));
		CHECK(near(value(&r, "AVG_TOR_DRD_MISS_LATENCY", s), 200));
		CHECK(near(value(&r, "AVG_TOR_DRD_HIT_LATENCY", s), 40));
		CHECK(near(value(&r, "AVG_INGRESS_LATENCY", s), 4));
		CHECK(near(value(&r, "IO_READ_BW", s), 15625.0 * 64 / window_of(&r, s, "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19e/")));
		/* 1000 lines x 9 flits + 1000 back each way, over 2 ports x 1e6 clocks x 2. */
		CHECK(near(alone("QPI_LINK_UTIL", s, &traffic), 10000.0 / 4e6));
		CHECK(near(alone("QPI_TX_LINK_UTIL", s, &traffic), 10000.0 / 4e6));
	}
	done(&r);
}

TEST(ivbep_model_qpi_within_link_capacity)
{
	static const struct feed flood = { 1000000u, 0, 0, 0, 0, 1000000000u };
	static const char *const side[2][3] = {
		{ "QPI_TX_LINK_UTIL", "TxL_FLITS_G0.DATA", "TxL_FLITS_G0.NON_DATA" },
		{ "QPI_LINK_UTIL", "RxL_FLITS_G0.DATA", "RxL_FLITS_G0.NON_DATA" },
	};
	for (unsigned k = 0; k < 2; k++) {
		struct ran r;
		if (run(&r, NULL, side[k][0], &flood) < 0)
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
			CHECK(near(value(&r, side[k][0], s), 1.0));
		}
		done(&r);
	}
}

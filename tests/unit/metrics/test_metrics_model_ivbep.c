/* The guide's metrics on the Ivy Bridge-EP mock against what its model makes
 * (platform/mock/ivbep/model.c): per socket, a fed interval of 1 ms with 8000 lines
 * read and 8000 written over 8 channels, 15000 LLC data-read lookups over 15 CBos of
 * which 3000 miss, 1000 lines sent over QPI. Model parameters as on Sandy Bridge-EP
 * (test_metrics_model_snbep.c), activates counted by cause (RD 3/8 of the reads, WR 3/8
 * of the writes, BYP none). */
#include "tests/unit/test.h"
#include "tests/unit/metric_run.h"

static struct feed traffic = { 1000000u, 8000, 8000, 15000, 3000, 1000 };

/* The window of the pass that counted the metric spec whose text is text, on socket s. */
static double window_of(const struct metric_run *r, unsigned socket, const char *text)
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
	struct metric_run r;
	if (metric_run(&r, "ivbep", NULL,
		       "PCT_REQUESTS_PAGE_MISS,PCT_REQUESTS_PAGE_EMPTY,PCT_REQUESTS_PAGE_HIT,AVG_TOR_DRD_LATENCY,"
		       "AVG_TOR_DRD_MISS_LATENCY,AVG_TOR_DRD_HIT_LATENCY,AVG_INGRESS_LATENCY,IO_READ_BW", &traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		/* A channel: 1000 + 1000 CAS; ACT 375 + 375; PRE.PAGE_MISS 250. */
		CHECK(near(metric_value(&r, "PCT_REQUESTS_PAGE_MISS", s), 250.0 / 2000));
		CHECK(near(metric_value(&r, "PCT_REQUESTS_PAGE_EMPTY", s), (750.0 - 250) / 2000));
		CHECK(near(metric_value(&r, "PCT_REQUESTS_PAGE_HIT", s), (2000.0 - 750) / 2000));
		/* (12000 x 40 + 3000 x 200) / 15000 cycles. */
		CHECK(near(metric_value(&r, "AVG_TOR_DRD_LATENCY", s), 72));
		CHECK(near(metric_value(&r, "AVG_TOR_DRD_MISS_LATENCY", s), 200));
		CHECK(near(metric_value(&r, "AVG_TOR_DRD_HIT_LATENCY", s), 40));
		CHECK(near(metric_value(&r, "AVG_INGRESS_LATENCY", s), 4));
		CHECK(near(metric_value(&r, "IO_READ_BW", s),
			   15625.0 * 64 / window_of(&r, s, "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19e/")));
		/* 1000 lines x 9 flits + 1000 back each way, over 2 ports x 1e6 clocks x 2. */
		CHECK(near(metric_alone("ivbep", "QPI_LINK_UTIL", s, &traffic), 10000.0 / 4e6));
		CHECK(near(metric_alone("ivbep", "QPI_TX_LINK_UTIL", s, &traffic), 10000.0 / 4e6));
	}
	metric_run_free(&r);
}


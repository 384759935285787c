/* The guide's metrics on the Sandy Bridge-EP mock against what its model makes
 * (platform/mock/snbep/model.c): per socket, a fed interval of 1 ms with 8000 lines
 * read, 4000 written, 16000 LLC data-read lookups of which 4000 miss, 1000 lines sent
 * over QPI. Model parameters: a TOR hit holds its entry 40 uncore cycles, a miss 200;
 * the ingress 4; the RPQ 40 DRAM cycles, the WPQ 80; ACT 3/8 and PRE.PAGE_MISS 1/8 of
 * the CAS commands; PCIe reads one line per 64 ns, writes one per 128 ns; a line over
 * QPI is 8 data flits and a header one way, 1 flit back; half the lines received go
 * straight to a core. Clocks: uncore 2 GHz, DRAM 800 MHz, QPI 1 GHz. */
#include "tests/unit/test.h"
#include "tests/unit/metric_run.h"

static struct feed traffic = { 1000000u, 8000, 4000, 16000, 4000, 1000 };

/* A rate summed over the instances of a box type, each count over its own window (each
 * box's window is timed at its own edges: core/session/session.h): count_each per
 * instance. */
static double per_windows(const struct metric_run *r, unsigned socket, const char *box, unsigned n_instances,
			  const char *event, double count_each)
{
	double sum = 0;
	for (unsigned k = 0; k < n_instances; k++) {
		const struct upm_count *c = find_count(&r->s, socket, box, k, event);
		if (!c || !c->interval_ns)
			return -1;
		sum += count_each * 1e9 / (double)c->interval_ns;
	}
	return sum;
}

TEST(snbep_model_dram_pages_and_queues)
{
	struct metric_run r;
	if (metric_run(&r, "snbep", NULL,
		       "PCT_REQUESTS_PAGE_MISS,PCT_REQUESTS_PAGE_EMPTY,PCT_REQUESTS_PAGE_HIT,MEM_BW_READ_SHARE,"
		       "RPQ_AVG_LATENCY,WPQ_AVG_LATENCY,RPQ_AVG_LATENCY_NS,PCT_RD_REQUESTS", &traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		/* A channel: 2000 reads + 1000 writes = 3000 CAS, 1125 ACT, 375 PRE.PAGE_MISS. */
		CHECK(near(metric_value(&r, "PCT_REQUESTS_PAGE_MISS", s), 375.0 / 3000));
		CHECK(near(metric_value(&r, "PCT_REQUESTS_PAGE_EMPTY", s), (1125.0 - 375) / 3000));
		CHECK(near(metric_value(&r, "PCT_REQUESTS_PAGE_HIT", s), (3000.0 - 1125) / 3000));
		CHECK(near(metric_value(&r, "MEM_BW_READ_SHARE", s), 8000.0 / 12000));
		CHECK(near(metric_value(&r, "PCT_RD_REQUESTS", s), 8000.0 / 12000));
		CHECK(near(metric_value(&r, "RPQ_AVG_LATENCY", s), 40));
		CHECK(near(metric_value(&r, "WPQ_AVG_LATENCY", s), 80));
		/* 40 DRAM cycles at channel 0's clock over its window: 800000 cycles. */
		const struct upm_count *dclk = find_count(&r.s, s, "imc", 0, "DCLK");
		CHECK(dclk && near(metric_value(&r, "RPQ_AVG_LATENCY_NS", s), 40.0 * (double)dclk->interval_ns / 800000));
	}
	metric_run_free(&r);
}

TEST(snbep_model_tor_ingress_llc)
{
	struct metric_run r;
	if (metric_run(&r, "snbep", NULL,
		       "AVG_TOR_DRD_LATENCY,AVG_TOR_DRD_MISS_LATENCY,AVG_TOR_DRD_HIT_LATENCY,AVG_INGRESS_LATENCY,"
		       "LLC_DRD_HIT_PCT,LLC_DRD_MISS_PCT,LLC_MISS_PCT,LLC_HIT_PCT", &traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		/* (12000 x 40 + 4000 x 200) / 16000 cycles. */
		CHECK(near(metric_value(&r, "AVG_TOR_DRD_LATENCY", s), 80));
		CHECK(near(metric_value(&r, "AVG_TOR_DRD_MISS_LATENCY", s), 200));
		CHECK(near(metric_value(&r, "AVG_TOR_DRD_HIT_LATENCY", s), 40));
		CHECK(near(metric_value(&r, "AVG_INGRESS_LATENCY", s), 4));
		/* 20000 requests x 4 cycles over 8 CBos x 2e6 cycles. */
		CHECK(near(metric_alone("snbep", "AVG_INGRESS_DEPTH", s, &traffic), 80000.0 / 16e6));
		CHECK(near(metric_value(&r, "LLC_DRD_HIT_PCT", s), 0.75));
		CHECK(near(metric_value(&r, "LLC_DRD_MISS_PCT", s), 0.25));
		/* Writes are lookups too, all finding the line in M: 4000 misses of 20000. */
		CHECK(near(metric_value(&r, "LLC_MISS_PCT", s), 0.2));
		CHECK(near(metric_value(&r, "LLC_HIT_PCT", s), 0.8));
	}
	metric_run_free(&r);
}

TEST(snbep_model_io_and_qpi_bandwidth)
{
	struct metric_run r;
	if (metric_run(&r, "snbep", NULL,
		       "IO_READ_BW,IO_WRITE_BW,QPI_DATA_BW,QPI_LINK_BW,DATA_FROM_QPI,DATA_FROM_QPI_TO_LLC,"
		       "DATA_FROM_QPI_TO_HA_OR_IIO", &traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		/* 1 ms / 64 ns = 15625 PCIe read lines, / 128 ns = 7812 write lines, x 64 bytes. */
		/* Spread over the 8 CBos, each counted over its own window. */
		double rd_rate = 0, wr_rate = 0;
		uint64_t rd = 0, wr = 0;
		for (unsigned i = 0; i < r.s.n_counts; i++) {
			const struct upm_count *c = &r.s.counts[i];
			const char *t = r.s.specs[c->spec].text;
			if (c->socket != s || !c->interval_ns)
				continue;
			if (!strcmp(t, "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19e/")) {
				rd += c->delta;
				rd_rate += (double)c->delta * 64e9 / (double)c->interval_ns;
			} else if (!strcmp(t, "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19c/")) {
				wr += c->delta;
				wr_rate += (double)c->delta * 64e9 / (double)c->interval_ns;
			}
		}
		CHECK_EQ(rd, 15625u);
		CHECK_EQ(wr, 7812u);
		CHECK(near(metric_value(&r, "IO_READ_BW", s), rd_rate));
		CHECK(near(metric_value(&r, "IO_WRITE_BW", s), wr_rate));
		/* Sent: 1000 lines x 8 data flits x 8 bytes; with headers 1000 + 1000 back. */
		CHECK(near(metric_value(&r, "QPI_DATA_BW", s), per_windows(&r, s, "qpi", 2, "TxL_FLITS_G0.DATA", 32000)));
		CHECK(near(metric_value(&r, "QPI_LINK_BW", s), per_windows(&r, s, "qpi", 2, "TxL_FLITS_G0.DATA", 40000)));
		/* Received from the other socket: 8000 DRS data flits (4000 a port), half of it
		 * to a core; each port's count over its own window. */
		double drs = per_windows(&r, s, "qpi", 2, "RxL_FLITS_G1.DRS_DATA", 32000);
		double d2c = per_windows(&r, s, "qpi", 2, "DIRECT2CORE.SUCCESS", 16000);
		CHECK(near(metric_value(&r, "DATA_FROM_QPI", s), drs));
		CHECK(near(metric_value(&r, "DATA_FROM_QPI_TO_LLC", s), d2c));
		/* The other half: 64000 bytes of DRS data less 500 lines x 64 to the cores. */
		CHECK(near(metric_value(&r, "DATA_FROM_QPI_TO_HA_OR_IIO", s), drs - d2c));
		/* 10000 flits each way over 2 ports x 1e6 clocks x 2 flits. */
		CHECK(near(metric_alone("snbep", "QPI_LINK_UTIL", s, &traffic), 10000.0 / 4e6));
		CHECK(near(metric_alone("snbep", "QPI_TX_LINK_UTIL", s, &traffic), 10000.0 / 4e6));
		CHECK(near(metric_alone("snbep", "PCT_LINK_FULL_POWER_CYCLES", s, &traffic), 1.0));
	}
	metric_run_free(&r);
}

/* A difference of counts that comes out negative is no value, with its reason, never a
 * number: the model's activates (3/8 of the CAS commands) are set to 0 after the run, as
 * a stuck counter would leave them, so ACT_COUNT - PRE_COUNT.PAGE_MISS is below zero. A
 * zeroed CAS count makes the shares divide by zero. */
TEST(snbep_model_negative_or_undefined_is_no_value)
{
	struct metric_run r;
	if (metric_run(&r, "snbep", NULL, "PCT_REQUESTS_PAGE_EMPTY,PCT_REQUESTS_PAGE_MISS", &traffic) < 0)
		return;
	CHECK(near(metric_value(&r, "PCT_REQUESTS_PAGE_EMPTY", 0), 0.25));
	for (unsigned i = 0; i < r.s.n_counts; i++) {
		const char *name = r.s.specs[r.s.counts[i].spec].name;
		unsigned sock = r.s.counts[i].socket;
		if ((sock == 0 && !strcmp(name, "ACT_COUNT")) || (sock == 1 && !strcmp(name, "CAS_COUNT.ALL")))
			r.s.counts[i].delta = 0;
	}
	r.n = upm_metrics_compute(&r.s, r.mv, 64);
	unsigned seen = 0;
	for (unsigned i = 0; i < r.n; i++) {
		const struct upm_metric_value *v = &r.mv[i];
		char text[80];
		upm_metric_value_text(v, text, sizeof text, 3);
		if (!strcmp(v->metric->name, "PCT_REQUESTS_PAGE_MISS")) {
			/* PRE_COUNT.PAGE_MISS / (CAS_COUNT.RD + CAS_COUNT.WR): untouched. */
			CHECK(v->valid && near(v->value, 0.125));
			seen++;
		} else if (v->socket == 0) {
			CHECK(!v->valid);
			CHECK_STR(text, "n/a (negative: its counts disagree)");
			seen++;
		} else {
			CHECK(!v->valid);
			CHECK_STR(text, "n/a (division by zero)");
			seen++;
		}
	}
	CHECK_EQ(seen, 4u);
	metric_run_free(&r);
}

/* More metrics than a run holds is one error naming the limit, never a silent cut. */
TEST(snbep_too_many_metrics_is_an_error)
{
	struct fixture f;
	struct upm_session s;
	struct upm_buf names;
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	const struct upm_platform *p = f.run.platform;
	upm_buf_init(&names);
	for (unsigned i = 0; i < *p->n_metrics && i <= UPM_SESSION_MAX_METRICS; i++)
		upm_buf_printf(&names, "%s%s", i ? "," : "", p->metrics[i].name);
	CHECK(*p->n_metrics > UPM_SESSION_MAX_METRICS);
	CHECK(upm_metrics_prepare(&s, &f.run, NULL, names.data) < 0);
	CHECK_CONTAINS(s.error, "too many metrics: at most 32 in one run");
	upm_session_free(&s);
	upm_buf_free(&names);
	fixture_free(&f);
}

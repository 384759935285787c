/* The QPI packet-match metrics of the guides' and pmu-tools ucevent's names (boxes/snbep/
 * metrics_qpi.h), and the link and DIMM speeds, on the Sandy Bridge-EP and Ivy Bridge-EP
 * mocks against what their shared QPI model moves (platform/mock/ep/qpi_flow.c): each
 * socket sends 1000 lines in 1 ms, 500 a port, which the other socket's ports receive,
 * each line one DRS data response (DataC) of a full line, state RDS 0x4, for the
 * receiving socket's node (socket s is node s). Clocks: QPI 1 GHz (8 GT/s), DRAM 800 MHz.
 *
 * What the model never sends (writebacks, partial lines, M-state data, NCB, other DRS
 * messages) is counted as 0 there: a modelled 0, checked as such. */
#include "tests/unit/test.h"
#include "tests/unit/metric_run.h"

static const struct feed traffic = { 1000000u, 8000, 4000, 16000, 4000, 1000 };

/* The lines socket's ports counted for the metric's CTO_COUNT spec whose match0/mask0
 * part is mm (all of them when mm is NULL), each over its own window, x 64 (bytes/s);
 * *lines gets the lines. */
static double cto_rate(const struct metric_run *r, unsigned socket, const char *mm, uint64_t *lines)
{
	double rate = 0;
	*lines = 0;
	for (unsigned i = 0; i < r->s.n_counts; i++) {
		const struct upm_count *c = &r->s.counts[i];
		const char *t = r->s.specs[c->spec].text;
		if (c->socket != socket || c->spec < r->s.metric_specs_from || !strstr(t, "CTO_COUNT") ||
		    (mm && !strstr(t, mm)) || !c->interval_ns)
			continue;
		*lines += c->delta;
		rate += (double)c->delta * 64e9 / (double)c->interval_ns;
	}
	return rate;
}


/* A difference of two counts from different passes, each over its own window: the fed
 * interval exactly (metric_run runs on the host's virtual clock), so the model's equal
 * counts give exactly 0. (On a machine, where a window holds real time beyond the
 * interval, equal counts differ a little either way, and a negative difference is no
 * value: test_metrics_formula.c.) */
static void check_difference(const struct metric_run *r, const char *name, unsigned s, double want)
{
	if (want == 0)
		CHECK(metric_value(r, name, s) == 0);
	else
		CHECK(near(metric_value(r, name, s), want));
}

static void drs_kinds(const char *platform)
{
	struct metric_run r;
	if (metric_run(&r, platform, NULL,
		       "DRS_FULL_CACHELINE_MSGS_FROM_QPI,DRS_DATA_MSGS_FROM_QPI,DRS_F_OR_E_FROM_QPI,DRS_M_FROM_QPI,"
		       "DRS_PTL_CACHELINE_MSGS_FROM_QPI", &traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		uint64_t full, fe;
		double full_rate = cto_rate(&r, s, "match0=0x1c00,mask0=0x1f00/", &full);
		CHECK_EQ(full, 1000u);
		CHECK(near(metric_value(&r, "DRS_FULL_CACHELINE_MSGS_FROM_QPI", s), full_rate));
		/* A full line is 8 data flits of 8 bytes: the flit count says the same. */
		CHECK(near(metric_value(&r, "DRS_DATA_MSGS_FROM_QPI", s), full_rate));
		/* Of the six DataC kinds and states, the model's E-state DataC alone. */
		double fe_rate = cto_rate(&r, s, "mask0=0x1fe0,match1=", &fe);
		CHECK_EQ(fe, 1000u);
		CHECK(near(metric_value(&r, "DRS_F_OR_E_FROM_QPI", s), fe_rate));
		CHECK_STR(metric_value_text(&r, "DRS_M_FROM_QPI", s), "0.000");
		CHECK_STR(metric_value_text(&r, "DRS_PTL_CACHELINE_MSGS_FROM_QPI", s), "0.000");
	}
	metric_run_free(&r);
	/* Six match values, a pass each. */
	CHECK_EQ(metric_run(&r, platform, NULL, "DRS_F_OR_E_FROM_QPI", &traffic), 0);
	CHECK_EQ(r.s.n_passes, 6u);
	metric_run_free(&r);
}

TEST(qpi_cto_model_drs_kinds)
{
	drs_kinds("snbep");
	drs_kinds("ivbep");
}

static void writebacks(const char *platform)
{
	struct metric_run r;
	if (metric_run(&r, platform, NULL, "DRS_WB_FROM_QPI,DRS_WbI_FROM_QPI,DRS_WbS_FROM_QPI,DRS_WbE_FROM_QPI",
		       &traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		uint64_t n;
		cto_rate(&r, s, NULL, &n);
		CHECK_EQ(n, 0u);
		CHECK_STR(metric_value_text(&r, "DRS_WB_FROM_QPI", s), "0.000");
		CHECK_STR(metric_value_text(&r, "DRS_WbI_FROM_QPI", s), "0.000");
		CHECK_STR(metric_value_text(&r, "DRS_WbS_FROM_QPI", s), "0.000");
		CHECK_STR(metric_value_text(&r, "DRS_WbE_FROM_QPI", s), "0.000");
	}
	metric_run_free(&r);
}

TEST(qpi_cto_model_writebacks_none)
{
	writebacks("snbep");
	writebacks("ivbep");
}

/* The lines a socket receives are for its own node: node s's metrics count them on
 * socket s, the other node's none. */
static void to_node(const char *platform)
{
	for (unsigned node = 0; node < 2; node++) {
		char metrics[200], data_c[48], any[48], write[48], ncb[48];
		upm_snprintf(data_c, sizeof data_c, "DRS_DataC_FROM_QPI_TO_NODE%u", node);
		upm_snprintf(any, sizeof any, "DATA_FROM_QPI_TO_NODE%u", node);
		upm_snprintf(write, sizeof write, "DRS_WRITE_FROM_QPI_TO_NODE%u", node);
		upm_snprintf(ncb, sizeof ncb, "NCB_DATA_FROM_QPI_TO_NODE%u", node);
		upm_snprintf(metrics, sizeof metrics, "%s,%s,%s,%s", data_c, any, write, ncb);
		struct metric_run r;
		if (metric_run(&r, platform, NULL, metrics, &traffic) < 0)
			return;
		for (unsigned s = 0; s < 2; s++) {
			char mm[40];
			uint64_t n;
			upm_snprintf(mm, sizeof mm, "match0=0x%x,mask0=0x3ff80/", 0x1c00u | node << 13);
			double rate = cto_rate(&r, s, mm, &n);
			CHECK_EQ(n, s == node ? 1000u : 0u);
			/* Every DRS message the model sends is a DataC: Any counts the same lines. */
			upm_snprintf(mm, sizeof mm, "match0=0x%x,mask0=0x3fe00/", 0x1c00u | node << 13);
			uint64_t n_any;
			double any_rate = cto_rate(&r, s, mm, &n_any);
			CHECK_EQ(n_any, n);
			if (s == node) {
				CHECK(near(metric_value(&r, data_c, s), rate));
				/* No NCB: all data is the DRS messages. */
				CHECK(near(metric_value(&r, any, s), any_rate));
				check_difference(&r, write, s, any_rate - rate);
			} else {
				CHECK_STR(metric_value_text(&r, data_c, s), "0.000");
				CHECK_STR(metric_value_text(&r, any, s), "0.000");
				CHECK_STR(metric_value_text(&r, write, s), "0.000");
			}
			CHECK_STR(metric_value_text(&r, ncb, s), "0.000");
		}
		metric_run_free(&r);
	}
}

TEST(qpi_cto_model_to_node)
{
	to_node("snbep");
	to_node("ivbep");
}

static void speeds(const char *platform)
{
	struct metric_run r;
	if (metric_run(&r, platform, NULL, "QPI_SPEED,DIMM_SPEED", &traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		const struct upm_count *q = find_count(&r.s, s, "qpi", 0, "CLOCKTICKS");
		const struct upm_count *d = find_count(&r.s, s, "imc", 0, "DCLK");
		if (!q || !d) {
			upm_test_fail(__FILE__, __LINE__, "%s: no port 0 or channel 0 clock", platform);
			continue;
		}
		/* 1e6 link clocks and 800000 DRAM clocks in the fed 1 ms, over their windows. */
		CHECK_EQ(q->delta, 1000000u);
		CHECK_EQ(d->delta, 800000u);
		CHECK(near(metric_value(&r, "QPI_SPEED", s), 8.0 * 1e6 / (double)q->interval_ns));
		CHECK(near(metric_value(&r, "DIMM_SPEED", s), 2.0 * 800000 * 1e3 / (double)d->interval_ns));
	}
	metric_run_free(&r);
}

TEST(qpi_cto_model_speeds)
{
	speeds("snbep");
	speeds("ivbep");
}

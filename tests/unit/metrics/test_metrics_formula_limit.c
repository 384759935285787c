/* The formula engine holds 16 distinct specs (boxes/metric.h), the size of the largest
 * formula the guides define: the Xeon E7's DRS.AnyResp - DRS.AnyDataC over the R-Box's
 * eight ports (002:4069), RBOX_DRS_WRITES on wsmex. It is checked on the mock against
 * what the model makes (platform/mock/nhmex/model.c: each QPI port's remote lines are
 * DRS messages, writebacks in the socket's share of written lines). */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/metric_run.h"
#include "core/metrics/formula.h"
#include "core/metrics/metrics.h"
#include "platform/base/str.h"

/* "b0/E0/ + b1/E1/ + ... " with n distinct specs. */
static void sum_of(unsigned n, char *buf, unsigned long size)
{
	buf[0] = 0;
	for (unsigned i = 0; i < n; i++) {
		char part[24];
		upm_snprintf(part, sizeof part, "%sb%u/E%u/", i ? " + " : "", i, i);
		upm_strlcpy(buf + strlen(buf), part, size - strlen(buf));
	}
}

TEST(formula_holds_sixteen_distinct_specs)
{
	static struct upm_formula f;
	char text[400], err[300];
	sum_of(16, text, sizeof text);
	/* A repeated spec is no new term: 16 distinct, 17 written. */
	upm_strlcpy(text + strlen(text), " - b3/E3/", sizeof text - strlen(text));
	CHECK_EQ(upm_formula_parse(text, &f, err, sizeof err), 0);
	CHECK_EQ(f.n_specs, 16u);
	CHECK_STR(f.specs[15], "b15/E15/");
	/* 1 + 2 + ... + 16 = 136, less term 3 (4): 132. */
	double t[16], v = 0;
	for (unsigned i = 0; i < 16; i++)
		t[i] = i + 1;
	CHECK_EQ(upm_formula_eval(&f, t, 1, 0, &v), UPM_FORMULA_OK);
	CHECK(v == 132);
}

TEST(formula_over_sixteen_specs_refused_in_one_line)
{
	static struct upm_formula f;
	char text[400], err[300];
	sum_of(17, text, sizeof text);
	err[0] = 0;
	CHECK(upm_formula_parse(text, &f, err, sizeof err) < 0);
	CHECK_CONTAINS(err, "more than 16 distinct event specs");
	CHECK_CONTAINS(err, "at most 16");
	CHECK_CONTAINS(err, "b16/E16/"); /* where: the formula text */
	CHECK(strchr(err, '\n') == NULL);
}

/* Sum over the metric's own counts whose spec text has `mask` of coef x delta / window
 * (a rate term as the engine forms it, core/metrics/metrics.h); *total gets the deltas. */
static double per_second(const struct upm_session *s, const char *mask, uint64_t *total)
{
	double r = 0;
	*total = 0;
	for (unsigned i = 0; i < s->n_counts; i++) {
		const struct upm_count *c = &s->counts[i];
		if (c->spec < s->metric_specs_from || !strstr(s->specs[c->spec].text, mask) || !c->interval_ns)
			continue;
		*total += c->delta;
		r += (double)c->delta * 1e9 / (double)c->interval_ns;
	}
	return r;
}

/* The port's AnyResp (mask 0x1E00) or AnyDataC (0x1F80) count. */
static uint64_t port_count(const struct upm_session *s, unsigned port, const char *mask)
{
	char want[48];
	upm_snprintf(want, sizeof want, "port=%u,", port);
	for (unsigned i = 0; i < s->n_counts; i++) {
		const struct upm_count *c = &s->counts[i];
		const char *t = s->specs[c->spec].text;
		if (c->spec >= s->metric_specs_from && strstr(t, want) && strstr(t, mask))
			return c->delta;
	}
	return ~0ull;
}

/* 3000 lines read, 1000 written, 4000 of them remote, in 10 ms: each of the four QPI
 * ports (0, 1, 4, 5) sends 1000 DRS messages, 250 writebacks and 750 data responses. */
static const struct feed drs_traffic = { 10000000u, 3000, 1000, 0, 0, 4000 };

static void drs_writes_case(const char *user, unsigned want_passes)
{
	struct fixture f;
	struct upm_session s;
	struct upm_metric_value mv[4];
	if (fixture_init(&f, "wsmex", 1, NULL) < 0 ||
	    metric_session(&f, &s, user, "RBOX_DRS_WRITES", &drs_traffic) < 0)
		return;
	unsigned n = upm_metrics_compute(&s, mv, 4);
	CHECK_EQ(s.n_specs - s.metric_specs_from, 16u);
	/* Each port's two match/mask sets (Table 2-39: 0xE60 + 4p and 0xE70 + 4p, ports 4-7
	 * at 0xE80/0xE90 + 4(p - 4); MM_CFG, MATCH, MASK) take MM_CFG 0x00210000 (002:4086),
	 * MATCH 0x1C00 and the two masks. */
	struct upm_buf w;
	upm_buf_init(&w);
	trace_writes(f.trace, &w);
	for (unsigned p = 0; p < 8 && w.data; p++) {
		uint32_t set1 = (p < 4 ? 0xE60 : 0xE80) + 4 * (p % 4), set2 = set1 + 0x10;
		char cfg1[48], cfg2[48], m1[48], m2[48], a[48], b[48];
		upm_snprintf(cfg1, sizeof cfg1, "0:msr:0x%x=0x210000\n", set1);
		upm_snprintf(cfg2, sizeof cfg2, "0:msr:0x%x=0x210000\n", set2);
		upm_snprintf(m1, sizeof m1, "0:msr:0x%x=0x1c00\n", set1 + 1);
		upm_snprintf(m2, sizeof m2, "0:msr:0x%x=0x1c00\n", set2 + 1);
		upm_snprintf(a, sizeof a, "0:msr:0x%x=0x1e00\n", set1 + 2);
		upm_snprintf(b, sizeof b, "0:msr:0x%x=0x1f80\n", set2 + 2);
		int ordered = strstr(w.data, a) && strstr(w.data, b);
		upm_snprintf(a, sizeof a, "0:msr:0x%x=0x1f80\n", set1 + 2);
		upm_snprintf(b, sizeof b, "0:msr:0x%x=0x1e00\n", set2 + 2);
		int swapped = strstr(w.data, a) && strstr(w.data, b);
		if (want_passes == 1 && (!strstr(w.data, cfg1) || !strstr(w.data, cfg2) || !strstr(w.data, m1) ||
					 !strstr(w.data, m2) || !(ordered || swapped)))
			upm_test_fail(__FILE__, __LINE__, "port %u: its match/mask sets not as the guide says", p);
	}
	upm_buf_free(&w);
	static const unsigned qpi[8] = { 1, 1, 0, 0, 1, 1, 0, 0 };
	for (unsigned p = 0; p < 8; p++) {
		CHECK_EQ(port_count(&s, p, "0x1E00"), qpi[p] ? 1000u : 0u);
		CHECK_EQ(port_count(&s, p, "0x1F80"), qpi[p] ? 750u : 0u);
	}
	uint64_t any, datac;
	double want = per_second(&s, "0x1E00", &any) - per_second(&s, "0x1F80", &datac);
	/* 4000 - 3000: the 1000 writebacks, over the window (10 ms and the stepping). */
	CHECK_EQ(any, 4000u);
	CHECK_EQ(datac, 3000u);
	CHECK_EQ(n, 1u);
	if (n == 1) {
		CHECK(mv[0].valid);
		CHECK(mv[0].value > want * (1 - 1e-9) && mv[0].value < want * (1 + 1e-9));
		CHECK(mv[0].value > 1000 / 0.015 && mv[0].value <= 1000 / 0.010);
		unsigned passes = 0;
		for (unsigned b = 0; b < 32; b++)
			passes += (mv[0].passes >> b) & 1;
		CHECK_EQ(passes, want_passes);
	}
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(wsmex_rbox_drs_writes_on_the_mock)
{
	/* The 16 specs fill both R-Box halves' 8 counters: one pass. */
	drs_writes_case(NULL, 1);
	/* A user's R-Box event takes a counter: the metric's parts go to two passes, each
	 * count over its own window, and the value is the same rate. */
	drs_writes_case("rbox/FLITS_SENT,port=0/", 2);
}

TEST(drs_writes_is_the_e7s_alone)
{
	const struct upm_platform *e7 = upm_platform_by_name("wsmex"), *x7500 = upm_platform_by_name("nhmex");
	CHECK(e7 && upm_metric_find(e7, "RBOX_DRS_WRITES"));
	CHECK(e7 && upm_metric_find(e7, "SBOX_RX_LOC_NCS_UTIL"));
	/* The 7500 guide defines none of their events (seed 004 is a C-Box excerpt; the
	 * 7500 has no local NCS queue). */
	CHECK(x7500 && !upm_metric_find(x7500, "RBOX_DRS_WRITES"));
	CHECK(x7500 && !upm_metric_find(x7500, "SBOX_TX_LOC_NCS_UTIL"));
	CHECK(x7500 && upm_metric_find(x7500, "SBOX_RX_UTIL"));
	CHECK(e7 && x7500 && *e7->n_metrics == *x7500->n_metrics + 3);
}

/* The total link utilizations (002:2636-2638): every class's flits over the uncore
 * clock. The model's S-Box sends 4000 HOM packets (one a line) and receives 4000 DRS
 * from the R-Box (remote lines) and 3000 from the B-Box (lines read), 9 flits each. */
TEST(nhmex_sbox_total_link_use_on_the_mock)
{
	static const char *const plats[] = { "nhmex", "wsmex" };
	for (unsigned k = 0; k < 2; k++) {
		struct fixture f;
		struct upm_session s;
		struct upm_metric_value mv[4];
		if (fixture_init(&f, plats[k], 1, NULL) < 0 ||
		    metric_session(&f, &s, NULL, "SBOX_TX_UTIL,SBOX_RX_UTIL", &drs_traffic) < 0)
			return;
		unsigned n = upm_metrics_compute(&s, mv, 4);
		uint64_t hom, drs_r, drs_b, uclk;
		double r_hom = per_second(&s, "PKTS_SENT_HOM", &hom);
		double r_r = per_second(&s, "DRS_FROM_R", &drs_r), r_b = per_second(&s, "DRS_FROM_B", &drs_b);
		double r_uclk = per_second(&s, "wbox/UCLK/", &uclk);
		CHECK_EQ(hom, 4000u);
		CHECK_EQ(drs_r, 4000u);
		CHECK_EQ(drs_b, 3000u);
		CHECK_EQ(uclk, 24000000u); /* 2.4 GHz for 10 ms */
		CHECK_EQ(n, 2u);
		for (unsigned i = 0; i < n && i < 4; i++) {
			int tx = strcmp(mv[i].metric->name, "SBOX_TX_UTIL") == 0;
			double want = tx ? r_hom / r_uclk : 9 * (r_r + r_b) / r_uclk;
			CHECK(mv[i].valid && mv[i].value > want * (1 - 1e-9) && mv[i].value < want * (1 + 1e-9));
			/* About 4000 / 24e6 and 63000 / 24e6, once each box's own window is taken
			 * out: the S-Box and the W-Box are read at different moments, which on a
			 * loaded machine puts their windows more than 1% apart. */
			double windows = r_uclk / (double)uclk / (tx ? r_hom / (double)hom : r_r / (double)drs_r);
			CHECK(mv[i].value * windows > (tx ? 4000 : 63000) / 24e6 * 0.99 &&
			      mv[i].value * windows < (tx ? 4000 : 63000) / 24e6 * 1.01);
		}
		upm_session_free(&s);
		fixture_free(&f);
	}
}

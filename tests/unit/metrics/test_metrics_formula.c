/* The metric formula engine (core/metrics/formula.h): + - * / over event specs, numbers,
 * SECONDS and SAMPLE_INTERVAL; differences and results below zero, and divisions by
 * zero, are no value. Aliases resolve to their metric (boxes/metric.h). */
#include "tests/unit/test.h"
#include "core/metrics/formula.h"
#include "core/metrics/metrics.h"
#include "platform/base/str.h"
#include "boxes/platform.h"

static double eval(const char *text, const double *terms, double seconds, double tsc_hz, int *status)
{
	static struct upm_formula f;
	char err[200];
	double v = -1;
	if (upm_formula_parse(text, &f, err, sizeof err) < 0) {
		upm_test_fail(__FILE__, __LINE__, "%s", err);
		*status = -1;
		return -1;
	}
	*status = (int)upm_formula_eval(&f, terms, seconds, tsc_hz, &v);
	return v;
}

TEST(formula_precedence_and_specs)
{
	static struct upm_formula f;
	char err[200];
	CHECK_EQ(upm_formula_parse("(imc/ACT_COUNT/ - imc/PRE_COUNT.PAGE_MISS/) / (imc/CAS_COUNT.RD/ + imc/CAS_COUNT.WR/)",
				   &f, err, sizeof err), 0);
	CHECK_EQ(f.n_specs, 4u);
	CHECK_STR(f.specs[0], "imc/ACT_COUNT/");
	CHECK_STR(f.specs[1], "imc/PRE_COUNT.PAGE_MISS/");
	CHECK(!f.per_second);
	/* ACT 300, PRE.PAGE_MISS 100, CAS 600 + 400: (300 - 100) / 1000. */
	double t[4] = { 300, 100, 600, 400 }, v;
	CHECK_EQ(upm_formula_eval(&f, t, 1, 0, &v), UPM_FORMULA_OK);
	CHECK(v == 0.2);
	int st;
	double one[1] = { 10 };
	CHECK(eval("2 + 3 * 4", one, 1, 0, &st) == 14 && st == 0);
	CHECK(eval("(2 + 3) * 4", one, 1, 0, &st) == 20 && st == 0);
	CHECK(eval("24 / 4 / 2", one, 1, 0, &st) == 3 && st == 0);
	CHECK(eval("10 - 4 - 3", one, 1, 0, &st) == 3 && st == 0);
	CHECK(eval("-2 * -3", one, 1, 0, &st) == 6 && st == 0);
	CHECK(eval("1.5e3 + 0.25", one, 1, 0, &st) == 1500.25 && st == 0);
	CHECK(eval("2e-3 * 1e3", one, 1, 0, &st) > 1.999999 && eval("2e-3 * 1e3", one, 1, 0, &st) < 2.000001);
	/* A spec stands with its filters; a repeated spec is one term. */
	CHECK_EQ(upm_formula_parse("cbo/TOR_OCCUPANCY.OPCODE,filter_opc=0x182/ / cbo/TOR_INSERTS.OPCODE,filter_opc=0x182/"
				   " * cbo/TOR_INSERTS.OPCODE,filter_opc=0x182/", &f, err, sizeof err), 0);
	CHECK_EQ(f.n_specs, 2u);
	CHECK_STR(f.specs[1], "cbo/TOR_INSERTS.OPCODE,filter_opc=0x182/");
}

TEST(formula_time_terms)
{
	int st;
	double t[2] = { 3000, 2000000000.0 };
	/* 3000 lines x 64 bytes over 0.5 s. */
	CHECK(eval("imc/CAS_COUNT.RD/ * 64 / SECONDS", t, 0.5, 0, &st) == 384000 && st == 0);
	/* Nanoseconds through a clock: 40 cycles at 2e9 cycles in 1 s = 20 ns. */
	double lat[3] = { 400, 10, 2e9 };
	CHECK(eval("cbo/TOR_OCCUPANCY.OPCODE/ / cbo/TOR_INSERTS.OPCODE/ * SECONDS * 1e9 / ubox/UCLK/", lat, 1, 0, &st) ==
		      20 && st == 0);
	/* SAMPLE_INTERVAL: the window in TSC ticks (000:240); unknown TSC: no value. */
	double c[1] = { 575e6 };
	CHECK(eval("ha/CONFLICT_CYCLES.CONFLICT/ / SAMPLE_INTERVAL", c, 0.25, 2.3e9, &st) == 1.0 && st == 0);
	eval("ha/CONFLICT_CYCLES.CONFLICT/ / SAMPLE_INTERVAL", c, 0.25, 0, &st);
	CHECK_EQ(st, UPM_FORMULA_NO_TSC);
	static struct upm_formula f;
	char err[200];
	CHECK_EQ(upm_formula_parse("qpi/TxL_FLITS_G0.DATA/ * 8 / SECONDS", &f, err, sizeof err), 0);
	CHECK(f.per_second);
	CHECK_EQ(upm_formula_parse("SECONDS / qpi/CLOCKTICKS/", &f, err, sizeof err), 0);
	CHECK(!f.per_second);
}

/* The power of time in a formula's value, clocks and SECONDS being time: it decides how
 * parts counted in different passes combine (core/metrics/metrics.c). */
TEST(formula_time_power)
{
	static struct upm_formula f;
	char err[200];
	int p = 99;
	const unsigned char latency_clock[3] = { 0, 0, 1 }, none[3] = { 0, 0, 0 }, first[2] = { 1, 0 };
	CHECK_EQ(upm_formula_parse("cbo/TOR_OCCUPANCY.OPCODE/ / cbo/TOR_INSERTS.OPCODE/ * SECONDS * 1e9 / ubox/UCLK/",
				   &f, err, sizeof err), 0);
	CHECK_EQ(upm_formula_time_power(&f, latency_clock, &p), 0);
	CHECK_EQ(p, 0); /* ns from cycles: time cancels */
	CHECK_EQ(upm_formula_parse("imc/CAS_COUNT.RD/ * 64 / SECONDS", &f, err, sizeof err), 0);
	CHECK_EQ(upm_formula_time_power(&f, none, &p), 0);
	CHECK_EQ(p, -1); /* a rate */
	CHECK_EQ(upm_formula_parse("qpi/CLOCKTICKS/ / qpi/TxL_FLITS_G0.DATA/", &f, err, sizeof err), 0);
	CHECK_EQ(upm_formula_time_power(&f, first, &p), 0);
	CHECK_EQ(p, 1);
	CHECK_EQ(upm_formula_parse("(imc/CAS_COUNT.RD/ + imc/CAS_COUNT.WR/) * 64 / SECONDS", &f, err, sizeof err), 0);
	CHECK_EQ(upm_formula_time_power(&f, none, &p), 0);
	CHECK_EQ(p, -1);
	/* A count plus a clock has no one power: the metric keeps every part over its window. */
	CHECK_EQ(upm_formula_parse("ubox/UCLK/ + imc/CAS_COUNT.RD/", &f, err, sizeof err), 0);
	CHECK_EQ(upm_formula_time_power(&f, first, &p), -1);
}

TEST(formula_no_value_never_a_number)
{
	int st;
	double t[3] = { 100, 300, 1000 };
	double v = eval("(imc/ACT_COUNT/ - imc/PRE_COUNT.PAGE_MISS/) / imc/CAS_COUNT.ALL/", t, 1, 0, &st);
	CHECK_EQ(st, UPM_FORMULA_NEGATIVE);
	CHECK(v == 0);
	double z[2] = { 5, 0 };
	eval("imc/RPQ_OCCUPANCY/ / imc/RPQ_INSERTS/", z, 1, 0, &st);
	CHECK_EQ(st, UPM_FORMULA_DIV_ZERO);
	/* A negative difference inside is caught even when the end result is positive. */
	double d[3] = { 1, 2, 0 };
	eval("1 - (a/X/ - a/Y/)", d, 1, 0, &st);
	CHECK_EQ(st, UPM_FORMULA_NEGATIVE);
	CHECK_STR(upm_formula_status_text(UPM_FORMULA_DIV_ZERO), "division by zero");
	/* Printed as n/a with the reason. */
	struct upm_metric_value mv;
	char buf[80];
	memset(&mv, 0, sizeof mv);
	mv.valid = 0;
	mv.value = -0.5;
	mv.why = upm_formula_status_text(UPM_FORMULA_NEGATIVE);
	upm_metric_value_text(&mv, buf, sizeof buf, 3);
	CHECK_STR(buf, "n/a (negative: its counts disagree)");
}

TEST(formula_errors_name_the_place)
{
	static struct upm_formula f;
	char err[200];
	CHECK(upm_formula_parse("imc/CAS_COUNT.RD/ +", &f, err, sizeof err) < 0);
	CHECK_CONTAINS(err, "unexpected end");
	CHECK(upm_formula_parse("(imc/CAS_COUNT.RD/", &f, err, sizeof err) < 0);
	CHECK_CONTAINS(err, "missing ')'");
	CHECK(upm_formula_parse("imc/CAS_COUNT.RD", &f, err, sizeof err) < 0);
	CHECK_CONTAINS(err, "closing '/'");
	CHECK(upm_formula_parse("MINUTES * 2", &f, err, sizeof err) < 0);
	CHECK_CONTAINS(err, "unknown name");
	CHECK(upm_formula_parse("a/X/ b/Y/", &f, err, sizeof err) < 0);
	CHECK_CONTAINS(err, "operator expected");
	/* The limit of distinct specs: tests/unit/metrics/test_metrics_formula_limit.c. */
}

/* The short form written out as a formula, and its value unchanged. */
TEST(metric_short_form_as_formula)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	struct upm_buf b;
	char err[200];
	upm_buf_init(&b);
	CHECK_EQ(upm_metric_formula_text(p, upm_metric_find(p, "MEM_BW_READS"), &b, err, sizeof err), 0);
	CHECK_STR(b.data, "imc/CAS_COUNT.RD/ * 64 / SECONDS");
	upm_buf_free(&b);
	upm_buf_init(&b);
	CHECK_EQ(upm_metric_formula_text(p, upm_metric_find(p, "PCT_RD_REQUESTS"), &b, err, sizeof err), 0);
	CHECK_STR(b.data, "imc/RPQ_INSERTS/ / (imc/RPQ_INSERTS/ + imc/WPQ_INSERTS/)");
	upm_buf_free(&b);
	upm_buf_init(&b);
	CHECK_EQ(upm_metric_formula_text(p, upm_metric_find(p, "QPI_LINK_UTIL"), &b, err, sizeof err), 0);
	CHECK_STR(b.data, "(qpi/RxL_FLITS_G0.DATA/ + qpi/RxL_FLITS_G0.NON_DATA/) * 0.5 / qpi/CLOCKTICKS/");
	upm_buf_free(&b);
	CHECK(upm_metric_per_second(p, upm_metric_find(p, "MEM_BW_READS")));
	CHECK(upm_metric_per_second(p, upm_metric_find(p, "IO_READ_BW")));
	CHECK(!upm_metric_per_second(p, upm_metric_find(p, "PCT_REQUESTS_PAGE_HIT")));
}

/* One idea, one name: the former names still find their metric on their platform. */
TEST(metric_aliases_resolve)
{
	static const struct {
		const char *platform, *old, *now;
	} a[] = {
		{ "snbep", "LLC_HIT_RATE", "LLC_DRD_HIT_PCT" },
		{ "ivbep", "llc_hit_rate", "LLC_DRD_HIT_PCT" },
		{ "snbep", "LLC_DRD_MISS_LATENCY", "AVG_TOR_DRD_MISS_LATENCY" },
		{ "nhmex", "LLC_HIT_RATIO", "LLC_HIT_PCT" },
		{ "wsmex", "LLC_HIT_RATIO", "LLC_HIT_PCT" },
		{ "skl", "LLC_MISS_RATIO", "LLC_MISS_PCT" },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(a); i++) {
		const struct upm_metric *m = upm_metric_find(upm_platform_by_name(a[i].platform), a[i].old);
		CHECK(m && strcmp(m->name, a[i].now) == 0);
	}
	/* The same idea has the same name everywhere: every lookup's hit and miss share. */
	static const char *const plats[] = { "snbep", "ivbep", "skl", "nhmex", "wsmex" };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(plats); i++) {
		const struct upm_platform *p = upm_platform_by_name(plats[i]);
		CHECK(upm_metric_find(p, "LLC_HIT_PCT") != NULL);
		CHECK(upm_metric_find(p, "LLC_MISS_PCT") != NULL);
		/* No alias shadows a metric's own name. */
		for (unsigned k = 0; k < *p->n_metrics; k++)
			CHECK(upm_metric_find(p, p->metrics[k].name) == &p->metrics[k]);
	}
	/* An alias is accepted where names are: the specs it needs come with it. */
	struct upm_buf list;
	char err[200];
	upm_buf_init(&list);
	CHECK_EQ(upm_metric_specs(upm_platform_by_name("skl"), "LLC_MISS_RATIO", &list, err, sizeof err), 0);
	CHECK_STR(list.data, "cbo/CACHE_LOOKUP.ANY_I/,cbo/CACHE_LOOKUP.ANY_MESI/");
	upm_buf_free(&list);
}

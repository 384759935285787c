/* The U/C/B/S/W event tables and the metrics through the spec parser on the nhmex and
 * wsmex platforms: what a user types is programmed as the guide says, or refused. */
#include "core/metrics/formula.h"
#include "core/metrics/metrics.h"
#include "tests/unit/test.h"
#include "core/events/spec.h"

static const char *const platforms[] = { "nhmex", "wsmex" };

static int parse(const char *plat, const char *text, struct upm_spec *s, char *err, unsigned long n)
{
	const struct upm_platform *p = upm_platform_by_name(plat);
	if (!p) {
		upm_test_fail(__FILE__, __LINE__, "no platform %s", plat);
		return -1;
	}
	return upm_spec_parse(p, text, s, err, n);
}

TEST(nhmex_every_metric_parses)
{
	static struct upm_spec s[UPM_METRIC_FORMULA_TERMS];
	static struct upm_formula f;
	char err[200];
	for (unsigned k = 0; k < UPM_ARRAY_LEN(platforms); k++) {
		const struct upm_platform *p = upm_platform_by_name(platforms[k]);
		CHECK(p && p->metrics && *p->n_metrics >= 10);
		for (unsigned i = 0; p && p->metrics && i < *p->n_metrics; i++) {
			const struct upm_metric *m = &p->metrics[i];
			if (upm_metric_compile(p, m, &f, s, err, sizeof err) < 0)
				upm_test_fail(__FILE__, __LINE__, "%s %s: %s", p->name, m->name, err);
		}
	}
}

TEST(nhmex_spec_encodings)
{
	struct upm_spec s;
	char err[200];
	for (unsigned k = 0; k < UPM_ARRAY_LEN(platforms); k++) {
		const char *p = platforms[k];
		/* B-Box: en bit 0, ev_sel 5:1 (002:1847-1848); IMT_INSERTS_RD 0x1D on counter 1. */
		CHECK(parse(p, "bbox/IMT_INSERTS_RD/", &s, err, sizeof err) == 0);
		CHECK_EQ(s.ctl, (0x1Du << 1) | 1u);
		CHECK_EQ(s.counters, 0x2);
		/* C-Box: umask 15:8, ev_sel 7:0, en 22 (002:990-1001). */
		CHECK(parse(p, "cbo/LLC_HITS.ALL/", &s, err, sizeof err) == 0);
		CHECK_EQ(s.ctl & 0xFFFF, 0x0F15);
		CHECK(s.ctl & (1u << 22));
		CHECK_EQ(s.counters, 0x3F);
		/* S-Box PKTS_SENT_DRS.ALL: 0x64, umask 0x1F on the E7's ten C-Boxes (002:2702,
		 * 3060), 0x0F on the 7500's eight (323535-001 p.2-61). */
		CHECK(parse(p, "sbox/PKTS_SENT_DRS.ALL/", &s, err, sizeof err) == 0);
		CHECK_EQ(s.ctl & 0xFFFF, strcmp(p, "nhmex") == 0 ? 0x0F64u : 0x1F64u);
		/* W-Box: a core-scoped event needs a core mask (002:5504). */
		CHECK(parse(p, "wbox/C_CYCLES_TURBO.ALL/", &s, err, sizeof err) == 0);
		CHECK_EQ(s.ctl & 0xFFFF, 0xFF04);
		CHECK(parse(p, "wbox/C_CYCLES_TURBO/", &s, err, sizeof err) < 0);
		CHECK_CONTAINS(err, "unit mask");
	}
}

TEST(nhmex_spec_refusals)
{
	struct upm_spec s;
	char err[200];
	for (unsigned k = 0; k < UPM_ARRAY_LEN(platforms); k++) {
		const char *p = platforms[k];
		/* Codes above ev_sel's 8 bits, ninth bit's place unknown: refused, not cut. */
		err[0] = 0;
		CHECK(parse(p, "ubox/RECOV/", &s, err, sizeof err) < 0);
		CHECK_CONTAINS(err, "RECOV");
		err[0] = 0;
		CHECK(parse(p, "ubox/event=0x1DF/", &s, err, sizeof err) < 0);
		CHECK(err[0] != 0);
		CHECK(parse(p, "ubox/WOKEN/", &s, err, sizeof err) == 0);
		CHECK_EQ(s.ctl & 0xFF, 0xF8);
		/* Match/mask events need their registers. */
		CHECK(parse(p, "bbox/MSG_IN_MATCH/", &s, err, sizeof err) < 0);
		CHECK_CONTAINS(err, "match");
		CHECK(parse(p, "sbox/TO_R_PROG_EV/", &s, err, sizeof err) < 0);
		CHECK_CONTAINS(err, "match");
	}
}

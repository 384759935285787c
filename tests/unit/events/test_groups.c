/* Shipped event groups (boxes/<platform>/groups.c, core/events/group.c): every group's
 * specs parse and its metrics exist on its platform, each platform ships the groups its
 * events allow, and expansion is literal. */
#include "tests/unit/test.h"
#include "core/events/group.h"
#include "core/events/spec.h"
#include "core/metrics/metrics.h"
#include "boxes/platform.h"

static const char *const platforms[] = { "snbep", "ivbep", "skl", "nhmex", "wsmex" };

TEST(groups_parse_on_their_platform)
{
	struct upm_spec s[32];
	char err[300];
	for (unsigned k = 0; k < UPM_ARRAY_LEN(platforms); k++) {
		const struct upm_platform *p = upm_platform_by_name(platforms[k]);
		CHECK(p && p->groups && p->n_groups && *p->n_groups >= 3);
		for (unsigned i = 0; p && p->n_groups && i < *p->n_groups; i++) {
			const struct upm_group *g = &p->groups[i];
			CHECK(g->events || g->metrics);
			if (g->events && upm_spec_parse_list(p, g->events, s, 32, err, sizeof err) < 0)
				upm_test_fail(__FILE__, __LINE__, "%s %s: %s", p->name, g->name, err);
			const char *m = g->metrics;
			while (m && *m) {
				const char *comma = strchr(m, ',');
				size_t n = comma ? (size_t)(comma - m) : strlen(m);
				char name[64];
				snprintf(name, sizeof name, "%.*s", (int)n, m);
				if (!upm_metric_find(p, name))
					upm_test_fail(__FILE__, __LINE__, "%s %s: no metric %s", p->name, g->name, name);
				m += n + (comma ? 1 : 0);
			}
		}
	}
}

TEST(groups_each_platform_ships)
{
	static const struct {
		const char *platform, *groups;
	} want[] = {
		{ "snbep", "MEM,LLC,QPI,PCIE,POWER,RING" }, { "ivbep", "MEM,LLC,QPI,PCIE,POWER,RING" },
		{ "nhmex", "MEM,LLC,QPI,POWER,RING" },      { "wsmex", "MEM,LLC,QPI,POWER,RING" },
		{ "skl", "MEM,LLC,PCIE,ARB" },
	};
	for (unsigned k = 0; k < UPM_ARRAY_LEN(want); k++) {
		const struct upm_platform *p = upm_platform_by_name(want[k].platform);
		char list[64];
		snprintf(list, sizeof list, "%s", want[k].groups);
		for (char *t = strtok(list, ","); t; t = strtok(NULL, ","))
			if (!upm_group_find(p, t))
				upm_test_fail(__FILE__, __LINE__, "%s has no group %s", want[k].platform, t);
	}
	/* QPI in both directions on the E5 parts. */
	for (unsigned k = 0; k < 2; k++) {
		const struct upm_group *g = upm_group_find(upm_platform_by_name(platforms[k]), "qpi");
		CHECK(g && strstr(g->events, "qpi/TxL_FLITS_G0.DATA/") && strstr(g->events, "qpi/RxL_FLITS_G0.DATA/"));
	}
}

TEST(groups_expand_literally)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	struct upm_buf ev, me;
	char err[300];
	upm_buf_init(&ev);
	upm_buf_init(&me);
	upm_buf_puts(&me, "UNCORE_FREQ");
	CHECK_EQ(upm_group_expand(p, "mem,PCIE", &ev, &me, err, sizeof err), 0);
	CHECK_STR(ev.data, "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/RPQ_INSERTS/,imc/RPQ_OCCUPANCY/,imc/WPQ_INSERTS/,"
			   "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19e/,cbo/TOR_INSERTS.OPCODE,filter_opc=0x19c/,"
			   "cbo/TOR_INSERTS.OPCODE,filter_opc=0x194/");
	CHECK_STR(me.data, "UNCORE_FREQ,MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL,RPQ_AVG_LATENCY,RPQ_AVG_LATENCY_NS,"
			   "PCT_RD_REQUESTS,PCT_REQUESTS_PAGE_HIT,PCT_REQUESTS_PAGE_EMPTY,PCT_REQUESTS_PAGE_MISS,"
			   "LLC_PCIE_DATA_BYTES,IO_READ_BW,IO_WRITE_BW");
	upm_buf_free(&ev);
	upm_buf_free(&me);
	/* PCIe reads are PCIRdCur, opcode 0x19E in the CBo filter (000:655). */
	struct upm_spec s;
	CHECK_EQ(upm_spec_parse(p, "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19e/", &s, err, sizeof err), 0);
	CHECK(s.n_filters >= 1 && s.filters[0].value == 0x19E);
	upm_buf_init(&ev);
	upm_buf_init(&me);
	CHECK_EQ(upm_group_expand(p, "MEM,BOGUS", &ev, &me, err, sizeof err), -1);
	CHECK_STR(err, "no group 'BOGUS' on snbep: choose one of MEM, LLC, QPI, PCIE, POWER, RING "
		       "(see 'upmon list groups')");
	upm_buf_free(&ev);
	upm_buf_free(&me);
}

/* LIKWID's group names that upmon's do not share say what LIKWID's counts and upmon's
 * group nearest in question, where the platform has it (skl has no POWER). */
TEST(groups_likwid_names_say_the_nearest)
{
	const struct upm_platform *snb = upm_platform_by_name("snbep"), *skl = upm_platform_by_name("skl");
	struct upm_buf ev, me;
	char err[400];
	upm_buf_init(&ev);
	upm_buf_init(&me);
	CHECK_EQ(upm_group_expand(snb, "l3cache", &ev, &me, err, sizeof err), -1);
	CHECK_STR(err, "no group 'l3cache' on snbep: LIKWID's L3CACHE is the L3 miss rate, from core events; "
		       "upmon's nearest is LLC: write --group LLC, or choose one of MEM, LLC, QPI, PCIE, POWER, RING "
		       "(see 'upmon list groups')");
	CHECK_EQ(upm_group_expand(snb, "MEM,CBOX", &ev, &me, err, sizeof err), -1);
	CHECK(strstr(err, "no group 'CBOX' on snbep: LIKWID's CBOX counts LLC victims and lookups") == err);
	CHECK_EQ(upm_group_expand(snb, "ENERGY", &ev, &me, err, sizeof err), -1);
	CHECK(strstr(err, "upmon's nearest is POWER: write --group POWER") != NULL);
	CHECK_EQ(upm_group_expand(skl, "ENERGY", &ev, &me, err, sizeof err), -1);
	CHECK_STR(err, "no group 'ENERGY' on skl: LIKWID's ENERGY reads the RAPL energy counters, which are no "
		       "uncore PMON unit; groups: MEM, LLC, PCIE, ARB (see 'upmon list groups')");
	/* MEM and QPI are LIKWID's names too: taken as they are. */
	CHECK_EQ(upm_group_expand(snb, "MEM,QPI", &ev, &me, err, sizeof err), 0);
	upm_buf_free(&ev);
	upm_buf_free(&me);
}

/* With --interval every event is counted at once: each shipped group of every platform
 * (the tables, not a list here) either fits one pass as a whole (its events and its
 * metrics' events, each count once) and has no interval form, or needs more and has an
 * interval form that fits one pass, whose specs parse and whose metrics exist. */
TEST(groups_fit_one_pass_or_have_an_interval_form)
{
	char err[300];
	unsigned groups = 0, forms = 0;
	for (unsigned k = 0; k < upm_n_platforms; k++) {
		const struct upm_platform *p = upm_platforms[k];
		for (unsigned i = 0; p->n_groups && i < *p->n_groups; i++) {
			const struct upm_group *g = &p->groups[i];
			int whole = upm_metrics_passes(p, g->events, g->metrics, err, sizeof err);
			groups++;
			if (whole < 1) {
				upm_test_fail(__FILE__, __LINE__, "%s %s: %s", p->name, g->name, err);
				continue;
			}
			if (!upm_group_has_interval_form(g)) {
				if (whole != 1)
					upm_test_fail(__FILE__, __LINE__, "%s %s needs %d passes and has no interval form",
						      p->name, g->name, whole);
				continue;
			}
			forms++;
			int form = upm_metrics_passes(p, g->interval_events, g->interval_metrics, err, sizeof err);
			if (whole == 1)
				upm_test_fail(__FILE__, __LINE__, "%s %s fits one pass: its interval form is not needed",
					      p->name, g->name);
			if (form != 1)
				upm_test_fail(__FILE__, __LINE__, "%s %s: its interval form needs %d passes%s%s", p->name,
					      g->name, form, form < 0 ? ": " : "", form < 0 ? err : "");
		}
	}
	CHECK(groups >= 20);
	CHECK(forms >= 10);
}

/* MEM on Sandy Bridge-EP: its 5 events and 9 metrics are 9 distinct counts per channel
 * (8 general, the fixed DCLK), two passes of a channel's 4 counters; its interval form
 * is the read and write CAS and the read queue, one pass. */
TEST(groups_passes_are_the_distinct_counts)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	const struct upm_group *g = upm_group_find(p, "MEM");
	char err[300];
	CHECK(g != NULL);
	if (!g)
		return;
	CHECK_EQ(upm_metrics_passes(p, g->events, g->metrics, err, sizeof err), 2);
	CHECK_EQ(upm_metrics_passes(p, "imc/CAS_COUNT.RD/,imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/", "MEM_BW_READS", err,
				    sizeof err), 1);
	/* Five different counts on four counters: two passes. */
	CHECK_EQ(upm_metrics_passes(p, "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/RPQ_INSERTS/,imc/WPQ_INSERTS/,"
				       "imc/CAS_COUNT.ALL/", NULL, err, sizeof err), 2);
	CHECK_STR(upm_group_events(g, 1), "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/RPQ_INSERTS/,imc/RPQ_OCCUPANCY/");
	CHECK_STR(upm_group_events(g, 0), g->events);
}

/* --group with --interval expands each group's interval form where it has one, and
 * names the groups expanded, once each. */
TEST(groups_expand_their_interval_form)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	struct upm_buf ev, me;
	const struct upm_group *named[4];
	unsigned n = 0;
	char err[300];
	upm_buf_init(&ev);
	upm_buf_init(&me);
	CHECK_EQ(upm_group_expand_as(p, "MEM,RING,mem", 1, &ev, &me, named, 4, &n, err, sizeof err), 0);
	CHECK_STR(ev.data, "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/RPQ_INSERTS/,imc/RPQ_OCCUPANCY/,"
			   "cbo/CLOCKTICKS/,cbo/RING_BL_USED.UP_EVEN/,cbo/RING_BL_USED.DOWN_EVEN/,cbo/RING_BOUNCES.BL_CORE/");
	CHECK_STR(me.data, "MEM_BW_READS,MEM_BW_WRITES,RPQ_AVG_LATENCY,RPQ_AVG_LATENCY_NS");
	CHECK_EQ(n, 2);
	CHECK(n == 2 && strcmp(named[0]->name, "MEM") == 0 && strcmp(named[1]->name, "RING") == 0);
	upm_buf_free(&ev);
	upm_buf_free(&me);
}

/* Names across platforms (core/events/alias_kin.c): another platform's name is answered
 * with the platforms it belongs to and this platform's nearest event, never with the name
 * that was typed; every platform's events of a kind and examples parse where they are
 * offered. */
#include "tests/unit/test.h"
#include "core/events/alias.h"
#include "core/events/spec.h"

/* The spec a message offers after "is ", up to the next space: it must parse on p. */
static void offered_parses(const struct upm_platform *p, const char *msg, const char *after, const char *text)
{
	const char *at = strstr(msg, after);
	char spec[128];
	struct upm_spec s;
	char err[300];
	if (!at || sscanf(at + strlen(after), "%127s", spec) != 1) {
		upm_test_fail(__FILE__, __LINE__, "%s on %s: nothing offered after '%s' in '%s'", text, p->name, after, msg);
		return;
	}
	if (upm_spec_parse(p, spec, &s, err, sizeof err) != 0)
		upm_test_fail(__FILE__, __LINE__, "%s on %s: the offered %s does not parse: %s", text, p->name, spec, err);
}

TEST(alias_foreign_names_say_whose_and_the_nearest_here)
{
	static const struct {
		const char *platform, *text, *said;
	} c[] = {
		/* A Xeon E5 perfmon name on Skylake: not a suggestion to write it again
		 * (perfmon JKT/IVT UNC_M_CAS_COUNT.RD; uncore_snb.c snb_uncore_imc_events
		 * data_reads). */
		{ "skl", "UNC_M_CAS_COUNT.RD",
		  "'UNC_M_CAS_COUNT.RD' (perfmon's name) is an event of snbep, ivbep, spr and emr, not of skl: the nearest on skl "
		  "is imc/DRAM_DATA_READS/ (perf's uncore_imc/data_reads/)" },
		{ "skl", "cas_count_write",
		  "'cas_count_write' (perf's event alias) is an event of snbep, ivbep, spr and emr, not of skl: the nearest on skl "
		  "is imc/DRAM_DATA_WRITES/ (perf's uncore_imc/data_writes/)" },
		{ "skl", "uncore_imc/cas_count_read/",
		  "'cas_count_read' (perf's event alias) is an event of snbep, ivbep, spr and emr, not of skl: the nearest on skl "
		  "is imc/DRAM_DATA_READS/ (perf's uncore_imc/data_reads/)" },
		{ "skl", "imc/CAS_COUNT.RD/",
		  "'CAS_COUNT.RD' is an event of snbep, ivbep, spr and emr, not of skl: the nearest on skl is imc/DRAM_DATA_READS/" },
		/* A Xeon 7500/E7 name on Xeon E5 (uncore_nhmex.c bbox_cmds_read), and back. */
		{ "snbep", "bbox_cmds_read",
		  "'bbox_cmds_read' (perf's event alias) is an event of nhmex and wsmex, not of snbep: the nearest on snbep "
		  "is imc/CAS_COUNT.RD/ (perf's uncore_imc/cas_count_read/)" },
		{ "snbep", "uncore_mbox_1/bbox_cmds_write/", "no box 'uncore_mbox_1' on snbep (it is nhmex's and wsmex's mbox;" },
		{ "nhmex", "UNC_M_CAS_COUNT.RD",
		  "'UNC_M_CAS_COUNT.RD' (perfmon's name) is an event of snbep, ivbep, spr and emr, not of nhmex: the nearest on "
		  "nhmex is bbox/IMT_INSERTS_RD/" },
		{ "nhmex", "cas_count_write",
		  "'cas_count_write' (perf's event alias) is an event of snbep, ivbep, spr and emr, not of nhmex: the nearest on "
		  "nhmex is bbox/IMT_INSERTS_WR/" },
		{ "snbep", "UNC_CLOCK.SOCKET",
		  "'UNC_CLOCK.SOCKET' (perfmon's name) is an event of skl, not of snbep: the nearest on snbep is ubox/UCLK/" },
		/* perfmon JKT's UNC_M_CLOCKTICKS is IVT's UNC_M_DCLOCKTICKS: upmon's DCLOCKTICKS. */
		{ "ivbep", "UNC_M_CLOCKTICKS",
		  "'UNC_M_CLOCKTICKS' (perfmon's name) is an event of snbep, spr, emr, gnr and srf, not of ivbep: ivbep has it as "
		  "imc/DCLOCKTICKS/ (perfmon's UNC_M_DCLOCKTICKS)" },
		/* Nothing of the kind: the box to look in. */
		{ "skl", "cbo/LLC_LOOKUP.DATA_READ/",
		  "'LLC_LOOKUP.DATA_READ' is an event of snbep and ivbep, not of skl (see 'upmon list events --box cbo')" },
	};
	for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
		const struct upm_platform *p = upm_platform_by_name(c[i].platform);
		struct upm_spec s;
		char err[300] = "";
		if (upm_spec_parse(p, c[i].text, &s, err, sizeof err) != -1 || !strstr(err, c[i].said)) {
			upm_test_fail(__FILE__, __LINE__, "%s on %s: got '%s', want '%s'", c[i].text, c[i].platform, err,
				      c[i].said);
			continue;
		}
		/* What is offered is this platform's and parses; the typed name is not offered. */
		const char *rest = strstr(err, ", not of ");
		const char *typed = strchr(c[i].text, '/') ? NULL : c[i].text;
		if (rest && typed && strstr(rest, typed))
			upm_test_fail(__FILE__, __LINE__, "%s: offered again in '%s'", c[i].text, err);
		if (strstr(err, "the nearest on "))
			offered_parses(p, strstr(err, "the nearest on "), " is ", c[i].text);
		if (strstr(err, " has it as "))
			offered_parses(p, err, " has it as ", c[i].text);
	}
}

/* A name that is nobody's: the platform's own examples, each of which parses there. */
TEST(alias_unknown_name_offers_this_platforms_examples)
{
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const struct upm_platform *p = upm_platforms[i];
		char spec[96], perf[96], perfmon[96], err[300] = "";
		struct upm_spec s;
		upm_alias_examples(p, spec, perf, perfmon, sizeof spec);
		if (!spec[0] || !perf[0])
			upm_test_fail(__FILE__, __LINE__, "%s: no example spec or perf alias", p->name);
		const char *each[] = { spec, perf, perfmon };
		for (unsigned k = 0; k < 3; k++)
			if (each[k][0] && upm_spec_parse(p, each[k], &s, err, sizeof err) != 0)
				upm_test_fail(__FILE__, __LINE__, "%s: example %s: %s", p->name, each[k], err);
		CHECK_EQ(upm_spec_parse(p, "nonsense", &s, err, sizeof err), -1);
		if (!strstr(err, spec) || !strstr(err, perf) || !strstr(err, perfmon))
			upm_test_fail(__FILE__, __LINE__, "%s: examples not offered in '%s'", p->name, err);
	}
	/* Skylake's, where the Xeon E5's were offered before (imc/CAS_COUNT.RD/ does not
	 * parse there). */
	const struct upm_platform *skl = upm_platform_by_name("skl");
	struct upm_spec s;
	char err[300] = "";
	CHECK_EQ(upm_spec_parse(skl, "nonsense", &s, err, sizeof err), -1);
	CHECK_STR(err, "'nonsense' is not an event spec on skl: write BOX/EVENT/ (imc/DRAM_DATA_READS/), perf's event "
		       "alias (data_reads), perfmon's name (UNC_CLOCK.SOCKET); see 'upmon list events'");
}

/* Every event of a kind parses on its platform, and where the platform's derived metric
 * of that quantity counts one event, the kind's first is that event. */
TEST(alias_kinds_are_the_metrics_events)
{
	static const struct {
		const char *kind, *metric;
	} tie[] = { { "dram_reads", "MEM_BW_READS" }, { "dram_writes", "MEM_BW_WRITES" }, { "uncore_clock", "UNCORE_FREQ" } };
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const struct upm_platform *p = upm_platforms[i];
		const struct upm_naming *nm = p->naming;
		for (unsigned k = 0; nm && k < nm->n_kinds; k++) {
			struct upm_spec s[4];
			char err[300];
			if (upm_spec_parse_list(p, nm->kinds[k].spec, s, 4, err, sizeof err) <= 0)
				upm_test_fail(__FILE__, __LINE__, "%s: kind %s %s: %s", p->name, nm->kinds[k].kind,
					      nm->kinds[k].spec, err);
		}
		for (unsigned t = 0; t < sizeof tie / sizeof tie[0]; t++) {
			const char *first = NULL, *counted = NULL;
			for (unsigned k = 0; nm && k < nm->n_kinds && !first; k++)
				if (strcmp(nm->kinds[k].kind, tie[t].kind) == 0)
					first = nm->kinds[k].spec;
			for (unsigned m = 0; p->metrics && m < *p->n_metrics; m++)
				if (strcmp(p->metrics[m].name, tie[t].metric) == 0)
					counted = p->metrics[m].numerator;
			if (!first || !counted || strcmp(first, counted) != 0)
				upm_test_fail(__FILE__, __LINE__, "%s: %s is %s, %s counts %s", p->name, tie[t].kind,
					      first ? first : "none", tie[t].metric, counted ? counted : "none");
		}
	}
}

/* The lookup behind list's search: upmon's, perf's and perfmon's names, each saying whose. */
TEST(alias_lookup_says_whose_name_it_is)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	struct upm_alias_hit h;
	CHECK(upm_alias_lookup(p, NULL, "cas_count_read", &h));
	CHECK_STR(h.box->name, "imc");
	CHECK_STR(h.terms, "CAS_COUNT.RD");
	CHECK_EQ(h.whose, UPM_ALIAS_PERF);
	CHECK(upm_alias_lookup(p, NULL, "UNC_M_CLOCKTICKS", &h));
	CHECK_STR(h.terms, "DCLOCKTICKS");
	CHECK_EQ(h.whose, UPM_ALIAS_PERFMON);
	CHECK(upm_alias_lookup(p, upm_platform_box(p, "imc"), "CAS_COUNT.WR", &h));
	CHECK_EQ(h.whose, UPM_ALIAS_UPMON);
	/* A perfmon prefix of this platform before no event of it is no hit. */
	CHECK(!upm_alias_lookup(p, NULL, "UNC_M_NO_SUCH_EVENT", &h));
	CHECK(!upm_alias_lookup(p, NULL, "data_reads", &h));
}

/* Granite Rapids' reads are a sum: another platform's read count is answered with both
 * schedulers' counts and perf's names for them, never the closest single name (SCH0 alone
 * would count half). */
TEST(alias_sum_kind_names_every_part)
{
	const struct upm_platform *gnr = upm_platform_by_name("gnr");
	struct upm_spec s;
	char err[400] = "";
	CHECK(gnr != NULL);
	if (!gnr)
		return;
	CHECK_EQ(upm_spec_parse(gnr, "uncore_imc/cas_count_read/", &s, err, sizeof err), -1);
	CHECK_STR(err, "'cas_count_read' (perf's event alias) is an event of snbep, ivbep, spr and emr, not of gnr: on gnr "
		       "that is the sum of imc/CAS_COUNT_SCH0.RD/ (perf's uncore_imc/cas_count_read_sch0/) and "
		       "imc/CAS_COUNT_SCH1.RD/ (perf's uncore_imc/cas_count_read_sch1/): give every one (one alone counts a "
		       "part)");
	CHECK_EQ(upm_spec_parse(gnr, "imc/CAS_COUNT.WR/", &s, err, sizeof err), -1);
	CHECK_CONTAINS(err, "on gnr that is the sum of imc/CAS_COUNT_SCH0.WR/ (perf's uncore_imc/cas_count_write_sch0/) and "
			    "imc/CAS_COUNT_SCH1.WR/");
}

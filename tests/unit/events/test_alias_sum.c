/* perf's aliases that are sums (core/events/alias_sum.c, boxes/gnr/names.c): on Granite
 * Rapids and Sierra Forest cas_count_read and cas_count_write are taken out of an event list
 * as the metrics of both schedulers' counts, in every spelling perf and upmon give them; one
 * instance or more terms are refused with what to write; elsewhere they are not sums. */
#include "tests/unit/test.h"
#include "core/events/alias_sum.h"

struct split {
	int rc;
	char rest[200], metrics[100], said[400], err[300];
};

static struct split split_on(const char *platform, const char *text)
{
	struct split o = { 0 };
	struct upm_buf rest, metrics, said;
	upm_buf_init(&rest);
	upm_buf_init(&metrics);
	upm_buf_init(&said);
	o.rc = upm_alias_take_sums(upm_platform_by_name(platform), text, &rest, &metrics, &said, o.err, sizeof o.err);
	upm_snprintf(o.rest, sizeof o.rest, "%s", rest.data ? rest.data : "");
	upm_snprintf(o.metrics, sizeof o.metrics, "%s", metrics.data ? metrics.data : "");
	upm_snprintf(o.said, sizeof o.said, "%s", said.data ? said.data : "");
	upm_buf_free(&rest);
	upm_buf_free(&metrics);
	upm_buf_free(&said);
	return o;
}

TEST(alias_sum_cas_count_taken_as_both_schedulers_in_every_spelling)
{
	static const char *const reads[] = { "uncore_imc/cas_count_read/", "imc/cas_count_read/", "cas_count_read",
					     "UNCORE_IMC/CAS_COUNT_READ/" };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(reads); i++) {
		struct split o = split_on("gnr", reads[i]);
		CHECK_EQ(o.rc, 0);
		CHECK_STR(o.metrics, "CAS_COUNT_READ");
		CHECK_STR(o.rest, "");
	}
	/* The other specs stay, in order (a comma inside a spec's terms is the spec's). */
	struct split o = split_on("srf", "cha0/CLOCKTICKS/,uncore_imc/cas_count_write/,imc/CAS_COUNT_SCH0.RD,thresh=1/,"
					 "cas_count_read");
	CHECK_EQ(o.rc, 0);
	CHECK_STR(o.rest, "cha0/CLOCKTICKS/,imc/CAS_COUNT_SCH0.RD,thresh=1/");
	CHECK_STR(o.metrics, "CAS_COUNT_WRITE,CAS_COUNT_READ");
	CHECK_STR(o.said, "uncore_imc/cas_count_write/ on srf is perf's cas_count_write, the sum of both command "
			  "schedulers: counted as the metric CAS_COUNT_WRITE (imc/CAS_COUNT_SCH0.WR/ + imc/CAS_COUNT_SCH1.WR/)\n"
			  "cas_count_read on srf is perf's cas_count_read, the sum of both command schedulers: counted as the "
			  "metric CAS_COUNT_READ (imc/CAS_COUNT_SCH0.RD/ + imc/CAS_COUNT_SCH1.RD/)\n");
	/* The per-scheduler aliases are events, not sums. */
	o = split_on("gnr", "uncore_imc/cas_count_read_sch0/");
	CHECK_EQ(o.rc, 0);
	CHECK_STR(o.rest, "uncore_imc/cas_count_read_sch0/");
	CHECK_STR(o.metrics, "");
}

TEST(alias_sum_one_instance_or_more_terms_refused_with_what_to_write)
{
	static const char *const one[] = { "uncore_imc_3/cas_count_read/", "imc3/cas_count_read/" };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(one); i++) {
		struct split o = split_on("gnr", one[i]);
		CHECK_EQ(o.rc, -1);
		CHECK(strstr(o.err, "for one imc give its parts: imc/CAS_COUNT_SCH0.RD/,imc/CAS_COUNT_SCH1.RD/") != NULL);
	}
	/* A box word neither upmon nor perf spells so (perf numbers uncore_imc_3) names no
	 * sum: it stays in the list, where the spec's parsing names the box it lacks. */
	struct split o = split_on("gnr", "uncore_imc3/cas_count_read/");
	CHECK_EQ(o.rc, 0);
	CHECK_STR(o.rest, "uncore_imc3/cas_count_read/");
	CHECK_STR(o.metrics, "");
	o = split_on("gnr", "imc/cas_count_read,thresh=1/");
	CHECK_EQ(o.rc, -1);
	CHECK_STR(o.err, "'imc/cas_count_read,thresh=1/': cas_count_read is a sum here (CAS_COUNT_READ counts it) and "
			 "takes no further terms: write imc/cas_count_read/");
}

TEST(alias_sum_none_where_the_alias_is_one_event)
{
	/* Sapphire Rapids' cas_count_read is perfmon's UNC_M_CAS_COUNT.RD, one event
	 * (uncore_snbep.c spr_uncore_imc_events): it stays in the list for the alias step. */
	static const char *const plat[] = { "spr", "emr", "snbep", "ivbep" };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(plat); i++) {
		struct split o = split_on(plat[i], "uncore_imc/cas_count_read/");
		CHECK_EQ(o.rc, 0);
		CHECK_STR(o.rest, "uncore_imc/cas_count_read/");
		CHECK_STR(o.metrics, "");
	}
}

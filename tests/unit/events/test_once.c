/* Each count once per run (core/events/once.c): which specs count the same thing, which
 * one stays, what is said, and a session that programs each once on every platform. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/events/once.h"
#include "core/metrics/metrics.h"

static int parse(const char *platform, const char *list, struct upm_spec *out, unsigned max)
{
	char err[300];
	int n = upm_spec_parse_list(upm_platform_by_name(platform), list, out, max, err, sizeof err);
	if (n < 0)
		upm_test_fail(__FILE__, __LINE__, "%s: %s", list, err);
	return n;
}

/* The same encoding after aliases is the same count; another unit mask, filter or box
 * is not; the instance is not compared. */
TEST(once_same_count_is_the_encoding)
{
	struct upm_spec s[8];
	int n = parse("snbep",
		      "imc/CAS_COUNT.RD/,imc2/event=0x04,umask=0x03/,UNC_M_CAS_COUNT.RD,imc/CAS_COUNT.WR/,"
		      "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/,cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1/,"
		      "imc0/DCLK/,imc/DCLK/",
		      s, 8);
	CHECK_EQ(n, 8);
	if (n != 8)
		return;
	CHECK(upm_spec_same_count(&s[0], &s[1]));
	CHECK(upm_spec_same_count(&s[0], &s[2]));
	CHECK(!upm_spec_same_count(&s[0], &s[3]));
	CHECK(!upm_spec_same_count(&s[4], &s[5]));
	CHECK(upm_spec_same_count(&s[6], &s[7]));
	CHECK(!upm_spec_same_count(&s[0], &s[6]));
}

/* The first of equals stays, a wider one over a narrower; the user's stay for the
 * engine's; the user's own doubles are listed, the engine's not. */
TEST(once_keeps_the_first_and_the_wider)
{
	struct upm_spec s[8];
	struct upm_spec_double d[4];
	unsigned n_user = 4, n_doubles = 0;
	char line[400];
	/* user: RD twice, imc0 RD, WR on imc1; engine: RD, WR over every imc. */
	int n = parse("snbep",
		      "imc/CAS_COUNT.RD/,UNC_M_CAS_COUNT.RD,imc0/CAS_COUNT.RD/,imc1/CAS_COUNT.WR/,"
		      "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/",
		      s, 8);
	CHECK_EQ(n, 6);
	if (n != 6)
		return;
	unsigned kept = upm_specs_once(s, (unsigned)n, &n_user, d, 4, &n_doubles);
	CHECK_EQ(kept, 3);
	CHECK_EQ(n_user, 2);
	CHECK_STR(s[0].text, "imc/CAS_COUNT.RD/");
	CHECK_STR(s[1].text, "imc1/CAS_COUNT.WR/"); /* the user's, as asked */
	CHECK_STR(s[2].text, "imc/CAS_COUNT.WR/");  /* the engine's, over every imc */
	CHECK_EQ(n_doubles, 2);
	upm_spec_double_text(&d[0], line, sizeof line);
	CHECK_STR(line, "UNC_M_CAS_COUNT.RD is imc/CAS_COUNT.RD/, asked for already: counted once");
	upm_spec_double_text(&d[1], line, sizeof line);
	CHECK_STR(line, "imc0/CAS_COUNT.RD/ is within imc/CAS_COUNT.RD/ (every imc): counted once");
	/* The same spec twice, and a third time: one note. */
	n_user = 3;
	n = parse("snbep", "imc/CAS_COUNT.RD/,imc/CAS_COUNT.RD/,imc/CAS_COUNT.RD/", s, 8);
	CHECK_EQ(upm_specs_once(s, (unsigned)n, &n_user, d, 4, &n_doubles), 1);
	CHECK_EQ(n_doubles, 1);
	upm_spec_double_text(&d[0], line, sizeof line);
	CHECK_STR(line, "imc/CAS_COUNT.RD/ is asked for twice: counted once");
}

/* Counts of spec text on socket 0 of a prepared and run session. */
static unsigned counts_of(const struct upm_session *s, const char *name)
{
	unsigned n = 0;
	for (unsigned i = 0; i < s->n_counts; i++)
		n += s->counts[i].socket == 0 && strcmp(s->specs[s->counts[i].spec].name, name) == 0;
	return n;
}

/* One rule on every platform: the same spec twice is counted once and noted, where the
 * 6th-generation Core refused its free-running IMC counters as "given twice" and the
 * Sandy Bridge-EP channels counted it twice. */
TEST(once_same_spec_twice_on_every_platform)
{
	static const struct {
		const char *platform, *specs, *name;
		unsigned per_socket;
	} cases[] = {
		{ "snbep", "imc/CAS_COUNT.RD/,imc/CAS_COUNT.RD/", "CAS_COUNT.RD", 4 },
		{ "skl", "imc/DRAM_DATA_READS/,imc/DRAM_DATA_READS/", "DRAM_DATA_READS", 1 },
		{ "ivbep", "cbo/CLOCKTICKS/,cbo/CLOCKTICKS/", "CLOCKTICKS", 15 },
		{ "nhmex", "wbox/UCLK/,wbox/UCLK/", "UCLK", 1 },
	};
	for (unsigned k = 0; k < UPM_ARRAY_LEN(cases); k++) {
		struct fixture f;
		struct upm_session s;
		if (fixture_init(&f, cases[k].platform, 1, NULL) < 0)
			return;
		int rc = upm_metrics_prepare(&s, &f.run, cases[k].specs, NULL);
		if (rc < 0)
			upm_test_fail(__FILE__, __LINE__, "%s: %s", cases[k].platform, s.error);
		if (rc == 0) {
			struct feed idle = { 1000000, 0, 0, 0, 0, 0 };
			CHECK_EQ(s.n_specs, 1);
			CHECK_EQ(s.n_doubled, 1);
			CHECK_EQ(s.n_passes, 1);
			CHECK_EQ(upm_session_run(&s, feed_interval, &idle), 0);
			if (counts_of(&s, cases[k].name) != cases[k].per_socket)
				upm_test_fail(__FILE__, __LINE__, "%s: %u counts of %s", cases[k].platform,
					      counts_of(&s, cases[k].name), cases[k].name);
		}
		upm_session_free(&s);
		fixture_free(&f);
	}
}

/* A user's spec on one instance and a metric's over every instance: the instance is
 * programmed once, with the user's, and both specs stay. */
TEST(once_instance_programmed_once)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	CHECK_EQ(upm_metrics_prepare(&s, &f.run, "imc2/CAS_COUNT.RD/", "MEM_BW_READS"), 0);
	CHECK_EQ(s.n_specs, 2);
	CHECK_EQ(s.n_doubled, 0);
	unsigned on_imc2 = 0;
	for (unsigned b = 0; b < s.n_boxes; b++)
		if (strcmp(s.boxes[b].type->name, "imc") == 0 && s.boxes[b].instance == 2)
			on_imc2 += s.boxes[b].n;
	CHECK_EQ(on_imc2, 1);
	upm_session_free(&s);
	fixture_free(&f);
}

/* Parts with fewer cores than the die has CBos (Sandy/Ivy Bridge-EP E5-2620 and the
 * like, Xeon 7500/E7 parts): the CBo count is clamped to the cores per package CPUID
 * reports, as Linux does (uncore_snbep.c, uncore_nhmex.c: x86_max_cores), and the rest
 * are N/A "not present on this part" instead of FAILing a healthy machine. The mock's
 * cores=N gives the part N cores; its CBos from N on read 0 and keep nothing. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/check_run.h"
#include "platform/cpu.h"

TEST(cores_per_package_from_cpuid_leaf_0b)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 1, "cores=6") < 0)
		return;
	CHECK_EQ(f.run.cpu.cores_per_package, 6);
	fixture_free(&f);
	/* Without the option the mock's leaf 0xB is empty: unknown, nothing clamped. */
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	CHECK_EQ(f.run.cpu.cores_per_package, 0);
	fixture_free(&f);
}

struct clamp_case {
	const char *platform, *faults;
	unsigned cores, cbos; /* the part's cores, the die's CBos (the box table's) */
};

TEST(cbos_beyond_the_cores_are_not_present_and_the_check_passes)
{
	static const struct clamp_case cases[] = {
		{ "snbep", "cores=6", 6, 8 },   /* E5-2620: 6 cores, 8-CBo die */
		{ "ivbep", "cores=10", 10, 15 }, /* a 10-core part of the 15-CBo die */
		{ "nhmex", "cores=6", 6, 8 },   /* Xeon 7500: 6-core part of the 8-core die */
	};
	for (unsigned k = 0; k < UPM_ARRAY_LEN(cases); k++) {
		const struct clamp_case *c = &cases[k];
		struct check_outcome o;
		if (check_run(&o, c->platform, 1, c->faults, 1, 0) < 0)
			continue;
		enum upm_result overall = upm_verdicts_overall(&o.vs);
		if (overall != UPM_RESULT_PASS)
			printf("    %s %s: overall %d\n", c->platform, c->faults, (int)overall);
		CHECK_EQ(overall, UPM_RESULT_PASS);
		CHECK_EQ(o.not_restored, 0);
		const struct upm_verdict *last = check_find(&o.vs, 0, "cbo", (int)c->cores - 1, "presence");
		CHECK(last && last->result == UPM_RESULT_PASS);
		for (unsigned i = c->cores; i < c->cbos; i++) {
			const struct upm_verdict *v = check_find(&o.vs, 0, "cbo", (int)i, "presence");
			CHECK(v && v->result == UPM_RESULT_NA);
			if (v)
				CHECK_CONTAINS(v->reason, "not present on this part: CPUID reports");
		}
		upm_verdicts_free(&o.vs);
	}
}

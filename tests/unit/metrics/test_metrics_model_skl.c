/* Skylake client metrics on its mock against the model (platform/mock/skl/model.c): in
 * 1 ms, 8000 lines read and 4000 written, 8000 LLC read lookups of which 2000 miss;
 * reads that hit find E/S, misses I, writes M. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/metrics/metrics.h"

TEST(skl_model_llc_and_memory_shares)
{
	static const struct feed fd = { 1000000u, 8000, 4000, 8000, 2000, 0 };
	static const struct {
		const char *name;
		double want;
	} want[] = {
		{ "LLC_MISS_PCT", 2000.0 / 12000 },  /* ANY_I over ANY_MESI (4000 writes in M) */
		{ "LLC_HIT_PCT", 10000.0 / 12000 },  /* ANY_MESI - ANY_I */
		{ "LLC_RD_MISS_PCT", 2000.0 / 8000 },
		{ "LLC_WRITE_MISS_PCT", 0 },         /* WRITE_MESI - WRITE_ES - WRITE_M = 0 */
		{ "MEM_BW_READ_SHARE", 8000.0 / 12000 },
	};
	struct fixture f;
	struct upm_session s;
	struct upm_metric_value mv[16];
	if (fixture_init(&f, "skl", 1, NULL) < 0)
		return;
	if (upm_metrics_prepare(&s, &f.run, NULL,
				"LLC_MISS_RATIO,LLC_HIT_PCT,LLC_RD_MISS_PCT,LLC_WRITE_MISS_PCT,MEM_BW_READ_SHARE") < 0) {
		upm_test_fail(__FILE__, __LINE__, "prepare: %s", s.error);
		fixture_free(&f);
		return;
	}
	upm_session_run(&s, feed_interval, (void *)&fd);
	unsigned n = upm_metrics_compute(&s, mv, 16);
	for (unsigned k = 0; k < UPM_ARRAY_LEN(want); k++) {
		int found = 0;
		for (unsigned i = 0; i < n; i++) {
			if (strcmp(mv[i].metric->name, want[k].name))
				continue;
			found = 1;
			double w = want[k].want;
			if (!mv[i].valid || mv[i].value < w - 1e-12 || mv[i].value > w + 1e-12)
				upm_test_fail(__FILE__, __LINE__, "%s = %g (%s), expected %g", want[k].name, mv[i].value,
					      mv[i].valid ? "valid" : mv[i].why, w);
		}
		if (!found)
			upm_test_fail(__FILE__, __LINE__, "%s not computed", want[k].name);
	}
	upm_session_free(&s);
	fixture_free(&f);
}

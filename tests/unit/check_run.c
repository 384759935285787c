#include "tests/unit/check_run.h"
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/check/check.h"
#include "core/check/selftest.h"

int check_run(struct check_outcome *o, const char *platform, unsigned sockets, const char *faults,
	      int full, unsigned cmp_flags)
{
	struct fixture f;
	char err[200] = "";
	memset(o, 0, sizeof *o);
	if (fixture_init(&f, platform, sockets, faults) < 0)
		return -1;
	f.run.out_dir = "/nonexistent/upmon-check-tests";
	fixture_real_time(&f); /* the check waits and runs kernels: time really passes */
	upm_mock_snapshot(f.mock);
	upm_verdicts_init(&o->vs, 8192);
	int rc = upm_selftest(&f.run, &o->vs, err, sizeof err);
	if (rc == 0 && full) {
		struct upm_check_opts opts = { .quick = 1 };
		rc = upm_check_plausibility(&f.run, &opts, &o->vs, NULL, err, sizeof err);
	}
	if (rc < 0)
		upm_test_fail(__FILE__, __LINE__, "%s check: %s", platform, err);
	o->not_restored = upm_mock_compare(f.mock, cmp_flags, o->diff, sizeof o->diff);
	fixture_free(&f);
	return rc;
}

const struct upm_verdict *check_find(const struct upm_verdicts *vs, unsigned socket, const char *box,
				     int instance, const char *check)
{
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (v->socket == socket && v->box && strcmp(v->box, box) == 0 && v->instance == instance &&
		    strcmp(v->check, check) == 0)
			return v;
	}
	return NULL;
}

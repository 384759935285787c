/* memory.speed on Granite Rapids' mock (DRAM clock 1600 MHz, 4 transfers a tick: DDR5-6400)
 * against SMBIOS type 17's configured speed: PASS where the firmware says 6400 MT/s, WARN
 * where it says 4800 (the channels run faster than configured: the table or the clock is
 * wrong), N/A naming why without a configured speed or without SMBIOS, and not judged on a
 * platform whose profile gives no transfers a tick. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/check_run.h"
#include "core/check/check.h"
#include "core/check/selftest.h"

static struct upm_verdicts vs;

/* The quick check of one socket of platform with two DIMMs configured to mts (0: none
 * given; -1: no SMBIOS at all). The memory.speed verdict, or NULL. */
static const struct upm_verdict *speed_with(const char *platform, int mts)
{
	struct fixture f;
	char err[200] = "";
	if (fixture_init(&f, platform, 1, NULL) < 0)
		return NULL;
	f.run.out_dir = "/nonexistent/upmon-check-tests";
	fixture_real_time(&f);
	struct upm_machine *mc = &f.run.ident.machine;
	memset(mc, 0, sizeof *mc);
	if (mts >= 0) {
		mc->available = 1;
		mc->n_mem = 3;
		for (unsigned i = 0; i < 2; i++) {
			mc->mem[i].size_mb = 32768;
			mc->mem[i].size_known = 1;
			mc->mem[i].speed_mts = 6400;
			mc->mem[i].configured_mts = (unsigned)mts;
		}
		mc->mem[2].size_known = 1; /* an empty slot: not a device */
	}
	upm_verdicts_free(&vs);
	upm_verdicts_init(&vs, 8192);
	struct upm_check_opts opts = { .quick = 1 };
	if (upm_selftest(&f.run, &vs, err, sizeof err) < 0 ||
	    upm_check_plausibility(&f.run, &opts, &vs, NULL, err, sizeof err) < 0)
		upm_test_fail(__FILE__, __LINE__, "%s check: %s", platform, err);
	fixture_free(&f);
	return check_find(&vs, 0, "imc", -1, "memory.speed");
}

TEST(check_memory_speed_against_smbios_type17)
{
	const struct upm_verdict *v = speed_with("gnr", 6400);
	CHECK(v && v->result == UPM_RESULT_PASS);
	if (v)
		CHECK_CONTAINS(v->reason, "(4 DRAM transfers a clock tick); SMBIOS type 17: 6400 MT/s configured");
	v = speed_with("gnr", 4800);
	CHECK(v && v->result == UPM_RESULT_WARN);
	if (v)
		CHECK_CONTAINS(v->reason, "SMBIOS type 17: 4800 MT/s configured");
	v = speed_with("srf", 0);
	CHECK(v && v->result == UPM_RESULT_NA);
	if (v)
		CHECK_CONTAINS(v->reason, "not judged: SMBIOS type 17 gives no configured speed");
	v = speed_with("gnr", -1);
	CHECK(v && v->result == UPM_RESULT_NA);
	if (v)
		CHECK_CONTAINS(v->reason, "not judged: no SMBIOS tables to compare with");
	/* Sapphire Rapids' profile gives no transfers a tick: no such verdict. */
	CHECK(speed_with("spr", 4800) == NULL);
	upm_verdicts_free(&vs);
}

/* Firmware that refuses non-blocking StartupAllAPs (the PI specification's rule after
 * ReadyToBoot), simulated by the host: kernels run on the other processors while the
 * caller waits, and the check still judges; and kernel timing on one processor's TSC. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/check_run.h"
#include "core/host/os_host.h"
#include "core/workload/workload.h"

TEST(mp_blocking_kernels_run_without_the_caller)
{
	struct fixture f;
	upm_host_mp_blocking_only(1);
	if (fixture_init(&f, "snbep", 2, NULL) < 0) {
		upm_host_mp_blocking_only(0);
		return;
	}
	/* Every processor: 2 sockets x 2, the caller (processor 0) left out. */
	struct upm_workload w = { "read", 0, 0, -1, 1u << 20, 2, 0 };
	struct upm_workload_result res;
	char err[300] = "";
	int rc = upm_workload_run(&f.run, &w, &res, err, sizeof err);
	CHECK_EQ(rc, UPM_OK);
	if (rc != UPM_OK)
		printf("    %s\n", err);
	CHECK_EQ(res.threads, 3);
	/* Pingpong between two processors that are not the caller. */
	struct upm_workload pp = { "pingpong", 2, 0, -1, 0, 1000, 0 };
	rc = upm_workload_run(&f.run, &pp, &res, err, sizeof err);
	CHECK_EQ(rc, UPM_OK);
	if (rc != UPM_OK)
		printf("    %s\n", err);
	/* Socket 0 only: its other processor alone. */
	struct upm_workload one = { "read", 0, 1u, -1, 1u << 20, 2, 0 };
	rc = upm_workload_run(&f.run, &one, &res, err, sizeof err);
	CHECK_EQ(rc, UPM_OK);
	CHECK_EQ(res.threads, 1);
	fixture_free(&f);
	upm_host_mp_blocking_only(0);
	upm_host_simulate(2, 2);
}

TEST(mp_blocking_caller_alone_when_it_is_the_only_processor)
{
	struct fixture f;
	upm_host_mp_blocking_only(1);
	if (fixture_init(&f, "snbep", 1, NULL) < 0) {
		upm_host_mp_blocking_only(0);
		return;
	}
	upm_host_simulate(1, 1);
	f.run.n_sockets = 1;
	upm_os_topology(&f.run.topo);
	struct upm_workload w = { "read", 0, 0, -1, 1u << 20, 2, 0 };
	struct upm_workload_result res;
	char err[300] = "";
	CHECK_EQ(upm_workload_run(&f.run, &w, &res, err, sizeof err), UPM_OK);
	CHECK_EQ(res.threads, 1);
	/* Pingpong needs two: one line saying why there is only one. */
	struct upm_workload pp = { "pingpong", 2, 0, -1, 0, 1000, 0 };
	CHECK_EQ(upm_workload_run(&f.run, &pp, &res, err, sizeof err), UPM_EINVAL);
	CHECK(strstr(err, "non-blocking") != NULL);
	fixture_free(&f);
	upm_host_mp_blocking_only(0);
	upm_host_simulate(2, 2);
}

TEST(mp_blocking_check_is_judged_not_incomplete)
{
	struct check_outcome o;
	upm_host_mp_blocking_only(1);
	int rc = check_run(&o, "snbep", 2, NULL, 1, 0);
	upm_host_mp_blocking_only(0);
	if (rc < 0)
		return;
	CHECK_EQ(upm_verdicts_overall(&o.vs), UPM_RESULT_PASS);
	upm_verdicts_free(&o.vs);
}

/* Processor i's TSC runs i seconds behind processor 0's: a duration taken as the
 * difference of two processors' stamps would be off by whole seconds (or wrap). */
TEST(kernel_duration_uses_one_processors_tsc)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	upm_host_tsc_skew(upm_os_tsc_hz());
	for (unsigned run = 0; run < 6; run++) {
		struct upm_workload w = { "read", 4, 0, -1, 1u << 20, 2, 0 };
		struct upm_workload_result res;
		char err[300] = "";
		int rc = upm_workload_run(&f.run, &w, &res, err, sizeof err);
		CHECK_EQ(rc, UPM_OK);
		if (rc != UPM_OK) {
			printf("    %s\n", err);
			break;
		}
		/* The timed part lies inside the window the caller saw on its own clock. */
		CHECK(res.total.ns <= res.window_ns);
	}
	upm_host_tsc_skew(0);
	fixture_free(&f);
}

/* info's AVX survey asks the processors a kernel would run on: on such firmware every
 * processor but the caller, on other firmware all of them; each answers as the host's
 * processors do (the compiler's runtime check reads the same CPUID and XCR0 bits). */
TEST(mp_blocking_avx_survey_asks_the_processors_kernels_run_on)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	unsigned avx = (unsigned)upm_test_avx_here();
	struct upm_workload_isa_survey s;
	char err[200] = "";
	CHECK_EQ(upm_workload_survey_isa(&f.run, UPM_KERNEL_ISA_AVX, &s, err, sizeof err), UPM_OK);
	CHECK_EQ(s.isa, UPM_KERNEL_ISA_AVX);
	CHECK_EQ(s.processors, 4);
	CHECK_EQ(s.usable, 4 * avx);
	if (!avx) { /* the first processor asked: the caller, processor 0 on socket 0 */
		CHECK_EQ(s.refused_cpu, 0);
		CHECK_EQ(s.refused_socket, 0);
		CHECK_EQ(s.refused_state, UPM_KERNEL_ISA_ABSENT);
	}
	upm_host_mp_blocking_only(1);
	CHECK_EQ(upm_workload_survey_isa(&f.run, UPM_KERNEL_ISA_AVX, &s, err, sizeof err), UPM_OK);
	CHECK_EQ(s.processors, 3);
	CHECK_EQ(s.usable, 3 * avx);
	if (!avx)
		CHECK(s.refused_cpu != 0);
	upm_host_mp_blocking_only(0);
	/* One socket of the run: its two processors. */
	f.run.n_sockets = 1;
	CHECK_EQ(upm_workload_survey_isa(&f.run, UPM_KERNEL_ISA_AVX, &s, err, sizeof err), UPM_OK);
	CHECK_EQ(s.processors, 2);
	fixture_free(&f);
}

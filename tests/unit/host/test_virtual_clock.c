/* The host's virtual clock (core/host/os_host.h, upm_host_virtual_clock) with the stress
 * kernels: they run under it (their deadlines in TSC ticks last their real time), and
 * their work moves it by the rate times its real time. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/host/os_host.h"
#include "core/workload/workload.h"

TEST(virtual_clock_kernel_runs_and_moves_it_at_its_rate)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	upm_host_virtual_clock(1000);
	struct upm_workload w = { "read", 2, 0, -1, 1u << 20, 2, 0 };
	struct upm_workload_result res;
	char err[300] = "";
	uint64_t t0 = upm_os_nanoseconds();
	int rc = upm_workload_run(&f.run, &w, &res, err, sizeof err);
	uint64_t t1 = upm_os_nanoseconds();
	upm_host_virtual_clock(0);
	CHECK_EQ(rc, UPM_OK); /* a TSC calibrated against the still clock: "did not reach the start barrier" */
	if (rc != UPM_OK)
		printf("    %s\n", err);
	/* The threads' loops (seconds, by the TSC) are inside the parallel run. */
	CHECK(res.seconds > 0);
	CHECK((double)(t1 - t0) >= 1000.0 * res.seconds * 1e9 * 0.999);
	fixture_free(&f);
}

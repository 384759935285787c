/* Kernel deadlines across sockets whose TSCs the firmware started apart: socket 1's TSC
 * reads ten minutes ahead of socket 0's (the host's per-socket TSC skew). Every kernel
 * still runs to completion: each thread sets its start and stop deadlines on its own
 * TSC, from durations the plan gives (core/workload/workload_threads.c). With deadlines
 * as instants on the caller's TSC, socket 1's threads see them long past and abort. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/host/os_host.h"
#include "core/workload/workload.h"
#include "platform/base/os.h"

/* Far past the start gate's 30 s and any kernel's time limit in these runs. */
#define AHEAD_S 600u

static void run_on_both_sockets(struct fixture *f, const char *kernel, unsigned threads)
{
	struct upm_workload w = { kernel, threads, 0x3, -1, kernel[0] == 'p' ? 0 : 1u << 20,
				  kernel[0] == 'p' ? 1000 : 2, 0 };
	struct upm_workload_result res;
	char err[300] = "";
	int rc = upm_workload_run(&f->run, &w, &res, err, sizeof err);
	CHECK_EQ(rc, UPM_OK);
	if (rc != UPM_OK) {
		printf("    %s: %s\n", kernel, err);
		return;
	}
	CHECK_EQ(res.socket_mask, 3);
	CHECK_EQ(res.aborted, 0);
	if (kernel[0] == 'p')
		CHECK_EQ(res.round_trips, 1000); /* every turn taken */
	else
		CHECK_EQ(res.total.iterations, 2);
	/* Durations stay on one processor's TSC (thread 0's): the skew never enters them. */
	CHECK(res.total.ns <= res.window_ns);
}

TEST(kernels_run_when_a_sockets_tsc_is_far_ahead)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	upm_host_socket_tsc_ahead(1, (uint64_t)AHEAD_S * upm_os_tsc_hz());
	run_on_both_sockets(&f, "read", 4);
	run_on_both_sockets(&f, "copy", 4);
	run_on_both_sockets(&f, "pingpong", 2);
	upm_host_socket_tsc_ahead(1, 0);
	fixture_free(&f);
}

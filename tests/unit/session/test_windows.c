/* Counting windows timed per socket: sockets are stepped one after another and a
 * processor may take milliseconds to wake (EDK2's MP services), so a socket's counters
 * run longer than the workload's interval. A host topology whose every socket step is
 * slow (core/host/os_host.h) shows whether rates use each socket's own window. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/host/os_host.h"
#include "core/metrics/metrics.h"
#include "core/check/check.h"
#include "tests/unit/check_run.h"
#include <stdlib.h>

/* The mock's Sandy Bridge-EP uncore clock (platform/mock/snbep/model.c: UCLK_MHZ). */
#define MOCK_UCLK_MHZ 2000.0

/* An idle interval whose time passes (on the environment's clock, the mock's here). */
static uint64_t wait_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	(void)pass;
	return upm_session_idle(s, *(const uint64_t *)ctx);
}

TEST(window_per_socket_uclk_exact_with_slow_wakes)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 4, NULL) < 0)
		return;
	/* 10 ms per wake, 100 ms interval: counted over the interval alone, the first
	 * socket's clock would read about 40% high. The mock's clocks run with the
	 * environment's clock while the other sockets' steps wait; the host's virtual clock
	 * moves it only in the waits, so the windows and the counts are exact. */
	upm_host_virtual_clock(1);
	fixture_real_time(&f);
	upm_host_delay_steps(10000000u);
	uint64_t interval_ns = 100000000u;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "ubox/UCLK/"), 0);
	CHECK_EQ(upm_session_run(&s, wait_interval, &interval_ns), 0);
	upm_host_delay_steps(0);
	upm_host_virtual_clock(0);
	unsigned seen = 0;
	for (unsigned sock = 0; sock < 4; sock++) {
		const struct upm_count *c = find_count(&s, sock, "ubox", 0, "UCLK");
		CHECK(c != NULL);
		if (!c || !c->interval_ns)
			continue;
		double mhz = (double)c->delta * 1000.0 / (double)c->interval_ns;
		if (!near(mhz, MOCK_UCLK_MHZ))
			upm_test_fail(__FILE__, __LINE__, "socket %u: %.1f MHz (%llu ticks in %llu ns)", sock, mhz,
				      (unsigned long long)c->delta, (unsigned long long)c->interval_ns);
		/* The window holds the wakes: longer than the interval the workload timed. */
		CHECK(c->interval_ns > interval_ns);
		seen++;
	}
	CHECK_EQ(seen, 4);
	upm_session_free(&s);
	fixture_free(&f);
}

/* The health check's uclk verdict on four sockets whose every step wakes a processor
 * slowly: the rate is over each socket's own window, so it reads the mock's 2 GHz within
 * 1% (over the kernels' own seconds it read up to 46% high). The mock's clocks run with
 * elapsed time, also while the other sockets' steps run inside this socket's window. */
TEST(window_check_quick_uclk_four_slow_sockets)
{
	struct fixture f;
	struct upm_verdicts vs;
	char err[200] = "";
	if (fixture_init(&f, "snbep", 4, NULL) < 0)
		return;
	f.run.out_dir = "/nonexistent/upmon-window-tests";
	upm_verdicts_init(&vs, 4096);
	fixture_real_time(&f);
	upm_host_delay_steps(10000000u);
	struct upm_check_opts opts = { .quick = 1 };
	if (upm_check_plausibility(&f.run, &opts, &vs, NULL, err, sizeof err) < 0)
		upm_test_fail(__FILE__, __LINE__, "check: %s", err);
	upm_host_delay_steps(0);
	unsigned seen = 0;
	for (unsigned sock = 0; sock < 4; sock++) {
		const struct upm_verdict *v = check_find(&vs, sock, "ubox", -1, "uclk");
		double mhz = v ? strtod(v->reason, NULL) : 0;
		if (mhz < MOCK_UCLK_MHZ * 0.99 || mhz > MOCK_UCLK_MHZ * 1.01)
			upm_test_fail(__FILE__, __LINE__, "socket %u: %s", sock, v ? v->reason : "no uclk verdict");
		seen += v != NULL;
	}
	CHECK_EQ(seen, 4);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* A run on the mocked platform, traced, for engine-level tests. */
#ifndef UPMON_TESTS_UNIT_FIXTURE_H
#define UPMON_TESTS_UNIT_FIXTURE_H

/* Accesses the fixture's trace holds (fixture.c). */
#define FIXTURE_TRACE_RECORDS (64u * 1024u)

#include "core/cli/invocation.h"
#include "core/session/session.h"
#include "platform/mock/mock.h"
#include "platform/trace.h"
#include "tests/unit/test_clock.h"

struct fixture {
	struct upm_run run;
	struct upm_run_sessions sessions; /* the run's, as upm_main holds it */
	struct upm_mock *mock;
	struct upm_trace *trace;
	struct test_clock clock;
	/* The registered platform; run.platform is the one the discovery tables built on
	 * the platforms they place (core/session/disc_run.h), as upm_main does. */
	const struct upm_platform *registered;
};

/* NULL faults for none. Fails the test and returns -1 when the mock cannot be built.
 * The mock runs on the fixture's test clock (tests/unit/test_clock.h): its clocks count
 * exactly the intervals fed to it (feed_interval), nothing of the real time. */
int fixture_init(struct fixture *f, const char *platform, unsigned sockets, const char *faults);
/* Puts the mock back on the environment's clock, for runs whose time really passes
 * (kernels, idle waits, slow processor wakes): its clocks count real elapsed time. */
void fixture_real_time(struct fixture *f);
void fixture_free(struct fixture *f);

/* A measured interval feeding the mock: ns of time on the test clock (none on the real
 * one: no time is spent) and the given traffic per socket. */
struct feed {
	uint64_t ns;
	uint64_t lines_read, lines_written, llc_lookups, llc_misses, remote_lines;
};
uint64_t feed_interval(struct upm_session *s, unsigned pass, void *ctx);

/* 1 when v is want but for rounding (within a relative 1e-9). */
int near(double v, double want);

/* 1 when a rate metric's value is scale x the sum, over the counts of spec `name` on
 * `socket` from spec index from_spec on (0: all of them, each counted once per run), of each
 * delta over its own window (within 1e-9), and each window holds the fed interval plus
 * at most the stepping's few milliseconds (a count's window is timed at its box's edges
 * on its socket: core/session/session.h). */
int rate_over_windows(double value, double scale, const struct upm_session *s, unsigned socket,
		      const char *name, unsigned from_spec, uint64_t fed_ns);

/* The trace's writes as "socket:space:address=value" lines, for sequence checks. */
void trace_writes(const struct upm_trace *t, struct upm_buf *out);
/* The writes fixture f's trace holds (one per line, as trace_writes gives them); frees
 * session s and f. The caller frees the string. */
char *fixture_end_writes(struct fixture *f, struct upm_session *s);
/* Runs specs over 1 ms with no traffic on a fresh mock of platform with sockets; returns
 * the trace's writes (trace_writes; the caller frees them). Fails the test when the run
 * fails or the mock saw its registers misused (mock_pmon.violations). */
char *fixture_writes(const char *platform, unsigned sockets, const char *specs);
/* Finds a count by socket, box name, instance and spec name; NULL when missing. */
const struct upm_count *find_count(const struct upm_session *s, unsigned socket, const char *box,
				   unsigned instance, const char *name);

/* results.json of a run without a kernel over session s (its results record). */
void record_json_of(struct upm_session *s, struct upm_buf *out);

#endif

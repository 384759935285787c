/* A run on the mocked platform, traced, for engine-level tests. */
#ifndef UPMON_TESTS_UNIT_FIXTURE_H
#define UPMON_TESTS_UNIT_FIXTURE_H

#include "core/cli/invocation.h"
#include "core/session/session.h"
#include "platform/mock/mock.h"
#include "platform/trace.h"

struct fixture {
	struct upm_run run;
	struct upm_mock *mock;
	struct upm_trace *trace;
};

/* NULL faults for none. Fails the test and returns -1 when the mock cannot be built. */
int fixture_init(struct fixture *f, const char *platform, unsigned sockets, const char *faults);
void fixture_free(struct fixture *f);

/* A measured interval feeding the mock: ns of time and the given traffic per socket. */
struct feed {
	uint64_t ns;
	uint64_t lines_read, lines_written, llc_lookups, llc_misses, remote_lines;
};
uint64_t feed_interval(struct upm_session *s, unsigned pass, void *ctx);

/* 1 when a rate metric's value is count x scale over the count's own window, and that
 * window holds the fed interval plus at most the stepping's few milliseconds (a
 * socket's window is timed on it: core/session/session.h). */
int rate_over_window(double value, double count_x_scale, const struct upm_count *c, uint64_t fed_ns);

/* The trace's writes as "socket:space:address=value" lines, for sequence checks. */
void trace_writes(const struct upm_trace *t, struct upm_buf *out);
/* Finds a count by socket, box name, instance and spec name; NULL when missing. */
const struct upm_count *find_count(const struct upm_session *s, unsigned socket, const char *box,
				   unsigned instance, const char *name);

/* results.json of a run without a kernel over session s (its results record). */
void record_json_of(struct upm_session *s, struct upm_buf *out);

#endif

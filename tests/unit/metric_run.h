/* Metrics computed over a run on the mocked platform (tests/unit/fixture.h), for the
 * metric and results-record tests. */
#ifndef UPMON_TESTS_UNIT_METRIC_RUN_H
#define UPMON_TESTS_UNIT_METRIC_RUN_H

#include "core/metrics/metrics.h"
#include "tests/unit/fixture.h"

struct metric_run {
	struct fixture f;
	struct upm_session s;
	struct upm_metric_value mv[64];
	unsigned n;
};

/* User specs and metric names prepared on fixture f's run, run over the fed interval fd
 * and vouched for: 0; or -1 after failing the test with the reason and freeing f. */
int metric_session(struct fixture *f, struct upm_session *s, const char *user, const char *metrics,
		   const struct feed *fd);
/* metric_session on a fresh two-socket mock of platform, its metrics computed into r:
 * 0, or -1 after failing the test. metric_run_free ends it. */
int metric_run(struct metric_run *r, const char *platform, const char *user, const char *metrics,
	       const struct feed *fd);
void metric_run_free(struct metric_run *r);
/* The value of a metric on a socket, or -1 (with a failure) when it has none. */
double metric_value(const struct metric_run *r, const char *name, unsigned socket);
/* The value's text on socket s ("n/a (why)" when it has none; "(not computed)" when the
 * run has no value of that metric there), in a static buffer. */
const char *metric_value_text(const struct metric_run *r, const char *name, unsigned socket);
/* A share of a clock's cycles, asked for alone so that its parts share one pass and one
 * window: the mock's clocks count the fed interval, not the window (parts over a clock
 * counted in different passes are each taken over their own window). */
double metric_alone(const char *platform, const char *name, unsigned socket, const struct feed *fd);

#endif

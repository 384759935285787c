/* Room metrics: derived metrics computed from a session's counts. Includes session.
 *
 * Derived metrics over the counts of a session. */
#ifndef UPMON_CORE_METRICS_H
#define UPMON_CORE_METRICS_H

#include "core/session/session.h"

struct upm_metric_value {
	const struct upm_metric *metric;
	unsigned socket;
	double value;
	int valid; /* 0 when the denominator was zero */
};

const struct upm_metric *upm_metric_find(const struct upm_platform *p, const char *name);
/* Appends the metric's event specs to list (a spec list string), once each. */
int upm_metric_specs(const struct upm_platform *p, const char *names, struct upm_buf *list,
		     char *err, unsigned long err_size);
/* Every metric of the platform whose events the session counted, per socket. Returns
 * how many values were written to out (at most max). */
unsigned upm_metrics_compute(const struct upm_session *s, struct upm_metric_value *out, unsigned max);

/* 1 when two specs program the same thing (instance -1 in a matches any instance). */
int upm_spec_same(const struct upm_spec *a, const struct upm_spec *b);

#endif

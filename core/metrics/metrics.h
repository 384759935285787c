/* Room metrics: derived metrics computed from a session's counts. Includes base,
 * boxes and session.
 *
 * Derived metrics over the counts of a session. A metric's specs are added to the
 * session on every instance the metric needs (upm_metrics_prepare), and each count is
 * counted once per run (core/events/once.h): where the user's spec, or another metric's,
 * counts the same on an instance, the metric reads that one count.
 *
 * Each spec's count is summed over the socket's box instances where every part of the
 * metric that applies to the instance was counted and can be trusted. Parts counted in
 * different passes combine: a ratio of counts takes them as counted (each pass ran the
 * same kernel, or the same seconds); a formula over time (SECONDS, SAMPLE_INTERVAL) or
 * over a clock's cycles scales each count to one window, so a count over SECONDS, or
 * over a clock, is always that count over its own window; where time cancels in the
 * value (upm_formula_time_power 0: a latency in ns from occupancy, inserts and a clock)
 * only the clocks are scaled, and the counts of work are taken as counted. */
#ifndef UPMON_CORE_METRICS_H
#define UPMON_CORE_METRICS_H

#include "core/session/session.h"
#include "core/session/vouch.h" /* count statuses: results writers name them */
#include "core/session/sample.h"

struct upm_metric_value {
	const struct upm_metric *metric;
	unsigned socket;
	double value;
	int valid; /* 0: no value, for the reason in why (a division by zero, a negative
		    * result); never printed as a number */
	const char *why;
	/* Box instances it was computed over, of how many the socket has for its specs
	 * (fewer: a box absent, dead or not trusted), and of which type ("imc"). */
	unsigned instances, of_instances;
	const char *box;
	unsigned passes; /* bit p: a part was counted in pass p */
	uint64_t window_ns; /* the counting window it is over: its parts' longest (SECONDS) */
	/* A sample's entry over no instance (instances 0, upm_metrics_compute_sample): the
	 * status of its first part not counted there, or UPM_OK when none of its boxes was. */
	int not_counted;
};

struct upm_formula;
struct upm_spec;

/* The metric by name or by one of its aliases (case-insensitive). */
const struct upm_metric *upm_metric_find(const struct upm_platform *p, const char *name);
/* The metric's formula as text: its own, or the short form's written out
 * ("(imc/CAS_COUNT.RD/) * 64 / SECONDS"). 0, or -1 with err. */
int upm_metric_formula_text(const struct upm_platform *p, const struct upm_metric *m, struct upm_buf *out,
			    char *err, unsigned long err_size);
/* Compiles the metric: f, and specs[i] parsed from f->specs[i]. 0, or -1 with err. */
int upm_metric_compile(const struct upm_platform *p, const struct upm_metric *m, struct upm_formula *f,
		       struct upm_spec *specs, char *err, unsigned long err_size);
/* 1 when the metric is a rate (its formula divides by SECONDS). */
int upm_metric_per_second(const struct upm_platform *p, const struct upm_metric *m);
/* The value with decimals, or "n/a (why)". */
void upm_metric_value_text(const struct upm_metric_value *v, char *buf, unsigned long size, int decimals);
/* The metrics a run asks for (--metrics a,b,c and the groups'), split once: each
 * distinct metric once, in the order named, with its formula and terms compiled once
 * (each term's spec parsed once). */
struct upm_metric_parts; /* a metric compiled (metrics.c) */
struct upm_metric_list {
	const struct upm_metric **metrics;
	struct upm_metric_parts *parts; /* parts[k]: metrics[k] compiled */
	unsigned n;
};
void upm_metric_list_init(struct upm_metric_list *l);
void upm_metric_list_free(struct upm_metric_list *l);
/* Splits NAME[,NAME...] (NULL or "": none) into l (initialised here), each name looked
 * up and its metric compiled once. 0, or -1 with err naming the empty, too long or
 * unknown name (with the closest), or the metric that does not compile. */
int upm_metric_list_parse(const struct upm_platform *p, const char *names, struct upm_metric_list *l, char *err,
			  unsigned long err_size);
/* Adds the metrics' terms to a run's spec list (origin metric, once each by text): first
 * those of the metrics that read counter 0 (COUNTER0_OCCUPANCY), so that their queue and
 * its re-filtered count share a pass ahead of other metrics' queues, then the rest. -1
 * with err: more metrics than a session holds, or more specs than the list holds. */
int upm_metric_list_add_specs(const struct upm_metric_list *l, struct upm_spec_list *list, char *err,
			      unsigned long err_size);
/* The metrics' specs as text, comma-joined after what list holds (the order and the once
 * of upm_metric_list_add_specs): for showing them. 0, or -1 with err. */
int upm_metric_specs(const struct upm_platform *p, const char *names, struct upm_buf *list,
		     char *err, unsigned long err_size);
/* The session of a run: the specs asked for (the user's and the groups', parsed once:
 * core/events/spec_list.h) and the metrics' terms added after them, taken with each count
 * once (upm_session_take); the metrics and their compiled parts go with the session.
 * metrics NULL: none. asked is not changed. 0, or -1 with s->error. */
int upm_metrics_take(struct upm_session *s, struct upm_run *r, const struct upm_spec_list *asked,
		     const struct upm_metric_list *metrics);
/* upm_metrics_take from text: the user's specs (NULL or "": none) and the metrics named
 * (comma-separated; NULL or "": none), each parsed once. 0, or -1 with s->error. */
int upm_metrics_prepare(struct upm_session *s, struct upm_run *r, const char *user_specs,
			const char *metric_names);
/* The passes a run of the user's specs and the metrics named would need on p, each count
 * once (core/events/once.h), from the tables alone (nothing is read: every instance
 * they allow). -1 with err when the specs or metrics are wrong. */
int upm_metrics_passes(const struct upm_platform *p, const char *user_specs, const char *metric_names, char *err,
		       unsigned long err_size);
/* The session's metrics, per socket, from the counts of their terms that can be trusted.
 * Returns how many values were written to out (at most max); a socket where none of a
 * metric's instances was counted gets no value. */
unsigned upm_metrics_compute(const struct upm_session *s, struct upm_metric_value *out, unsigned max);
/* The same over one sample of a sampled session (core/session/sample.h): values[k] and
 * flags[k] are count k's in the sample, window_ns its window; a count the sample has no
 * value of (UPM_SAMPLE_NO_VALUE) is a part not counted, as in a whole run. Every metric
 * gets an entry on every socket, in the session's order (metric by metric, socket by
 * socket): one none of whose instances was counted has instances 0, no value, and the
 * reason in not_counted. */
unsigned upm_metrics_compute_sample(const struct upm_session *s, const uint64_t *values, const uint8_t *flags,
				    uint64_t window_ns, struct upm_metric_value *out, unsigned max);
/* The indices (into s->counts, ascending) of the counts value v of session s was
 * computed from, at most max; returns how many. */
unsigned upm_metric_counts_used(const struct upm_session *s, const struct upm_metric_value *v, unsigned *idx,
				unsigned max);
/* Why metric m has no value on socket: the status of its first own count there that was
 * not counted (a dry run, a stuck clock, a box not counted), or UPM_OK. */
int upm_metric_not_counted(const struct upm_session *s, const struct upm_metric *m, unsigned socket);
/* " (3 of 4 imc)" when the value is over fewer instances than the socket has, else "". */
void upm_metric_coverage(const struct upm_metric_value *v, char *buf, unsigned long size);
/* "0" or "0+1": the passes its parts were counted in. */
void upm_metric_passes(const struct upm_metric_value *v, char *buf, unsigned long size);

/* 1 when two specs program the same thing (instance -1 in a matches any instance). */
int upm_spec_same(const struct upm_spec *a, const struct upm_spec *b);

#endif

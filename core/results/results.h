/* Room results: the results files of a measurement (counters.csv, results.json, kernel runs)
 * written from a session's counts and metrics, and the health check's junit.xml and
 * report.html written from its verdicts. Includes events, metrics, workload and check;
 * nothing below it includes results.
 *
 * The results folder's files for a session: counters.csv and results.json. */
#ifndef UPMON_CORE_RESULTS_H
#define UPMON_CORE_RESULTS_H

#include "core/metrics/metrics.h"

/* Event code (with the extra select bit as bit 8) and unit mask a count was taken with. */
void upm_count_encoding(const struct upm_session *s, const struct upm_count *c, char *code,
			unsigned long code_size, char *umask, unsigned long umask_size);
/* What a count is called everywhere (console, counters.csv, results.json "label"): the
 * event's name plus every term the user wrote after it, so that two specs differing only
 * in a filter never print alike: "LLC_LOOKUP.DATA_READ,filter_state=0x1f". */
void upm_spec_label(const struct upm_spec *sp, char *buf, unsigned long size);
/* results.json members of a count's encoding: "spec" (as written), "label", "ctl" (the
 * control value programmed) and "filters" (every filter term set, implied ones too). */
void upm_count_json_encoding(const struct upm_session *s, const struct upm_count *c, struct upm_buf *out);
void upm_results_csv(const struct upm_session *s, struct upm_buf *out);
void upm_results_json(const struct upm_session *s, const struct upm_metric_value *metrics,
		      unsigned n_metrics, const char *command, struct upm_buf *out);
/* The console table: one block per socket and box instance. */
void upm_results_print(struct upm_session *s, const struct upm_metric_value *metrics,
		       unsigned n_metrics);

#endif

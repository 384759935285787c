/* Room results: the results record of a measurement (record.h: counts, totals, metrics
 * with the counts they used, kernel runs), filled once from its sessions, and its writers
 * (console, counters.csv, results.json, report.html); and the health check's results
 * record (check_record.h: verdicts, burn-in, kernel runs, safety facts) and its writers
 * (console end, results.json, verdicts.csv, junit.xml, report.html), the check's tables
 * among them (check_parts.h). Includes base,
 * platform, kernels, cli, events, workload, session, metrics and check; nothing below it
 * includes results.
 *
 * A measurement's files render its results record (record.h); here: how a count's
 * encoding and label are said, which the record takes from the session. */
#ifndef UPMON_CORE_RESULTS_H
#define UPMON_CORE_RESULTS_H

#include "core/metrics/metrics.h"

/* Event code (with the extra select bit as bit 8) and unit mask a count was taken with. */
void upm_count_encoding(const struct upm_session *s, const struct upm_count *c, char *code,
			unsigned long code_size, char *umask, unsigned long umask_size);
/* What a count is called everywhere (console, counters.csv, results.json "label"): the
 * event's name plus every term the user wrote after it, so that two specs differing only
 * in a filter never print alike: "LLC_LOOKUP.DATA_READ,filter_state=0x1f". A raw spec's
 * name is its encoding, followed by its other terms: "event=0x34,umask=0x3,filter_state=0x1f". */
void upm_spec_label(const struct upm_spec *sp, char *buf, unsigned long size);
#endif

/* The samples of `run --interval` (core/session/sample.h) as files: interval.csv, the
 * "intervals" members of results.json, and an inline SVG line chart for report.html. */
#ifndef UPMON_CORE_RESULTS_INTERVAL_H
#define UPMON_CORE_RESULTS_INTERVAL_H

#include "core/results/results.h"
#include "core/session/sample.h"

/* Tick i's time as ISO 8601 with milliseconds ("2026-11-23T07:30:01.250Z", the zone as
 * the firmware gives it, none when it gives none): the start's wall clock plus the
 * tick's seconds. "" when the wall clock could not be read. */
void upm_interval_time(const struct upm_samples *sm, unsigned i, char *buf, unsigned long size);

struct upm_record;

/* interval.csv, in long form (one observation a row, as CSV loaders group and pivot it),
 * opening with its header row (RFC 4180):
 *   run,backend,dry_run,time,seconds,kind,socket,box,instance,spec,count,rate,status,
 *   for_metrics,metric,value,unit
 * run, backend, dry_run: the run's identity (UPM_IDENT_CSV_COLUMNS; the rest of it is in
 * results.json and upmon.log); time: ISO 8601 with milliseconds; seconds: since the
 * counters started (6 decimals). Per sample, one row of kind "count" per count (box
 * instance and spec as written; count in the event's units; rate per second of the
 * sample's own window; status "ok", "overflowed", "failed", "all-ones", "stuck" or
 * "dry-run", count and rate empty where there is no value; for_metrics "yes" for a count
 * added for a metric alone), then one row of kind "metric" per metric per socket (the
 * metric over that sample's window, in its unit; status "ok", "partial (3 of 4 imc)",
 * "n/a (why)" or "not-counted (status)", value empty where there is none). Fields that
 * can hold commas (specs, statuses) are quoted. The record holds the samples and their
 * metrics (upm_record_add_samples). */
void upm_interval_csv(const struct upm_record *rec, struct upm_buf *out);

/* results.json's members for the samples, each "\n  \"key\": value" preceded by a comma:
 * "interval_sampling" (period, samples taken and kept, how each socket was read, the
 * cost: register accesses and microseconds per sample) and "intervals" (one object per
 * kept sample: time, seconds, window_ns, accesses, cost_us, counts). */
void upm_interval_json_members(const struct upm_session *s, const struct upm_samples *sm, struct upm_buf *out);
/* An inline SVG line chart per event spec (the user's, not one added for a metric alone): one line
 * per socket, the socket's rate (count per second summed over its instances; a clock's the mean) against
 * seconds; axes labelled with the maximum and the run's length. For report.html. */
void upm_interval_svg(const struct upm_session *s, const struct upm_samples *sm, struct upm_buf *out);
/* A report.html section: <section id="intervals"> with a heading, one line on how the
 * samples were taken and what one cost, and the charts (upm_interval_svg). */
void upm_interval_html(const struct upm_session *s, const struct upm_samples *sm, struct upm_buf *out);

#endif

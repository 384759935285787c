/* The results record's filling steps, shared by record.c (a run's session) and
 * record_kernel.c (kernel runs). Not for the writers. */
#ifndef UPMON_CORE_RESULTS_RECORD_FILL_H
#define UPMON_CORE_RESULTS_RECORD_FILL_H

#include "core/results/record.h"

/* Room for one more of *items (n used, *cap allocated); 0, or -1 with out_of_memory set. */
int upm_record_grow(struct upm_record *rec, void **items, unsigned n, unsigned *cap, size_t size);
/* Count i of s, for kernel (-1: none), with its baseline's count bc (NULL: none) when
 * with_baseline. Its index in the record, or -1. */
int upm_record_add_count(struct upm_record *rec, const struct upm_session *s, unsigned i, int kernel,
			 const struct upm_count *bc, int with_baseline);
/* The first session's box instances (later calls keep them). */
void upm_record_add_boxes(struct upm_record *rec, const struct upm_session *s);
/* Aborted, sockets skipped, registers not restored. */
void upm_record_add_safety(struct upm_record *rec, const struct upm_session *s);
/* Value v of session s; index_of maps s's count indices to the record's (-1: not kept). */
struct upm_record_metric *upm_record_add_metric(struct upm_record *rec, const struct upm_session *s,
						const struct upm_metric_value *v, int kernel, int pass,
						const int *index_of);
/* An unreported entry for each of s's metrics that has no whole-run value (pass -1) on a
 * socket among the record's metrics from first_metric on. */
void upm_record_add_unreported(struct upm_record *rec, const struct upm_session *s, int kernel,
			       unsigned first_metric);

#endif

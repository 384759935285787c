/* A session counted through the kernel's perf PMUs (--backend perf; part of room
 * session): the box instances are the PMUs the kernel has (uncore_imc_0 ...), each pass
 * opens one perf counter for each of its counts, starts them, runs the interval, stops and
 * reads them. No register is read or written, so nothing is saved or restored. Private to
 * the session room (session.c). */
#ifndef UPMON_CORE_SESSION_SESSION_PMU_H
#define UPMON_CORE_SESSION_SESSION_PMU_H

#include "core/session/session.h"

/* 0 when the spec can be given to perf (its terms, core/events/alias_perf.h); -1 with
 * s->error. */
int upm_session_pmu_terms_check(struct upm_session *s, const struct upm_spec *sp);

/* Decides box instance b of the session being taken: 0 to keep it (its PMU is there, or
 * it is reported: a spec names it, or it is instance 0 of a type whose PMU is missing),
 * 1 to leave it out (an instance the kernel does not have, no spec naming it). */
int upm_session_pmu_instance(struct upm_session *s, struct upm_box_inst *b, const struct upm_spec *const *mine);

/* A started session through perf (upm_session_start, one pass, counts laid out): every
 * count's counter opened and started together, s->pmu_handles kept. 0, or -1 with
 * s->error (nothing left open). */
int upm_session_pmu_start(struct upm_session *s);

/* Reads count k of a started session: its running total in *v. UPM_OK, UPM_EBUSY when
 * the kernel multiplexed it (a part), or the backend's status. */
int upm_session_pmu_read(struct upm_session *s, unsigned k, uint64_t *v);

/* Stops and lets go of a started session's counters. */
void upm_session_pmu_stop(struct upm_session *s);

/* Runs every pass through perf; counts laid out (per_pass a pass). As upm_session_run. */
int upm_session_pmu_run(struct upm_session *s, upm_interval_fn interval, void *ctx, unsigned per_pass);

#endif

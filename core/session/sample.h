/* Sampling a running session (`run --interval`): one sample per period, each read the
 * way the guides poll a running session, and the samples kept for the results files.
 *
 * How a sample is read, per socket, from the tables alone:
 *  - a platform with a global control (upm_platform.global): its stop value written once,
 *    every counter of the socket read, its start value written once (Xeon E7 2.1.4 and
 *    2.1.5 d, 002:456-481: clear en_all, read, set en_all with rst_all 0; Ivy Bridge-EP
 *    frz_all then unfrz_all; 6th-generation Core EN clear then set);
 *  - otherwise per box: boxes with a freeze (UPM_SESS_BOX_FREEZE) frozen, read, unfrozen
 *    ("before reading, it is recommended that software freeze the counters in each box
 *    ... or resume the counter register without resetting their values. The latter
 *    choice will require the monitoring agent to check and adjust for potential
 *    wrap-around", Xeon E5 2.1.2, 000:302-309); boxes without one read as they run
 *    ("software can poll the counters whenever it chooses", 000:303);
 *  - free-running counters are read, never frozen ("read the value, wait ..., read
 *    again, then subtract", 001:551-553); a socket whose sampled counts are all
 *    free-running gets no control write at all.
 * Nothing is reset between samples: each count is the difference to the previous reading,
 * modulo the counter's width (one wrap per reading). Free-running counters of 32 bits or
 * fewer are also read every UPM_SAMPLE_WRAP_GUARD_NS between samples (their differences
 * added up), so they cannot wrap twice unseen. Where the platform walks overflows
 * (upm_platform.overflow) the walk runs after every sample's read and marks the counts
 * whose overflow status was set. */
#ifndef UPMON_CORE_SESSION_SAMPLE_H
#define UPMON_CORE_SESSION_SAMPLE_H

#include "core/session/session.h"

#define UPM_SAMPLE_MIN_NS 10000000ull           /* 10 ms */
#define UPM_SAMPLE_MAX_NS 3600000000000ull      /* an hour */
/* A 32-bit counter of 64-byte lines wraps after 256 GiB: read at least once a second it
 * cannot wrap twice below 256 GiB/s. */
#define UPM_SAMPLE_WRAP_GUARD_NS 1000000000ull
/* Samples kept for the files (the console shows every one): at most this many, and at
 * most UPM_SAMPLE_MAX_VALUES counts in all (about 100 MB of results.json and
 * interval.csv together): 10 ms for over 16 minutes, 1 s for over a day (a few counts). */
#define UPM_SAMPLE_MAX_KEPT 100000u
#define UPM_SAMPLE_MAX_VALUES 1000000u

/* One sample: when it was taken and what it cost. */
struct upm_sample_tick {
	uint64_t t_ns;      /* since the counters started (the end of its window) */
	uint64_t window_ns; /* the time it covers: since the previous sample */
	uint64_t accesses;  /* register accesses reading it took (upm_backend.accesses) */
	uint64_t cost_ns;   /* the time reading it took, on every socket together */
	unsigned overflowed; /* counts of it whose overflow status was set */
};

/* The samples of a session: ticks[i]'s counts are values[i * n_counts + k] for the
 * session's count k (s->counts[k]: socket, box, instance, spec). */
struct upm_samples {
	unsigned n_counts;
	struct upm_sample_tick *ticks;
	uint64_t *values;
	uint8_t *flags;     /* per value: UPM_SAMPLE_OK ... */
	unsigned n_ticks, cap_ticks;
	unsigned n_taken;   /* samples taken, kept or not (beyond UPM_SAMPLE_MAX_KEPT) */
	uint64_t period_ns;
	struct upm_wall_time start_wall; /* the wall clock when the counters started */
	int start_wall_ok;
	/* The cost over all samples taken. */
	uint64_t accesses_total, cost_ns_total, cost_ns_max;
	uint64_t accesses_per_sample; /* the first sample's (every sample reads the same) */
	uint64_t wrap_guard_reads;    /* readings between samples (UPM_SAMPLE_WRAP_GUARD_NS) */
	uint64_t ticks_missed;        /* ticks of the period's grid passed while a sample was late */
	/* How the samples were read, per socket: "global control", "box freeze",
	 * "running" (no freeze) or "free-running". */
	const char *method[UPM_MAX_SOCKETS];
};

enum upm_sample_flag {
	UPM_SAMPLE_OK = 0,
	UPM_SAMPLE_FAILED = 1,     /* not read (its box faulted, or it never counted) */
	UPM_SAMPLE_OVERFLOWED = 2, /* its overflow status was set (upm_platform.overflow) */
	UPM_SAMPLE_DRY_RUN = 4,    /* a dry run: no counter ran, so the read is no value */
	UPM_SAMPLE_STUCK = 8,      /* a clock that did not move over the sample's window: its
				    * counter cannot be trusted (as a whole run's stuck count) */
	UPM_SAMPLE_ALL_ONES = 16,  /* the counter read all ones at this sample or the one before
				    * (a dead box or function): the difference is no count */
};
/* The flags under which a sample has no value to show or use. */
#define UPM_SAMPLE_NO_VALUE (UPM_SAMPLE_FAILED | UPM_SAMPLE_DRY_RUN | UPM_SAMPLE_STUCK | UPM_SAMPLE_ALL_ONES)

struct upm_sample_opts {
	uint64_t period_ns;   /* UPM_SAMPLE_MIN_NS to UPM_SAMPLE_MAX_NS */
	unsigned count;       /* samples to take; 0: no limit */
	uint64_t duration_ns; /* the run's length (the last sample ends it); 0: no limit */
	/* The time until the next sample: waits (upm_session_idle) or runs a workload, and
	 * returns when upm_os_nanoseconds() reached until_ns or on ESC/Ctrl-C. NULL: waits. */
	void (*between)(struct upm_session *s, uint64_t until_ns, void *ctx);
	/* Each sample as it lands (the console), kept or not: its values and flags are per
	 * count (s->counts); NULL: none. */
	void (*on_sample)(struct upm_session *s, const struct upm_sample_tick *t, const uint64_t *values,
			  const uint8_t *flags, int kept, void *ctx);
	void *ctx;
};

/* Starts the session (upm_session_start: its specs must fit one pass), samples until
 * the count or the duration is reached or ESC/Ctrl-C (s->aborted; a last sample closes
 * the window under way), restores every register, and leaves the whole run in s->counts
 * (start: the first reading, end: the last, delta: the samples' sum, interval_ns: from
 * start to the last sample), so the session's usual writers apply. 0, or -1 with
 * s->error (the samples so far are kept). Free sm with upm_samples_free. */
int upm_session_sample(struct upm_session *s, const struct upm_sample_opts *o, struct upm_samples *sm);
void upm_samples_free(struct upm_samples *sm);

/* The value of count k in tick i, and its flag. */
static inline uint64_t upm_sample_value(const struct upm_samples *sm, unsigned i, unsigned k)
{
	return sm->values[(size_t)i * sm->n_counts + k];
}
static inline uint8_t upm_sample_flag(const struct upm_samples *sm, unsigned i, unsigned k)
{
	return sm->flags[(size_t)i * sm->n_counts + k];
}

/* The wall clock `ns` after `t` (whole seconds carried into minutes ... years; the
 * fraction in *ms). For ISO 8601 times of samples without reading the clock each time. */
void upm_wall_time_add(const struct upm_wall_time *t, uint64_t ns, struct upm_wall_time *out, unsigned *ms);

#endif

/* The results record of a measurement (`run`, `run --kernel`): everything that happened,
 * filled once from the sessions, in the words and numbers the writers show. The writers
 * (console: record_console.c, counters.csv: record_csv.c, results.json: record_json.c,
 * report.html: report_run_html.c) render it and compute nothing: every total, net,
 * clock rate, metric and coverage is in here. */
#ifndef UPMON_CORE_RESULTS_RECORD_H
#define UPMON_CORE_RESULTS_RECORD_H

#include "core/metrics/metrics.h"
#include "core/workload/workload.h"
#include "core/session/sample.h"

#define UPM_RECORD_MAX_KERNELS 16 /* as many as `run --kernel` takes */
#define UPM_RECORD_LABEL 200 /* a count's label: event name and every term written after it */

struct upm_record_filter {
	const char *term;   /* "filter_state": the box's filter field (static tables) */
	uint64_t value;
};

/* One count: a spec on one box instance in one pass. */
struct upm_record_count {
	unsigned socket, instance, pass;
	const char *box;            /* box type name, "cbo" */
	char counter[8];            /* "ctr0", "fixed", "free" */
	unsigned spec;              /* the spec's index in its session: counts of one spec share it */
	char spec_text[128];        /* the spec as written */
	char event[64];             /* the event's name */
	char label[UPM_RECORD_LABEL]; /* "LLC_LOOKUP.DATA_READ,filter_state=0x1f" */
	char code[16], umask[16];   /* the select as programmed; "" where none */
	uint64_t ctl;               /* the control value programmed */
	struct upm_record_filter filters[UPM_SPEC_MAX_FILTERS]; /* every filter term, implied too */
	unsigned n_filters;
	uint64_t raw, delta;        /* the counter's last reading and the count */
	int status;                 /* UPM_OK or why there is no count (upm_count_status_name) */
	uint8_t was_read;           /* the counter was read: raw is a reading (delta: status OK) */
	const char *status_name;
	uint64_t window_ns;         /* its socket's counting window */
	uint8_t overflowed;         /* its box's overflow status showed it */
	uint8_t for_metrics;        /* a metric's own spec (added by the engine), not the user's */
	uint8_t is_clock;           /* counts a clock: a rate over its window, never net of a baseline */
	double mhz;                 /* clocks: delta over window_ns, in MHz (0 when no window) */
	int kernel;                 /* index in kernels[], or -1 (run without a kernel) */
	uint8_t has_baseline;       /* kernel runs, not clocks: a baseline is due */
	uint8_t baseline_valid;     /* ...and was counted (none after an abort, or where it failed) */
	uint64_t baseline;          /* the idle baseline's count of the same spec and instance */
	int64_t net;                /* delta - baseline (clocks: delta); upm_record_net_valid */
};

/* Whether count c's net is a number: c counted, and its baseline too where one is due. */
static inline int upm_record_net_valid(const struct upm_record_count *c)
{
	return c->status == UPM_OK && (!c->has_baseline || c->baseline_valid);
}

/* A spec summed over the box instances of a socket (socket -1: the whole system), as
 * perf merges instances by default. Only counts whose status is OK are summed. */
struct upm_record_total {
	int kernel;                 /* -1: run without a kernel */
	int socket;                 /* -1: every socket */
	unsigned first;             /* a count of this spec: label, box, event, for_metrics */
	unsigned instances;         /* counted (status OK) */
	unsigned of_instances;      /* scheduled */
	const char *not_counted;    /* the status of its first instance not counted, or NULL */
	uint64_t sum;               /* of delta */
	uint8_t has_baseline;
	unsigned baseline_instances; /* of the instances counted, those with a baseline counted */
	uint64_t baseline_sum;
	int64_t net_sum;             /* both over every instance counted when baseline_instances == instances */
	uint8_t is_clock;
	double mhz;                 /* clocks: the mean over the instances counted */
};

/* A metric's value on one socket. */
struct upm_record_metric {
	int kernel;                 /* -1: run without a kernel */
	int pass;                   /* -1: over every pass (parts in different passes combine) */
	unsigned socket;
	const char *name, *unit;
	int reported;               /* 0: asked for, but none of its boxes was counted on the socket */
	const char *not_counted;    /* !reported: the status of the socket's first count not counted
				     * ("dry-run", "stuck", "box-fault"), or NULL */
	double value;
	int valid;                  /* 0: no value (why says: a zero denominator, a negative difference) */
	const char *why;            /* !valid: the reason (upm_formula_status_text), static */
	unsigned instances, of_instances; /* box instances computed over, of how many */
	const char *box;
	char coverage[48];          /* "3 of 4 imc" when over fewer instances than there are, else "" */
	char passes[48];            /* "0" or "0+1" */
	uint64_t window_ns;         /* the counting window it is over (0: none, not reported) */
	unsigned *counts;           /* indices into the record's counts of every count it used */
	unsigned n_counts;
	/* Kernel runs, one pass: the same metric over the baseline's counts, over the net
	 * counts, and the net as a rate over the kernel's own timed seconds. */
	uint8_t has_net;
	double baseline, net, net_per_kernel_second;
	uint8_t baseline_valid, net_valid, per_kernel_second_valid;
};

/* A metric over one sample of `run --interval`: its value over that sample's window, or
 * why there is none. */
struct upm_record_sample_metric {
	double value;
	const char *why;            /* !valid: the reason (upm_formula_status_text, or
				     * "not counted"), static */
	const char *not_counted;    /* instances 0: the status of its first part not counted
				     * ("dry-run", "all-ones"), or NULL when none of its boxes was */
	uint16_t instances, of_instances; /* box instances computed over, of how many */
	uint8_t valid;
};

/* A box instance the session looked at, with its state. */
struct upm_record_box {
	unsigned socket, instance;
	const char *box;
	const char *state;          /* upm_box_state_name */
	char why[96];
	uint8_t ok;
	uint8_t not_replayed;       /* failed after a replay diverged: the divergence is said */
};

/* A kernel as asked for: what the workload resolved to before it ran. */
struct upm_record_kernel {
	char name[32];
	unsigned threads;
	uint32_t socket_mask;
	int memory_socket;          /* -1: local */
	int placed;
	uint64_t size_bytes, iterations;
	unsigned n_passes;
};

/* The kernel that repeated between the samples of `run --interval --kernel`: as asked
 * for, and what its repetitions did in all (no baseline: it ran the whole window). */
struct upm_record_repeated {
	struct upm_record_kernel kernel;
	unsigned repetitions;
	int cut_short;              /* ESC/Ctrl-C stopped the last repetition partway */
	double seconds;             /* in its loops, every repetition */
	uint64_t bytes_read, bytes_written;
	const char *error;          /* why it stopped repeating; NULL when it never did */
};

/* One pass of one kernel: its own accounting and what it fed the backend. */
struct upm_record_kernel_run {
	unsigned kernel;            /* index in kernels[] */
	unsigned pass;
	struct upm_workload_result res;
	uint64_t baseline_ns;       /* the idle baseline's window of the same pass */
	uint64_t memory_read_bytes, memory_written_bytes; /* the activity, every socket */
	double memory_read_gbps, memory_write_gbps;
	uint8_t rates_valid;        /* res.seconds > 0 */
};

struct upm_record {
	struct upm_run *run;        /* the identity (invocation.h): said as it is in every file */
	const char *command;        /* "run" */
	const char *platform;       /* "snbep", or NULL */
	const char *backend;        /* "hw", "mock", "replay" */
	const char *mock_faults;    /* the fault spec given, or NULL */
	int dry_run;
	unsigned sockets;
	uint64_t tsc_hz;
	/* Options as given. */
	uint64_t seconds_ns;        /* --seconds (0 with a kernel: the kernel's run is the interval) */
	int per_box;                /* --per-box: the console shows every instance */
	int exit_status;            /* the command's (enum upm_exit), for report.html's title */
	unsigned n_passes;
	uint64_t pass_ns[UPM_MAX_PASSES]; /* run without a kernel: each pass's counting window */

	struct upm_record_count *counts;
	unsigned n_counts, cap_counts;
	struct upm_record_total *totals;
	unsigned n_totals, cap_totals;
	struct upm_record_metric *metrics;
	unsigned n_metrics, cap_metrics;
	struct upm_record_box *boxes;
	unsigned n_boxes;
	struct upm_record_kernel kernels[UPM_RECORD_MAX_KERNELS];
	unsigned n_kernels;
	struct upm_record_kernel_run *kernel_runs;
	unsigned n_kernel_runs, cap_kernel_runs;

	/* Interval sampling (`run --interval`): its samples and the session they were taken
	 * from (whose specs they are). results.json adds them (interval_sampling, intervals),
	 * report.html their line charts, and the folder gets interval.csv
	 * (core/results/interval.h). NULL: no interval run. */
	const struct upm_samples *samples;
	const struct upm_session *sampled;
	const struct upm_record_repeated *repeated; /* the kernel between samples, or NULL */
	/* The metrics over each kept sample: sample_metrics[i * n_sample_slots + j] is slot j
	 * of sample i, slot j the session's metric j / sockets on socket j % sockets, of box
	 * type sample_metric_box[j / sockets] ("imc"). Samples from n_sample_metric_ticks on
	 * have none (UPM_RECORD_MAX_SAMPLE_METRICS reached, or out of memory: said in
	 * sample_metrics_short). */
	struct upm_record_sample_metric *sample_metrics;
	unsigned n_sample_slots, n_sample_metric_ticks;
	const char *sample_metric_box[UPM_SESSION_MAX_METRICS];
	int sample_metrics_short;

	/* What did not go as planned. */
	int aborted;                /* ESC/Ctrl-C */
	unsigned aborted_pass;
	uint8_t socket_skipped[UPM_MAX_SOCKETS]; /* its processor stopped answering */
	struct upm_unrestored *unrestored;
	unsigned n_unrestored;
	int out_of_memory;          /* something could not be kept: the record is short */
};

/* An empty record for command on run r (identity, platform, backend, options). */
void upm_record_init(struct upm_record *rec, struct upm_run *r, const char *command);
/* A run without a kernel: the session's boxes, counts, metrics and safety facts. */
void upm_record_add_session(struct upm_record *rec, const struct upm_session *s);
/* One kernel: s measured it, base (n_counts 0 when none: after an abort) is its idle
 * baseline with the same specs; res[p] and baseline_ns[p] per pass (res[p].threads 0:
 * the pass did not run). info is what the workload resolved to. */
void upm_record_add_kernel(struct upm_record *rec, const struct upm_session *s, const struct upm_session *base,
			   const struct upm_workload_info *info, const struct upm_workload_result *res,
			   const uint64_t *baseline_ns);
/* The samples of `run --interval` (sm, taken from session s, whose counts the record
 * holds already: upm_record_add_session) and each metric over each kept sample. */
#define UPM_RECORD_MAX_SAMPLE_METRICS UPM_SAMPLE_MAX_VALUES /* slots x samples kept */
void upm_record_add_samples(struct upm_record *rec, const struct upm_session *s, const struct upm_samples *sm);
/* k as info resolved it, with the passes it ran. */
void upm_record_kernel_describe(struct upm_record_kernel *k, const struct upm_workload_info *info, unsigned n_passes);
/* One line on the repeated kernel for the files (no newline): what it was, how often it
 * ran, its seconds and GB/s, and why it stopped when it did. */
void upm_record_repeated_line(const struct upm_record_repeated *k, struct upm_buf *out);
/* results.json's ", \"sockets\": [0, 1], \"memory_socket\": \"local\"" (or its number)
 * of a kernel, as kernel_runs and interval_kernel give them. */
void upm_record_json_where(struct upm_buf *out, uint32_t socket_mask, int memory_socket);
/* results.json's ",\n  \"interval_kernel\": {...}" member for it. */
void upm_record_repeated_json(const struct upm_record_repeated *k, struct upm_buf *out);
/* Sums the totals per socket and system; after the last add. */
void upm_record_finish(struct upm_record *rec);
void upm_record_free(struct upm_record *rec);

/* The writers. */
void upm_record_print(const struct upm_record *rec);               /* the console */
/* The console's part for kernel k alone (the box instances not counted with kernel 0):
 * `run --kernel` says each kernel's results as soon as it has them. */
void upm_record_print_kernel(const struct upm_record *rec, unsigned k);
/* The metrics over the whole run alone (`run --interval` shows its counts per sample). */
void upm_record_print_metrics(const struct upm_record *rec);
/* The console's last screen (core/cli/last_screen.h), said before the files line: the
 * run's status and each thing that did not go as planned (an abort, a socket skipped, a
 * register not restored, a box instance not counted, a metric without a value or over
 * part of its boxes). After the files are saved. */
void upm_record_say_end(const struct upm_record *rec);
/* The run's status as its exit status says it ("OK", "WARN", "FAILED", "INCOMPLETE",
 * "ABORTED", "FILES NOT SAVED") and its css class for report.html (pass, warn, fail, inc). */
void upm_record_status(const struct upm_record *rec, const char **css_class, const char **name);
void upm_record_csv(const struct upm_record *rec, struct upm_buf *out);  /* counters.csv */
void upm_record_json(const struct upm_record *rec, struct upm_buf *out); /* results.json */
void upm_record_html(const struct upm_record *rec, struct upm_buf *out); /* report.html */
/* counters.csv, results.json and report.html (and interval.csv with samples) into the
 * run's folder (upm_save). */
void upm_record_save(const struct upm_record *rec);

#endif

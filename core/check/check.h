/* Room check: the health check: the self-test of every box instance, the plausibility stage
 * (kernels against the platform's check profile), link rates, the safety facts, verdicts,
 * and the burn-in's passes (burnin.h). Includes base, platform, boxes, kernels, cli,
 * events, session and workload.
 *
 * The health check's plausibility stage (`check`, after the self-test): the fixed kernel
 * set runs with the platform's standard event set (struct upm_check_profile), an idle
 * baseline of the same length is measured too, and the counts are judged against what
 * the kernels did:
 *   uclk            uncore clock ticks over TSC time, inside the documented range
 *   memory.read     CAS reads x bytes per CAS against the bytes the `read` kernel moved
 *   memory.write    CAS writes against `ntwrite`'s
 *   memory.channel  each channel: unpopulated (no DRAM clock), no traffic under load
 *                   (FAIL), or its share of the traffic far off the mean (WARN)
 *   llc.lookups     CBo lookups summed against the lines `llc` and `thrash` touched, with
 *                   hits and misses in the proportion each kernel implies
 *   llc.balance     each CBo's share of the lookups against the mean (WARN when far off)
 *   link.flits      each link's data flits rise under cross-socket reads, and their sum
 *                   matches the lines that crossed
 *   link.rate       each port's rate status register decodes to a documented speed inside
 *                   the expected range (core/check/check_link_rate.c; struct upm_link_rate)
 *   perf.read       with --against perf, each socket: the same kernel counted by the
 *   perf.write      kernel's perf (its own uncore_imc aliases) against upmon's count, within
 *                   5% (core/check/check_perf.c)
 * Every verdict carries the measured and expected numbers. */
#ifndef UPMON_CORE_CHECK_H
#define UPMON_CORE_CHECK_H

#include "core/check/verdict.h"

/* What each kernel of one plausibility stage moved per second, for the report's bar
 * chart and a burn-in's passes (core/check/burnin.h). */
#define UPM_CHECK_MAX_KERNELS 8
struct upm_check_bandwidth {
	struct {
		char label[24];  /* "read", "read-remote" */
		double gbps;     /* the kernel's own bytes over its timed seconds */
		double seconds;
	} k[UPM_CHECK_MAX_KERNELS];
	unsigned n;
};

/* What each kernel of the plausibility stage did, as structured data: results.json's
 * "kernels" and report.html's kernel table render it (core/results/check_record.h). */
struct upm_check_kernel_run {
	char label[24];            /* "read", "read-remote" */
	unsigned threads;
	uint64_t size_bytes;       /* the working set, every thread */
	uint64_t bytes_read, bytes_written, bus_bytes;
	double seconds;            /* the kernel's own timed seconds (first pass) */
	double gbps;               /* its bytes over those seconds */
	unsigned passes;           /* the session's passes around it */
};
struct upm_check_kernel_runs {
	int stage_ran;             /* the kernels were started (some may have failed) */
	struct upm_check_kernel_run k[UPM_CHECK_MAX_KERNELS];
	unsigned n;                /* those that measured, in the order they ran */
};

struct upm_check_opts {
	int quick;         /* smaller working sets and fewer iterations */
	unsigned threads;  /* 0: every processor */
	uint64_t size;     /* each kernel's working set (--size); 0: its default. Either is
			    * fitted to the free memory, said on the console */
	unsigned passes;   /* burn-in: --passes N (0: not given) */
	uint64_t duration_s; /* burn-in: --duration (0: not given) */
	struct upm_check_bandwidth *bandwidth; /* filled by the plausibility stage; NULL: not kept */
	int against_perf;  /* --against perf: the read and ntwrite kernels run once more, counted
			    * by the kernel's perf (core/check/check_perf.c) */
	int quiet;         /* no progress lines (a burn-in's passes after the first say one line
			    * each); what goes wrong is still said */
};

/* Whether --size (when given) is at least what each kernel needs on its threads: 0, or -1
 * with the one-line refusal in err, before anything runs. */
int upm_check_size_fits(struct upm_run *r, const struct upm_check_opts *o, char *err, size_t err_size);

/* Adds the plausibility verdicts, and each kernel's run to kernels (NULL: not kept).
 * 0, or -1 when it could not run (message in err). */
int upm_check_plausibility(struct upm_run *r, const struct upm_check_opts *o, struct upm_verdicts *vs,
			   struct upm_check_kernel_runs *kernels, char *err, size_t err_size);

/* check --against perf: whether perf names this platform's memory counts and the kernel
 * lets its PMUs be opened here (opened and closed, nothing counted). 0, or -1 with a line
 * in err. */
int upm_check_perf_ready(struct upm_run *r, char *err, size_t err_size);

/* Adds a link.rate verdict per socket and port of the platform's link_rate table (none
 * when the profile has no table). Reads configuration space only. */
void upm_check_link_rate(struct upm_run *r, struct upm_verdicts *vs);

#endif

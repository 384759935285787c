/* `run --kernel NAME[,NAME...] --events ...`: each kernel measured inside the counter
 * window (the session's interval runs it, once per pass), then an idle baseline of the
 * same length with the same events, so counts are reported with and without it. */
#ifndef UPMON_CORE_RUN_KERNEL_H
#define UPMON_CORE_RUN_KERNEL_H

#include "core/metrics/metrics.h"
#include "core/workload/workload.h"

#define UPM_RUN_MAX_KERNELS 16
/* Passes a kernel run may need (each runs the kernel once). */
#define UPM_MAX_PASSES 16

struct upm_run_kernel_opts {
	const char *kernels[UPM_RUN_MAX_KERNELS]; /* NULL-terminated; none: idle run */
	unsigned n_kernels;
	char list[160];          /* --kernel's value, cut at the commas */
	struct upm_workload w;   /* threads, sockets, memory socket, size, iterations */
};

/* Sets o to "no kernel", every thread, all sockets, local memory, default sizes. */
void upm_run_kernel_opts_init(struct upm_run_kernel_opts *o);

/* Takes `run`'s kernel options: --kernel LIST, --size S (K/M/G), --iterations N,
 * --threads N|all, --kernel-sockets LIST (0,1 or 0-1), --memory-socket N|local. Returns 1
 * when name is one of them (value consumed), 0 when it is not, -1 for a bad or missing
 * value with a one-line message in err. */
int upm_run_kernel_option(const char *name, const char *value, struct upm_run_kernel_opts *o,
			  char *err, size_t err_size);
/* The lines saying what a kernel will run as: threads and sockets, memory, size and
 * iterations followed by tail (what is counted); and, when the --size asked (0: none)
 * was rounded, the size used and why. */
void upm_run_kernel_say_plan(struct upm_run *r, const struct upm_workload_info *info, uint64_t asked,
			     const char *tail);
/* 1 when any kernel option other than --kernel was given without --kernel. */
int upm_run_kernel_options_orphaned(const struct upm_run_kernel_opts *o);

/* Runs every kernel with the specs asked for (parsed once: may be empty) and the
 * metrics (split once; NULL: none), the same lists for every kernel and its baseline, into one results record that is printed (per_box: every box
 * instance, else totals) and saved (counters.csv, results.json, report.html). Returns
 * an exit status (enum upm_exit). */
int upm_run_kernels(struct upm_run *r, const struct upm_run_kernel_opts *o, const struct upm_spec_list *asked,
		    const struct upm_metric_list *metrics, int per_box);

#endif

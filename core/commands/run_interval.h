/* `run --interval MS [--count N | --seconds S]` and `run --kernel NAME --interval MS
 * [--duration S | --count N]`: one sample per interval (core/session/sample.h), a compact
 * block on the console per sample, interval.csv and results.json's "intervals". */
#ifndef UPMON_CORE_RUN_INTERVAL_H
#define UPMON_CORE_RUN_INTERVAL_H

#include "core/commands/run_kernel.h"

struct upm_run_interval_opts {
	uint64_t period_ns;   /* 0: not sampling */
	unsigned count;       /* --count: 0 none */
	uint64_t duration_ns; /* --duration: 0 none */
	int given;            /* any of --interval, --count, --duration */
};

void upm_run_interval_opts_init(struct upm_run_interval_opts *o);
/* Takes --interval MS (10 to 3600000), --count N, --duration S. 1 when name is one of them
 * (value consumed), 0 when not, -1 with a one-line message in err. */
int upm_run_interval_option(const char *name, const char *value, struct upm_run_interval_opts *o, char *err,
			    size_t err_size);
/* How the options go together (with --seconds given or not, and the kernel options):
 * 0, or -1 with a one-line message in err. */
int upm_run_interval_check(const struct upm_run_interval_opts *o, const struct upm_run_kernel_opts *ko,
			   int seconds_given, char *err, size_t err_size);
/* Samples the specs asked for (parsed once: may be empty) and the metrics' specs, with the kernel of ko
 * repeating between samples when one is named; seconds_ns: --seconds (0: not given);
 * per_box: each box instance's count on the console, not its socket's sum. Each sample's
 * block has the metrics over its window. Prints, saves interval.csv, counters.csv and
 * results.json. Returns an exit status. */
int upm_run_interval(struct upm_run *r, const struct upm_run_interval_opts *o, const struct upm_run_kernel_opts *ko,
		     const struct upm_spec_list *asked, const struct upm_metric_list *metrics, uint64_t seconds_ns,
		     int per_box);

#endif

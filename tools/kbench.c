/* kbench: upmon's stress kernels on this Linux host, outside upmon, for `make bench`
 * (tools/bench_kernels.sh). The same workload code as `run --kernel` (core/workload/workload.c,
 * the host's pthread runner), on a host backend whose only operation is the real CPUID
 * (for the cache sizes): nothing is counted, nothing else is touched.
 *
 *   kbench KERNEL THREADS SIZE ITERATIONS [CPUS]
 *     THREADS 0 = every processor; SIZE 0 = upmon's default; ITERATIONS 0 = upmon's
 *     default, or Ns (e.g. 1s): as many as take about N seconds (one untimed run at
 *     the default count measures the pass time first); CPUS: the Linux processor numbers
 *     thread 0, 1, ... run on, comma-separated (tools/bench_kernels.sh gives the ones
 *     likwid-bench ran on, so both sides share cores alike where cores have two
 *     threads); without it thread i runs on processor i
 *   prints one CSV line, for one run on buffers set up by this process:
 *     kernel,threads,size_bytes,iterations,gbps,bus_gbps,ns_per_load,ns_per_handoff,flush_ns
 *   A one-line error and exit 1 on failure.
 *
 * One run a process, as likwid-bench runs: each run's buffers are new pages, so that
 * the two sides of a comparison draw their memory the same way. On a virtual machine
 * the bandwidth of a buffer depends on the physical pages it got: two 256 MiB buffers of
 * one process read at 25 and 29 GB/s, run after run (docs/benchmarks.md, Method). */
#define _GNU_SOURCE
#include "core/host/os_host.h"
#include "core/workload/workload.h"

#include <cpuid.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int host_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t sub, struct upm_cpuid_regs *out)
{
	(void)b;
	__cpuid_count(leaf, sub, out->eax, out->ebx, out->ecx, out->edx);
	return UPM_OK;
}

static const struct upm_backend_ops host_ops = { .cpuid = host_cpuid };

static int prepare(struct upm_run *run, struct upm_workload *w, struct upm_workload_plan **plan)
{
	char err[200];
	if (upm_workload_prepare(run, w, plan, err, sizeof err) != UPM_OK) {
		fprintf(stderr, "kbench: %s\n", err);
		return -1;
	}
	return 0;
}

static int execute(struct upm_workload_plan *plan, struct upm_workload_result *r)
{
	char err[200];
	if (upm_workload_execute(plan, r, err, sizeof err) != UPM_OK) {
		fprintf(stderr, "kbench: %s\n", err);
		return -1;
	}
	return 0;
}

/* CPUS as the runner's pin order: how many processors it names, or -1 after a one-line
 * error. Processor numbers run up to the configured count, which counts offline ones. */
static int pin_order(const char *list, long configured)
{
	unsigned cpus[UPM_MAX_CPUS], n = 0;
	const char *p = list;
	for (;;) {
		char *end;
		errno = 0;
		unsigned long c = strtoul(p, &end, 10);
		if (end == p || errno || (*end && *end != ',') || c >= (unsigned long)configured) {
			fprintf(stderr, "kbench: bad CPUS '%s': give processor numbers 0-%ld, comma-separated\n", list,
				configured - 1);
			return -1;
		}
		if (n == UPM_MAX_CPUS) {
			fprintf(stderr, "kbench: CPUS '%s' names more than %u processors\n", list, UPM_MAX_CPUS);
			return -1;
		}
		cpus[n++] = (unsigned)c;
		if (!*end)
			break;
		p = end + 1;
	}
	int rc = upm_host_pin_order(cpus, n);
	if (rc != UPM_OK) {
		fprintf(stderr, "kbench: CPUS '%s' %s\n", list,
			rc == UPM_EINVAL ? "names a processor twice" : "names a processor past CPU_SETSIZE");
		return -1;
	}
	return (int)n;
}

int main(int argc, char **argv)
{
	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: kbench KERNEL THREADS SIZE ITERATIONS|Ns [CPUS]\n");
		return 1;
	}
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	upm_host_simulate(1, cpus > 0 ? (unsigned)cpus : 1);
	long configured = sysconf(_SC_NPROCESSORS_CONF);
	int pinned = argc == 6 ? pin_order(argv[5], configured > cpus ? configured : cpus > 0 ? cpus : 1) : 0;
	if (pinned < 0)
		return 1;

	struct upm_backend backend;
	upm_memset(&backend, 0, sizeof backend);
	backend.name = "host";
	backend.ops = &host_ops;
	struct upm_run run;
	upm_memset(&run, 0, sizeof run);
	run.backend = &backend;
	upm_os_topology(&run.topo);
	run.n_sockets = 1;

	uint64_t size = 0;
	if (strcmp(argv[3], "0") != 0 && upm_kernel_parse_size(argv[3], &size) != UPM_OK) {
		fprintf(stderr, "kbench: bad size '%s'\n", argv[3]);
		return 1;
	}
	char *end;
	double target_s = 0;
	uint64_t iterations = strtoull(argv[4], &end, 10);
	if (*end == 's' || *end == '.') {
		target_s = strtod(argv[4], &end);
		iterations = 0;
	}
	struct upm_workload w = { argv[1], (unsigned)strtoul(argv[2], NULL, 10), 0, -1, size, iterations, 0 };
	if (pinned && w.threads == 0) {
		fprintf(stderr, "kbench: CPUS needs a thread count, not THREADS 0 (every processor): give THREADS %d\n",
			pinned);
		return 1;
	}
	if (pinned && w.threads > (unsigned)pinned) {
		fprintf(stderr, "kbench: CPUS '%s' names %d processor%s for %s threads: give one for each thread\n",
			argv[5], pinned, pinned == 1 ? "" : "s", argv[2]);
		return 1;
	}
	struct upm_workload_plan *plan;
	if (prepare(&run, &w, &plan) < 0)
		return 1;
	struct upm_workload_result r;
	if (target_s > 0) {
		/* A run at the default count gives the time per pass. */
		if (execute(plan, &r) < 0)
			return 1;
		double n = r.seconds > 0 ? target_s * (double)r.total.iterations / r.seconds : 1;
		w.iterations = (uint64_t)n + 1;
		upm_workload_release(plan);
		if (prepare(&run, &w, &plan) < 0)
			return 1;
	}
	struct upm_workload_info info;
	upm_workload_describe(plan, &info);
	if (execute(plan, &r) < 0) {
		upm_workload_release(plan);
		return 1;
	}
	printf("%s,%u,%llu,%llu,%.3f,%.3f,%.2f,%.2f,%llu\n", info.kernel, info.threads,
	       (unsigned long long)info.size_bytes, (unsigned long long)info.iterations, r.gbps,
	       r.bus_gbps, r.ns_per_load, r.ns_per_handoff, (unsigned long long)r.flush_ns);
	upm_workload_release(plan);
	return 0;
}

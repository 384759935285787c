/* kbench: upmon's stress kernels on this Linux host, outside upmon, for `make bench`
 * (tools/bench_kernels.sh). The same workload code as `run --kernel` (core/workload/workload.c,
 * the host's pthread runner), on a host backend whose only operation is the real CPUID
 * (for the cache sizes): nothing is counted, nothing else is touched.
 *
 *   kbench KERNEL THREADS SIZE ITERATIONS REPEATS
 *     THREADS 0 = every processor; SIZE and ITERATIONS 0 = upmon's defaults
 *   prints one CSV line: kernel,threads,size_bytes,iterations,gbps,bus_gbps,ns_per_load,ns_per_handoff,flush_ns
 *   (best of REPEATS runs: highest GB/s, lowest latency and write-back time), or a
 *   one-line error and exit 1. tools/bench_kernels.sh runs it with REPEATS 1 and takes
 *   medians over its own alternated runs. */
#define _GNU_SOURCE
#include "core/host/os_host.h"
#include "core/workload/workload.h"

#include <cpuid.h>
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

int main(int argc, char **argv)
{
	if (argc != 6) {
		fprintf(stderr, "usage: kbench KERNEL THREADS SIZE ITERATIONS REPEATS\n");
		return 1;
	}
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	upm_host_simulate(1, cpus > 0 ? (unsigned)cpus : 1);

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
	struct upm_workload w = { argv[1], (unsigned)strtoul(argv[2], NULL, 10), 0, -1, size,
				  strtoull(argv[4], NULL, 10) };
	unsigned repeats = (unsigned)strtoul(argv[5], NULL, 10);
	struct upm_workload_plan *plan;
	char err[200];
	if (upm_workload_prepare(&run, &w, &plan, err, sizeof err) != UPM_OK) {
		fprintf(stderr, "kbench: %s\n", err);
		return 1;
	}
	struct upm_workload_info info;
	upm_workload_describe(plan, &info);
	double gbps = 0, bus = 0, lat = 0, handoff = 0;
	uint64_t flush = 0;
	for (unsigned i = 0; i < (repeats ? repeats : 1); i++) {
		struct upm_workload_result r;
		if (upm_workload_execute(plan, &r, err, sizeof err) != UPM_OK) {
			fprintf(stderr, "kbench: %s\n", err);
			upm_workload_release(plan);
			return 1;
		}
		if (r.gbps > gbps)
			gbps = r.gbps;
		if (r.bus_gbps > bus)
			bus = r.bus_gbps;
		if (r.ns_per_load > 0 && (lat == 0 || r.ns_per_load < lat))
			lat = r.ns_per_load;
		if (r.ns_per_handoff > 0 && (handoff == 0 || r.ns_per_handoff < handoff))
			handoff = r.ns_per_handoff;
		if (i == 0 || r.flush_ns < flush)
			flush = r.flush_ns;
	}
	printf("%s,%u,%llu,%llu,%.3f,%.3f,%.2f,%.2f,%llu\n", info.kernel, info.threads,
	       (unsigned long long)info.size_bytes, (unsigned long long)info.iterations, gbps, bus, lat,
	       handoff, (unsigned long long)flush);
	upm_workload_release(plan);
	return 0;
}

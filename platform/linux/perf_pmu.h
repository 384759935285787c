/* The kernel's perf PMUs (part of room platform/linux): a PMU as sysfs gives it under the
 * sysroot (sys/bus/event_source/devices/NAME: type, cpumask, format/, events/), a term
 * list ("event=0x04,umask=0x03,edge") encoded into perf_event_attr's config words by the
 * PMU's own format files, and counting through perf_event_open.
 *
 * Facts (Linux tools/perf/util/pmu.c and Documentation/ABI/testing/
 * sysfs-bus-event_source-devices-format): a format file is "configN:RANGES", N empty, 1
 * or 2, RANGES "lo-hi" or one bit, several joined by commas; a value's bits fill the
 * ranges' bits from the lowest up; a term given without a value is 1. An events/ file is
 * a term list; NAME.scale multiplies its count, NAME.unit names what that gives (uncore
 * cas_count_read: 6.103515625e-5 MiB, Linux uncore_snbep.c). cpumask lists the one
 * processor a package's uncore PMU counts on. */
#ifndef UPMON_PLATFORM_LINUX_PERF_PMU_H
#define UPMON_PLATFORM_LINUX_PERF_PMU_H

#include <stddef.h>
#include <stdint.h>

#define UPM_PERF_MAX_FIELDS 32
#define UPM_PERF_MAX_CPUS 16

/* One format term: which config word and which of its bits, lowest first. */
struct upm_perf_field {
	char name[32];
	uint8_t word; /* 0: config, 1: config1, 2: config2 */
	uint64_t mask;
};

struct upm_perf_pmu {
	char name[64]; /* "uncore_imc_0" */
	uint32_t type;
	int cpus[UPM_PERF_MAX_CPUS]; /* cpumask: a processor a package (none: any, -1) */
	unsigned n_cpus;
	struct upm_perf_field fields[UPM_PERF_MAX_FIELDS];
	unsigned n_fields;
};

/* Parses one format file's text ("config1:0-4,10" and a newline) into f (name not set).
 * 0, or -1 with a line in err. */
int upm_perf_format_parse(const char *text, struct upm_perf_field *f, char *err, size_t err_size);

/* Parses a cpumask or cpulist ("0,28", "0-3"): at most max processors. The count, or -1. */
int upm_perf_cpulist_parse(const char *text, int *cpus, unsigned max);

/* Processor cpu's package (sys/devices/system/cpu/cpuN/topology/physical_package_id under
 * sysroot); -1 when it cannot be read. */
int upm_perf_package_of(const char *sysroot, unsigned cpu);

/* The processor that counts PMU p for the package of processor `first` (a socket's first):
 * the cpumask's one in that package, or `first` itself where the PMU has no cpumask (any
 * processor counts it). -1: none in that package. */
int upm_perf_cpu_for(const char *sysroot, const struct upm_perf_pmu *p, unsigned first);

/* Reads PMU `name` under sysroot. 0; -1 with a line in err (1 when the PMU is not there:
 * *missing set, so that a caller can tell absence from a broken PMU). */
int upm_perf_pmu_read(const char *sysroot, const char *name, struct upm_perf_pmu *out, int *missing, char *err,
		      size_t err_size);

/* Encodes a term list by the PMU's format into config[0..2]. -1 with a line in err that
 * names the term the PMU has no format for (and the terms it has) or a value too wide. */
int upm_perf_encode(const struct upm_perf_pmu *p, const char *terms, uint64_t config[3], char *err, size_t err_size);

/* The PMU's event alias `alias` (events/ALIAS): its term list in terms, its scale (1 when
 * the kernel gives none) and unit ("" when none). 0, or -1 with a line in err. */
int upm_perf_alias_read(const char *sysroot, const struct upm_perf_pmu *p, const char *alias, char *terms,
			size_t terms_size, double *scale, char *unit, size_t unit_size, char *err, size_t err_size);

/* Opens one counting event of the PMU on processor cpu, disabled (perf_event_open: pid -1,
 * the PMU's type, the three config words, its enabled and running times read with its
 * count). The descriptor, or -1 with a line in err (the errno's name and what to do). */
int upm_perf_open(const struct upm_perf_pmu *p, int cpu, const uint64_t config[3], char *err, size_t err_size);

/* Starts (on 1) or stops (on 0) a descriptor's count. 0, or -1 with errno. */
int upm_perf_enable(int fd, int on);

/* Reads a descriptor: its count and the nanoseconds it was enabled and running (running
 * below enabled: the kernel multiplexed it, and the count is a part). 0, or -1. */
int upm_perf_read(int fd, uint64_t *count, uint64_t *enabled_ns, uint64_t *running_ns);

#endif

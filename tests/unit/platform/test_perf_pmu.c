/* The kernel's perf PMUs (platform/linux/perf_pmu.c): format files parsed, a PMU read from a
 * sysroot holding the event_source tree as Linux's uncore_snbep.c declares Sandy Bridge-EP's
 * (snbep_uncore_formats: event config:0-7, umask config:8-15, edge config:18, inv config:23,
 * thresh config:24-31; the C-Box's filter_tid config1:0-4, filter_nid config1:10-17,
 * filter_state config1:18-22, filter_opc config1:23-31; the IMC's cas_count_read
 * "event=0x04,umask=0x03", scale 6.103515625e-5, unit MiB), its aliases encoded into the
 * attr's config words, and the open itself on the kernel's software PMU, which every Linux
 * has (type 1, PERF_TYPE_SOFTWARE; config 0, cpu-clock). */
#define _GNU_SOURCE
#include "tests/unit/test.h"
#include "platform/linux/perf_pmu.h"
#include "platform/base/str.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[64];

static void put_text(const char *rel, const char *text)
{
	char path[256];
	upm_snprintf(path, sizeof path, "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(path, 0777);
			*p = '/';
		}
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

#define DEV "sys/bus/event_source/devices/"

static void snbep_tree(void)
{
	upm_snprintf(root, sizeof root, "/tmp/upmon-perf-XXXXXX");
	CHECK(mkdtemp(root) != NULL);
	static const char *const pmus[] = { "uncore_imc_0", "uncore_cbox_0" };
	for (unsigned i = 0; i < 2; i++) {
		char rel[160];
		const char *n = pmus[i];
		upm_snprintf(rel, sizeof rel, DEV "%s/type", n);
		put_text(rel, i ? "15\n" : "14\n");
		upm_snprintf(rel, sizeof rel, DEV "%s/cpumask", n);
		put_text(rel, "0,18\n");
		static const char *const fmt[][2] = { { "event", "config:0-7\n" }, { "umask", "config:8-15\n" },
						      { "edge", "config:18\n" },    { "inv", "config:23\n" },
						      { "thresh", "config:24-31\n" } };
		for (unsigned k = 0; k < 5; k++) {
			upm_snprintf(rel, sizeof rel, DEV "%s/format/%s", n, fmt[k][0]);
			put_text(rel, fmt[k][1]);
		}
	}
	put_text(DEV "uncore_imc_0/events/cas_count_read", "event=0x04,umask=0x03\n");
	put_text(DEV "uncore_imc_0/events/cas_count_read.scale", "6.103515625e-5\n");
	put_text(DEV "uncore_imc_0/events/cas_count_read.unit", "MiB\n");
	put_text(DEV "uncore_cbox_0/format/filter_tid", "config1:0-4\n");
	put_text(DEV "uncore_cbox_0/format/filter_nid", "config1:10-17\n");
	put_text(DEV "uncore_cbox_0/format/filter_state", "config1:18-22\n");
	put_text(DEV "uncore_cbox_0/format/filter_opc", "config1:23-31\n");
}

static void drop_tree(void)
{
	char cmd[96];
	upm_snprintf(cmd, sizeof cmd, "rm -rf %s", root);
	CHECK(system(cmd) == 0);
}

TEST(perf_format_files_parse)
{
	struct upm_perf_field f;
	char err[120];
	CHECK(upm_perf_format_parse("config:0-7\n", &f, err, sizeof err) == 0 && f.word == 0 && f.mask == 0xFFull);
	CHECK(upm_perf_format_parse("config1:10-17", &f, err, sizeof err) == 0 && f.word == 1 &&
	      f.mask == 0x3FC00ull);
	CHECK(upm_perf_format_parse("config:18", &f, err, sizeof err) == 0 && f.mask == 1ull << 18);
	/* Several ranges: a value's bits fill them from the lowest up. */
	CHECK(upm_perf_format_parse("config2:0-7,32-35", &f, err, sizeof err) == 0 && f.word == 2 &&
	      f.mask == 0xF000000FFull);
	static const char *const bad[] = { "config3:0", "config:7-0", "config:0-64", "event:0-7", "config:",
					   "config:1,", "config:0-7 x" };
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = 0;
		CHECK(upm_perf_format_parse(bad[i], &f, err, sizeof err) < 0);
		CHECK(strstr(err, "is not configN:LO-HI") != NULL);
	}
}

TEST(perf_cpumask_lists)
{
	int cpus[UPM_PERF_MAX_CPUS];
	CHECK_EQ(upm_perf_cpulist_parse("0,18\n", cpus, UPM_PERF_MAX_CPUS), 2);
	CHECK(cpus[0] == 0 && cpus[1] == 18);
	CHECK_EQ(upm_perf_cpulist_parse("0-3,8", cpus, UPM_PERF_MAX_CPUS), 5);
	CHECK(cpus[3] == 3 && cpus[4] == 8);
	CHECK_EQ(upm_perf_cpulist_parse("0-3", cpus, 2), -1); /* more than room */
	CHECK_EQ(upm_perf_cpulist_parse("a", cpus, UPM_PERF_MAX_CPUS), -1);
	CHECK_EQ(upm_perf_cpulist_parse("3-1", cpus, UPM_PERF_MAX_CPUS), -1);
}

TEST(perf_pmu_read_and_alias_encoded)
{
	snbep_tree();
	struct upm_perf_pmu p;
	int missing = -1;
	char err[300], terms[128], unit[16];
	double scale = 0;
	uint64_t cfg[3];
	CHECK(upm_perf_pmu_read(root, "uncore_imc_0", &p, &missing, err, sizeof err) == 0);
	CHECK_EQ(p.type, 14u);
	CHECK(p.n_cpus == 2 && p.cpus[0] == 0 && p.cpus[1] == 18);
	CHECK_EQ(p.n_fields, 5u);
	CHECK(upm_perf_alias_read(root, &p, "cas_count_read", terms, sizeof terms, &scale, unit, sizeof unit, err,
				  sizeof err) == 0);
	CHECK(strcmp(terms, "event=0x04,umask=0x03") == 0);
	CHECK(scale == 6.103515625e-5 && strcmp(unit, "MiB") == 0);
	CHECK(upm_perf_encode(&p, terms, cfg, err, sizeof err) == 0);
	CHECK(cfg[0] == 0x0304 && cfg[1] == 0 && cfg[2] == 0); /* perf's raw config: event | umask << 8 */
	CHECK(upm_perf_encode(&p, "event=0xff,umask=0x00,edge,inv,thresh=2", cfg, err, sizeof err) == 0);
	CHECK_EQ(cfg[0], 0x028400FFull);
	/* An alias the PMU does not define: named, with where it was looked for. */
	CHECK(upm_perf_alias_read(root, &p, "cas_count_all", terms, sizeof terms, &scale, unit, sizeof unit, err,
				  sizeof err) < 0);
	CHECK(strstr(err, "defines no event cas_count_all") != NULL);
	/* The C-Box's filter terms go to config1. */
	CHECK(upm_perf_pmu_read(root, "uncore_cbox_0", &p, &missing, err, sizeof err) == 0);
	CHECK_EQ(p.n_fields, 9u);
	CHECK(upm_perf_encode(&p, "event=0x35,umask=0x03,filter_opc=0x182", cfg, err, sizeof err) == 0);
	CHECK(cfg[0] == 0x0335 && cfg[1] == 0x182ull << 23);
	/* A term the PMU has no format for, or a value wider than its field: one line each. */
	CHECK(upm_perf_encode(&p, "event=0x35,tid_en", cfg, err, sizeof err) < 0);
	CHECK(strstr(err, "has no term 'tid_en'") && strstr(err, "filter_opc"));
	CHECK(upm_perf_encode(&p, "umask=0x100", cfg, err, sizeof err) < 0);
	CHECK(strstr(err, "umask=0x100 is wider than its field") != NULL);
	CHECK(upm_perf_encode(&p, "umask=zz", cfg, err, sizeof err) < 0);
	CHECK(strstr(err, "has no number") != NULL);
	/* No such PMU: missing, told apart from a broken one. */
	CHECK(upm_perf_pmu_read(root, "uncore_imc_7", &p, &missing, err, sizeof err) < 0 && missing == 1);
	put_text(DEV "uncore_imc_0/format/umask", "config:8-\n");
	CHECK(upm_perf_pmu_read(root, "uncore_imc_0", &p, &missing, err, sizeof err) < 0 && missing == 0);
	CHECK(strstr(err, "format/umask") != NULL);
	drop_tree();
}

/* The open, start, stop and read themselves, on the software PMU's cpu-clock: the
 * nanoseconds processor 0 ran, enabled and running over the same time. */
TEST(perf_open_counts_on_the_kernel)
{
	struct upm_perf_pmu p;
	memset(&p, 0, sizeof p);
	upm_strlcpy(p.name, "software", sizeof p.name);
	p.type = 1;
	uint64_t cfg[3] = { 0, 0, 0 };
	char err[200];
	int fd = upm_perf_open(&p, 0, cfg, err, sizeof err);
	if (fd < 0)
		upm_test_fail(__FILE__, __LINE__, "%s", err);
	if (fd < 0)
		return;
	CHECK(upm_perf_enable(fd, 1) == 0);
	volatile uint64_t spin = 0;
	for (unsigned i = 0; i < 20000000u; i++)
		spin += i;
	usleep(2000);
	CHECK(upm_perf_enable(fd, 0) == 0);
	uint64_t count = 0, enabled = 0, running = 0;
	CHECK(upm_perf_read(fd, &count, &enabled, &running) == 0);
	CHECK(enabled >= 2000000u && running > 0 && running <= enabled);
	CHECK(count > 0);
	close(fd);
	/* A type the kernel has not registered: refused, with what to do. */
	p.type = 0x7fffffff;
	CHECK(upm_perf_open(&p, 0, cfg, err, sizeof err) < 0);
	CHECK(strstr(err, "perf_event_open of software on processor 0") != NULL);
}

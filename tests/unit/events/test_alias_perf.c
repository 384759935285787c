/* perf's names of the health check's memory counts (core/events/alias_perf.c), which
 * check --against perf asks the kernel for: Linux uncore_snbep.c's cas_count_read
 * (event=0x04,umask=0x03 on Sandy Bridge-EP and Ivy Bridge-EP; 0x05/0xCF on Sapphire
 * Rapids) and cas_count_write, the per-scheduler aliases on Granite Rapids and Sierra
 * Forest (cas_count_read_sch0 0x05/0xCF, _sch1 0x06/0xCF), uncore_snb.c's data_reads and
 * data_writes on the Skylake client IMC; the Xeon 7500's M-Box counts that perf names
 * nothing for are refused. */
#include "tests/unit/test.h"
#include "core/events/alias_perf.h"
#include "boxes/platform.h"
#include "platform/base/str.h"
#include "core/events/spec.h"

static int perf_of(const char *platform, const char *specs, char *out, unsigned long size, char *err,
		   unsigned long err_size)
{
	const struct upm_platform *p = upm_platform_by_name(platform);
	const char *pmu, *aliases[UPM_ALIAS_PERF_MAX];
	unsigned n;
	if (!p)
		return -2;
	int rc = upm_alias_perf_of(p, specs, &pmu, aliases, UPM_ALIAS_PERF_MAX, &n, err, err_size);
	unsigned long at = (unsigned long)upm_snprintf(out, size, "%s:", rc == 0 ? pmu : "");
	for (unsigned i = 0; rc == 0 && i < n; i++)
		at += (unsigned long)upm_snprintf(out + at, size - at, "%s%s", i ? "+" : "", aliases[i]);
	return rc;
}

TEST(alias_perf_names_the_checks_memory_counts)
{
	static const struct {
		const char *platform, *read, *write;
	} want[] = {
		{ "snbep", "imc:cas_count_read", "imc:cas_count_write" },
		{ "ivbep", "imc:cas_count_read", "imc:cas_count_write" },
		{ "spr", "imc:cas_count_read", "imc:cas_count_write" },
		{ "gnr", "imc:cas_count_read_sch0+cas_count_read_sch1", "imc:cas_count_write_sch0+cas_count_write_sch1" },
		{ "skl", "imc:data_reads", "imc:data_writes" },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(want); i++) {
		const struct upm_platform *p = upm_platform_by_name(want[i].platform);
		CHECK(p && p->check && p->check->mem_read && p->check->mem_write);
		if (!p || !p->check)
			continue;
		char got[160], err[300];
		CHECK_EQ(perf_of(want[i].platform, p->check->mem_read, got, sizeof got, err, sizeof err), 0);
		CHECK_STR(got, want[i].read);
		CHECK_EQ(perf_of(want[i].platform, p->check->mem_write, got, sizeof got, err, sizeof err), 0);
		CHECK_STR(got, want[i].write);
	}
}

TEST(alias_perf_refuses_what_perf_names_nothing_for)
{
	char got[160], err[300];
	const struct upm_platform *p = upm_platform_by_name("nhmex");
	CHECK(p && p->check);
	if (!p || !p->check)
		return;
	/* The M-Box's open- and closed-page CAS reads: perf's nhmex mbox has bbox_cmds_read,
	 * which counts the B-Box's commands, not these. */
	CHECK_EQ(perf_of("nhmex", p->check->mem_read, got, sizeof got, err, sizeof err), -1);
	CHECK(strstr(err, "perf defines no event that counts mbox/") && strstr(err, "bbox_cmds_read"));
	/* An event of a box perf has aliases for, but not that one. */
	CHECK_EQ(perf_of("snbep", "imc/ACT_COUNT/", got, sizeof got, err, sizeof err), -1);
	CHECK(strstr(err, "perf defines no event that counts imc/ACT_COUNT/ on snbep") &&
	      strstr(err, "cas_count_read"));
	CHECK_EQ(perf_of("snbep", "imc/CAS_COUNT.RD", got, sizeof got, err, sizeof err), -1);
	CHECK(strstr(err, "is not BOX/EVENT/") != NULL);
}

static int terms_of(const char *platform, const char *text, char *out, unsigned long size, char *err,
		    unsigned long err_size)
{
	struct upm_spec sp;
	if (upm_spec_parse(upm_platform_by_name(platform), text, &sp, err, err_size) < 0)
		return -2;
	return upm_alias_perf_terms(upm_platform_by_name(platform), &sp, out, size, err, err_size);
}

/* --backend perf gives the kernel a parsed spec as perf's terms, which the PMU's format
 * encodes: Sandy Bridge-EP's CAS_COUNT.RD is event 0x04 umask 0x03 (perf's cas_count_read),
 * the C-Box TOR_INSERTS.OPCODE event 0x35 umask 0x01 with its filter_opc (config1:23-31 in
 * snbep_uncore_cbox_formats_attr). */
TEST(alias_perf_terms_of_a_spec)
{
	char got[200], err[300];
	CHECK_EQ(terms_of("snbep", "imc/CAS_COUNT.RD/", got, sizeof got, err, sizeof err), 0);
	CHECK_STR(got, "event=0x4,umask=0x3");
	CHECK_EQ(terms_of("snbep", "cbo/TOR_INSERTS.OPCODE,filter_opc=0x182/", got, sizeof got, err, sizeof err), 0);
	CHECK_STR(got, "event=0x35,umask=0x1,filter_opc=0x182");
	CHECK_EQ(terms_of("snbep", "cbo3/event=0x34,umask=0x03,edge,inv,thresh=0x2/", got, sizeof got, err, sizeof err),
		 0);
	CHECK_STR(got, "event=0x34,umask=0x3,edge,inv,thresh=0x2");
	CHECK_EQ(terms_of("snbep", "pcu/event=0x80,occ_sel=1/", got, sizeof got, err, sizeof err), 0);
	CHECK_STR(got, "event=0x80,occ_sel=0x1");
	/* A fixed or free-running counter is perf's own alias for it, which the kernel defines
	 * (uncore_snbep.c imc clockticks event=0xff; uncore_snb.c data_reads on the client
	 * IMC; Skylake's uncore clock is perf's cbox clockticks, upmon's ncu UCLK). */
	CHECK_EQ(terms_of("snbep", "imc/DCLK/", got, sizeof got, err, sizeof err), 0);
	CHECK_STR(got, "@clockticks");
	CHECK_EQ(terms_of("skl", "imc/DRAM_DATA_READS/", got, sizeof got, err, sizeof err), 0);
	CHECK_STR(got, "@data_reads");
	CHECK_EQ(terms_of("skl", "ncu/UCLK/", got, sizeof got, err, sizeof err), 0);
	CHECK_STR(got, "@clockticks");
	/* One perf names nothing for: refused. */
	CHECK_EQ(terms_of("snbep", "pcu/CORE_C3_CTR/", got, sizeof got, err, sizeof err), -1);
	CHECK(strstr(err, "pcu/CORE_C3_CTR/: perf names no event for this free-running counter here") != NULL);
}

TEST(alias_perf_pmu_of_a_counter_perf_defines_elsewhere)
{
	const struct upm_platform *p = upm_platform_by_name("skl");
	struct upm_spec sp;
	char got[64], err[200];
	CHECK(p && upm_spec_parse(p, "ncu/UCLK/", &sp, err, sizeof err) == 0);
	if (!p)
		return;
	CHECK_EQ(upm_alias_perf_spec_pmu(p, &sp, 0, got, sizeof got, err, sizeof err), 0);
	CHECK_STR(got, "uncore_cbox_0");
	CHECK(upm_spec_parse(p, "imc/DRAM_DATA_READS/", &sp, err, sizeof err) == 0);
	CHECK_EQ(upm_alias_perf_spec_pmu(p, &sp, 0, got, sizeof got, err, sizeof err), 0);
	CHECK_STR(got, "uncore_imc");
	CHECK(upm_spec_parse(p, "cbo2/CACHE_LOOKUP.ANY_M/", &sp, err, sizeof err) == 0);
	CHECK_EQ(upm_alias_perf_spec_pmu(p, &sp, 2, got, sizeof got, err, sizeof err), 0);
	CHECK_STR(got, "uncore_cbox_2");
}

TEST(alias_perf_pmu_names_of_instances)
{
	static const struct {
		const char *platform, *box;
		unsigned instance;
		const char *want;
	} cases[] = {
		{ "snbep", "imc", 2, "uncore_imc_2" }, { "snbep", "cbo", 3, "uncore_cbox_3" },
		{ "snbep", "ha", 0, "uncore_ha" },     { "snbep", "qpi", 1, "uncore_qpi_1" },
		{ "skl", "imc", 0, "uncore_imc" },     { "skl", "cbo", 1, "uncore_cbox_1" },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(cases); i++) {
		const struct upm_platform *p = upm_platform_by_name(cases[i].platform);
		const struct upm_box_type *t = p ? upm_platform_box(p, cases[i].box) : NULL;
		char got[64], err[200];
		CHECK(t != NULL);
		if (!t)
			continue;
		CHECK_EQ(upm_alias_perf_pmu_name(p, t, cases[i].instance, got, sizeof got, err, sizeof err), 0);
		CHECK_STR(got, cases[i].want);
	}
}

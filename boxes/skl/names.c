/* Linux perf's and Intel perfmon's names on 6th-generation Core (Skylake client).
 * PMU types: Linux arch/x86/events/intel/uncore_snb.c: skl_uncore_cbox "cbox" (one per
 * core, "uncore_cbox_N"; its fixed counter, perf's "clockticks" event=0xff,umask=0x00
 * from snb_uncore_events, is the uncore clock upmon reads on the ncu), snb_uncore_arb
 * "arb" (one box: "uncore_arb"), the client memory controller "imc" (one box:
 * "uncore_imc", snb_uncore_imc_events). perfmon unit prefixes: github.com/intel/perfmon
 * SKL skylake_uncore.json (UNC_CBO_, UNC_ARB_, and UNC_CLOCK.SOCKET). */
#include "boxes/names.h"

static const struct upm_box_names boxes[] = {
	{ "cbo", "cbox", 0, "UNC_CBO_" },
	{ "arb", "arb", 1, "UNC_ARB_" },
	{ "imc", "imc", 1, 0 },
	{ "ncu", 0, 0, 0 },
};

static const struct upm_event_alias perf_events[] = {
	{ "cbo", "clockticks", "UCLK", "ncu", "uncore_snb.c snb_uncore_events clockticks event=0xff,umask=0x00 (fixed counter)" },
	{ "imc", "data_reads", "DRAM_DATA_READS", 0, "uncore_snb.c snb_uncore_imc_events data_reads event=0x01 (MCHBAR+0x5050)" },
	{ "imc", "data_writes", "DRAM_DATA_WRITES", 0, "uncore_snb.c snb_uncore_imc_events data_writes event=0x02 (MCHBAR+0x5054)" },
	{ "imc", "gt_requests", "DRAM_GT_REQUESTS", 0, "uncore_snb.c snb_uncore_imc_events gt_requests event=0x03 (MCHBAR+0x5040)" },
	{ "imc", "ia_requests", "DRAM_IA_REQUESTS", 0, "uncore_snb.c snb_uncore_imc_events ia_requests event=0x04 (MCHBAR+0x5044)" },
	{ "imc", "io_requests", "DRAM_IO_REQUESTS", 0, "uncore_snb.c snb_uncore_imc_events io_requests event=0x05 (MCHBAR+0x5048)" },
};

static const struct upm_event_alias perfmon_exceptions[] = {
	/* skylake_uncore.json UNC_CLOCK.SOCKET: the uncore's fixed clock counter, which
	 * upmon selects as ncu/UCLK/ (boxes/skl/box_ncu.c). */
	{ "ncu", "UNC_CLOCK.SOCKET", "UCLK", 0, "perfmon SKL skylake_uncore.json UNC_CLOCK.SOCKET (fixed counter)" },
};

/* perf's snb_uncore_formats_attr names the threshold field cmask (config:24-28). */
static const struct upm_term_alias terms[] = {
	{ "cbo", "cmask", "thresh", 0 },
	{ "arb", "cmask", "thresh", 0 },
};

/* Events of a kind (boxes/names.h): the events of MEM_BW_READS, MEM_BW_WRITES and
 * UNCORE_FREQ (boxes/skl/metrics.c). */
static const struct upm_event_kind kinds[] = {
	{ "dram_reads", "imc/DRAM_DATA_READS/" },
	{ "dram_writes", "imc/DRAM_DATA_WRITES/" },
	{ "uncore_clock", "ncu/UCLK/" },
};

const struct upm_naming upm_skl_naming = {
	UPM_NAMING_TABLE(boxes),
	UPM_NAMING_TABLE(perf_events),
	.perfmon_exceptions = perfmon_exceptions,
	.n_perfmon_exceptions = sizeof perfmon_exceptions / sizeof perfmon_exceptions[0],
	UPM_NAMING_TABLE(terms),
	.kinds = kinds,
	.n_kinds = sizeof kinds / sizeof kinds[0],
};

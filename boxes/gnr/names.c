/* Linux perf's and Intel perfmon's names on Granite Rapids and Sierra Forest. PMU types:
 * Linux arch/x86/events/intel/uncore_snbep.c gnr_uncores[] ("cha", "iio", "irp", "pcu",
 * "ubox", "imc", "upi", "cxlcm", "cxldp", "b2hot", "b2cmi", "b2cxl", "b2upi", "mdf_sbo",
 * "pciex16", "pciex8"); a type with one box is "uncore_NAME", others "uncore_NAME_N"
 * (uncore.c uncore_pmu_register). perfmon unit prefixes: github.com/intel/perfmon
 * GNR/events/graniterapids_uncore*.json (tools/perfmon_events.py, generation gnr). */
#include "boxes/names.h"
#include "boxes/gnr/events.h"

static const struct upm_box_names boxes[] = {
	{ "cha", "cha", 0, "UNC_CHA_" },         { "iio", "iio", 0, "UNC_IIO_" },
	{ "irp", "irp", 0, "UNC_I_" },           { "pcu", "pcu", 1, "UNC_P_" },
	{ "ubox", "ubox", 1, "UNC_U_" },         { "imc", "imc", 0, "UNC_M_" },
	{ "upi", "upi", 0, "UNC_UPI_" },         { "cxlcm", "cxlcm", 0, "UNC_CXLCM_" },
	{ "cxldp", "cxldp", 0, "UNC_CXLDP_" },   { "b2hot", "b2hot", 0, "UNC_B2HOT_" },
	{ "b2cmi", "b2cmi", 0, "UNC_B2CMI_" },   { "b2cxl", "b2cxl", 0, "UNC_B2CXL_" },
	{ "b2upi", "b2upi", 0, "UNC_B2UPI_" },   { "mdf_sbo", "mdf_sbo", 0, "UNC_MDF_" },
};

/* uncore_snbep.c gnr_uncore_imc_events ("perf/x86/intel/uncore: Add IMC events for
 * Granite Rapids", 2026): clockticks 0x01/0x00 and each scheduler's CAS counts, the same
 * encodings as perfmon's UNC_M_HCLOCKTICKS, UNC_M_CAS_COUNT_SCH0/SCH1.RD (0x05/0x06, 0xCF)
 * and .WR (0xF0). */
static const struct upm_event_alias perf_events[] = {
	{ "imc", "clockticks", "HCLOCKTICKS", 0, "uncore_snbep.c gnr imc clockticks event=0x01,umask=0x00" },
	{ "imc", "cas_count_read_sch0", "CAS_COUNT_SCH0.RD", 0,
	  "uncore_snbep.c gnr imc cas_count_read_sch0 event=0x05,umask=0xcf" },
	{ "imc", "cas_count_read_sch1", "CAS_COUNT_SCH1.RD", 0,
	  "uncore_snbep.c gnr imc cas_count_read_sch1 event=0x06,umask=0xcf" },
	{ "imc", "cas_count_write_sch0", "CAS_COUNT_SCH0.WR", 0,
	  "uncore_snbep.c gnr imc cas_count_write_sch0 event=0x05,umask=0xf0" },
	{ "imc", "cas_count_write_sch1", "CAS_COUNT_SCH1.WR", 0,
	  "uncore_snbep.c gnr imc cas_count_write_sch1 event=0x06,umask=0xf0" },
};

/* Events of a kind (boxes/names.h): a channel's reads and writes are sums here, one count
 * per command scheduler (MEM_BW_READS and MEM_BW_WRITES, boxes/gnr/metrics.c, add them):
 * another platform's read count is answered with both, never one (which would count half).
 * Linux dropped perf's cas_count_read/_write on these parts for the per-scheduler ones
 * (uncore_snbep.c gnr_uncore_imc_events, 2026). */
static const struct upm_event_kind kinds[] = {
	{ "uncore_clock", "cha0/CLOCKTICKS/" },
	{ "dram_reads", "imc/CAS_COUNT_SCH0.RD/,imc/CAS_COUNT_SCH1.RD/" },
	{ "dram_writes", "imc/CAS_COUNT_SCH0.WR/,imc/CAS_COUNT_SCH1.WR/" },
};

/* perf's cas_count_read and cas_count_write on these parts mean the channel's whole count:
 * both schedulers, each its own event here. Linux names them per scheduler since 2026
 * (cas_count_read_sch0/_sch1, taken above); the old names are counted as the sum, never
 * as scheduler 0 alone, which would be about half (boxes/gnr/metrics_list.h CAS_COUNT_*). */
static const struct upm_event_sum sums[] = {
	{ "imc", "cas_count_read", "CAS_COUNT_READ", "imc/CAS_COUNT_SCH0.RD/,imc/CAS_COUNT_SCH1.RD/" },
	{ "imc", "cas_count_write", "CAS_COUNT_WRITE", "imc/CAS_COUNT_SCH0.WR/,imc/CAS_COUNT_SCH1.WR/" },
};

const struct upm_naming upm_gnr_naming = {
	.boxes = boxes,
	.n_boxes = sizeof boxes / sizeof boxes[0],
	.perf_events = perf_events,
	.n_perf_events = sizeof perf_events / sizeof perf_events[0],
	.kinds = kinds,
	.n_kinds = sizeof kinds / sizeof kinds[0],
	.sums = sums,
	.n_sums = sizeof sums / sizeof sums[0],
};

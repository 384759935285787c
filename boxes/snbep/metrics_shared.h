/* Metrics Sandy Bridge-EP and Ivy Bridge-EP define alike: the same formula over events
 * of the same names, unit masks and filters on both (boxes/snbep/metrics.c,
 * boxes/ivbep/metrics.c). Each is one initialiser used by both metric tables, so a
 * change to one is a change to both; tests/unit/test_tables_ivbep.c checks that both
 * tables hold them. Sources cite the Sandy Bridge-EP guide (seed 000), whose definitions
 * the Ivy Bridge-EP events (intel/perfmon IVT) carry over; see boxes/ivbep/metrics.c. */
#ifndef UPMON_BOXES_SNBEP_METRICS_SHARED_H
#define UPMON_BOXES_SNBEP_METRICS_SHARED_H

#include "boxes/metric.h"

/* 000:233-236: READ_MEM_BW = iMC CAS_COUNT.RD x 64 bytes; likewise writes (T2-65). */
#define UPM_METRIC_MEM_BW_READS                                            \
	{ "MEM_BW_READS", "imc/CAS_COUNT.RD/", NULL, 64.0, "bytes/s",      \
	  "memory read bandwidth: read CAS commands x 64 bytes", "000:233-236, 2319-2363" }
#define UPM_METRIC_MEM_BW_WRITES                                           \
	{ "MEM_BW_WRITES", "imc/CAS_COUNT.WR/", NULL, 64.0, "bytes/s",     \
	  "memory write bandwidth: write CAS commands x 64 bytes", "000:2319-2363" }
#define UPM_METRIC_MEM_BW_TOTAL                                            \
	{ "MEM_BW_TOTAL", "imc/CAS_COUNT.ALL/", NULL, 64.0, "bytes/s",     \
	  "memory bandwidth, reads and writes", "000:2319-2363" }
/* Opcode 0x182 is a data read on both (Linux tools/perf/pmu-events ivytown
 * uncore-cache.json LLC_MISSES.DATA_READ: filter_opc=0x182). */
#define UPM_METRIC_LLC_DRD_MISS_LATENCY                                              \
	{ "LLC_DRD_MISS_LATENCY", "cbo/TOR_OCCUPANCY.MISS_OPCODE,filter_opc=0x182/", \
	  "cbo/TOR_INSERTS.MISS_OPCODE,filter_opc=0x182/", 1.0, "uncore cycles",     \
	  "average latency of data reads that miss the LLC (occupancy over inserts)", \
	  "000:441-456, 1262-1438" }
#define UPM_METRIC_UNCORE_FREQ \
	{ "UNCORE_FREQ", "ubox/UCLK/", NULL, 1.0, "Hz", "uncore clock frequency", "000:373-374" }
#define UPM_METRIC_DRAM_CLOCK_FREQ                                                   \
	{ "DRAM_CLOCK_FREQ", "imc0/DCLK/", NULL, 1.0, "Hz", "DRAM clock of channel 0", \
	  "000:2255-2258" }
/* 000:3001-3021; the guide prints CYC_FREQ_THERMAL_LTD over FREQ_MAX_CURRENT_CYCLES,
 * a copy error: the thermal limit event is FREQ_MAX_LIMIT_THERMAL_CYCLES. */
#define UPM_METRIC_CYC_FREQ_THERMAL_LTD                                                   \
	{ "CYC_FREQ_THERMAL_LTD", "pcu/FREQ_MAX_LIMIT_THERMAL_CYCLES/", "pcu/CLOCKTICKS/", \
	  1.0, "ratio", "share of PCU cycles with frequency limited by temperature",       \
	  "000:3001-3021" }
#define UPM_METRIC_CYC_FREQ_POWER_LTD                                                  \
	{ "CYC_FREQ_POWER_LTD", "pcu/FREQ_MAX_POWER_CYCLES/", "pcu/CLOCKTICKS/", 1.0,   \
	  "ratio", "share of PCU cycles with frequency limited by power", "000:3001-3021" }
#define UPM_METRIC_CYC_FREQ_OS_LTD                                                             \
	{ "CYC_FREQ_OS_LTD", "pcu/FREQ_MAX_OS_CYCLES/", "pcu/CLOCKTICKS/", 1.0, "ratio",         \
	  "share of PCU cycles with frequency limited by the OS request", "000:3001-3021" }
#define UPM_METRIC_CYC_FREQ_CURRENT_LTD                                                      \
	{ "CYC_FREQ_CURRENT_LTD", "pcu/FREQ_MAX_CURRENT_CYCLES/", "pcu/CLOCKTICKS/", 1.0,     \
	  "ratio", "share of PCU cycles with frequency limited by current", "000:3001-3021" }
#define UPM_METRIC_PCT_CYCLES_CONFLICT                                                      \
	{ "PCT_CYCLES_CONFLICT", "ha/CONFLICT_CYCLES.CONFLICT/", "ha/CLOCKTICKS/", 1.0, "ratio", \
	  "share of HA cycles with address conflicts (guide divides by the sample interval; " \
	  "the HA clock is its cycle count)", "000:1716-1741" }

#endif

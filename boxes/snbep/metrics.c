/* Sandy Bridge-EP derived metrics, from the guide's definitions. */
#include "boxes/metric.h"
#include "boxes/snbep/snbep.h"

const struct upm_metric upm_snbep_metrics[] = {
	/* 000:233-236: READ_MEM_BW = iMC CAS_COUNT.RD x 64 bytes; likewise writes (T2-65). */
	{ "MEM_BW_READS", "imc/CAS_COUNT.RD/", NULL, 64.0, "bytes/s",
	  "memory read bandwidth: read CAS commands x 64 bytes", "000:233-236, 2319-2363" },
	{ "MEM_BW_WRITES", "imc/CAS_COUNT.WR/", NULL, 64.0, "bytes/s",
	  "memory write bandwidth: write CAS commands x 64 bytes", "000:2319-2363" },
	{ "MEM_BW_TOTAL", "imc/CAS_COUNT.ALL/", NULL, 64.0, "bytes/s",
	  "memory bandwidth, reads and writes", "000:2319-2363" },
	/* 000:865-873: state filter I (0x01) = misses, 0x1E = hits, 0x1F = every lookup. */
	{ "LLC_HIT_RATE", "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1e/",
	  "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/", 1.0, "ratio",
	  "LLC data-read lookups that hit, over all data-read lookups", "000:860-901" },
	{ "LLC_DRD_MISS_LATENCY", "cbo/TOR_OCCUPANCY.MISS_OPCODE,filter_opc=0x182/",
	  "cbo/TOR_INSERTS.MISS_OPCODE,filter_opc=0x182/", 1.0, "uncore cycles",
	  "average latency of data reads that miss the LLC (occupancy over inserts)",
	  "000:441-456, 1262-1438" },
	{ "UNCORE_FREQ", "ubox/UCLK/", NULL, 1.0, "Hz", "uncore clock frequency", "000:373-374" },
	{ "DRAM_CLOCK_FREQ", "imc0/DCLK/", NULL, 1.0, "Hz", "DRAM clock of channel 0",
	  "000:2255-2258" },
	{ "RPQ_AVG_LATENCY", "imc/RPQ_OCCUPANCY/", "imc/RPQ_INSERTS/", 1.0, "DRAM cycles",
	  "average time a read waits in the read pending queue", "000:2600-2645" },
	/* 000:3001-3021; the guide prints CYC_FREQ_THERMAL_LTD over FREQ_MAX_CURRENT_CYCLES,
	 * a copy error: the thermal limit event is FREQ_MAX_LIMIT_THERMAL_CYCLES. */
	{ "CYC_FREQ_THERMAL_LTD", "pcu/FREQ_MAX_LIMIT_THERMAL_CYCLES/", "pcu/CLOCKTICKS/", 1.0,
	  "ratio", "share of PCU cycles with frequency limited by temperature", "000:3001-3021" },
	{ "CYC_FREQ_POWER_LTD", "pcu/FREQ_MAX_POWER_CYCLES/", "pcu/CLOCKTICKS/", 1.0, "ratio",
	  "share of PCU cycles with frequency limited by power", "000:3001-3021" },
	{ "CYC_FREQ_OS_LTD", "pcu/FREQ_MAX_OS_CYCLES/", "pcu/CLOCKTICKS/", 1.0, "ratio",
	  "share of PCU cycles with frequency limited by the OS request", "000:3001-3021" },
	{ "CYC_FREQ_CURRENT_LTD", "pcu/FREQ_MAX_CURRENT_CYCLES/", "pcu/CLOCKTICKS/", 1.0, "ratio",
	  "share of PCU cycles with frequency limited by current", "000:3001-3021" },
	{ "PCT_CYCLES_CONFLICT", "ha/CONFLICT_CYCLES.CONFLICT/", "ha/CLOCKTICKS/", 1.0, "ratio",
	  "share of HA cycles with address conflicts (guide divides by the sample interval; "
	  "the HA clock is its cycle count)", "000:1716-1741" },
};
const unsigned upm_snbep_n_metrics = UPM_ARRAY_LEN(upm_snbep_metrics);

/* 6th-generation Core derived metrics, from the guide's definitions. */
#include "boxes/skl/skl.h"

const struct upm_metric upm_skl_metrics[] = {
	/* 001:587-594: every RdCAS/WrCAS moves 64 bytes; "use for accurate memory bandwidth".
	 * This is the platform's memory plausibility figure. */
	{ "MEM_BW_READS", "imc/DRAM_DATA_READS/", NULL, 64.0, "bytes/s",
	  "memory read bandwidth: DRAM reads x 64 bytes", "001:587-590", NULL, NULL },
	{ "MEM_BW_WRITES", "imc/DRAM_DATA_WRITES/", NULL, 64.0, "bytes/s",
	  "memory write bandwidth: DRAM writes x 64 bytes", "001:591-594", NULL, NULL },
	/* 001:316-320 and 538-539: the fixed counter counts UCLK cycles. */
	{ "UNCORE_FREQ", "ncu/UCLK/", NULL, 1.0, "Hz", "uncore clock frequency",
	  "001:316-320, 538-539", NULL, NULL },
	/* Lookups that found the line invalid are misses (001:474-477, 490-493). */
	{ "LLC_MISS_RATIO", "cbo/CACHE_LOOKUP.ANY_I/", "cbo/CACHE_LOOKUP.ANY_MESI/", 1.0, "ratio",
	  "LLC lookups that missed (line in state I) over all lookups", "001:462-505", NULL, NULL },
};
const unsigned upm_skl_n_metrics = UPM_ARRAY_LEN(upm_skl_metrics);

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
	/* Lookups that found the line invalid are misses (001:474-477, 490-493); hits are
	 * every lookup less those. */
	UPM_FMETRIC_ALIAS("LLC_MISS_PCT", "LLC_MISS_RATIO", "cbo/CACHE_LOOKUP.ANY_I/ / cbo/CACHE_LOOKUP.ANY_MESI/", "ratio",
			  "LLC lookups that missed (line in state I) over all lookups", "001:462-505"),
	UPM_FMETRIC("LLC_HIT_PCT", "(cbo/CACHE_LOOKUP.ANY_MESI/ - cbo/CACHE_LOOKUP.ANY_I/) / cbo/CACHE_LOOKUP.ANY_MESI/",
		    "ratio", "LLC lookups that hit (line in state M, E or S) over all lookups", "001:462-505"),
	UPM_FMETRIC("LLC_RD_MISS_PCT", "cbo/CACHE_LOOKUP.READ_I/ / cbo/CACHE_LOOKUP.READ_MESI/", "ratio",
		    "LLC read lookups that missed over all read lookups", "001:470-473, 482-485"),
	UPM_FMETRIC("LLC_WRITE_MISS_PCT",
		    "(cbo/CACHE_LOOKUP.WRITE_MESI/ - cbo/CACHE_LOOKUP.WRITE_ES/ - cbo/CACHE_LOOKUP.WRITE_M/) / cbo/CACHE_LOOKUP.WRITE_MESI/",
		    "ratio", "LLC write lookups that missed (neither M nor E/S) over all write lookups",
		    "001:462-465, 486-489, 502-505"),
	UPM_FMETRIC("MEM_BW_TOTAL", "(imc/DRAM_DATA_READS/ + imc/DRAM_DATA_WRITES/) * 64 / SECONDS", "bytes/s",
		    "memory bandwidth, reads and writes (64 bytes a CAS)", "001:587-594"),
	UPM_FMETRIC("MEM_BW_READ_SHARE", "imc/DRAM_DATA_READS/ / (imc/DRAM_DATA_READS/ + imc/DRAM_DATA_WRITES/)",
		    "ratio", "share of memory traffic that is reads", "001:587-594"),
	/* 001:578-586: IO requests to DRAM of every IO source, reads and writes together;
	 * a partial write counts as a request, so x 64 bytes is an upper bound. */
	UPM_FMETRIC("IO_BW_MAX", "imc/DRAM_IO_REQUESTS/ * 64 / SECONDS", "bytes/s",
		    "IO (PCIe, display, USB ...) memory requests x 64 bytes: at most the IO traffic", "001:578-586"),
};
const unsigned upm_skl_n_metrics = UPM_ARRAY_LEN(upm_skl_metrics);

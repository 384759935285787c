/* Skylake client event groups (boxes/group.h). A one-socket client part: no QPI, and the
 * guide documents no ring or power events, so there are no QPI, RING or POWER groups;
 * PCIE is the IO requests the memory controller serves (001: IMC DRAM_IO_REQUESTS).
 * A CBo and the ARB have 2 counters each (boxes/skl/box_cbo.c, box_arb.c): where a group
 * needs more, its interval form (boxes/group.h) keeps two counts there. */
#include "boxes/skl/skl.h"

const struct upm_group upm_skl_groups[] = {
	{ "MEM", "DRAM bandwidth, read and write, and who asks (cores, graphics, IO)",
	  "imc/DRAM_DATA_READS/,imc/DRAM_DATA_WRITES/,imc/DRAM_IA_REQUESTS/,imc/DRAM_GT_REQUESTS/,"
	  "imc/DRAM_IO_REQUESTS/",
	  "MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL,MEM_BW_READ_SHARE", NULL, NULL },
	{ "LLC", "how often LLC lookups miss, and cross-core snoop outcomes",
	  "cbo/CACHE_LOOKUP.READ_MESI/,cbo/CACHE_LOOKUP.READ_I/,cbo/XSNP_RESPONSE.HITM_XCORE/",
	  "LLC_MISS_PCT,LLC_HIT_PCT,LLC_RD_MISS_PCT",
	  /* Every lookup and those that missed: the hit and miss shares. */
	  NULL, "LLC_MISS_PCT,LLC_HIT_PCT" },
	{ "PCIE", "memory requests from IO (PCIe and other devices)", "imc/DRAM_IO_REQUESTS/", "IO_BW_MAX", NULL, NULL },
	{ "ARB", "requests waiting for memory: outstanding entries and allocations",
	  "arb/TRK_OCCUPANCY.ALL/,arb/TRK_REQUESTS.ALL/,arb/TRK_REQUESTS.WRITES/", NULL,
	  /* Outstanding entries and allocations: their ratio is the time a request waits. */
	  "arb/TRK_OCCUPANCY.ALL/,arb/TRK_REQUESTS.ALL/", NULL },
};

const unsigned upm_skl_n_groups = UPM_ARRAY_LEN(upm_skl_groups);

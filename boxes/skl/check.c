/* What the health check measures on the 6th-generation Core (core/check/check.c,
 * core/check/selftest.c). */
#include "boxes/skl/skl.h"

const struct upm_check_profile upm_skl_check = {
	/* The guide has no clock event on the CBos or the ARB: only the fixed counter counts
	 * whenever it is enabled (UNC_CLOCK.SOCKET, 001:538-539). */
	.clocks = "ncu/UCLK/",
	/* So the CBos and the ARB are self-tested under the read feed: every load the feed
	 * makes looks the LLC up in some state (CACHE_LOOKUP.ANY_MESI, 001:490-493), and
	 * every miss is an outgoing request the ARB allocates (TRK_REQUESTS.ALL, 001:516-520). */
	.traffic = "cbo/CACHE_LOOKUP.ANY_MESI/,arb/TRK_REQUESTS.ALL/",
	.uclk = "ncu/UCLK/",
	/* The guide gives no uncore frequency range. Skylake client parts run their ring
	 * from about 0.8 GHz to the low 4 GHz range (UNCONFIRMED: no public source read), so
	 * 0.4 to 5.0 GHz is taken as plausible. */
	.uclk_min_mhz = 400.0,
	.uclk_max_mhz = 5000.0,
	.uclk_source = "no range in 334060-001; Skylake client ring about 0.8-4.2 GHz (UNCONFIRMED)",
	/* DRAM_DATA_READS/WRITES: every one a 64-byte transfer, "use for accurate memory
	 * bandwidth calculations" (001:587-594); one counter for all channels, no DRAM
	 * clock. */
	.mem_read = "imc/DRAM_DATA_READS/",
	.mem_write = "imc/DRAM_DATA_WRITES/",
	.mem_clock = NULL,
	.mem_bytes_per_count = 64,
	/* CACHE_LOOKUP with the request nibble "any" (0x8) and the state nibble M|E|S
	 * (0x1|0x6) are hits, state I (0x8) misses: the guide's unit-mask pattern
	 * (001:462-505: ANY_M 0x81, ANY_ES 0x86, ANY_I 0x88). */
	.llc_hits = "cbo/CACHE_LOOKUP,umask=0x87/",
	.llc_misses = "cbo/CACHE_LOOKUP.ANY_I/",
	.link_flits = NULL, /* one socket, no links */
	.source = "334060-001 (seed 001)",
};

/* What the health check measures on the Xeon 7500 and Xeon E7 (core/check/check.c,
 * core/check/selftest.c); one profile serves both: the specs name box types, and the two
 * platforms' box types (8 or 10 C-Boxes, the FVC layout) differ only in their tables. */
#include "boxes/nhmex/nhmex.h"
#include "boxes/platform.h"

const struct upm_check_profile upm_nhmex_check = {
	/* Only two counters tick whenever they are enabled: the W-Box fixed counter at the
	 * uncore clock (002:5500) and the M-Box CYCLES event (0x1B, 002:4984-4989). */
	.clocks = "wbox/UCLK/,mbox/CYCLES/",
	/* The other boxes count only under traffic, which the self-test's read feed makes:
	 *  - C-Box LLC_MISSES.I, "address not found" (002:1363-1376): a cold read misses;
	 *  - B-Box IMT_INSERTS_ALL (counter 1 only, 002:2088-2094): every memory read the
	 *    home agent sends to its M-Box takes an IMT entry (002:1904-1906). Both home
	 *    agents see the feed's lines only when the memory is interleaved between them
	 *    below 4 MiB; the guide does not give the interleave (UNCONFIRMED);
	 *  - S-Box PKTS_SENT_HOM.ALL (0x60, 002:2700): each miss leaves as one HOM request,
	 *    and the C-Boxes' lines are spread over both S-Boxes. */
	.traffic = "cbo/LLC_MISSES.I/,bbox/IMT_INSERTS_ALL/,sbox/PKTS_SENT_HOM.ALL/",
	/* No U-Box event counts without interrupts, locks or errors (Table 2-8, 002:607-626),
	 * and local reads may bypass the R-Box: the S-Box takes DRS data straight from the
	 * B-Box (B2S, 002:2697, 2719). The R-Box is counted by link.port under cross-socket
	 * reads instead. */
	/* The W-Box's general counters too (PROCHOT, 002:5649): programmed and read back
	 * while counting, so an enable bit that never sets shows (the pattern test leaves the
	 * enables clear). */
	.registers_only = "ubox/BUF_VALID_LOCAL_INT/,rbox/FLITS_SENT,port=0/,rbox/FLITS_SENT,port=4/,"
			  "wbox/PROCHOT.ALL/",
	.registers_only_why = "no event of it is sure to count under local reads (U-Box: interrupts, locks, "
			      "errors; R-Box: bypassed, 002:2697, its QPI ports are judged by link.port; "
			      "W-Box: throttling and PROCHOT)",
	.uclk = "wbox/UCLK/",
	/* The guide gives no uncore frequency. The parts' core clocks range from 1.73 to
	 * 2.67 GHz (Xeon 7500 and E7 product lists; UNCONFIRMED for the uncore), so 1.0 to
	 * 3.0 GHz is taken as plausible; check.uclk_min_mhz/max_mhz override it. */
	.uclk_min_mhz = 1000.0,
	.uclk_max_mhz = 3000.0,
	.uclk_source = "no range in 325294-001; Xeon 7500/E7 core clocks 1.73-2.67 GHz (UNCONFIRMED for the uncore)",
	/* CAS commands per M-Box: reads are open-page plus closed-page CAS (002:5080-5094).
	 * Both count in one pass: DRAM_CMD filters on PLD.dram_cmd and DRAM_MISC on its own
	 * dram_cmd1 field (002:5135-5174); writes take a second pass, since they need other
	 * values in the same two fields. 64 bytes per CAS: each M-Box drives its two SMI
	 * channels in lockstep (002:4448, 4452), so one command moves one line (our
	 * inference, as in metrics.c). */
	.mem_read = "mbox/DRAM_CMD.CAS_RD_OPN/,mbox/DRAM_MISC.CAS_RD_CLS/",
	.mem_write = "mbox/DRAM_CMD.CAS_WR_OPN/,mbox/DRAM_MISC.CAS_WR_CLS/",
	.mem_clock = "mbox/CYCLES/",
	.mem_bytes_per_count = 64,
	/* LLC_HITS by every state, LLC_MISSES of lines not in the cache (I); the S and F
	 * misses are upgrades of lines that hit (002:1346-1376), left out so no lookup
	 * counts twice. */
	.llc_hits = "cbo/LLC_HITS.ALL/",
	.llc_misses = "cbo/LLC_MISSES.I/",
	/* R-Box FLITS_SENT (IPERF bit 31, 002:4234-4239) on the four QPI ports, 0, 1, 4 and 5
	 * (Table 2-40, 002:3824-3835); a 64-byte line is a 9-flit DRS message (002:2632). */
	.link_flits = "rbox/FLITS_SENT,port=0/,rbox/FLITS_SENT,port=1/,rbox/FLITS_SENT,port=4/,"
		      "rbox/FLITS_SENT,port=5/",
	.link_flits_per_line = 9,
	.source = "325294-001 (seed 002)",
};

/* Nehalem-EX / Westmere-EX derived metrics, from the E7 guide's definitions (seed 002).
 *
 * Uncore cycles come from the W-Box fixed counter, which counts at the uncore clock
 * (002:5500, 5635); its spec is "wbox/UCLK/", UCLK being the fixed_event name
 * of the W-Box box type. Every value sums its numerator and its denominator over the
 * box instances of one socket (boxes/metric.h), so the B-Box and S-Box figures are
 * socket totals over both B-Boxes / both S-Boxes against one uncore clock.
 *
 * Memory traffic. The guide gives no bandwidth formula for this uncore. The B-Box
 * in-flight memory table (IMT) inserts are used: every memory read or write the home
 * agent sends to its M-Box takes an IMT entry (002:1904-1906), IMT_INSERTS_RD/_WR/_ALL
 * are single events with no sub-control register, and each transaction moves one
 * 64-byte line (the home agent works on whole lines: ring-bound DRS data is always a
 * full cacheline, 002:2632). Caveats: conflicts and AckConflicts also count as inserts
 * (002:2094), so the figure runs high when BBOX_CONFLICT_PCT is above a few percent, and
 * a partial write counts as a full line. The M-Box figures count at the memory
 * controller instead: reads are CAS_RD_OPN + CAS_RD_CLS (and writes likewise,
 * 002:5080-5094), counted in one pass through DRAM_CMD (PLD.dram_cmd) and DRAM_MISC
 * (its own dram_cmd1, 002:5135-5174); the health check uses the same pair. Bytes per
 * CAS are 64, not 128: each M-Box drives its two SMI channels in lockstep (002:4448,
 * 4452), so one command moves one line split across the pair, half from each channel
 * (our inference; the guide does not state bytes per command). */
#include "boxes/nhmex/nhmex_events.h"

#define UCLK "wbox/UCLK/"

/* S-Box link utilization for one message class: flits / uncore cycles (002:2623-2638).
 * Fixed-length classes count packets times flits per message (002:2627-2634);
 * variable-length system-bound classes have their own flit events. */
#define SBOX_UTIL(name_, spec_, flits_, desc_, src_) \
	{ name_, spec_, UCLK, flits_, "flits/uncore cycle", desc_, "002:2623-2638, " src_, NULL, NULL }

/* One R-Box match/mask count of DRS packets leaving through port p (the spec's port
 * picks the R-Box half, boxes/nhmex/box_rbox.c): MC = DRS (b1110, match bits 12:9) under
 * the given mask, counting packets, not flits (MM_CFG 0x00210000, 002:4086). */
#define DRS_MM(p, mask) "rbox/XBAR_MM,port=" #p ",xbr_match=0x1C00,xbr_mask=" mask ",xbr_match_flit_cnt=1/"
#define DRS_ANY_RESP(p) DRS_MM(p, "0x1E00")  /* DRS.AnyResp, 002:4074 */
#define DRS_ANY_DATAC(p) DRS_MM(p, "0x1F80") /* DRS.AnyDataC, 002:4069 */
#define DRS_ALL_PORTS(ev) \
	"(" ev(0) " + " ev(1) " + " ev(2) " + " ev(3) " + " ev(4) " + " ev(5) " + " ev(6) " + " ev(7) ")"

/* What only the Xeon E7 guide defines: its events are not the 7500's (the local NCS
 * queue, boxes/nhmex/events_sbox.c), or the metric is the E7 guide's alone and the 7500
 * guide (seed 004, a C-Box excerpt) defines none of its events (the R-Box match/mask
 * messages of Table 2-53). They end the table, so the 7500 (upm_nhmex_n_metrics) counts
 * the entries before them and the E7 (upm_wsmex_n_metrics) all of them.
 *  - RBOX_DRS_WRITES: "DRS.AnyResp - DRS.AnyDataC will compute the number of DRS
 *    writeback and non snoop write messages" (002:4069), over every port's packets that
 *    leave the R-Box (002:4094), per second: each of the 16 counts over its own window
 *    (core/metrics/metrics.h), so parts counted in different passes still agree.
 *  - SBOX_TX/RX_LOC_NCS_UTIL: the per-class utilization (002:2636) of the local NCS
 *    class, 3 flits per received packet (002:3004-3010). */
#define NHMEX_E7_ONLY_METRICS \
	UPM_FMETRIC("RBOX_DRS_WRITES", \
		    "(" DRS_ALL_PORTS(DRS_ANY_RESP) " - " DRS_ALL_PORTS(DRS_ANY_DATAC) ") / SECONDS", \
		    "messages/s", "DRS writeback and non-snoop write messages through the R-Box " \
		    "(DRS.AnyResp - DRS.AnyDataC, all 8 ports)", "002:4005-4094"), \
	SBOX_UTIL("SBOX_TX_LOC_NCS_UTIL", "sbox/FLITS_SENT_LOC_NCS/", 1.0, "S-Box local NCS send link use", \
		  "2869-2874"), \
	SBOX_UTIL("SBOX_RX_LOC_NCS_UTIL", "sbox/PKTS_RCVD_LOC_NCS/", 3.0, \
		  "S-Box local NCS receive link use (3 flits per packet)", "3004-3010"),

const struct upm_metric upm_nhmex_metrics[] = {
	{ "UNCORE_FREQ", UCLK, NULL, 1.0, "Hz", "uncore clock frequency (W-Box fixed counter)",
	  "002:5500, 5635", NULL, NULL },

	/* 002:1904-1918. IMT_VALID_OCCUPANCY counts overflows of a sub-counter that
	 * accumulates valid entries each cycle, so x32; TF_OCCUPANCY_ALL likewise x256
	 * (002:2196, 2316). The guide divides TF occupancy by IMT inserts for latency. */
	{ "BBOX_IMT_AVG_OCCUPANCY", "bbox/IMT_VALID_OCCUPANCY/", UCLK, 32.0, "entries",
	  "average valid in-flight memory table entries, both B-Boxes together", "002:1904-1910, 2190-2196", NULL, NULL },
	{ "BBOX_IMT_AVG_LATENCY", "bbox/IMT_VALID_OCCUPANCY/", "bbox/IMT_INSERTS_ALL/", 32.0,
	  "uncore cycles", "average time a memory transaction holds an IMT entry (see BBOX_CONFLICT_PCT)",
	  "002:1910, 2088-2094, 2190-2196", NULL, NULL },
	{ "BBOX_TF_AVG_OCCUPANCY", "bbox/TF_OCCUPANCY_ALL/", UCLK, 256.0, "entries",
	  "average tracker file entries in use, both B-Boxes together", "002:1912-1914, 2310-2316", NULL, NULL },
	{ "BBOX_TF_AVG_LATENCY", "bbox/TF_OCCUPANCY_ALL/", "bbox/IMT_INSERTS_ALL/", 256.0,
	  "uncore cycles", "average time a transaction spends in the B-Box tracker file",
	  "002:1916-1918, 2310-2316", NULL, NULL },
	/* 002:2094: above ~5 % the IMT latency figures are not meaningful. */
	{ "BBOX_CONFLICT_PCT", "bbox/CONFLICTS/", "bbox/IMT_INSERTS_ALL/", 100.0, "%",
	  "conflicts per IMT insert; above ~5 % the IMT/TF latencies do not hold", "002:2011-2016, 2094", NULL, NULL },

	/* The LLC hit ratio, HITS / (HITS + MISSES). The misses are those of lines not in
	 * the cache (I): an S or F miss is an upgrade of a line that also counts as a hit
	 * (002:1346-1376), so .ALL would count those lookups twice. */
	UPM_FMETRIC_ALIAS("LLC_HIT_PCT", "LLC_HIT_RATIO", "cbo/LLC_HITS.ALL/ / (cbo/LLC_HITS.ALL/ + cbo/LLC_MISSES.I/)",
			  "ratio", "LLC hits per LLC lookup (hits + misses of lines not in the cache)", "002:1346-1376"),
	UPM_FMETRIC("LLC_MISS_PCT", "cbo/LLC_MISSES.I/ / (cbo/LLC_HITS.ALL/ + cbo/LLC_MISSES.I/)", "ratio",
		    "LLC misses of lines not in the cache per LLC lookup", "002:1346-1376"),
	{ "LLC_MISSES_PER_HIT", "cbo/LLC_MISSES.ALL/", "cbo/LLC_HITS.ALL/", 1.0, "ratio",
	  "LLC misses (upgrades included) per LLC hit", "002:1346-1376", NULL, NULL },

	/* Memory traffic, 64 bytes per IMT insert (file comment). */
	{ "MEM_CAS_BW_READS", "mbox/DRAM_CMD.CAS_RD_OPN/,mbox/DRAM_MISC.CAS_RD_CLS/", NULL, 64.0, "bytes/s",
	  "memory read traffic at the M-Boxes: open- plus closed-page read CAS x 64 bytes",
	  "002:5080-5094, 5135-5174", NULL, NULL },
	{ "MEM_CAS_BW_WRITES", "mbox/DRAM_CMD.CAS_WR_OPN/,mbox/DRAM_MISC.CAS_WR_CLS/", NULL, 64.0, "bytes/s",
	  "memory write traffic at the M-Boxes: open- plus closed-page write CAS x 64 bytes",
	  "002:5080-5094, 5135-5174", NULL, NULL },
	{ "MEM_BW_READS", "bbox/IMT_INSERTS_RD/", NULL, 64.0, "bytes/s",
	  "memory read traffic: B-Box IMT read inserts x 64 bytes", "002:1904-1906, 2160-2166", NULL, NULL },
	{ "MEM_BW_WRITES", "bbox/IMT_INSERTS_WR/", NULL, 64.0, "bytes/s",
	  "memory write traffic: B-Box IMT write inserts x 64 bytes", "002:1904-1906, 2168-2174", NULL, NULL },
	{ "MEM_BW_TOTAL", "bbox/IMT_INSERTS_ALL/", NULL, 64.0, "bytes/s",
	  "memory traffic, all IMT inserts (reads, writes, InvItoE) x 64 bytes", "002:1904-1906, 2088-2094", NULL, NULL },

	/* System bound (S-Box to R-Box/B-Box). */
	SBOX_UTIL("SBOX_TX_HOM_UTIL", "sbox/PKTS_SENT_HOM.ALL/", 1.0, "S-Box HOM send link use (1 flit per packet)",
		  "3062-3074"),
	SBOX_UTIL("SBOX_TX_SNP_UTIL", "sbox/PKTS_SENT_SNP/", 1.0,
		  "S-Box snoop send link use (1 flit; broadcast copies not counted)", "3119-3124"),
	SBOX_UTIL("SBOX_TX_NDR_UTIL", "sbox/PKTS_SENT_NDR/", 1.0, "S-Box NDR send link use (1 flit per packet)",
		  "3112-3117"),
	SBOX_UTIL("SBOX_TX_DRS_UTIL", "sbox/FLITS_SENT_DRS/", 1.0, "S-Box DRS send link use", "2862-2867"),
	SBOX_UTIL("SBOX_TX_NCS_UTIL", "sbox/FLITS_SENT_NCS/", 1.0, "S-Box NCS send link use", "2883-2888"),
	SBOX_UTIL("SBOX_TX_NCB_UTIL", "sbox/FLITS_SENT_NCB/", 1.0, "S-Box NCB send link use", "2876-2881"),
	/* Ring bound (R-Box/B-Box to S-Box). */
	SBOX_UTIL("SBOX_RX_DRS_R_UTIL", "sbox/PKTS_RCVD_DRS_FROM_R/", 9.0,
		  "S-Box DRS receive link use from the R-Box (9 flits per packet)", "2996-3002"),
	SBOX_UTIL("SBOX_RX_DRS_B_UTIL", "sbox/PKTS_RCVD_DRS_FROM_B/", 9.0,
		  "S-Box DRS receive link use from the B-Box (9 flits per packet)", "2988-2994"),
	SBOX_UTIL("SBOX_RX_SNP_UTIL", "sbox/PKTS_RCVD_SNP/", 1.0, "S-Box snoop receive link use (1 flit)",
		  "3035-3040"),
	SBOX_UTIL("SBOX_RX_NDR_UTIL", "sbox/PKTS_RCVD_NDR/", 1.0, "S-Box NDR receive link use (1 flit)",
		  "3028-3033"),
	SBOX_UTIL("SBOX_RX_NCS_UTIL", "sbox/PKTS_RCVD_NCS/", 3.0,
		  "S-Box NCS receive link use (3 flits per packet)", "3020-3026"),
	SBOX_UTIL("SBOX_RX_NCB_UTIL", "sbox/PKTS_RCVD_NCB/", 11.0,
		  "S-Box NCB receive link use (11 flits per packet)", "3012-3018"),
	/* The total link utilization: the classes' flits added up (002:2636), which is
	 * approximate: no event counts the idle flits that carry credits (002:2638). */
	UPM_FMETRIC("SBOX_TX_UTIL",
		    "(sbox/PKTS_SENT_HOM.ALL/ + sbox/PKTS_SENT_SNP/ + sbox/PKTS_SENT_NDR/ + sbox/FLITS_SENT_DRS/"
		    " + sbox/FLITS_SENT_NCS/ + sbox/FLITS_SENT_NCB/) / " UCLK,
		    "flits/uncore cycle", "S-Box send link use, all message classes (credit flits not counted)",
		    "002:2623-2638"),
	UPM_FMETRIC("SBOX_RX_UTIL",
		    "(9 * (sbox/PKTS_RCVD_DRS_FROM_R/ + sbox/PKTS_RCVD_DRS_FROM_B/) + sbox/PKTS_RCVD_SNP/"
		    " + sbox/PKTS_RCVD_NDR/ + 3 * sbox/PKTS_RCVD_NCS/ + 11 * sbox/PKTS_RCVD_NCB/) / " UCLK,
		    "flits/uncore cycle", "S-Box receive link use, all message classes (credit flits not counted)",
		    "002:2623-2638"),

	NHMEX_E7_ONLY_METRICS
};

const unsigned upm_wsmex_n_metrics = UPM_ARRAY_LEN(upm_nhmex_metrics);
const unsigned upm_nhmex_n_metrics =
	UPM_ARRAY_LEN(upm_nhmex_metrics) -
	sizeof((const struct upm_metric[]){ NHMEX_E7_ONLY_METRICS }) / sizeof(struct upm_metric);

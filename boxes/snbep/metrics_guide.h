/* The guide's derived metrics (Sandy Bridge-EP 327043-001 Tables 2-15, 2-49, 2-65, 2-82,
 * 2-94; seed 000) that need the formula engine: differences, nanoseconds, several
 * opcodes. Shared by Sandy Bridge-EP and Ivy Bridge-EP where the events carry the same
 * names, unit masks and filters (intel/perfmon JKT, IVT); the platform files add the
 * rest. Equations lost in the guide's extraction are pmu-tools' (andikleen/pmu-tools
 * ucevent/jkt_uc.py, ivt_uc.py, "Equation"), corrected where noted; boxes/PUBLIC_FACTS.md
 * "Guide metrics with the formula engine" lists each source.
 *
 * Conventions. Counts are summed over a socket's instances, so an occupancy over inserts
 * is the socket's average time in the queue (Little's law), an occupancy over the box's
 * clock its average depth per instance. Nanoseconds go through the uncore clock the UBox
 * fixed counter counts (000:373-374): cycles * SECONDS * 1e9 / ubox/UCLK/. The guide's
 * SAMPLE_INTERVAL (TSC ticks, 000:240) stands, in a per-cycle share, for the box's own
 * clock: the uncore clock is not the TSC's. */
#ifndef UPMON_BOXES_SNBEP_METRICS_GUIDE_H
#define UPMON_BOXES_SNBEP_METRICS_GUIDE_H

#include "boxes/metric.h"

#define UPM_NS_OF_UCLK " * SECONDS * 1e9 / ubox/UCLK/"
#define UPM_DRD_OCC "cbo/TOR_OCCUPANCY.OPCODE,filter_opc=0x182/"
#define UPM_DRD_INS "cbo/TOR_INSERTS.OPCODE,filter_opc=0x182/"
#define UPM_DRD_MISS_OCC "cbo/TOR_OCCUPANCY.MISS_OPCODE,filter_opc=0x182/"
#define UPM_DRD_MISS_INS "cbo/TOR_INSERTS.MISS_OPCODE,filter_opc=0x182/"

/* CBo TOR (000:750-777): data reads are opcode 0x182 (DRd, 000:640). pmu-tools
 * jkt_extra.py's AVG_LLC_DATA_READ_MISS_LATENCY is AVG_TOR_DRD_MISS_LATENCY's formula
 * (its "core clocks" are the CBo's): an alias. */
#define UPM_METRICS_GUIDE_TOR                                                                       \
	UPM_FMETRIC("AVG_TOR_DRD_LATENCY", UPM_DRD_OCC " / " UPM_DRD_INS, "uncore cycles",                \
		    "average time a data read spends in the TOR", "000:759-760; pmu-tools CBO.AVG_TOR_DRD_LATENCY"), \
	UPM_FMETRIC("AVG_TOR_DRD_LATENCY_NS", UPM_DRD_OCC " / " UPM_DRD_INS UPM_NS_OF_UCLK, "ns",          \
		    "average time a data read spends in the TOR, in nanoseconds", "000:759-760, 373-374"),  \
	UPM_FMETRIC_ALIAS("AVG_TOR_DRD_MISS_LATENCY", "LLC_DRD_MISS_LATENCY,AVG_LLC_DATA_READ_MISS_LATENCY", \
			  UPM_DRD_MISS_OCC " / " UPM_DRD_MISS_INS, "uncore cycles",                        \
			  "average time a data read that misses the LLC spends in the TOR",                 \
			  "000:770-772, 441-456; pmu-tools CBO.AVG_TOR_DRD_MISS_LATENCY"),                  \
	UPM_FMETRIC("AVG_TOR_DRD_MISS_LATENCY_NS", UPM_DRD_MISS_OCC " / " UPM_DRD_MISS_INS UPM_NS_OF_UCLK, \
		    "ns", "average time a data read that misses the LLC spends in the TOR, in nanoseconds", \
		    "000:770-772, 373-374"),                                                                 \
	UPM_FMETRIC("AVG_TOR_DRD_HIT_LATENCY",                                                          \
		    "(" UPM_DRD_OCC " - " UPM_DRD_MISS_OCC ") / (" UPM_DRD_INS " - " UPM_DRD_MISS_INS ")",  \
		    "uncore cycles", "average time a data read that hits the LLC spends in the TOR",       \
		    "000:756-758; pmu-tools CBO.AVG_TOR_DRD_HIT_LATENCY"),                                  \
	UPM_FMETRIC("AVG_TOR_DRDS_DEPTH", UPM_DRD_OCC " / cbo/CLOCKTICKS/", "entries",                    \
		    "average data reads in one CBo's TOR per uncore cycle", "000:750-755 (as AVG_TOR_DRDS_WHEN_NE, but over the CBo clock)")

/* CBo ingress (000:740-749, 783-785, 801-803): the IRQ, the cores' request queue. */
#define UPM_METRICS_GUIDE_INGRESS(rejected_)                                                         \
	UPM_FMETRIC("AVG_INGRESS_DEPTH", "cbo/RxR_OCCUPANCY.IRQ/ / cbo/CLOCKTICKS/", "entries",          \
		    "average IRQ ingress entries of one CBo per uncore cycle",                            \
		    "000:740-742 (SAMPLE_INTERVAL as the CBo clock); pmu-tools CBO.AVG_INGRESS_DEPTH"),     \
	UPM_FMETRIC("AVG_INGRESS_LATENCY", "cbo/RxR_OCCUPANCY.IRQ/ / cbo/RxR_INSERTS.IRQ/", "uncore cycles", \
		    "average time a request spends in the IRQ ingress", "000:743-745; pmu-tools CBO.AVG_INGRESS_LATENCY"), \
	UPM_FMETRIC("AVG_INGRESS_LATENCY_NS", "cbo/RxR_OCCUPANCY.IRQ/ / cbo/RxR_INSERTS.IRQ/" UPM_NS_OF_UCLK, \
		    "ns", "average time a request spends in the IRQ ingress, in nanoseconds", "000:743-745, 373-374"), \
	UPM_FMETRIC("INGRESS_REJ_V_INS", "cbo/RxR_INSERTS." rejected_ "/ / cbo/RxR_INSERTS.IRQ/", "ratio", \
		    "IRQ ingress requests rejected per request inserted", "000:801-803; pmu-tools CBO.INGRESS_REJ_V_INS"), \
	UPM_FMETRIC("CYC_INGRESS_BLOCKED", "cbo/RxR_EXT_STARVED.IRQ/ / cbo/CLOCKTICKS/", "ratio",          \
		    "share of uncore cycles the IRQ ingress arbiter was blocked", "000:783-785; pmu-tools CBO.CYC_INGRESS_BLOCKED")

/* CBo LLC by request kind (000:804-806, 860-901): LLC_LOOKUP with the state filter;
 * I = a miss, the other states hits. hit_ and all_ are the platform's state values. */
#define UPM_METRICS_GUIDE_LLC(hit_, all_)                                                            \
	UPM_FMETRIC_ALIAS("LLC_DRD_HIT_PCT", "LLC_HIT_RATE",                                              \
			  "cbo/LLC_LOOKUP.DATA_READ,filter_state=" hit_ "/ / cbo/LLC_LOOKUP.DATA_READ,filter_state=" all_ "/", \
			  "ratio", "LLC data-read lookups that hit, over all data-read lookups", "000:804-806, 860-901"), \
	UPM_FMETRIC("LLC_WRITE_MISS_PCT",                                                              \
		    "cbo/LLC_LOOKUP.WRITE,filter_state=0x1/ / cbo/LLC_LOOKUP.WRITE,filter_state=" all_ "/", "ratio", \
		    "LLC write lookups (writebacks from the cores) that miss", "000:860-901"),             \
	UPM_FMETRIC("LLC_SNOOP_MISS_PCT",                                                              \
		    "cbo/LLC_LOOKUP.REMOTE_SNOOP,filter_state=0x1/ / cbo/LLC_LOOKUP.REMOTE_SNOOP,filter_state=" all_ "/", \
		    "ratio", "LLC lookups for remote snoops that find no line", "000:860-901"),           \
	UPM_FMETRIC("MEM_WB_BYTES", "cbo/LLC_VICTIMS.M_STATE/ * 64 / SECONDS", "bytes/s",                  \
		    "data the LLC writes back to memory (modified victims x 64)", "000:826-827; pmu-tools CBO.MEM_WB_BYTES")

/* PCIe and other IO at the CBo TOR by opcode (000:652-658): PCIRdCur 0x19E and PCINSRd
 * 0x1E4 read memory; PCIWiLF 0x194, PCIItoM 0x19C and PCINSWrF 0x1E6 write whole lines
 * (the guide describes 0x1E6 as "PCIe Non-Snoop Read (full)", but its name PCINSWrF and
 * the partial PCINSWr 0x1E5 make it the full-line write). pmu-tools' IO_READ_BW counts
 * 0x19C + 0x1E6 and IO_WRITE_BW 0x19E + 0x1E4: the labels are swapped, not copied. */
#define UPM_METRICS_GUIDE_IO                                                                         \
	UPM_FMETRIC("IO_READ_BW",                                                                      \
		    "(cbo/TOR_INSERTS.OPCODE,filter_opc=0x19e/ + cbo/TOR_INSERTS.OPCODE,filter_opc=0x1e4/) * 64 / SECONDS", \
		    "bytes/s", "PCIe/IO reads of memory: PCIRdCur and PCINSRd lines x 64", "000:652-658"), \
	UPM_FMETRIC("IO_WRITE_BW",                                                                     \
		    "(cbo/TOR_INSERTS.OPCODE,filter_opc=0x194/ + cbo/TOR_INSERTS.OPCODE,filter_opc=0x19c/ + " \
		    "cbo/TOR_INSERTS.OPCODE,filter_opc=0x1e6/) * 64 / SECONDS",                            \
		    "bytes/s", "PCIe/IO writes of whole lines: PCIWiLF, PCIItoM and PCINSWrF lines x 64",   \
		    "000:652-658")

/* QPI (000:3700-3724; pmu-tools QPI_LL.*): 8 bytes of data a flit; transmit side here,
 * the receive side in DATA_FROM_QPI and QPI_LINK_UTIL. */
#define UPM_METRICS_GUIDE_QPI(d2c_)                                                                  \
	UPM_FMETRIC("QPI_DATA_BW", "qpi/TxL_FLITS_G0.DATA/ * 8 / SECONDS", "bytes/s",                      \
		    "data sent over the QPI ports (8 bytes a data flit)", "pmu-tools ivt_uc.py QPI_LL.QPI_DATA_BW"), \
	UPM_FMETRIC("QPI_LINK_BW", "(qpi/TxL_FLITS_G0.DATA/ + qpi/TxL_FLITS_G0.NON_DATA/) * 8 / SECONDS",  \
		    "bytes/s", "everything sent over the QPI ports, data and headers (8 bytes a flit)",      \
		    "pmu-tools ivt_uc.py QPI_LL.QPI_LINK_BW"),                                              \
	UPM_FMETRIC("PCT_TX_LINK_HALF_DISABLED_CYCLES", "qpi/TxL0P_POWER_CYCLES/ / qpi/CLOCKTICKS/", "ratio", \
		    "share of link clocks the transmit side is in L0p (half width)",                      \
		    "pmu-tools QPI_LL.PCT_LINK_HALF_DISABLED_CYCLES, transmit side"),                       \
	UPM_FMETRIC("QPI_TX_LINK_UTIL", "(qpi/TxL_FLITS_G0.DATA/ + qpi/TxL_FLITS_G0.NON_DATA/) / (2 * qpi/CLOCKTICKS/)", \
		    "ratio", "transmit link use: flits sent over the 2 a link carries per clock",           \
		    "pmu-tools QPI_LL.QPI_LINK_UTIL, transmit side"),                                       \
	UPM_FMETRIC("DATA_FROM_QPI_TO_LLC", "qpi/DIRECT2CORE." d2c_ "/ * 64 / SECONDS", "bytes/s",         \
		    "data from QPI sent straight to the core (Direct2Core), 64 bytes a line",             \
		    "pmu-tools jkt_uc.py QPI_LL.DATA_FROM_QPI_TO_LLC"),                                \
	UPM_FMETRIC("DATA_FROM_QPI_TO_HA_OR_IIO",                                                      \
		    "((qpi/RxL_FLITS_G1.DRS_DATA/ + qpi/RxL_FLITS_G2.NCB_DATA/) * 8 - qpi/DIRECT2CORE." d2c_ "/ * 64) / SECONDS", \
		    "bytes/s", "data from QPI that goes to the home agent or IO rather than a core",       \
		    "pmu-tools jkt_uc.py QPI_LL.DATA_FROM_QPI_TO_HA_OR_IIO")

/* iMC (000:2319-2363): PCT_REQUESTS_PAGE_EMPTY = (ACT_COUNT - PRE_COUNT.PAGE_MISS) / CAS,
 * PCT_REQUESTS_PAGE_HIT = 1 - (EMPTY + MISS) = (CAS - ACT_COUNT) / CAS (pmu-tools
 * iMC.*). act_ is the platform's activate count. */
#define UPM_METRICS_GUIDE_PAGES(act_)                                                                \
	UPM_FMETRIC("PCT_REQUESTS_PAGE_EMPTY",                                                         \
		    "(" act_ " - imc/PRE_COUNT.PAGE_MISS/) / imc/CAS_COUNT.ALL/", "ratio",                   \
		    "share of memory requests that opened a row in a bank with none open (page empty)",    \
		    "000:2352-2354; pmu-tools iMC.PCT_REQUESTS_PAGE_EMPTY"),                                 \
	UPM_FMETRIC("PCT_REQUESTS_PAGE_HIT", "(imc/CAS_COUNT.ALL/ - " act_ ") / imc/CAS_COUNT.ALL/", "ratio", \
		    "share of memory requests to a row already open (page hit)",                          \
		    "000:2355-2357; pmu-tools iMC.PCT_REQUESTS_PAGE_HIT"),                                   \
	UPM_FMETRIC("MEM_BW_READ_SHARE", "imc/CAS_COUNT.RD/ / imc/CAS_COUNT.ALL/", "ratio",                 \
		    "share of memory traffic that is reads (CAS commands)", "000:2319-2363")

/* iMC per rank (000:2337-2342; the guide's RANKx stands for RANK0-7, 000:223-224):
 * POWER_CKE_CYCLES.RANKx and POWER_THROTTLE_CYCLES.RANKx over the channel's DRAM clock,
 * summed over the channels (pmu-tools iMC.PCT_CYCLES_DRAM_RANKx_IN_CKE / _IN_THR). */
#define UPM_RANK_METRICS(x)                                                                          \
	UPM_FMETRIC("PCT_CYCLES_DRAM_RANK" #x "_IN_CKE", "imc/POWER_CKE_CYCLES.RANK" #x "/ / imc/DCLK/", "ratio", \
		    "share of DRAM cycles rank " #x " has CKE on", "000:2337-2339, 2490-2515"),           \
	UPM_FMETRIC("PCT_CYCLES_DRAM_RANK" #x "_IN_THR", "imc/POWER_THROTTLE_CYCLES.RANK" #x "/ / imc/DCLK/", \
		    "ratio", "share of DRAM cycles rank " #x " is throttled", "000:2340-2342, 2535-2557")
#define UPM_METRICS_GUIDE_RANKS                                                                      \
	UPM_RANK_METRICS(0), UPM_RANK_METRICS(1), UPM_RANK_METRICS(2), UPM_RANK_METRICS(3),          \
	UPM_RANK_METRICS(4), UPM_RANK_METRICS(5), UPM_RANK_METRICS(6), UPM_RANK_METRICS(7)

/* PCU (000:2893, 2971, 3159-3224, 3299-3306): POWER_STATE_OCCUPANCY counts cores in the
 * C-state occ_sel picks (1 C0, 2 C3, 3 C6; 000:2833) every pclk; FREQ_BANDn_CYCLES the
 * pclks at or above band n of the filter, in 100 MHz units (000:2866-2867). The bands
 * are fixed here at 1.2, 2.0, 2.5 and 3.0 GHz. */
#define UPM_METRICS_GUIDE_PCU                                                                        \
	UPM_FMETRIC("CORES_IN_C0", "pcu/POWER_STATE_OCCUPANCY,occ_sel=1/ / pcu/CLOCKTICKS/", "cores",      \
		    "average number of cores in C0 (running)", "000:2833, 3299-3306"),                    \
	UPM_FMETRIC("CORES_IN_C3", "pcu/POWER_STATE_OCCUPANCY,occ_sel=2/ / pcu/CLOCKTICKS/", "cores",      \
		    "average number of cores in C3", "000:2833, 3299-3306"),                               \
	UPM_FMETRIC("CORES_IN_C6", "pcu/POWER_STATE_OCCUPANCY,occ_sel=3/ / pcu/CLOCKTICKS/", "cores",      \
		    "average number of cores in C6", "000:2833, 3299-3306"),                               \
	UPM_FMETRIC("PCT_FREQ_BAND0", "pcu/FREQ_BAND0_CYCLES,filter_band0=12/ / pcu/CLOCKTICKS/", "ratio", \
		    "share of PCU cycles at 1.2 GHz or above", "000:2866-2867, 3159-3174; pmu-tools PCU.PCT_FREQ_BAND0"), \
	UPM_FMETRIC("PCT_FREQ_BAND1", "pcu/FREQ_BAND1_CYCLES,filter_band1=20/ / pcu/CLOCKTICKS/", "ratio", \
		    "share of PCU cycles at 2.0 GHz or above", "000:2866-2867, 3177-3192; pmu-tools PCU.PCT_FREQ_BAND1"), \
	UPM_FMETRIC("PCT_FREQ_BAND2", "pcu/FREQ_BAND2_CYCLES,filter_band2=25/ / pcu/CLOCKTICKS/", "ratio", \
		    "share of PCU cycles at 2.5 GHz or above", "000:2866-2867, 3193-3208; pmu-tools PCU.PCT_FREQ_BAND2"), \
	UPM_FMETRIC("PCT_FREQ_BAND3", "pcu/FREQ_BAND3_CYCLES,filter_band3=30/ / pcu/CLOCKTICKS/", "ratio", \
		    "share of PCU cycles at 3.0 GHz or above", "000:2866-2867, 3209-3224; pmu-tools PCU.PCT_FREQ_BAND3")

#endif

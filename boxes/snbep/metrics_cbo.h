/* CBo metrics of the guides' names beyond boxes/snbep/metrics_guide.h, shared by Sandy
 * Bridge-EP and Ivy Bridge-EP where the events carry the same names, unit masks and
 * filters; the ring metrics differ (one ring and its polarities on Sandy Bridge-EP, two
 * virtual rings on Ivy Bridge-EP). Names: the guide's Table 2-15 (000:737-833) and
 * pmu-tools ucevent (andikleen/pmu-tools ucevent/jkt_uc.py, ivt_uc.py "derived", and
 * jkt_extra.py "extra_derived", which ucevent loads for both); equations pmu-tools',
 * corrected where noted. Opcodes: the guide's Table 2-13 (000:630-662). Conventions as in
 * metrics_guide.h: counts summed over a socket's CBos, SAMPLE_INTERVAL read as the CBo's
 * own clock in a per-cycle share. */
#ifndef UPMON_BOXES_SNBEP_METRICS_CBO_H
#define UPMON_BOXES_SNBEP_METRICS_CBO_H

#include "boxes/metric.h"
#include "boxes/snbep/metrics_guide.h"

/* COUNTER0_OCCUPANCY re-filters counter 0's occupancy (000:842-851); with edge detect
 * and threshold 1 it counts the times the queue counter 0 holds went from empty to not
 * empty, as the guide writes it, COUNTER0_OCCUPANCY{edge_det,thresh=0x1} (000:215-231).
 * An occupancy (entries summed every cycle) over those times is cycles: each stretch the
 * queue was not empty, the entry-cycles it held. The engine takes the value only where
 * counter 0 held the metric's own occupancy in the pass (core/metrics/metrics.c). */
#define UPM_C0_NE "cbo/COUNTER0_OCCUPANCY,edge=1,thresh=1/"
#define UPM_METRICS_CBO_WHEN_NE                                                                      \
	UPM_FMETRIC("AVG_INGRESS_LATENCY_WHEN_NE", "cbo/RxR_OCCUPANCY.IRQ/ / " UPM_C0_NE, "uncore cycles",  \
		    "IRQ ingress occupancy per stretch the IRQ was not empty (COUNTER0_OCCUPANCY, edge "      \
		    "detect, threshold 1)",                                                                  \
		    "000:746-749, 215-231; pmu-tools jkt_uc.py CBO.AVG_INGRESS_LATENCY_WHEN_NE"),            \
	UPM_FMETRIC("AVG_TOR_DRDS_WHEN_NE", UPM_DRD_OCC " / " UPM_C0_NE, "uncore cycles",                   \
		    "TOR data-read occupancy per stretch the TOR held data reads (COUNTER0_OCCUPANCY, edge "  \
		    "detect, threshold 1)",                                                                  \
		    "000:753-755, 215-231; pmu-tools jkt_uc.py CBO.AVG_TOR_DRDS_WHEN_NE"),                   \
	UPM_FMETRIC("AVG_TOR_DRDS_MISS_WHEN_NE", UPM_DRD_MISS_OCC " / " UPM_C0_NE, "uncore cycles",         \
		    "TOR occupancy of data reads that miss the LLC per stretch the TOR held such reads "     \
		    "(COUNTER0_OCCUPANCY, edge detect, threshold 1)",                                        \
		    "000:750-752, 215-231; pmu-tools jkt_uc.py CBO.AVG_TOR_DRDS_MISS_WHEN_NE")

/* 000:786-788 names CYC_INGRESS_STARVED, "cycles the Ingress Request Queue was in Internal
 * Starvation"; its equation is lost in the extraction. The event is the IRQ's internal
 * starvation, RxR_INT_STARVED.IRQ (perfmon JKT/IVT UNC_C_RxR_INT_STARVED.IRQ), over the
 * CBo clock as its sibling CYC_INGRESS_BLOCKED (RxR_EXT_STARVED.IRQ) is. */
#define UPM_METRIC_CYC_INGRESS_STARVED                                                               \
	UPM_FMETRIC("CYC_INGRESS_STARVED", "cbo/RxR_INT_STARVED.IRQ/ / cbo/CLOCKTICKS/", "ratio",          \
		    "share of uncore cycles the IRQ ingress was in internal starvation",                   \
		    "000:786-788 (the equation lost: RxR_INT_STARVED.IRQ as CYC_INGRESS_BLOCKED's sibling)")

/* Requests by opcode at the TOR (pmu-tools ivt_uc.py CBO.*; the opcodes are the Sandy
 * Bridge-EP guide's too, 000:639-660): ItoM 0x1C8 (fast strings), WCiLF 0x18C and WCiL
 * 0x18D (streaming stores), PCIPRd 0x195 and PCINSWr 0x1E5 (partial PCIe), PRd 0x187
 * (uncacheable reads, counted as misses as pmu-tools does). Rates: requests a second. */
#define UPM_TOR_RATE(name_, umask_, opc_, desc_, src_)                                               \
	UPM_FMETRIC(name_, "cbo/TOR_INSERTS." umask_ ",filter_opc=" opc_ "/ / SECONDS", "requests/s", desc_, \
		    src_ "; opcode 000:630-662")
#define UPM_METRICS_CBO_OPCODES                                                                      \
	UPM_TOR_RATE("FAST_STR_LLC_REQ", "OPCODE", "0x1c8", "fast-string requests (ItoM) entering the TOR", \
		     "pmu-tools ivt_uc.py CBO.FAST_STR_LLC_REQ"),                                            \
	UPM_TOR_RATE("FAST_STR_LLC_MISS", "MISS_OPCODE", "0x1c8", "fast-string requests (ItoM) that miss the LLC", \
		     "pmu-tools ivt_uc.py CBO.FAST_STR_LLC_MISS"),                                           \
	UPM_TOR_RATE("STREAMED_FULL_STORES", "OPCODE", "0x18c", "streaming stores of whole lines (WCiLF)",  \
		     "pmu-tools ivt_uc.py CBO.STREAMED_FULL_STORES"),                                        \
	UPM_TOR_RATE("STREAMED_PART_STORES", "OPCODE", "0x18d", "streaming stores of partial lines (WCiL)", \
		     "pmu-tools ivt_uc.py CBO.STREAMED_PART_STORES"),                                        \
	UPM_TOR_RATE("PARTIAL_PCI_READS", "OPCODE", "0x195", "PCIe uncacheable partial reads (PCIPRd)",     \
		     "pmu-tools ivt_uc.py CBO.PARTIAL_PCI_READS"),                                           \
	UPM_TOR_RATE("PARTIAL_PCI_WRITES", "OPCODE", "0x1e5", "PCIe non-snoop partial writes (PCINSWr)",    \
		     "pmu-tools ivt_uc.py CBO.PARTIAL_PCI_WRITES"),                                          \
	UPM_TOR_RATE("UC_READS", "MISS_OPCODE", "0x187", "uncacheable partial reads (PRd) that miss the LLC", \
		     "pmu-tools ivt_uc.py CBO.UC_READS")

/* PCIe data at the TOR by opcode, in lines x 64. pmu-tools jkt_extra.py counts
 * LLC_PCIE_MEM_READ_BYTES as PCIItoM 0x19C and _WRITE_BYTES as PCIRdCur 0x19E: the labels
 * are swapped against the guide's names (PCIRdCur "PCIe read current", PCIItoM "PCIe
 * Write (allocating)", 000:654-655), as in IO_READ_BW (metrics_guide.h); here reads are
 * PCIRdCur. The DDIO variants count the same requests that miss the LLC (MISS_OPCODE):
 * what DDIO could not serve from the LLC. PCIE_DATA_BYTES is pmu-tools' sum of the two
 * PCIe writes, PCIWiLF 0x194 (non-allocating) and PCIItoM. */
#define UPM_PCIE_LINES(umask_, opc_) "cbo/TOR_INSERTS." umask_ ",filter_opc=" opc_ "/"
#define UPM_METRICS_CBO_PCIE                                                                         \
	UPM_FMETRIC("LLC_PCIE_MEM_READ_BYTES", UPM_PCIE_LINES("OPCODE", "0x19e") " * 64 / SECONDS", "bytes/s", \
		    "PCIe reads of lines at the LLC (PCIRdCur x 64)",                                      \
		    "pmu-tools jkt_extra.py CBO.LLC_PCIE_MEM_READ_BYTES, opcode by the guide's name 000:655"), \
	UPM_FMETRIC("LLC_PCIE_MEM_WRITE_BYTES", UPM_PCIE_LINES("OPCODE", "0x19c") " * 64 / SECONDS", "bytes/s", \
		    "PCIe allocating writes of lines at the LLC (PCIItoM x 64)",                          \
		    "pmu-tools jkt_extra.py CBO.LLC_PCIE_MEM_WRITE_BYTES, opcode by the guide's name 000:654"), \
	UPM_FMETRIC("LLC_PCIE_MEM_TOTAL_BYTES",                                                        \
		    "(" UPM_PCIE_LINES("OPCODE", "0x19e") " + " UPM_PCIE_LINES("OPCODE", "0x19c") ") * 64 / SECONDS", \
		    "bytes/s", "PCIe reads and allocating writes of lines at the LLC",                     \
		    "pmu-tools jkt_extra.py CBO.LLC_PCIE_MEM_TOTAL_BYTES"),                                 \
	UPM_FMETRIC("LLC_DDIO_MEM_READ_BYTES", UPM_PCIE_LINES("MISS_OPCODE", "0x19e") " * 64 / SECONDS",    \
		    "bytes/s", "PCIe reads that miss the LLC and go to memory (PCIRdCur misses x 64)",     \
		    "pmu-tools jkt_extra.py CBO.LLC_DDIO_MEM_READ_BYTES, opcode by the guide's name 000:655"), \
	UPM_FMETRIC("LLC_DDIO_MEM_WRITE_BYTES", UPM_PCIE_LINES("MISS_OPCODE", "0x19c") " * 64 / SECONDS",   \
		    "bytes/s", "PCIe allocating writes that miss the LLC (PCIItoM misses x 64)",           \
		    "pmu-tools jkt_extra.py CBO.LLC_DDIO_MEM_WRITE_BYTES, opcode by the guide's name 000:654"), \
	UPM_FMETRIC("LLC_DDIO_MEM_TOTAL_BYTES",                                                        \
		    "(" UPM_PCIE_LINES("MISS_OPCODE", "0x19e") " + " UPM_PCIE_LINES("MISS_OPCODE", "0x19c")  \
		    ") * 64 / SECONDS", "bytes/s", "PCIe reads and allocating writes that miss the LLC",   \
		    "pmu-tools jkt_extra.py CBO.LLC_DDIO_MEM_TOTAL_BYTES"),                                 \
	UPM_FMETRIC("PCIE_DATA_BYTES",                                                                 \
		    "(" UPM_PCIE_LINES("OPCODE", "0x194") " + " UPM_PCIE_LINES("OPCODE", "0x19c") ") * 64 / SECONDS", \
		    "bytes/s", "PCIe writes of whole lines: PCIWiLF and PCIItoM x 64",                      \
		    "pmu-tools jkt_uc.py CBO.PCIE_DATA_BYTES; 000:652-654")

/* Misses by where the line's home is (names 000:762-769, 777-782, 806-817). pmu-tools
 * ivt_uc.py selects the socket's own node with the node-id filter (nid=my_node,
 * other_nodes), a value that differs by socket, which one formula's specs cannot carry.
 * Ivy Bridge-EP's TOR tells the same apart itself: MISS_LOCAL_OPCODE (0x23) and
 * MISS_REMOTE_OPCODE (0x83), misses satisfied by locally or remotely homed memory
 * (perfmon IVT UNC_C_TOR_INSERTS/OCCUPANCY.MISS_LOCAL_OPCODE, .MISS_REMOTE_OPCODE).
 * pmu-tools' denominator, the misses to any node (nid 0xF), is MISS_OPCODE here: the
 * misses whatever their home. Sandy Bridge-EP's TOR has no such unit masks. RFO is
 * opcode 0x180 (000:636). */
#define UPM_TOR_MISS(ev_, where_, opc_) "cbo/TOR_" ev_ "." where_ ",filter_opc=" opc_ "/"
#define UPM_LOC_REM_SHARE(name_, where_, words_, src_)                                               \
	UPM_FMETRIC(name_,                                                                             \
		    "(" UPM_TOR_MISS("INSERTS", where_, "0x182") " + " UPM_TOR_MISS("INSERTS", where_, "0x180") \
		    ") / (" UPM_TOR_MISS("INSERTS", "MISS_OPCODE", "0x182") " + "                          \
		    UPM_TOR_MISS("INSERTS", "MISS_OPCODE", "0x180") ")", "ratio",                           \
		    "share of the LLC's data-read and RFO misses " words_, src_)
#define UPM_LOC_REM_LATENCY(name_, where_, words_, src_)                                             \
	UPM_FMETRIC(name_,                                                                             \
		    UPM_TOR_MISS("OCCUPANCY", where_, "0x182") " / " UPM_TOR_MISS("INSERTS", where_, "0x182"), \
		    "uncore cycles", "average time a data read that misses the LLC and is " words_         \
		    " spends in the TOR", src_)
#define UPM_METRICS_CBO_LOCALITY_IVBEP                                                               \
	UPM_LOC_REM_LATENCY("AVG_TOR_DRD_LOC_MISS_LATENCY", "MISS_LOCAL_OPCODE", "served by local memory", \
			    "000:762-769; pmu-tools ivt_uc.py CBO.AVG_TOR_DRD_LOC_MISS_LATENCY; perfmon IVT"), \
	UPM_LOC_REM_LATENCY("AVG_TOR_DRD_REM_MISS_LATENCY", "MISS_REMOTE_OPCODE",                     \
			    "served remotely (remote cache or memory)",                                       \
			    "000:777-782; pmu-tools ivt_uc.py CBO.AVG_TOR_DRD_REM_MISS_LATENCY; perfmon IVT"), \
	UPM_LOC_REM_SHARE("LLC_DRD_RFO_MISS_TO_LOC_MEM", "MISS_LOCAL_OPCODE", "served by local memory",  \
			  "000:806-812; pmu-tools ivt_uc.py CBO.LLC_DRD_RFO_MISS_TO_LOC_MEM; perfmon IVT"),   \
	UPM_LOC_REM_SHARE("LLC_DRD_RFO_MISS_TO_REM_MEM", "MISS_REMOTE_OPCODE",                        \
			  "served remotely (remote cache or memory)",                                         \
			  "000:813-817; pmu-tools ivt_uc.py CBO.LLC_DRD_RFO_MISS_TO_REM_MEM; perfmon IVT")

/* The BL (data) ring at each CBo's stop, 32 bytes a cycle in use (pmu-tools
 * CBO.RING_THRU_*_BYTES). Sandy Bridge-EP: one ring, up or down, even or odd polarity
 * (RING_BL_USED, 000:1010-1036; names 000:789-800). */
#define UPM_RING_LANE(lane_, umask_, words_, src_)                                                   \
	UPM_FMETRIC("CYC_USED_" lane_, "cbo/RING_BL_USED." umask_ "/ / cbo/CLOCKTICKS/", "ratio",          \
		    "share of uncore cycles the BL ring is in use at a CBo's stop, " words_,               \
		    src_ " CBO.CYC_USED_" lane_),                                                            \
	UPM_FMETRIC("RING_THRU_" lane_ "_BYTES", "cbo/RING_BL_USED." umask_ "/ * 32 / SECONDS", "bytes/s",  \
		    "data through the CBos' BL ring stops, " words_ " (32 bytes a cycle in use)",          \
		    src_ " CBO.RING_THRU_" lane_ "_BYTES")
#define UPM_RING_SNBEP "000:789-800, 1010-1036; pmu-tools jkt_uc.py"
#define UPM_METRICS_CBO_RING_SNBEP                                                                   \
	UPM_RING_LANE("UPEVEN", "UP_EVEN", "up, even polarity", UPM_RING_SNBEP),                     \
	UPM_RING_LANE("UPODD", "UP_ODD", "up, odd polarity", UPM_RING_SNBEP),                        \
	UPM_RING_LANE("DNEVEN", "DOWN_EVEN", "down, even polarity", UPM_RING_SNBEP),                 \
	UPM_RING_LANE("DNODD", "DOWN_ODD", "down, odd polarity", UPM_RING_SNBEP)

/* Ivy Bridge-EP: two virtual rings. pmu-tools ivt_uc.py counts CYC_USED_UP and
 * RING_THRU_UP_BYTES with the CW unit mask, which on the CBo is 0x03, virtual ring 0
 * alone (perfmon IVT; boxes/ivbep/events_cbo.c); the direction on both rings is UP 0x33
 * (DOWN 0xCC), taken here. Where the counter counts a cycle once however many rings carry
 * data in it, the bytes are a lower bound. */
#define UPM_RING_IVBEP "perfmon IVT UNC_C_RING_BL_USED.UP/.DOWN; pmu-tools ivt_uc.py"
#define UPM_METRICS_CBO_RING_IVBEP                                                                   \
	UPM_RING_LANE("UP", "UP", "up, either virtual ring", UPM_RING_IVBEP),                        \
	UPM_RING_LANE("DN", "DOWN", "down, either virtual ring", UPM_RING_IVBEP)

#endif

/* QPI metrics of the guides' names from the packet match/mask facility, and the link's
 * speed, shared by Sandy Bridge-EP and Ivy Bridge-EP (the same CTO_COUNT, 0x38 with the
 * extra select bit, and MATCH0/1, MASK0/1 registers on both: 000:3490-3524; perfmon IVT).
 * Names: the guide's Table 2-95 (000:3682-3724) and pmu-tools ucevent (andikleen/
 * pmu-tools ucevent/jkt_uc.py, ivt_uc.py "QPI_LL.*", jkt_extra.py); equations pmu-tools'.
 *
 * The match fields (000:3505-3523): DNID 17:13 (the destination node), MC 12:9 (the message
 * class), OPC 8:5, VNW 4:3; MATCH1 RDS 19:16 (the response data state). The match/mask
 * pairs are the guide's Table 2-92 (000:3531-3590): DRS data responses 0x1C00, writebacks
 * WbI/WbS/WbE 0x1C80/0x1CA0/0x1CC0 under 0x1FE0, 9-flit (full line) and 11-flit
 * (partial) messages 0x1C00/0x1D00 under 0x1F00, NCB 0x1800/0x1900. Each DRS or NCB
 * message is one line: x 64 bytes. CTO_COUNT counts the matching packets a port
 * services (000:3490-3493), here those received (the names' FROM_QPI), summed over the
 * socket's ports. Every distinct match/mask is a pass of its own
 * (the registers are the port's). */
#ifndef UPMON_BOXES_SNBEP_METRICS_QPI_H
#define UPMON_BOXES_SNBEP_METRICS_QPI_H

#include "boxes/metric.h"

#define UPM_CTO(m0_, k0_) "qpi/CTO_COUNT,match0=" m0_ ",mask0=" k0_ "/"
/* With the response data state in MATCH1 19:16 (RDS 0x8 M; 0x4 and 0x1 the two
 * pmu-tools counts as F or E). */
#define UPM_CTO_RDS(m0_, rds_) "qpi/CTO_COUNT,match0=" m0_ ",mask0=0x1fe0,match1=" rds_ ",mask1=0xf0000/"
#define UPM_PER_LINE " * 64 / SECONDS"
#define UPM_QPI_SRC(name_) "pmu-tools jkt_uc.py QPI_LL." name_

/* Messages by kind. DRS_DataC_M_FROM_QPI (ivt_uc.py) is an alias of DRS_M_FROM_QPI: its
 * pmu-tools equation selects RDS 0x1 and its description says "DataC_Fs", against its
 * name; the name is followed: the DataC of M-state lines, which DRS_M_FROM_QPI counts. */
#define UPM_METRICS_QPI_DRS                                                                          \
	UPM_FMETRIC("DRS_FULL_CACHELINE_MSGS_FROM_QPI", UPM_CTO("0x1c00", "0x1f00") UPM_PER_LINE, "bytes/s", \
		    "DRS messages of a full line (9 flits) received from QPI, x 64",                      \
		    "000:3547; " UPM_QPI_SRC("DRS_FULL_CACHELINE_MSGS_FROM_QPI")),                     \
	UPM_FMETRIC("DRS_PTL_CACHELINE_MSGS_FROM_QPI", UPM_CTO("0x1d00", "0x1f00") UPM_PER_LINE, "bytes/s", \
		    "DRS messages of a partial line (11 flits) received from QPI, x 64",                  \
		    "000:3696-3698, 3548; " UPM_QPI_SRC("DRS_PTL_CACHELINE_MSGS_FROM_QPI")),           \
	UPM_FMETRIC("DRS_WbI_FROM_QPI", UPM_CTO("0x1c80", "0x1fe0") UPM_PER_LINE, "bytes/s",              \
		    "writebacks to state I received from QPI (WbIData x 64)",                              \
		    "000:3710-3712, 3543; " UPM_QPI_SRC("DRS_WbI_FROM_QPI")),                               \
	UPM_FMETRIC("DRS_WbS_FROM_QPI", UPM_CTO("0x1ca0", "0x1fe0") UPM_PER_LINE, "bytes/s",              \
		    "writebacks to state S received from QPI (WbSData x 64)",                              \
		    "000:3713-3715, 3544; " UPM_QPI_SRC("DRS_WbS_FROM_QPI")),                               \
	UPM_FMETRIC("DRS_WbE_FROM_QPI", UPM_CTO("0x1cc0", "0x1fe0") UPM_PER_LINE, "bytes/s",              \
		    "writebacks to state E received from QPI (WbEData x 64)",                              \
		    "000:3707-3709, 3545; " UPM_QPI_SRC("DRS_WbE_FROM_QPI")),                               \
	UPM_FMETRIC("DRS_WB_FROM_QPI",                                                                 \
		    "(" UPM_CTO("0x1c80", "0x1fe0") " + " UPM_CTO("0x1ca0", "0x1fe0") " + "                  \
		    UPM_CTO("0x1cc0", "0x1fe0") ")" UPM_PER_LINE, "bytes/s",                                 \
		    "writebacks received from QPI: WbIData, WbSData and WbEData x 64",                     \
		    "000:3699-3702; " UPM_QPI_SRC("DRS_WB_FROM_QPI")),                                      \
	UPM_FMETRIC_ALIAS("DRS_M_FROM_QPI", "DRS_DataC_M_FROM_QPI",                                    \
			  UPM_CTO_RDS("0x1c00", "0x80000") UPM_PER_LINE, "bytes/s",                         \
			  "data responses of M-state lines received from QPI (DataC_M x 64)",               \
			  "000:3693-3695, 3534; " UPM_QPI_SRC("DRS_M_FROM_QPI")),                           \
	UPM_FMETRIC("DRS_F_OR_E_FROM_QPI",                                                             \
		    "(" UPM_CTO_RDS("0x1c00", "0x40000") " + " UPM_CTO_RDS("0x1c00", "0x10000") " + "         \
		    UPM_CTO_RDS("0x1c40", "0x40000") " + " UPM_CTO_RDS("0x1c40", "0x10000") " + "            \
		    UPM_CTO_RDS("0x1c20", "0x40000") " + " UPM_CTO_RDS("0x1c20", "0x10000") ")" UPM_PER_LINE, \
		    "bytes/s", "data responses of F- or E-state lines received from QPI (DataC, DataC_Cmp, " \
		    "DataC_FrcAckCnflt x 64)", "000:3685-3692, 3535-3542; " UPM_QPI_SRC("DRS_F_OR_E_FROM_QPI"))

/* Data to a node, the guide's NODEx (000:3703-3706, 3716-3718; x the destination node
 * id in DNID, MATCH0 17:13, as the guide's RANKx stands for each rank, 000:223-224):
 * drs_ = 0x1C00 | x << 13, ncb_ = 0x1800 | x << 13, ncb11_ = 0x1900 | x << 13, under the
 * mask 0x3FF80 (DNID, MC, OPC 8:7: the data responses) or 0x3FE00 (DNID, MC: any).
 * DATA_FROM_QPI_TO_NODEx is pmu-tools' DataC + (Any - DataC) + NCB, written as Any + NCB. */
#define UPM_QPI_NODE(x_, drs_, ncb_, ncb11_)                                                         \
	UPM_FMETRIC("DRS_DataC_FROM_QPI_TO_NODE" #x_, UPM_CTO(drs_, "0x3ff80") UPM_PER_LINE, "bytes/s",    \
		    "data responses received from QPI for node " #x_ " (DataC x 64)",                     \
		    UPM_QPI_SRC("DRS_DataC_FROM_QPI_TO_NODEx") "; 000:3533"),                          \
	UPM_FMETRIC("DRS_WRITE_FROM_QPI_TO_NODE" #x_,                                                  \
		    "(" UPM_CTO(drs_, "0x3fe00") " - " UPM_CTO(drs_, "0x3ff80") ")" UPM_PER_LINE, "bytes/s", \
		    "DRS messages other than data responses received from QPI for node " #x_ " (x 64)",   \
		    "000:3703-3706; " UPM_QPI_SRC("DRS_WRITE_FROM_QPI_TO_NODEx")),                          \
	UPM_FMETRIC("NCB_DATA_FROM_QPI_TO_NODE" #x_,                                                   \
		    "(" UPM_CTO(ncb_, "0x3fe00") " - " UPM_CTO(ncb11_, "0x3ff80") ")" UPM_PER_LINE, "bytes/s", \
		    "NCB messages other than interrupts received from QPI for node " #x_ " (x 64)",       \
		    "000:3716-3718; " UPM_QPI_SRC("NCB_DATA_FROM_QPI_TO_NODEx")),                           \
	UPM_FMETRIC("DATA_FROM_QPI_TO_NODE" #x_,                                                       \
		    "(" UPM_CTO(drs_, "0x3fe00") " + (" UPM_CTO(ncb_, "0x3fe00") " - " UPM_CTO(ncb11_, "0x3ff80") \
		    "))" UPM_PER_LINE, "bytes/s", "DRS and NCB data received from QPI for node " #x_ " (x 64)", \
		    UPM_QPI_SRC("DATA_FROM_QPI_TO_NODEx"))
#define UPM_METRICS_QPI_NODES                                                                        \
	UPM_QPI_NODE(0, "0x1c00", "0x1800", "0x1900"), UPM_QPI_NODE(1, "0x3c00", "0x3800", "0x3900"), \
	UPM_QPI_NODE(2, "0x5c00", "0x5800", "0x5900"), UPM_QPI_NODE(3, "0x7c00", "0x7800", "0x7900"), \
	UPM_QPI_NODE(4, "0x9c00", "0x9800", "0x9900"), UPM_QPI_NODE(5, "0xbc00", "0xb800", "0xb900"), \
	UPM_QPI_NODE(6, "0xdc00", "0xd800", "0xd900"), UPM_QPI_NODE(7, "0xfc00", "0xf800", "0xf900")

/* The link's transfer rate: qfclk is 1/8 of it (000:3727-3733), port 0's clock over the
 * window (pmu-tools jkt_extra.py QPI_LL.QPI_SPEED, CLOCKTICKS x 8; ivt_uc.py likewise). */
#define UPM_METRIC_QPI_SPEED                                                                         \
	UPM_FMETRIC("QPI_SPEED", "qpi0/CLOCKTICKS/ * 8 / SECONDS / 1e9", "GT/s",                          \
		    "QPI transfer rate of port 0 (its link clock x 8)",                                    \
		    "000:3727-3733; pmu-tools jkt_extra.py, ivt_uc.py QPI_LL.QPI_SPEED")

#endif

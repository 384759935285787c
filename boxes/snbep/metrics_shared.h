/* Metrics Sandy Bridge-EP and Ivy Bridge-EP define alike: the same formula over events
 * of the same names, unit masks and filters on both (boxes/snbep/metrics.c,
 * boxes/ivbep/metrics.c). Each is one initialiser used by both metric tables, so a
 * change to one is a change to both; tests/unit/boxes/test_tables_ivbep.c checks that both
 * tables hold them. Sources cite the Sandy Bridge-EP guide (seed 000), whose definitions
 * the Ivy Bridge-EP events (intel/perfmon IVT) carry over; see boxes/ivbep/metrics.c. */
#ifndef UPMON_BOXES_SNBEP_METRICS_SHARED_H
#define UPMON_BOXES_SNBEP_METRICS_SHARED_H

#include "boxes/metric.h"

/* 000:233-236: READ_MEM_BW = iMC CAS_COUNT.RD x 64 bytes; likewise writes (T2-65). */
#define UPM_METRIC_MEM_BW_READS                                            \
	{ "MEM_BW_READS", "imc/CAS_COUNT.RD/", NULL, 64.0, "bytes/s",      \
	  "memory read bandwidth: read CAS commands x 64 bytes", "000:233-236, 2319-2363", NULL, NULL }
#define UPM_METRIC_MEM_BW_WRITES                                           \
	{ "MEM_BW_WRITES", "imc/CAS_COUNT.WR/", NULL, 64.0, "bytes/s",     \
	  "memory write bandwidth: write CAS commands x 64 bytes", "000:2319-2363", NULL, NULL }
#define UPM_METRIC_MEM_BW_TOTAL                                            \
	{ "MEM_BW_TOTAL", "imc/CAS_COUNT.ALL/", NULL, 64.0, "bytes/s",     \
	  "memory bandwidth, reads and writes", "000:2319-2363", NULL, NULL }
#define UPM_METRIC_UNCORE_FREQ \
	{ "UNCORE_FREQ", "ubox/UCLK/", NULL, 1.0, "Hz", "uncore clock frequency", "000:373-374", NULL, NULL }
#define UPM_METRIC_DRAM_CLOCK_FREQ                                                   \
	{ "DRAM_CLOCK_FREQ", "imc0/DCLK/", NULL, 1.0, "Hz", "DRAM clock of channel 0", \
	  "000:2255-2258", NULL, NULL }
/* The DIMMs' transfer rate: the DRAM clock is half the DDR rate (000:2255). pmu-tools
 * jkt_extra.py iMC.DIMM_SPEED divides the fixed counter by 2 instead, against the guide;
 * the guide is followed. */
#define UPM_METRIC_DIMM_SPEED                                                          \
	UPM_FMETRIC("DIMM_SPEED", "imc0/DCLK/ * 2 / SECONDS / 1e6", "MT/s",                \
		    "DDR transfer rate of channel 0 (twice its DRAM clock)",                  \
		    "000:2255-2258; name: pmu-tools jkt_extra.py iMC.DIMM_SPEED")
/* 000:3001-3021; the guide prints CYC_FREQ_THERMAL_LTD over FREQ_MAX_CURRENT_CYCLES,
 * a copy error: the thermal limit event is FREQ_MAX_LIMIT_THERMAL_CYCLES. pmu-tools
 * names the four PCT_FREQ_*_LTD (jkt_uc.py) and PCT_CYC_FREQ_*_LTD (ivt_uc.py), the same
 * shares (with the guide's thermal copy error): aliases. */
#define UPM_METRIC_CYC_FREQ_THERMAL_LTD                                                   \
	{ "CYC_FREQ_THERMAL_LTD", "pcu/FREQ_MAX_LIMIT_THERMAL_CYCLES/", "pcu/CLOCKTICKS/", \
	  1.0, "ratio", "share of PCU cycles with frequency limited by temperature",       \
	  "000:3001-3021", NULL, "PCT_FREQ_THERMAL_LTD,PCT_CYC_FREQ_THERMAL_LTD" }
#define UPM_METRIC_CYC_FREQ_POWER_LTD                                                  \
	{ "CYC_FREQ_POWER_LTD", "pcu/FREQ_MAX_POWER_CYCLES/", "pcu/CLOCKTICKS/", 1.0,   \
	  "ratio", "share of PCU cycles with frequency limited by power", "000:3001-3021", NULL, \
	  "PCT_FREQ_POWER_LTD,PCT_CYC_FREQ_POWER_LTD" }
#define UPM_METRIC_CYC_FREQ_OS_LTD                                                             \
	{ "CYC_FREQ_OS_LTD", "pcu/FREQ_MAX_OS_CYCLES/", "pcu/CLOCKTICKS/", 1.0, "ratio",         \
	  "share of PCU cycles with frequency limited by the OS request", "000:3001-3021", NULL, \
	  "PCT_FREQ_OS_LTD,PCT_CYC_FREQ_OS_LTD" }
#define UPM_METRIC_CYC_FREQ_CURRENT_LTD                                                      \
	{ "CYC_FREQ_CURRENT_LTD", "pcu/FREQ_MAX_CURRENT_CYCLES/", "pcu/CLOCKTICKS/", 1.0,     \
	  "ratio", "share of PCU cycles with frequency limited by current", "000:3001-3021", NULL, \
	  "PCT_FREQ_CURRENT_LTD,PCT_CYC_FREQ_CURRENT_LTD" }
#define UPM_METRIC_PCT_CYCLES_CONFLICT                                                      \
	{ "PCT_CYCLES_CONFLICT", "ha/CONFLICT_CYCLES.CONFLICT/", "ha/CLOCKTICKS/", 1.0, "ratio", \
	  "share of HA cycles with address conflicts (guide divides by the sample interval; " \
	  "the HA clock is its cycle count)", "000:1716-1741", NULL, NULL }


/* The guide's iMC metric names (Table 2-65, 000:2319-2363); its equations were lost in
 * the extraction and are pmu-tools' (andikleen/pmu-tools ucevent/jkt_uc.py, "iMC.*"):
 * power-mode residencies over the fixed DRAM clock, read/write shares of the queue
 * inserts, page misses over CAS commands. PCT_REQUESTS_PAGE_EMPTY and _HIT, differences
 * of counts, are formulas (boxes/snbep/metrics_guide.h). */
#define UPM_METRIC_PCT_RD_REQUESTS                                                   \
	{ "PCT_RD_REQUESTS", "imc/RPQ_INSERTS/", "imc/RPQ_INSERTS/,imc/WPQ_INSERTS/", 1.0,  \
	  "ratio", "share of memory requests that are reads (queue inserts)",            \
	  "000:2349-2351; pmu-tools jkt_uc.py iMC.PCT_RD_REQUESTS", NULL, NULL }
#define UPM_METRIC_PCT_WR_REQUESTS                                                   \
	{ "PCT_WR_REQUESTS", "imc/WPQ_INSERTS/", "imc/RPQ_INSERTS/,imc/WPQ_INSERTS/", 1.0,  \
	  "ratio", "share of memory requests that are writes (queue inserts)",           \
	  "000:2361-2363; pmu-tools jkt_uc.py iMC.PCT_WR_REQUESTS", NULL, NULL }
#define UPM_METRIC_PCT_REQUESTS_PAGE_MISS                                                  \
	{ "PCT_REQUESTS_PAGE_MISS", "imc/PRE_COUNT.PAGE_MISS/", "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/", \
	  1.0, "ratio", "share of memory requests that closed another row first (page miss)",   \
	  "000:2358-2360; pmu-tools jkt_uc.py iMC.PCT_REQUESTS_PAGE_MISS", NULL, NULL }
#define UPM_METRIC_PCT_CYCLES_SELF_REFRESH                                              \
	{ "PCT_CYCLES_SELF_REFRESH", "imc/POWER_SELF_REFRESH/", "imc/DCLK/", 1.0, "ratio",    \
	  "share of DRAM cycles the channels spend in self-refresh",                        \
	  "000:2346-2348; pmu-tools jkt_uc.py iMC.PCT_CYCLES_SELF_REFRESH", NULL, NULL }
#define UPM_METRIC_PCT_CYCLES_PPD                                                        \
	{ "PCT_CYCLES_PPD", "imc/POWER_CHANNEL_PPD/", "imc/DCLK/", 1.0, "ratio",               \
	  "share of DRAM cycles all ranks are in precharge power-down",                      \
	  "000:2343-2345; pmu-tools jkt_uc.py iMC.PCT_CYCLES_PPD", NULL, NULL }
/* PCT_CYCLES_DLLOFF: ivt_uc.py's spelling of the same share (an alias). */
#define UPM_METRIC_PCT_CYCLES_DLOFF                                                      \
	{ "PCT_CYCLES_DLOFF", "imc/POWER_CHANNEL_DLLOFF/", "imc/DCLK/", 1.0, "ratio",          \
	  "share of DRAM cycles all ranks are in CKE off with the DLL off",                   \
	  "000:2334-2336; pmu-tools jkt_uc.py iMC.PCT_CYCLES_DLOFF", NULL, "PCT_CYCLES_DLLOFF" }
#define UPM_METRIC_PCT_CYCLES_CRITICAL_THROTTLE                                           \
	{ "PCT_CYCLES_CRITICAL_THROTTLE", "imc/POWER_CRITICAL_THROTTLE_CYCLES/", "imc/DCLK/", \
	  1.0, "ratio", "share of DRAM cycles in critical thermal throttling",               \
	  "000:2331-2333; pmu-tools jkt_uc.py iMC.PCT_CYCLES_CRITICAL_THROTTLE", NULL, NULL }

/* CBo (000:804-825): RFO misses by opcode 0x180 (RFO, 000:636); data from PCIe is the
 * allocating PCIe write PCIItoM 0x19C (000:654) in lines, as pmu-tools' CBO.
 * LLC_PCIE_DATA_BYTES (the non-allocating PCIWiLF 0x194 is not an LLC miss's data). */
#define UPM_METRIC_LLC_RFO_MISS_PCT                                                      \
	{ "LLC_RFO_MISS_PCT", "cbo/TOR_INSERTS.MISS_OPCODE,filter_opc=0x180/",                \
	  "cbo/TOR_INSERTS.OPCODE,filter_opc=0x180/", 1.0, "ratio",                           \
	  "share of RFO requests that miss the LLC", "000:824-825, 636; pmu-tools jkt_uc.py CBO.LLC_RFO_MISS_PCT", NULL, NULL }
#define UPM_METRIC_LLC_PCIE_DATA_BYTES                                                   \
	{ "LLC_PCIE_DATA_BYTES", "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19c/", NULL, 64.0,      \
	  "bytes/s", "data written by PCIe into the LLC (PCIItoM lines x 64)",                \
	  "000:821-823, 654; pmu-tools jkt_uc.py CBO.LLC_PCIE_DATA_BYTES", NULL, NULL }

/* HA (000:1716-1741), over the HA clock as PCT_CYCLES_CONFLICT. */
#define UPM_METRIC_PCT_CYCLES_BL_FULL                                                      \
	{ "PCT_CYCLES_BL_FULL", "ha/TxR_BL_CYCLES_FULL.ALL/", "ha/CLOCKTICKS/", 1.0, "ratio", \
	  "share of HA cycles the BL egress is full", "000:1719-1721; pmu-tools jkt_uc.py HA.PCT_CYCLES_BL_FULL", NULL, NULL }
#define UPM_METRIC_PCT_CYCLES_D2C_DISABLED                                                    \
	{ "PCT_CYCLES_D2C_DISABLED", "ha/DIRECT2CORE_CYCLES_DISABLED/", "ha/CLOCKTICKS/", 1.0,   \
	  "ratio", "share of HA cycles with Direct2Core off",                                    \
	  "000:1724-1726; pmu-tools jkt_uc.py HA.PCT_CYCLES_D2C_DISABLED", NULL, NULL }

/* QPI (000:3700-3724 names; equations pmu-tools jkt_uc.py "QPI_LL.*"): data flits carry
 * 8 bytes; the link moves at most 2 flits per qfclk in each direction. Per port, summed
 * over the ports of a socket, receive side. */
#define UPM_METRIC_QPI_LINK_UTIL                                                          \
	{ "QPI_LINK_UTIL", "qpi/RxL_FLITS_G0.DATA/,qpi/RxL_FLITS_G0.NON_DATA/", "qpi/CLOCKTICKS/", \
	  0.5, "ratio", "receive link use: data and non-data flits over 2 per link clock",     \
	  "pmu-tools jkt_uc.py QPI_LL.QPI_LINK_UTIL", NULL, NULL }
#define UPM_METRIC_DRS_DATA_MSGS_FROM_QPI                                                   \
	{ "DRS_DATA_MSGS_FROM_QPI", "qpi/RxL_FLITS_G1.DRS_DATA/", NULL, 8.0, "bytes/s",         \
	  "DRS data received from QPI (8 bytes a flit)", "pmu-tools jkt_uc.py QPI_LL.DRS_DATA_MSGS_FROM_QPI", NULL, NULL }
#define UPM_METRIC_NCB_DATA_MSGS_FROM_QPI                                                   \
	{ "NCB_DATA_MSGS_FROM_QPI", "qpi/RxL_FLITS_G2.NCB_DATA/", NULL, 8.0, "bytes/s",         \
	  "NCB data received from QPI (8 bytes a flit)",                                        \
	  "000:3719-3720; pmu-tools jkt_uc.py QPI_LL.NCB_DATA_MSGS_FROM_QPI", NULL, NULL }
#define UPM_METRIC_DATA_FROM_QPI                                                             \
	{ "DATA_FROM_QPI", "qpi/RxL_FLITS_G1.DRS_DATA/,qpi/RxL_FLITS_G2.NCB_DATA/", NULL, 8.0,    \
	  "bytes/s", "data received from QPI, DRS and NCB (8 bytes a flit)",                     \
	  "pmu-tools jkt_uc.py QPI_LL.DATA_FROM_QPI", NULL, NULL }
#define UPM_METRIC_PCT_LINK_FULL_POWER_CYCLES                                                \
	{ "PCT_LINK_FULL_POWER_CYCLES", "qpi/RxL0_POWER_CYCLES/", "qpi/CLOCKTICKS/", 1.0, "ratio", \
	  "share of link clocks the receive side is in L0 (full power)",                         \
	  "pmu-tools jkt_uc.py QPI_LL.PCT_LINK_FULL_POWER_CYCLES", NULL, NULL }
#define UPM_METRIC_PCT_LINK_HALF_DISABLED_CYCLES                                                \
	{ "PCT_LINK_HALF_DISABLED_CYCLES", "qpi/RxL0P_POWER_CYCLES/", "qpi/CLOCKTICKS/", 1.0,     \
	  "ratio", "share of link clocks the receive side is in L0p (half width)",                \
	  "pmu-tools jkt_uc.py QPI_LL.PCT_LINK_HALF_DISABLED_CYCLES", NULL, NULL }
#define UPM_METRIC_PCT_LINK_SHUTDOWN_CYCLES                                                \
	{ "PCT_LINK_SHUTDOWN_CYCLES", "qpi/L1_POWER_CYCLES/", "qpi/CLOCKTICKS/", 1.0, "ratio",  \
	  "share of link clocks the link is in L1 (shut down)",                                \
	  "pmu-tools jkt_uc.py QPI_LL.PCT_LINK_SHUTDOWN_CYCLES", NULL, NULL }

/* The list above, in both platforms' tables. */
#define UPM_METRICS_SHARED_ISSUE18                                                           \
	UPM_METRIC_PCT_RD_REQUESTS, UPM_METRIC_PCT_WR_REQUESTS, UPM_METRIC_PCT_REQUESTS_PAGE_MISS, \
	UPM_METRIC_PCT_CYCLES_SELF_REFRESH, UPM_METRIC_PCT_CYCLES_PPD, UPM_METRIC_PCT_CYCLES_DLOFF, \
	UPM_METRIC_PCT_CYCLES_CRITICAL_THROTTLE, UPM_METRIC_LLC_RFO_MISS_PCT,                   \
	UPM_METRIC_LLC_PCIE_DATA_BYTES, UPM_METRIC_PCT_CYCLES_BL_FULL,                          \
	UPM_METRIC_PCT_CYCLES_D2C_DISABLED, UPM_METRIC_QPI_LINK_UTIL,                           \
	UPM_METRIC_DRS_DATA_MSGS_FROM_QPI, UPM_METRIC_NCB_DATA_MSGS_FROM_QPI,                   \
	UPM_METRIC_DATA_FROM_QPI, UPM_METRIC_PCT_LINK_FULL_POWER_CYCLES,                        \
	UPM_METRIC_PCT_LINK_HALF_DISABLED_CYCLES, UPM_METRIC_PCT_LINK_SHUTDOWN_CYCLES

#endif

/* Sandy Bridge-EP event groups (boxes/group.h). PCIe traffic is counted where the guide
 * puts it, at the CBo TOR by opcode (000:652-658: PCIWiLF 0x194 and PCIItoM 0x19C are
 * PCIe writes, PCIRdCur 0x19E a PCIe read).
 *
 * Interval forms, where a whole group needs more than one pass (every count at once):
 * an iMC channel, a QPI port and the PCU have 4 counters each; a CBo's LLC_LOOKUP,
 * LLC_VICTIMS, TOR_INSERTS and RING_BOUNCES take counters 0-1 only, TOR_OCCUPANCY counter
 * 0 (000:425-428, 860-925, 1037-1051, 1262-1438), its ring events counters 2-3
 * (000:956-1036), and its one filter register holds one opcode and one state set at a
 * time, so each PCIe opcode and each lookup state needs a pass of its own. */
#include "boxes/snbep/snbep.h"

const struct upm_group upm_snbep_groups[] = {
	{ "MEM", "memory bandwidth, read and write, and the read queue's latency",
	  "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/RPQ_INSERTS/,imc/RPQ_OCCUPANCY/,imc/WPQ_INSERTS/",
	  "MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL,RPQ_AVG_LATENCY,RPQ_AVG_LATENCY_NS,PCT_RD_REQUESTS,PCT_REQUESTS_PAGE_HIT,PCT_REQUESTS_PAGE_EMPTY,PCT_REQUESTS_PAGE_MISS",
	  /* Read and write CAS and the read queue: 4 counters a channel (MEM_BW_TOTAL is their sum). */
	  "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/RPQ_INSERTS/,imc/RPQ_OCCUPANCY/",
	  "MEM_BW_READS,MEM_BW_WRITES,RPQ_AVG_LATENCY,RPQ_AVG_LATENCY_NS" },
	{ "LLC", "how often data reads hit the LLC, what a miss costs, what leaves the LLC",
	  "cbo/LLC_VICTIMS.M_STATE/,cbo/LLC_VICTIMS.E_STATE/,cbo/LLC_VICTIMS.S_STATE/",
	  "LLC_DRD_HIT_PCT,LLC_MISS_PCT,AVG_TOR_DRD_MISS_LATENCY,AVG_TOR_DRD_MISS_LATENCY_NS,MEM_WB_BYTES",
	  /* What a miss costs: TOR occupancy (counter 0) and inserts (counter 1) of missing
	   * data reads; the hit rates need a pass per state filter. */
	  NULL, "AVG_TOR_DRD_MISS_LATENCY,AVG_TOR_DRD_MISS_LATENCY_NS" },
	{ "QPI", "QPI flits sent and received per port, data and non-data, against the link clock",
	  "qpi/CLOCKTICKS/,qpi/TxL_FLITS_G0.DATA/,qpi/TxL_FLITS_G0.NON_DATA/,qpi/RxL_FLITS_G0.DATA/,"
	  "qpi/RxL_FLITS_G0.NON_DATA/",
	  "QPI_LINK_UTIL,QPI_TX_LINK_UTIL,QPI_DATA_BW,DATA_FROM_QPI,PCT_LINK_HALF_DISABLED_CYCLES,PCT_LINK_SHUTDOWN_CYCLES",
	  /* Sent flits against the link clock, and received data: a socket's sends are the
	   * other socket's receives. */
	  "qpi/CLOCKTICKS/,qpi/TxL_FLITS_G0.DATA/,qpi/TxL_FLITS_G0.NON_DATA/,qpi/RxL_FLITS_G0.DATA/",
	  "QPI_TX_LINK_UTIL,QPI_DATA_BW" },
	{ "PCIE", "PCIe reads and writes of memory, by request opcode at the CBo TOR",
	  "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19e/,cbo/TOR_INSERTS.OPCODE,filter_opc=0x19c/,"
	  "cbo/TOR_INSERTS.OPCODE,filter_opc=0x194/",
	  "LLC_PCIE_DATA_BYTES,IO_READ_BW,IO_WRITE_BW",
	  /* One opcode a pass: PCIItoM, whole lines PCIe writes into the LLC. */
	  "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19c/", "LLC_PCIE_DATA_BYTES" },
	{ "POWER", "what limits the frequency (thermal, power, OS, current) and PROCHOT time",
	  "pcu/PROCHOT_EXTERNAL_CYCLES/,pcu/PROCHOT_INTERNAL_CYCLES/",
	  "CYC_FREQ_THERMAL_LTD,CYC_FREQ_POWER_LTD,CYC_FREQ_OS_LTD,CYC_FREQ_CURRENT_LTD,PCT_CYCLES_SELF_REFRESH,PCT_CYCLES_PPD,CORES_IN_C0,CORES_IN_C6",
	  /* The PCU's clock and the three hardware limits (the OS request, PROCHOT and the
	   * C-state occupancies need more PCU counters); the channels' power states. */
	  NULL, "CYC_FREQ_THERMAL_LTD,CYC_FREQ_POWER_LTD,CYC_FREQ_CURRENT_LTD,PCT_CYCLES_SELF_REFRESH,PCT_CYCLES_PPD" },
	{ "RING", "how busy the ring is at the CBo stops, by ring and direction, and bounces",
	  "cbo/CLOCKTICKS/,cbo/RING_AD_USED.UP_EVEN/,cbo/RING_AD_USED.DOWN_EVEN/,cbo/RING_BL_USED.UP_EVEN/,"
	  "cbo/RING_BL_USED.DOWN_EVEN/,cbo/RING_BOUNCES.BL_CORE/",
	  NULL,
	  /* The data ring both ways on counters 2-3, the clock and bounces on 0-1. */
	  "cbo/CLOCKTICKS/,cbo/RING_BL_USED.UP_EVEN/,cbo/RING_BL_USED.DOWN_EVEN/,cbo/RING_BOUNCES.BL_CORE/", NULL },
};

const unsigned upm_snbep_n_groups = UPM_ARRAY_LEN(upm_snbep_groups);

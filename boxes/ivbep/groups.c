/* Ivy Bridge-EP event groups (boxes/group.h). PCIe traffic by TOR opcode as on Sandy
 * Bridge-EP (its guide's opcodes, 000:652-658: PCIWiLF 0x194, PCIItoM 0x19C writes,
 * PCIRdCur 0x19E reads; the Ivy Bridge-EP opcode table is not among the seeds).
 *
 * Interval forms, where a whole group needs more than one pass (every count at once):
 * an iMC channel, a QPI port and the PCU have 4 counters each; a CBo's LLC_VICTIMS and
 * TOR_INSERTS take counters 0-1 only, TOR_OCCUPANCY counter 0, its ring events counters
 * 2-3 (intel/perfmon IVT/events/ivytown_uncore.json, boxes/ivbep/events_cbo.c), and its
 * opcode filter holds one opcode at a time, so each PCIe opcode needs a pass. */
#include "boxes/ivbep/ivbep.h"

const struct upm_group upm_ivbep_groups[] = {
	{ "MEM", "memory bandwidth, read and write, and the memory queues' inserts",
	  "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/RPQ_INSERTS/,imc/RPQ_CYCLES_NE/,imc/WPQ_INSERTS/",
	  "MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL,PCT_RD_REQUESTS,PCT_REQUESTS_PAGE_HIT,PCT_REQUESTS_PAGE_EMPTY,PCT_REQUESTS_PAGE_MISS",
	  /* Read and write CAS and both queues' inserts: 4 counters a channel (MEM_BW_TOTAL is
	   * the CAS' sum). */
	  "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/RPQ_INSERTS/,imc/WPQ_INSERTS/",
	  "MEM_BW_READS,MEM_BW_WRITES,PCT_RD_REQUESTS" },
	{ "LLC", "how often data reads hit the LLC, what a miss costs, what leaves the LLC",
	  "cbo/LLC_VICTIMS.M_STATE/,cbo/LLC_VICTIMS.MISS/",
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
	{ "RING", "how busy the ring is at the CBo stops, by ring and direction",
	  "cbo/CLOCKTICKS/,cbo/RING_AD_USED.UP/,cbo/RING_AD_USED.DOWN/,cbo/RING_BL_USED.UP/,"
	  "cbo/RING_BL_USED.DOWN/",
	  NULL,
	  /* The data ring both ways on counters 2-3, and the clock. */
	  "cbo/CLOCKTICKS/,cbo/RING_BL_USED.UP/,cbo/RING_BL_USED.DOWN/", NULL },
};

const unsigned upm_ivbep_n_groups = UPM_ARRAY_LEN(upm_ivbep_groups);

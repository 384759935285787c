/* Ivy Bridge-EP event groups (boxes/group.h). PCIe traffic by TOR opcode as on Sandy
 * Bridge-EP (its guide's opcodes, 000:652-658: PCIWiLF 0x194, PCIItoM 0x19C writes,
 * PCIRdCur 0x19E reads; the Ivy Bridge-EP opcode table is not among the seeds). */
#include "boxes/ivbep/ivbep.h"

const struct upm_group upm_ivbep_groups[] = {
	{ "MEM", "memory bandwidth, read and write, and the memory queues' inserts",
	  "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/RPQ_INSERTS/,imc/RPQ_CYCLES_NE/,imc/WPQ_INSERTS/",
	  "MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL,PCT_RD_REQUESTS,PCT_REQUESTS_PAGE_HIT,PCT_REQUESTS_PAGE_EMPTY,PCT_REQUESTS_PAGE_MISS" },
	{ "LLC", "how often data reads hit the LLC, what a miss costs, what leaves the LLC",
	  "cbo/LLC_VICTIMS.M_STATE/,cbo/LLC_VICTIMS.MISS/",
	  "LLC_DRD_HIT_PCT,LLC_MISS_PCT,AVG_TOR_DRD_MISS_LATENCY,AVG_TOR_DRD_MISS_LATENCY_NS,MEM_WB_BYTES" },
	{ "QPI", "QPI flits sent and received per port, data and non-data, against the link clock",
	  "qpi/CLOCKTICKS/,qpi/TxL_FLITS_G0.DATA/,qpi/TxL_FLITS_G0.NON_DATA/,qpi/RxL_FLITS_G0.DATA/,"
	  "qpi/RxL_FLITS_G0.NON_DATA/",
	  "QPI_LINK_UTIL,QPI_TX_LINK_UTIL,QPI_DATA_BW,DATA_FROM_QPI,PCT_LINK_HALF_DISABLED_CYCLES,PCT_LINK_SHUTDOWN_CYCLES" },
	{ "PCIE", "PCIe reads and writes of memory, by request opcode at the CBo TOR",
	  "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19e/,cbo/TOR_INSERTS.OPCODE,filter_opc=0x19c/,"
	  "cbo/TOR_INSERTS.OPCODE,filter_opc=0x194/",
	  "LLC_PCIE_DATA_BYTES,IO_READ_BW,IO_WRITE_BW" },
	{ "POWER", "what limits the frequency (thermal, power, OS, current) and PROCHOT time",
	  "pcu/PROCHOT_EXTERNAL_CYCLES/,pcu/PROCHOT_INTERNAL_CYCLES/",
	  "CYC_FREQ_THERMAL_LTD,CYC_FREQ_POWER_LTD,CYC_FREQ_OS_LTD,CYC_FREQ_CURRENT_LTD,PCT_CYCLES_SELF_REFRESH,PCT_CYCLES_PPD,CORES_IN_C0,CORES_IN_C6" },
	{ "RING", "how busy the ring is at the CBo stops, by ring and direction",
	  "cbo/CLOCKTICKS/,cbo/RING_AD_USED.UP/,cbo/RING_AD_USED.DOWN/,cbo/RING_BL_USED.UP/,"
	  "cbo/RING_BL_USED.DOWN/",
	  NULL },
};

const unsigned upm_ivbep_n_groups = UPM_ARRAY_LEN(upm_ivbep_groups);

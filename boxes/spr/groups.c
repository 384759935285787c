/* Sapphire Rapids and Emerald Rapids event groups (boxes/group.h). A CHA, an IMC channel,
 * a UPI link and the PCU have 4 general counters each, an IIO unit 4 of which its data
 * request events take counters 0-1, and the CHA's TOR occupancy counter 0 only
 * (intel/perfmon SPR/events/sapphirerapids_uncore.json at 6dadedf3, Counter fields). */
#include "boxes/spr/spr.h"

const struct upm_group upm_spr_groups[] = {
	{ "MEM", "memory bandwidth per channel and socket, read and write",
	  "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/CLOCKTICKS/",
	  "MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL,MEM_BW_READ_SHARE", NULL, NULL },
	{ "LLC", "how often demand data reads miss the LLC, what a miss costs, local or remote",
	  "cha/TOR_INSERTS.IA_DRD/,cha/TOR_INSERTS.IA_MISS_DRD/,cha/TOR_OCCUPANCY.IA_MISS_DRD/,cha/CLOCKTICKS/",
	  "LLC_DRD_MISS_SHARE,LLC_DRD_MISS_LATENCY_NS,NUMA_LOCAL_READ_SHARE,LLC_DRD_MISS_LATENCY_LOCAL_NS,"
	  "LLC_DRD_MISS_LATENCY_REMOTE_NS,UNCORE_FREQ",
	  /* One pass: the miss share and what a miss costs (occupancy on counter 0). */
	  "cha/TOR_INSERTS.IA_DRD/,cha/TOR_INSERTS.IA_MISS_DRD/,cha/TOR_OCCUPANCY.IA_MISS_DRD/,cha/CLOCKTICKS/",
	  "LLC_DRD_MISS_SHARE,LLC_DRD_MISS_LATENCY_NS" },
	{ "UPI", "data sent and received per UPI link, the links' utilisation and power states",
	  "upi/CLOCKTICKS/,upi/TxL_FLITS.ALL_DATA/,upi/RxL_FLITS.ALL_DATA/,upi/TxL_FLITS.NON_DATA/,"
	  "upi/RxL_FLITS.NON_DATA/,upi/TxL0P_POWER_CYCLES/,upi/L1_POWER_CYCLES/",
	  "UPI_DATA_TX_BW,UPI_DATA_RX_BW,UPI_TX_UTILIZATION,UPI_RX_UTILIZATION,UPI_L0P_TX_SHARE,UPI_L1_SHARE",
	  /* Data both ways against the link clock; the power states need a second pass. */
	  "upi/CLOCKTICKS/,upi/TxL_FLITS.ALL_DATA/,upi/RxL_FLITS.ALL_DATA/,upi/TxL0P_POWER_CYCLES/",
	  "UPI_DATA_TX_BW,UPI_DATA_RX_BW,UPI_L0P_TX_SHARE" },
	{ "PCIE", "memory read and written by PCIe devices, at the IIO and at the CHAs",
	  "iio/DATA_REQ_OF_CPU.MEM_READ.ALL_PARTS/,iio/DATA_REQ_OF_CPU.MEM_WRITE.ALL_PARTS/,"
	  "cha/TOR_INSERTS.IO_PCIRDCUR/,cha/TOR_INSERTS.IO_ITOM/,cha/TOR_INSERTS.IO_ITOMCACHENEAR/",
	  "IIO_BW_READ,IIO_BW_WRITE,IO_BW_READ,IO_BW_WRITE", NULL, NULL },
	{ "POWER", "cores in C0 and C6, and the PCU's clock",
	  "pcu/CLOCKTICKS/,pcu/POWER_STATE_OCCUPANCY_CORES_C0/,pcu/POWER_STATE_OCCUPANCY_CORES_C6/",
	  "CORES_IN_C0,CORES_IN_C6,PCU_FREQ", NULL, NULL },
};

const unsigned upm_spr_n_groups = UPM_ARRAY_LEN(upm_spr_groups);

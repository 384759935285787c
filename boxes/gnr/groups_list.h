/* The Granite Rapids and Sierra Forest groups (boxes/gnr/groups.c includes this list once
 * for each): GNR_DRD names the demand data read in the CHA's TOR events ("DRD" on GNR,
 * "DRD_OPT" on SRF), GNR_SIDE_LATENCIES the local and remote miss latencies where the TOR's
 * occupancy has them (GNR's files; SRF's have no TOR_OCCUPANCY.IA_MISS_DRD_OPT_LOCAL). */
	{ "MEM", "memory bandwidth per channel and socket, read and write",
	  "imc/CAS_COUNT_SCH0.RD/,imc/CAS_COUNT_SCH1.RD/,imc/CAS_COUNT_SCH0.WR/,imc/CAS_COUNT_SCH1.WR/,imc/CLOCKTICKS/",
	  "MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL,MEM_BW_READ_SHARE,MEM_BW_PEAK,MEM_BW_USE",
	  /* One pass: the four CAS counts fill a channel's counters. */
	  "imc/CAS_COUNT_SCH0.RD/,imc/CAS_COUNT_SCH1.RD/,imc/CAS_COUNT_SCH0.WR/,imc/CAS_COUNT_SCH1.WR/",
	  "MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL,MEM_BW_READ_SHARE" },
	{ "LLC", "how often demand data reads miss the LLC, what a miss costs, local or remote",
	  "cha/TOR_INSERTS.IA_" GNR_DRD "/,cha/TOR_INSERTS.IA_MISS_" GNR_DRD "/,cha/TOR_OCCUPANCY.IA_MISS_" GNR_DRD "/,cha/CLOCKTICKS/",
	  "LLC_DRD_MISS_SHARE,LLC_DRD_MISS_LATENCY_NS,NUMA_LOCAL_READ_SHARE," GNR_SIDE_LATENCIES "UNCORE_FREQ",
	  /* One pass: the miss share and what a miss costs (occupancy on counter 0). */
	  "cha/TOR_INSERTS.IA_" GNR_DRD "/,cha/TOR_INSERTS.IA_MISS_" GNR_DRD "/,cha/TOR_OCCUPANCY.IA_MISS_" GNR_DRD "/,cha/CLOCKTICKS/",
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

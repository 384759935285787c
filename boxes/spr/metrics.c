/* Sapphire Rapids and Emerald Rapids derived metrics. Each is one of perfmon's
 * (intel/perfmon SPR/metrics/sapphirerapids_metrics.json at 6dadedf3, named in its
 * source field; EMR's file defines the same ones) in upmon's form: a count is summed over
 * a socket's instances of its box, SECONDS is the counting window. Where perfmon divides
 * a CHA count by the CHA clock of "one unit" (UNC_CHA_CLOCKTICKS:one_unit), the clock
 * here is cha0's: every CHA of a socket runs on the one uncore clock. */
#include "boxes/spr/spr.h"

#define SPR_METRICS "intel/perfmon SPR/metrics/sapphirerapids_metrics.json (6dadedf3): "
#define SPR_EVENTS "intel/perfmon SPR/events/sapphirerapids_uncore.json (6dadedf3): "

const struct upm_metric upm_spr_metrics[] = {
	/* Memory: every CAS command moves one 64-byte line (memory_bandwidth_read/write:
	 * UNC_M_CAS_COUNT.RD/WR x 64). MEM_BW_READS is the platform's memory plausibility
	 * figure. */
	{ "MEM_BW_READS", "imc/CAS_COUNT.RD/", NULL, 64.0, "bytes/s",
	  "memory read bandwidth: read CAS commands x 64 bytes", SPR_METRICS "memory_bandwidth_read", NULL, NULL },
	{ "MEM_BW_WRITES", "imc/CAS_COUNT.WR/", NULL, 64.0, "bytes/s",
	  "memory write bandwidth: write CAS commands x 64 bytes", SPR_METRICS "memory_bandwidth_write", NULL, NULL },
	UPM_FMETRIC("MEM_BW_TOTAL", "(imc/CAS_COUNT.RD/ + imc/CAS_COUNT.WR/) * 64 / SECONDS", "bytes/s",
		    "memory bandwidth, reads and writes (64 bytes a CAS)", SPR_METRICS "memory_bandwidth_total"),
	UPM_FMETRIC("MEM_BW_READ_SHARE", "imc/CAS_COUNT.RD/ / (imc/CAS_COUNT.RD/ + imc/CAS_COUNT.WR/)", "ratio",
		    "share of memory traffic that is reads", SPR_METRICS "memory_bandwidth_read, memory_bandwidth_total"),
	/* The LLC: a demand data read that missed stays in the TOR from insert to data; its
	 * occupancy over its inserts is the average time in CHA clocks
	 * (Info_System_MEM_Read_Latency, llc_demand_data_read_miss_latency*). */
	UPM_FMETRIC("LLC_DRD_MISS_LATENCY_NS",
		    "cha/TOR_OCCUPANCY.IA_MISS_DRD/ / cha/TOR_INSERTS.IA_MISS_DRD/ * SECONDS * 1e9 / cha0/CLOCKTICKS/", "ns",
		    "average time a demand data read that missed the LLC waits for its data",
		    SPR_METRICS "llc_demand_data_read_miss_latency, Info_System_MEM_Read_Latency"),
	UPM_FMETRIC("LLC_DRD_MISS_LATENCY_LOCAL_NS",
		    "cha/TOR_OCCUPANCY.IA_MISS_DRD_LOCAL/ / cha/TOR_INSERTS.IA_MISS_DRD_LOCAL/ * SECONDS * 1e9 / cha0/CLOCKTICKS/",
		    "ns", "as LLC_DRD_MISS_LATENCY_NS, reads of this socket's memory",
		    SPR_METRICS "llc_demand_data_read_miss_latency_for_local_requests"),
	UPM_FMETRIC("LLC_DRD_MISS_LATENCY_REMOTE_NS",
		    "cha/TOR_OCCUPANCY.IA_MISS_DRD_REMOTE/ / cha/TOR_INSERTS.IA_MISS_DRD_REMOTE/ * SECONDS * 1e9 / cha0/CLOCKTICKS/",
		    "ns", "as LLC_DRD_MISS_LATENCY_NS, reads of another socket's memory",
		    SPR_METRICS "llc_demand_data_read_miss_latency_for_remote_requests"),
	/* Demand data reads from the cores: those that missed over all of them (IA_DRD is
	 * every demand data read, IA_MISS_DRD the misses: sapphirerapids_uncore.json). */
	UPM_FMETRIC("LLC_DRD_MISS_SHARE", "cha/TOR_INSERTS.IA_MISS_DRD/ / cha/TOR_INSERTS.IA_DRD/", "ratio",
		    "demand data reads that missed the LLC over all demand data reads",
		    SPR_EVENTS "UNC_CHA_TOR_INSERTS.IA_DRD, .IA_MISS_DRD"),
	UPM_FMETRIC("NUMA_LOCAL_READ_SHARE",
		    "cha/TOR_INSERTS.IA_MISS_DRD_LOCAL/ / (cha/TOR_INSERTS.IA_MISS_DRD_LOCAL/ + cha/TOR_INSERTS.IA_MISS_DRD_REMOTE/)",
		    "ratio", "LLC-missing demand data reads addressed to this socket's memory",
		    SPR_METRICS "numa_reads_addressed_to_local_dram (demand reads only)"),
	{ "UNCORE_FREQ", "cha0/CLOCKTICKS/", NULL, 1.0, "Hz", "uncore (CHA) clock frequency",
	  SPR_METRICS "uncore_frequency", NULL, NULL },
	/* UPI: a data flit carries 64/9 bytes (upi_data_transmit_bw, upi_data_receive_bw). */
	{ "UPI_DATA_TX_BW", "upi/TxL_FLITS.ALL_DATA/", NULL, 64.0 / 9.0, "bytes/s",
	  "data sent over the UPI links: data flits x 64/9 bytes", SPR_METRICS "upi_data_transmit_bw", NULL, NULL },
	{ "UPI_DATA_RX_BW", "upi/RxL_FLITS.ALL_DATA/", NULL, 64.0 / 9.0, "bytes/s",
	  "data received over the UPI links: data flits x 64/9 bytes", SPR_METRICS "upi_data_receive_bw", NULL, NULL },
	/* Link utilisation, as PCM estimates an outgoing UPI link's (src/cpucounters.h
	 * getOutgoingQPILinkUtilization: data and non-data flit counts divided by 3, over the
	 * most flits the link's cycles carry, getFlitsPerLinkCycle: "5 UPI flits sent every 6
	 * link cycles"; computeQPISpeed takes UNC_UPI_CLOCKTICKS as the link cycle). The
	 * receiving side by the same reckoning, with the Rx counts. */
	UPM_FMETRIC("UPI_TX_UTILIZATION",
		    "(upi/TxL_FLITS.ALL_DATA/ + upi/TxL_FLITS.NON_DATA/) / 3 / (upi/CLOCKTICKS/ * 5 / 6)", "ratio",
		    "share of what the UPI links could send that they sent (data and non-data flits)",
		    "intel/pcm src/cpucounters.h getOutgoingQPILinkUtilization, getFlitsPerLinkCycle (UPI 5/6); "
		    SPR_EVENTS "UNC_UPI_TxL_FLITS.ALL_DATA, .NON_DATA, UNC_UPI_CLOCKTICKS"),
	UPM_FMETRIC("UPI_RX_UTILIZATION",
		    "(upi/RxL_FLITS.ALL_DATA/ + upi/RxL_FLITS.NON_DATA/) / 3 / (upi/CLOCKTICKS/ * 5 / 6)", "ratio",
		    "share of what the UPI links could receive that they received (data and non-data flits)",
		    "intel/pcm src/cpucounters.h getOutgoingQPILinkUtilization's reckoning, applied to the received "
		    "flits; " SPR_EVENTS "UNC_UPI_RxL_FLITS.ALL_DATA, .NON_DATA, UNC_UPI_CLOCKTICKS"),
	/* Link power: cycles in L0p (half width) over the link's clock. */
	UPM_FMETRIC("UPI_L0P_TX_SHARE", "upi/TxL0P_POWER_CYCLES/ / upi/CLOCKTICKS/", "ratio",
		    "share of link clocks the transmitter spent in L0p (reduced width)",
		    SPR_EVENTS "UNC_UPI_TxL0P_POWER_CYCLES, UNC_UPI_CLOCKTICKS"),
	UPM_FMETRIC("UPI_L1_SHARE", "upi/L1_POWER_CYCLES/ / upi/CLOCKTICKS/", "ratio",
		    "share of link clocks the link spent in L1 (powered down)",
		    SPR_EVENTS "UNC_UPI_L1_POWER_CYCLES, UNC_UPI_CLOCKTICKS"),
	/* PCIe and other IO: at the IIO, 4 bytes a count (iio_bandwidth_read/write); at the
	 * CHA, a line a request (io_bandwidth_read/write). */
	{ "IIO_BW_READ", "iio/DATA_REQ_OF_CPU.MEM_READ.ALL_PARTS/", NULL, 4.0, "bytes/s",
	  "memory read by PCIe devices, counted at the IIO (4 bytes a count)", SPR_METRICS "iio_bandwidth_read", NULL, NULL },
	{ "IIO_BW_WRITE", "iio/DATA_REQ_OF_CPU.MEM_WRITE.ALL_PARTS/", NULL, 4.0, "bytes/s",
	  "memory written by PCIe devices, counted at the IIO (4 bytes a count)", SPR_METRICS "iio_bandwidth_write", NULL, NULL },
	{ "IO_BW_READ", "cha/TOR_INSERTS.IO_PCIRDCUR/", NULL, 64.0, "bytes/s",
	  "IO reads of memory at the CHAs: PCIRdCur requests x 64 bytes", SPR_METRICS "io_bandwidth_read", NULL, NULL },
	{ "IO_BW_WRITE", "cha/TOR_INSERTS.IO_ITOM/,cha/TOR_INSERTS.IO_ITOMCACHENEAR/", NULL, 64.0, "bytes/s",
	  "IO writes of memory at the CHAs: ItoM and ItoMCacheNear requests x 64 bytes", SPR_METRICS "io_bandwidth_write",
	  NULL, NULL },
	/* Power: cores in C0 and C6, summed each PCU clock, over the PCU's clocks is the
	 * average number of cores in that state (cpu_cstate_c0, cpu_cstate_c6). */
	UPM_FMETRIC("CORES_IN_C0", "pcu/POWER_STATE_OCCUPANCY_CORES_C0/ / pcu/CLOCKTICKS/", "cores",
		    "average number of cores in C0 (running)", SPR_METRICS "cpu_cstate_c0"),
	UPM_FMETRIC("CORES_IN_C6", "pcu/POWER_STATE_OCCUPANCY_CORES_C6/ / pcu/CLOCKTICKS/", "cores",
		    "average number of cores in C6 (power gated)", SPR_METRICS "cpu_cstate_c6"),
	{ "PCU_FREQ", "pcu/CLOCKTICKS/", NULL, 1.0, "Hz", "the power control unit's clock frequency",
	  SPR_EVENTS "UNC_P_CLOCKTICKS", NULL, NULL },
};
const unsigned upm_spr_n_metrics = UPM_ARRAY_LEN(upm_spr_metrics);

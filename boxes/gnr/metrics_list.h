/* The Granite Rapids and Sierra Forest metrics (boxes/gnr/metrics.c includes this list once
 * for each): GNR_DRD names the demand data read in the CHA's TOR events ("DRD" on GNR,
 * "DRD_OPT" on SRF: perfmon's sierraforest_metrics.json counts the DRd_Opt opcode), and
 * GNR_METRICS_FILE and GNR_EVENTS_FILE the perfmon files cited; GNR_HAS_SIDE_LATENCIES is 1
 * where the TOR's occupancy has local and remote demand reads (GNR; not SRF's files). */
	/* Memory: every CAS command moves one 64-byte line, and each channel has two command
	 * schedulers with CAS counts of their own: the channel's traffic is both
	 * (memory_bandwidth_read/write: (UNC_M_CAS_COUNT_SCH0.RD + UNC_M_CAS_COUNT_SCH1.RD) x 64).
	 * MEM_BW_READS is the platform's memory plausibility figure. */
	{ "MEM_BW_READS", "imc/CAS_COUNT_SCH0.RD/,imc/CAS_COUNT_SCH1.RD/", NULL, 64.0, "bytes/s",
	  "memory read bandwidth: read CAS commands of both schedulers x 64 bytes", GNR_METRICS_FILE "memory_bandwidth_read",
	  NULL, NULL },
	{ "MEM_BW_WRITES", "imc/CAS_COUNT_SCH0.WR/,imc/CAS_COUNT_SCH1.WR/", NULL, 64.0, "bytes/s",
	  "memory write bandwidth: write CAS commands of both schedulers x 64 bytes",
	  GNR_METRICS_FILE "memory_bandwidth_write", NULL, NULL },
	/* perf's cas_count_read and cas_count_write here (boxes/gnr/names.c sums): a channel's
	 * CAS commands of both schedulers, in MiB as perf scales its CAS aliases (uncore_snbep.c
	 * cas_count_read.scale 6.103515625e-5: 64 bytes a CAS), over the whole window. */
	UPM_FMETRIC("CAS_COUNT_READ", "(imc/CAS_COUNT_SCH0.RD/ + imc/CAS_COUNT_SCH1.RD/) * 64 / 1048576", "MiB",
		    "perf's cas_count_read: read CAS commands of both schedulers x 64 bytes, in MiB",
		    GNR_METRICS_FILE "memory_bandwidth_read (its sum of both schedulers)"),
	UPM_FMETRIC("CAS_COUNT_WRITE", "(imc/CAS_COUNT_SCH0.WR/ + imc/CAS_COUNT_SCH1.WR/) * 64 / 1048576", "MiB",
		    "perf's cas_count_write: write CAS commands of both schedulers x 64 bytes, in MiB",
		    GNR_METRICS_FILE "memory_bandwidth_write (its sum of both schedulers)"),
	UPM_FMETRIC("MEM_BW_TOTAL",
		    "(imc/CAS_COUNT_SCH0.RD/ + imc/CAS_COUNT_SCH1.RD/ + imc/CAS_COUNT_SCH0.WR/ + imc/CAS_COUNT_SCH1.WR/) * 64 / SECONDS",
		    "bytes/s", "memory bandwidth, reads and writes (64 bytes a CAS)", GNR_METRICS_FILE "memory_bandwidth_total"),
	UPM_FMETRIC("MEM_BW_READ_SHARE",
		    "(imc/CAS_COUNT_SCH0.RD/ + imc/CAS_COUNT_SCH1.RD/) / (imc/CAS_COUNT_SCH0.RD/ + imc/CAS_COUNT_SCH1.RD/ + "
		    "imc/CAS_COUNT_SCH0.WR/ + imc/CAS_COUNT_SCH1.WR/)",
		    "ratio", "share of memory traffic that is reads", GNR_METRICS_FILE "memory_bandwidth_read, memory_bandwidth_total"),
	/* The channels' own peak: the IMC clock runs at a quarter of the DRAM data rate
	 * (UNC_M_CLOCKTICKS, 0x01/0x01: "DCLK is 1/4 of DRAM data rate", GNR and SRF uncore
	 * files) and a DDR5 channel moves 8 bytes a transfer (two 32-bit subchannels, JESD79-5),
	 * so a channel's peak is 4 x 8 = 32 bytes a DCLK; the share of it used is the CAS
	 * traffic over that. */
	{ "MEM_BW_PEAK", "imc/CLOCKTICKS/", NULL, 32.0, "bytes/s",
	  "memory bandwidth the channels could move: DRAM clocks x 4 transfers x 8 bytes",
	  GNR_EVENTS_FILE "UNC_M_CLOCKTICKS (DCLK, a quarter of the data rate)", NULL, NULL },
	UPM_FMETRIC("MEM_BW_USE",
		    "(imc/CAS_COUNT_SCH0.RD/ + imc/CAS_COUNT_SCH1.RD/ + imc/CAS_COUNT_SCH0.WR/ + imc/CAS_COUNT_SCH1.WR/) * 64 / "
		    "(imc/CLOCKTICKS/ * 32)",
		    "ratio", "share of the channels' peak bandwidth the CAS traffic used",
		    GNR_EVENTS_FILE "UNC_M_CAS_COUNT_SCH0/SCH1, UNC_M_CLOCKTICKS (DCLK, a quarter of the data rate)"),
	/* The LLC: a demand data read that missed stays in the TOR from insert to data; its
	 * occupancy over its inserts is the average time in CHA clocks
	 * (Info_System_MEM_Read_Latency, llc_demand_data_read_miss_latency*). */
	UPM_FMETRIC("LLC_DRD_MISS_LATENCY_NS",
		    "cha/TOR_OCCUPANCY.IA_MISS_" GNR_DRD "/ / cha/TOR_INSERTS.IA_MISS_" GNR_DRD "/ * SECONDS * 1e9 / cha0/CLOCKTICKS/", "ns",
		    "average time a demand data read that missed the LLC waits for its data",
		    GNR_METRICS_FILE "llc_demand_data_read_miss_latency, Info_System_MEM_Read_Latency"),
#if GNR_HAS_SIDE_LATENCIES
	UPM_FMETRIC("LLC_DRD_MISS_LATENCY_LOCAL_NS",
		    "cha/TOR_OCCUPANCY.IA_MISS_" GNR_DRD "_LOCAL/ / cha/TOR_INSERTS.IA_MISS_" GNR_DRD "_LOCAL/ * SECONDS * 1e9 / cha0/CLOCKTICKS/",
		    "ns", "as LLC_DRD_MISS_LATENCY_NS, reads of this socket's memory",
		    GNR_METRICS_FILE "llc_demand_data_read_miss_latency_for_local_requests"),
	UPM_FMETRIC("LLC_DRD_MISS_LATENCY_REMOTE_NS",
		    "cha/TOR_OCCUPANCY.IA_MISS_" GNR_DRD "_REMOTE/ / cha/TOR_INSERTS.IA_MISS_" GNR_DRD "_REMOTE/ * SECONDS * 1e9 / cha0/CLOCKTICKS/",
		    "ns", "as LLC_DRD_MISS_LATENCY_NS, reads of another socket's memory",
		    GNR_METRICS_FILE "llc_demand_data_read_miss_latency_for_remote_requests"),
#endif
	/* Demand data reads from the cores: those that missed over all of them (IA_DRD is
	 * every demand data read, IA_MISS_DRD the misses: graniterapids_uncore.json). */
	UPM_FMETRIC("LLC_DRD_MISS_SHARE", "cha/TOR_INSERTS.IA_MISS_" GNR_DRD "/ / cha/TOR_INSERTS.IA_" GNR_DRD "/", "ratio",
		    "demand data reads that missed the LLC over all demand data reads",
		    GNR_EVENTS_FILE "UNC_CHA_TOR_INSERTS.IA_" GNR_DRD ", .IA_MISS_" GNR_DRD),
	UPM_FMETRIC("NUMA_LOCAL_READ_SHARE",
		    "cha/TOR_INSERTS.IA_MISS_" GNR_DRD "_LOCAL/ / (cha/TOR_INSERTS.IA_MISS_" GNR_DRD "_LOCAL/ + cha/TOR_INSERTS.IA_MISS_" GNR_DRD "_REMOTE/)",
		    "ratio", "LLC-missing demand data reads addressed to this socket's memory",
		    GNR_METRICS_FILE "numa_reads_addressed_to_local_dram (demand reads only)"),
	{ "UNCORE_FREQ", "cha0/CLOCKTICKS/", NULL, 1.0, "Hz", "uncore (CHA) clock frequency",
	  GNR_METRICS_FILE "uncore_frequency", NULL, NULL },
	/* UPI: a data flit carries 64/9 bytes (upi_data_transmit_bw, upi_data_receive_bw). */
	{ "UPI_DATA_TX_BW", "upi/TxL_FLITS.ALL_DATA/", NULL, 64.0 / 9.0, "bytes/s",
	  "data sent over the UPI links: data flits x 64/9 bytes", GNR_METRICS_FILE "upi_data_transmit_bw", NULL, NULL },
	{ "UPI_DATA_RX_BW", "upi/RxL_FLITS.ALL_DATA/", NULL, 64.0 / 9.0, "bytes/s",
	  "data received over the UPI links: data flits x 64/9 bytes", GNR_METRICS_FILE "upi_data_receive_bw", NULL, NULL },
	/* Link utilisation, as PCM estimates an outgoing UPI link's (src/cpucounters.h
	 * getOutgoingQPILinkUtilization: data and non-data flit counts divided by 3, over the
	 * most flits the link's cycles carry, getFlitsPerLinkCycle: "5 UPI flits sent every 6
	 * link cycles"; computeQPISpeed takes UNC_UPI_CLOCKTICKS as the link cycle). The
	 * receiving side by the same reckoning, with the Rx counts. */
	UPM_FMETRIC("UPI_TX_UTILIZATION",
		    "(upi/TxL_FLITS.ALL_DATA/ + upi/TxL_FLITS.NON_DATA/) / 3 / (upi/CLOCKTICKS/ * 5 / 6)", "ratio",
		    "share of what the UPI links could send that they sent (data and non-data flits)",
		    "intel/pcm src/cpucounters.h getOutgoingQPILinkUtilization, getFlitsPerLinkCycle (UPI 5/6); "
		    GNR_EVENTS_FILE "UNC_UPI_TxL_FLITS.ALL_DATA, .NON_DATA, UNC_UPI_CLOCKTICKS"),
	UPM_FMETRIC("UPI_RX_UTILIZATION",
		    "(upi/RxL_FLITS.ALL_DATA/ + upi/RxL_FLITS.NON_DATA/) / 3 / (upi/CLOCKTICKS/ * 5 / 6)", "ratio",
		    "share of what the UPI links could receive that they received (data and non-data flits)",
		    "intel/pcm src/cpucounters.h getOutgoingQPILinkUtilization's reckoning, applied to the received "
		    "flits; " GNR_EVENTS_FILE "UNC_UPI_RxL_FLITS.ALL_DATA, .NON_DATA, UNC_UPI_CLOCKTICKS"),
	/* Link power: cycles in L0p (half width) over the link's clock. */
	UPM_FMETRIC("UPI_L0P_TX_SHARE", "upi/TxL0P_POWER_CYCLES/ / upi/CLOCKTICKS/", "ratio",
		    "share of link clocks the transmitter spent in L0p (reduced width)",
		    GNR_EVENTS_FILE "UNC_UPI_TxL0P_POWER_CYCLES, UNC_UPI_CLOCKTICKS"),
	UPM_FMETRIC("UPI_L1_SHARE", "upi/L1_POWER_CYCLES/ / upi/CLOCKTICKS/", "ratio",
		    "share of link clocks the link spent in L1 (powered down)",
		    GNR_EVENTS_FILE "UNC_UPI_L1_POWER_CYCLES, UNC_UPI_CLOCKTICKS"),
	/* PCIe and other IO: at the IIO, 4 bytes a count (iio_bandwidth_read/write); at the
	 * CHA, a line a request (io_bandwidth_read/write). */
	{ "IIO_BW_READ", "iio/DATA_REQ_OF_CPU.MEM_READ.ALL_PARTS/", NULL, 4.0, "bytes/s",
	  "memory read by PCIe devices, counted at the IIO (4 bytes a count)", GNR_METRICS_FILE "iio_bandwidth_read", NULL, NULL },
	{ "IIO_BW_WRITE", "iio/DATA_REQ_OF_CPU.MEM_WRITE.ALL_PARTS/", NULL, 4.0, "bytes/s",
	  "memory written by PCIe devices, counted at the IIO (4 bytes a count)", GNR_METRICS_FILE "iio_bandwidth_write", NULL, NULL },
	{ "IO_BW_READ", "cha/TOR_INSERTS.IO_PCIRDCUR/", NULL, 64.0, "bytes/s",
	  "IO reads of memory at the CHAs: PCIRdCur requests x 64 bytes", GNR_METRICS_FILE "io_bandwidth_read", NULL, NULL },
	{ "IO_BW_WRITE", "cha/TOR_INSERTS.IO_ITOM/,cha/TOR_INSERTS.IO_ITOMCACHENEAR/", NULL, 64.0, "bytes/s",
	  "IO writes of memory at the CHAs: ItoM and ItoMCacheNear requests x 64 bytes", GNR_METRICS_FILE "io_bandwidth_write",
	  NULL, NULL },
	/* Power: cores in C0 and C6, summed each PCU clock, over the PCU's clocks is the
	 * average number of cores in that state (cpu_cstate_c0, cpu_cstate_c6). */
	UPM_FMETRIC("CORES_IN_C0", "pcu/POWER_STATE_OCCUPANCY_CORES_C0/ / pcu/CLOCKTICKS/", "cores",
		    "average number of cores in C0 (running)", GNR_METRICS_FILE "cpu_cstate_c0"),
	UPM_FMETRIC("CORES_IN_C6", "pcu/POWER_STATE_OCCUPANCY_CORES_C6/ / pcu/CLOCKTICKS/", "cores",
		    "average number of cores in C6 (power gated)", GNR_METRICS_FILE "cpu_cstate_c6"),
	{ "PCU_FREQ", "pcu/CLOCKTICKS/", NULL, 1.0, "Hz", "the power control unit's clock frequency",
	  GNR_EVENTS_FILE "UNC_P_CLOCKTICKS", NULL, NULL },

/* What the health check measures on Granite Rapids and Sierra Forest (core/check/check.c,
 * core/check/selftest.c). Events from intel/perfmon GNR/events/graniterapids_uncore.json
 * (6dadedf3); SRF's file gives the same codes for these. */
#include "boxes/gnr/gnr.h"

/* drd_: the demand data read in the CHA's TOR events ("DRD" on GNR, "DRD_OPT" on SRF,
 * whose perfmon files count the DRd_Opt opcode). */
#define GNR_CHECK(drd_) \
	/* Every unit type the check self-tests, by its clock event (UNC_CHA_CLOCKTICKS, \
	 * UNC_IIO_CLOCKTICKS, UNC_I_CLOCKTICKS, UNC_P_CLOCKTICKS, UNC_B2CMI_CLOCKTICKS, \
	 * UNC_UPI_CLOCKTICKS, UNC_B2UPI_CLOCKTICKS 0x01/0x00; UNC_M_CLOCKTICKS 0x01/0x01). A \
	 * type the tables do not place has no units to test; the U-Box, B2HOT, MDF, CXL and \
	 * PCIe units are not self-tested (their clocks run only while their parts are in use, \
	 * or perfmon gives them none). */ \
	.clocks = "cha/CLOCKTICKS/,imc/CLOCKTICKS/,iio/CLOCKTICKS/,irp/CLOCKTICKS/,pcu/CLOCKTICKS/," \
		  "b2cmi/CLOCKTICKS/,upi/CLOCKTICKS/,b2upi/CLOCKTICKS/", \
	/* Every CHA of a socket, on every die, runs on the one uncore clock. */ \
	.uclk = "cha0/CLOCKTICKS/", \
	/* No public source read gives the range; the mesh of Xeon 6 runs at about 0.8-2.5 GHz \
	 * (UNCONFIRMED), so 0.4 to 3.0 GHz is taken as plausible. */ \
	.uclk_min_mhz = 400.0, \
	.uclk_max_mhz = 3000.0, \
	.uclk_source = "no range in the public sources read; Xeon 6 uncore about 0.8-2.5 GHz (UNCONFIRMED)", \
	/* Two command schedulers a channel, each with its own CAS counts: a channel's reads \
	 * and writes are both (perfmon's memory_bandwidth_read/write add SCH0 and SCH1; Linux \
	 * gnr_uncore_imc_events cas_count_read_sch0/sch1). Counting only SCH0 would see about \
	 * half the traffic. */ \
	.mem_read = "imc/CAS_COUNT_SCH0.RD/,imc/CAS_COUNT_SCH1.RD/", \
	.mem_write = "imc/CAS_COUNT_SCH0.WR/,imc/CAS_COUNT_SCH1.WR/", \
	.mem_clock = "imc/CLOCKTICKS/", \
	.mem_bytes_per_count = 64, \
	/* UNC_M_CLOCKTICKS (0x01/0x01): "DCLK is 1/4 of DRAM data rate" (GNR and SRF uncore \
	 * files): the channels' data rate against SMBIOS type 17's configured speed. */ \
	.mem_transfers_per_clock = 4, \
	.mem_transfers_source = "perfmon UNC_M_CLOCKTICKS: DCLK is 1/4 of DRAM data rate", \
	.llc_hits = "cha/TOR_INSERTS.IA_HIT_" drd_ "/", \
	.llc_misses = "cha/TOR_INSERTS.IA_MISS_" drd_ "/", \
	/* 9 data flits a 64-byte line (perfmon's upi_data_transmit_bw: 64/9 bytes a flit). */ \
	.link_flits = "upi/TxL_FLITS.ALL_DATA/", \
	.link_flits_per_line = 9, \
	.link_rate = NULL, \
	.source = "intel/perfmon GNR and SRF uncore events and metrics (6dadedf3)",

const struct upm_check_profile upm_gnr_check = { GNR_CHECK("DRD") };
const struct upm_check_profile upm_srf_check = { GNR_CHECK("DRD_OPT") };

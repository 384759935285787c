/* What the health check measures on Sapphire Rapids and Emerald Rapids (core/check/check.c,
 * core/check/selftest.c). Events from intel/perfmon SPR/events/sapphirerapids_uncore.json
 * (6dadedf3); EMR's file gives the same codes for these. */
#include "boxes/spr/spr.h"

const struct upm_check_profile upm_spr_check = {
	/* Every unit type the check self-tests, each by its clock event, which counts
	 * whenever the unit is not frozen (UNC_CHA_CLOCKTICKS 0x01, UNC_M_CLOCKTICKS 0x01/0x01,
	 * UNC_UPI_CLOCKTICKS, UNC_IIO_CLOCKTICKS, UNC_I_CLOCKTICKS, UNC_M2P_CLOCKTICKS,
	 * UNC_M2M_CLOCKTICKS, UNC_M3UPI_CLOCKTICKS, UNC_P_CLOCKTICKS, each 0x01). A type the
	 * table does not place has no units to test. The MDF, CXL and HBM units are left out:
	 * their clocks run only with their links or stacks in use. */
	.clocks = "cha/CLOCKTICKS/,imc/CLOCKTICKS/,upi/CLOCKTICKS/,iio/CLOCKTICKS/,irp/CLOCKTICKS/,"
		  "m2pcie/CLOCKTICKS/,m2m/CLOCKTICKS/,m3upi/CLOCKTICKS/,pcu/CLOCKTICKS/",
	/* Every CHA runs on the socket's one uncore clock: one CHA's ticks are its rate. */
	.uclk = "cha0/CLOCKTICKS/",
	/* No public source read gives the range; Sapphire Rapids' uncore runs at about
	 * 0.8-2.5 GHz (UNCONFIRMED), so 0.4 to 3.0 GHz is taken as plausible. */
	.uclk_min_mhz = 400.0,
	.uclk_max_mhz = 3000.0,
	.uclk_source = "no range in the public sources read; SPR uncore about 0.8-2.5 GHz (UNCONFIRMED)",
	/* A CAS command moves one 64-byte line (perfmon's memory_bandwidth_read/write). */
	.mem_read = "imc/CAS_COUNT.RD/",
	.mem_write = "imc/CAS_COUNT.WR/",
	.mem_clock = "imc/CLOCKTICKS/",
	.mem_bytes_per_count = 64,
	/* Demand data reads from the cores that hit and that missed the LLC, at the TOR. */
	.llc_hits = "cha/TOR_INSERTS.IA_HIT_DRD/",
	.llc_misses = "cha/TOR_INSERTS.IA_MISS_DRD/",
	/* Data flits sent per link; a 64-byte line is 9 of them (64/9 bytes a flit:
	 * perfmon's upi_data_transmit_bw). */
	.link_flits = "upi/TxL_FLITS.ALL_DATA/",
	.link_flits_per_line = 9,
	.link_rate = NULL, /* no link-rate register read from a public source yet */
	.source = "intel/perfmon SPR uncore events and metrics (6dadedf3)",
};

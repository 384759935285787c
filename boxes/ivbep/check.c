/* What the health check measures on Ivy Bridge-EP (core/check/check.c, core/check/selftest.c): the
 * Sandy Bridge-EP profile (boxes/snbep/check.c) with the IRP clock added and the LLC
 * state filter of this generation. */
#include "boxes/ivbep/ivbep.h"
#include "boxes/platform.h"

const struct upm_check_profile upm_ivbep_check = {
	/* CLOCKTICKS of every box with a clock event (perfmon IVT: CBo/HA/PCU/IRP 0x00, QPI
	 * 0x14, R2PCIe/R3QPI 0x01); the UBox through its fixed counter; the iMC through its
	 * fixed DCLK and DCLOCKTICKS 0x00 on its four general counters (perfmon IVT
	 * UNC_M_DCLOCKTICKS), so a stuck fixed counter is told from an unpopulated channel. */
	.clocks = "ubox/UCLK/,cbo/CLOCKTICKS/,pcu/CLOCKTICKS/,ha/CLOCKTICKS/,imc/DCLK/,"
		  "imc/DCLOCKTICKS/,qpi/CLOCKTICKS/,r2pcie/CLOCKTICKS/,r3qpi/CLOCKTICKS/,"
		  "irp/CLOCKTICKS/",
	.uclk = "ubox/UCLK/",
	/* No uncore frequency range in the sources read. Xeon E5-2600 v2 parts run from
	 * 1.2 GHz to 3.6 GHz turbo (UNCONFIRMED here); the Sandy Bridge-EP bounds are kept. */
	.uclk_min_mhz = 1000.0,
	.uclk_max_mhz = 4000.0,
	.uclk_source = "no range found; E5-2600 v2 operating range 1.2-3.6 GHz (UNCONFIRMED)",
	/* CAS_COUNT.RD 0x0304 / .WR 0x0C04 (perfmon IVT; Linux ivbep_uncore_imc_events with
	 * scale 64 bytes). */
	.mem_read = "imc/CAS_COUNT.RD/",
	.mem_write = "imc/CAS_COUNT.WR/",
	.mem_clock = "imc/DCLK/",
	.mem_bytes_per_count = 64,
	/* State filter FILTER0[22:17], one bit per state I S E M F M' (perfmon IVT: "[M'FMESI]");
	 * Linux perf ivytown uncore-cache.json counts misses with filter_state=0x1. */
	.llc_hits = "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x3e/",
	.llc_misses = "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1/",
	/* TxL_FLITS_G0.DATA (perfmon IVT 0x00 umask 0x02): 8 data flits per 64-byte line, as
	 * on Sandy Bridge-EP (000:3547). */
	.link_flits = "qpi/TxL_FLITS_G0.DATA/",
	.link_flits_per_line = 8,
	.link_rate = &upm_ivbep_link_rate, /* QPI_RATE_STATUS (likwid, PCM) */
	.source = "perfmon IVT/events/ivytown_uncore.json; Linux uncore_snbep.c; 003",
};

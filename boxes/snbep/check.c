/* What the health check measures on Sandy Bridge-EP (core/check/check.c, core/check/selftest.c). */
#include "boxes/snbep/snbep.h"
#include "boxes/platform.h"

const struct upm_check_profile upm_snbep_check = {
	/* A clock on every box that has one: CBo/HA CLOCKTICKS 0x00 (000:709, 1683), PCU
	 * 0x00 pclk (000:2938), QPI 0x14 qfclk (000:3651), R2PCIe/R3QPI 0x01 (Linux and
	 * perfmon JKT: those chapters are lost); the UBox through its fixed counter (UCLK
	 * 000:373); the iMC through its fixed counter (DCLK 000:2255) and DCLOCKTICKS 0x00
	 * on its four general counters (perfmon JKT UNC_M_CLOCKTICKS, events_imc.c), so
	 * the general counters are count-tested too and a stuck fixed counter is told
	 * from an unpopulated channel (core/check/selftest.c). */
	.clocks = "ubox/UCLK/,cbo/CLOCKTICKS/,pcu/CLOCKTICKS/,ha/CLOCKTICKS/,imc/DCLK/,"
		  "imc/DCLOCKTICKS/,qpi/CLOCKTICKS/,r2pcie/CLOCKTICKS/,r3qpi/CLOCKTICKS/",
	.uclk = "ubox/UCLK/",
	/* The guide gives no uncore frequency range. On this generation the ring and LLC
	 * run in one clock domain with the cores; Xeon E5-2600 parts range from 1.2 GHz
	 * (lowest operating point) to 3.8 GHz turbo (E5-2600 datasheet vol. 1, 326508:
	 * UNCONFIRMED here), so anything from 1.0 to 4.0 GHz is plausible. */
	.uclk_min_mhz = 1000.0,
	.uclk_max_mhz = 4000.0,
	.uclk_source = "no range in 327043-001; E5-2600 operating range 1.2-3.8 GHz (UNCONFIRMED)",
	/* CAS_COUNT.RD/.WR per channel (000:2375-2390); one CAS moves one 64-byte line, as
	 * the guide's READ_MEM_BW = CAS_COUNT.RD * 64 says (000:234). */
	.mem_read = "imc/CAS_COUNT.RD/",
	.mem_write = "imc/CAS_COUNT.WR/",
	.mem_clock = "imc/DCLK/",
	.mem_bytes_per_count = 64,
	/* LLC_LOOKUP.DATA_READ with the state filter: I (0x01) are misses, S/E/M/F (0x1E)
	 * hits (000:860-872: "0 = I (miss), 1 = S, 2 = E, 3 = M, 4 = F"). */
	.llc_hits = "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1e/",
	.llc_misses = "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1/",
	/* TxL_FLITS_G0.DATA (000:3635; umask from perfmon JKT): a 64-byte line travels as
	 * a 9-flit DRS message (000:3547), 8 of them data flits. */
	.link_flits = "qpi/TxL_FLITS_G0.DATA/",
	.link_flits_per_line = 8,
	.link_rate = &upm_snbep_link_rate, /* QPI_RATE_STATUS (000:3594-3614) */
	.source = "327043-001 (seed 000)",
};

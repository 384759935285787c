/* Sandy Bridge-EP QPI link rate: QPI_RATE_STATUS, one per port, judged by
 * core/check/check_link_rate.c (boxes/PUBLIC_FACTS.md section 22). */
#include "boxes/snbep/snbep.h"
#include "boxes/platform.h"

/* Where: Table 1-3 (000:192, 207) puts the "QPI Misc" function of ports 0 and 1 at
 * D8:F0 and D9:F0 with "D4 QPI Rate Status"; Table 2-84 (000:3418-3421) says D8:F0 and
 * D9:F1 with QPI_RATE_STATUS at 0xD4, 32 bits. Public dmesg/lspci logs of E5-2600
 * systems show 08.0 [8086:3c80] "QPI Link 0" and 09.0 [8086:3c90] "QPI Link 1" and no
 * function at 09.1, so F0 is taken for both ports; likwid reads port 1's rate at 09.0
 * too (perfmon_sandybridgeEP_counters.h SBOX1FIX), though it lists the ID as 0x3c91,
 * which no log shows. PCM reads only port 0's ("link 1 ... runs with the speed of link
 * 0", cpucounters.cpp computeQPISpeed): a conflict recorded in PUBLIC_FACTS, not
 * settled; the guide's per-port table is followed. */
static const struct upm_link_rate_port ports[] = {
	{ { 8, 0, 0x3C80 }, NULL },
	{ { 9, 0, 0x3C90 }, NULL },
};

/* Table 2-93 (000:3594-3614): qpi_rate 2:0 (RO-V, reset 11b), slow_mode 4 (RO-V, set out
 * of reset, "only expected to be set when QPI_rate is set to 6.4 GT/s"); values 010..111
 * are 5.6, 6.4, 7.2, 8, 8.8, 9.6 GT/s, "other - Reserved". PCM and likwid decode the
 * same three bits the same way (4.0 + 0.8 x value GT/s). */
static const struct upm_link_rate_code codes[] = {
	{ 2, 5600 }, { 3, 6400 }, { 4, 7200 }, { 5, 8000 }, { 6, 8800 }, { 7, 9600 },
};

const struct upm_link_rate upm_snbep_link_rate = {
	.box = "qpi",
	.ports = ports,
	.n_ports = 2,
	.offset = 0xD4,
	.rate = UPM_FIELD(0, 3),
	.slow = UPM_BIT(4),
	.codes = codes,
	.n_codes = 6,
	/* Every documented speed; check.link_rate_min_gts/max_gts narrow it to what the
	 * system should train at. */
	.min_gts = 5.6,
	.max_gts = 9.6,
	.source = "327043-001 Tables 1-3, 2-84, 2-93 (000:192, 207, 3418-3421, 3594-3614); "
		  "device 0x3C90 at 09.0 from public logs",
};

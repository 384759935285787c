/* Ivy Bridge-EP QPI link rate: QPI_RATE_STATUS, judged by core/check/check_link_rate.c
 * (boxes/PUBLIC_FACTS.md section 22). The guide (329468-002 2.8.3.4, Table 2-138, p.138)
 * names the register; its field table was not read from the public copy, so the layout
 * is taken from likwid's Ivy Bridge-EP code and checked against PCM. */
#include "boxes/ivbep/ivbep.h"
#include "boxes/platform.h"

/* One register for ports 0 and 1: likwid's Ivy Bridge-EP tables read the rate of both
 * ports at the "QPI misc" function 08.0, device 0x0E80 ("PCI_QPI_MISC_DEVICE_PORT_0/1";
 * perfmon_ivybridgeEP_counters.h SBOX0FIX and SBOX1FIX), and PCM reads link 0's only
 * ("link 1 does not have own speed register, it runs with the speed of link 0",
 * cpucounters.cpp computeQPISpeed, dev 8 fn 0 offset 0xD4). Public logs show 08.0 as
 * [8086:0e80] "QPI Link 0". likwid's port-2 function (0A.0, 0x0EC0) is the PCU on
 * E5-2600 v2 parts (logs: "Power Control Unit 0"), so port 2 (EX only) has no entry. */
static const struct upm_link_rate_port ports[] = {
	{ { 8, 0, 0x0E80 }, NULL },
	{ { 8, 0, 0x0E80 }, "port 0's register: ports 0 and 1 share 08.0's (likwid, PCM)" },
};

/* likwid perfmon_ivybridge.h (Ivy Bridge-EP SBOX*FIX read): bits 2:0 of 0xD4, 2..7 =
 * 5.6, 6.4, 7.2, 8.0, 8.8, 9.6 GT/s, anything else no rate; PCM: the same three bits,
 * (4.0 + 0.8 x value) GT/s. As on Sandy Bridge-EP (327043-001 Table 2-93). Neither
 * reads a slow-mode bit on this generation, so none is judged. */
static const struct upm_link_rate_code codes[] = {
	{ 2, 5600 }, { 3, 6400 }, { 4, 7200 }, { 5, 8000 }, { 6, 8800 }, { 7, 9600 },
};

const struct upm_link_rate upm_ivbep_link_rate = {
	.box = "qpi",
	.ports = ports,
	.n_ports = 2,
	.offset = 0xD4,
	.rate = UPM_FIELD(0, 3),
	.slow = UPM_FIELD(0, 0),
	.codes = codes,
	.n_codes = 6,
	.min_gts = 5.6,
	.max_gts = 9.6,
	.source = "likwid perfmon_ivybridgeEP_counters.h/perfmon_ivybridge.h; PCM cpucounters.cpp; "
		  "329468-002 2.8.3.4",
};

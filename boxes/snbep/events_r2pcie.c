/* Sandy Bridge-EP R2PCIe events. The guide's R2PCIe chapter (2.8) is lost from the
 * extraction; names, codes, unit masks and counters come from intel/perfmon
 * JKT/events/Jaketown_uncore.json, V22 (commit 182063580aa35ea522bba44c6ddb9c9cd1600183),
 * Unit "R2PCIe". Names drop the "UNC_R2_" prefix; unit masks are the part after the dot.
 * perfmon gives ExtSel 0 for every entry, and no per-cycle maximum (max_inc 0, unknown).
 *
 * Counter masks are checked against the Linux constraint table
 * (uncore_snbep.c, snbep_uncore_r2pcie_constraints): 0x10 0x3, 0x11 0x3, 0x12 0x1,
 * 0x23 0x3, 0x24 0x3, 0x25 0x3, 0x26 0x3, 0x32 0x3, 0x33 0x3, 0x34 0x3; codes not listed
 * may use all four counters. The two sources agree except:
 *   - TxR_CYCLES_NE (0x23) and TxR_CYCLES_FULL (0x25): perfmon counter 0 only, Linux
 *     counters 0-1. The stricter mask, 0x1, is used.
 * Linux also constrains codes 0x11 and 0x24, which perfmon does not list; with no public
 * name or unit masks for them, they have no entry here. */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

#define PM "perfmon JKT/events/Jaketown_uncore.json"
#define PM_K PM "; Linux uncore_snbep.c"


/* IIO credit events: one credit per message class toward the IIO. */
const struct upm_umask upm_snbep_um_r2pcie_iio_credits[] = {
	{ .name = "DRS", .value = 0x08 },
	{ .name = "NCB", .value = 0x10 },
	{ .name = "NCS", .value = 0x20 },
};

/* Ring-in-use events: direction and polarity. */
static const struct upm_umask ring_used_umasks[] = {
	{ .name = "CW_EVEN", .value = 0x01 },
	{ .name = "CW_ODD", .value = 0x02 },
	{ .name = "CCW_EVEN", .value = 0x04 },
	{ .name = "CCW_ODD", .value = 0x08 },
};

static const struct upm_umask ring_iv_used_umasks[] = {
	{ .name = "ANY", .value = 0x0F },
};

static const struct upm_umask rxr_cycles_ne_umasks[] = {
	{ .name = "DRS", .value = 0x08 },
	{ .name = "NCB", .value = 0x10 },
	{ .name = "NCS", .value = 0x20 },
};

/* Egress events: one umask per ring. */
const struct upm_umask upm_snbep_um_r2pcie_txr_rings[] = {
	{ .name = "AD", .value = 0x01 },
	{ .name = "AK", .value = 0x02 },
	{ .name = "BL", .value = 0x04 },
};

const struct upm_event_def upm_snbep_r2pcie_events[] = {
	{
		.name = "CLOCKTICKS", .code = 0x01, .counters = 0xF, .clock = 1,
		.desc = "Uncore clocks in the R2PCIe domain",
		.source = PM,
	},
	{
		.name = "IIO_CREDITS_ACQUIRED", .code = 0x33, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_r2pcie_iio_credits),
		.desc = "Credits taken to send into the IIO, by message class",
		.source = PM_K,
	},
	{
		.name = "IIO_CREDITS_REJECT", .code = 0x34, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_r2pcie_iio_credits),
		.desc = "Failed attempts to get an IIO credit, by message class",
		.source = PM_K,
	},
	{
		.name = "IIO_CREDITS_USED", .code = 0x32, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_r2pcie_iio_credits),
		.desc = "Cycles with an IIO credit held, by message class",
		.source = PM_K,
	},
	{
		.name = "RING_AD_USED", .code = 0x07, .counters = 0xF,
		UPM_UMASKS(ring_used_umasks),
		.desc = "Cycles the AD ring is busy at this stop",
		.source = PM,
	},
	{
		.name = "RING_AK_USED", .code = 0x08, .counters = 0xF,
		UPM_UMASKS(ring_used_umasks),
		.desc = "Cycles the AK ring is busy at this stop",
		.source = PM,
	},
	{
		.name = "RING_BL_USED", .code = 0x09, .counters = 0xF,
		UPM_UMASKS(ring_used_umasks),
		.desc = "Cycles the BL ring is busy at this stop",
		.source = PM,
	},
	{
		.name = "RING_IV_USED", .code = 0x0A, .counters = 0xF,
		UPM_UMASKS(ring_iv_used_umasks),
		.desc = "Cycles the IV ring is busy at this stop",
		.source = PM,
	},
	{
		.name = "RxR_AK_BOUNCES", .code = 0x12, .counters = 0x1,
		.desc = "Requests bounced on the way into the AK ingress",
		.source = PM_K,
	},
	{
		.name = "RxR_CYCLES_NE", .code = 0x10, .counters = 0x3,
		UPM_UMASKS(rxr_cycles_ne_umasks),
		.desc = "Cycles the ingress queue holds entries, by message class",
		.source = PM_K,
	},
	{
		/* Conflict: perfmon counter 0, Linux 0x3; stricter 0x1 kept (see top). */
		.name = "TxR_CYCLES_FULL", .code = 0x25, .counters = 0x1,
		UPM_UMASKS(upm_snbep_um_r2pcie_txr_rings),
		.desc = "Cycles the egress buffer is full, by ring",
		.source = PM_K,
	},
	{
		/* Conflict: perfmon counter 0, Linux 0x3; stricter 0x1 kept (see top). */
		.name = "TxR_CYCLES_NE", .code = 0x23, .counters = 0x1,
		UPM_UMASKS(upm_snbep_um_r2pcie_txr_rings),
		.desc = "Cycles the egress queue holds entries, by ring",
		.source = PM_K,
	},
	{
		.name = "TxR_NACKS", .code = 0x26, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_r2pcie_txr_rings),
		.desc = "Egress sends refused by the ring, by ring",
		.source = PM_K,
	},
};

const unsigned upm_snbep_r2pcie_n_events = UPM_ARRAY_LEN(upm_snbep_r2pcie_events);

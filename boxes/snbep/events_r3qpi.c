/* Sandy Bridge-EP R3QPI events (per link). The guide's R3QPI chapter (2.9) is lost from
 * the extraction; names, codes, unit masks and counters come from intel/perfmon
 * JKT/events/Jaketown_uncore.json, V22 (commit 182063580aa35ea522bba44c6ddb9c9cd1600183),
 * Unit "R3QPI". Names drop the "UNC_R3_" prefix; unit masks are the part after the dot.
 * perfmon gives ExtSel 0 for every entry, and no per-cycle maximum (max_inc 0, unknown).
 * The box has three counters, so masks use bits 0-2 only ("0,1,2" = 0x7).
 *
 * Counter masks are checked against the Linux constraint table
 * (uncore_snbep.c, snbep_uncore_r3qpi_constraints): 0x10-0x12 0x3, 0x13 0x1,
 * 0x20-0x26 0x3, 0x28-0x34 0x3, 0x36-0x39 0x3; codes not listed may use all three
 * counters. Every event below agrees with it. Linux also constrains codes perfmon does
 * not list (0x23-0x26, 0x28-0x30, 0x38, 0x39); with no public names or unit masks for
 * them, they have no entry here. */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

#define PM "perfmon JKT/events/Jaketown_uncore.json"
#define PM_K PM "; Linux uncore_snbep.c"


/* IIO credit events: DRS, NCB and NCS, one credit each. */
static const struct upm_umask iio_credit_umasks[] = {
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

static const struct upm_umask rxr_bypassed_umasks[] = {
	{ .name = "AD", .value = 0x01 },
};

/* The six QPI message classes, used by the ingress and credit events. */
const struct upm_umask upm_snbep_um_r3qpi_msg_classes[] = {
	{ .name = "HOM", .value = 0x01 },
	{ .name = "SNP", .value = 0x02 },
	{ .name = "NDR", .value = 0x04 },
	{ .name = "DRS", .value = 0x08 },
	{ .name = "NCB", .value = 0x10 },
	{ .name = "NCS", .value = 0x20 },
};

const struct upm_event_def upm_snbep_r3qpi_events[] = {
	{
		.name = "CLOCKTICKS", .code = 0x01, .counters = 0x7, .clock = 1,
		.desc = "Uncore clocks in the R3QPI domain",
		.source = PM,
	},
	{
		.name = "IIO_CREDITS_ACQUIRED", .code = 0x20, .counters = 0x3,
		UPM_UMASKS(iio_credit_umasks),
		.desc = "Credits taken to send to the IIO on BL, by message class",
		.source = PM_K,
	},
	{
		.name = "IIO_CREDITS_REJECT", .code = 0x21, .counters = 0x3,
		UPM_UMASKS(iio_credit_umasks),
		.desc = "Failed attempts to get an IIO credit, by message class",
		.source = PM_K,
	},
	{
		.name = "IIO_CREDITS_USED", .code = 0x22, .counters = 0x3,
		UPM_UMASKS(iio_credit_umasks),
		.desc = "Cycles with an IIO credit held, by message class",
		.source = PM_K,
	},
	{
		.name = "RING_AD_USED", .code = 0x07, .counters = 0x7,
		UPM_UMASKS(ring_used_umasks),
		.desc = "Cycles the AD ring is busy at this stop",
		.source = PM,
	},
	{
		.name = "RING_AK_USED", .code = 0x08, .counters = 0x7,
		UPM_UMASKS(ring_used_umasks),
		.desc = "Cycles the AK ring is busy at this stop",
		.source = PM,
	},
	{
		.name = "RING_BL_USED", .code = 0x09, .counters = 0x7,
		UPM_UMASKS(ring_used_umasks),
		.desc = "Cycles the BL ring is busy at this stop",
		.source = PM,
	},
	{
		.name = "RING_IV_USED", .code = 0x0A, .counters = 0x7,
		UPM_UMASKS(ring_iv_used_umasks),
		.desc = "Cycles the IV ring is busy at this stop",
		.source = PM,
	},
	{
		.name = "RxR_BYPASSED", .code = 0x12, .counters = 0x3,
		UPM_UMASKS(rxr_bypassed_umasks),
		.desc = "Incoming transactions that skipped the ingress queue",
		.source = PM_K,
	},
	{
		.name = "RxR_CYCLES_NE", .code = 0x10, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_r3qpi_msg_classes),
		.desc = "Cycles the ingress queue holds entries, by message class",
		.source = PM_K,
	},
	{
		.name = "RxR_INSERTS", .code = 0x11, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_r3qpi_msg_classes),
		.desc = "Ingress queue allocations, by message class",
		.source = PM_K,
	},
	{
		.name = "RxR_OCCUPANCY", .code = 0x13, .counters = 0x1,
		UPM_UMASKS(upm_snbep_um_r3qpi_msg_classes),
		.desc = "Ingress queue entries summed per cycle, by message class",
		.source = PM_K,
	},
	{
		.name = "VN0_CREDITS_REJECT", .code = 0x37, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_r3qpi_msg_classes),
		.desc = "Requests that got neither a VNA nor a VN0 credit, by class",
		.source = PM_K,
	},
	{
		.name = "VN0_CREDITS_USED", .code = 0x36, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_r3qpi_msg_classes),
		.desc = "VN0 credits taken, by message class",
		.source = PM_K,
	},
	{
		.name = "VNA_CREDITS_ACQUIRED", .code = 0x33, .counters = 0x3,
		.desc = "VNA credits taken (may rise by several per cycle)",
		.source = PM_K,
	},
	{
		.name = "VNA_CREDITS_REJECT", .code = 0x34, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_r3qpi_msg_classes),
		.desc = "VNA credit requests refused, by message class",
		.source = PM_K,
	},
	{
		.name = "VNA_CREDIT_CYCLES_OUT", .code = 0x31, .counters = 0x3,
		.desc = "Cycles with no VNA credit left",
		.source = PM_K,
	},
	{
		.name = "VNA_CREDIT_CYCLES_USED", .code = 0x32, .counters = 0x3,
		.desc = "Cycles with at least one VNA credit in use",
		.source = PM_K,
	},
};

const unsigned upm_snbep_r3qpi_n_events = UPM_ARRAY_LEN(upm_snbep_r3qpi_events);

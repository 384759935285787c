/* Nehalem-EX / Westmere-EX W-Box (power controller) events: summary Table 2-101
 * (seed 002, lines 5643-5653) and the detailed list (002:5655-5706); 7 events, all
 * max inc 1 on any of the four counters (002:5498). The uncore-clock fixed counter is
 * the box's fixed counter (002:5500), not an event here.
 *
 * Unit mask: one bit per core, selecting the cores a core-scoped event watches
 * (002:5504, 5596). The field is 8 bits (15:8), so CORE0..CORE7 and ALL = 0xFF; the
 * guide does not say how cores 8 and 9 of a ten-core E7 are selected. Umask 0 selects
 * no core, so the parser asks for one (e.g. wbox/C_CYCLES_TURBO.ALL/). Whether a
 * multi-bit mask ORs or sums the cores is not stated; max inc is 1 for every W-Box
 * event, which suggests an OR.
 *
 * Names: the summary's C_CO_THROTTLE_DIE and CO_THROTTLE_PROCHOT (002:5648, 5650) are
 * letter-O slips for C0 (core C-state 0); the list's C_C0_THROTTLE_DIE and
 * C_C0_THROTTLE_PROCHOT (002:5666, 5673) are used. */
#include "boxes/nhmex/nhmex_events.h"

static const struct upm_umask core_umasks[] = {
	{ .name = "CORE0", .value = 0x01 },
	{ .name = "CORE1", .value = 0x02 },
	{ .name = "CORE2", .value = 0x04 },
	{ .name = "CORE3", .value = 0x08 },
	{ .name = "CORE4", .value = 0x10 },
	{ .name = "CORE5", .value = 0x20 },
	{ .name = "CORE6", .value = 0x40 },
	{ .name = "CORE7", .value = 0x80 },
	{ .name = "ALL", .value = 0xFF },
};

#define WEV(name_, code_, desc_, src_)                                                  \
	{ .name = name_, .code = (code_), .counters = 0xF, .max_inc = 1,                \
	  UPM_UMASKS(core_umasks), .desc = desc_, .source = "002:5504, " src_ }

const struct upm_event_def upm_nhmex_wbox_events[] = {
	WEV("C_THROTTLE_TMP", 0x00, "Cycles a selected core is at or above its throttle temperature",
	    "5647, 5680-5685"),
	WEV("C_C0_THROTTLE_DIE", 0x01, "Cycles a selected core is in C0 and throttling",
	    "5648, 5666-5671"),
	/* Package-level (002:5692); the guide does not say whether the core mask gates it. */
	WEV("PROCHOT", 0x02, "Cycles the package asserts PROCHOT", "5649, 5687-5692"),
	WEV("C_C0_THROTTLE_PROCHOT", 0x03, "Cycles a selected core is in C0 and throttling for FORCEPR",
	    "5650, 5673-5678"),
	WEV("C_CYCLES_TURBO", 0x04, "Cycles a selected core is in C0 at a turbo operating point",
	    "5651, 5659-5664"),
	WEV("TM1_ON", 0x07, "Cycles a selected core is in C0 with TM1 throttling", "5652, 5701-5706"),
	WEV("RATIO_CHANGE_ABORT", 0x08, "Ratio change requests a selected core aborted",
	    "5653, 5694-5699"),
};

const unsigned upm_nhmex_wbox_n_events = UPM_ARRAY_LEN(upm_nhmex_wbox_events);

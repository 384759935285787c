/* Ivy Bridge-EP UBox events: intel/perfmon IVT/events/ivytown_uncore.json, V23 (commit
 * 37fcb3c3374216096557d71c5eac3d4adc90b65d), Unit "UBOX". Names drop perfmon's "UNC_U_"
 * prefix. Every entry gives counters 0,1 (mask 0x3) and ExtSel 0: unlike the Jaketown
 * file, the Ivytown file sets no extra select bit on PHOLD_CYCLES and RACU_REQUESTS, and
 * it has no MSG_CHNL_SIZE_COUNT. No per-cycle maximum is given (max_inc 0).
 *
 * EVENT_MSG, FILTER_MATCH and U2C_EVENTS take the same unit masks as on Sandy Bridge-EP
 * and use its arrays (boxes/snbep/umasks_shared.h). As there, perfmon ties
 * FILTER_MATCH.ENABLE/.U2C_ENABLE to "UBoxFilter[3:0]", a register whose address no
 * source read gives, so no filter is offered. */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

#define PM "perfmon IVT/events/ivytown_uncore.json"

static const struct upm_umask phold_cycles_umasks[] = {
	{ .name = "ASSERT_TO_ACK", .value = 0x01 },
};

const struct upm_event_def upm_ivbep_ubox_events[] = {
	{
		/* In perfmon's trailing block, apart from the other UBOX entries. Prefer the
		 * UCLK fixed counter as the UBox clock. */
		.name = "CLOCKTICKS", .code = 0x00, .counters = 0x3, .max_inc = 1, .clock = 1,
		.desc = "UBox clocks on a general counter (prefer fixed UCLK)",
		.source = PM,
	},
	{
		.name = "EVENT_MSG", .code = 0x42, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_ubox_event_msg),
		.desc = "Interrupt-type messages received by the UBox, by kind",
		.source = PM,
	},
	{
		.name = "FILTER_MATCH", .code = 0x41, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_ubox_filter_match),
		.desc = "Per-thread filter matches, with or without the filter enabled",
		.source = PM,
	},
	{
		.name = "LOCK_CYCLES", .code = 0x44, .counters = 0x3,
		.desc = "IDI lock or split-lock sequences started",
		.source = PM,
	},
	{
		.name = "PHOLD_CYCLES", .code = 0x45, .counters = 0x3,
		UPM_UMASKS(phold_cycles_umasks),
		.desc = "PHOLD handshake cycles, assert to acknowledge",
		.source = PM,
	},
	{
		.name = "RACU_REQUESTS", .code = 0x46, .counters = 0x3,
		.desc = "RACU requests (perfmon gives no definition)",
		.source = PM,
	},
	{
		.name = "U2C_EVENTS", .code = 0x43, .counters = 0x3,
		UPM_UMASKS(upm_snbep_um_ubox_u2c_events),
		.desc = "Uncore-to-core event messages, by kind",
		.source = PM,
	},
};

const unsigned upm_ivbep_ubox_n_events = UPM_ARRAY_LEN(upm_ivbep_ubox_events);

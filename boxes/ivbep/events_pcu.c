/* Ivy Bridge-EP PCU events: intel/perfmon IVT/events/ivytown_uncore.json, V23 (commit
 * 37fcb3c3374216096557d71c5eac3d4adc90b65d), Unit "PCU"; VR_HOT_CYCLES also from the
 * guide's last PCU entry that survives in the QPI excerpt (003:6-11: code 0x32, max 1,
 * counters 0-3). Names drop perfmon's "UNC_P_" prefix. Every PCU event may use counters
 * 0-3 (mask 0xF). ext = perfmon's ExtSel (bit 21, box_pcu.c). No unit masks: the event
 * code is the whole selection, and POWER_STATE_OCCUPANCY (0x80) picks C0/C3/C6 with the
 * occ_sel control term (perfmon's umasks 0x40/0x80/0xC0 are occ_sel 1/2/3 at bits
 * 15:14; 329468-002 p.113): perfmon's POWER_STATE_OCCUPANCY.CORES_C0/C3/C6 are perfmon
 * names of names.c for occ_sel=1/2/3, and its PKG_C_EXIT_LATENCY (0x26, ExtSel 1) one
 * for PKG_C_EXIT_LATENCY_SEL below.
 *
 * Differences from Sandy Bridge-EP: 15 cores; the core-transition events moved to codes
 * 0x70-0x7E without the extra bit, the frequency-transition events to 0x60-0x63; new
 * C-state abort, package C-state and exit-latency events. The PCU has no tables shared
 * with Sandy Bridge-EP (it has no unit masks). */
#include "boxes/event.h"

#define PM "perfmon IVT/events/ivytown_uncore.json"

#define CORE_TRANSITION(n, code_)                                                 \
	{                                                                          \
		.name = "CORE" #n "_TRANSITION_CYCLES", .code = (code_),           \
		.counters = 0xF,                                                   \
		.desc = "Cycles core " #n " spends in C-state transition hardware", \
		.source = PM,                                                      \
	}

#define DELAYED_ABORT(n, code_)                                                       \
	{                                                                              \
		.name = "DELAYED_C_STATE_ABORT_CORE" #n, .code = (code_), .ext = 1,    \
		.counters = 0xF,                                                       \
		.desc = "Deep C-state requests of core " #n " rejected", \
		.source = PM,                                                          \
	}

/* perfmon gives every DEMOTIONS_COREn the filter "PCUFilter[7:0]" (band 0's byte). */
#define DEMOTIONS(n, code_)                                                    \
	{                                                                      \
		.name = "DEMOTIONS_CORE" #n, .code = (code_), .counters = 0xF, \
		.filter = UPM_FILT_PCU_BAND0,                                  \
		.desc = "C-state demotions of core " #n, .source = PM,        \
	}

/* FREQ_BANDn_CYCLES: cycles at or above the frequency in byte n of the filter. */
#define FREQ_BAND(n, code_)                                                         \
	{                                                                           \
		.name = "FREQ_BAND" #n "_CYCLES", .code = (code_), .counters = 0xF, \
		.filter = UPM_FILT_PCU_BAND##n,                                     \
		.desc = "Cycles at or above the frequency set in filter band " #n,  \
		.source = PM,                                                       \
	}

#define PLAIN(name_, code_, ext_, desc_)                                              \
	{                                                                              \
		.name = (name_), .code = (code_), .ext = (ext_), .counters = 0xF,      \
		.desc = (desc_), .source = PM,                                         \
	}

const struct upm_event_def upm_ivbep_pcu_events[] = {
	{
		.name = "CLOCKTICKS", .code = 0x00, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "PCU clock cycles (fixed frequency, usable as wall time)",
		.source = PM,
	},
	CORE_TRANSITION(0, 0x70), CORE_TRANSITION(1, 0x71), CORE_TRANSITION(2, 0x72),
	CORE_TRANSITION(3, 0x73), CORE_TRANSITION(4, 0x74), CORE_TRANSITION(5, 0x75),
	CORE_TRANSITION(6, 0x76), CORE_TRANSITION(7, 0x77), CORE_TRANSITION(8, 0x78),
	CORE_TRANSITION(9, 0x79), CORE_TRANSITION(10, 0x7A), CORE_TRANSITION(11, 0x7B),
	CORE_TRANSITION(12, 0x7C), CORE_TRANSITION(13, 0x7D), CORE_TRANSITION(14, 0x7E),
	DELAYED_ABORT(0, 0x17), DELAYED_ABORT(1, 0x18), DELAYED_ABORT(2, 0x19),
	DELAYED_ABORT(3, 0x1A), DELAYED_ABORT(4, 0x1B), DELAYED_ABORT(5, 0x1C),
	DELAYED_ABORT(6, 0x1D), DELAYED_ABORT(7, 0x1E), DELAYED_ABORT(8, 0x1F),
	DELAYED_ABORT(9, 0x20), DELAYED_ABORT(10, 0x21), DELAYED_ABORT(11, 0x22),
	DELAYED_ABORT(12, 0x23), DELAYED_ABORT(13, 0x24), DELAYED_ABORT(14, 0x25),
	DEMOTIONS(0, 0x1E), DEMOTIONS(1, 0x1F), DEMOTIONS(2, 0x20), DEMOTIONS(3, 0x21),
	DEMOTIONS(4, 0x22), DEMOTIONS(5, 0x23), DEMOTIONS(6, 0x24), DEMOTIONS(7, 0x25),
	DEMOTIONS(8, 0x40), DEMOTIONS(9, 0x41), DEMOTIONS(10, 0x42), DEMOTIONS(11, 0x43),
	DEMOTIONS(12, 0x44), DEMOTIONS(13, 0x45), DEMOTIONS(14, 0x46),
	FREQ_BAND(0, 0x0B), FREQ_BAND(1, 0x0C), FREQ_BAND(2, 0x0D), FREQ_BAND(3, 0x0E),
	PLAIN("FREQ_MAX_CURRENT_CYCLES", 0x07, 0, "Cycles the frequency is capped by current"),
	PLAIN("FREQ_MAX_LIMIT_THERMAL_CYCLES", 0x04, 0, "Cycles the frequency is capped by temperature"),
	PLAIN("FREQ_MAX_OS_CYCLES", 0x06, 0, "Cycles the frequency is capped by the OS request"),
	PLAIN("FREQ_MAX_POWER_CYCLES", 0x05, 0, "Cycles the frequency is capped by power"),
	PLAIN("FREQ_MIN_IO_P_CYCLES", 0x61, 0, "Cycles the frequency is raised for I/O"),
	PLAIN("FREQ_MIN_PERF_P_CYCLES", 0x62, 0, "Cycles the frequency is raised for uncore performance"),
	PLAIN("FREQ_TRANS_CYCLES", 0x60, 0, "Cycles spent changing frequency"),
	PLAIN("MEMORY_PHASE_SHEDDING_CYCLES", 0x2F, 0, "Cycles the PCU has memory phase shedding engaged"),
	PLAIN("PKG_C_EXIT_LATENCY_SEL", 0x26, 1, "Cycles in package C2E exit latency"),
	PLAIN("PKG_C_STATE_RESIDENCY_C0_CYCLES", 0x2A, 1, "Cycles the package is in C0"),
	PLAIN("PKG_C_STATE_RESIDENCY_C2_CYCLES", 0x2B, 1, "Cycles the package is in C2"),
	PLAIN("PKG_C_STATE_RESIDENCY_C3_CYCLES", 0x2C, 1, "Cycles the package is in C3"),
	PLAIN("PKG_C_STATE_RESIDENCY_C6_CYCLES", 0x2D, 1, "Cycles the package is in C6"),
	{
		.name = "POWER_STATE_OCCUPANCY", .code = 0x80, .counters = 0xF,
		.desc = "Cores in the C-state chosen by occ_sel, summed every cycle",
		.source = PM,
	},
	PLAIN("PROCHOT_EXTERNAL_CYCLES", 0x0A, 0, "Cycles throttled by an external PROCHOT request"),
	PLAIN("PROCHOT_INTERNAL_CYCLES", 0x09, 0, "Cycles throttled by an internal PROCHOT"),
	PLAIN("TOTAL_TRANSITION_CYCLES", 0x63, 0, "Cycles any core is in C-state transition"),
	PLAIN("VOLT_TRANS_CYCLES_CHANGE", 0x03, 0, "Cycles the voltage is changing"),
	PLAIN("VOLT_TRANS_CYCLES_DECREASE", 0x02, 0, "Cycles the voltage is decreasing"),
	PLAIN("VOLT_TRANS_CYCLES_INCREASE", 0x01, 0, "Cycles the voltage is increasing"),
	{
		.name = "VR_HOT_CYCLES", .code = 0x32, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the voltage regulator signals VR_HOT",
		.source = "003:6-11; " PM,
	},
};

const unsigned upm_ivbep_pcu_n_events = UPM_ARRAY_LEN(upm_ivbep_pcu_events);

/* Sandy Bridge-EP PCU events: summary Table 2-81 (seed 000, lines 2936-2998) and the
 * detailed event list (000:3022-3360). Summary cells run together as
 * CODE EXTRA-SELECT-BIT CTRS MAX, e.g. "FREQ_TRANS_CYCLES0x0010-31" = code 0x00, extra
 * select bit 1, counters 0-3, max 1. Every PCU event may use counters 0-3 (mask 0xF).
 * The PCU has no unit masks (CTL bits 13:8 are reserved, 000:2855).
 *
 * ext = 1 where the list says "Extra Select Bit: Y" and the summary's extra column is 1.
 * The CTL table (Table 2-75) never names that bit: it shows bits 21:20 as reserved
 * (000:2828). The box definition takes bit 21 from public sources.
 *
 * Codes with bit 7 set (0x80) use an occupancy sub-counter picked by CTL.occ_sel[15:14]
 * (01 cores in C0, 10 in C3, 11 in C6; 000:2833, 2852-2858). occ_sel is a control field,
 * not a filter, so it is not expressed in these tables. Intel perfmon JKT uncore event
 * files list POWER_STATE_OCCUPANCY.CORES_C0/C3/C6 with "umasks" 0x40/0x80/0xC0: those
 * are occ_sel 1/2/3 seen through bits 15:8, so the term occ_sel=1..3 is their spelling
 * here (the PCU has no unit mask).
 *
 * FREQ_MAX_CURRENT_CYCLES, FREQ_MAX_OS_CYCLES and FREQ_MAX_POWER_CYCLES are in the
 * detailed list and the metrics table but missing from the summary table. */
#include "boxes/event.h"

#define CORE_TRANSITION(n, code_, lines)                                          \
	{                                                                          \
		.name = "CORE" #n "_TRANSITION_CYCLES", .code = (code_), .ext = 1, \
		.counters = 0xF, .max_inc = 1,                                     \
		.desc = "Cycles core " #n " spends in C-state transition hardware", \
		.source = "000:" lines,                                            \
	}

/* Every DEMOTIONS_COREn entry gives "Filter Dependency: PCUFilter[7:0]". Table 2-77
 * defines PCUFilter[7:0] only as band 0 of the frequency/voltage band filter; the
 * guide does not say what the value means for demotions. */
#define DEMOTIONS(n, code_, lines)                                             \
	{                                                                      \
		.name = "DEMOTIONS_CORE" #n, .code = (code_), .counters = 0xF, \
		.max_inc = 1, .filter = UPM_FILT_PCU_BAND0,                    \
		.desc = "C-state demotions of core " #n,                       \
		.source = "000:" lines,                                        \
	}

/* FREQ_BANDn_CYCLES: cycles at or above the frequency in band n of the filter
 * (PCUFilter[7:0], [15:8], [23:16], [31:24] for bands 0-3). The guide notes the counts
 * update only on a frequency transition (000:3171-3174). */
#define FREQ_BAND(n, code_, lines)                                             \
	{                                                                      \
		.name = "FREQ_BAND" #n "_CYCLES", .code = (code_), .counters = 0xF, \
		.max_inc = 1, .filter = UPM_FILT_PCU_BAND##n,                       \
		.desc = "Cycles at or above the frequency set in filter band " #n, \
		.source = "000:" lines,                                        \
	}

const struct upm_event_def upm_snbep_pcu_events[] = {
	{
		.name = "CLOCKTICKS", .code = 0x00, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "PCU clock cycles (fixed 800 MHz, usable as wall time)",
		.source = "000:3024-3031",
	},
	CORE_TRANSITION(0, 0x03, "3032-3041"),
	CORE_TRANSITION(1, 0x04, "3044-3051"),
	CORE_TRANSITION(2, 0x05, "3052-3059"),
	CORE_TRANSITION(3, 0x06, "3060-3067"),
	CORE_TRANSITION(4, 0x07, "3068-3075"),
	CORE_TRANSITION(5, 0x08, "3076-3083"),
	CORE_TRANSITION(6, 0x09, "3086-3093"),
	CORE_TRANSITION(7, 0x0A, "3094-3101"),
	DEMOTIONS(0, 0x1E, "3102-3108"),
	DEMOTIONS(1, 0x1F, "3109-3115"),
	/* DEMOTIONS_CORE2's entry lacks the "Filter Dependency: PCUFilter[7:0]" line
	 * (000:3116-3121). The filter need is set by analogy: its seven siblings all give
	 * it, and its summary row (000:2951) has the same columns as theirs. */
	DEMOTIONS(2, 0x20, "3116-3121"),
	DEMOTIONS(3, 0x21, "3122-3128"),
	DEMOTIONS(4, 0x22, "3131-3137"),
	DEMOTIONS(5, 0x23, "3138-3144"),
	DEMOTIONS(6, 0x24, "3145-3151"),
	DEMOTIONS(7, 0x25, "3152-3158"),
	FREQ_BAND(0, 0x0B, "3159-3174"),
	FREQ_BAND(1, 0x0C, "3177-3192"),
	FREQ_BAND(2, 0x0D, "3193-3208"),
	FREQ_BAND(3, 0x0E, "3209-3224"),
	{
		/* Not in the summary table. The metrics table also uses this event for
		 * CYC_FREQ_THERMAL_LTD (000:3016, 3019), apparently a copy slip for
		 * FREQ_MAX_LIMIT_THERMAL_CYCLES. */
		.name = "FREQ_MAX_CURRENT_CYCLES", .code = 0x07, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the frequency ceiling is set by current limits",
		.source = "000:3227-3235",
	},
	{
		.name = "FREQ_MAX_LIMIT_THERMAL_CYCLES", .code = 0x04, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the frequency ceiling is set by thermal limits",
		.source = "000:3236-3245",
	},
	{
		/* Not in the summary table. */
		.name = "FREQ_MAX_OS_CYCLES", .code = 0x06, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the frequency ceiling is the OS request",
		.source = "000:3246-3252",
	},
	{
		/* Not in the summary table. */
		.name = "FREQ_MAX_POWER_CYCLES", .code = 0x05, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the frequency ceiling is set by power limits",
		.source = "000:3253-3258",
	},
	{
		.name = "FREQ_MIN_IO_P_CYCLES", .code = 0x01, .ext = 1, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the IO bandwidth floor keeps the frequency from dropping",
		.source = "000:3259-3268",
	},
	{
		.name = "FREQ_MIN_PERF_P_CYCLES", .code = 0x02, .ext = 1, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the remote-socket performance floor keeps the frequency from dropping",
		.source = "000:3271-3280",
	},
	{
		.name = "FREQ_TRANS_CYCLES", .code = 0x00, .ext = 1, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles spent in a frequency change",
		.source = "000:3281-3289",
	},
	{
		.name = "MEMORY_PHASE_SHEDDING_CYCLES", .code = 0x2F, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the PCU has memory phase shedding engaged",
		.source = "000:3290-3298",
	},
	{
		/* Titled "Number of cores in C0" (000:2971, 3300), but the C-state counted is
		 * whichever occ_sel picks (C0, C3 or C6). */
		.name = "POWER_STATE_OCCUPANCY", .code = 0x80, .counters = 0xF, .max_inc = 8,
		.desc = "Cores in the C-state chosen by occ_sel, summed every cycle",
		.source = "000:3299-3306",
	},
	{
		.name = "PROCHOT_EXTERNAL_CYCLES", .code = 0x0A, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles throttled by an external PROCHOT request",
		.source = "000:3308-3315",
	},
	{
		.name = "PROCHOT_INTERNAL_CYCLES", .code = 0x09, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles throttled by on-die PROCHOT (die too hot)",
		.source = "000:3316-3323",
	},
	{
		.name = "TOTAL_TRANSITION_CYCLES", .code = 0x0B, .ext = 1, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles spent in core C-state transitions, all cores",
		.source = "000:3324-3330",
	},
	{
		.name = "VOLT_TRANS_CYCLES_CHANGE", .code = 0x03, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the voltage is moving either way",
		.source = "000:3331-3338",
	},
	{
		.name = "VOLT_TRANS_CYCLES_DECREASE", .code = 0x02, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the voltage is going down",
		.source = "000:3339-3345",
	},
	{
		.name = "VOLT_TRANS_CYCLES_INCREASE", .code = 0x01, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the voltage is going up",
		.source = "000:3346-3354",
	},
	{
		.name = "VR_HOT_CYCLES", .code = 0x32, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles with a voltage-regulator hot signal (guide gives no definition)",
		.source = "000:3355-3360",
	},
};

const unsigned upm_snbep_pcu_n_events = UPM_ARRAY_LEN(upm_snbep_pcu_events);

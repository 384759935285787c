/* Sandy Bridge-EP iMC (per channel) events: summary Table 2-64 (seed 000, lines
 * 2282-2314) and the detailed event list (000:2364-2718). Summary cells run together as
 * CODE CTRS MAX, e.g. "RPQ_OCCUPANCY0x800-322" = code 0x80, counters 0-3, max 22. Every
 * iMC event may use counters 0-3 (mask 0xF). Unit mask values come from the
 * "bxxxxxxx1" patterns of the umask tables (x = don't care). */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

static const struct upm_umask cas_count_umasks[] = {
	{ .name = "RD_REG", .value = 0x01 },
	{ .name = "RD_UNDERFILL", .value = 0x02 },
	{ .name = "RD", .value = 0x03 },
	{ .name = "WR_WMM", .value = 0x04 },
	{ .name = "WR_RMM", .value = 0x08 },
	{ .name = "WR", .value = 0x0C },
	{ .name = "ALL", .value = 0x0F },
};

const struct upm_umask upm_snbep_um_imc_dram_refresh[] = {
	/* The table starts at bit 1 and gives no descriptions (000:2428-2434). */
	{ .name = "PANIC", .value = 0x02 },
	{ .name = "HIGH", .value = 0x04 },
};

const struct upm_umask upm_snbep_um_imc_major_modes[] = {
	{ .name = "READ", .value = 0x01 },
	{ .name = "WRITE", .value = 0x02 },
	{ .name = "PARTIAL", .value = 0x04 },
	{ .name = "ISOCH", .value = 0x08 },
};

/* POWER_CKE_CYCLES and POWER_THROTTLE_CYCLES: one bit per rank (Tables 2-69, 2-70). */
const struct upm_umask upm_snbep_um_imc_rank[] = {
	{ .name = "RANK0", .value = 0x01 },
	{ .name = "RANK1", .value = 0x02 },
	{ .name = "RANK2", .value = 0x04 },
	{ .name = "RANK3", .value = 0x08 },
	{ .name = "RANK4", .value = 0x10 },
	{ .name = "RANK5", .value = 0x20 },
	{ .name = "RANK6", .value = 0x40 },
	{ .name = "RANK7", .value = 0x80 },
};

const struct upm_umask upm_snbep_um_imc_preemption[] = {
	{ .name = "RD_PREEMPT_RD", .value = 0x01 },
	{ .name = "RD_PREEMPT_WR", .value = 0x02 },
};

static const struct upm_umask pre_count_umasks[] = {
	{ .name = "PAGE_MISS", .value = 0x01 },
	{ .name = "PAGE_CLOSE", .value = 0x02 },
};


const struct upm_event_def upm_snbep_imc_events[] = {
	{
		.name = "ACT_COUNT", .code = 0x01, .counters = 0xF, .max_inc = 1,
		.desc = "DRAM activate (page open) commands on this channel",
		.source = "000:2365-2374",
	},
	{
		.name = "CAS_COUNT", .code = 0x04, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(cas_count_umasks),
		.desc = "DRAM read and write CAS commands on this channel (one per 64-byte line)",
		.source = "000:2375-2413",
	},
	{
		/* Not in the guide's list (Table 2-64 starts at 0x01). perfmon JKT
		 * (Jaketown_uncore.json V22, commit 182063580aa3) lists it as UNC_M_CLOCKTICKS,
		 * EventCode 0x0, UMask 0x0, Counter "0,1,2,3"; Linux perf renames that to
		 * UNC_M_DCLOCKTICKS (intel/event-converter-for-linux-perf uncore_csv_json.py,
		 * repl_events) and perfmon IVT names it UNC_M_DCLOCKTICKS 0x00. Named as on
		 * Ivy Bridge-EP. Its JKT description says "uclks" (the fixed counter's text);
		 * the guide says the iMC's clock is the DRAM clock (000:2255): boxes/PUBLIC_FACTS.md. */
		.name = "DCLOCKTICKS", .code = 0x00, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "DRAM clock cycles on a general counter (the fixed DCLK counts the same)",
		.source = "perfmon JKT/events/Jaketown_uncore.json UNC_M_CLOCKTICKS",
	},
	{
		.name = "DRAM_PRE_ALL", .code = 0x06, .counters = 0xF, .max_inc = 1,
		.desc = "Precharge-all commands sent",
		.source = "000:2414-2419",
	},
	{
		.name = "DRAM_REFRESH", .code = 0x05, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_imc_dram_refresh),
		.desc = "DRAM refreshes issued, by urgency",
		.source = "000:2420-2434",
	},
	{
		.name = "ECC_CORRECTABLE_ERRORS", .code = 0x09, .counters = 0xF, .max_inc = 1,
		.desc = "ECC corrections made on this channel, one per corrected access",
		.source = "000:2435-2441",
	},
	{
		.name = "MAJOR_MODES", .code = 0x07, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_imc_major_modes),
		.desc = "Cycles the channel spends in each scheduling major mode",
		.source = "000:2442-2471",
	},
	{
		.name = "POWER_CHANNEL_DLLOFF", .code = 0x84, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles all ranks of the channel are in CKE slow (DLL off) mode",
		.source = "000:2472-2478",
	},
	{
		/* Max 4 in both the summary ("0x850-34", 000:2306) and the list (000:2485),
		 * although the definition describes a per-cycle condition. Kept as printed. */
		.name = "POWER_CHANNEL_PPD", .code = 0x85, .counters = 0xF, .max_inc = 4,
		.desc = "Cycles all ranks of the channel are in precharge power-down",
		.source = "000:2481-2489",
	},
	{
		/* Max 16 in both the summary and the list (000:2304, 2494), although the
		 * definition says the count goes up by only one even when several ranks are in
		 * CKE-on mode (000:2495-2497). Kept as printed. */
		.name = "POWER_CKE_CYCLES", .code = 0x83, .counters = 0xF, .max_inc = 16,
		UPM_UMASKS(upm_snbep_um_imc_rank),
		.desc = "Cycles the selected rank has CKE on (invert for power-down cycles)",
		.source = "000:2490-2515",
	},
	{
		.name = "POWER_CRITICAL_THROTTLE_CYCLES", .code = 0x86, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the channel is in critical thermal throttling (all traffic blocked)",
		.source = "000:2516-2523",
	},
	{
		/* Max inc is blank in both the summary ("0x430-3", 000:2301) and the list
		 * ("Max. Inc/Cyc: ,", 000:2528): left 0 = unknown. */
		.name = "POWER_SELF_REFRESH", .code = 0x43, .counters = 0xF, .max_inc = 0,
		.desc = "Cycles in self-refresh while the iMC still has a clock",
		.source = "000:2524-2534",
	},
	{
		.name = "POWER_THROTTLE_CYCLES", .code = 0x41, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_imc_rank),
		.desc = "Cycles the selected ranks are throttled (thermal or PCU)",
		.source = "000:2535-2557",
	},
	{
		.name = "PREEMPTION", .code = 0x08, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_imc_preemption),
		.desc = "Times a read preempted another read or a write",
		.source = "000:2558-2577",
	},
	{
		.name = "PRE_COUNT", .code = 0x02, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(pre_count_umasks),
		.desc = "DRAM precharge commands, by page miss or page-close timer",
		.source = "000:2579-2599",
	},
	{
		.name = "RPQ_CYCLES_FULL", .code = 0x12, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the read pending queue is full (non-ISOCH entries)",
		.source = "000:2600-2610",
	},
	{
		.name = "RPQ_CYCLES_NE", .code = 0x11, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the read pending queue holds at least one entry",
		.source = "000:2611-2622",
	},
	{
		.name = "RPQ_INSERTS", .code = 0x10, .counters = 0xF, .max_inc = 1,
		.desc = "Allocations into the read pending queue",
		.source = "000:2623-2634",
	},
	{
		.name = "RPQ_OCCUPANCY", .code = 0x80, .counters = 0xF, .max_inc = 22,
		.desc = "Read pending queue entries summed every cycle",
		.source = "000:2635-2645",
	},
	{
		.name = "WPQ_CYCLES_FULL", .code = 0x22, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the write pending queue is full",
		.source = "000:2646-2654",
	},
	{
		.name = "WPQ_CYCLES_NE", .code = 0x21, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the write pending queue holds at least one entry",
		.source = "000:2655-2665",
	},
	{
		.name = "WPQ_INSERTS", .code = 0x20, .counters = 0xF, .max_inc = 1,
		.desc = "Allocations into the write pending queue",
		.source = "000:2666-2676",
	},
	{
		/* The definition mentions "posted" and "not posted" filters (000:2692-2694),
		 * but the entry has no umask table, so no umasks are listed. */
		.name = "WPQ_OCCUPANCY", .code = 0x81, .counters = 0xF, .max_inc = 32,
		.desc = "Write pending queue entries summed every cycle",
		.source = "000:2679-2695",
	},
	{
		.name = "WPQ_READ_HIT", .code = 0x23, .counters = 0xF, .max_inc = 1,
		.desc = "Reads that found their line pending in the write queue",
		.source = "000:2696-2706",
	},
	{
		/* Title and definition are the same text as WPQ_READ_HIT (000:2697-2717). */
		.name = "WPQ_WRITE_HIT", .code = 0x24, .counters = 0xF, .max_inc = 1,
		.desc = "Writes that found their line pending in the write queue",
		.source = "000:2707-2717",
	},
};

const unsigned upm_snbep_imc_n_events = UPM_ARRAY_LEN(upm_snbep_imc_events);

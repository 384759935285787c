/* Sandy Bridge-EP UBox events. The guide's UBox event list is lost from the extraction
 * (only the definition line of one entry survives, 000:388), so every fact here (names,
 * codes, unit masks, counters, extra select bit) comes from intel/perfmon
 * JKT/events/Jaketown_uncore.json, V22 (commit 182063580aa35ea522bba44c6ddb9c9cd1600183),
 * Unit "UBOX". Names drop perfmon's "UNC_U_" prefix; unit masks are the part after the
 * dot. Every entry gives counters 0,1 (mask 0x3). perfmon gives no per-cycle maximum,
 * so max_inc is 0 (unknown) throughout.
 *
 * Conflict, extra select bit: perfmon sets ExtSel=1 on PHOLD_CYCLES (0x45),
 * RACU_REQUESTS (0x46) and MSG_CHNL_SIZE_COUNT (0x47), and ext records that. Against it:
 * the Linux driver's UBox raw event mask (uncore_snbep.c, SNBEP_U_MSR_PMON_RAW_EVENT_MASK)
 * leaves out bit 21, and the guide's U_MSR_PMON_CTL table marks bits 21:20 reserved,
 * software must write 0 (000:345). The UBox control layout (box_ubox.c) has no
 * ev_sel_ext field, so the spec parser refuses these three events rather than program
 * them without the bit. Whether the UBox honours bit 21 is unconfirmed.
 *
 * Filters: perfmon ties FILTER_MATCH.ENABLE and .U2C_ENABLE to "UBoxFilter[3:0]" and
 * says a thread for EVENT_MSG and FILTER_MATCH is picked in NCUPMONCTRLGLCTR.ThreadID.
 * No source read gives either register's address and event.h has no UBox filter kind,
 * so filter stays UPM_FILT_NONE. */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

#define PM "perfmon JKT/events/Jaketown_uncore.json"


const struct upm_umask upm_snbep_um_ubox_event_msg[] = {
	{ .name = "VLW_RCVD", .value = 0x01 },
	{ .name = "MSI_RCVD", .value = 0x02 },
	{ .name = "IPI_RCVD", .value = 0x04 },
	{ .name = "DOORBELL_RCVD", .value = 0x08 },
	{ .name = "INT_PRIO", .value = 0x10 },
};

const struct upm_umask upm_snbep_um_ubox_filter_match[] = {
	{ .name = "ENABLE", .value = 0x01 },      /* perfmon: UBoxFilter[3:0] */
	{ .name = "DISABLE", .value = 0x02 },
	{ .name = "U2C_ENABLE", .value = 0x04 },  /* perfmon: UBoxFilter[3:0] */
	{ .name = "U2C_DISABLE", .value = 0x08 },
};

static const struct upm_umask msg_chnl_size_count_umasks[] = {
	{ .name = "4B", .value = 0x01 },
	{ .name = "8B", .value = 0x02 },
};

static const struct upm_umask phold_cycles_umasks[] = {
	{ .name = "ASSERT_TO_ACK", .value = 0x01 },
	{ .name = "ACK_TO_DEASSERT", .value = 0x02 },
};

static const struct upm_umask racu_requests_umasks[] = {
	{ .name = "COUNT", .value = 0x01 },
};

const struct upm_umask upm_snbep_um_ubox_u2c_events[] = {
	{ .name = "MONITOR_T0", .value = 0x01 },
	{ .name = "MONITOR_T1", .value = 0x02 },
	{ .name = "LIVELOCK", .value = 0x04 },
	{ .name = "LTERROR", .value = 0x08 },
	{ .name = "CMC", .value = 0x10 },
	{ .name = "UMC", .value = 0x20 },
	{ .name = "TRAP", .value = 0x40 },
	{ .name = "OTHER", .value = 0x80 },
};

const struct upm_event_def upm_snbep_ubox_events[] = {
	{
		/* perfmon lists UNC_U_CLOCKTICKS (code 0x0, counters 0,1, both descriptions
		 * "tbd") in a block at the end of the file, apart from the other UBOX
		 * entries. Doubtful: the guide treats ev_sel 0x0 as the idle value to park a
		 * UBox counter at before starting (000:298-301), and gives the UBox clock as
		 * the 48-bit UCLK fixed counter (000:323-324). Linux names no UBox event.
		 * Prefer the fixed counter for a clock reference. */
		.name = "CLOCKTICKS", .code = 0x00, .counters = 0x3, .clock = 1,
		.desc = "UBox clocks on a general counter (perfmon only; prefer fixed UCLK)",
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
		/* The one entry whose guide definition line survives (000:388): it counts
		 * lock sequences started, despite the "cycles" in the name. */
		.name = "LOCK_CYCLES", .code = 0x44, .counters = 0x3,
		.desc = "IDI lock or split-lock sequences started",
		.source = PM "; 000:388",
	},
	{
		/* ext: perfmon ExtSel=1; Linux mask and guide 000:345 disagree (top). */
		.name = "MSG_CHNL_SIZE_COUNT", .code = 0x47, .ext = 1, .counters = 0x3,
		UPM_UMASKS(msg_chnl_size_count_umasks),
		.desc = "Message-channel reads and writes, by request size",
		.source = PM,
	},
	{
		/* ext: perfmon ExtSel=1; Linux mask and guide 000:345 disagree (top). */
		.name = "PHOLD_CYCLES", .code = 0x45, .ext = 1, .counters = 0x3,
		UPM_UMASKS(phold_cycles_umasks),
		.desc = "PHOLD handshake cycles, by phase",
		.source = PM,
	},
	{
		/* ext: perfmon ExtSel=1; Linux mask and guide 000:345 disagree (top). */
		.name = "RACU_REQUESTS", .code = 0x46, .ext = 1, .counters = 0x3,
		UPM_UMASKS(racu_requests_umasks),
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

const unsigned upm_snbep_ubox_n_events = UPM_ARRAY_LEN(upm_snbep_ubox_events);

/* Nehalem-EX / Westmere-EX U-Box events: summary Table 2-8 (002:607-626) and the
 * detailed list (002:628-742); both give the same 16 codes, all with max inc 1. The
 * U-Box has one counter (002:540, 546-549), so every event has counters = 0x1. There
 * are no unit masks (U_MSR_PMON_EV_SEL bits 17:8 are "ig", 002:576).
 *
 * The ninth bit. Four codes are above 0xFF (RECOV 0x1DF, CORRECTED_ERR 0x1E4,
 * UNCORRECTED_ERR 0x1E5, FATAL_ERR 0x1E6) although ev_sel is bits 7:0 and bits 17:8
 * are ignored (002:576-577). No source read says where bit 8 goes:
 *  - the guide (and the Xeon 7500 guide 323535-001) gives the codes and nothing else;
 *  - Linux uncore_nhmex.c exposes only config:0-7 for the U-Box
 *    (NHMEX_U_PMON_RAW_EVENT_MASK = ev_sel 0xff | edge);
 *  - likwid's perfmon_westmereEX.h (wex_ubox_setup) writes eventId & 0xFF, so it
 *    silently programs RECOV as 0xDF.
 * Writing 0xDF/0xE4/0xE5/0xE6 alone would select some other (undocumented) event, so
 * these four carry the guide's full code and ext = 1: the U-Box control layout has
 * no ev_sel_ext field, so the spec parser refuses them ("needs an extra select bit
 * box ubox does not have") instead of truncating. See boxes/PUBLIC_FACTS.md. */
#include "boxes/nhmex/nhmex_events.h"

#define UBOX_EVENT(name_, code_, desc_, lines)                                   \
	{                                                                         \
		.name = name_, .code = (code_), .counters = 0x1, .max_inc = 1,    \
		.desc = desc_, .source = "002:607-626, " lines,                   \
	}
/* Code above 0xFF: refused by the parser (see the file comment). */
#define UBOX_EVENT_BIT8(name_, code_, desc_, lines)                              \
	{                                                                         \
		.name = name_, .code = (code_), .ext = 1, .counters = 0x1,        \
		.max_inc = 1, .desc = desc_,                                      \
		.source = "002:607-626, " lines "; bit 8 encoding unknown",       \
	}

const struct upm_event_def upm_nhmex_ubox_events[] = {
	UBOX_EVENT("BUF_VALID_LOCAL_INT", 0x000, "Cycles the local interrupt buffer holds a valid entry",
		   "639-644"),
	UBOX_EVENT("BUF_VALID_REMOTE_INT", 0x001, "Cycles the remote IPI buffer holds a valid entry",
		   "667-672"),
	UBOX_EVENT("BUF_VALID_LOCK", 0x002, "Cycles the lock buffer holds a valid entry", "646-651"),
	UBOX_EVENT("BUF_VALID_STST", 0x003, "Cycles the start/stop request buffer holds a valid entry",
		   "681-686"),
	UBOX_EVENT("BUF_VALID_SPC_CYCLES", 0x004,
		   "Cycles the special-cycle (NcMsgS broadcast) buffer holds a valid entry", "674-679"),
	UBOX_EVENT("BUF_VALID_DOOR_BELL", 0x005, "Cycles the door-bell buffer holds a valid entry",
		   "632-637"),
	/* The list calls these two BUF_VALID_PMI_IN/_OUT (002:653, 660); the summary's
	 * PM_IN/PM_OUT match their titles ("PM Request In/Out Buffer Valid"). */
	UBOX_EVENT("BUF_VALID_PM_IN", 0x006, "Cycles the PM request-in buffer holds a valid entry",
		   "653-658"),
	UBOX_EVENT("BUF_VALID_PM_OUT", 0x007, "Cycles the PM request-out buffer holds a valid entry",
		   "660-665"),
	UBOX_EVENT("U2R_REQUESTS", 0x050, "U-Box requests to the ring", "716-721"),
	UBOX_EVENT("U2B_REQUEST_CYCLES", 0x051, "Cycles a U-Box request to a B-Box is active", "723-728"),
	UBOX_EVENT("WOKEN", 0x0F8, "Cores woken up", "737-742"),
	UBOX_EVENT("IPIS_SENT", 0x0F9, "IPIs sent to cores", "702-707"),
	UBOX_EVENT_BIT8("RECOV", 0x1DF, "Recoverable errors", "709-714"),
	UBOX_EVENT_BIT8("CORRECTED_ERR", 0x1E4, "Corrected errors", "688-693"),
	UBOX_EVENT_BIT8("UNCORRECTED_ERR", 0x1E5, "Uncorrected errors", "730-735"),
	UBOX_EVENT_BIT8("FATAL_ERR", 0x1E6, "Fatal errors", "695-700"),
};

const unsigned upm_nhmex_ubox_n_events = UPM_ARRAY_LEN(upm_nhmex_ubox_events);

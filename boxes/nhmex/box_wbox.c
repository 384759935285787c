#include "boxes/nhmex/nhmex.h"

/* W-Box (Table 2-93, 002:5516-5534): GLOBAL_CTL/STATUS/OVF_CTL 0xC80-0xC82, CTRL_i
 * 0xC90+2i, COUNTER_i 0xC91+2i (four 48-bit counters), and the fixed counter that counts
 * uncore clocks: W_MSR_PMON_FIXED_COUNTER 0x394 with its control 0x395 (002:5520-5521).
 * GLOBAL_CTL ctr_en 3:0 and fixed_en 31; STATUS ov 3:0 and ov_fixed 31; OVF_CTL clr_ov and
 * clr_ov_fixed 31 (Tables 2-94..2-96, 002:5540-5566; the OVF_CTL table prints clr_ov as
 * 5:0 for four counters). Fixed control (Table 2-98, 002:5599-5606): en 0, pmi_en 1. */
static const struct upm_ovf_route wbox_route[] = { { -1, UPM_NHMEX_GS_OV_W } };

#define WBOX_TYPE(session_, src_)                                                    \
	{                                                                            \
		.name = "wbox", .title = "Power controller (W-Box) and uncore clock",  \
		.space = UPM_SPACE_MSR, .max_instances = 1, .box_ctl = 0xC80,        \
		.ctl = { 0xC90, 0xC92, 0xC94, 0xC96 },                               \
		.ctr = { 0xC91, 0xC93, 0xC95, 0xC97 },                               \
		.n_ctrs = 4, .ctr_width = 48, .ctl_width = 64,                       \
		.fixed_ctl = 0x395, .fixed_ctr = 0x394, .fixed_width = 48,            \
		.fixed_en = UPM_BIT(0), .fixed_event = "UCLK", .fixed_clock = 1, .fixed_alias = "FIXED_COUNTER", \
		.ovf_status = 0xC81, .ovf_clear = 0xC82, .ovf_fixed = UPM_BIT(31),   \
		.ovf_route = wbox_route, .ctr_writable = 1,                          \
		.ctl_layout = { UPM_NHMEX_GENERIC_CTL },                             \
		.box_ctl_layout = { .ctr_en = UPM_FIELD(0, 4), .fixed_ctr_en = UPM_BIT(31) }, \
		.session = (session_), .events = upm_nhmex_wbox_events,              \
		.n_events = &upm_nhmex_wbox_n_events, .source = (src_),              \
	}

/* The E7 erratum (002:5626-5629): a counter read ending in 0x000000 or 0x000001 is
 * 0x1000000 too high. The guide puts the note after the W-Box counter tables and says
 * "a counter", without naming boxes. It is applied to the W-Box only, where it is
 * written: applied to a box without the erratum it would make one read in 2^23 wrong
 * by 2^24, and no other chapter mentions it. That leaves the other boxes exposed if the
 * erratum is uncore-wide; the flag is a table field, so widening it is a one-word
 * change per box type. It is an E7 erratum, so the 7500's W-Box does not carry it. */
const struct upm_box_type upm_wsmex_wbox =
	WBOX_TYPE(UPM_NHMEX_SESSION | UPM_SESS_READ_ERRATUM_24, "002:5490-5629");
const struct upm_box_type upm_nhmex_wbox = WBOX_TYPE(UPM_NHMEX_SESSION, "002:5490-5621");

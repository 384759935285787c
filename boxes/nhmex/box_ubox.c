#include "boxes/nhmex/nhmex.h"

/* U-Box: one 48-bit counter, U_MSR_PMON_EV_SEL 0xC10 and U_MSR_PMON_CTR 0xC11 (Table
 * 2-5, 002:544-549). Its box-level enable is bit 0 of U_MSR_PMON_GLOBAL_CTL 0xC00
 * (Table 2-2, 002:512: "en: Enable U-Box PMON counters"), so the engine carries it in
 * its global-control writes (UPM_SESS_ENABLE_IN_GLOBAL). Its overflow is ov_u, bit 0 of
 * U_MSR_PMON_GLOBAL_STATUS 0xC01, cleared by clr_ov_u in U_MSR_PMON_GLOBAL_OVF_CTL 0xC02
 * (Tables 2-3, 2-4, 002:514-536).
 *
 * EVT_SEL (Table 2-6, 002:564-577): ev_sel 7:0, edge 18, en 22; bits 17:8 and 21 read
 * zero and ignore writes. There is no field for the ninth bit of the guide's codes
 * 0x1DF-0x1E6, so the layout has no ev_sel_ext and the parser refuses those events
 * (events_ubox.c says why) rather than truncate them. */
static const struct upm_ovf_route ubox_route[] = { { -1, UPM_NHMEX_GS_OV_U } };

const struct upm_box_type upm_nhmex_ubox = {
	.name = "ubox",
	.title = "System configuration controller (U-Box)",
	.space = UPM_SPACE_MSR,
	.max_instances = 1,
	.box_ctl = 0xC00,
	.ctl = { 0xC10 },
	.ctr = { 0xC11 },
	.n_ctrs = 1,
	.ctr_width = 48,
	.ctl_width = 32,
	.fixed_ctr = UPM_NO_REG,
	.ovf_status = 0xC01,
	.ovf_clear = 0xC02,
	.ovf_lo = 0,
	.ovf_route = ubox_route,
	.ctr_writable = 1,
	.ctl_layout = { .ev_sel = UPM_FIELD(0, 8), .edge = UPM_BIT(18), .en = UPM_BIT(22) },
	.box_ctl_layout = { .ctr_en = UPM_BIT(0) },
	.session = UPM_NHMEX_SESSION | UPM_SESS_ENABLE_IN_GLOBAL,
	.events = upm_nhmex_ubox_events,
	.n_events = &upm_nhmex_ubox_n_events,
	.source = "002:484-577",
};

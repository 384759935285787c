#include "boxes/nhmex/nhmex.h"

/* B-Box 0 and 1 (Table 2-16, 002:1764-1798): GLOBAL_CTL/STATUS/OVF_CTL 0xC20-0xC22 and
 * 0xC60-0xC62, PERF_CTL_i 0xC30+2i / 0xC70+2i, PERF_CNT_i 0xC31+2i / 0xC71+2i; four 48-bit
 * counters, each with its own event set (the event table's counters bits). MATCH/MASK
 * 0xE45/0xE46 and 0xE4D/0xE4E: eight apart, unlike the 0x40 of the other registers.
 * EVT_SEL (Table 2-20, 002:1836-1848): en 0, ev_sel 5:1, pmi_en 20. GLOBAL_CTL ctr_en
 * 3:0, STATUS ov 3:0, OVF_CTL clr_ov 3:0 (Tables 2-17..2-19, 002:1808-1824). */
static const struct upm_filter_reg_info bbox_mm[] = {
	{ .name = "B_MSR_MATCH", .inst_step = 8 },
	{ .name = "B_MSR_MASK", .inst_step = 8 },
};

/* MATCH/MASK (Tables 2-22, 2-23, 002:1866-1884): opc_out 59:56, opc_in 55:52, msg_out
 * 51:48, msg_in 47:44, addr 43:0 = PA[49:6]; taken as whole registers. */
static const struct upm_filter_field bbox_filters[] = {
	{ "match", 0, UPM_FIELD(0, 60), UPM_FILT_BBOX_MATCH },
	{ "mask", 1, UPM_FIELD(0, 60), UPM_FILT_BBOX_MATCH },
};

/* B-Box 0 -> S0 ov_mb, B-Box 1 -> S1 ov_mb (002:1756, 2447). */
static const struct upm_ovf_route bbox_route[] = {
	{ UPM_NHMEX_SUM_S0, UPM_NHMEX_OV_MB }, { UPM_NHMEX_SUM_S1, UPM_NHMEX_OV_MB },
};

const struct upm_box_type upm_nhmex_bbox = {
	.name = "bbox",
	.title = "Home agent (B-Box)",
	.space = UPM_SPACE_MSR,
	.max_instances = 2,
	.stride = 0x40,
	.box_ctl = 0xC20,
	.ctl = { 0xC30, 0xC32, 0xC34, 0xC36 },
	.ctr = { 0xC31, 0xC33, 0xC35, 0xC37 },
	.n_ctrs = 4,
	.ctr_width = 48,
	.ctl_width = 64,
	.fixed_ctr = UPM_NO_REG,
	.filter_regs = { 0xE45, 0xE46 },
	.n_filter_regs = 2,
	.filter_width = 64,
	.filter_info = bbox_mm,
	.filters = bbox_filters,
	.n_filters = UPM_ARRAY_LEN(bbox_filters),
	.ovf_status = 0xC21,
	.ovf_clear = 0xC22,
	.ovf_route = bbox_route,
	.ctr_writable = 1,
	.ctl_layout = { .en = UPM_BIT(0), .ev_sel = UPM_FIELD(1, 5) },
	.box_ctl_layout = { .ctr_en = UPM_FIELD(0, 4) },
	.session = UPM_NHMEX_SESSION,
	.events = upm_nhmex_bbox_events,
	.n_events = &upm_nhmex_bbox_n_events,
	.source = "002:1738-1884",
};

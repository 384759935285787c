#include "boxes/nhmex/nhmex.h"

/* R-Box (crossbar router), as two instances: rbox0 is the left half (counters 0-7, ports
 * 0-3), rbox1 the right half (counters 8-15, ports 4-7), 002:3657-3660.
 * Table 2-39 (002:3692-3820): GLOBAL_CTL/STATUS/OVF_CTL 0xE00-0xE02 and 0xE20-0xE22,
 * CTL_i 0xE10+2i / 0xE30+2i, CTR_i 0xE11+2i / 0xE31+2i (the table labels 0xE02
 * "OVF_CTL_15_8"; it is the left half's, 7:0). CTL (Table 2-44, 002:3871-3880): en 0,
 * ev_sel 5:1, pmi_en 6. GLOBAL_CTL ctr_en 7:0, STATUS ov 7:0, OVF_CTL clr_ov 7:0
 * (Tables 2-41..2-43, 002:3845-3861).
 *
 * Events are configured in a port's sub-control registers and the counter's ev_sel
 * points at one (Tables 2-45, 2-46, 002:3882-3940): ev_sel = 6 * (port mod 4) + 0
 * IPERF_CFG0, 1 IPERF_CFG1, 2 QLX_CFG ev0 (bits 7:0), 3 QLX_CFG ev1 (15:8), 4 XBR set 1,
 * 5 XBR set 2; 0x18-0x1F are illegal. Worked example (002:3674-3680): FLITS_SENT on port 1
 * in counter 3 is IPERF_CFG1 of port 1 bit 31 = 1 and CTL3.ev_sel = 0x7. Port p's
 * registers (Table 2-39 and the port map, Table 2-40, 002:3824-3835):
 *   IPERF_CFG0 0xE04 + p, IPERF_CFG1 0xE24 + p (ports 4-7 of both are in the left block),
 *   QLX_CFG 0xE0C + p (ports 0-3), 0xE2C + (p - 4) (ports 4-7),
 *   XBR set 1 MM_CFG/MATCH/MASK 0xE60 + 4p (+1, +2), ports 4-7 0xE80 + 4(p - 4),
 *   XBR set 2 MM_CFG/MATCH/MASK 0xE70 + 4p (+1, +2), ports 4-7 0xE90 + 4(p - 4).
 * So from rbox0 to rbox1 IPERF moves 4, QLX and XBR 0x20. Linux uncore_nhmex.c
 * (NHMEX_R_MSR_PORTN_*) agrees. The addresses are of port 0 (rbox0) / port 4 (rbox1). */
static const struct upm_filter_reg_info rbox_sub[] = {
	{ .name = "R_MSR_PORTn_IPERF_CFG0", .inst_step = 4, .index_step = 1, .group = 32 },
	{ .name = "R_MSR_PORTn_IPERF_CFG1", .inst_step = 4, .index_step = 1, .group = 32 },
	{ .name = "R_MSR_PORTn_QLX_CFG", .inst_step = 0x20, .index_step = 1, .group = 8 },
	{ .name = "R_MSR_PORTn_XBR_SET1_MM_CFG", .inst_step = 0x20, .index_step = 4, .group = 64 },
	{ .name = "R_MSR_PORTn_XBR_SET1_MATCH", .inst_step = 0x20, .index_step = 4, .group = 64 },
	{ .name = "R_MSR_PORTn_XBR_SET1_MASK", .inst_step = 0x20, .index_step = 4, .group = 64 },
	{ .name = "R_MSR_PORTn_XBR_SET2_MM_CFG", .inst_step = 0x20, .index_step = 4, .group = 64 },
	{ .name = "R_MSR_PORTn_XBR_SET2_MATCH", .inst_step = 0x20, .index_step = 4, .group = 64 },
	{ .name = "R_MSR_PORTn_XBR_SET2_MASK", .inst_step = 0x20, .index_step = 4, .group = 64 },
};
enum { IPERF0, IPERF1, QLX, MM1_CFG, MM1_MATCH, MM1_MASK, MM2_CFG, MM2_MATCH, MM2_MASK };

/* The second home of each: IPERF_CFG1, the ev1 half of QLX_CFG, XBR set 2; ev_sel + 1. */
static const struct upm_sub_slot rbox_alt[] = {
	{ IPERF0, IPERF1, 0 }, { QLX, QLX, 8 },
	{ MM1_CFG, MM2_CFG, 0 }, { MM1_MATCH, MM2_MATCH, 0 }, { MM1_MASK, MM2_MASK, 0 },
};

/* Fields of the first home (the scheduler moves them). IPERF_CFG (Table 2-48,
 * 002:3958-3982), QLX_CFG ev0 (Table 2-49, 002:3988-4003), XBR MM_CFG/MATCH/MASK
 * (Tables 2-50..2-52, 002:4019-4061). */
static const struct upm_filter_field rbox_filters[] = {
	{ "iperf", IPERF0, UPM_FIELD(0, 32), 0 },
	{ "iperf_flt_sent", IPERF0, UPM_BIT(31), 0 },
	{ "iperf_null_idle", IPERF0, UPM_BIT(30), 0 },
	{ "iperf_retryq_ov", IPERF0, UPM_BIT(29), 0 },
	{ "iperf_retryq_ne", IPERF0, UPM_BIT(28), 0 },
	{ "iperf_outq_ov", IPERF0, UPM_BIT(27), 0 },
	{ "iperf_outq_ne", IPERF0, UPM_BIT(26), 0 },
	{ "iperf_rcvd_spec_flt", IPERF0, UPM_BIT(25), 0 },
	{ "iperf_rcvd_err_flt", IPERF0, UPM_BIT(24), 0 },
	{ "iperf_mc_roll_alloc", IPERF0, UPM_BIT(21), 0 },
	{ "iperf_mc", IPERF0, UPM_FIELD(17, 4), 0 },
	{ "iperf_eot_ne", IPERF0, UPM_BIT(16), 0 },
	{ "iperf_arb_sel", IPERF0, UPM_FIELD(9, 7), 0 },
	{ "iperf_iqa_read_ok", IPERF0, UPM_BIT(8), 0 },
	{ "iperf_new_pkt", IPERF0, UPM_FIELD(0, 8), 0 }, /* new_pvn 7:6 with new_pc 5:0 */
	{ "qlx", QLX, UPM_FIELD(0, 8), 0 },
	{ "qlx_sub", QLX, UPM_BIT(7), 0 },
	{ "qlx_cls", QLX, UPM_FIELD(4, 3), 0 },
	{ "qlx_type", QLX, UPM_FIELD(0, 4), 0 },
	{ "xbr_mm_cfg", MM1_CFG, UPM_FIELD(0, 64), 0 },
	{ "xbr_dis", MM1_CFG, UPM_BIT(63), 0 },
	{ "xbr_mm_trig_en", MM1_CFG, UPM_BIT(21), 0 },
	{ "xbr_ig_flit_cnt", MM1_CFG, UPM_BIT(20), 0 },
	{ "xbr_match_flit_cnt", MM1_CFG, UPM_FIELD(16, 4), 0 },
	{ "xbr_match_hi", MM1_CFG, UPM_FIELD(8, 8), 0 },
	{ "xbr_mask_hi", MM1_CFG, UPM_FIELD(0, 8), 0 },
	{ "xbr_match", MM1_MATCH, UPM_FIELD(0, 64), 0 },
	{ "xbr_mask", MM1_MASK, UPM_FIELD(0, 64), 0 },
};

/* Left half -> S0 ov_r, right half -> S1 ov_r (002:3686, 2444). */
static const struct upm_ovf_route rbox_route[] = {
	{ UPM_NHMEX_SUM_S0, UPM_NHMEX_OV_R }, { UPM_NHMEX_SUM_S1, UPM_NHMEX_OV_R },
};

const struct upm_box_type upm_nhmex_rbox = {
	.name = "rbox",
	.title = "Crossbar router (R-Box): rbox0 ports 0-3, rbox1 ports 4-7",
	.space = UPM_SPACE_MSR,
	.max_instances = 2,
	.stride = 0x20,
	.box_ctl = 0xE00,
	.ctl = { 0xE10, 0xE12, 0xE14, 0xE16, 0xE18, 0xE1A, 0xE1C, 0xE1E },
	.ctr = { 0xE11, 0xE13, 0xE15, 0xE17, 0xE19, 0xE1B, 0xE1D, 0xE1F },
	.n_ctrs = 8,
	.ctr_width = 48,
	.ctl_width = 64,
	.fixed_ctr = UPM_NO_REG,
	.filter_regs = { 0xE04, 0xE24, 0xE0C, 0xE60, 0xE61, 0xE62, 0xE70, 0xE71, 0xE72 },
	.n_filter_regs = 9,
	.filter_width = 64,
	.filter_info = rbox_sub,
	.filters = rbox_filters,
	.n_filters = UPM_ARRAY_LEN(rbox_filters),
	.index_term = "port",
	.n_index = 4,
	.index_ev_step = 6,
	.alt_slots = rbox_alt,
	.n_alt_slots = UPM_ARRAY_LEN(rbox_alt),
	.alt_ev_add = 1,
	.ovf_status = 0xE01,
	.ovf_clear = 0xE02,
	.ovf_route = rbox_route,
	.ctr_writable = 1,
	.ctl_layout = { .en = UPM_BIT(0), .ev_sel = UPM_FIELD(1, 5) },
	.box_ctl_layout = { .ctr_en = UPM_FIELD(0, 8) },
	.session = UPM_NHMEX_SESSION,
	.events = upm_nhmex_rbox_events,
	.n_events = &upm_nhmex_rbox_n_events,
	.source = "002:3611-4133",
};

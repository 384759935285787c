#include "boxes/snbep/snbep.h"

/* CBo filter (Table 2-12, 000:608-629, mangled). Field positions reconstructed from the
 * umask tables that cite CBoFilter[17:10] (nid) and [31:23] (opc), the 5-bit tid
 * (000:605-606) and the state encoding (000:617-622); they agree with Linux's masks
 * (tid 0x1f, nid 0x3fc00, state 0x7c0000, opc 0xff800000). */
static const struct upm_filter_field cbo_filters[] = {
	{ "filter_tid", 0, UPM_FIELD(0, 5), UPM_FILT_CBO_TID },
	{ "filter_nid", 0, UPM_FIELD(10, 8), UPM_FILT_CBO_NID },
	{ "filter_state", 0, UPM_FIELD(18, 5), UPM_FILT_CBO_STATE },
	{ "filter_opc", 0, UPM_FIELD(23, 9), UPM_FILT_CBO_OPC },
};

/* CBo n: box control 0xD04 + 0x20n, controls 0xD10-0xD13, filter 0xD14, counters
 * 0xD16-0xD19 (Table 2-8, 000:460-524; Table 1-2 sheet 1, 000:138-164). Sheet 2 (CBo
 * 0-2) is lost; CBo 0-2 follow the 0x20 stride every surviving row shows. */
const struct upm_box_type upm_snbep_cbo = {
	.name = "cbo",
	.title = "Caching agent (CBo), one per LLC slice",
	.space = UPM_SPACE_MSR,
	.max_instances = 8,
	.count_clamped_to_cores = 1, /* Linux: CBos beyond x86_max_cores are absent */
	.stride = 0x20,
	.box_ctl = 0xD04,
	.ctl = { 0xD10, 0xD11, 0xD12, 0xD13 },
	.ctr = { 0xD16, 0xD17, 0xD18, 0xD19 },
	.n_ctrs = 4,
	.ctr_width = 44,
	.ctl_width = 32,
	.fixed_ctr = UPM_NO_REG,
	.filter_regs = { 0xD14 },
	.n_filter_regs = 1,
	.filter_width = 32,
	.filters = cbo_filters,
	.n_filters = UPM_ARRAY_LEN(cbo_filters),
	/* Table 2-10 (000:553-590). */
	.ctl_layout = {
		.ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .rst = UPM_BIT(17),
		.edge = UPM_BIT(18), .tid_en = UPM_BIT(19), .en = UPM_BIT(22),
		.invert = UPM_BIT(23), .thresh = UPM_FIELD(24, 8),
	},
	.box_ctl_layout = UPM_SNBEP_BOX_CTL_WITH_RESET,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.events = upm_snbep_cbo_events,
	.n_events = &upm_snbep_cbo_n_events,
	.source = "000:138-164, 460-629",
};

#include "boxes/snbep/snbep.h"
#include "boxes/ep/ep.h"

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
	UPM_EP_CBO_REGS,
	.max_instances = 8,
	.filter_regs = { 0xD14 },
	.n_filter_regs = 1,
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

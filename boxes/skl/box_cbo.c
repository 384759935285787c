#include "boxes/skl/skl.h"

/* MSR_UNC_CBO_CONFIG 0x396 (001:170), NO_CBO_BANKS 3:0 (Table 2-6, 001:321-326): "read
 * this register and subtract one to determine the number of CBo units available for
 * performance monitoring" (001:296-301). */
static const struct upm_instance_count cbo_count = {
	.msr = 0x396,
	.field = UPM_FIELD(0, 4),
	.minus = 1,
	.name = "MSR_UNC_CBO_CONFIG.NO_CBO_BANKS",
	.source = "001:296-301, 321-326",
};

/* CBo n: PERFEVTSEL0/1 at 0x700 + 0x10n and +1, PERFCTR0/1 at +6 and +7 (Table 2-1,
 * 001:175-190; the guide's "CB0_3" rows are CBo 3). Up to four CBos, two 44-bit
 * counters each (Table 1-2, 001:145-147; Table 2-8, 001:416-419, CTR_VAL RW). The text's
 * "four event select control registers" per CBo (001:329-330) contradicts the MSR list,
 * which has two; the list is followed. No box control: counters are cleared by writing
 * zero while the global enable is clear. */
const struct upm_box_type upm_skl_cbo = {
	.name = "cbo",
	.title = "Caching agent (CBo), one per LLC slice",
	.space = UPM_SPACE_MSR,
	.max_instances = 4,
	.stride = 0x10,
	.box_ctl = UPM_NO_REG,
	.ctl = { 0x700, 0x701 },
	.ctr = { 0x706, 0x707 },
	.n_ctrs = 2,
	.ctr_width = 44,
	.ctl_width = 64,
	.fixed_ctr = UPM_NO_REG,
	.ctr_writable = 1,
	.ctl_layout = UPM_SKL_PERFEVTSEL_LAYOUT,
	.session = UPM_SESS_ZERO_CTRS,
	.count = &cbo_count,
	.events = upm_skl_cbo_events,
	.n_events = &upm_skl_cbo_n_events,
	.source = "001:145-190, 296-419",
};

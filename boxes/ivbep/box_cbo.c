#include "boxes/ivbep/ivbep.h"
#include "boxes/ep/ep.h"

/* The CBo filter is two MSRs, FILTER0 at box+0x14 and FILTER1 at box+0x1A, together a
 * 64-bit value whose high half is FILTER1 (Linux ivbep_cbox_enable_event writes the
 * high half to reg+6; PCM IVT_C0_MSR_PMON_BOX_FILTER1 0x0D1A). Fields (Linux
 * IVBEP_CB0_MSR_PMON_BOX_FILTER_*; 329468-002 Tables 2-16/2-17, p.34-35):
 *   FILTER0: tid 4:0, link 8:5, state 22:17 (one bit per state: I S E M F and M', as
 *            perfmon's "CBoGlCtrl[22:17] ... [M'FMESI]" orders them)
 *   FILTER1: nid 15:0, opc 28:20, c6 29, nc 30, isoc 31
 * Conflict: the guide marks FILTER0[16:5] and FILTER1[29] reserved (write 0), so it has
 * no link and no c6 field; Linux defines both. They are offered as in Linux and only
 * written when a spec names them. */
static const struct upm_filter_field cbo_filters[] = {
	{ "filter_tid", 0, UPM_FIELD(0, 5), UPM_FILT_CBO_TID },
	{ "filter_link", 0, UPM_FIELD(5, 4), UPM_FILT_NONE },
	{ "filter_state", 0, UPM_FIELD(17, 6), UPM_FILT_CBO_STATE },
	{ "filter_nid", 1, UPM_FIELD(0, 16), UPM_FILT_CBO_NID },
	{ "filter_opc", 1, UPM_FIELD(20, 9), UPM_FILT_CBO_OPC },
	{ "filter_c6", 1, UPM_BIT(29), UPM_FILT_NONE },
	{ "filter_nc", 1, UPM_BIT(30), UPM_FILT_NONE },
	{ "filter_isoc", 1, UPM_BIT(31), UPM_FILT_NONE },
};

/* CBo n: box control 0xD04 + 0x20n, controls 0xD10-0xD13, filter 0xD14, counters
 * 0xD16-0xD19, filter1 0xD1A (Linux SNBEP_C0_MSR_PMON_* with SNBEP_CBO_MSR_OFFSET 0x20,
 * used by ivbep_uncore_cbox; likwid registers.h MSR_UNC_C0..C14_PMON_*, e.g. C14 box
 * control 0xEC4 and filter1 0xEDA). Up to 15 boxes (Linux ivbep_uncore_cbox.num_boxes;
 * it caps them at the cores per package): a part with fewer slices faults on the
 * missing ones and they are reported absent. 44-bit counters (329468-002 p.33-34). */
const struct upm_box_type upm_ivbep_cbo = {
	.name = "cbo",
	.title = "Caching agent (CBo), one per LLC slice",
	UPM_EP_CBO_REGS,
	.max_instances = 15,
	.filter_regs = { 0xD14, 0xD1A },
	.n_filter_regs = 2,
	.filters = cbo_filters,
	.n_filters = UPM_ARRAY_LEN(cbo_filters),
	/* 329468-002 Table 2-14 (p.33): thresh 31:24, bit 23 reserved (no invert), en 22,
	 * 21:20 reserved, tid_en 19, edge 18; rst 17 as on the other boxes. */
	.ctl_layout = {
		.ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .rst = UPM_BIT(17),
		.edge = UPM_BIT(18), .tid_en = UPM_BIT(19), .en = UPM_BIT(22),
		.thresh = UPM_FIELD(24, 8),
	},
	.box_ctl_layout = UPM_IVBEP_BOX_CTL,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	/* Table 2-15: event_count 43:0 RW-V. No CBo box-status MSR is known for this
	 * generation (boxes/PUBLIC_FACTS.md). */
	.ctr_writable = 1,
	.events = upm_ivbep_cbo_events,
	.n_events = &upm_ivbep_cbo_n_events,
	.source = "329468-002 p.33-35; MSRs: Linux uncore_snbep.c (ivbep), PCM, likwid",
};

#include "boxes/skl/skl.h"

/* The ARB: PERFCTR0/1 0x3B0/0x3B1, PERFEVTSEL0/1 0x3B2/0x3B3 (Table 2-1, 001:171-174);
 * one instance, two 44-bit counters (Table 1-2, 001:148; 001:380-384). Same event-select
 * layout as the CBo (the guide lists both under Table 2-7, 001:332-343). The occupancy
 * event counts on counter 0 only (Table 3-2, 001:514-537): the event table says so. */
const struct upm_box_type upm_skl_arb = {
	.name = "arb",
	.title = "Arbitration unit (ARB)",
	.space = UPM_SPACE_MSR,
	.max_instances = 1,
	.box_ctl = UPM_NO_REG,
	.ctl = { 0x3B2, 0x3B3 },
	.ctr = { 0x3B0, 0x3B1 },
	.n_ctrs = 2,
	.ctr_width = 44,
	.ctl_width = 64,
	.fixed_ctr = UPM_NO_REG,
	.ctr_writable = 1,
	.ctl_layout = UPM_SKL_PERFEVTSEL_LAYOUT,
	.session = UPM_SESS_ZERO_CTRS,
	.events = upm_skl_arb_events,
	.n_events = &upm_skl_arb_n_events,
	.source = "001:148, 171-174, 332-419, 510-537",
};

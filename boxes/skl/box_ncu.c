#include "boxes/skl/skl.h"

/* The fixed uncore-clock counter: MSR_UNC_PERF_FIXED_CTRL 0x394 and MSR_UNC_PERF_FIXED_CTR
 * 0x395 (Table 2-1, 001:168-169). CNT_EN is bit 22 and OVF_EN bit 20 (Table 2-4,
 * 001:281-313); the counter is 48 bits of UCLK cycles (Table 2-5, 001:316-320) and RW,
 * so it is cleared by writing zero. The guide calls its event UNC_CLOCK.SOCKET
 * (001:538-539); Intel's unit name for it is NCU (intel/perfmon SKL skylake_uncore.json,
 * Unit "NCU"). Specs select it as ncu/UCLK/ or ncu/CLOCK.SOCKET/. */
const struct upm_box_type upm_skl_ncu = {
	.name = "ncu",
	.title = "Uncore clock (fixed counter)",
	.space = UPM_SPACE_MSR,
	.max_instances = 1,
	.box_ctl = UPM_NO_REG,
	.n_ctrs = 0,
	.fixed_ctl = 0x394,
	.fixed_ctr = 0x395,
	.fixed_width = 48,
	.fixed_en = UPM_BIT(22),
	.fixed_event = "UCLK", .fixed_clock = 1,
	.fixed_alias = "CLOCK.SOCKET",
	.ctr_writable = 1,
	.session = UPM_SESS_ZERO_CTRS,
	.events = NULL,
	.n_events = &upm_skl_no_events,
	.source = "001:164-169, 281-320, 538-539",
};

const unsigned upm_skl_no_events = 0;

#include "boxes/snbep/snbep.h"
#include "boxes/ep/ep.h"

/* Core C-state residency counters the PCU section describes (000:2883-2890); their
 * MSR numbers are lost with sheet 2 of Table 2-73: Linux uncore_snbep.c has
 * SNBEP_PCU_MSR_CORE_C3_CTR 0x3fc and _C6_CTR 0x3fd. */
static const struct upm_free_ctr pcu_free[] = {
	{ "CORE_C3_CTR", 0x3FC, 64, "000:2883-2890; Linux uncore_snbep.c" },
	{ "CORE_C6_CTR", 0x3FD, 64, "000:2883-2890; Linux uncore_snbep.c" },
};

/* Box control 0xC24 and controls 0xC30-0xC33 survive in Table 2-73 sheet 1
 * (000:2752-2758); counters 0xC36-0xC39 and filter 0xC34 were on the lost sheet 2 and
 * come from Linux uncore_snbep.c (SNBEP_PCU_MSR_PMON_CTR0 0xc36, _BOX_FILTER 0xc34). */
const struct upm_box_type upm_snbep_pcu = {
	.name = "pcu",
	.title = "Power control unit (PCU)",
	UPM_EP_PCU_REGS,
	.free_ctrs = pcu_free,
	.n_free_ctrs = UPM_ARRAY_LEN(pcu_free),
	/* Table 2-75 (000:2796-2858). The extra select bit is not named by the table
	 * (21:20 shown reserved); Linux's SNBEP_PMON_CTL_EV_SEL_EXT is bit 21. */
	.ctl_layout = {
		.ev_sel = UPM_FIELD(0, 8), .occ_sel = UPM_FIELD(14, 2), .rst = UPM_BIT(17),
		.edge = UPM_BIT(18), .ev_sel_ext = UPM_BIT(21), .en = UPM_BIT(22),
		.invert = UPM_BIT(23), .thresh = UPM_FIELD(24, 5), .occ_invert = UPM_BIT(30),
		.occ_edge = UPM_BIT(31),
	},
	.box_ctl_layout = UPM_SNBEP_BOX_CTL_WITH_RESET,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.events = upm_snbep_pcu_events,
	.n_events = &upm_snbep_pcu_n_events,
	.source = "000:2742-2890; MSRs lost from the extraction: Linux uncore_snbep.c",
};

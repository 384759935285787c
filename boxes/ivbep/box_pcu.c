#include "boxes/ivbep/ivbep.h"
#include "boxes/ep/ep.h"

/* Core C-state residency counters, outside the PMON scheme (Linux
 * SNBEP_PCU_MSR_CORE_C3_CTR 0x3fc, _C6_CTR 0x3fd; the same on Ivy Bridge-EP). */
static const struct upm_free_ctr pcu_free[] = {
	{ "CORE_C3_CTR", 0x3FC, 64, "Linux uncore_snbep.c SNBEP_PCU_MSR_CORE_C3_CTR" },
	{ "CORE_C6_CTR", 0x3FD, 64, "Linux uncore_snbep.c SNBEP_PCU_MSR_CORE_C6_CTR" },
};

/* Box control 0xC24, controls 0xC30-0xC33, filter 0xC34, status 0xC35, 48-bit counters
 * 0xC36-0xC39: Linux ivbep_uncore_pcu uses the SNBEP_PCU_MSR_* addresses; PCM
 * JKTIVT_PCU_*; likwid registers.h MSR_UNC_PCU_PMON_BOX_STATUS 0xC35. Status bits 3:0 =
 * counters 0-3 (E7 v2 datasheet vol. 2, 13.2.4.6 PMONUNITSTATUS, "PCU: [3:0]"). */
const struct upm_box_type upm_ivbep_pcu = {
	.name = "pcu",
	.title = "Power control unit (PCU)",
	UPM_EP_PCU_REGS,
	.ovf_status = 0xC35,
	.ovf_clear = 0xC35,
	.free_ctrs = pcu_free,
	.n_free_ctrs = UPM_ARRAY_LEN(pcu_free),
	/* occ_sel 15:14, ev_sel 7:0 (329468-002 p.113); thresh 28:24, occ_invert 30,
	 * occ_edge 31, edge 18, rst 17 (Linux IVBEP_PCU_MSR_PMON_RAW_EVENT_MASK, which has no
	 * invert); en 22; ev_sel_ext 21 for perfmon's ExtSel events (Linux leaves bit 21 out
	 * of the mask, as on Sandy Bridge-EP: boxes/PUBLIC_FACTS.md). */
	.ctl_layout = {
		.ev_sel = UPM_FIELD(0, 8), .occ_sel = UPM_FIELD(14, 2), .rst = UPM_BIT(17),
		.edge = UPM_BIT(18), .ev_sel_ext = UPM_BIT(21), .en = UPM_BIT(22),
		.thresh = UPM_FIELD(24, 5), .occ_invert = UPM_BIT(30), .occ_edge = UPM_BIT(31),
	},
	.box_ctl_layout = UPM_IVBEP_BOX_CTL,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.ctr_writable = 1,
	.events = upm_ivbep_pcu_events,
	.n_events = &upm_ivbep_pcu_n_events,
	.source = "329468-002 p.113; MSRs: Linux uncore_snbep.c (ivbep), PCM, likwid",
};

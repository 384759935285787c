/* Xeon 7500 (Nehalem-EX, CPUID model 0x2E) and Xeon E7 (Westmere-EX, 0x2F): seven MSR box
 * types under one global control, no PCI uncore boxes. The register map is the E7 guide's
 * (seed 002); the 7500's guide survives only as a C-Box excerpt (seed 004), so its
 * differences come from Linux arch/x86/events/intel/uncore_nhmex.c, which drives both
 * with the E7's map: eight C-Boxes instead of ten (nhmex_uncore_cpu_init caps them at
 * the core count) and a ZDP_CTL_FVC one bit narrower (box_mbox.c). Its C-Box and S-Box
 * event tables are its own: no E7-only events, four-bit C-Box pair unit masks
 * (events_cbo.c, events_sbox.c). See boxes/PUBLIC_FACTS.md.
 * The E7 (map_wsmex.c) shares the global control and the overflow hierarchy. */
#include "boxes/platform.h"
#include "boxes/nhmex/nhmex.h"

/* U_MSR_PMON_GLOBAL_CTL 0xC00 (Table 2-2, 002:502-512): frz_all 31, rst_all 29, en_all 28,
 * pmi_core_sel 10:1, en 0 (the U-Box counter's own enable, not the global's: the U-Box
 * table carries it). Setup: rst_all = 1 (2.1.3 a); start: en_all = 1 with rst_all = 0 in
 * the same write (2.1.3 f); stop: en_all = 0 (2.1.4). frz_all and pmi_core_sel are held
 * at 0 during the session (no PMI, no freeze on another tool's overflow) and the value
 * found is written back at the end. U_MSR_PMON_GLOBAL_STATUS 0xC01 (Table 2-3) is read
 * after each stop. rst_all resets every uncore counter, used or not (2.1.3 a). */
const struct upm_global_ctl upm_nhmex_global = {
	.msr = 0xC00,
	.mask = 1ull << 31 | 1ull << 29 | 1ull << 28 | 0x7FEull,
	.setup = 1ull << 29,
	.start = 1ull << 28,
	.stop = 0,
	/* en_all holds the enable (Table 2-2, 002:509): the U-Box clears it only on a PMI
	 * with frz_all set (2.1.1, 002:405), and upmon sets neither pmi_en nor frz_all. */
	.start_shows = 1ull << 28,
	.status_msr = 0xC01,
	/* 0xC01 is not written: "to reset the summary overflow bits, a user must set the
	 * corresponding bits in the U_MSR_PMON_GLOBAL_OVF_CTL register" (2.1.6.1); 0xC02
	 * (Table 2-4) has clr_cond 31, clr_pmi 30, clr_ov_* 3:0, at 0xC01's positions. */
	.status_clear_msr = 0xC02,
	/* The U-Box's: "once the U-Box receives the PMI ... it will set
	 * U_MSR_PMON_GLOBAL_CTL.en_all to 0" (002:406). */
	.box = "ubox",
	.source = "002:414-536",
};

/* The overflow hierarchy (2.1.4, 002:462-468): U GLOBAL_STATUS ov_s0 (bit 3) and ov_s1
 * (bit 2) point at the S-Box summaries S0_MSR_PMON_SUMMARY 0xC43 and S1's 0xCC3 (Table
 * 2-25, 002:2431, 2413; fields Table 2-26, 002:2440-2453); ov_w (1) and ov_u (0) at the
 * W-Box and U-Box directly. */
static const struct upm_ovf_summary nhmex_summaries[] = {
	{ "S0_MSR_PMON_SUMMARY", 0xC43, UPM_NHMEX_GS_OV_S0 },
	{ "S1_MSR_PMON_SUMMARY", 0xCC3, UPM_NHMEX_GS_OV_S1 },
};

const struct upm_ovf_tree upm_nhmex_overflow = {
	.global_mask = 0xF,
	.summaries = nhmex_summaries,
	.n_summaries = UPM_ARRAY_LEN(nhmex_summaries),
	.source = "002:462-536, 2436-2453",
};

static const struct upm_box_type *const nhmex_boxes[] = {
	&upm_nhmex_ubox, &upm_nhmex_cbo, &upm_nhmex_bbox, &upm_nhmex_sbox,
	&upm_nhmex_mbox, &upm_nhmex_rbox, &upm_nhmex_wbox,
};

extern const struct upm_mock_model upm_mock_model_nhmex; /* platform/mock/nhmex/model.c */

const struct upm_platform upm_platform_nhmex = {
	.name = "nhmex",
	.title = "Xeon 7500 (Nehalem-EX)",
	.aliases = { "nehalemex", "nhm-ex", "nehalem-ex" },
	.family = 6,
	/* CPUID models: Linux arch/x86/include/asm/intel-family.h: INTEL_NEHALEM_EX 0x2E;
	 * uncore_nhmex.c tests x86_model == 46. */
	.models = { 0x2E },
	.boxes = nhmex_boxes,
	.n_boxes = UPM_ARRAY_LEN(nhmex_boxes),
	.bus_map = NULL,
	.global = &upm_nhmex_global,
	.overflow = &upm_nhmex_overflow,
	.check = &upm_nhmex_check,
	.metrics = upm_nhmex_metrics,
	.n_metrics = &upm_nhmex_n_metrics,
	.groups = upm_nhmex_groups,
	.n_groups = &upm_nhmex_n_groups,
	.naming = &upm_nhmex_naming,
	.mock = &upm_mock_model_nhmex,
};

/* Xeon Scalable 4th and 5th generation (Sapphire Rapids, Emerald Rapids): one set of
 * box-type templates, placed at run time by the uncore discovery tables (spr.h). CPUID
 * models: Linux arch/x86/include/asm/intel-family.h INTEL_SAPPHIRERAPIDS_X 0x8F,
 * INTEL_EMERALDRAPIDS_X 0xCF; both in Linux uncore.c spr_uncore_init. */
#include "boxes/platform.h"
#include "boxes/spr/spr.h"
#include "boxes/spr/events.h"

extern const struct upm_mock_model upm_mock_model_spr, upm_mock_model_emr; /* platform/mock/spr/ */

const struct upm_platform upm_platform_spr = {
	.name = "spr",
	.title = "Xeon Scalable 4th generation (Sapphire Rapids)",
	/* intel/perfmon mapfile.csv GenuineIntel-6-8F: SPR, sapphirerapids_uncore.json. */
	.aliases = { "sapphirerapids", "SPR" },
	.family = 6,
	.models = { 0x8F },
	.boxes = upm_spr_templates,
	.n_boxes = UPM_SPR_N_TEMPLATES,
	.metrics = upm_spr_metrics,
	.n_metrics = &upm_spr_n_metrics,
	.groups = upm_spr_groups,
	.n_groups = &upm_spr_n_groups,
	.check = &upm_spr_check,
	.naming = &upm_spr_naming,
	.mock = &upm_mock_model_spr,
	.discovered = upm_disc_discovered,
	.disc_model = &upm_spr_disc_model,
};

const struct upm_platform upm_platform_emr = {
	.name = "emr",
	.title = "Xeon Scalable 5th generation (Emerald Rapids)",
	/* intel/perfmon mapfile.csv GenuineIntel-6-CF: EMR, emeraldrapids_uncore.json. */
	.aliases = { "emeraldrapids", "EMR" },
	.family = 6,
	.models = { 0xCF },
	.boxes = upm_emr_templates,
	.n_boxes = UPM_SPR_N_TEMPLATES,
	.metrics = upm_spr_metrics,
	.n_metrics = &upm_spr_n_metrics,
	.groups = upm_spr_groups,
	.n_groups = &upm_spr_n_groups,
	.check = &upm_spr_check,
	.naming = &upm_spr_naming,
	.mock = &upm_mock_model_emr,
	.discovered = upm_disc_discovered,
	.disc_model = &upm_emr_disc_model,
};

/* 6th-generation Core (Skylake client): one socket; the fixed UCLK counter, CBos and the
 * ARB by MSR under one global enable; the IMC's free-running counters by MMIO in MCHBAR. */
#include "boxes/platform.h"
#include "boxes/skl/skl.h"

static const struct upm_box_type *const skl_boxes[] = {
	&upm_skl_ncu, &upm_skl_cbo, &upm_skl_arb, &upm_skl_imc,
};

extern const struct upm_mock_model upm_mock_model_skl; /* platform/mock/skl/model.c */

const struct upm_platform upm_platform_skl = {
	.name = "skl",
	.title = "6th-generation Core (Skylake client)",
	.aliases = { "skylake", "skylake-client" },
	.family = 6,
	/* CPUID models: Linux arch/x86/include/asm/intel-family.h: INTEL_SKYLAKE_L 0x4E,
	 * INTEL_SKYLAKE 0x5E (boxes/PUBLIC_FACTS.md section 1). */
	.models = { 0x4E, 0x5E },
	/* Model 0x5E is also the Xeon E3-1200 v5, whose uncore the guide does not cover
	 * (001:85 "does not apply to Intel Xeon processors"). */
	.brand_excludes = "Xeon",
	.boxes = skl_boxes,
	.n_boxes = UPM_ARRAY_LEN(skl_boxes),
	.bus_map = NULL,
	.global = &upm_skl_global,
	.check = &upm_skl_check,
	.metrics = upm_skl_metrics,
	.n_metrics = &upm_skl_n_metrics,
	.groups = upm_skl_groups,
	.n_groups = &upm_skl_n_groups,
	.naming = &upm_skl_naming,
	.mock = &upm_mock_model_skl,
};

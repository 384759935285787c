/* Xeon E7 (Westmere-EX, CPUID model 0x2F): the register map of the E7 guide (seed 002),
 * with the global control and overflow hierarchy of boxes/nhmex/map.c. Against the 7500: ten
 * C-Boxes (8 and 9 at 0xF40 and 0xFC0), the guide's ZDP_CTL_FVC layout, the W-Box read
 * erratum (box_wbox.c), and the events only the E7 guide documents (C-Box 0x29-0x3C,
 * S-Box local NCS, ten-C-Box pair unit masks) and the metrics only its guide defines
 * (boxes/nhmex/metrics.c). */
#include "boxes/platform.h"
#include "boxes/nhmex/nhmex.h"

extern const struct upm_global_ctl upm_nhmex_global;
extern const struct upm_ovf_tree upm_nhmex_overflow;

static const struct upm_box_type *const wsmex_boxes[] = {
	&upm_nhmex_ubox, &upm_wsmex_cbo, &upm_nhmex_bbox, &upm_wsmex_sbox,
	&upm_wsmex_mbox, &upm_nhmex_rbox, &upm_wsmex_wbox,
};

extern const struct upm_mock_model upm_mock_model_wsmex; /* platform/mock/nhmex/model.c */

const struct upm_platform upm_platform_wsmex = {
	.name = "wsmex",
	.title = "Xeon E7 (Westmere-EX)",
	.aliases = { "westmereex", "wsm-ex", "westmere-ex" },
	.family = 6,
	/* CPUID models: Linux arch/x86/include/asm/intel-family.h: INTEL_WESTMERE_EX 0x2F. */
	.models = { 0x2F },
	.boxes = wsmex_boxes,
	.n_boxes = UPM_ARRAY_LEN(wsmex_boxes),
	.bus_map = NULL,
	.global = &upm_nhmex_global,
	.overflow = &upm_nhmex_overflow,
	.check = &upm_nhmex_check,
	.metrics = upm_nhmex_metrics,
	.n_metrics = &upm_wsmex_n_metrics,
	.groups = upm_nhmex_groups,
	.n_groups = &upm_nhmex_n_groups,
	.naming = &upm_nhmex_naming,
	.mock = &upm_mock_model_wsmex,
};

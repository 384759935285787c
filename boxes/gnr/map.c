/* Xeon 6 (Granite Rapids, Sierra Forest): one set of box-type templates, placed at run time
 * by the uncore discovery tables of every die (gnr.h). CPUID models: Linux
 * arch/x86/include/asm/intel-family.h INTEL_GRANITERAPIDS_X 0xAD, INTEL_GRANITERAPIDS_D
 * 0xAE, INTEL_ATOM_CRESTMONT_X (Sierra Forest) 0xAF; intel/perfmon mapfile.csv
 * GenuineIntel-6-AD and -6-AE (GNR), -6-AF (SRF). */
#include "boxes/platform.h"
#include "boxes/gnr/gnr.h"
#include "boxes/gnr/events.h"

extern const struct upm_mock_model upm_mock_model_gnr, upm_mock_model_srf; /* platform/mock/gnr/ */

const struct upm_platform upm_platform_gnr = {
	.name = "gnr",
	.title = "Xeon 6 P-core (Granite Rapids)",
	.aliases = { "graniterapids", "GNR" },
	.family = 6,
	.models = { 0xAD, 0xAE },
	.boxes = upm_gnr_templates,
	.n_boxes = UPM_GNR_N_TEMPLATES,
	.metrics = upm_gnr_metrics,
	.n_metrics = &upm_gnr_n_metrics,
	.groups = upm_gnr_groups,
	.n_groups = &upm_gnr_n_groups,
	.check = &upm_gnr_check,
	.naming = &upm_gnr_naming,
	.mock = &upm_mock_model_gnr,
	.discovered = upm_disc_discovered,
	.disc_model = &upm_gnr_disc_model,
};

const struct upm_platform upm_platform_srf = {
	.name = "srf",
	.title = "Xeon 6 E-core (Sierra Forest)",
	.aliases = { "sierraforest", "SRF" },
	.family = 6,
	.models = { 0xAF },
	.boxes = upm_srf_templates,
	.n_boxes = UPM_GNR_N_TEMPLATES,
	.metrics = upm_srf_metrics,
	.n_metrics = &upm_srf_n_metrics,
	.groups = upm_srf_groups,
	.n_groups = &upm_srf_n_groups,
	.check = &upm_srf_check,
	.naming = &upm_gnr_naming,
	.mock = &upm_mock_model_srf,
	.discovered = upm_disc_discovered,
	.disc_model = &upm_srf_disc_model,
};

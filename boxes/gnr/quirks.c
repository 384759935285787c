/* What Granite Rapids' and Sierra Forest's discovery tables lack (gnr.h): each type's name,
 * events and layout (the templates), and control steps that are not the counter width.
 * Unlike Sapphire Rapids, no unit is placed by hand: Linux takes GNR's UPI, B2UPI, B2HOT
 * and PCIe units from the tables (it ignored types 8, 15, 18, 21 and 22 on early parts,
 * gnr_uncore_units_ignore, and took them back in "perf/x86/intel/uncore: Support more
 * units on Granite Rapids", 2025). A unit whose entry is broken reads all ones or does not
 * answer: the session's presence test makes it one finding, never a count. Each die's
 * table numbers its units from 0 (a socket's compute dies list their own CHAs and
 * channels): ids per die. */
#include "boxes/gnr/gnr.h"

extern const struct upm_box_type upm_gnr_cha, upm_gnr_iio, upm_gnr_irp, upm_gnr_pcu, upm_gnr_ubox, upm_gnr_imc,
	upm_gnr_upi, upm_gnr_cxlcm, upm_gnr_cxldp, upm_gnr_b2hot, upm_gnr_b2cmi, upm_gnr_b2cxl, upm_gnr_b2upi,
	upm_gnr_mdf_sbo, upm_srf_cha, upm_srf_imc, upm_srf_mdf_sbo;

/* Control steps: the IMC's 4 bytes (SPR_UNCORE_MMIO_COMMON_FORMAT, as on SPR), the CXL
 * units' and B2CXL's 8 (SPR_UNCORE_MMIO_OFFS8_COMMON_FORMAT); PCI units step by their
 * 64-bit width. */
#define GNR_QUIRKS(tag_)                                                                           \
	{ UPM_GNR_CHA, &upm_##tag_##_cha, 0, NULL }, { UPM_GNR_IIO, &upm_gnr_iio, 0, NULL },                    \
	{ UPM_GNR_IRP, &upm_gnr_irp, 0, NULL }, { UPM_GNR_PCU, &upm_gnr_pcu, 0, NULL },             \
	{ UPM_GNR_UBOX, &upm_gnr_ubox, 0, NULL }, { UPM_GNR_IMC, &upm_##tag_##_imc, 4, NULL },           \
	{ UPM_GNR_UPI, &upm_gnr_upi, 0, NULL }, { UPM_GNR_CXLCM, &upm_gnr_cxlcm, 8, NULL },         \
	{ UPM_GNR_CXLDP, &upm_gnr_cxldp, 8, NULL }, { UPM_GNR_B2HOT, &upm_gnr_b2hot, 0, NULL },     \
	{ UPM_GNR_B2CMI, &upm_gnr_b2cmi, 0, NULL }, { UPM_GNR_B2CXL, &upm_gnr_b2cxl, 8, NULL },     \
	{ UPM_GNR_B2UPI, &upm_gnr_b2upi, 0, NULL }, { UPM_GNR_MDF_SBO, &upm_##tag_##_mdf_sbo, 0, NULL }

static const struct upm_disc_quirk gnr_quirks[] = { GNR_QUIRKS(gnr) };
/* Sierra Forest: the same types, with its own CHA, IMC and MDF events (boxes.c). */
static const struct upm_disc_quirk srf_quirks[] = { GNR_QUIRKS(srf) };

const struct upm_disc_model upm_gnr_disc_model = {
	.quirks = gnr_quirks,
	.n_quirks = UPM_ARRAY_LEN(gnr_quirks),
	.generic = &upm_disc_generic,
	.ids_per_die = 1,
	.source = "Linux uncore_snbep.c gnr_uncores[] (UNCORE_GNR_NUM_UNCORE_TYPES 23)",
};

const struct upm_disc_model upm_srf_disc_model = {
	.quirks = srf_quirks,
	.n_quirks = UPM_ARRAY_LEN(srf_quirks),
	.generic = &upm_disc_generic,
	.ids_per_die = 1,
	.source = "Linux uncore_snbep.c gnr_uncores[] (SRF: gnr_uncore_cpu_init, the same types)",
};

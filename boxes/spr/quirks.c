/* What Sapphire/Emerald Rapids' discovery tables lack (spr.h): each table type's name,
 * events and layout (the templates), control steps that are not the counter width, and
 * the UPI and M3UPI units Linux places itself. Sources: Linux uncore_snbep.c
 * (spr_uncores[], spr_update_device_location, SPR_UNCORE_UPI_PCIID 0x3241 devfn 0x9,
 * SPR_UNCORE_M3UPI_PCIID 0x3246 devfn 0x29, spr_upi_pci_offsets 0, 0x8000, 0x10000,
 * 0x18000: one device number apart), Intel PCM uncore_pmu_discovery.h (SPR IMC control
 * step 4). */
#include "boxes/spr/spr.h"

/* "The discovery table of UPI on some SPR variants, e.g., MCC, is broken. The third UPI
 * table may include a wrong address which points to a non-exist device" (Kan Liang, perf/x86/
 * uncore: Add a quirk for UPI on SPR, 2022-11-29): links 0-3 at devfn 0x9 + 8 * link
 * (device 1-4, function 1), unit control 0x318. */
static const struct upm_disc_replacement spr_upi_places = {
	.device_id = 0x3241, .dev0 = 1, .fn = 1, .n = 4, .unit_ctl = 0x318,
	.source = "as Linux does: uncore_snbep.c spr_update_device_location",
};

/* M3UPI 0-3 at devfn 0x29 + 8 * link (device 5-8, function 1), unit control 0xA0. */
static const struct upm_disc_replacement spr_m3upi_places = {
	.device_id = 0x3246, .dev0 = 5, .fn = 1, .n = 4, .unit_ctl = 0xA0,
	.source = "as Linux does: uncore_snbep.c spr_update_device_location",
};

/* Each table type's template and control step (0: the counter width's), and the units
 * placed by the quirk table instead of the table's records. */
#define SPR_QUIRKS(cha_)                                                                      \
	{ UPM_SPR_CHA, &cha_, 0, NULL }, { UPM_SPR_IIO, &upm_spr_iio, 0, NULL },                    \
	{ UPM_SPR_IRP, &upm_spr_irp, 0, NULL }, { UPM_SPR_M2PCIE, &upm_spr_m2pcie, 0, NULL },       \
	{ UPM_SPR_PCU, &upm_spr_pcu, 0, NULL }, { UPM_SPR_IMC, &upm_spr_imc, 4, NULL },             \
	{ UPM_SPR_M2M, &upm_spr_m2m, 0, NULL }, { UPM_SPR_UPI, &upm_spr_upi, 0, &spr_upi_places },  \
	{ UPM_SPR_M3UPI, &upm_spr_m3upi, 0, &spr_m3upi_places }, { UPM_SPR_MDF, &upm_spr_mdf, 0, NULL }, \
	{ UPM_SPR_CXLCM, &upm_spr_cxlcm, 8, NULL }, { UPM_SPR_CXLDP, &upm_spr_cxldp, 8, NULL },     \
	{ UPM_SPR_HBM, &upm_spr_mchbm, 0, NULL }

static const struct upm_disc_quirk spr_quirks[] = { SPR_QUIRKS(upm_spr_cha) };
/* Emerald Rapids: the same, with its own CHA events (boxes.c). */
static const struct upm_disc_quirk emr_quirks[] = { SPR_QUIRKS(upm_emr_cha) };

const struct upm_disc_model upm_spr_disc_model = {
	.quirks = spr_quirks,
	.n_quirks = UPM_ARRAY_LEN(spr_quirks),
	.generic = &upm_disc_generic,
	.source = "Linux uncore_snbep.c spr_uncores[] (UNCORE_SPR_NUM_UNCORE_TYPES 15)",
};

const struct upm_disc_model upm_emr_disc_model = {
	.quirks = emr_quirks,
	.n_quirks = UPM_ARRAY_LEN(emr_quirks),
	.generic = &upm_disc_generic,
	.source = "Linux uncore_snbep.c spr_uncores[] (EMR: spr_uncore_init, the same types)",
};

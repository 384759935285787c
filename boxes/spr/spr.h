/* Sapphire Rapids and Emerald Rapids (Xeon Scalable 4th and 5th generation), whose box
 * instances Intel's uncore discovery table places at run time (boxes/discovered.h): the
 * box-type templates (names, events, layouts: boxes.c), the quirk table that adds what
 * the table lacks (quirks.c) and the registrations (map.c). */
#ifndef UPMON_BOXES_SPR_H
#define UPMON_BOXES_SPR_H

#include "boxes/platform.h"
#include "boxes/discovered.h"

/* Templates: registers are offsets from a unit's control; counts and offsets of a
 * table-placed type come from the table at run time (the templates' are what an SPR
 * table says, for offline listing); UPI and M3UPI are placed by the quirk table. */
extern const struct upm_box_type upm_spr_cha, upm_spr_iio, upm_spr_irp, upm_spr_m2pcie, upm_spr_pcu,
	upm_spr_imc, upm_spr_m2m, upm_spr_upi, upm_spr_m3upi, upm_spr_mdf, upm_spr_cxlcm, upm_spr_cxldp,
	upm_spr_m2hbm, upm_spr_mchbm, upm_spr_ubox;
/* Emerald Rapids' CHA: its perfmon file has CHA entries Sapphire Rapids' lacks. */
extern const struct upm_box_type upm_emr_cha;

/* The table's box type ids (Linux uncore_snbep.c spr_uncores[], UNCORE_SPR_*). */
enum upm_spr_type {
	UPM_SPR_CHA = 0, UPM_SPR_IIO = 1, UPM_SPR_IRP = 2, UPM_SPR_M2PCIE = 3, UPM_SPR_PCU = 4,
	UPM_SPR_IMC = 6, UPM_SPR_M2M = 7, UPM_SPR_UPI = 8, UPM_SPR_M3UPI = 9, UPM_SPR_MDF = 11,
	UPM_SPR_CXLCM = 12, UPM_SPR_CXLDP = 13, UPM_SPR_HBM = 14,
};

extern const struct upm_disc_model upm_spr_disc_model, upm_emr_disc_model;
extern const struct upm_metric upm_spr_metrics[];
extern const unsigned upm_spr_n_metrics;
extern const struct upm_group upm_spr_groups[];
extern const unsigned upm_spr_n_groups;
extern const struct upm_check_profile upm_spr_check;
#define UPM_SPR_N_TEMPLATES 15
extern const struct upm_box_type *const upm_spr_templates[UPM_SPR_N_TEMPLATES];
extern const struct upm_box_type *const upm_emr_templates[UPM_SPR_N_TEMPLATES];
extern const unsigned upm_spr_n_templates;

#endif

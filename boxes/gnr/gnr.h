/* Granite Rapids and Sierra Forest (Xeon 6), whose box instances Intel's uncore discovery
 * tables place at run time, one table per die (boxes/discovered.h): the box-type
 * templates (boxes.c), the quirk table that adds what the tables lack (quirks.c) and the
 * registrations (map.c). Clearwater Forest and Diamond Rapids would be registrations here
 * or folders of their own beside this one: a quirk table over the same discovery engine. */
#ifndef UPMON_BOXES_GNR_H
#define UPMON_BOXES_GNR_H

#include "boxes/platform.h"
#include "boxes/discovered.h"

/* The tables' box type ids (Linux arch/x86/events/intel/uncore_snbep.c gnr_uncores[],
 * UNCORE_GNR_NUM_UNCORE_TYPES 23: the SPR types 0-8, 12 and 13 again, and GNR's own). */
enum upm_gnr_type {
	UPM_GNR_CHA = 0, UPM_GNR_IIO = 1, UPM_GNR_IRP = 2, UPM_GNR_PCU = 4, UPM_GNR_UBOX = 5,
	UPM_GNR_IMC = 6, UPM_GNR_UPI = 8, UPM_GNR_CXLCM = 12, UPM_GNR_CXLDP = 13, UPM_GNR_B2HOT = 15,
	UPM_GNR_B2CMI = 16, UPM_GNR_B2CXL = 17, UPM_GNR_B2UPI = 18, UPM_GNR_MDF_SBO = 20,
};

/* Linux's types 21 and 22 (pciex16, pciex8) have no events in perfmon's files: upmon
 * lists a table's units of them as type21 and type22, counted with raw terms. */
#define UPM_GNR_N_TEMPLATES 14
extern const struct upm_box_type *const upm_gnr_templates[UPM_GNR_N_TEMPLATES];
extern const struct upm_box_type *const upm_srf_templates[UPM_GNR_N_TEMPLATES];
extern const struct upm_disc_model upm_gnr_disc_model, upm_srf_disc_model;
/* Sierra Forest has its own (metrics.c, groups.c, check.c): its demand data reads are
 * perfmon's DRd_Opt. */
extern const struct upm_metric upm_gnr_metrics[], upm_srf_metrics[];
extern const unsigned upm_gnr_n_metrics, upm_srf_n_metrics;
extern const struct upm_group upm_gnr_groups[], upm_srf_groups[];
extern const unsigned upm_gnr_n_groups, upm_srf_n_groups;
extern const struct upm_check_profile upm_gnr_check, upm_srf_check;

#endif

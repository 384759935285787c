/* Linux perf's and Intel perfmon's names on Xeon E5 v2 (Ivy Bridge-EP).
 * PMU types: Linux arch/x86/events/intel/uncore_snbep.c (ivbep_uncore_{ubox,cbox,pcu,
 * ha,imc,irp,qpi,r2pcie,r3qpi}: "ubox", "cbox" 15, "pcu", "ha" 2, "imc" 8, "irp",
 * "qpi" 3, "r2pcie", "r3qpi"; the imc type uses snbep_uncore_imc_events, the qpi type
 * defines none). perfmon unit prefixes: github.com/intel/perfmon IVT
 * IvyTown_uncore.json (UNC_U_, UNC_C_, UNC_P_, UNC_H_, UNC_M_, UNC_I_, UNC_Q_, UNC_R2_,
 * UNC_R3_). */
#include "boxes/names.h"

static const struct upm_box_names boxes[] = {
	{ "ubox", "ubox", 1, "UNC_U_" },   { "cbo", "cbox", 0, "UNC_C_" },
	{ "pcu", "pcu", 1, "UNC_P_" },     { "ha", "ha", 0, "UNC_H_" },
	{ "imc", "imc", 0, "UNC_M_" },     { "irp", "irp", 1, "UNC_I_" },
	{ "qpi", "qpi", 0, "UNC_Q_" },     { "r2pcie", "r2pcie", 1, "UNC_R2_" },
	{ "r3qpi", "r3qpi", 0, "UNC_R3_" },
};

static const struct upm_event_alias perf_events[] = {
	{ "imc", "clockticks", "DCLK", 0, "uncore_snbep.c imc clockticks event=0xff,umask=0x00 (fixed counter)" },
	{ "imc", "cas_count_read", "CAS_COUNT.RD", 0, "uncore_snbep.c imc cas_count_read event=0x04,umask=0x03" },
	{ "imc", "cas_count_write", "CAS_COUNT.WR", 0, "uncore_snbep.c imc cas_count_write event=0x04,umask=0x0c" },
};

#define QPI_FIELD_TERM(t) { "qpi", t, 0, "upmon sets the QPI match and mask registers whole: match0=, match1=, mask0=, mask1=" }
static const struct upm_term_alias terms[] = {
	{ "pcu", "occ_invert", "occ_inv", 0 },
	QPI_FIELD_TERM("match_rds"), QPI_FIELD_TERM("match_rnid30"), QPI_FIELD_TERM("match_rnid4"),
	QPI_FIELD_TERM("match_dnid"), QPI_FIELD_TERM("match_mc"), QPI_FIELD_TERM("match_opc"),
	QPI_FIELD_TERM("match_vnw"), QPI_FIELD_TERM("mask_rds"), QPI_FIELD_TERM("mask_rnid30"),
	QPI_FIELD_TERM("mask_rnid4"), QPI_FIELD_TERM("mask_dnid"), QPI_FIELD_TERM("mask_mc"),
	QPI_FIELD_TERM("mask_opc"), QPI_FIELD_TERM("mask_vnw"),
};

const struct upm_naming upm_ivbep_naming = {
	UPM_NAMING_TABLE(boxes),
	UPM_NAMING_TABLE(perf_events),
	.terms = terms,
	.n_terms = sizeof terms / sizeof terms[0],
};

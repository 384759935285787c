/* Linux perf's and Intel perfmon's names on Xeon E5-2600 (Sandy Bridge-EP).
 * PMU types and instance counts: Linux arch/x86/events/intel/uncore_snbep.c
 * (snbep_uncore_{ubox,cbox,pcu,ha,imc,qpi,r2pcie,r3qpi}: "ubox", "cbox" 8, "pcu", "ha",
 * "imc" 4, "qpi" 2, "r2pcie", "r3qpi" 2; a type with one box is "uncore_NAME", others
 * "uncore_NAME_N"). perfmon unit prefixes: github.com/intel/perfmon JKT
 * Jaketown_uncore.json (UNC_U_, UNC_C_, UNC_P_, UNC_H_, UNC_M_, UNC_Q_, UNC_R2_, UNC_R3_). */
#include "boxes/names.h"

static const struct upm_box_names boxes[] = {
	{ "ubox", "ubox", 1, "UNC_U_" },   { "cbo", "cbox", 0, "UNC_C_" },
	{ "pcu", "pcu", 1, "UNC_P_" },     { "ha", "ha", 1, "UNC_H_" },
	{ "imc", "imc", 0, "UNC_M_" },     { "qpi", "qpi", 0, "UNC_Q_" },
	{ "r2pcie", "r2pcie", 1, "UNC_R2_" }, { "r3qpi", "r3qpi", 0, "UNC_R3_" },
};

/* uncore_snbep.c snbep_uncore_imc_events and snbep_uncore_qpi_events. perf's imc
 * "clockticks" is event=0xff, the code perf gives the fixed counter. */
static const struct upm_event_alias perf_events[] = {
	{ "imc", "clockticks", "DCLK", 0, "uncore_snbep.c imc clockticks event=0xff,umask=0x00 (fixed counter)" },
	{ "imc", "cas_count_read", "CAS_COUNT.RD", 0, "uncore_snbep.c imc cas_count_read event=0x04,umask=0x03" },
	{ "imc", "cas_count_write", "CAS_COUNT.WR", 0, "uncore_snbep.c imc cas_count_write event=0x04,umask=0x0c" },
	{ "qpi", "clockticks", "CLOCKTICKS", 0, "uncore_snbep.c qpi clockticks event=0x14" },
	{ "qpi", "txl_flits_active", "TxL_FLITS_G0,umask=0x06", 0,
	  "uncore_snbep.c qpi txl_flits_active event=0x00,umask=0x06" },
	{ "qpi", "drs_data", "RxL_FLITS_G1.DRS_DATA", 0, "uncore_snbep.c qpi drs_data event=0x102,umask=0x08" },
	{ "qpi", "ncb_data", "RxL_FLITS_G2.NCB_DATA", 0, "uncore_snbep.c qpi ncb_data event=0x103,umask=0x04" },
};

/* perfmon JKT names that are not upmon's name with the unit prefix. */
static const struct upm_event_alias perfmon_exceptions[] = {
	/* Jaketown_uncore.json UNC_M_CLOCKTICKS, EventCode 0x0, UMask 0x0: upmon names it
	 * DCLOCKTICKS as perfmon IVT does (boxes/snbep/events_imc.c). */
	{ "imc", "UNC_M_CLOCKTICKS", "DCLOCKTICKS", 0, "perfmon JKT Jaketown_uncore.json UNC_M_CLOCKTICKS 0x00/0x00" },
};

/* perf's format terms that upmon spells otherwise or lacks (uncore_snbep.c format
 * attributes: occ_invert on the pcu; the QPI match/mask fields). */
#define QPI_FIELD_TERM(t) { "qpi", t, 0, "upmon sets the QPI match and mask registers whole: match0=, match1=, mask0=, mask1=" }
static const struct upm_term_alias terms[] = {
	{ "pcu", "occ_invert", "occ_inv", 0 },
	QPI_FIELD_TERM("match_rds"), QPI_FIELD_TERM("match_rnid30"), QPI_FIELD_TERM("match_rnid4"),
	QPI_FIELD_TERM("match_dnid"), QPI_FIELD_TERM("match_mc"), QPI_FIELD_TERM("match_opc"),
	QPI_FIELD_TERM("match_vnw"), QPI_FIELD_TERM("mask_rds"), QPI_FIELD_TERM("mask_rnid30"),
	QPI_FIELD_TERM("mask_rnid4"), QPI_FIELD_TERM("mask_dnid"), QPI_FIELD_TERM("mask_mc"),
	QPI_FIELD_TERM("mask_opc"), QPI_FIELD_TERM("mask_vnw"),
};

/* Events of a kind (boxes/names.h): the events of MEM_BW_READS, MEM_BW_WRITES and
 * UNCORE_FREQ (boxes/snbep/metrics_shared.h), and the iMC's fixed DRAM clock (DCLK). */
static const struct upm_event_kind kinds[] = {
	{ "dram_reads", "imc/CAS_COUNT.RD/" },
	{ "dram_writes", "imc/CAS_COUNT.WR/" },
	{ "uncore_clock", "ubox/UCLK/" },
	{ "dram_clock", "imc/DCLK/" },
};

const struct upm_naming upm_snbep_naming = {
	UPM_NAMING_TABLE(boxes),
	UPM_NAMING_TABLE(perf_events),
	UPM_NAMING_TABLE(perfmon_exceptions),
	UPM_NAMING_TABLE(terms),
	.kinds = kinds,
	.n_kinds = sizeof kinds / sizeof kinds[0],
};

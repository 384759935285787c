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

/* perfmon IVT names that are not upmon's name with the unit prefix (perfmon
 * IVT/events/ivytown_uncore.json V23, commit 37fcb3c3374216096557d71c5eac3d4adc90b65d;
 * boxes/PUBLIC_FACTS.md "Ivy Bridge-EP perfmon coverage"). Second names of an entry's
 * own encoding first: the guide's names where it has them (329468-002 p.64 names 0x59 /
 * 0x5A IGR_CREDITS_AD_QPI2 / _BL_QPI2). */
#define SECOND(box_, name_, terms_, what_) { box_, name_, terms_, 0, PM_IVT " " name_ " " what_ }
#define PM_IVT "perfmon ivytown_uncore.json"
/* The QPI packet-match presets: CTO_COUNT (0x38, ExtSel) with the match/mask values of
 * the guide's Table 2-137 "Message Events Derived from the Match/Mask filters"
 * (329468-002 pp.137-138): Match0/Mask0 [12:0] (MC 12:9, OPC 8:5) and, for the DataC
 * states, Match1/Mask1 [19:16] (RDS: 0x8 M, 0x4 E, 0x1 F; mask 0xF), here as whole
 * register values (match1=0x80000 is RDS 0x8). perfmon's MESSAGE.* entries carry no
 * values (EventCode 0x38, UMask 0, MSRValue 0). */
#define MSG(name_, m0, k0, terms1, src) \
	{ "qpi", "UNC_Q_MESSAGE." name_, "CTO_COUNT,match0=" m0 ",mask0=" k0 terms1, 0, src }
#define G137 "329468-002 Table 2-137"
#define RDS(v) ",match1=" v ",mask1=0xF0000"
static const struct upm_event_alias perfmon_exceptions[] = {
	SECOND("cbo", "UNC_C_RxR_INSERTS.IRQ_REJ", "RxR_INSERTS.IRQ_REJECTED", "0x13/0x02"),
	SECOND("cbo", "UNC_C_RxR_OCCUPANCY.IRQ_REJ", "RxR_OCCUPANCY.IRQ_REJECTED", "0x11/0x02"),
	SECOND("ha", "UNC_H_IGR_CREDITS_AD_QPI2", "IGR_AD_QPI2_ACCUMULATOR", "0x59; 329468-002 p.64"),
	SECOND("ha", "UNC_H_IGR_CREDITS_BL_QPI2", "IGR_BL_QPI2_ACCUMULATOR", "0x5A; 329468-002 p.64"),
	SECOND("pcu", "UNC_P_PKG_C_EXIT_LATENCY", "PKG_C_EXIT_LATENCY_SEL", "0x26 ExtSel 1"),
	SECOND("qpi", "UNC_Q_MATCH_MASK", "CTO_COUNT", "0x38 ExtSel 1"),
	/* perfmon's unit masks 0x40/0x80/0xC0 at bits 15:8 are occ_sel 1/2/3 at bits 15:14
	 * (329468-002 p.113): the same control value. */
	SECOND("pcu", "UNC_P_POWER_STATE_OCCUPANCY.CORES_C0", "POWER_STATE_OCCUPANCY,occ_sel=1", "0x80/0x40"),
	SECOND("pcu", "UNC_P_POWER_STATE_OCCUPANCY.CORES_C3", "POWER_STATE_OCCUPANCY,occ_sel=2", "0x80/0x80"),
	SECOND("pcu", "UNC_P_POWER_STATE_OCCUPANCY.CORES_C6", "POWER_STATE_OCCUPANCY,occ_sel=3", "0x80/0xC0"),
	MSG("DRS.AnyDataC", "0x1C00", "0x1F80", "", G137),
	MSG("DRS.DataC_M", "0x1C00", "0x1FE0", RDS("0x80000"), G137),
	MSG("DRS.DataC_E", "0x1C00", "0x1FE0", RDS("0x40000"), G137),
	MSG("DRS.DataC_F", "0x1C00", "0x1FE0", RDS("0x10000"), G137),
	MSG("DRS.DataC_E_Cmp", "0x1C40", "0x1FE0", RDS("0x40000"), G137),
	MSG("DRS.DataC_F_Cmp", "0x1C40", "0x1FE0", RDS("0x10000"), G137),
	/* The guide's E row did not survive in the public copy; its F row (0x1C20, RDS 0x1),
	 * the opcode of DataC_*_FrcAckCnflt (0001, the guide's packet-matching reference)
	 * and pmu-tools ucevent/ivt_uc.py QPI_LL.DRS_F_OR_E_FROM_QPI (0x1C20 with
	 * Match1[19:16] 0x4) give it. */
	MSG("DRS.DataC_E_FrcAckCnflt", "0x1C20", "0x1FE0", RDS("0x40000"), G137 "; pmu-tools ivt_uc.py"),
	MSG("DRS.DataC_F_FrcAckCnflt", "0x1C20", "0x1FE0", RDS("0x10000"), G137),
	MSG("DRS.WbIData", "0x1C80", "0x1FE0", "", G137),
	MSG("DRS.WbSData", "0x1CA0", "0x1FE0", "", G137),
	MSG("DRS.WbEData", "0x1CC0", "0x1FE0", "", G137),
	MSG("DRS.AnyResp", "0x1C00", "0x1E00", "", G137),
	MSG("DRS.AnyResp9flits", "0x1C00", "0x1F00", "", G137),
	MSG("DRS.AnyResp11flits", "0x1D00", "0x1F00", "", G137),
	/* perfmon's NCB.AnyMsg is the guide's NCB.AnyResp: the whole NCB class, any opcode. */
	MSG("NCB.AnyMsg", "0x1800", "0x1E00", "", G137 " NCB.AnyResp"),
	MSG("NCB.AnyMsg9flits", "0x1800", "0x1F00", "", G137),
	MSG("NCB.AnyMsg11flits", "0x1900", "0x1F00", "", G137),
	MSG("NCB.AnyInt", "0x1900", "0x1F80", "", G137),
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

/* Events of a kind (boxes/names.h): the events of MEM_BW_READS, MEM_BW_WRITES and
 * UNCORE_FREQ (boxes/snbep/metrics_shared.h), and the iMC's fixed DRAM clock (DCLK). */
static const struct upm_event_kind kinds[] = {
	{ "dram_reads", "imc/CAS_COUNT.RD/" },
	{ "dram_writes", "imc/CAS_COUNT.WR/" },
	{ "uncore_clock", "ubox/UCLK/" },
	{ "dram_clock", "imc/DCLK/" },
};

const struct upm_naming upm_ivbep_naming = {
	UPM_NAMING_TABLE(boxes),
	UPM_NAMING_TABLE(perf_events),
	UPM_NAMING_TABLE(perfmon_exceptions),
	.terms = terms,
	.n_terms = sizeof terms / sizeof terms[0],
	.kinds = kinds,
	.n_kinds = sizeof kinds / sizeof kinds[0],
};

/* Ivy Bridge-EP Home Agent events: intel/perfmon IVT/events/ivytown_uncore.json, V23
 * (commit 37fcb3c3374216096557d71c5eac3d4adc90b65d), Unit "HA". Names drop perfmon's
 * "UNC_H_" prefix. Every HA event may use counters 0-3 (mask 0xF), ExtSel 0; no
 * per-cycle maximum is given (max_inc 0). Linux's ivbep HA type has no constraints.
 *
 * Unit-mask tables that agree with Sandy Bridge-EP's are its arrays
 * (boxes/snbep/umasks_shared.h). perfmon's trailing block (MSRValue "0") repeats some
 * events with other unit masks: ADDR_OPC_MATCH ADDR/OPC/AD/BL/AK, DIRECTORY_UPDATE
 * SET 1 / CLEAR 2 (against the main list's I2S 2), IODC_CONFLICTS ANY 1 / LAST 4
 * (against REMOTE_INVI2E_SAME_RTID 1 / REMOTE_OTHER_SAME_ADDR 4), TxR_AD.HOM.
 * DIRECTORY_UPDATE: the guide wins, 329468-002 Table 2-49 (p.64) gives SET 0x01, CLEAR
 * 0x02 (and ANY); the main list's I2S 0x02 is left out (boxes/ivbep/perfmon_left_out.c),
 * its other transitions (0x04-0x40) contradict nothing and stay. IODC_CONFLICTS: the
 * guide's table was not found; the block's ANY/LAST give the main list's values other
 * meanings and are left out. Those that contradict nothing are taken: ADDR_OPC_MATCH
 * ADDR/OPC/AD/BL/AK (FILT 0x03 is ADDR|OPC), BT_TO_HT_NOT_ISSUED
 * RSPACKCFLT_HAZARD/WBMDATA_HAZARD, TxR_AD.HOM. IGR_CREDITS_AD_QPI2/BL_QPI2 (the guide's
 * names, p.64) are the main list's IGR_AD/BL_QPI2_ACCUMULATOR (codes 0x59/0x5A): perfmon
 * names of boxes/ivbep/names.c, as no two events of a box share a code. BT_CYCLES_NE
 * without a unit mask (block entry, umask 0) is not an entry: the LOCAL/REMOTE unit
 * masks are required here. */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

#define PM "perfmon IVT/events/ivytown_uncore.json"

static const struct upm_umask addr_opc_match_umasks[] = {
	{ .name = "FILT", .value = 0x03 },
	{ .name = "ADDR", .value = 0x01 },
	{ .name = "OPC", .value = 0x02 },
	{ .name = "AD", .value = 0x04 },
	{ .name = "BL", .value = 0x08 },
	{ .name = "AK", .value = 0x10 },
};

static const struct upm_umask local_remote_umasks[] = {
	{ .name = "LOCAL", .value = 0x01 },
	{ .name = "REMOTE", .value = 0x02 },
};

static const struct upm_umask bt_occupancy_umasks[] = {
	{ .name = "LOCAL", .value = 0x01 },
	{ .name = "REMOTE", .value = 0x02 },
	{ .name = "READS_LOCAL", .value = 0x04 },
	{ .name = "READS_REMOTE", .value = 0x08 },
	{ .name = "WRITES_LOCAL", .value = 0x10 },
	{ .name = "WRITES_REMOTE", .value = 0x20 },
};

static const struct upm_umask bt_to_ht_not_issued_umasks[] = {
	{ .name = "INCOMING_SNP_HAZARD", .value = 0x02 },
	{ .name = "INCOMING_BL_HAZARD", .value = 0x04 },
	{ .name = "RSPACKCFLT_HAZARD", .value = 0x08 },
	{ .name = "WBMDATA_HAZARD", .value = 0x10 },
};

static const struct upm_umask bypass_imc_umasks[] = {
	{ .name = "TAKEN", .value = 0x01 },
	{ .name = "NOT_TAKEN", .value = 0x02 },
};

static const struct upm_umask conflict_cycles_umasks[] = {
	{ .name = "CONFLICT", .value = 0x02 },
	{ .name = "LAST", .value = 0x04 },
	{ .name = "ACKCNFLTS", .value = 0x08 },
	{ .name = "CMP_FWDS", .value = 0x10 },
};

static const struct upm_umask directory_lookup_umasks[] = {
	{ .name = "SNP", .value = 0x01 },
	{ .name = "NO_SNP", .value = 0x02 },
	{ .name = "SNOOP_S", .value = 0x02 }, /* perfmon lists 0x02 under both names */
	{ .name = "SNOOP_A", .value = 0x08 },
	{ .name = "ANY", .value = 0x10 },
	{ .name = "STATE_I", .value = 0x20 },
	{ .name = "STATE_S", .value = 0x40 },
	{ .name = "STATE_A", .value = 0x80 },
};

static const struct upm_umask directory_update_umasks[] = {
	{ .name = "SET", .value = 0x01 },   /* 329468-002 Table 2-49 */
	{ .name = "CLEAR", .value = 0x02 }, /* 329468-002 Table 2-49 */
	{ .name = "ANY", .value = 0x03 },
	{ .name = "I2A", .value = 0x04 },
	{ .name = "S2I", .value = 0x08 },
	{ .name = "S2A", .value = 0x10 },
	{ .name = "A2I", .value = 0x20 },
	{ .name = "A2S", .value = 0x40 },
};

static const struct upm_umask imc_reads_umasks[] = {
	{ .name = "NORMAL", .value = 0x01 },
};

static const struct upm_umask iodc_conflicts_umasks[] = {
	{ .name = "REMOTE_INVI2E_SAME_RTID", .value = 0x01 },
	{ .name = "REMOTE_OTHER_SAME_ADDR", .value = 0x04 },
};

static const struct upm_umask osb_umasks[] = {
	{ .name = "READS_LOCAL", .value = 0x02 },
	{ .name = "INVITOE_LOCAL", .value = 0x04 },
	{ .name = "REMOTE", .value = 0x08 },
};

static const struct upm_umask osb_edr_umasks[] = {
	{ .name = "ALL", .value = 0x01 },
	{ .name = "READS_LOCAL_I", .value = 0x02 },
	{ .name = "READS_REMOTE_I", .value = 0x04 },
	{ .name = "READS_LOCAL_S", .value = 0x08 },
	{ .name = "READS_REMOTE_S", .value = 0x10 },
};

/* READS and WRITES as on Sandy Bridge-EP, plus the local/remote split. */
static const struct upm_umask requests_umasks[] = {
	{ .name = "READS_LOCAL", .value = 0x01 },
	{ .name = "READS_REMOTE", .value = 0x02 },
	{ .name = "READS", .value = 0x03 },
	{ .name = "WRITES_LOCAL", .value = 0x04 },
	{ .name = "WRITES_REMOTE", .value = 0x08 },
	{ .name = "WRITES", .value = 0x0C },
	{ .name = "INVITOE_LOCAL", .value = 0x10 },
	{ .name = "INVITOE_REMOTE", .value = 0x20 },
};

/* RING_AD/AK/BL_USED; CW and CCW (0x33, 0xCC) are the trailing block's aggregates. */
static const struct upm_umask ring_used_umasks[] = {
	{ .name = "CW_VR0_EVEN", .value = 0x01 },
	{ .name = "CW_VR0_ODD", .value = 0x02 },
	{ .name = "CCW_VR0_EVEN", .value = 0x04 },
	{ .name = "CCW_VR0_ODD", .value = 0x08 },
	{ .name = "CW_VR1_EVEN", .value = 0x10 },
	{ .name = "CW_VR1_ODD", .value = 0x20 },
	{ .name = "CCW_VR1_EVEN", .value = 0x40 },
	{ .name = "CCW_VR1_ODD", .value = 0x80 },
	{ .name = "CW", .value = 0x33 },
	{ .name = "CCW", .value = 0xCC },
};

static const struct upm_umask snoop_resp_umasks[] = {
	{ .name = "RSPI", .value = 0x01 },
	{ .name = "RSPS", .value = 0x02 },
	{ .name = "RSPIFWD", .value = 0x04 },
	{ .name = "RSPSFWD", .value = 0x08 },
	{ .name = "RSP_WB", .value = 0x10 },
	{ .name = "RSP_FWD_WB", .value = 0x20 },
	{ .name = "RSPCNFLCT", .value = 0x40 },
};

static const struct upm_umask snp_resp_recv_local_umasks[] = {
	{ .name = "RSPI", .value = 0x01 },
	{ .name = "RSPS", .value = 0x02 },
	{ .name = "RSPIFWD", .value = 0x04 },
	{ .name = "RSPSFWD", .value = 0x08 },
	{ .name = "RSPxWB", .value = 0x10 },
	{ .name = "RSPxFWDxWB", .value = 0x20 },
	{ .name = "RSPCNFLCT", .value = 0x40 },
	{ .name = "OTHER", .value = 0x80 },
};

/* Egress occupancy: per scheduler only (no ALL row for AD and AK). */
static const struct upm_umask sched_only_umasks[] = {
	{ .name = "SCHED0", .value = 0x01 },
	{ .name = "SCHED1", .value = 0x02 },
};

static const struct upm_umask txr_ad_umasks[] = {
	{ .name = "HOM", .value = 0x04 },
};

static const struct upm_umask txr_ak_umasks[] = {
	{ .name = "CRD_CBO", .value = 0x02 },
};

#define EV(name_, code_, desc_)                                                 \
	{ .name = (name_), .code = (code_), .counters = 0xF, .desc = (desc_), .source = PM }
#define EVU(name_, code_, umasks_, desc_)                                       \
	{                                                                        \
		.name = (name_), .code = (code_), .counters = 0xF,               \
		UPM_UMASKS(umasks_), .desc = (desc_), .source = PM,              \
	}

const struct upm_event_def upm_ivbep_ha_events[] = {
	{
		/* Counts requests matching the AddrMatch0/1 and OpcodeMatch registers. */
		.name = "ADDR_OPC_MATCH", .code = 0x20, .counters = 0xF,
		.filter = UPM_FILT_HA_MATCH, UPM_UMASKS(addr_opc_match_umasks),
		.desc = "Requests matching the address/opcode match registers",
		.source = PM,
	},
	EV("BT_BYPASS", 0x52, "Requests that bypassed the backup tracker"),
	EVU("BT_CYCLES_NE", 0x42, local_remote_umasks, "Cycles the backup tracker is not empty"),
	EVU("BT_OCCUPANCY", 0x43, bt_occupancy_umasks, "Backup tracker entries summed every cycle"),
	EVU("BT_TO_HT_NOT_ISSUED", 0x51, bt_to_ht_not_issued_umasks,
	    "Cycles a backup-tracker entry could not move to the home tracker, by hazard"),
	EVU("BYPASS_IMC", 0x14, bypass_imc_umasks, "Reads offered the iMC bypass, taken or not"),
	{
		.name = "CLOCKTICKS", .code = 0x00, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "Uncore clock cycles seen by the home agent",
		.source = PM,
	},
	EVU("CONFLICT_CYCLES", 0x0B, conflict_cycles_umasks, "Conflict cycles, by kind"),
	EV("DIRECT2CORE_COUNT", 0x11, "Direct2Core messages sent"),
	EV("DIRECT2CORE_CYCLES_DISABLED", 0x12, "Cycles Direct2Core was disabled"),
	EV("DIRECT2CORE_TXN_OVERRIDE", 0x13, "Reads where Direct2Core was overridden"),
	EV("DIRECTORY_LAT_OPT", 0x41, "Directory latency-optimisation data returns"),
	EVU("DIRECTORY_LOOKUP", 0x0C, directory_lookup_umasks, "Directory lookups, by outcome and state"),
	EVU("DIRECTORY_UPDATE", 0x0D, directory_update_umasks, "Directory updates, by transition"),
	EV("IGR_AD_QPI2_ACCUMULATOR", 0x59, "AD ingress credits toward QPI port 2, accumulated"),
	EV("IGR_BL_QPI2_ACCUMULATOR", 0x5A, "BL ingress credits toward QPI port 2, accumulated"),
	EVU("IGR_NO_CREDIT_CYCLES", 0x22, upm_snbep_um_ha_igr_no_credit_cycles,
	    "Cycles without QPI ingress credits, by ring and port"),
	EVU("IMC_READS", 0x17, imc_reads_umasks, "Reads issued to the iMC"),
	EV("IMC_RETRY", 0x1E, "Retried iMC transactions"),
	EVU("IMC_WRITES", 0x1A, upm_snbep_um_ha_imc_writes, "Writes issued to the iMC, by kind"),
	EVU("IODC_CONFLICTS", 0x57, iodc_conflicts_umasks, "IO directory cache conflicts"),
	EV("IODC_INSERTS", 0x56, "IO directory cache inserts"),
	EV("IODC_OLEN_WBMTOI", 0x58, "IO directory cache WbMtoI with full length"),
	EVU("OSB", 0x53, osb_umasks, "Opportunistic snoop broadcasts"),
	EVU("OSB_EDR", 0x54, osb_edr_umasks, "Opportunistic snoop broadcast early data returns"),
	EVU("REQUESTS", 0x01, requests_umasks, "Read and write requests into the home agent"),
	EVU("RING_AD_USED", 0x3E, ring_used_umasks, "Cycles the AD ring is busy at this stop"),
	EVU("RING_AK_USED", 0x3F, ring_used_umasks, "Cycles the AK ring is busy at this stop"),
	EVU("RING_BL_USED", 0x40, ring_used_umasks, "Cycles the BL ring is busy at this stop"),
	EVU("RPQ_CYCLES_NO_REG_CREDITS", 0x15, upm_snbep_um_ha_channels,
	    "Cycles without regular iMC read-queue credits, per channel"),
	EVU("RPQ_CYCLES_NO_SPEC_CREDITS", 0x16, upm_snbep_um_ha_channels,
	    "Cycles without special iMC read-queue credits, per channel"),
	EVU("SNOOP_RESP", 0x21, snoop_resp_umasks, "Snoop responses received, by kind"),
	EVU("SNP_RESP_RECV_LOCAL", 0x60, snp_resp_recv_local_umasks,
	    "Snoop responses received from local CBos, by kind"),
	EVU("TAD_REQUESTS_G0", 0x1B, upm_snbep_um_ha_tad_requests_g0,
	    "Requests per target-address-decode region 0-7"),
	EVU("TAD_REQUESTS_G1", 0x1C, upm_snbep_um_ha_tad_requests_g1,
	    "Requests per target-address-decode region 8-11"),
	EV("TRACKER_CYCLES_NE", 0x03, "Cycles the home tracker pool is not empty"),
	EVU("TxR_AD_CYCLES_FULL", 0x2A, upm_snbep_um_ha_egress_sched, "Cycles the AD egress is full"),
	EVU("TxR_AD_CYCLES_NE", 0x29, upm_snbep_um_ha_egress_sched, "Cycles the AD egress is not empty"),
	EVU("TxR_AD_INSERTS", 0x27, upm_snbep_um_ha_egress_sched, "Allocations into the AD egress"),
	EVU("TxR_AD_OCCUPANCY", 0x28, sched_only_umasks, "AD egress entries summed every cycle"),
	EVU("TxR_AD", 0x0F, txr_ad_umasks, "Outbound AD ring home-channel messages"),
	EVU("TxR_AK", 0x0E, txr_ak_umasks, "Outbound AK ring transactions"),
	EVU("TxR_AK_CYCLES_FULL", 0x32, upm_snbep_um_ha_egress_sched, "Cycles the AK egress is full"),
	EVU("TxR_AK_CYCLES_NE", 0x31, upm_snbep_um_ha_egress_sched, "Cycles the AK egress is not empty"),
	EVU("TxR_AK_INSERTS", 0x2F, upm_snbep_um_ha_egress_sched, "Allocations into the AK egress"),
	EVU("TxR_AK_OCCUPANCY", 0x30, sched_only_umasks, "AK egress entries summed every cycle"),
	EVU("TxR_BL", 0x10, upm_snbep_um_ha_txr_bl, "Outbound BL ring data messages, by destination"),
	EVU("TxR_BL_CYCLES_FULL", 0x36, upm_snbep_um_ha_egress_sched, "Cycles the BL egress is full"),
	EVU("TxR_BL_CYCLES_NE", 0x35, upm_snbep_um_ha_egress_sched, "Cycles the BL egress is not empty"),
	EVU("TxR_BL_INSERTS", 0x33, upm_snbep_um_ha_egress_sched, "Allocations into the BL egress"),
	EVU("TxR_BL_OCCUPANCY", 0x34, upm_snbep_um_ha_egress_sched, "BL egress entries summed every cycle"),
	EVU("WPQ_CYCLES_NO_REG_CREDITS", 0x18, upm_snbep_um_ha_channels,
	    "Cycles without regular iMC write-queue credits, per channel"),
	EVU("WPQ_CYCLES_NO_SPEC_CREDITS", 0x19, upm_snbep_um_ha_channels,
	    "Cycles without special iMC write-queue credits, per channel"),
};

const unsigned upm_ivbep_ha_n_events = UPM_ARRAY_LEN(upm_ivbep_ha_events);

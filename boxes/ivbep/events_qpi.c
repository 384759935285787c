/* Ivy Bridge-EP QPI link layer events (per port). The guide's QPI chapter survives only
 * as its overview (seed 003): four 48-bit counters per port, at most 8 increments a
 * cycle (003:33-41). The event list comes from intel/perfmon IVT/events/
 * ivytown_uncore.json, V23 (commit 37fcb3c3374216096557d71c5eac3d4adc90b65d), Unit
 * "QPI LL". Names drop perfmon's "UNC_Q_" prefix. Every QPI event may use counters 0-3
 * (mask 0xF); ext = perfmon's ExtSel (bit 21, box_qpi.c), which alone tells apart events
 * that share a code (TxL_FLITS_G0 and G1 at 0x00, RxL_FLITS_G0 and TxL_FLITS_G2 at 0x01,
 * the power events 0x0F-0x12 and the per-class RxL_CYCLES_NE_* events).
 *
 * Per-class RxL_INSERTS_*, RxL_OCCUPANCY_* and RxL_CYCLES_NE_* take VN0 (0x01) and VN1
 * (0x02) unit masks in perfmon's trailing block (MSRValue "0"); they are taken, as the
 * main list's entries give no unit mask at all. perfmon's MESSAGE.* presets of CTO_COUNT
 * are not entries (the file gives them no match/mask values): the DRS and NCB ones are
 * perfmon names of names.c, CTO_COUNT with the match/mask values of the guide's Table
 * 2-137; the HOM/SNP/NDR/NCS ones, which no public source gives values for, are in
 * perfmon_left_out.c. MATCH_MASK is perfmon's second name for CTO_COUNT's code (0x38,
 * ExtSel 1): a perfmon name too (no two events of a box share a code). The block's
 * umask-0 entries of the per-class RxL_INSERTS_*, RxL_OCCUPANCY_* and
 * TxR_AK_NDR_CREDIT_* events are not entries either: their VN0/VN1 unit masks are
 * required.
 *
 * RxL_FLITS_G0 and the G1/G2 flit groups and the VN message classes take Sandy
 * Bridge-EP's unit-mask arrays (boxes/snbep/umasks_shared.h). TxL_FLITS_G0 does not:
 * the Ivytown file lists only DATA and NON_DATA for it (no IDLE). */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

#define PM "perfmon IVT/events/ivytown_uncore.json"

static const struct upm_umask direct2core_umasks[] = {
	{ .name = "SUCCESS_RBT_HIT", .value = 0x01 },
	{ .name = "FAILURE_CREDITS", .value = 0x02 },
	{ .name = "FAILURE_RBT_HIT", .value = 0x04 },
	{ .name = "FAILURE_CREDITS_RBT", .value = 0x08 },
	{ .name = "FAILURE_MISS", .value = 0x10 },
	{ .name = "FAILURE_CREDITS_MISS", .value = 0x20 },
	{ .name = "FAILURE_RBT_MISS", .value = 0x40 },
	{ .name = "FAILURE_CREDITS_RBT_MISS", .value = 0x80 },
};

static const struct upm_umask crc_errors_umasks[] = {
	{ .name = "LINK_INIT", .value = 0x01 },
	{ .name = "NORMAL_OP", .value = 0x02 },
};

static const struct upm_umask vn_umasks[] = {
	{ .name = "VN0", .value = 0x01 },
	{ .name = "VN1", .value = 0x02 },
};

static const struct upm_umask vn_shr_umasks[] = {
	{ .name = "VN0", .value = 0x01 },
	{ .name = "VN1", .value = 0x02 },
	{ .name = "VN_SHR", .value = 0x04 },
};

static const struct upm_umask stalls_vn0_umasks[] = {
	{ .name = "BGF_DRS", .value = 0x01 },
	{ .name = "BGF_NCB", .value = 0x02 },
	{ .name = "BGF_NCS", .value = 0x04 },
	{ .name = "BGF_HOM", .value = 0x08 },
	{ .name = "BGF_SNP", .value = 0x10 },
	{ .name = "BGF_NDR", .value = 0x20 },
	{ .name = "EGRESS_CREDITS", .value = 0x40 },
	{ .name = "GV", .value = 0x80 },
};

static const struct upm_umask stalls_vn1_umasks[] = {
	{ .name = "BGF_DRS", .value = 0x01 },
	{ .name = "BGF_NCB", .value = 0x02 },
	{ .name = "BGF_NCS", .value = 0x04 },
	{ .name = "BGF_HOM", .value = 0x08 },
	{ .name = "BGF_SNP", .value = 0x10 },
	{ .name = "BGF_NDR", .value = 0x20 },
};

static const struct upm_umask txl_crc_no_credits_umasks[] = {
	{ .name = "FULL", .value = 0x01 },
	{ .name = "ALMOST_FULL", .value = 0x02 },
};

static const struct upm_umask txl_flits_g0_umasks[] = {
	{ .name = "DATA", .value = 0x02 },
	{ .name = "NON_DATA", .value = 0x04 },
};

#define EV(name_, code_, ext_, desc_)                                                     \
	{                                                                                  \
		.name = (name_), .code = (code_), .ext = (ext_), .counters = 0xF,          \
		.desc = (desc_), .source = PM,                                             \
	}
#define EVU(name_, code_, ext_, umasks_, desc_)                                           \
	{                                                                                  \
		.name = (name_), .code = (code_), .ext = (ext_), .counters = 0xF,          \
		UPM_UMASKS(umasks_), .desc = (desc_), .source = PM,                        \
	}
#define CLASS(what, cls, code_, desc_) EVU(#what "_" #cls, code_, 1, vn_umasks, desc_ ", " #cls " class")

const struct upm_event_def upm_ivbep_qpi_events[] = {
	{
		.name = "CLOCKTICKS", .code = 0x14, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "QPI link-layer clocks (qfclk, fixed rate)",
		.source = PM,
	},
	{
		.name = "CTO_COUNT", .code = 0x38, .ext = 1, .counters = 0xF,
		.filter = UPM_FILT_QPI_MATCH,
		.desc = "Packets that hit the port's match/mask registers",
		.source = PM "; 329468-002 p.136",
	},
	EVU("DIRECT2CORE", 0x13, 0, direct2core_umasks,
	    "DRS packets tried for Direct2Core, by success or failure reason"),
	EV("L1_POWER_CYCLES", 0x12, 0, "qfclk cycles the link spends in L1"),
	EV("RxL0P_POWER_CYCLES", 0x10, 0, "qfclk cycles the receive side spends in L0p"),
	EV("RxL0_POWER_CYCLES", 0x0F, 0, "qfclk cycles the receive side spends in L0"),
	EV("RxL_BYPASSED", 0x09, 0, "Incoming flits that skipped the receive flit buffer"),
	EVU("RxL_CRC_ERRORS", 0x03, 0, crc_errors_umasks, "CRC errors on receive, by link phase"),
	EVU("RxL_CREDITS_CONSUMED_VN0", 0x1E, 1, upm_snbep_um_qpi_vn_classes,
	    "Receive-queue VN0 credits used, by message class"),
	EVU("RxL_CREDITS_CONSUMED_VN1", 0x39, 1, upm_snbep_um_qpi_vn_classes,
	    "Receive-queue VN1 credits used, by message class"),
	EV("RxL_CREDITS_CONSUMED_VNA", 0x1D, 1, "Receive-queue VNA credits used"),
	EV("RxL_CYCLES_NE", 0x0A, 0, "Cycles the receive queue holds at least one flit"),
	CLASS(RxL_CYCLES_NE, DRS, 0x0F, "Cycles the receive queue is not empty"),
	CLASS(RxL_CYCLES_NE, NCB, 0x10, "Cycles the receive queue is not empty"),
	CLASS(RxL_CYCLES_NE, NCS, 0x11, "Cycles the receive queue is not empty"),
	CLASS(RxL_CYCLES_NE, HOM, 0x12, "Cycles the receive queue is not empty"),
	CLASS(RxL_CYCLES_NE, SNP, 0x13, "Cycles the receive queue is not empty"),
	CLASS(RxL_CYCLES_NE, NDR, 0x14, "Cycles the receive queue is not empty"),
	EVU("RxL_FLITS_G0", 0x01, 0, upm_snbep_um_qpi_flits_g0,
	    "Flits received, group 0: idle, data, non-data"),
	EVU("RxL_FLITS_G1", 0x02, 1, upm_snbep_um_qpi_flits_g1, "Flits received, group 1: SNP, HOM, DRS"),
	EVU("RxL_FLITS_G2", 0x03, 1, upm_snbep_um_qpi_flits_g2, "Flits received, group 2: NDR, NCB, NCS"),
	EV("RxL_INSERTS", 0x08, 0, "Allocations into the receive flit buffer"),
	CLASS(RxL_INSERTS, DRS, 0x09, "Receive flit buffer allocations"),
	CLASS(RxL_INSERTS, NCB, 0x0A, "Receive flit buffer allocations"),
	CLASS(RxL_INSERTS, NCS, 0x0B, "Receive flit buffer allocations"),
	CLASS(RxL_INSERTS, HOM, 0x0C, "Receive flit buffer allocations"),
	CLASS(RxL_INSERTS, SNP, 0x0D, "Receive flit buffer allocations"),
	CLASS(RxL_INSERTS, NDR, 0x0E, "Receive flit buffer allocations"),
	EV("RxL_OCCUPANCY", 0x0B, 0, "Receive queue entries summed every cycle, all classes"),
	CLASS(RxL_OCCUPANCY, DRS, 0x15, "Receive queue entries per cycle"),
	CLASS(RxL_OCCUPANCY, NCB, 0x16, "Receive queue entries per cycle"),
	CLASS(RxL_OCCUPANCY, NCS, 0x17, "Receive queue entries per cycle"),
	CLASS(RxL_OCCUPANCY, HOM, 0x18, "Receive queue entries per cycle"),
	CLASS(RxL_OCCUPANCY, SNP, 0x19, "Receive queue entries per cycle"),
	CLASS(RxL_OCCUPANCY, NDR, 0x1A, "Receive queue entries per cycle"),
	EVU("RxL_STALLS_VN0", 0x35, 1, stalls_vn0_umasks, "Receive stalls on VN0, by cause"),
	EVU("RxL_STALLS_VN1", 0x3A, 1, stalls_vn1_umasks, "Receive stalls on VN1, by cause"),
	EV("TxL0P_POWER_CYCLES", 0x0D, 0, "qfclk cycles the transmit side spends in L0p"),
	EV("TxL0_POWER_CYCLES", 0x0C, 0, "qfclk cycles the transmit side spends in L0"),
	EV("TxL_BYPASSED", 0x05, 0, "Outgoing flits that skipped the transmit flit buffer"),
	EVU("TxL_CRC_NO_CREDITS", 0x02, 0, txl_crc_no_credits_umasks,
	    "Cycles the transmit side has no CRC credits"),
	EV("TxL_CYCLES_NE", 0x06, 0, "Cycles the transmit flit buffer is not empty"),
	EVU("TxL_FLITS_G0", 0x00, 0, txl_flits_g0_umasks, "Flits sent, group 0: data, non-data"),
	EVU("TxL_FLITS_G1", 0x00, 1, upm_snbep_um_qpi_flits_g1, "Flits sent, group 1: SNP, HOM, DRS"),
	EVU("TxL_FLITS_G2", 0x01, 1, upm_snbep_um_qpi_flits_g2, "Flits sent, group 2: NDR, NCB, NCS"),
	EV("TxL_INSERTS", 0x04, 0, "Allocations into the transmit flit buffer"),
	EV("TxL_OCCUPANCY", 0x07, 0, "Transmit flit buffer entries summed every cycle"),
	EVU("TxR_AD_HOM_CREDIT_ACQUIRED", 0x26, 1, vn_umasks, "R3QPI egress AD HOM credits acquired"),
	EVU("TxR_AD_HOM_CREDIT_OCCUPANCY", 0x22, 1, vn_umasks, "R3QPI egress AD HOM credits held"),
	EVU("TxR_AD_NDR_CREDIT_ACQUIRED", 0x28, 1, vn_umasks, "R3QPI egress AD NDR credits acquired"),
	EVU("TxR_AD_NDR_CREDIT_OCCUPANCY", 0x24, 1, vn_umasks, "R3QPI egress AD NDR credits held"),
	EVU("TxR_AD_SNP_CREDIT_ACQUIRED", 0x27, 1, vn_umasks, "R3QPI egress AD SNP credits acquired"),
	EVU("TxR_AD_SNP_CREDIT_OCCUPANCY", 0x23, 1, vn_umasks, "R3QPI egress AD SNP credits held"),
	EVU("TxR_AK_NDR_CREDIT_ACQUIRED", 0x29, 1, vn_umasks, "R3QPI egress AK NDR credits acquired"),
	EVU("TxR_AK_NDR_CREDIT_OCCUPANCY", 0x25, 1, vn_umasks, "R3QPI egress AK NDR credits held"),
	EVU("TxR_BL_DRS_CREDIT_ACQUIRED", 0x2A, 1, vn_shr_umasks, "R3QPI egress BL DRS credits acquired"),
	EVU("TxR_BL_DRS_CREDIT_OCCUPANCY", 0x1F, 1, vn_shr_umasks, "R3QPI egress BL DRS credits held"),
	EVU("TxR_BL_NCB_CREDIT_ACQUIRED", 0x2B, 1, vn_umasks, "R3QPI egress BL NCB credits acquired"),
	EVU("TxR_BL_NCB_CREDIT_OCCUPANCY", 0x20, 1, vn_umasks, "R3QPI egress BL NCB credits held"),
	EVU("TxR_BL_NCS_CREDIT_ACQUIRED", 0x2C, 1, vn_umasks, "R3QPI egress BL NCS credits acquired"),
	EVU("TxR_BL_NCS_CREDIT_OCCUPANCY", 0x21, 1, vn_umasks, "R3QPI egress BL NCS credits held"),
	EV("VNA_CREDIT_RETURNS", 0x1C, 1, "VNA credits returned to the sender"),
	EV("VNA_CREDIT_RETURN_OCCUPANCY", 0x1B, 1, "VNA credits waiting to be returned, summed"),
};

const unsigned upm_ivbep_qpi_n_events = UPM_ARRAY_LEN(upm_ivbep_qpi_events);

/* Ivy Bridge-EP R2PCIe and R3QPI events: intel/perfmon IVT/events/ivytown_uncore.json,
 * V23 (commit 37fcb3c3374216096557d71c5eac3d4adc90b65d), Units "R2PCIe" and "R3QPI".
 * Names drop perfmon's "UNC_R2_" / "UNC_R3_" prefixes. ExtSel 0 throughout; no
 * per-cycle maximum is given (max_inc 0).
 *
 * Counter masks are perfmon's, checked against the Linux constraint tables the ivbep
 * types use (uncore_snbep.c: ivbep_uncore_r2pcie takes snbep_uncore_r2pcie_constraints,
 * ivbep_uncore_r3qpi snbep_uncore_r3qpi_constraints). Where they differ the stricter
 * mask is used: R2PCIe TxR_CYCLES_NE 0x23 and TxR_CYCLES_FULL 0x25 are counter 0 in
 * perfmon, counters 0-1 in Linux -> 0x1 (as on Sandy Bridge-EP).
 *
 * perfmon's trailing block (MSRValue "0") gives unit masks for entries the main list
 * leaves without: RxR_AK_BOUNCES CW/CCW, VNA_CREDITS_ACQUIRED AD/BL, and the aggregates
 * CW 0x33 / CCW 0xCC of the R2PCIe ring events and RING_IV_USED.ANY 0xFF; they are
 * taken, and TxR_NACK_CW/CCW (only there) too. The R3QPI ring events list only the four
 * VR0 bits in the main list; the block (V24) adds CW 0x33 / CCW 0xCC for them as for
 * R2PCIe, taken as printed. Left out: the block's umask-0 entries RxR_AK_BOUNCES,
 * VNA_CREDITS_ACQUIRED and RxR_AD_BYPASSED (code 0x12 = RxR_BYPASSED, whose only unit
 * mask is AD 0x01), which would program a unit mask of 0. Unit-mask tables that agree with
 * Sandy Bridge-EP's are its arrays (boxes/snbep/umasks_shared.h). */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

#define PM "perfmon IVT/events/ivytown_uncore.json"
#define PM_K PM "; Linux uncore_snbep.c"

/* --- R2PCIe --- */

static const struct upm_umask r2_iio_credits_reject_umasks[] = {
	{ .name = "DRS", .value = 0x08 },
};

static const struct upm_umask r2_ring_used_umasks[] = {
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

static const struct upm_umask ring_iv_used_umasks[] = {
	{ .name = "CW", .value = 0x33 },
	{ .name = "CCW", .value = 0xCC },
	{ .name = "ANY", .value = 0xFF },
};

static const struct upm_umask r2_rxr_ak_bounces_umasks[] = {
	{ .name = "CW", .value = 0x01 },
	{ .name = "CCW", .value = 0x02 },
};

static const struct upm_umask r2_rxr_ncb_ncs_umasks[] = {
	{ .name = "NCB", .value = 0x10 },
	{ .name = "NCS", .value = 0x20 },
};

static const struct upm_umask r2_rxr_occupancy_umasks[] = {
	{ .name = "DRS", .value = 0x08 },
};

#define EVU(name_, code_, ctrs_, umasks_, desc_)                                 \
	{                                                                         \
		.name = (name_), .code = (code_), .counters = (ctrs_),            \
		UPM_UMASKS(umasks_), .desc = (desc_), .source = PM_K,             \
	}

const struct upm_event_def upm_ivbep_r2pcie_events[] = {
	{
		.name = "CLOCKTICKS", .code = 0x01, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "Uncore clocks in the R2PCIe domain",
		.source = PM,
	},
	EVU("IIO_CREDITS_ACQUIRED", 0x33, 0x3, upm_snbep_um_r2pcie_iio_credits,
	    "IIO credits acquired, by message class"),
	EVU("IIO_CREDITS_REJECT", 0x34, 0x3, r2_iio_credits_reject_umasks,
	    "IIO credit requests rejected, by message class"),
	EVU("IIO_CREDITS_USED", 0x32, 0x3, upm_snbep_um_r2pcie_iio_credits,
	    "Cycles IIO credits are in use, by message class"),
	EVU("RING_AD_USED", 0x07, 0xF, r2_ring_used_umasks, "Cycles the AD ring is busy at this stop"),
	EVU("RING_AK_USED", 0x08, 0xF, r2_ring_used_umasks, "Cycles the AK ring is busy at this stop"),
	EVU("RING_BL_USED", 0x09, 0xF, r2_ring_used_umasks, "Cycles the BL ring is busy at this stop"),
	EVU("RING_IV_USED", 0x0A, 0xF, ring_iv_used_umasks, "Cycles the IV ring is busy at this stop"),
	EVU("RxR_AK_BOUNCES", 0x12, 0x1, r2_rxr_ak_bounces_umasks, "AK ingress bounces, by direction"),
	EVU("RxR_CYCLES_NE", 0x10, 0x3, r2_rxr_ncb_ncs_umasks, "Cycles the ingress is not empty"),
	EVU("RxR_INSERTS", 0x11, 0x3, r2_rxr_ncb_ncs_umasks, "Allocations into the ingress"),
	EVU("RxR_OCCUPANCY", 0x13, 0x1, r2_rxr_occupancy_umasks, "Ingress entries summed every cycle"),
	EVU("TxR_CYCLES_FULL", 0x25, 0x1, upm_snbep_um_r2pcie_txr_rings, "Cycles the egress is full"),
	EVU("TxR_CYCLES_NE", 0x23, 0x1, upm_snbep_um_r2pcie_txr_rings, "Cycles the egress is not empty"),
	EVU("TxR_NACK_CCW", 0x28, 0x3, upm_snbep_um_r2pcie_txr_rings,
	    "Egress NACKs on the counter-clockwise ring"),
	EVU("TxR_NACK_CW", 0x26, 0x3, upm_snbep_um_r2pcie_txr_rings, "Egress NACKs on the clockwise ring"),
};

const unsigned upm_ivbep_r2pcie_n_events = UPM_ARRAY_LEN(upm_ivbep_r2pcie_events);

/* --- R3QPI --- */

static const struct upm_umask r3_c_hi_umasks[] = {
	{ .name = "CBO8", .value = 0x01 },  { .name = "CBO9", .value = 0x02 },
	{ .name = "CBO10", .value = 0x04 }, { .name = "CBO11", .value = 0x08 },
	{ .name = "CBO12", .value = 0x10 }, { .name = "CBO13", .value = 0x20 },
	{ .name = "CBO14", .value = 0x40 },
};

static const struct upm_umask r3_c_lo_umasks[] = {
	{ .name = "CBO0", .value = 0x01 }, { .name = "CBO1", .value = 0x02 },
	{ .name = "CBO2", .value = 0x04 }, { .name = "CBO3", .value = 0x08 },
	{ .name = "CBO4", .value = 0x10 }, { .name = "CBO5", .value = 0x20 },
	{ .name = "CBO6", .value = 0x40 }, { .name = "CBO7", .value = 0x80 },
};

static const struct upm_umask r3_ha_r2_umasks[] = {
	{ .name = "HA0", .value = 0x01 },
	{ .name = "HA1", .value = 0x02 },
	{ .name = "R2_NCB", .value = 0x04 },
	{ .name = "R2_NCS", .value = 0x08 },
};

static const struct upm_umask r3_qpi_credits_umasks[] = {
	{ .name = "VNA", .value = 0x01 },
	{ .name = "VN0_HOM", .value = 0x02 },
	{ .name = "VN0_SNP", .value = 0x04 },
	{ .name = "VN0_NDR", .value = 0x08 },
	{ .name = "VN1_HOM", .value = 0x10 },
	{ .name = "VN1_SNP", .value = 0x20 },
	{ .name = "VN1_NDR", .value = 0x40 },
};

static const struct upm_umask r3_ring_used_umasks[] = {
	{ .name = "CW_VR0_EVEN", .value = 0x01 },
	{ .name = "CW_VR0_ODD", .value = 0x02 },
	{ .name = "CCW_VR0_EVEN", .value = 0x04 },
	{ .name = "CCW_VR0_ODD", .value = 0x08 },
	{ .name = "CW", .value = 0x33 },
	{ .name = "CCW", .value = 0xCC },
};

static const struct upm_umask r3_rxr_bypassed_umasks[] = {
	{ .name = "AD", .value = 0x01 },
};

static const struct upm_umask r3_rxr_cycles_ne_umasks[] = {
	{ .name = "HOM", .value = 0x01 },
	{ .name = "SNP", .value = 0x02 },
	{ .name = "NDR", .value = 0x04 },
};

static const struct upm_umask r3_txr_nack_umasks[] = {
	{ .name = "AD", .value = 0x01 },
	{ .name = "AK", .value = 0x02 },
	{ .name = "BL", .value = 0x04 },
};

static const struct upm_umask r3_vna_acquired_umasks[] = {
	{ .name = "AD", .value = 0x01 },
	{ .name = "BL", .value = 0x04 },
};

const struct upm_event_def upm_ivbep_r3qpi_events[] = {
	{
		.name = "CLOCKTICKS", .code = 0x01, .counters = 0x7, .max_inc = 1, .clock = 1,
		.desc = "Uncore clocks in the R3QPI domain",
		.source = PM,
	},
	EVU("C_HI_AD_CREDITS_EMPTY", 0x2C, 0x3, r3_c_hi_umasks,
	    "Cycles without AD credits toward CBos 8-14"),
	EVU("C_LO_AD_CREDITS_EMPTY", 0x2B, 0x3, r3_c_lo_umasks,
	    "Cycles without AD credits toward CBos 0-7"),
	EVU("HA_R2_BL_CREDITS_EMPTY", 0x2F, 0x3, r3_ha_r2_umasks,
	    "Cycles without BL credits toward the HAs or R2PCIe"),
	EVU("QPI0_AD_CREDITS_EMPTY", 0x29, 0x3, r3_qpi_credits_umasks,
	    "Cycles without AD credits toward QPI port 0, by class"),
	EVU("QPI0_BL_CREDITS_EMPTY", 0x2D, 0x3, r3_qpi_credits_umasks,
	    "Cycles without BL credits toward QPI port 0, by class"),
	EVU("QPI1_AD_CREDITS_EMPTY", 0x2A, 0x3, r3_qpi_credits_umasks,
	    "Cycles without AD credits toward QPI port 1, by class"),
	EVU("QPI1_BL_CREDITS_EMPTY", 0x2E, 0x3, r3_qpi_credits_umasks,
	    "Cycles without BL credits toward QPI port 1, by class"),
	EVU("RING_AD_USED", 0x07, 0x7, r3_ring_used_umasks, "Cycles the AD ring is busy at this stop"),
	EVU("RING_AK_USED", 0x08, 0x7, r3_ring_used_umasks, "Cycles the AK ring is busy at this stop"),
	EVU("RING_BL_USED", 0x09, 0x7, r3_ring_used_umasks, "Cycles the BL ring is busy at this stop"),
	EVU("RING_IV_USED", 0x0A, 0x7, ring_iv_used_umasks, "Cycles the IV ring is busy at this stop"),
	EVU("RxR_BYPASSED", 0x12, 0x3, r3_rxr_bypassed_umasks, "Ingress bypasses"),
	EVU("RxR_CYCLES_NE", 0x10, 0x3, r3_rxr_cycles_ne_umasks, "Cycles the ingress is not empty"),
	EVU("RxR_INSERTS", 0x11, 0x3, upm_snbep_um_r3qpi_msg_classes,
	    "Allocations into the ingress, by message class"),
	EVU("RxR_OCCUPANCY", 0x13, 0x1, upm_snbep_um_r3qpi_msg_classes,
	    "Ingress entries summed every cycle, by message class"),
	EVU("TxR_NACK_CCW", 0x28, 0x3, r3_txr_nack_umasks, "Egress NACKs on the counter-clockwise ring"),
	EVU("TxR_NACK_CW", 0x26, 0x3, r3_txr_nack_umasks, "Egress NACKs on the clockwise ring"),
	EVU("VN0_CREDITS_REJECT", 0x37, 0x3, upm_snbep_um_r3qpi_msg_classes,
	    "VN0 credit requests rejected, by message class"),
	EVU("VN0_CREDITS_USED", 0x36, 0x3, upm_snbep_um_r3qpi_msg_classes,
	    "VN0 credits used, by message class"),
	EVU("VN1_CREDITS_REJECT", 0x39, 0x3, upm_snbep_um_r3qpi_msg_classes,
	    "VN1 credit requests rejected, by message class"),
	EVU("VN1_CREDITS_USED", 0x38, 0x3, upm_snbep_um_r3qpi_msg_classes,
	    "VN1 credits used, by message class"),
	EVU("VNA_CREDITS_ACQUIRED", 0x33, 0x3, r3_vna_acquired_umasks, "VNA credits acquired"),
	EVU("VNA_CREDITS_REJECT", 0x34, 0x3, upm_snbep_um_r3qpi_msg_classes,
	    "VNA credit requests rejected, by message class"),
	{
		.name = "VNA_CREDIT_CYCLES_OUT", .code = 0x31, .counters = 0x3,
		.desc = "Cycles with no VNA credits left", .source = PM_K,
	},
	{
		.name = "VNA_CREDIT_CYCLES_USED", .code = 0x32, .counters = 0x3,
		.desc = "Cycles with any VNA credit in use", .source = PM_K,
	},
};

const unsigned upm_ivbep_r3qpi_n_events = UPM_ARRAY_LEN(upm_ivbep_r3qpi_events);

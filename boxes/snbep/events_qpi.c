/* Sandy Bridge-EP QPI link layer events (per port): summary Table 2-94 sheet 1 (seed
 * 000, lines 3633-3677; sheet 2 is lost) and the detailed event list (000:3725-3850),
 * which the extraction cuts off after the header of RxL_CYCLES_NE. Summary cells run
 * together as CODE EXTRA-SELECT-BIT CTRS MAX, e.g. "RxL_OCCUPANCY_DRS0x1510-3128" =
 * code 0x15, extra select bit 1, counters 0-3, max 128. Every QPI event may use
 * counters 0-3 (mask 0xF).
 *
 * Events with only a summary row carry that row's values; their detailed entries, and
 * any umask tables in them, are lost. Such events have umasks = NULL: if they take
 * umasks, the guide text here does not say which.
 *
 * ext = 1 for the summary's extra-select column 1 and "Extra Select Bit: Y". Table 2-86
 * puts ev_sel_ext at bit 21 (000:3452); the overview text says "b16" (000:3624-3625),
 * which the table shows as reserved. */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

static const struct upm_umask direct2core_umasks[] = {
	/* Only the last row of this umask table survives (000:3754). The descriptions of
	 * all four rows do (000:3758-3767), and the definition says filter bit [0] is a
	 * successful spawn and bits [1:3] are the failure cases (000:3748-3750): bit 0
	 * success, bit 1 no egress credits, bit 2 RBT bit not set, bit 3 both. The names
	 * of bits 0-2 are lost in the guide; they are Intel perfmon JKT uncore event files'
	 * UNC_Q_DIRECT2CORE.SUCCESS 0x1, FAILURE_CREDITS 0x2, FAILURE_RBT 0x4, which agree
	 * with the guide's descriptions in that order. */
	{ .name = "SUCCESS", .value = 0x01 },
	{ .name = "FAILURE_CREDITS", .value = 0x02 },
	{ .name = "FAILURE_RBT", .value = 0x04 },
	{ .name = "FAILURE_CREDITS_RBT", .value = 0x08 },
};

const struct upm_umask upm_snbep_um_qpi_vn_classes[] = {
	{ .name = "DRS", .value = 0x01 },
	{ .name = "NCB", .value = 0x02 },
	{ .name = "NCS", .value = 0x04 },
	{ .name = "HOM", .value = 0x08 },
	{ .name = "SNP", .value = 0x10 },
	{ .name = "NDR", .value = 0x20 },
};


/* An event known only from its summary row; lines name that row. */
#define SUMMARY_ONLY(name_, code_, ext_, max_, desc_, line)                         \
	{                                                                           \
		.name = (name_), .code = (code_), .ext = (ext_), .counters = 0xF,   \
		.max_inc = (max_), .desc = (desc_), .source = "000:" line,          \
	}

/* Flit groups (perfmon JKT; see the flit events below). */
const struct upm_umask upm_snbep_um_qpi_flits_g0[] = {
	{ .name = "IDLE", .value = 0x01 },
	{ .name = "DATA", .value = 0x02 },
	{ .name = "NON_DATA", .value = 0x04 },
};

const struct upm_umask upm_snbep_um_qpi_flits_g1[] = {
	{ .name = "SNP", .value = 0x01 },        { .name = "HOM_REQ", .value = 0x02 },
	{ .name = "HOM_NONREQ", .value = 0x04 }, { .name = "HOM", .value = 0x06 },
	{ .name = "DRS_DATA", .value = 0x08 },   { .name = "DRS_NONDATA", .value = 0x10 },
	{ .name = "DRS", .value = 0x18 },
};

const struct upm_umask upm_snbep_um_qpi_flits_g2[] = {
	{ .name = "NDR_AD", .value = 0x01 },   { .name = "NDR_AK", .value = 0x02 },
	{ .name = "NCB_DATA", .value = 0x04 }, { .name = "NCB_NONDATA", .value = 0x08 },
	{ .name = "NCB", .value = 0x0C },      { .name = "NCS", .value = 0x10 },
};

#define FLITS(name_, code_, ext_, umasks_, desc_, line)                                 \
	{                                                                                \
		.name = (name_), .code = (code_), .ext = (ext_), .counters = 0xF,        \
		.max_inc = 2, UPM_UMASKS(umasks_), .desc = (desc_),                      \
		.source = "000:" line "; umasks: perfmon JKT/events/Jaketown_uncore.json", \
	}

/* Events below are not in the guide (its QPI list ends in the middle, 000:3854): Intel
 * perfmon JKT uncore event files (JKT/events/Jaketown_uncore.json, Unit "QPI LL"), names
 * without "UNC_Q_"; counters 0-3, ext = perfmon's ExtSel, no per-cycle maximum given. */
#define PM "Intel perfmon JKT uncore event files (JKT/events/Jaketown_uncore.json)"

static const struct upm_umask crc_errors_umasks[] = {
	{ .name = "LINK_INIT", .value = 0x01 },
	{ .name = "NORMAL_OP", .value = 0x02 },
};

static const struct upm_umask rxl_stalls_umasks[] = {
	{ .name = "BGF_DRS", .value = 0x01 },
	{ .name = "BGF_NCB", .value = 0x02 },
	{ .name = "BGF_NCS", .value = 0x04 },
	{ .name = "BGF_HOM", .value = 0x08 },
	{ .name = "BGF_SNP", .value = 0x10 },
	{ .name = "BGF_NDR", .value = 0x20 },
	{ .name = "EGRESS_CREDITS", .value = 0x40 },
	{ .name = "GV", .value = 0x80 },
};

static const struct upm_umask crc_no_credits_umasks[] = {
	{ .name = "FULL", .value = 0x01 },
	{ .name = "ALMOST_FULL", .value = 0x02 },
};

#define PMEV(name_, code_, ext_, desc_)                                                   \
	{ .name = (name_), .code = (code_), .ext = (ext_), .counters = 0xF, .desc = (desc_), \
	  .source = PM }
#define PMEVU(name_, code_, ext_, umasks_, desc_)                                         \
	{                                                                                  \
		.name = (name_), .code = (code_), .ext = (ext_), .counters = 0xF,          \
		UPM_UMASKS(umasks_), .desc = (desc_), .source = PM,                        \
	}

const struct upm_event_def upm_snbep_qpi_events[] = {
	{
		.name = "CLOCKTICKS", .code = 0x14, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "QPI link-layer clocks (qfclk, 1/8 of the GT/s rate, fixed)",
		.source = "000:3651, 3727-3733",
	},
	{
		/* Counts matches of the port's PKT_MATCH/PKT_MASK registers (000:3490-3500). */
		.name = "CTO_COUNT", .code = 0x38, .ext = 1, .counters = 0xF, .max_inc = 2,
		.filter = UPM_FILT_QPI_MATCH,
		.desc = "Packets that hit the port's match/mask registers (CTO triggers)",
		.source = "000:3490-3500, 3734-3742",
	},
	{
		.name = "DIRECT2CORE", .code = 0x13, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(direct2core_umasks),
		.desc = "DRS packets tried for Direct2Core, by success or failure reason",
		.source = "000:3650, 3743-3767",
	},
	{
		.name = "L1_POWER_CYCLES", .code = 0x12, .counters = 0xF, .max_inc = 1,
		.desc = "qfclk cycles the link spends in L1 (shut down)",
		.source = "000:3649, 3768-3776",
	},
	{
		/* The entry's NOTE is cut off mid-sentence (000:3789). */
		.name = "RxL0P_POWER_CYCLES", .code = 0x10, .counters = 0xF, .max_inc = 1,
		.desc = "qfclk cycles the receive side spends in L0p (half width)",
		.source = "000:3648, 3777-3789",
	},
	{
		.name = "RxL0_POWER_CYCLES", .code = 0x0F, .counters = 0xF, .max_inc = 1,
		.desc = "qfclk cycles the receive side spends in L0 (full power)",
		.source = "000:3647, 3790-3799",
	},
	{
		.name = "RxL_BYPASSED", .code = 0x09, .counters = 0xF, .max_inc = 1,
		.desc = "Incoming flits that skipped the receive flit buffer",
		.source = "000:3642, 3802-3809",
	},
	{
		.name = "RxL_CREDITS_CONSUMED_VN0", .code = 0x1E, .ext = 1, .counters = 0xF,
		.max_inc = 1, UPM_UMASKS(upm_snbep_um_qpi_vn_classes),
		.desc = "Receive-queue VN0 credits used, by message class",
		.source = "000:3810-3835",
	},
	{
		.name = "RxL_CREDITS_CONSUMED_VNA", .code = 0x1D, .ext = 1, .counters = 0xF,
		.max_inc = 1,
		.desc = "Receive-queue VNA credits used",
		.source = "000:3836-3844",
	},
	{
		/* Entry cut off after its max/counters line (000:3849): no definition, and
		 * whether it had a umask table is unknown. */
		.name = "RxL_CYCLES_NE", .code = 0x0A, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles the receive queue holds at least one flit",
		.source = "000:3643, 3845-3849",
	},

	/* Flit events: codes, extra select bits and max increments from the summary
	 * (000:3635-3655); the umask tables fall in the truncated part and come from intel/
	 * perfmon JKT/events/Jaketown_uncore.json (UNC_Q_{T,R}xL_FLITS_G{0,1,2}.*), see
	 * boxes/PUBLIC_FACTS.md section 7. Only the extra select bit tells TxL_FLITS_G0
	 * from G1 (code 0x00) and RxL_FLITS_G0 from TxL_FLITS_G2 (code 0x01). */
	FLITS("TxL_FLITS_G0", 0x00, 0, upm_snbep_um_qpi_flits_g0, "Flits sent, group 0: idle, data, non-data", "3635"),
	FLITS("RxL_FLITS_G0", 0x01, 0, upm_snbep_um_qpi_flits_g0, "Flits received, group 0: idle, data, non-data", "3636"),
	FLITS("TxL_FLITS_G1", 0x00, 1, upm_snbep_um_qpi_flits_g1, "Flits sent, group 1: SNP, HOM, DRS", "3652"),
	FLITS("TxL_FLITS_G2", 0x01, 1, upm_snbep_um_qpi_flits_g2, "Flits sent, group 2: NDR, NCB, NCS", "3653"),
	FLITS("RxL_FLITS_G1", 0x02, 1, upm_snbep_um_qpi_flits_g1, "Flits received, group 1: SNP, HOM, DRS", "3654"),
	FLITS("RxL_FLITS_G2", 0x03, 1, upm_snbep_um_qpi_flits_g2, "Flits received, group 2: NDR, NCB, NCS", "3655"),

	SUMMARY_ONLY("TxL_INSERTS", 0x04, 0, 1, "Allocations into the transmit flit buffer", "3637"),
	SUMMARY_ONLY("TxL_BYPASSED", 0x05, 0, 1, "Outgoing flits that skipped the transmit flit buffer",
		     "3638"),
	SUMMARY_ONLY("TxL_CYCLES_NE", 0x06, 0, 1, "Cycles the transmit flit buffer is not empty",
		     "3639"),
	/* Max 1 as printed ("TxL_OCCUPANCY0x0700-31"), unlike RxL_OCCUPANCY's 128. */
	SUMMARY_ONLY("TxL_OCCUPANCY", 0x07, 0, 1, "Transmit flit buffer entries summed every cycle",
		     "3640"),
	SUMMARY_ONLY("RxL_INSERTS", 0x08, 0, 1, "Allocations into the receive flit buffer", "3641"),
	SUMMARY_ONLY("RxL_OCCUPANCY", 0x0B, 0, 128, "Receive queue entries summed every cycle, all classes",
		     "3644"),
	SUMMARY_ONLY("TxL0_POWER_CYCLES", 0x0C, 0, 1, "qfclk cycles the transmit side spends in L0",
		     "3645"),
	SUMMARY_ONLY("TxL0P_POWER_CYCLES", 0x0D, 0, 1, "qfclk cycles the transmit side spends in L0p",
		     "3646"),

	SUMMARY_ONLY("RxL_INSERTS_DRS", 0x09, 1, 1, "Receive flit buffer allocations, DRS class", "3656"),
	SUMMARY_ONLY("RxL_INSERTS_NCB", 0x0A, 1, 1, "Receive flit buffer allocations, NCB class", "3657"),
	SUMMARY_ONLY("RxL_INSERTS_NCS", 0x0B, 1, 1, "Receive flit buffer allocations, NCS class", "3658"),
	SUMMARY_ONLY("RxL_INSERTS_HOM", 0x0C, 1, 1, "Receive flit buffer allocations, HOM class", "3659"),
	SUMMARY_ONLY("RxL_INSERTS_SNP", 0x0D, 1, 1, "Receive flit buffer allocations, SNP class", "3660"),
	SUMMARY_ONLY("RxL_INSERTS_NDR", 0x0E, 1, 1, "Receive flit buffer allocations, NDR class", "3661"),

	SUMMARY_ONLY("RxL_OCCUPANCY_DRS", 0x15, 1, 128, "Receive queue entries per cycle, DRS class",
		     "3662"),
	SUMMARY_ONLY("RxL_OCCUPANCY_NCB", 0x16, 1, 128, "Receive queue entries per cycle, NCB class",
		     "3663"),
	SUMMARY_ONLY("RxL_OCCUPANCY_NCS", 0x17, 1, 128, "Receive queue entries per cycle, NCS class",
		     "3664"),
	SUMMARY_ONLY("RxL_OCCUPANCY_HOM", 0x18, 1, 128, "Receive queue entries per cycle, HOM class",
		     "3665"),
	SUMMARY_ONLY("RxL_OCCUPANCY_SNP", 0x19, 1, 128, "Receive queue entries per cycle, SNP class",
		     "3666"),
	SUMMARY_ONLY("RxL_OCCUPANCY_NDR", 0x1A, 1, 128, "Receive queue entries per cycle, NDR class",
		     "3667"),

	PMEVU("RxL_CRC_ERRORS", 0x03, 0, crc_errors_umasks, "CRC errors found on receive, in link init or normal operation"),
	PMEVU("RxL_STALLS", 0x35, 0, rxl_stalls_umasks, "Cycles the receive side could not send to R3QPI, by cause"),
	PMEVU("TxL_CRC_NO_CREDITS", 0x02, 0, crc_no_credits_umasks, "Cycles transmit stalled without link-level retry credits"),
	PMEV("VNA_CREDIT_RETURNS", 0x1C, 1, "VNA credits returned to the sender"),
	PMEV("VNA_CREDIT_RETURN_OCCUPANCY", 0x1B, 1, "VNA credits pending return, summed every cycle"),
};

const unsigned upm_snbep_qpi_n_events = UPM_ARRAY_LEN(upm_snbep_qpi_events);

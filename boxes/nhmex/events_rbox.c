/* Nehalem-EX / Westmere-EX R-Box events: Table 2-54 (002:4100-4133) and the detailed list
 * (002:4135-4442): 14 RIX events (a bit or field of a port's IPERF_CFG register) and 8
 * QLX events (a type in QLX_CFG ev0/ev1), plus the port's mask/match sets (XBAR_MM).
 * Every event may use any counter of its half and counts at most 1 per cycle.
 *
 * The code is the event select within a port for the first home: 0 IPERF_CFG0, 2 QLX
 * ev0, 4 XBR set 1 (Tables 2-45/2-46, 002:3882-3940). A spec names the port
 * (rbox/FLITS_SENT,port=1/); the engine adds 6 x (port mod 4), and moves the event to
 * IPERF_CFG1 / QLX ev1 / XBR set 2 (select + 1) when the first home is taken in that
 * pass (box_rbox.c). The unit masks and flags are sub-configuration settings (terms of
 * box_rbox.c). IPERF and QLX halves hold one event each (their `group`), so two events
 * share a register only when they set it alike.
 *
 * Where the tables disagree:
 *  - NEW_PACKETS_RECV: Table 2-48's NEW_PC puts Snoop at bit 5 and Home at bit 4
 *    (002:3982); the event's own Table 2-59 (002:4303-4334) has HOM at bit 5 and SNP at
 *    bit 4, the order ARB_SEL uses too (002:3978). Table 2-59 is used.
 *  - ALLOC_TO_ARB: Table 2-55's HOM_VN0 pattern "bx1xxxx" lost a digit (002:4153); Table
 *    2-48's ARB_SEL has Home VN0 at bit 6, Home VN1 at bit 5 (002:3978).
 *  - GLOBAL_ARB_BID_FAIL and TARGET_AVAILABLE list VN0.NCB as b1001 (002:4262, 4430),
 *    VN1.SNP's value; the class encoding (NCB = 101, sub-class 0 = VN0, 002:3994) gives
 *    b0101.
 *  - 2.6.3.6 asks for "IPERF event select 0x31 (TO_R_PROG_EV)" to count matches
 *    (002:4015); IPERF has no event select. The control's XBAR_MM selects (Tables 2-45/
 *    2-46) are used instead: XBAR_MM sets mm_trig_en (002:4027) and takes xbr_match,
 *    xbr_mask and xbr_match_flit_cnt from the spec (0x00210000 = trigger on the first
 *    flit, i.e. count packets, is the guide's recommended MM_CFG, 002:4086). */
#include "boxes/nhmex/nhmex.h"

#define SUBS(...)                                                                        \
	.sub = (const struct upm_sub_setting[]){ __VA_ARGS__ },                          \
	.n_sub = (uint8_t)(sizeof((const struct upm_sub_setting[]){ __VA_ARGS__ }) /      \
			   sizeof(struct upm_sub_setting))
#define UM(name_, ...) { .name = name_, SUBS(__VA_ARGS__) }

#define SEL_IPERF 0
#define SEL_QLX 2
#define SEL_XBAR 4

/* A RIX event that is one IPERF bit. */
#define RIX_BIT(name_, term_, desc_, src_)                                               \
	{ .name = name_, .code = SEL_IPERF, .counters = 0xFF, .max_inc = 1,              \
	  SUBS({ term_, 1 }), .desc = desc_, .source = "002:4100-4133, " src_ }
/* A RIX event whose unit masks set an IPERF field. */
#define RIX_UM(name_, umasks_, desc_, src_)                                              \
	{ .name = name_, .code = SEL_IPERF, .counters = 0xFF, .max_inc = 1,              \
	  UPM_UMASKS(umasks_), .desc = desc_, .source = "002:4100-4133, " src_ }
/* EOT_INSERTS / EOT_OCCUPANCY: the MC field by unit mask, MC_ROLL_ALLOC by event. */
#define RIX_EOT(name_, roll_, desc_, src_)                                               \
	{ .name = name_, .code = SEL_IPERF, .counters = 0xFF, .max_inc = 1,              \
	  UPM_UMASKS(mc_umasks), SUBS({ "iperf_mc_roll_alloc", roll_ }), .desc = desc_,   \
	  .source = "002:4100-4133, " src_ }
/* A QLX event: its type, and the class by unit mask where it has them. */
#define QLX_EV(name_, type_, desc_, src_)                                                \
	{ .name = name_, .code = SEL_QLX, .counters = 0xFF, .max_inc = 1,                \
	  SUBS({ "qlx_type", type_ }), .desc = desc_, .source = "002:4100-4133, " src_ }
#define QLX_EVU(name_, type_, umasks_, desc_, src_)                                      \
	{ .name = name_, .code = SEL_QLX, .counters = 0xFF, .max_inc = 1,                \
	  SUBS({ "qlx_type", type_ }), UPM_UMASKS(umasks_), .desc = desc_,                \
	  .source = "002:4100-4133, " src_ }

/* ARB_SEL [15:9] (Tables 2-48, 2-55). */
static const struct upm_umask arb_umasks[] = {
	UM("NCB", { "iperf_arb_sel", 0x01 }), UM("NCS", { "iperf_arb_sel", 0x02 }),
	UM("DRS_VN01", { "iperf_arb_sel", 0x04 }), UM("NDR", { "iperf_arb_sel", 0x08 }),
	UM("SNP", { "iperf_arb_sel", 0x10 }), UM("HOM_VN1", { "iperf_arb_sel", 0x20 }),
	UM("HOM_VN0", { "iperf_arb_sel", 0x40 }), UM("ALL", { "iperf_arb_sel", 0x7F }),
};

/* MC [20:17] (Tables 2-56, 2-57). */
static const struct upm_umask mc_umasks[] = {
	UM("HOM_VN0", { "iperf_mc", 1 }), UM("HOM_VN1", { "iperf_mc", 2 }),
	UM("NDR", { "iperf_mc", 3 }), UM("DRS_VN0", { "iperf_mc", 4 }),
	UM("SNP", { "iperf_mc", 5 }), UM("NCB", { "iperf_mc", 6 }),
	UM("NCS", { "iperf_mc", 7 }), UM("DRS_VN1", { "iperf_mc", 8 }),
};

/* NEW_PVN [7:6] and NEW_PC [5:0] (Table 2-59). */
#define PKT_VN(vn, pvn)                                                                    \
	UM(vn ".NCB", { "iperf_new_pkt", (pvn) << 6 | 0x01 }),                            \
	UM(vn ".NCS", { "iperf_new_pkt", (pvn) << 6 | 0x02 }),                            \
	UM(vn ".DRS", { "iperf_new_pkt", (pvn) << 6 | 0x04 }),                            \
	UM(vn ".NDR", { "iperf_new_pkt", (pvn) << 6 | 0x08 }),                            \
	UM(vn ".SNP", { "iperf_new_pkt", (pvn) << 6 | 0x10 }),                            \
	UM(vn ".HOM", { "iperf_new_pkt", (pvn) << 6 | 0x20 }),                            \
	UM(vn ".ALL", { "iperf_new_pkt", (pvn) << 6 | 0x3F })
static const struct upm_umask new_pkt_umasks[] = {
	PKT_VN("VN0", 0), PKT_VN("VN1", 1), PKT_VN("VNA", 2), PKT_VN("ANY", 3),
};

/* QLX class [6:4] (Tables 2-60, 2-61). */
static const struct upm_umask qlx_cls_umasks[] = {
	UM("HOM", { "qlx_cls", 0 }), UM("SNP", { "qlx_cls", 1 }), UM("NDR", { "qlx_cls", 2 }),
	UM("NCS", { "qlx_cls", 3 }), UM("DRS", { "qlx_cls", 4 }), UM("NCB", { "qlx_cls", 5 }),
};

/* QLX sub-class [7] and class [6:4] (Tables 2-58, 2-62). */
#define QLX_SC(name_, sub_, cls_) UM(name_, { "qlx_sub", sub_ }, { "qlx_cls", cls_ })
static const struct upm_umask qlx_fail_umasks[] = {
	QLX_SC("VN0.HOM", 0, 0), QLX_SC("VN0.SNP", 0, 1), QLX_SC("VN0.NDR", 0, 2),
	QLX_SC("VN0.NCS", 0, 3), QLX_SC("VN0.DRS", 0, 4), QLX_SC("VN0.NCB", 0, 5),
	QLX_SC("VN1.HOM", 1, 0), QLX_SC("VN1.SNP", 1, 1), QLX_SC("VN1.NDR", 1, 2),
	QLX_SC("VN1.NCS", 1, 3), QLX_SC("VN1.DRS", 1, 4), QLX_SC("VN1.NCB", 1, 5),
};
static const struct upm_umask qlx_target_umasks[] = {
	QLX_SC("VN0.HOM", 0, 0), QLX_SC("VN0.SNP", 0, 1), QLX_SC("VN0.NDR", 0, 2),
	QLX_SC("VN0.NCS", 0, 3), QLX_SC("VN0.DRS", 0, 4), QLX_SC("VN0.NCB", 0, 5),
	QLX_SC("VN0.VSM", 0, 6), QLX_SC("VN0.VLG", 0, 7),
	QLX_SC("VN1.HOM", 1, 0), QLX_SC("VN1.SNP", 1, 1), QLX_SC("VN1.NDR", 1, 2),
	QLX_SC("VN1.NCS", 1, 3), QLX_SC("VN1.DRS", 1, 4), QLX_SC("VN1.NCB", 1, 5),
	QLX_SC("VN1.VSM", 1, 6), QLX_SC("VN1.VLG", 1, 7),
};

const struct upm_event_def upm_nhmex_rbox_events[] = {
	/* RIX: IPERF_CFG (Table 2-48, 002:3958-3982). */
	RIX_UM("ALLOC_TO_ARB", arb_umasks, "Transactions entered into the entry table, by class",
	       "4139-4159"),
	RIX_EOT("EOT_INSERTS", 1, "Allocations into the entry overflow table, by class", "4161-4182"),
	RIX_BIT("EOT_NE_CYCLES", "iperf_eot_ne", "Cycles the entry overflow table is not empty",
		"4184-4190"),
	RIX_EOT("EOT_OCCUPANCY", 0, "Entry overflow table allocations, one count per 128 (rolling), by class",
		"4192-4218"),
	RIX_BIT("FLITS_RECV_ERR", "iperf_rcvd_err_flt", "Flits received with a CRC error", "4220-4225"),
	RIX_BIT("FLITS_RECV_SPEC", "iperf_rcvd_spec_flt", "Special flits received", "4227-4232"),
	RIX_BIT("FLITS_SENT", "iperf_flt_sent", "Flits sent (output queue active beats)", "4234-4239"),
	RIX_BIT("INQUE_READ_WIN", "iperf_iqa_read_ok", "Input-queue reads that won arbitration",
		"4274-4279"),
	RIX_UM("NEW_PACKETS_RECV", new_pkt_umasks, "New packets received, by virtual network and class",
	       "4295-4334"),
	RIX_BIT("NULL_IDLE", "iperf_null_idle", "Null idle flits sent", "4336-4341"),
	RIX_BIT("OUTPUTQ_NE", "iperf_outq_ne", "Cycles the output queue is not empty", "4343-4348"),
	RIX_BIT("OUTPUTQ_OVFL", "iperf_outq_ov", "Output queue overflows", "4350-4355"),
	RIX_BIT("RETRYQ_NE", "iperf_retryq_ne", "Cycles the retry queue is not empty", "4395-4400"),
	RIX_BIT("RETRYQ_OV", "iperf_retryq_ov", "Retry queue overflows", "4402-4407"),
	/* QLX: QLX_CFG type [3:0] (Table 2-49, 002:3988-4003). */
	QLX_EVU("QUE_ARB_BID", 0x0, qlx_cls_umasks, "Cycles with queue arbitration bids, by class",
		"4357-4374"),
	QLX_EV("LOCAL_ARB_BID", 0x1, "Cycles with local arbitration bids", "4281-4286"),
	QLX_EV("GLOBAL_ARB_BID", 0x2, "Global arbitration bids", "4241-4246"),
	QLX_EVU("QUE_ARB_BID_FAIL", 0x3, qlx_cls_umasks, "Rejected queue arbitration bids, by class",
		"4376-4393"),
	QLX_EV("LOCAL_ARB_BID_FAIL", 0x4, "Cycles with rejected local arbitration bids", "4288-4293"),
	QLX_EVU("GLOBAL_ARB_BID_FAIL", 0x5, qlx_fail_umasks, "Bids rejected at the global arbiter, by class",
		"4248-4272"),
	QLX_EVU("TARGET_AVAILABLE", 0x9, qlx_target_umasks,
		"Times the target output port was available, by class", "4416-4442"),
	QLX_EV("STARVING", 0xA, "Starvation detected", "4409-4414"),
	/* The port's mask/match set (Tables 2-45/2-46, 2-50..2-52). */
	{ .name = "XBAR_MM", .code = SEL_XBAR, .counters = 0xFF, .max_inc = 1,
	  SUBS({ "xbr_mm_trig_en", 1 }),
	  .desc = "Flits (or, with xbr_match_flit_cnt=1, packets) matching xbr_match/xbr_mask",
	  .source = "002:3882-3940, 4005-4086" },
};

const unsigned upm_nhmex_rbox_n_events = UPM_ARRAY_LEN(upm_nhmex_rbox_events);

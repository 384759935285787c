/* Nehalem-EX / Westmere-EX M-Box events: Table 2-84 (002:4903-4950) and the detailed list
 * (002:4952-5488), 30 selected by inc_sel and 6 by set_flag_sel (with flag_mode, so ext
 * = 1: box_mbox.c puts them in the second select). Every event may use any of the six
 * counters and counts at most 1 per cycle (002:4491).
 *
 * Names are the detailed list's; where Table 2-84 names an event otherwise it says so
 * in the desc (ISS_EV = FRM_TYPE, PLD_RETRY_EV = DRAM_MISC, PAGE_HITS = PAGE_HIT).
 * A unit mask here writes no umask field (the M-Box has none): it is a set of values in
 * the sub-control registers (upm_sub_setting, terms of box_mbox.c), taken from the
 * "Dep Bits" columns. Settings the guide's notes require are made explicit, so that two
 * events needing different values in one register never share a pass:
 *  - DRAM_CMD: "to measure a non-filtered version ... PLD bits [13,7,0] must be 0"
 *    (002:5063): addr_match1 = 0 and rtry_sngl_fvid = 0 for every unit mask, cmd as given.
 *  - DRAM_MISC: its unit masks pick one of PLD[7], [16]+[23:19], [17], [18]; each writes
 *    all of bits 23:16 (pld_misc_sel) and bit 7, so two of them never share PLD.
 * Guide slips kept out of the values: PREALL.ADAPTIVE and RAS.ADAPTIVE print ISS[9:7] =
 * 0x2 (002:5074, 5079) where every other ADAPTIVE row and the ISS encoding (002:4753)
 * have 0x3; "RDPRI0"/"WRPRI0" (digit zero) are spelled RDPRIO/WRPRIO; FVC "WRITEs" is
 * WRITES; the example's MAP.cmd [8:5] / fvid [3:0] (002:4519-4521) lose to Table 2-75.
 * Open points, transcribed as printed: ALL ([0] = 0) and ILLEGAL ([12:8] = 0) program the
 * same PLD value, and ALL.TRDOFF..ALL.ADAPT set cmd = 0 although cmd = 1 is what makes the
 * ISS mode qualify the count (002:4823). ALL also writes dram_cmd = 0, so no other
 * DRAM_CMD unit mask can share its pass and turn it into a count of that command.
 * PLD.dram_cmd's own list calls 0x3 "undefined count" and 0x5/0x6 CASPRE_RD/WR
 * (002:4820); the event's table (CAS_RD_OPN 0x3, CAS_RD_CLS 0x5, CAS_WR_CLS 0x6) is used. */
#include "boxes/nhmex/nhmex.h"

#define SUBS(...)                                                                        \
	.sub = (const struct upm_sub_setting[]){ __VA_ARGS__ },                          \
	.n_sub = (uint8_t)(sizeof((const struct upm_sub_setting[]){ __VA_ARGS__ }) /      \
			   sizeof(struct upm_sub_setting))
#define UM(name_, ...) { .name = name_, SUBS(__VA_ARGS__) }

#define ALL_CTRS 0x3F
#define EV(name_, code_, desc_, src_)                                                    \
	{ .name = name_, .code = (code_), .counters = ALL_CTRS, .max_inc = 1, .desc = desc_, \
	  .source = "002:4903-4950, " src_ }
#define EVU(name_, code_, umasks_, desc_, src_)                                          \
	{ .name = name_, .code = (code_), .counters = ALL_CTRS, .max_inc = 1,            \
	  UPM_UMASKS(umasks_), .desc = desc_, .source = "002:4903-4950, " src_ }
/* set_flag_sel events (flag_mode = 1). */
#define FEV(name_, code_, desc_, src_)                                                   \
	{ .name = name_, .code = (code_), .ext = 1, .counters = ALL_CTRS, .max_inc = 1,  \
	  .desc = desc_, .source = "002:4903-4950, " src_ }
#define FEVU(name_, code_, umasks_, desc_, src_)                                         \
	{ .name = name_, .code = (code_), .ext = 1, .counters = ALL_CTRS, .max_inc = 1,  \
	  UPM_UMASKS(umasks_), .desc = desc_, .source = "002:4903-4950, " src_ }

/* DSP[10:7] (002:4991-5005, 5121-5133). */
static const struct upm_umask dsp_umasks[] = {
	UM("RDQ_FULL", { "dsp_q", 0x1 }), UM("WRQ_FULL", { "dsp_q", 0x2 }),
	UM("RDQ_EMPTY", { "dsp_q", 0x4 }), UM("WRQ_EMPTY", { "dsp_q", 0x8 }),
};

/* THR [8:7] or [10:9] with all_dimms [3], and the DIMM in [6:4] (002:5440-5474). */
#define TRP_ALL(dir)                                                                     \
	UM("ALL.GT_MID_RISE", { "thr_trp_pt_" dir "_cnd", 3 }, { "thr_all_dimms", 1 }),  \
	UM("ALL.GT_MID_FALL", { "thr_trp_pt_" dir "_cnd", 2 }, { "thr_all_dimms", 1 }),  \
	UM("ALL.GT_LO", { "thr_trp_pt_" dir "_cnd", 1 }, { "thr_all_dimms", 1 }),        \
	UM("ALL.LT_LO", { "thr_trp_pt_" dir "_cnd", 0 }, { "thr_all_dimms", 1 })
#define TRP_DIMM(dir, n)                                                                  \
	UM("DIMM" #n ".GT_MID_RISE", { "thr_trp_pt_" dir "_cnd", 3 }, { "thr_all_dimms", 0 }, \
	   { "thr_dimm", n }),                                                           \
	UM("DIMM" #n ".GT_MID_FALL", { "thr_trp_pt_" dir "_cnd", 2 }, { "thr_all_dimms", 0 }, \
	   { "thr_dimm", n }),                                                           \
	UM("DIMM" #n ".GT_LO", { "thr_trp_pt_" dir "_cnd", 1 }, { "thr_all_dimms", 0 },   \
	   { "thr_dimm", n }),                                                           \
	UM("DIMM" #n ".LT_LO", { "thr_trp_pt_" dir "_cnd", 0 }, { "thr_all_dimms", 0 },   \
	   { "thr_dimm", n })
#define TRP_UMASKS(dir)                                                                   \
	TRP_ALL(dir), TRP_DIMM(dir, 0), TRP_DIMM(dir, 1), TRP_DIMM(dir, 2), TRP_DIMM(dir, 3), \
	TRP_DIMM(dir, 4), TRP_DIMM(dir, 5), TRP_DIMM(dir, 6), TRP_DIMM(dir, 7)
static const struct upm_umask trp_up_umasks[] = { TRP_UMASKS("up") };
static const struct upm_umask trp_dn_umasks[] = { TRP_UMASKS("dn") };

/* ISS[10] (002:5334-5344). */
static const struct upm_umask iss_sched_umasks[] = {
	UM("CHANGES", { "iss_frame_beat", 0 }), UM("FRAME_BEAT", { "iss_frame_beat", 1 }),
};

/* ISS[3:0] (002:5176-5193). */
static const struct upm_umask frm_type_umasks[] = {
	UM("FRM_TYPE_3CMD", { "iss_frm_type", 0x0 }), UM("FRM_TYPE_WDAT", { "iss_frm_type", 0x1 }),
	UM("FRM_TYPE_SYNC", { "iss_frm_type", 0x2 }), UM("FRM_TYPE_CHNL", { "iss_frm_type", 0x3 }),
	UM("FRM_TYPE_NOP", { "iss_frm_type", 0x8 }), UM("FRM_TYPE_1CMD", { "iss_frm_type", 0xC }),
};

/* PLD[12:8] dram_cmd, PLD[0] cmd, ISS[9:7] sched_mode_pld_trig (002:5058-5119). */
#define DC(name_, dc_) UM(name_, { "pld_dram_cmd", dc_ }, { "pld_cmd", 0 })
#define DCS(name_, dc_, mode_)                                                            \
	UM(name_, { "pld_dram_cmd", dc_ }, { "pld_cmd", 1 }, { "iss_sched_mode_pld_trig", mode_ })
#define DC_MODES(base_, dc_)                                                              \
	DCS(base_ ".TRDOFF", dc_, 0), DCS(base_ ".RDPRIO", dc_, 1), DCS(base_ ".WRPRIO", dc_, 2), \
	DCS(base_ ".ADAPTIVE", dc_, 3)
#define DC_ALL_MODE(name_, mode_)                                                         \
	UM(name_, { "pld_dram_cmd", 0 }, { "pld_cmd", 0 }, { "iss_sched_mode_pld_trig", mode_ })
static const struct upm_umask dram_cmd_umasks[] = {
	DC("ALL", 0x0),
	DC("ILLEGAL", 0x0),
	DC("PREALL", 0x1), DC_MODES("PREALL", 0x1),
	DC("RAS", 0x2), DC_MODES("RAS", 0x2),
	DC("CAS_RD_OPN", 0x3),
	DC("CAS_WR_OPN", 0x4), DC_MODES("CAS_WR_OPN", 0x4),
	DC("CAS_RD_CLS", 0x5), DC_MODES("CAS_RD_CLS", 0x5),
	DC("CAS_WR_CLS", 0x6), DC_MODES("CAS_WR_CLS", 0x6),
	DC("MRS", 0x7), DC("RFR", 0x9), DC("ENSR", 0xA), DC("EXSR", 0xB), DC("NOP", 0xC),
	DC("TRKL", 0x10), DC("PRE", 0x11), DC("SYNC", 0x12), DC("CKE_HI", 0x14),
	DC("CKE_LO", 0x15), DC("SOFT_RST", 0x17), DC("WR_CFG", 0x1C), DC("RD_CFG", 0x1D),
	DC("ZQCAL", 0x1E),
	DC_ALL_MODE("ALL.TRDOFF", 0), DC_ALL_MODE("ALL.RDPRIO", 1), DC_ALL_MODE("ALL.WRPRIO", 2),
	DC_ALL_MODE("ALL.ADAPT", 3),
};
static const struct upm_sub_setting dram_cmd_subs[] = {
	{ "pld_addr_match1", 0 }, { "pld_rtry_sngl_fvid", 0 },
};

/* DRAM_MISC (002:5135-5174): pld_misc_sel holds PLD[23:16] = dram_cmd1 23:19,
 * non_nop_trkl 18, vld_cmd_cnt 17, dram_cmd1_cnt 16. */
#define DM(name_, dc1_) UM(name_, { "pld_misc_sel", 0x01 | (dc1_) << 3 }, { "pld_rtry_sngl_fvid", 0 })
static const struct upm_umask dram_misc_umasks[] = {
	UM("RETRIES_ALL", { "pld_misc_sel", 0 }, { "pld_rtry_sngl_fvid", 0 }),
	UM("RETRIES_FVID", { "pld_misc_sel", 0 }, { "pld_rtry_sngl_fvid", 1 }),
	UM("VALID", { "pld_misc_sel", 0x02 }, { "pld_rtry_sngl_fvid", 0 }),
	UM("NON_NOP_TRKL", { "pld_misc_sel", 0x04 }, { "pld_rtry_sngl_fvid", 0 }),
	DM("ILLEGAL", 0x0), DM("PREALL", 0x1), DM("RAS", 0x2), DM("CAS_RD_OPN", 0x3),
	DM("CAS_WR_OPN", 0x4), DM("CAS_RD_CLS", 0x5), DM("CAS_WR_CLS", 0x6), DM("MRS", 0x7),
	DM("RFR", 0x9), DM("ENSR", 0xA), DM("EXSR", 0xB), DM("NOP", 0xC), DM("TRKL", 0x10),
	DM("PRE", 0x11), DM("SYNC", 0x12), DM("CKE_HI", 0x14), DM("CKE_LO", 0x15),
	DM("SOFT_RST", 0x17), DM("WR_CFG", 0x1C), DM("RD_CFG", 0x1D), DM("ZQCAL", 0x1E),
};

/* FVC sub-event n (Tables 2-89..2-92, 002:5195-5317): evnt field, with bcmd for
 * BBOX_CMDS and resp for BBOX_RSP (one of each at a time, 002:5201). */
#define FVC_UMASKS(n)                                                                     \
	static const struct upm_umask fvc##n##_umasks[] = {                              \
		UM("SMI_CRC_ERR", { "fvc_evnt" #n, 0 }),                                  \
		UM("MEM_ECC_ERR", { "fvc_evnt" #n, 1 }),                                  \
		UM("POISON_TXN", { "fvc_evnt" #n, 2 }),                                   \
		UM("ALERT_FRAMES", { "fvc_evnt" #n, 3 }),                                 \
		UM("FAST_RESET", { "fvc_evnt" #n, 4 }),                                   \
		UM("BBOX_CMDS.READS", { "fvc_evnt" #n, 5 }, { "fvc_bcmd", 0 }),           \
		UM("BBOX_CMDS.WRITES", { "fvc_evnt" #n, 5 }, { "fvc_bcmd", 1 }),          \
		UM("BBOX_RSP.ACK", { "fvc_evnt" #n, 6 }, { "fvc_resp", 0 }),              \
		UM("BBOX_RSP.RETRY", { "fvc_evnt" #n, 6 }, { "fvc_resp", 1 }),            \
		UM("BBOX_RSP.COR", { "fvc_evnt" #n, 6 }, { "fvc_resp", 2 }),              \
		UM("BBOX_RSP.UNCOR", { "fvc_evnt" #n, 6 }, { "fvc_resp", 3 }),            \
		UM("BBOX_RSP.SPEC_ACK", { "fvc_evnt" #n, 6 }, { "fvc_resp", 4 }),         \
		UM("BBOX_RSP.SPR_ACK", { "fvc_evnt" #n, 6 }, { "fvc_resp", 5 }),          \
		UM("BBOX_RSP.SPR_UNCOR", { "fvc_evnt" #n, 6 }, { "fvc_resp", 7 }),        \
		UM("SMI_NB_TRIG", { "fvc_evnt" #n, 7 }, { "fvc_pbox_init_err", 0 }),      \
	}
FVC_UMASKS(0);
FVC_UMASKS(1);
FVC_UMASKS(2);
FVC_UMASKS(3);

/* PGT[11] (002:5393-5403), PGT[0] (002:5381-5391), PGT[6] with trig_sel 0 (002:5014-5026,
 * 4800: trig_sel 00 counts the time in open/closed page mode). */
static const struct upm_umask pgt_ev2_umasks[] = {
	UM("AUTO_CLS", { "pgt_empty_or_clspg", 0 }), UM("PAGE_EMPTY", { "pgt_empty_or_clspg", 1 }),
};
static const struct upm_umask pgt_ev_umasks[] = {
	UM("OPN2CLS", { "pgt_opn2cls_cnt", 0 }), UM("CLS2OPN", { "pgt_opn2cls_cnt", 1 }),
};
static const struct upm_umask pgt_state_umasks[] = {
	UM("CLOSED", { "pgt_opncls_time", 0 }, { "pgt_trig_sel", 0 }),
	UM("OPEN", { "pgt_opncls_time", 1 }, { "pgt_trig_sel", 0 }),
};

/* ISS[6:4] (002:5042-5056). */
static const struct upm_umask sched_mode_umasks[] = {
	UM("TRADEOFF", { "iss_sched_mode", 0 }), UM("RDPRIO", { "iss_sched_mode", 1 }),
	UM("WRPRIO", { "iss_sched_mode", 2 }), UM("ADAPTIVE", { "iss_sched_mode", 3 }),
};

/* MAP[9:6]: anycmd 9 with cmd 8:6 (Table 2-85, 002:4963-4982). */
static const struct upm_umask bcmd_umasks[] = {
	UM("READS", { "map_bcmd", 0x0 }), UM("WRITES", { "map_bcmd", 0x1 }),
	UM("MERGE", { "map_bcmd", 0x2 }), UM("V2F", { "map_bcmd", 0x3 }),
	UM("V2V", { "map_bcmd", 0x4 }), UM("F2V", { "map_bcmd", 0x5 }),
	UM("F2B", { "map_bcmd", 0x6 }), UM("SPRWR", { "map_bcmd", 0x7 }),
	UM("ALL", { "map_bcmd", 0x8 }),
};

const struct upm_event_def upm_nhmex_mbox_events[] = {
	/* Selected by inc_sel (CNT_CTL 13:9). */
	EVU("DSP_FILL", 0x00, dsp_umasks, "Dispatch queue full/empty cycles (DSP)", "5121-5133"),
	EV("CYCLES_MFULL", 0x01, "Cycles in the mfull (badly starved) state", "5007-5012"),
	EV("RETRY_MFULL", 0x02, "Retries while in the mfull state", "5419-5424"),
	EV("RETRY_STARVE", 0x03, "Retries while in the starved state", "5426-5431"),
	EVU("THERM_TRP_UP", 0x04, trp_up_umasks, "DIMM thermal trip points crossed upwards (THR)",
	    "5458-5474"),
	EVU("THERM_TRP_DN", 0x05, trp_dn_umasks, "DIMM thermal trip points crossed downwards (THR)",
	    "5440-5456"),
	EV("REFRESH", 0x06, "Refresh commands", "5405-5410"),
	EV("REFRESH_CONFLICT", 0x07, "Read/write conflicts with a refresh to the same rank", "5412-5417"),
	EVU("ISS_SCHED", 0x08, iss_sched_umasks, "ISS scheduling-mode changes or frame beats (ISS)",
	    "5334-5344"),
	EVU("FRM_TYPE", 0x09, frm_type_umasks, "SMI frames by type (ISS; Table 2-84: ISS_EV)",
	    "5176-5193"),
	{ .name = "DRAM_CMD", .code = 0x0a, .counters = ALL_CTRS, .max_inc = 1,
	  UPM_UMASKS(dram_cmd_umasks), UPM_SUBS(dram_cmd_subs),
	  .desc = "DRAM commands issued, by command and scheduling mode (PLD, ISS)",
	  .source = "002:4903-4950, 5058-5119" },
	EVU("DRAM_MISC", 0x0b, dram_misc_umasks,
	    "Retries, valid and trickle commands, DRAM commands scheduled (PLD; Table 2-84: PLD_RETRY_EV)",
	    "5135-5174"),
	EV("MA_PAR_ERR", 0x0c, "MA even-parity errors", "5346-5351"),
	EVU("FVC_EV0", 0x0d, fvc0_umasks, "Fill/victim control sub-event 0: B-Box commands, responses, errors",
	    "5195-5224"),
	EVU("FVC_EV1", 0x0e, fvc1_umasks, "Fill/victim control sub-event 1", "5226-5255"),
	EVU("FVC_EV2", 0x0f, fvc2_umasks, "Fill/victim control sub-event 2", "5257-5286"),
	EVU("FVC_EV3", 0x10, fvc3_umasks, "Fill/victim control sub-event 3", "5288-5317"),
	EV("PATROL_TXNS", 0x11, "Patrol scrub transactions", "5374-5379"),
	EV("TRANS_CMDS", 0x12, "Read/write commands entered into the dispatch queue", "5476-5481"),
	EV("PAGE_MISS", 0x13, "Page misses (PRE-RAS-CAS)", "5367-5372"),
	EV("PAGE_HIT", 0x14, "Page hits (CAS only; Table 2-84: PAGE_HITS)", "5360-5365"),
	EVU("PGT_PAGE_EV2", 0x15, pgt_ev2_umasks, "Page auto-closes or empty-page hits (PGT)", "5393-5403"),
	EVU("PGT_PAGE_EV", 0x16, pgt_ev_umasks, "Open/closed page-policy transitions (PGT)", "5381-5391"),
	EV("MULTICAS", 0x17, "Multi-CAS patrol transactions", "5353-5358"),
	EV("FVID_RACE", 0x18, "FVID races (should not occur)", "5319-5325"),
	EV("TT_CMD_CONFLICT", 0x19, "Command conflicts due to thermal throttling", "5483-5488"),
	EV("BBOX_CMDS_ALL", 0x1a, "Commands received from the B-Box", "4956-4961"),
	EV("CYCLES", 0x1b, "M-Box cycles", "4984-4989"),
	EV("SCHED_INFLIGHT_CMDS", 0x1c, "Scheduler commands accepted", "5433-5438"),
	EV("INFLIGHT_CMDS", 0x1d, "Memory controller commands accepted", "5327-5332"),
	/* Selected by set_flag_sel (CNT_CTL 21:19) with flag_mode (7). */
	FEVU("CYCLES_DSP_FILL", 0x0, dsp_umasks, "Cycles in the DSP state chosen (DSP)", "4991-5005"),
	FEVU("CYCLES_SCHED_MODE", 0x1, sched_mode_umasks, "Cycles in an ISS scheduling mode (ISS)",
	     "5042-5056"),
	FEV("CYCLES_RETRYQ_MFULL", 0x3, "Cycles the retry queue is mfull", "5035-5040"),
	FEV("CYCLES_RETRYQ_STARVED", 0x4, "Cycles the retry queue is starved", "5028-5033"),
	FEVU("CYCLES_PGT_STATE", 0x5, pgt_state_umasks, "Cycles in open or closed page mode (PGT)",
	     "5014-5026"),
	FEVU("BCMD_SCHEDQ_OCCUPANCY", 0x6, bcmd_umasks,
	     "B-Box command scheduler queue occupancy, for the FVID in map_fvid (MAP)", "4963-4982"),
};

const unsigned upm_nhmex_mbox_n_events = UPM_ARRAY_LEN(upm_nhmex_mbox_events);

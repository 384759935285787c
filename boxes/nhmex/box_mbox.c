#include "boxes/nhmex/nhmex.h"

/* M-Box 0 and 1 (Table 2-63, 002:4533-4595): GLOBAL_CTL/STATUS/OVF_CTL 0xCA0-0xCA2 and
 * 0xCE0-0xCE2, CNT_CTL_i 0xCB0+2i / 0xCF0+2i, CNT_i 0xCB1+2i / 0xCF1+2i (six 48-bit
 * counters); the sub-control registers TIMESTAMP_UNIT 0xCA4, DSP 0xCA5, ISS 0xCA6, MAP
 * 0xCA7, MSC_THR 0xCA8, PGT 0xCA9, PLD 0xCAA, ZDP_CTL_FVC 0xCAB (M-Box 1: +0x40);
 * MM_CFG/ADDR_MATCH/ADDR_MASK 0xE54-0xE56 and 0xE5C-0xE5E (8 apart; M-Box 1's MM_CFG is
 * printed "0xCE5C", 002:4539, a slip for 0xE5C as Table 1-2 and Linux have it).
 *
 * CNT_CTL (Table 2-67, 002:4633-4650): en 0, pmi_en 1, count_mode 3:2, storage_mode 5:4,
 * wrap_mode 6, flag_mode 7, inc_sel 13:9 (the event select), set_flag_sel 21:19 (the
 * second select, used only with flag_mode = 1: events with ext set). wrap_mode = 0 makes
 * a counter stop at overflow; every control value sets it so counters wrap.
 * GLOBAL_CTL ctr_en 5:0, STATUS ov 5:0, OVF_CTL clr_ov 5:0 (Tables 2-64..2-66).
 *
 * MM_CFG bit 63 is "enable debug mode (disables PMON mode)" (Table 2-70, 002:4676-4681);
 * Linux sets the same bit to enable address matching. With the two at odds, MM_CFG is
 * never written: the address terms program ADDR_MATCH/ADDR_MASK only. */
static const struct upm_filter_reg_info mbox_sub[] = {
	{ .name = "M_MSR_PMU_DSP", .inst_step = 0x40 },
	{ .name = "M_MSR_PMU_ISS", .inst_step = 0x40 },
	{ .name = "M_MSR_PMU_MAP", .inst_step = 0x40 },
	{ .name = "M_MSR_PMU_MSC_THR", .inst_step = 0x40 },
	{ .name = "M_MSR_PMU_PGT", .inst_step = 0x40 },
	{ .name = "M_MSR_PMU_PLD", .inst_step = 0x40 },
	{ .name = "M_MSR_PMU_ZDP_CTL_FVC", .inst_step = 0x40 },
	{ .name = "M_MSR_PMU_ADDR_MATCH", .inst_step = 8 },
	{ .name = "M_MSR_PMU_ADDR_MASK", .inst_step = 8 },
};
enum { DSP, ISS, MAP, THR, PGT, PLD, FVC, AMATCH, AMASK };

/* Sub-control fields (002:4731-4878), the events' settings name them. Where an event's
 * unit mask spans two fields the guide gives as one (DSP[10:7], MAP[9:6]), the term
 * spans them too; the scheduler compares bits, so overlapping terms still clash. */
#define MBOX_COMMON_FIELDS                                                           \
	/* DSP (Table 2-73): wrq_empty 10, rdq_empty 9, wrq_full 8, rdq_full 7 */        \
	{ "dsp_q", DSP, UPM_FIELD(7, 4), 0 },                                         \
	{ "dsp_lat_cnt_en", DSP, UPM_BIT(6), 0 },                                     \
	{ "dsp_fvid", DSP, UPM_FIELD(0, 6), 0 },                                      \
	/* ISS (Table 2-74) */                                                        \
	{ "iss_frame_beat", ISS, UPM_BIT(10), 0 },                                    \
	{ "iss_sched_mode_pld_trig", ISS, UPM_FIELD(7, 3), 0 },                        \
	{ "iss_sched_mode", ISS, UPM_FIELD(4, 3), 0 },                                \
	{ "iss_frm_type", ISS, UPM_FIELD(0, 4), 0 },                                  \
	/* MAP (Table 2-75): map_bcmd is anycmd 9 with cmd 8:6 */                     \
	{ "map_set_patrol_req", MAP, UPM_FIELD(11, 2), 0 },                           \
	{ "map_sel_map_ev3", MAP, UPM_BIT(10), 0 },                                   \
	{ "map_bcmd", MAP, UPM_FIELD(6, 4), 0 },                                      \
	{ "map_fvid", MAP, UPM_FIELD(0, 6), 0 },                                      \
	/* MSC_THR (Table 2-76) */                                                    \
	{ "thr_trp_pt_dn_cnd", THR, UPM_FIELD(9, 2), 0 },                             \
	{ "thr_trp_pt_up_cnd", THR, UPM_FIELD(7, 2), 0 },                             \
	{ "thr_dimm", THR, UPM_FIELD(4, 3), 0 },                                      \
	{ "thr_all_dimms", THR, UPM_BIT(3), 0 },                                      \
	{ "thr_dimms_sel", THR, UPM_FIELD(0, 3), 0 },                                 \
	/* PGT (Table 2-78) */                                                        \
	{ "pgt_empty_or_clspg", PGT, UPM_BIT(11), 0 },                                \
	{ "pgt_trig_sel", PGT, UPM_FIELD(9, 2), 0 },                                  \
	{ "pgt_trans_cmd_cnt", PGT, UPM_FIELD(7, 2), 0 },                             \
	{ "pgt_opncls_time", PGT, UPM_BIT(6), 0 },                                    \
	{ "pgt_tt_rnk_cnd", PGT, UPM_FIELD(2, 4), 0 },                                \
	{ "pgt_rnk_cnd", PGT, UPM_BIT(1), 0 },                                        \
	{ "pgt_opn2cls_cnt", PGT, UPM_BIT(0), 0 },                                    \
	/* PLD (Table 2-79): pld_misc_sel spans dram_cmd1 23:19, non_nop_trkl_cmd_cnt 18,  \
	 * vld_cmd_cnt 17 and dram_cmd1_cnt 16, the selects of DRAM_MISC */             \
	{ "pld_misc_sel", PLD, UPM_FIELD(16, 8), 0 },                                 \
	{ "pld_dram_cmd1", PLD, UPM_FIELD(19, 5), 0 },                                \
	{ "pld_trig_sel", PLD, UPM_FIELD(14, 2), 0 },                                 \
	{ "pld_addr_match1", PLD, UPM_BIT(13), 0 },                                   \
	{ "pld_dram_cmd", PLD, UPM_FIELD(8, 5), 0 },                                  \
	{ "pld_rtry_sngl_fvid", PLD, UPM_BIT(7), 0 },                                 \
	{ "pld_fvid", PLD, UPM_FIELD(1, 6), 0 },                                      \
	{ "pld_cmd", PLD, UPM_BIT(0), 0 },                                            \
	/* ADDR_MATCH 33:0, ADDR_MASK 27:0 = PA[33:6] (Tables 2-71, 2-72) */           \
	{ "addr_match", AMATCH, UPM_FIELD(0, 34), 0 },                                \
	{ "addr_mask", AMASK, UPM_FIELD(0, 28), 0 }

/* ZDP_CTL_FVC, Xeon E7 (Table 2-80, 002:4827-4839): pbox_init_err 24, evnt3 23:21,
 * evnt2 20:18, evnt1 17:15, evnt0 14:12, resp 11:9, bcmd 8:6, fvid 5:0. */
static const struct upm_filter_field wsmex_mbox_filters[] = {
	MBOX_COMMON_FIELDS,
	{ "fvc_pbox_init_err", FVC, UPM_BIT(24), 0 },
	{ "fvc_evnt3", FVC, UPM_FIELD(21, 3), 0 },
	{ "fvc_evnt2", FVC, UPM_FIELD(18, 3), 0 },
	{ "fvc_evnt1", FVC, UPM_FIELD(15, 3), 0 },
	{ "fvc_evnt0", FVC, UPM_FIELD(12, 3), 0 },
	{ "fvc_resp", FVC, UPM_FIELD(9, 3), 0 },
	{ "fvc_bcmd", FVC, UPM_FIELD(6, 3), 0 },
	{ "fvc_fvid", FVC, UPM_FIELD(0, 6), 0 },
};

/* ZDP_CTL_FVC, Xeon 7500: one bit narrower below the event fields. Linux uncore_nhmex.c
 * has the 7500's event fields at 11 + 3n (NHMEX_M_PMON_ZDP_CTL_FVC_EVENT_MASK), the
 * shared fields in bits 10:0 and bit 23 (NHMEX_M_PMON_ZDP_CTL_FVC_MASK), and programs
 * bbox_cmds_read/_write as 0x2800/0x2820 (evnt0 = 5 at 13:11, bcmd = 1 at 7:5) where the
 * E7 takes 0x5000/0x5040. So: pbox_init_err 23, evnt3 22:20 .. evnt0 13:11, resp 10:8,
 * bcmd 7:5, fvid 4:0. The other sub-control registers are taken to be as on the E7. */
static const struct upm_filter_field nhmex_mbox_filters[] = {
	MBOX_COMMON_FIELDS,
	{ "fvc_pbox_init_err", FVC, UPM_BIT(23), 0 },
	{ "fvc_evnt3", FVC, UPM_FIELD(20, 3), 0 },
	{ "fvc_evnt2", FVC, UPM_FIELD(17, 3), 0 },
	{ "fvc_evnt1", FVC, UPM_FIELD(14, 3), 0 },
	{ "fvc_evnt0", FVC, UPM_FIELD(11, 3), 0 },
	{ "fvc_resp", FVC, UPM_FIELD(8, 3), 0 },
	{ "fvc_bcmd", FVC, UPM_FIELD(5, 3), 0 },
	{ "fvc_fvid", FVC, UPM_FIELD(0, 5), 0 },
};

static const struct upm_ovf_route mbox_route[] = {
	{ UPM_NHMEX_SUM_S0, UPM_NHMEX_OV_MB }, { UPM_NHMEX_SUM_S1, UPM_NHMEX_OV_MB },
};

#define MBOX_TYPE(filters_, src_)                                                    \
	{                                                                            \
		.name = "mbox", .title = "Memory controller (M-Box)",                \
		.space = UPM_SPACE_MSR, .max_instances = 2, .stride = 0x40,          \
		.box_ctl = 0xCA0,                                                    \
		.ctl = { 0xCB0, 0xCB2, 0xCB4, 0xCB6, 0xCB8, 0xCBA },                 \
		.ctr = { 0xCB1, 0xCB3, 0xCB5, 0xCB7, 0xCB9, 0xCBB },                 \
		.n_ctrs = 6, .ctr_width = 48, .ctl_width = 64, .fixed_ctr = UPM_NO_REG, \
		.filter_regs = { 0xCA5, 0xCA6, 0xCA7, 0xCA8, 0xCA9, 0xCAA, 0xCAB, 0xE55, 0xE56 }, \
		.n_filter_regs = 9, .filter_width = 64, .filter_info = mbox_sub,     \
		.filters = (filters_), .n_filters = UPM_ARRAY_LEN(filters_),          \
		.ovf_status = 0xCA1, .ovf_clear = 0xCA2, .ovf_route = mbox_route,    \
		.ctr_writable = 1,                                                   \
		.ctl_layout = { .en = UPM_BIT(0), .wrap = UPM_BIT(6), .ev_sel_ext = UPM_BIT(7), \
				.ev_sel = UPM_FIELD(9, 5), .ev_sel_alt = UPM_FIELD(19, 3) }, \
		.box_ctl_layout = { .ctr_en = UPM_FIELD(0, 6) },                     \
		.session = UPM_NHMEX_SESSION, .events = upm_nhmex_mbox_events,       \
		.n_events = &upm_nhmex_mbox_n_events, .source = (src_),              \
	}

const struct upm_box_type upm_wsmex_mbox = MBOX_TYPE(wsmex_mbox_filters, "002:4445-4878");
const struct upm_box_type upm_nhmex_mbox =
	MBOX_TYPE(nhmex_mbox_filters, "002:4445-4878; 7500 ZDP_CTL_FVC: Linux uncore_nhmex.c");

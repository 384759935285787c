#include "boxes/nhmex/nhmex.h"

/* S-Box 0 and 1 (Table 2-25, 002:2394-2434): GLOBAL_CTL/STATUS/OVF_CTL and SUMMARY at
 * 0xC40-0xC43 and 0xCC0-0xCC3, CTL_i 0xC50+2i / 0xCD0+2i, CTR_i 0xC51+2i / 0xCD1+2i: four
 * 48-bit counters (Table 1-1's "6" is contradicted by the register table and 2.5.2,
 * 002:2376). MM_CFG/MATCH/MASK 0xE48-0xE4A and 0xE58-0xE5A: 0x10 apart.
 * CTL (Table 2-30, 002:2493-2510): the generic layout plus reset_occ_cnt 17, set in the
 * write that enables the counter (002:2390). GLOBAL_CTL ctr_en 3:0, STATUS ov 3:0,
 * OVF_CTL clr_ov 3:0 (Tables 2-27..2-29, 002:2459-2479).
 *
 * Match/mask (002:2524-2538): MATCH and MASK may be written only while MM_CFG.mm_en
 * (bit 63) is clear ("a write to match/mask will produce a GP fault" otherwise), and
 * mm_en is set last: MM_CFG is their gate. */
static const struct upm_filter_reg_info sbox_mm[] = {
	{ .name = "S_MSR_MATCH", .inst_step = 0x10 },
	{ .name = "S_MSR_MASK", .inst_step = 0x10 },
	{ .name = "S_MSR_MM_CFG", .inst_step = 0x10, .gate = UPM_BIT(63) },
};

/* MATCH (Table 2-33, 002:2547-2555): resp 63:59, opc 58:48, mc 47:43, addr 42:5, hnid 4:0;
 * MASK (Table 2-35, 002:2575-2581): addr 38:1, hnid 0 (62:39 ignored). Whole registers. */
static const struct upm_filter_field sbox_filters[] = {
	{ "match", 0, UPM_FIELD(0, 64), UPM_FILT_SBOX_MATCH },
	{ "mask", 1, UPM_FIELD(0, 39), UPM_FILT_SBOX_MATCH },
};

static const struct upm_ovf_route sbox_route[] = {
	{ UPM_NHMEX_SUM_S0, UPM_NHMEX_OV_S }, { UPM_NHMEX_SUM_S1, UPM_NHMEX_OV_S },
};

#define SBOX_TYPE(events_, n_events_, src_) \
	{ \
	.name = "sbox", \
	.title = "System interface (S-Box)", \
	.space = UPM_SPACE_MSR, \
	.max_instances = 2, \
	.stride = 0x80, \
	.box_ctl = 0xC40, \
	.ctl = { 0xC50, 0xC52, 0xC54, 0xC56 }, \
	.ctr = { 0xC51, 0xC53, 0xC55, 0xC57 }, \
	.n_ctrs = 4, \
	.ctr_width = 48, \
	.ctl_width = 64, \
	.fixed_ctr = UPM_NO_REG, \
	.filter_regs = { 0xE49, 0xE4A, 0xE48 }, \
	.n_filter_regs = 3, \
	.filter_width = 64, \
	.filter_info = sbox_mm, \
	.filters = sbox_filters, \
	.n_filters = UPM_ARRAY_LEN(sbox_filters), \
	.ovf_status = 0xC41, \
	.ovf_clear = 0xC42, \
	.ovf_route = sbox_route, \
	.ctr_writable = 1, \
	.ctl_layout = { UPM_NHMEX_GENERIC_CTL, .occ_rst = UPM_BIT(17) }, \
	.box_ctl_layout = { .ctr_en = UPM_FIELD(0, 4) }, \
	.session = UPM_NHMEX_SESSION, \
	.events = (events_), \
	.n_events = (n_events_), \
	.source = (src_), \
	}

/* Xeon E7: its own event table (ten C-Boxes in the pair unit masks, local NCS events). */
const struct upm_box_type upm_wsmex_sbox =
	SBOX_TYPE(upm_wsmex_sbox_events, &upm_wsmex_sbox_n_events, "002:2366-2569");

/* Xeon 7500: the same registers (Linux uncore_nhmex.c drives both with one S-Box type),
 * with the 7500's event table. */
const struct upm_box_type upm_nhmex_sbox = SBOX_TYPE(upm_nhmex_sbox_events, &upm_nhmex_sbox_n_events,
						     "002:2366-2569 (E7 layout); events: 323535-001");

#include "boxes/nhmex/nhmex.h"

/* C-Box n (Table 2-9, 002:774-945; Table 1-2, 002:312-378): GLOBAL_CTL/STATUS/OVF_CTL at
 * base, base+1, base+2; EVT_SEL_i at base+0x10+2i and CTR_i at base+0x11+2i, six 48-bit
 * counters. The bases are not in instance order: C-Box 0 0xD00, 4 0xD20, 2 0xD40,
 * 6 0xD60, 1 0xD80, 5 0xDA0, 3 0xDC0, 7 0xDE0, 8 0xF40, 9 0xFC0 (002:945, 929, 913, 894,
 * 878, 859, 843, 827, 808, 792; Table 1-2's "0xD82-0xDE0" for C-Box 1, 002:335, is a slip
 * for 0xD82-0xD80). Linux uncore_nhmex.c (nhmex_cbox_msr_offsets) has the same offsets.
 * GLOBAL_CTL ctr_en 5:0, STATUS ov 5:0, OVF_CTL clr_ov 5:0 (Tables 2-10..2-12,
 * 002:955-971). */
static const uint32_t cbo_base[] = { 0x000, 0x080, 0x040, 0x0C0, 0x020,
				     0x0A0, 0x060, 0x0E0, 0x240, 0x2C0 };

/* Table 2-26 (002:2440-2453): C-Box 0/1 -> S0 ov_c_l, 2/3 -> S0 ov_c_m, 4 -> S0 ov_c_h,
 * 5/6 -> S1 ov_c_l, 7/8 -> S1 ov_c_m, 9 -> S1 ov_c_h. */
static const struct upm_ovf_route cbo_route_e7[] = {
	{ UPM_NHMEX_SUM_S0, UPM_NHMEX_OV_C_L }, { UPM_NHMEX_SUM_S0, UPM_NHMEX_OV_C_L },
	{ UPM_NHMEX_SUM_S0, UPM_NHMEX_OV_C_M }, { UPM_NHMEX_SUM_S0, UPM_NHMEX_OV_C_M },
	{ UPM_NHMEX_SUM_S0, UPM_NHMEX_OV_C_H }, { UPM_NHMEX_SUM_S1, UPM_NHMEX_OV_C_L },
	{ UPM_NHMEX_SUM_S1, UPM_NHMEX_OV_C_L }, { UPM_NHMEX_SUM_S1, UPM_NHMEX_OV_C_M },
	{ UPM_NHMEX_SUM_S1, UPM_NHMEX_OV_C_M }, { UPM_NHMEX_SUM_S1, UPM_NHMEX_OV_C_H },
};

#define CBO_TYPE(n_, route_, n_events_, src_)                                                   \
	{                                                                            \
		.name = "cbo", .title = "LLC coherence engine (C-Box), one per LLC slice", \
		.space = UPM_SPACE_MSR, .max_instances = (n_), .instance_base = cbo_base, \
		.count_clamped_to_cores = 1, /* Linux uncore_nhmex.c: x86_max_cores */ \
		.box_ctl = 0xD00,                                                    \
		.ctl = { 0xD10, 0xD12, 0xD14, 0xD16, 0xD18, 0xD1A },                 \
		.ctr = { 0xD11, 0xD13, 0xD15, 0xD17, 0xD19, 0xD1B },                 \
		.n_ctrs = 6, .ctr_width = 48, .ctl_width = 64, .fixed_ctr = UPM_NO_REG, \
		.ovf_status = 0xD01, .ovf_clear = 0xD02, .ovf_lo = 0, .ovf_route = (route_), \
		.ctr_writable = 1, .ctl_layout = { UPM_NHMEX_GENERIC_CTL },          \
		.box_ctl_layout = { .ctr_en = UPM_FIELD(0, 6) },                     \
		.session = UPM_NHMEX_SESSION, .events = upm_nhmex_cbo_events,        \
		.n_events = (n_events_), .source = (src_),                           \
	}

/* Xeon E7: ten C-Boxes (Table 1-1, 002:300; the text's "eight instances", 002:752, is
 * contradicted by the ten register blocks of Table 2-9). */
const struct upm_box_type upm_wsmex_cbo = CBO_TYPE(10, cbo_route_e7, &upm_wsmex_cbo_n_events, "002:752-1001");

/* Xeon 7500: eight C-Boxes, 0-7 at the same addresses (C-Box 8 and 9, 0xF40 and 0xFC0,
 * are the E7's additions). The count is the 7500's eight cores and LLC slices: Linux
 * nhmex_uncore_cpu_init limits the C-Boxes to the cores, at most ten. How the 7500's
 * eight C-Boxes map onto the S-Box summary bits is in no source read, so no route is
 * given: their status is read whenever the global status shows an overflow. */
const struct upm_box_type upm_nhmex_cbo = CBO_TYPE(8, NULL, &upm_nhmex_cbo_n_events,
						   "002:752-1001 (E7 layout); 7500 count: Linux uncore_nhmex.c");

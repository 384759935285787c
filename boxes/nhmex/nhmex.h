/* Room boxes/nhmex: Xeon 7500's and Xeon E7's box types, event tables, groups, metrics
 * and check profile. Includes boxes.
 *
 * Xeon 7500 (Nehalem-EX, nhmex) and Xeon E7 (Westmere-EX, wsmex) box types.
 * Guide: Xeon E7 Family Uncore Performance Monitoring Programming Guide 325294-001,
 * seed 002_0a58b738de4f4a68.txt (cited as 002:LINES); the Xeon 7500 guide survives only
 * as a C-Box excerpt (seed 004). Where the 7500 differs, the fact comes from Linux
 * arch/x86/events/intel/uncore_nhmex.c (boxes/PUBLIC_FACTS.md, section "Xeon 7500 / E7").
 *
 * Every box is MSR-addressed, under U_MSR_PMON_GLOBAL_CTL (0xC00): a counter counts
 * when it is enabled locally, at its box (*_GLOBAL_CTL, one bit per counter) and
 * globally (en_all), 002:414-458. Each box's control layout is its own. */
#ifndef UPMON_BOXES_NHMEX_H
#define UPMON_BOXES_NHMEX_H

#include "boxes/box.h"
#include "boxes/nhmex/nhmex_events.h"

extern const struct upm_box_type upm_nhmex_ubox, upm_nhmex_cbo, upm_wsmex_cbo, upm_nhmex_bbox,
	upm_nhmex_sbox, upm_wsmex_sbox, upm_nhmex_mbox, upm_wsmex_mbox, upm_nhmex_rbox, upm_nhmex_wbox,
	upm_wsmex_wbox;

/* The health check's profile, one for both platforms (check.c). */
struct upm_check_profile;
extern const struct upm_check_profile upm_nhmex_check;

/* The M-Box and R-Box event tables (events_mbox.c, events_rbox.c). */
extern const struct upm_event_def upm_nhmex_mbox_events[];
extern const unsigned upm_nhmex_mbox_n_events;
extern const struct upm_event_def upm_nhmex_rbox_events[];
extern const unsigned upm_nhmex_rbox_n_events;

/* Where each box's overflow shows in the S-Box summaries: platform summary 0 is
 * S0_MSR_PMON_SUMMARY, 1 is S1's (boxes/nhmex/map.c); bits of Table 2-26 (002:2440-2453). */
#define UPM_NHMEX_SUM_S0 0
#define UPM_NHMEX_SUM_S1 1
#define UPM_NHMEX_OV_C_L 0   /* C-Box 0/1 (S0), 5/6 (S1) */
#define UPM_NHMEX_OV_C_M 2   /* C-Box 2/3 (S0), 7/8 (S1) */
#define UPM_NHMEX_OV_MB 16   /* the M-Box or B-Box of that side */
#define UPM_NHMEX_OV_S 18    /* the S-Box itself */
#define UPM_NHMEX_OV_R 19    /* the R-Box half of that side */
#define UPM_NHMEX_OV_C_H 20  /* C-Box 4 (S0), 9 (S1) */
/* Bits of U_MSR_PMON_GLOBAL_STATUS (Table 2-3, 002:514-524). */
#define UPM_NHMEX_GS_OV_U 0
#define UPM_NHMEX_GS_OV_W 1
#define UPM_NHMEX_GS_OV_S1 2
#define UPM_NHMEX_GS_OV_S0 3

/* Counter controls of the C-, S- and W-Box (Tables 2-13, 2-30, 2-97: 002:985-1001,
 * 2493-2510, 5579-5597): ev_sel 7:0, umask 15:8, edge 18, en 22, invert 23, threshold
 * 31:24; pmi_en (20) is left clear. */
#define UPM_NHMEX_GENERIC_CTL                                                        \
	.ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .edge = UPM_BIT(18),     \
	.en = UPM_BIT(22), .invert = UPM_BIT(23), .thresh = UPM_FIELD(24, 8)

#define UPM_NHMEX_SESSION (UPM_SESS_BOX_ENABLE_MASK | UPM_SESS_GLOBAL_RESET)

#endif

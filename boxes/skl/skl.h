/* Room boxes/skl: 6th-generation Core's box types, event tables, groups, metrics, check
 * profile and global control. Includes boxes.
 *
 * 6th-generation Core (Skylake client) box types, event tables and global control.
 * Guide: 334060-001 / 331051-001, seed 001_f69aba9de51b253a.txt (cited as 001:LINES). */
#ifndef UPMON_BOXES_SKL_H
#define UPMON_BOXES_SKL_H

#include "boxes/box.h"
#include "boxes/group.h"
#include "boxes/metric.h"
#include "boxes/platform.h"

extern const struct upm_box_type upm_skl_ncu, upm_skl_cbo, upm_skl_arb, upm_skl_imc;
extern const struct upm_global_ctl upm_skl_global;
extern const struct upm_check_profile upm_skl_check;
extern const struct upm_metric upm_skl_metrics[];
extern const unsigned upm_skl_n_metrics;

/* Shipped event groups (groups.c). */
extern const struct upm_group upm_skl_groups[];
extern const unsigned upm_skl_n_groups;

extern const struct upm_event_def upm_skl_cbo_events[], upm_skl_arb_events[];
extern const unsigned upm_skl_cbo_n_events, upm_skl_arb_n_events;
/* Boxes with no programmable events (the fixed counter, the IMC free-running ones). */
extern const unsigned upm_skl_no_events;

/* PERFEVTSEL fields shared by the CBo and ARB event selects: Table 2-7, sheet 1 at
 * 001:344-377 (THR down to bit 19), sheet 2's rows printed ahead of its heading at
 * 001:398-413 (E down to EVT_SEL). THR 28:24, INV 23, EN 22, OVF_EN 20, E 18, UMASK
 * 15:8, EVT_SEL 7:0; 21, 19 and 17:16 reserved. No reset bit, no tid_en. */
#define UPM_SKL_PERFEVTSEL_LAYOUT                                                     \
	{                                                                             \
		.ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .edge = UPM_BIT(18), \
		.ov_en = UPM_BIT(20), .en = UPM_BIT(22), .invert = UPM_BIT(23),       \
		.thresh = UPM_FIELD(24, 5),                                           \
	}

#endif

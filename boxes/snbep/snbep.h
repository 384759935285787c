/* Room boxes/snbep: Sandy Bridge-EP's box types, event tables, groups, metrics, check
 * profile and link rates. Includes boxes and boxes/ep.
 *
 * Sandy Bridge-EP (Xeon E5-2600) box types and event tables.
 * Guide: 327043-001, seed 000_b315dbf0b9943fe1.txt (cited as 000:LINES). */
#ifndef UPMON_BOXES_SNBEP_H
#define UPMON_BOXES_SNBEP_H

#include "boxes/box.h"
#include "boxes/group.h"
#include "boxes/metric.h"

extern const struct upm_metric upm_snbep_metrics[];
extern const struct upm_check_profile upm_snbep_check;
extern const struct upm_link_rate upm_snbep_link_rate; /* link_rate.c */
extern const unsigned upm_snbep_n_metrics;

/* Shipped event groups (groups.c). */
extern const struct upm_group upm_snbep_groups[];
extern const unsigned upm_snbep_n_groups;

extern const struct upm_box_type upm_snbep_ubox, upm_snbep_cbo, upm_snbep_pcu, upm_snbep_ha,
	upm_snbep_imc, upm_snbep_qpi, upm_snbep_r2pcie, upm_snbep_r3qpi;

/* The UBox PCI function with the node-id registers (device 0x3CE0). Linux finds it by
 * device ID; its place on the uncore bus, device 11 function 0, is from public lspci
 * listings of Xeon E5-2600 systems (see boxes/PUBLIC_FACTS.md). */
#define UPM_SNBEP_UBOX_DEV 11
#define UPM_SNBEP_UBOX_FN 0

#define UPM_SNBEP_EVENTS(box)                                   \
	extern const struct upm_event_def upm_snbep_##box##_events[]; \
	extern const unsigned upm_snbep_##box##_n_events

UPM_SNBEP_EVENTS(ubox);
UPM_SNBEP_EVENTS(cbo);
UPM_SNBEP_EVENTS(pcu);
UPM_SNBEP_EVENTS(ha);
UPM_SNBEP_EVENTS(imc);
UPM_SNBEP_EVENTS(qpi);
UPM_SNBEP_EVENTS(r2pcie);
UPM_SNBEP_EVENTS(r3qpi);

/* Box control fields shared by CBo, PCU, QPI, R2PCIe, R3QPI: Table 2-9 (000:530-547),
 * 2-74 (000:2766-2776), 2-85 (000:3430-3440). rst_ctrs/rst_ctrl rows are lost in the
 * extraction; bits 1 and 0 come from step (e) "[1:0] = 0x2" (000:285-289) and the
 * surviving descriptions (000:544-547). */
#define UPM_SNBEP_BOX_CTL_WITH_RESET \
	{ .frz_en = UPM_BIT(16), .frz = UPM_BIT(8), .rst_ctrs = UPM_BIT(1), .rst_ctrl = UPM_BIT(0) }
/* Counter control of the HA and iMC: Tables 2-35, 2-61 (000:1568-1604, 2221-2249):
 * like the CBo's but without tid_en and rst. */
#define UPM_SNBEP_PCI_CTL_LAYOUT                                                    \
	{ .ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .edge = UPM_BIT(18),  \
	  .en = UPM_BIT(22), .invert = UPM_BIT(23), .thresh = UPM_FIELD(24, 8) }
/* HA and iMC: frz_en and frz only; bits 1:0 reserved, written 0 (000:1546-1562, 2190-2215). */
#define UPM_SNBEP_BOX_CTL_NO_RESET { .frz_en = UPM_BIT(16), .frz = UPM_BIT(8) }

#endif

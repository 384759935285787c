/* Room boxes/ivbep: Ivy Bridge-EP's box types, event tables, groups, metrics, check
 * profile and link rates, on Sandy Bridge-EP's where they are the same. Includes boxes,
 * boxes/ep and boxes/snbep.
 *
 * Ivy Bridge-EP (Xeon E5-2600 v2 / E7 v2, CPUID model 0x3E) box types and event tables.
 * The guides give only the QPI chapter of this processor (seed 003_4afc7f51a5cfbfb5.txt,
 * cited as 003:LINES); the Ivy Bridge-EP uncore manual 329468-002 itself is cited by its
 * page numbers as published (public copy: manualshelf.com "uncore-manual" pages, page
 * N of the guide = page N+6 there). Facts from other public sources are cited beside
 * them and collected in boxes/PUBLIC_FACTS.md ("Ivy Bridge-EP"). */
#ifndef UPMON_BOXES_IVBEP_H
#define UPMON_BOXES_IVBEP_H

#include "boxes/box.h"
#include "boxes/group.h"
#include "boxes/metric.h"
#include "boxes/names.h"

/* perfmon IVT names the tables do not take, each with its reason (perfmon_left_out.c). */
extern const struct upm_perfmon_left_out upm_ivbep_perfmon_left_out[];
extern const unsigned upm_ivbep_n_perfmon_left_out;

extern const struct upm_metric upm_ivbep_metrics[];
extern const unsigned upm_ivbep_n_metrics;

/* Shipped event groups (groups.c). */
extern const struct upm_group upm_ivbep_groups[];
extern const unsigned upm_ivbep_n_groups;
extern const struct upm_check_profile upm_ivbep_check;
extern const struct upm_link_rate upm_ivbep_link_rate; /* link_rate.c */

extern const struct upm_box_type upm_ivbep_ubox, upm_ivbep_cbo, upm_ivbep_pcu, upm_ivbep_ha,
	upm_ivbep_imc, upm_ivbep_qpi, upm_ivbep_r2pcie, upm_ivbep_r3qpi, upm_ivbep_irp;

/* The UBox function with the node-id registers: device 0x0E1E at 0B.0 (Linux
 * ivbep_uncore_pci_init; public lspci logs, boxes/PUBLIC_FACTS.md LOG-IVT-1..4). */
#define UPM_IVBEP_UBOX_DEV 11
#define UPM_IVBEP_UBOX_FN 0

#define UPM_IVBEP_EVENTS(box)                                   \
	extern const struct upm_event_def upm_ivbep_##box##_events[]; \
	extern const unsigned upm_ivbep_##box##_n_events

UPM_IVBEP_EVENTS(ubox);
UPM_IVBEP_EVENTS(cbo);
UPM_IVBEP_EVENTS(pcu);
UPM_IVBEP_EVENTS(ha);
UPM_IVBEP_EVENTS(imc);
UPM_IVBEP_EVENTS(qpi);
UPM_IVBEP_EVENTS(r2pcie);
UPM_IVBEP_EVENTS(r3qpi);
UPM_IVBEP_EVENTS(irp);

/* Box control of every Ivy Bridge-EP box that has one: 329468-002 Table 2-13 (CBo,
 * p.33), 2-38 (HA, p.56), 2-72 (iMC, p.79): rst_ctrl 0, rst_ctrs 1, frz 8, all
 * write-only, and bits 17:16 "reserved; SW must write to 1". There is no frz_en: frz
 * alone freezes the box. (Sandy Bridge-EP had frz_en and ov_en in those two bits; the
 * SNB datasheet vol. 2 PmonUnitCtrl table names them so.) Linux writes 0x3 to
 * initialise (IVBEP_PMON_BOX_CTL_INT, without bits 17:16); the guide is followed here,
 * so setup writes 0x30000/0x30100/0x30102, start 0x30000, stop 0x30100. */
#define UPM_IVBEP_BOX_CTL                                                       \
	{ .frz = UPM_BIT(8), .rst_ctrs = UPM_BIT(1), .rst_ctrl = UPM_BIT(0),     \
	  .write_ones = UPM_FIELD(16, 2) }

/* PCI box status 0xF8 beside the box control, controls and counters Sandy Bridge-EP
 * placed (boxes/ep/ep.h, UPM_EP_PCI_REGS) (likwid registers.h PCI_UNC_*_PMON_BOX_STATUS;
 * 329468-002 Tables 2-39, 2-73 give its ov field, write-1-to-clear). */
#define UPM_IVBEP_PCI_BOX_STATUS 0xF8

/* Counter control of the PCI boxes: ev_sel 7:0, umask 15:8, rst 17, edge 18, ov_en 20,
 * en 22, thresh 31:24. ov_en at bit 20: the guide names the field (003:50-52, and
 * 329468-002 2.1.1) without its position in the excerpts read; bit 20 is PCM's
 * UCLK_FIXED_CTL_OV_EN and the field's place on later parts. No invert: Linux's
 * IVBEP_PMON_RAW_EVENT_MASK leaves bit 23 out (the E7 v2 datasheet shows it on the iMC;
 * not offered). */
#define UPM_IVBEP_PCI_CTL_LAYOUT                                                    \
	{ .ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .rst = UPM_BIT(17),   \
	  .edge = UPM_BIT(18), .ov_en = UPM_BIT(20), .en = UPM_BIT(22),             \
	  .thresh = UPM_FIELD(24, 8) }

#endif

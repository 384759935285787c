/* Room boxes/ep: what the Sandy Bridge-EP and Ivy Bridge-EP box types share. Includes
 * boxes. */
/* The register layout Sandy Bridge-EP (boxes/snbep/) and Ivy Bridge-EP (boxes/ivbep/) share,
 * as designated-initializer fragments of struct upm_box_type, in the way Linux's
 * uncore_snbep.c lets its ivbep types reuse the SNBEP_* layout macros. Each platform's box
 * type spells out what differs (instances, device IDs, control layouts, box status, its
 * events and sources); addresses every generation keeps stand here once. Event encodings
 * stay in each platform's own tables.
 *
 * Sandy Bridge-EP: guide 327043-001 (seed 000, cited 000:LINES). Ivy Bridge-EP: 329468-002,
 * cited by page, and its QPI excerpt (seed 003); where its excerpts say nothing, Linux's
 * ivbep types, which use the SNBEP_* addresses, PCM (JKTIVT_*) and likwid. */
#ifndef UPMON_BOXES_EP_EP_H
#define UPMON_BOXES_EP_EP_H

#include "boxes/box.h"

/* UBox: no box control; counter controls 0xC10-0xC11, two 44-bit counters 0xC16-0xC17 and
 * the 48-bit UCLK fixed counter, control 0xC08 (enable bit 22), counter 0xC09. Layouts:
 * 000:339-386, widths 000:369-374; the MSR numbers are lost from the extraction and come
 * from Linux uncore_snbep.c (SNBEP_U_MSR_PMON_CTL0 0xc10, _CTR0 0xc16,
 * _UCLK_FIXED_CTL 0xc08, _CTR 0xc09), which ivbep_uncore_ubox reuses. */
#define UPM_EP_UBOX_REGS                                                             \
	.space = UPM_SPACE_MSR, .max_instances = 1, .box_ctl = UPM_NO_REG,           \
	.ctl = { 0xC10, 0xC11 }, .ctr = { 0xC16, 0xC17 }, .n_ctrs = 2,               \
	.ctr_width = 44, .ctl_width = 32, .fixed_ctl = 0xC08, .fixed_ctr = 0xC09,    \
	.fixed_width = 48, .fixed_en = UPM_BIT(22), .fixed_event = "UCLK",           \
	.fixed_clock = 1

/* CBo: one box per LLC slice at a 0x20 stride from box control 0xD04, controls
 * 0xD10-0xD13, filter 0xD14, four 44-bit counters 0xD16-0xD19 (000:138-164, 460-524;
 * 329468-002 p.33-34; Linux SNBEP_C0_MSR_PMON_* with SNBEP_CBO_MSR_OFFSET 0x20, used by
 * ivbep_uncore_cbox). The slices beyond the cores are absent (Linux). */
#define UPM_EP_CBO_REGS                                                              \
	.space = UPM_SPACE_MSR, .count_clamped_to_cores = 1, .stride = 0x20,         \
	.box_ctl = 0xD04, .ctl = { 0xD10, 0xD11, 0xD12, 0xD13 },                     \
	.ctr = { 0xD16, 0xD17, 0xD18, 0xD19 }, .n_ctrs = 4, .ctr_width = 44,         \
	.ctl_width = 32, .fixed_ctr = UPM_NO_REG, .filter_width = 32

/* PCU: box control 0xC24, controls 0xC30-0xC33, band filter 0xC34, four 48-bit counters
 * 0xC36-0xC39 (000:2752-2758 for the control and the counter controls; the rest was on
 * the sheet of Table 2-73 lost from the extraction: Linux SNBEP_PCU_MSR_PMON_CTR0 0xc36,
 * _BOX_FILTER 0xc34, which ivbep_uncore_pcu reuses; PCM JKTIVT_PCU_*). */
#define UPM_EP_PCU_REGS                                                              \
	.space = UPM_SPACE_MSR, .max_instances = 1, .box_ctl = 0xC24,                \
	.ctl = { 0xC30, 0xC31, 0xC32, 0xC33 }, .ctr = { 0xC36, 0xC37, 0xC38, 0xC39 },  \
	.n_ctrs = 4, .ctr_width = 48, .ctl_width = 32, .fixed_ctr = UPM_NO_REG,      \
	.filter_regs = { 0xC34 }, .n_filter_regs = 1, .filter_width = 32,           \
	.filters = upm_ep_pcu_band_filters, .n_filters = 4
/* PCU band filter: one frequency band per byte, 100 MHz units (Table 2-77,
 * 000:2863-2882; 329468-002 p.113, perfmon FREQ_BAND0..3_CYCLES: PCUFilter[7:0]..[31:24]). */
extern const struct upm_filter_field upm_ep_pcu_band_filters[4];

/* PCI boxes: box control 0xF4, counter controls from 0xD8 at 4-byte steps, counters from
 * 0xA0 at 8-byte steps read as two dwords, low first (Table 1-3, 000:168-208; tables 2-33,
 * 2-59, 2-84: 000:1520-1538, 2159-2184, 3391-3421). Ivy Bridge-EP keeps them (Linux
 * SNBEP_PCI_PMON_BOX_CTL 0xf4, _CTL0 0xd8, _CTR0 0xa0 in its ivbep PCI types). */
#define UPM_EP_PCI_BOX_CTL 0xF4
#define UPM_EP_PCI_CTLS { 0xD8, 0xDC, 0xE0, 0xE4 }
#define UPM_EP_PCI_CTRS { 0xA0, 0xA8, 0xB0, 0xB8 }
/* A PCI box with four counters of `width` bits. */
#define UPM_EP_PCI_REGS(width)                                                       \
	.space = UPM_SPACE_PCI, .box_ctl = UPM_EP_PCI_BOX_CTL, .ctl = UPM_EP_PCI_CTLS, \
	.ctr = UPM_EP_PCI_CTRS, .n_ctrs = 4, .ctr_width = (width), .ctl_width = 32
/* R3QPI: three 44-bit counters (000:172-175; Linux snbep/ivbep_uncore_r3qpi). */
#define UPM_EP_R3QPI_REGS                                                            \
	.space = UPM_SPACE_PCI, .box_ctl = UPM_EP_PCI_BOX_CTL,                       \
	.ctl = { 0xD8, 0xDC, 0xE0 }, .ctr = { 0xA0, 0xA8, 0xB0 }, .n_ctrs = 3,        \
	.ctr_width = 44, .ctl_width = 32, .fixed_ctr = UPM_NO_REG

/* HA address and opcode match: ADDRMATCH0 0x40 (PA[31:6] in bits 31:6), ADDRMATCH1 0x44
 * (PA[45:32] in bits 13:0), OPCODEMATCH 0x48 (opcode in 5:0) (Tables 2-37..2-39,
 * 000:1609-1651; Linux SNBEP_HA_PCI_PMON_BOX_ADDRMATCH0/1, _OPCODEMATCH; perfmon IVT's
 * HA_AddrMatch0[31:6], HA_AddrMatch1[13:0], HA_OpcodeMatch[5:0]). */
#define UPM_EP_HA_MATCH                                                              \
	.filter_regs = { 0x40, 0x44, 0x48 }, .n_filter_regs = 3, .filter_width = 32, \
	.filters = upm_ep_ha_match_filters, .n_filters = 3
extern const struct upm_filter_field upm_ep_ha_match_filters[3];

/* iMC fixed DRAM-clock counter: control 0xF0 (en 22, rst 19; Table 2-62, 000:2259-2270),
 * 48-bit counter 0xD0/0xD4 (Table 1-3; Linux SNBEP_MC_CHy_PCI_PMON_FIXED_CTL/CTR, which
 * ivbep_uncore_imc reuses with fixed_ctr_bits 48). */
#define UPM_EP_IMC_FIXED                                                             \
	.fixed_ctl = 0xF0, .fixed_ctr = 0xD0, .fixed_width = 48,                     \
	.fixed_en = UPM_BIT(22), .fixed_rst = UPM_BIT(19), .fixed_event = "DCLK",    \
	.fixed_clock = 1

/* QPI packet match/mask on each port's filter function: MATCH0 0x228, MATCH1 0x22C,
 * MASK0 0x238, MASK1 0x23C, taken whole (000:3490-3524; Linux SNBEP_Q_Py_PCI_PMON_PKT_*,
 * used by ivbep_uncore_qpi; 329468-002 Tables 2-134..2-136, p.136). Offsets above 0xFF
 * are reached through ECAM only. */
#define UPM_EP_QPI_MATCH                                                             \
	.filter_regs = { 0x228, 0x22C, 0x238, 0x23C }, .n_filter_regs = 4,          \
	.filter_width = 32, .filters = upm_ep_qpi_match_filters, .n_filters = 4
extern const struct upm_filter_field upm_ep_qpi_match_filters[4];

#endif

/* Granite Rapids / Sierra Forest box-type templates (gnr.h): what a discovered unit of
 * each type is beyond the table's addresses, counts and widths. Registers are offsets from
 * the unit's control. Sources: Linux arch/x86/events/intel/uncore_snbep.c gnr_uncores[]
 * (which types take SPR's formats: the CHA spr_uncore_chabox, IIO, IRP, PCU and IMC
 * spr's, the PCI units SPR_UNCORE_PCI_COMMON_FORMAT, B2CXL and the CXL units the 8-byte
 * MMIO step), uncore_discovery.h (the generic unit), Intel PCM src/types.h (the BHS_
 * registers: IIO 0x2900, IRP 0x2A00, U-Box 0x3FF0, the IMC channel's SERVER_MC_CH_PMON_*,
 * the B2CMI's SERVER_M2M_PCI_PMON_*), for offline listing; a run
 * takes every count and offset from the tables. */
#include "boxes/gnr/gnr.h"
#include "boxes/gnr/events.h"

#define GNR_UNIT(name_, title_, space_, max_, n_, ctl_, cstep_, ctr_, rstep_, ctlw_)                 \
	.name = name_, .title = title_, .space = space_, .max_instances = max_, .placed = 1,     \
	.box_ctl = 0, .n_ctrs = n_, .ctr_width = 48, .ctl_width = ctlw_,                           \
	.ctl = { ctl_, ctl_ + cstep_, ctl_ + 2 * cstep_, ctl_ + 3 * cstep_ },                      \
	.ctr = { ctr_, ctr_ + rstep_, ctr_ + 2 * rstep_, ctr_ + 3 * rstep_ },                      \
	.box_ctl_layout = UPM_DISC_BOX_CTL_LAYOUT, .session = UPM_DISC_SESSION
#define GNR_EVENTS(tag_, ev_) .events = upm_##tag_##_events_##ev_, .n_events = &upm_##tag_##_n_events_##ev_
/* MSR units: counter control 0 at +2, counter 0 at +8 (PCM BHS_IRP_CTL_REG_OFFSET 2,
 * BHS_IRP_CTR_REG_OFFSET 8; BHS_M2IOSF_IIO_CTL0 0x2902, _CTR0 0x2908 of unit 0x2900). */
#define GNR_MSR(name_, title_, max_, n_) GNR_UNIT(name_, title_, UPM_SPACE_MSR, max_, n_, 2, 1, 8, 1, 64)
#define GNR_NO_FIXED .fixed_ctl = UPM_NO_REG, .fixed_ctr = UPM_NO_REG

/* CHA filter 0 at +0xE, TID 10 bits, tid_en bit 16 (spr_uncore_chabox, which gnr_uncores
 * takes). */
static const struct upm_filter_field cha_filters[] = {
	{ "filter_tid", 0, UPM_FIELD(0, 10), UPM_FILT_CBO_TID },
};

#define GNR_CHA(tag_)                                                                                      \
	GNR_MSR("cha", "Caching and home agent (CHA)", 256, 4), GNR_EVENTS(tag_, cha),                     \
	.ctl_layout = { UPM_DISC_CTL_LAYOUT, .tid_en = UPM_BIT(16), .umask_ext = UPM_GNR_CHA_UMASK_EXT },       \
	GNR_NO_FIXED, .filter_regs = { 0xE }, .n_filter_regs = 1, .filter_width = 64,                      \
	.filters = cha_filters, .n_filters = UPM_ARRAY_LEN(cha_filters),                                   \
	.source = "Linux uncore_snbep.c gnr_uncores[0] = spr_uncore_chabox; PCM types.h SPR_CHA0_MSR_PMON_* " \
		  "(PCM's CX_MSR_PMON_CTRY takes them for GNR and SRF)"

/* Sierra Forest's own tables (its perfmon files differ from Granite Rapids' for these
 * units: tools/perfmon_events.py gave them upm_srf_ tables): the CHA, the IMC and the MDF. */
const struct upm_box_type upm_gnr_cha = { GNR_CHA(gnr) };
const struct upm_box_type upm_srf_cha = { GNR_CHA(srf) };

const struct upm_box_type upm_gnr_iio = {
	GNR_MSR("iio", "Integrated IO (IIO)", 16, 4), GNR_EVENTS(gnr, iio),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT, .port_mask = UPM_GNR_IIO_PORT_MASK, .fc_mask = UPM_GNR_IIO_FC_MASK },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncores[1] = spr_uncore_iio; PCM BHS_M2IOSF_* (16 units)",
};

const struct upm_box_type upm_gnr_irp = {
	GNR_MSR("irp", "IIO ring port (IRP)", 16, 2), GNR_EVENTS(gnr, irp),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncores[2] = spr_uncore_irp; PCM BHS_IRP_UNIT_CTL (16 units)",
};

const struct upm_box_type upm_gnr_pcu = {
	GNR_MSR("pcu", "Power control unit (PCU)", 1, 4), GNR_EVENTS(gnr, pcu),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncores[4] = spr_uncore_pcu",
};

const struct upm_box_type upm_gnr_ubox = {
	GNR_MSR("ubox", "Utility box (U-Box)", 1, 2), GNR_EVENTS(gnr, ubox),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncore_ubox; PCM BHS_UBOX_MSR_PMON_* (0x3FF0, two counters)",
};

/* IMC channel (MMIO): controls 4 bytes apart from +0x40, counters 8 apart from +0x8, the
 * fixed DCLK counter's control at +0x54 (enable bit 22) and counter at +0x38 (spr_uncore_imc,
 * which gnr_uncores takes; PCM SERVER_MC_CH_PMON_*, which it uses for GNR and SRF). */
#define GNR_IMC(tag_)                                                                                  \
	GNR_UNIT("imc", "Memory controller channel (iMC)", UPM_SPACE_MMIO, 16, 4, 0x40, 4, 0x8, 8, 32),   \
	GNR_EVENTS(tag_, imc), .ctl_layout = { UPM_DISC_CTL_LAYOUT }, .fixed_ctl = 0x54, .fixed_ctr = 0x38,   \
	.fixed_width = 48, .fixed_en = UPM_BIT(22), .fixed_event = "DCLK", .fixed_clock = 1,              \
	.source = "Linux uncore_snbep.c gnr_uncores[6] = spr_uncore_imc, SNR_IMC_MMIO_PMON_*; PCM "       \
		  "SERVER_MC_CH_PMON_*"

const struct upm_box_type upm_gnr_imc = { GNR_IMC(gnr) };
const struct upm_box_type upm_srf_imc = { GNR_IMC(srf) };

/* PCI units: 64-bit controls 8 bytes apart, written high dword first
 * (SPR_UNCORE_PCI_COMMON_FORMAT). UPI link: SPR's offsets (ICX_UPI_PCI_PMON_*). */
const struct upm_box_type upm_gnr_upi = {
	GNR_UNIT("upi", "UPI link layer", UPM_SPACE_PCI, 6, 4, 0x350 - 0x318, 8, 0x320 - 0x318, 8, 64),
	GNR_EVENTS(gnr, upi),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT, .umask_ext = UPM_GNR_UPI_UMASK_EXT },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncore_upi (SPR_UNCORE_PCI_COMMON_FORMAT)",
};

/* B2CMI, the mesh-to-memory block: SERVER_M2M_PCI_PMON_* (box 0x438, control 0 0x468,
 * counter 0 0x440), which PCM takes for GNR's B2CMI PMUs. */
const struct upm_box_type upm_gnr_b2cmi = {
	GNR_UNIT("b2cmi", "Mesh to memory (B2CMI)", UPM_SPACE_PCI, 16, 4, 0x30, 8, 0x8, 8, 64),
	GNR_EVENTS(gnr, b2cmi),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT, .umask_ext = UPM_GNR_B2CMI_UMASK_EXT },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncore_b2cmi (SPR_UNCORE_PCI_COMMON_FORMAT); PCM populateM2MPMUs "
		  "(GNR: B2CMI PMUs)",
};

/* B2UPI: no public source read gives its registers; the B2CMI's offsets stand for offline
 * listing, and a run takes the table's. */
const struct upm_box_type upm_gnr_b2upi = {
	GNR_UNIT("b2upi", "Mesh to UPI (B2UPI)", UPM_SPACE_PCI, 6, 4, 0x30, 8, 0x8, 8, 64),
	GNR_EVENTS(gnr, b2upi),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncore_b2upi (SPR_UNCORE_PCI_COMMON_FORMAT)",
};

/* MMIO units with controls 8 bytes apart (SPR_UNCORE_MMIO_OFFS8_COMMON_FORMAT). */
const struct upm_box_type upm_gnr_b2cxl = {
	GNR_UNIT("b2cxl", "Mesh to CXL (B2CXL)", UPM_SPACE_MMIO, 16, 4, 0x40, 8, 0x8, 8, 64),
	GNR_EVENTS(gnr, b2cxl),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncore_b2cxl (SPR_UNCORE_MMIO_OFFS8_COMMON_FORMAT)",
};

const struct upm_box_type upm_gnr_cxlcm = {
	GNR_UNIT("cxlcm", "CXL cache and memory (CXLCM)", UPM_SPACE_MMIO, 8, 4, 0x40, 8, 0x8, 8, 64),
	GNR_EVENTS(gnr, cxlcm),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncores[12] = spr_uncore_cxlcm",
};

const struct upm_box_type upm_gnr_cxldp = {
	GNR_UNIT("cxldp", "CXL data path (CXLDP)", UPM_SPACE_MMIO, 8, 4, 0x40, 8, 0x8, 8, 64),
	GNR_EVENTS(gnr, cxldp),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncores[13] = spr_uncore_cxldp",
};

/* Generic units of GNR's own (no format of their own in Linux): the table says all. */
const struct upm_box_type upm_gnr_b2hot = {
	GNR_MSR("b2hot", "Mesh to home agent tracker (B2HOT)", 16, 4), GNR_EVENTS(gnr, b2hot),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	GNR_NO_FIXED,
	.source = "Linux uncore_snbep.c gnr_uncore_b2hot (the generic unit)",
};

#define GNR_MDF(tag_)                                                                           \
	GNR_MSR("mdf_sbo", "Mesh data fabric S-box (MDF)", 64, 4), GNR_EVENTS(tag_, mdf_sbo),       \
	.ctl_layout = { UPM_DISC_CTL_LAYOUT }, GNR_NO_FIXED,                                             \
	.source = "Linux uncore_snbep.c gnr_uncore_mdf_sbo (the generic unit)"

const struct upm_box_type upm_gnr_mdf_sbo = { GNR_MDF(gnr) };
const struct upm_box_type upm_srf_mdf_sbo = { GNR_MDF(srf) };

#define GNR_TEMPLATES(tag_)                                                                             \
	&upm_##tag_##_cha, &upm_gnr_iio, &upm_gnr_irp, &upm_gnr_pcu, &upm_gnr_ubox, &upm_##tag_##_imc,   \
	&upm_gnr_upi, &upm_gnr_cxlcm, &upm_gnr_cxldp, &upm_gnr_b2hot, &upm_gnr_b2cmi, &upm_gnr_b2cxl,     \
	&upm_gnr_b2upi, &upm_##tag_##_mdf_sbo

const struct upm_box_type *const upm_gnr_templates[UPM_GNR_N_TEMPLATES] = { GNR_TEMPLATES(gnr) };
const struct upm_box_type *const upm_srf_templates[UPM_GNR_N_TEMPLATES] = { GNR_TEMPLATES(srf) };

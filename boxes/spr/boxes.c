/* Sapphire/Emerald Rapids box-type templates (spr.h): what a discovered unit of each type
 * is beyond the table's addresses, counts and widths. Registers are offsets from the
 * unit's control. Sources: Linux arch/x86/events/intel/uncore_snbep.c (spr_uncore_*,
 * SPR_CHA_, ICX_UPI_, ICX_M3UPI_ and SNR_IMC_MMIO_ registers), uncore_discovery.h (the generic
 * unit), Intel PCM src/types.h (the SPR_CHA_MSR_PMON_ registers), LIKWID perfmon_sapphirerapids.h and
 * uncore_discovery_map tables (the instance maxima, upper bounds for offline listing). */
#include "boxes/spr/spr.h"
#include "boxes/spr/events.h"

/* n_ 48-bit counters (at most four): controls at ctl_ + i * cstep, counters at ctr_ + i * rstep. */
#define SPR_UNIT(name_, title_, space_, max_, n_, ctl_, cstep_, ctr_, rstep_, ctlw_, tag_, ev_) \
	.name = name_, .title = title_, .space = space_, .max_instances = max_, .placed = 1,     \
	.box_ctl = 0, .n_ctrs = n_, .ctr_width = 48, .ctl_width = ctlw_,                           \
	.ctl = { ctl_, ctl_ + cstep_, ctl_ + 2 * cstep_, ctl_ + 3 * cstep_ },                      \
	.ctr = { ctr_, ctr_ + rstep_, ctr_ + 2 * rstep_, ctr_ + 3 * rstep_ },                      \
	.box_ctl_layout = UPM_DISC_BOX_CTL_LAYOUT,                                                     \
	.session = UPM_DISC_SESSION, .events = upm_##tag_##_events_##ev_, .n_events = &upm_##tag_##_n_events_##ev_

/* The SPR table's MSR units put counter control 0 at +2 and counter 0 at +8 (PCM
 * types.h: CHA0 0x2000, 0x2002, 0x2008). */
#define SPR_MSR_OF(tag_, name_, title_, max_, n_, ev_) \
	SPR_UNIT(name_, title_, UPM_SPACE_MSR, max_, n_, 2, 1, 8, 1, 64, tag_, ev_)
#define SPR_MSR(name_, title_, max_, n_, ev_) SPR_MSR_OF(spr, name_, title_, max_, n_, ev_)
#define SPR_COMMON(name_, title_, space_, max_, ctl_, cstep_, ctr_, rstep_, ctlw_, ev_) \
	SPR_UNIT(name_, title_, space_, max_, 4, ctl_, cstep_, ctr_, rstep_, ctlw_, spr, ev_)
/* Every type but the IMC has no fixed counter. */
#define SPR_NO_FIXED .fixed_ctl = UPM_NO_REG, .fixed_ctr = UPM_NO_REG

/* CHA filter 0 at +0xE (SPR_C0_MSR_PMON_BOX_FILTER0 0x200E), TID 10 bits; tid_en bit 16;
 * the unit-mask extension above bit 32 (boxes/spr/events.h says whose width). The IIO's
 * port and function-class masks, the M2M's and UPI's extensions likewise. */
static const struct upm_filter_field cha_filters[] = {
	{ "filter_tid", 0, UPM_FIELD(0, 10), UPM_FILT_CBO_TID },
};

/* The CHA with a platform's event table: Emerald Rapids' perfmon file adds CXL TOR
 * entries Sapphire Rapids' lacks, so the converter gave it a table of its own. */
#define SPR_CHA(tag_)                                                                                      \
	SPR_MSR_OF(tag_, "cha", "Caching and home agent (CHA)", 60, 4, cha),                               \
	.ctl_layout = { UPM_DISC_CTL_LAYOUT, .tid_en = UPM_BIT(16), .umask_ext = UPM_SPR_CHA_UMASK_EXT },       \
	SPR_NO_FIXED,                                                                                      \
	.filter_regs = { 0xE },                                                                            \
	.n_filter_regs = 1,                                                                                \
	.filter_width = 64,                                                                                \
	.filters = cha_filters,                                                                            \
	.n_filters = UPM_ARRAY_LEN(cha_filters),                                                           \
	.source = "Linux uncore_snbep.c spr_uncore_chabox (SPR_CHA_PMON_CTL_TID_EN, SPR_C0_MSR_PMON_BOX_FILTER0); " \
		  "PCM types.h SPR_CHA_MSR_PMON_*"

const struct upm_box_type upm_spr_cha = { SPR_CHA(spr) };
const struct upm_box_type upm_emr_cha = { SPR_CHA(emr) };

const struct upm_box_type upm_spr_iio = {
	SPR_MSR("iio", "Integrated IO (IIO)", 12, 4, iio),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT, .port_mask = UPM_SPR_IIO_PORT_MASK, .fc_mask = UPM_SPR_IIO_FC_MASK },
	SPR_NO_FIXED,
	.source = "Linux uncore_snbep.c spr_uncore_iio",
};

const struct upm_box_type upm_spr_irp = {
	SPR_MSR("irp", "IIO ring port (IRP)", 12, 2, irp),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	SPR_NO_FIXED,
	.source = "Linux uncore_snbep.c spr_uncore_irp",
};

const struct upm_box_type upm_spr_m2pcie = {
	SPR_MSR("m2pcie", "Mesh to PCIe (M2PCIe)", 16, 4, m2pcie),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	SPR_NO_FIXED,
	.source = "Linux uncore_snbep.c spr_uncore_m2pcie",
};

const struct upm_box_type upm_spr_pcu = {
	SPR_MSR("pcu", "Power control unit (PCU)", 1, 4, pcu),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	SPR_NO_FIXED,
	.source = "Linux uncore_snbep.c spr_uncore_pcu",
};

const struct upm_box_type upm_spr_mdf = {
	SPR_MSR("mdf", "Mesh data fabric (MDF)", 40, 4, mdf),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	SPR_NO_FIXED,
	.source = "Linux uncore_snbep.c spr_uncore_mdf",
};

/* IMC channel (MMIO): controls 4 bytes apart from +0x40, counters 8 apart from +0x8
 * (SNR_IMC_MMIO_PMON_CTL0/CTR0); the fixed DCLK counter's control at +0x54 (enable bit
 * 22) and counter at +0x38, 48 bits (SNR_IMC_MMIO_PMON_FIXED_CTL/CTR,
 * spr_uncore_mmio_enable_event). */
const struct upm_box_type upm_spr_imc = {
	SPR_COMMON("imc", "Memory controller channel (iMC)", UPM_SPACE_MMIO, 12, 0x40, 4, 0x8, 8, 32, imc),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	.fixed_ctl = 0x54,
	.fixed_ctr = 0x38,
	.fixed_width = 48,
	.fixed_en = UPM_BIT(22),
	.fixed_event = "DCLK",
	.fixed_clock = 1,
	.source = "Linux uncore_snbep.c spr_uncore_imc, SNR_IMC_MMIO_PMON_*; PCM uncore_pmu_discovery.h (SPR IMC "
		  "control step 4)",
};

/* CXL units (MMIO): "the event config registers for all CXL related units are 8-byte
 * apart" (Linux spr_uncore_mmio_offs8_ops). */
const struct upm_box_type upm_spr_cxlcm = {
	SPR_COMMON("cxlcm", "CXL cache and memory (CXLCM)", UPM_SPACE_MMIO, 8, 0x40, 8, 0x8, 8, 32, cxlcm),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	SPR_NO_FIXED,
	.source = "Linux uncore_snbep.c spr_uncore_cxlcm (OFFS8)",
};

const struct upm_box_type upm_spr_cxldp = {
	SPR_COMMON("cxldp", "CXL data path (CXLDP)", UPM_SPACE_MMIO, 8, 0x40, 8, 0x8, 8, 32, cxldp),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	SPR_NO_FIXED,
	.source = "Linux uncore_snbep.c spr_uncore_cxldp (OFFS8)",
};

/* PCI units: 64-bit counter controls written high dword first (spr_uncore_pci_enable_event).
 * The M2M: box control 0x438, control 0 at 0x468, counter 0 at 0x440, both 8 apart (PCM
 * types.h SERVER_M2M_PCI_PMON_*, which PCM uses for SPR's M2M devices 0x324A): offsets
 * +0x30 and +0x8. */
const struct upm_box_type upm_spr_m2m = {
	SPR_COMMON("m2m", "Mesh to memory (M2M)", UPM_SPACE_PCI, 32, 0x30, 8, 0x8, 8, 64, m2m),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT, .umask_ext = UPM_SPR_M2M_UMASK_EXT },
	SPR_NO_FIXED,
	.source = "Linux uncore_snbep.c spr_uncore_m2m",
};

/* UPI link: placed by the quirk table (device 0x3241), box control 0x318, control 0 at
 * 0x350 and counter 0 at 0x320 (ICX_UPI_PCI_PMON_*): offsets +0x38 and +0x8 from it. */
const struct upm_box_type upm_spr_upi = {
	SPR_COMMON("upi", "UPI link layer", UPM_SPACE_PCI, 4, 0x350 - 0x318, 8, 0x320 - 0x318, 8, 64, upi),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT, .umask_ext = UPM_SPR_UPI_UMASK_EXT },
	SPR_NO_FIXED,
	.source = "Linux uncore_snbep.c spr_uncore_upi, ICX_UPI_PCI_PMON_BOX_CTL/CTL0/CTR0",
};

/* M3UPI: device 0x3246, box control 0xA0, control 0 at 0xD8, counter 0 at 0xA8
 * (ICX_M3UPI_PCI_PMON_*). */
const struct upm_box_type upm_spr_m3upi = {
	SPR_COMMON("m3upi", "Mesh to UPI (M3UPI)", UPM_SPACE_PCI, 4, 0xD8 - 0xA0, 8, 0xA8 - 0xA0, 8, 64, m3upi),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	SPR_NO_FIXED,
	.source = "Linux uncore_snbep.c spr_uncore_m3upi, ICX_M3UPI_PCI_PMON_BOX_CTL/CTL0/CTR0",
};

/* perfmon's M2HBM and UBOX units: no type id a public source gives for SPR's tables
 * (Linux's spr_uncores[] names neither): listed for their events; a run places them only
 * once a quirk names their type. The MCHBM, the HBM channel's controller (MMIO like the
 * IMC), is the tables' type 14, Linux's "hbm" (v6.11 "Support HBM and CXL PMON counters"). */
const struct upm_box_type upm_spr_m2hbm = {
	SPR_COMMON("m2hbm", "Mesh to HBM (M2HBM)", UPM_SPACE_PCI, 16, 0x30, 8, 0x8, 8, 64, m2hbm),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT, .umask_ext = UPM_SPR_M2HBM_UMASK_EXT },
	SPR_NO_FIXED,
	.source = "intel/perfmon SPR sapphirerapids_uncore_experimental.json unit M2HBM",
};

const struct upm_box_type upm_spr_mchbm = {
	SPR_COMMON("mchbm", "HBM memory controller (MCHBM)", UPM_SPACE_MMIO, 32, 0x40, 8, 0x8, 8, 32, mchbm),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	SPR_NO_FIXED,
	.source = "intel/perfmon SPR sapphirerapids_uncore_experimental.json unit MCHBM",
};

const struct upm_box_type upm_spr_ubox = {
	SPR_MSR("ubox", "Utility box (U-Box)", 1, 2, ubox),
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	SPR_NO_FIXED,
	.source = "intel/perfmon SPR sapphirerapids_uncore_experimental.json unit UBOX",
};

const struct upm_box_type *const upm_spr_templates[UPM_SPR_N_TEMPLATES] = {
	&upm_spr_cha, &upm_spr_iio, &upm_spr_irp, &upm_spr_m2pcie, &upm_spr_pcu, &upm_spr_imc, &upm_spr_m2m,
	&upm_spr_upi, &upm_spr_m3upi, &upm_spr_mdf, &upm_spr_cxlcm, &upm_spr_cxldp, &upm_spr_mchbm,
	&upm_spr_m2hbm, &upm_spr_ubox,
};
const unsigned upm_spr_n_templates = UPM_SPR_N_TEMPLATES;

/* Emerald Rapids: Sapphire Rapids' templates with its own CHA (above). */
const struct upm_box_type *const upm_emr_templates[UPM_SPR_N_TEMPLATES] = {
	&upm_emr_cha, &upm_spr_iio, &upm_spr_irp, &upm_spr_m2pcie, &upm_spr_pcu, &upm_spr_imc, &upm_spr_m2m,
	&upm_spr_upi, &upm_spr_m3upi, &upm_spr_mdf, &upm_spr_cxlcm, &upm_spr_cxldp, &upm_spr_mchbm,
	&upm_spr_m2hbm, &upm_spr_ubox,
};

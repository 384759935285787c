#include "boxes/snbep/snbep.h"
#include "boxes/ep/ep.h"

/* The R2PCIe and R3QPI chapters (2.8, 2.9) are lost from the extraction. Table 1-3
 * survives (000:172-179): R2PCIe at D19:F1 with controls E4-D8 and counters BC-A0 (four),
 * R3QPI links 0/1 at D19:F5/F6 with controls E0-D8 and counters B4-A0 (three). Counter
 * widths (44 bits), device IDs 0x3C43, 0x3C44, 0x3C45 and the control layout (the
 * generic SNB-EP one, with rst at 17): Linux uncore_snbep.c; see
 * ../shared/notes/corrections.md on the widths. */
static const struct upm_pci_fn r2pcie_pci[] = { { 19, 1, 0x3C43 } };
static const struct upm_pci_fn r3qpi_pci[] = { { 19, 5, 0x3C44 }, { 19, 6, 0x3C45 } };

#define RING_CTL_LAYOUT                                                             \
	{ .ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .rst = UPM_BIT(17),   \
	  .edge = UPM_BIT(18), .en = UPM_BIT(22), .invert = UPM_BIT(23),              \
	  .thresh = UPM_FIELD(24, 8) }

const struct upm_box_type upm_snbep_r2pcie = {
	.name = "r2pcie",
	.title = "Ring to PCIe agent (R2PCIe)",
	UPM_EP_PCI_REGS(44),
	.max_instances = 1,
	.pci = r2pcie_pci,
	.fixed_ctr = UPM_NO_REG,
	.ctl_layout = RING_CTL_LAYOUT,
	.box_ctl_layout = UPM_SNBEP_BOX_CTL_WITH_RESET,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.events = upm_snbep_r2pcie_events,
	.n_events = &upm_snbep_r2pcie_n_events,
	.source = "000:176-179, 285-289; layout, width, device ID: Linux uncore_snbep.c",
};

const struct upm_box_type upm_snbep_r3qpi = {
	.name = "r3qpi",
	.title = "Ring to QPI agent (R3QPI), one per link",
	UPM_EP_R3QPI_REGS,
	.max_instances = 2,
	.pci = r3qpi_pci,
	.ctl_layout = RING_CTL_LAYOUT,
	.box_ctl_layout = UPM_SNBEP_BOX_CTL_WITH_RESET,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.events = upm_snbep_r3qpi_events,
	.n_events = &upm_snbep_r3qpi_n_events,
	.source = "000:172-175, 285-289; layout, width, device IDs: Linux uncore_snbep.c",
};

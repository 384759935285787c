#include "boxes/ivbep/ivbep.h"
#include "boxes/ep/ep.h"

/* R2PCIe 0x0E34 at 13.1 (4 counters); R3QPI links 0x0E36 at 13.5, 0x0E37 at 13.6 and,
 * on EX parts, 0x0E3E at 12.5 (3 counters each); 44-bit counters; box control, status,
 * controls and counters at the PCI offsets (Linux ivbep_uncore_r2pcie/_r3qpi and
 * ivbep_uncore_pci_ids; dev.fn from likwid accessDaemon ivybridgeEP_pci_devices).
 * Linux's ivbep_uncore_r3qpi.num_boxes is 2 although its ID table lists link 2: the
 * third is kept here and reported absent where it is not present. */
static const struct upm_pci_fn r2pcie_pci[] = { { 19, 1, 0x0E34 } };
static const struct upm_pci_fn r3qpi_pci[] = { { 19, 5, 0x0E36 }, { 19, 6, 0x0E37 },
					      { 18, 5, 0x0E3E } };

const struct upm_box_type upm_ivbep_r2pcie = {
	.name = "r2pcie",
	.title = "Ring to PCIe agent (R2PCIe)",
	UPM_EP_PCI_REGS(44),
	.max_instances = 1,
	.pci = r2pcie_pci,
	.fixed_ctr = UPM_NO_REG,
	.ovf_status = UPM_IVBEP_PCI_BOX_STATUS,
	.ovf_clear = UPM_IVBEP_PCI_BOX_STATUS,
	.ctl_layout = UPM_IVBEP_PCI_CTL_LAYOUT,
	.box_ctl_layout = UPM_IVBEP_BOX_CTL,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.ctr_writable = 1,
	.events = upm_ivbep_r2pcie_events,
	.n_events = &upm_ivbep_r2pcie_n_events,
	.source = "Linux uncore_snbep.c ivbep_uncore_r2pcie; likwid",
};

const struct upm_box_type upm_ivbep_r3qpi = {
	.name = "r3qpi",
	.title = "Ring to QPI agent (R3QPI), one per link",
	UPM_EP_R3QPI_REGS,
	.max_instances = 3,
	.optional_from = 2, /* the third port/link is on EX parts only */
	.pci = r3qpi_pci,
	.ovf_status = UPM_IVBEP_PCI_BOX_STATUS,
	.ovf_clear = UPM_IVBEP_PCI_BOX_STATUS,
	.ctl_layout = UPM_IVBEP_PCI_CTL_LAYOUT,
	.box_ctl_layout = UPM_IVBEP_BOX_CTL,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.ctr_writable = 1,
	.events = upm_ivbep_r3qpi_events,
	.n_events = &upm_ivbep_r3qpi_n_events,
	.source = "Linux uncore_snbep.c ivbep_uncore_r3qpi; likwid",
};

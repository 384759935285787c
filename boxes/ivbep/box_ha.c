#include "boxes/ivbep/ivbep.h"
#include "boxes/ep/ep.h"

/* Two home agents: HA0 0x0E30 at 0E.1, HA1 0x0E38 at 1C.1 (Linux ivbep_uncore_pci_ids;
 * likwid accessDaemon ivybridgeEP_pci_devices). A part with one HA reports HA1 absent. */
static const struct upm_pci_fn ha_pci[] = { { 14, 1, 0x0E30 }, { 28, 1, 0x0E38 } };

const struct upm_box_type upm_ivbep_ha = {
	.name = "ha",
	.title = "Home agent (HA)",
	UPM_EP_PCI_REGS(48),
	UPM_EP_HA_MATCH,
	.max_instances = 2,
	.pci = ha_pci,
	.fixed_ctr = UPM_NO_REG,
	/* Table 2-39 (p.56): ov 3:0, one bit per counter, write 1 to clear. */
	.ovf_status = UPM_IVBEP_PCI_BOX_STATUS,
	.ovf_clear = UPM_IVBEP_PCI_BOX_STATUS,
	.ctl_layout = UPM_IVBEP_PCI_CTL_LAYOUT,
	/* Table 2-38 (p.56): unlike Sandy Bridge-EP, the HA has rst_ctrs/rst_ctrl. */
	.box_ctl_layout = UPM_IVBEP_BOX_CTL,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.ctr_writable = 1,
	.events = upm_ivbep_ha_events,
	.n_events = &upm_ivbep_ha_n_events,
	.source = "329468-002 p.56; device IDs: Linux uncore_snbep.c (ivbep), likwid",
};

#include "boxes/snbep/snbep.h"
#include "boxes/ep/ep.h"

/* Device ID 0x3C46: Linux uncore_snbep.c (PCI_DEVICE_ID_INTEL_JAKETOWN_UNC_HA). */
static const struct upm_pci_fn ha_pci[] = { { 14, 1, 0x3C46 } };

const struct upm_box_type upm_snbep_ha = {
	.name = "ha",
	.title = "Home agent (HA)",
	UPM_EP_PCI_REGS(48),
	UPM_EP_HA_MATCH,
	.max_instances = 1,
	.pci = ha_pci,
	.fixed_ctr = UPM_NO_REG,
	.ctl_layout = UPM_SNBEP_PCI_CTL_LAYOUT,
	.box_ctl_layout = UPM_SNBEP_BOX_CTL_NO_RESET,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_ZERO_CTRS,
	/* "manually reset by writing a 0 in each data register" (000:289-292). */
	.ctr_writable = 1,
	.events = upm_snbep_ha_events,
	.n_events = &upm_snbep_ha_n_events,
	.source = "000:1514-1651; device ID: Linux uncore_snbep.c",
};

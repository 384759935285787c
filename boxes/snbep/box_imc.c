#include "boxes/snbep/snbep.h"
#include "boxes/ep/ep.h"

/* Channels 0-3 at D16:F0, F1, F4, F5 (Table 1-3, 000:180-184). Device IDs 0x3CB0,
 * 0x3CB1, 0x3CB4, 0x3CB5: Linux uncore_snbep.c (PCI_DEVICE_ID_INTEL_JAKETOWN_UNC_IMC0-3). */
static const struct upm_pci_fn imc_pci[] = {
	{ 16, 0, 0x3CB0 }, { 16, 1, 0x3CB1 }, { 16, 4, 0x3CB4 }, { 16, 5, 0x3CB5 },
};

const struct upm_box_type upm_snbep_imc = {
	.name = "imc",
	.title = "Integrated memory controller channel (iMC)",
	UPM_EP_PCI_REGS(48),
	UPM_EP_IMC_FIXED,
	.max_instances = 4,
	.pci = imc_pci,
	.ctl_layout = UPM_SNBEP_PCI_CTL_LAYOUT,
	.box_ctl_layout = UPM_SNBEP_BOX_CTL_NO_RESET,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_ZERO_CTRS,
	/* "manually reset by writing a 0 in each data register" (000:289-292). */
	.ctr_writable = 1,
	.events = upm_snbep_imc_events,
	.n_events = &upm_snbep_imc_n_events,
	.source = "000:2149-2270; device IDs: Linux uncore_snbep.c",
};

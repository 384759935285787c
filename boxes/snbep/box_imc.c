#include "boxes/snbep/snbep.h"
#include "boxes/snbep/box_pci.h"

/* Channels 0-3 at D16:F0, F1, F4, F5 (Table 1-3, 000:180-184). Device IDs 0x3CB0,
 * 0x3CB1, 0x3CB4, 0x3CB5: Linux uncore_snbep.c (PCI_DEVICE_ID_INTEL_JAKETOWN_UNC_IMC0-3). */
static const struct upm_pci_fn imc_pci[] = {
	{ 16, 0, 0x3CB0 }, { 16, 1, 0x3CB1 }, { 16, 4, 0x3CB4 }, { 16, 5, 0x3CB5 },
};

const struct upm_box_type upm_snbep_imc = {
	.name = "imc",
	.title = "Integrated memory controller channel (iMC)",
	.space = UPM_SPACE_PCI,
	.max_instances = 4,
	.pci = imc_pci,
	.box_ctl = UPM_SNBEP_PCI_BOX_CTL,
	.ctl = UPM_SNBEP_PCI_CTLS,
	.ctr = UPM_SNBEP_PCI_CTRS,
	.n_ctrs = 4,
	.ctr_width = 48,
	.ctl_width = 32,
	/* Fixed DRAM-clock counter: control 0xF0 (en 22, rst 19, Table 2-62, 000:2259-2270),
	 * counter 0xD0/0xD4 (Table 1-3). */
	.fixed_ctl = 0xF0,
	.fixed_ctr = 0xD0,
	.fixed_width = 48,
	.fixed_en = UPM_BIT(22),
	.fixed_rst = UPM_BIT(19),
	.fixed_event = "DCLK", .fixed_clock = 1,
	.ctl_layout = UPM_SNBEP_PCI_CTL_LAYOUT,
	.box_ctl_layout = UPM_SNBEP_BOX_CTL_NO_RESET,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_ZERO_CTRS,
	/* "manually reset by writing a 0 in each data register" (000:289-292). */
	.ctr_writable = 1,
	.events = upm_snbep_imc_events,
	.n_events = &upm_snbep_imc_n_events,
	.source = "000:2149-2270; device IDs: Linux uncore_snbep.c",
};

#include "boxes/snbep/snbep.h"
#include "boxes/snbep/box_pci.h"

/* HA match registers (Tables 2-37..2-39, 000:1609-1651): ADDRMATCH0 lo_addr = PA[31:6]
 * in bits 31:6, ADDRMATCH1 hi_addr = PA[45:32] in bits 13:0, OPCODEMATCH opc in 5:0. */
static const struct upm_filter_field ha_filters[] = {
	{ "filter_addr_lo", 0, UPM_FIELD(6, 26), UPM_FILT_HA_MATCH },
	{ "filter_addr_hi", 1, UPM_FIELD(0, 14), UPM_FILT_HA_MATCH },
	{ "filter_opc", 2, UPM_FIELD(0, 6), UPM_FILT_HA_MATCH },
};

/* Device ID 0x3C46: Linux uncore_snbep.c (PCI_DEVICE_ID_INTEL_JAKETOWN_UNC_HA). */
static const struct upm_pci_fn ha_pci[] = { { 14, 1, 0x3C46 } };

const struct upm_box_type upm_snbep_ha = {
	.name = "ha",
	.title = "Home agent (HA)",
	.space = UPM_SPACE_PCI,
	.max_instances = 1,
	.pci = ha_pci,
	.box_ctl = UPM_SNBEP_PCI_BOX_CTL,
	.ctl = UPM_SNBEP_PCI_CTLS,
	.ctr = UPM_SNBEP_PCI_CTRS,
	.n_ctrs = 4,
	.ctr_width = 48,
	.ctl_width = 32,
	.fixed_ctr = UPM_NO_REG,
	.filter_regs = { 0x40, 0x44, 0x48 },
	.n_filter_regs = 3,
	.filter_width = 32,
	.filters = ha_filters,
	.n_filters = UPM_ARRAY_LEN(ha_filters),
	.ctl_layout = UPM_SNBEP_PCI_CTL_LAYOUT,
	.box_ctl_layout = UPM_SNBEP_BOX_CTL_NO_RESET,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_ZERO_CTRS,
	/* "manually reset by writing a 0 in each data register" (000:289-292). */
	.ctr_writable = 1,
	.events = upm_snbep_ha_events,
	.n_events = &upm_snbep_ha_n_events,
	.source = "000:1514-1651; device ID: Linux uncore_snbep.c",
};

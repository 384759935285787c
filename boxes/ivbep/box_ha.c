#include "boxes/ivbep/ivbep.h"

/* HA match registers, as on Sandy Bridge-EP (perfmon ADDR_OPC_MATCH filters
 * HA_AddrMatch0[31:6], HA_AddrMatch1[13:0], HA_OpcodeMatch[5:0]; Linux
 * SNBEP_HA_PCI_PMON_BOX_ADDRMATCH0 0x40, _ADDRMATCH1 0x44, _OPCODEMATCH 0x48). */
static const struct upm_filter_field ha_filters[] = {
	{ "filter_addr_lo", 0, UPM_FIELD(6, 26), UPM_FILT_HA_MATCH },
	{ "filter_addr_hi", 1, UPM_FIELD(0, 14), UPM_FILT_HA_MATCH },
	{ "filter_opc", 2, UPM_FIELD(0, 6), UPM_FILT_HA_MATCH },
};

/* Two home agents: HA0 0x0E30 at 0E.1, HA1 0x0E38 at 1C.1 (Linux ivbep_uncore_pci_ids;
 * likwid accessDaemon ivybridgeEP_pci_devices). A part with one HA reports HA1 absent. */
static const struct upm_pci_fn ha_pci[] = { { 14, 1, 0x0E30 }, { 28, 1, 0x0E38 } };

const struct upm_box_type upm_ivbep_ha = {
	.name = "ha",
	.title = "Home agent (HA)",
	.space = UPM_SPACE_PCI,
	.max_instances = 2,
	.pci = ha_pci,
	.box_ctl = UPM_IVBEP_PCI_BOX_CTL,
	.ctl = UPM_IVBEP_PCI_CTLS,
	.ctr = UPM_IVBEP_PCI_CTRS,
	.n_ctrs = 4,
	.ctr_width = 48,
	.ctl_width = 32,
	.fixed_ctr = UPM_NO_REG,
	.filter_regs = { 0x40, 0x44, 0x48 },
	.n_filter_regs = 3,
	.filter_width = 32,
	.filters = ha_filters,
	.n_filters = UPM_ARRAY_LEN(ha_filters),
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

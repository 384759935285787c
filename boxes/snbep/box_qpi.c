#include "boxes/snbep/snbep.h"
#include "boxes/ep/ep.h"

/* Ports 0/1 at D8:F2 and D9:F2; their mask/match functions at D8:F6 and D9:F6
 * (Table 1-3, 000:186-206). Device IDs 0x3C41/0x3C42 and 0x3C86/0x3C96: Linux
 * uncore_snbep.c (JAKETOWN_QPI_PORT0/1 and the QPI port filter functions). */
static const struct upm_pci_fn qpi_pci[] = { { 8, 2, 0x3C41 }, { 9, 2, 0x3C42 } };
static const struct upm_pci_fn qpi_filter_pci[] = { { 8, 6, 0x3C86 }, { 9, 6, 0x3C96 } };

const struct upm_box_type upm_snbep_qpi = {
	.name = "qpi",
	.title = "QPI link layer port (QPI)",
	UPM_EP_PCI_REGS(48),
	UPM_EP_QPI_MATCH,
	.max_instances = 2,
	.pci = qpi_pci,
	.fixed_ctr = UPM_NO_REG,
	.filter_pci = qpi_filter_pci,
	/* Table 2-86 (000:3447-3485): ev_sel_ext at bit 21. The text at 000:3624-3625 says
	 * "b16", which the table marks reserved; Linux also uses bit 21. */
	.ctl_layout = {
		.ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .rst = UPM_BIT(17),
		.edge = UPM_BIT(18), .ev_sel_ext = UPM_BIT(21), .en = UPM_BIT(22),
		.invert = UPM_BIT(23), .thresh = UPM_FIELD(24, 8),
	},
	.box_ctl_layout = UPM_SNBEP_BOX_CTL_WITH_RESET,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.events = upm_snbep_qpi_events,
	.n_events = &upm_snbep_qpi_n_events,
	.source = "000:3376-3524; device IDs: Linux uncore_snbep.c",
};

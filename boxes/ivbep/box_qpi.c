#include "boxes/ivbep/ivbep.h"
#include "boxes/ep/ep.h"

/* Three ports; the third is on EX parts only ("two Intel QPI agents ... share a single
 * ring stop and a third agent in the EX part with its own ring stop", 003:24-26), so an
 * E5-2600 v2 reports port 2 absent. PMON functions 0x0E32 at 08.2, 0x0E33 at 09.2,
 * 0x0E3A (Linux ivbep_uncore_pci_ids); mask/match functions 0x0E86 at 08.6, 0x0E96 at
 * 09.6 (Linux), 0x0EC6 (likwid only: Linux registers no filter function for port 2).
 * Port 2's place: likwid accessDaemon says 0A.2 / 0A.6, PCM says device 24 function 2;
 * no lspci listing was found. 0A is used: a wrong guess reads as absent or as another
 * device, and neither is ever written. */
static const struct upm_pci_fn qpi_pci[] = {
	{ 8, 2, 0x0E32 }, { 9, 2, 0x0E33 }, { 10, 2, 0x0E3A },
};
static const struct upm_pci_fn qpi_filter_pci[] = {
	{ 8, 6, 0x0E86 }, { 9, 6, 0x0E96 }, { 10, 6, 0x0EC6 },
};

/* Four 48-bit counters per port (003:33-35). */
const struct upm_box_type upm_ivbep_qpi = {
	.name = "qpi",
	.title = "QPI link layer port (QPI)",
	UPM_EP_PCI_REGS(48),
	UPM_EP_QPI_MATCH,
	.max_instances = 3,
	.optional_from = 2, /* the third port/link is on EX parts only */
	.pci = qpi_pci,
	.fixed_ctr = UPM_NO_REG,
	.filter_pci = qpi_filter_pci,
	/* Q_Py_PCI_PMON_BOX_STATUS.ov (003:51-58; 2.1.4 example "Q_P1_PCI_PMON_BOX_STATUS
	 * .ov[3]", p.18): one bit per counter, write 1 to clear. */
	.ovf_status = UPM_IVBEP_PCI_BOX_STATUS,
	.ovf_clear = UPM_IVBEP_PCI_BOX_STATUS,
	/* The generic PCI layout plus the extra select bit 21 (Linux
	 * IVBEP_QPI_PCI_PMON_RAW_EVENT_MASK = IVBEP_PMON_RAW_EVENT_MASK | EV_SEL_EXT). */
	.ctl_layout = {
		.ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .rst = UPM_BIT(17),
		.edge = UPM_BIT(18), .ov_en = UPM_BIT(20), .ev_sel_ext = UPM_BIT(21),
		.en = UPM_BIT(22), .thresh = UPM_FIELD(24, 8),
	},
	.box_ctl_layout = UPM_IVBEP_BOX_CTL,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.ctr_writable = 1,
	.events = upm_ivbep_qpi_events,
	.n_events = &upm_ivbep_qpi_n_events,
	.source = "003:12-58; 329468-002 p.136; device IDs: Linux uncore_snbep.c (ivbep), likwid",
};

#include "boxes/ivbep/ivbep.h"
#include "boxes/ep/ep.h"

/* IRP (the coherent I/O request path), new on Ivy Bridge-EP: device 0x0E39 at 05.6
 * (Linux ivbep_uncore_pci_ids, IVBEP_PCI_UNCORE_IRP; likwid PCI_IRP_DEVICE "05.6"). Four
 * 48-bit counters whose registers are not evenly spaced: controls 0xD8, 0xDC, 0xE0,
 * 0xE4, counters 0xA0, 0xB0, 0xB8, 0xC0, each read as two dwords (Linux
 * ivbep_uncore_irp_ctls/_ctrs, ivbep_uncore_irp_read_counter). likwid and the E7 v2
 * datasheet split them into IRP0 (counters 0, 1) and IRP1 (counters 2, 3) under one box
 * control 0xF4 and one status 0xF8 ("IO IRP0: [0] = Counter0; [1] = Counter1; IO IRP1:
 * [2] = Counter0; [3] = Counter1"). */
static const struct upm_pci_fn irp_pci[] = { { 5, 6, 0x0E39 } };

const struct upm_box_type upm_ivbep_irp = {
	.name = "irp",
	.title = "Coherent I/O request path (IRP)",
	.space = UPM_SPACE_PCI,
	.max_instances = 1,
	.pci = irp_pci,
	.box_ctl = UPM_EP_PCI_BOX_CTL,
	.ctl = { 0xD8, 0xDC, 0xE0, 0xE4 },
	.ctr = { 0xA0, 0xB0, 0xB8, 0xC0 },
	.n_ctrs = 4,
	.ctr_width = 48,
	.ctl_width = 32,
	.fixed_ctr = UPM_NO_REG,
	.ovf_status = UPM_IVBEP_PCI_BOX_STATUS,
	.ovf_clear = UPM_IVBEP_PCI_BOX_STATUS,
	.ctl_layout = UPM_IVBEP_PCI_CTL_LAYOUT, /* Linux: IVBEP_PMON_RAW_EVENT_MASK */
	.box_ctl_layout = UPM_IVBEP_BOX_CTL,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.ctr_writable = 1,
	.events = upm_ivbep_irp_events,
	.n_events = &upm_ivbep_irp_n_events,
	.source = "Linux uncore_snbep.c ivbep_uncore_irp; likwid; E7 v2 datasheet 13.2.4.6",
};

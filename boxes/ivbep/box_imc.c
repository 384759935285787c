#include "boxes/ivbep/ivbep.h"
#include "boxes/ep/ep.h"

/* Eight channels, two controllers at D16 and D30 (0x1E), functions 4, 5, 0, 1 each, in
 * Linux's box order: 0x0EB4, 0x0EB5, 0x0EB0, 0x0EB1, 0x0EF4, 0x0EF5, 0x0EF0, 0x0EF1
 * (Linux ivbep_uncore_pci_ids "MC0 Channel 0, 1, 3, 4", "MC1 ..."; dev.fn from likwid
 * accessDaemon ivybridgeEP_pci_devices; PCM JKTIVT_MC0/MC1 dev 16/30 fn 4,5,0,1). */
static const struct upm_pci_fn imc_pci[] = {
	{ 16, 4, 0x0EB4 }, { 16, 5, 0x0EB5 }, { 16, 0, 0x0EB0 }, { 16, 1, 0x0EB1 },
	{ 30, 4, 0x0EF4 }, { 30, 5, 0x0EF5 }, { 30, 0, 0x0EF0 }, { 30, 1, 0x0EF1 },
};

const struct upm_box_type upm_ivbep_imc = {
	.name = "imc",
	.title = "Integrated memory controller channel (iMC)",
	UPM_EP_PCI_REGS(48),
	UPM_EP_IMC_FIXED,
	.max_instances = 8,
	.pci = imc_pci,
	/* Table 2-73 (p.79): bit 0 the fixed counter, then one bit per counter from bit 1
	 * (E7 v2 datasheet 13.2.4.6: "iMC: [0] = Fixed; 1 = Counter0"); write 1 to clear. */
	.ovf_status = UPM_IVBEP_PCI_BOX_STATUS,
	.ovf_clear = UPM_IVBEP_PCI_BOX_STATUS,
	.ovf_lo = 1,
	.ovf_fixed = UPM_BIT(0),
	.ctl_layout = UPM_IVBEP_PCI_CTL_LAYOUT,
	.box_ctl_layout = UPM_IVBEP_BOX_CTL, /* Table 2-72 (p.79): rst bits present */
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.ctr_writable = 1,
	.events = upm_ivbep_imc_events,
	.n_events = &upm_ivbep_imc_n_events,
	.source = "329468-002 p.79; device IDs: Linux uncore_snbep.c (ivbep), likwid, PCM",
};

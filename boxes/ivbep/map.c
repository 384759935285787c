/* Ivy Bridge-EP (Xeon E5-2600 v2 / E7 v2): UBox, CBo and PCU by MSR; HA, iMC, QPI,
 * R2PCIe, R3QPI and IRP by PCI configuration space on each socket's uncore bus; one
 * global freeze per socket in the UBox. */
#include "boxes/platform.h"
#include "boxes/ivbep/ivbep.h"

static const struct upm_box_type *const ivbep_boxes[] = {
	&upm_ivbep_ubox, &upm_ivbep_cbo, &upm_ivbep_pcu, &upm_ivbep_ha, &upm_ivbep_imc,
	&upm_ivbep_qpi, &upm_ivbep_r2pcie, &upm_ivbep_r3qpi, &upm_ivbep_irp,
};

/* As on Sandy Bridge-EP, through the UBox function 0x0E1E at 0B.0: local node id at
 * 0x40 (CPUNODEID), the node id of each socket at 0x54 (GIDNIDMAP), three bits each
 * (Linux uncore_snbep.c ivbep_uncore_pci_init: snbep_pci2phy_map_init(0x0e1e,
 * SNBEP_CPUNODEID, SNBEP_GIDNIDMAP, true)). */
static const struct upm_bus_map ivbep_bus_map = {
	.ubox = { UPM_IVBEP_UBOX_DEV, UPM_IVBEP_UBOX_FN, 0x0E1E },
	.cpunodeid_off = 0x40,
	.gidnidmap_off = 0x54,
	.source = "Linux uncore_snbep.c (ivbep_uncore_pci_init)",
};

/* U_MSR_PMON_GLOBAL_CTL 0xC00 (329468-002 Table 2-1, p.18; Table 2-2, p.19): frz_all
 * bit 31 and unfrz_all bit 29, both write-only; wk_on_pmi 30 and pmi_core_sel 14:0
 * read-write, kept as found. Setup and stop freeze every box of the socket, start
 * unfreezes them (2.1.2 (f): "enable counting at the global level by setting
 * unfrz_all", p.17; 2.1.4: a new sample ends with unfrz_all, p.18).
 * Not write_only: the RW fields read back, so the value found is kept and written
 * back. The two actions do not read back, so the state found cannot be seen: the
 * session leaves the boxes unfrozen at the end (restore ORs unfrz_all into the value
 * found), the state Linux relies on: it never writes 0xC00 on this generation (its
 * ivbep boxes are controlled one by one) and its counters count.
 * Overflow status: U_MSR_PMON_GLOBAL_STATUS 0xC01 (Table 2-1), whose ov_q bits the
 * boxes' overflows set (003:52-55), write 1 to clear; read after each stop. */
static const struct upm_global_ctl ivbep_global = {
	.msr = 0xC00,
	.mask = (1ull << 31) | (1ull << 29),
	.setup = 1ull << 31,
	.start = 1ull << 29,
	.stop = 1ull << 31,
	.write_only = 0,
	.restore = 1ull << 29,
	.status_msr = 0xC01,
	/* [RECON] write 1 to clear: 003:57-58 clears an overflow "by setting the
	 * corresponding bit in Q_Py_PCI_PMON_BOX_STATUS.ov and" and the extraction breaks off
	 * before the register it names next; the global status is taken to clear the same
	 * way (not confirmed by the seeds). */
	.status_clear_msr = 0xC01,
	.box = "ubox", /* U_MSR_...: the U-Box's, as on the Xeon 7500 (002:406) */
	.source = "329468-002 Tables 2-1, 2-2 (p.18-19); 003:52-55",
};

extern const struct upm_mock_model upm_mock_model_ivbep; /* platform/mock/ivbep/model.c */

const struct upm_platform upm_platform_ivbep = {
	.name = "ivbep",
	.title = "Xeon E5-2600 v2 (Ivy Bridge-EP)",
	.aliases = { "ivytown", "ivt", "ivb-ep", "ivybridge-ep" },
	.family = 6,
	/* CPUID models: Linux arch/x86/include/asm/intel-family.h: INTEL_IVYBRIDGE_X 0x3E. */
	.models = { 0x3E },
	.boxes = ivbep_boxes,
	.n_boxes = UPM_ARRAY_LEN(ivbep_boxes),
	.bus_map = &ivbep_bus_map,
	.global = &ivbep_global,
	.check = &upm_ivbep_check,
	.metrics = upm_ivbep_metrics,
	.n_metrics = &upm_ivbep_n_metrics,
	.groups = upm_ivbep_groups,
	.n_groups = &upm_ivbep_n_groups,
	.naming = &upm_ivbep_naming,
	.mock = &upm_mock_model_ivbep,
};

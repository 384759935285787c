/* Sandy Bridge-EP (Xeon E5-2600): UBox, CBo and PCU by MSR; HA, iMC, QPI, R2PCIe and
 * R3QPI by PCI configuration space on each socket's uncore bus. */
#include "boxes/platform.h"
#include "boxes/snbep/snbep.h"

static const struct upm_box_type *const snbep_boxes[] = {
	&upm_snbep_ubox, &upm_snbep_cbo, &upm_snbep_pcu, &upm_snbep_ha,
	&upm_snbep_imc, &upm_snbep_qpi, &upm_snbep_r2pcie, &upm_snbep_r3qpi,
};

/* The guide gives no bus numbers and no way to tell which socket owns a bus. Linux
 * (uncore_snbep.c, snbep_pci2phy_map_init with device 0x3ce0, SNBEP_CPUNODEID 0x40,
 * SNBEP_GIDNIDMAP 0x54) reads the local node id from the UBox function and finds it
 * in the node-id map, three bits per socket. */
static const struct upm_bus_map snbep_bus_map = {
	.ubox = { UPM_SNBEP_UBOX_DEV, UPM_SNBEP_UBOX_FN, 0x3CE0 },
	.cpunodeid_off = 0x40,
	.gidnidmap_off = 0x54,
	.source = "Linux uncore_snbep.c (snbep_pci2phy_map_init)",
};

extern const struct upm_mock_model upm_mock_model_snbep; /* platform/mock/snbep/model.c */

const struct upm_platform upm_platform_snbep = {
	.name = "snbep",
	.title = "Xeon E5-2600 (Sandy Bridge-EP)",
	.aliases = { "jaketown", "jkt", "snb-ep", "sandybridge-ep" },
	.family = 6,
	/* CPUID models: Linux arch/x86/include/asm/intel-family.h: INTEL_SANDYBRIDGE_X 0x2D. */
	.models = { 0x2D },
	.boxes = snbep_boxes,
	.n_boxes = UPM_ARRAY_LEN(snbep_boxes),
	.bus_map = &snbep_bus_map,
	.check = &upm_snbep_check,
	.metrics = upm_snbep_metrics,
	.n_metrics = &upm_snbep_n_metrics,
	.groups = upm_snbep_groups,
	.n_groups = &upm_snbep_n_groups,
	.naming = &upm_snbep_naming,
	.mock = &upm_mock_model_snbep,
};

#include "boxes/skl/skl.h"

/* Host bridges (bus 0 device 0 function 0) of the 6th-generation Core processors: the
 * IMC PCI device IDs Linux lists for Skylake (arch/x86/events/intel/uncore_snb.c,
 * torvalds/linux 0401bbf56da5: PCI_DEVICE_ID_INTEL_SKL_Y_IMC 0x190c, SKL_U 0x1904,
 * SKL_HD 0x1900, SKL_HQ 0x1910, SKL_SD 0x190f, SKL_SQ 0x191f, commented "6th Gen Core"
 * Y/U/H/S in desktop_imc_pci_ids). SKL_E3 0x1918 (Xeon E3 v5) is left out: the guide
 * does not apply to Xeon processors (001:85). */
static const uint16_t skl_host_bridges[] = { 0x190C, 0x1904, 0x1900, 0x1910, 0x190F, 0x191F };

/* MCHBAR: "read the value (in PCI configuration space) at Bus 0; Device 0; Function 0;
 * Offset 48H and mask with the value 0x0007FFFFF8000" (001:556-557). The mask reaches
 * bit 38, so the BAR is read as 64 bits (0x48 and 0x4C). Bit 0 is MCHBAR's enable: the
 * guide does not say; Linux refuses a BAR at offset 0x48 whose bit 0 is clear
 * ("BAR ... is disabled", uncore_get_box_mmio_addr in uncore_snb.c). */
static const struct upm_mmio_base skl_mchbar = {
	.bus = 0,
	.dev = 0,
	.fn = 0,
	.device_ids = skl_host_bridges,
	.n_device_ids = UPM_ARRAY_LEN(skl_host_bridges),
	.device_name = "host bridge",
	.device_kind = "6th-generation Core",
	.bar_off = 0x48,
	.bar_mask = 0x0007FFFFF8000ull,
	.enable = UPM_BIT(0),
	.bar_name = "MCHBAR",
	.source = "001:556-557; device IDs and enable bit: Linux uncore_snb.c",
};

/* Table 3-3 (001:559-594): five free-running, always-running 32-bit counters (Table 1-2,
 * 001:150 "IMC Fixed 5 1 32"), read twice and subtracted (001:551-553). Only the two
 * DATA counters are exact in bytes (x 64); the REQUESTS ones merge partial writes. */
static const struct upm_free_ctr imc_free[] = {
	{ "DRAM_GT_REQUESTS", 0x5040, 32, "001:561-568" },
	{ "DRAM_IA_REQUESTS", 0x5044, 32, "001:569-577" },
	{ "DRAM_IO_REQUESTS", 0x5048, 32, "001:578-586" },
	{ "DRAM_DATA_READS", 0x5050, 32, "001:587-590" },
	{ "DRAM_DATA_WRITES", 0x5054, 32, "001:591-594" },
};

/* Memory-mapped and read-only to upmon: no controls, nothing written, nothing to save. */
const struct upm_box_type upm_skl_imc = {
	.name = "imc",
	.title = "Memory controller (IMC), free-running counters in MCHBAR",
	.space = UPM_SPACE_MMIO,
	.max_instances = 1,
	.box_ctl = UPM_NO_REG,
	.n_ctrs = 0,
	.fixed_ctr = UPM_NO_REG,
	.free_ctrs = imc_free,
	.n_free_ctrs = UPM_ARRAY_LEN(imc_free),
	.mmio = &skl_mchbar,
	.events = NULL,
	.n_events = &upm_skl_no_events,
	.source = "001:542-594",
};

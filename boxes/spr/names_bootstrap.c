/* Stand-in names until boxes/spr/names.c has perf's and perfmon's names for Sapphire
 * and Emerald Rapids: perf's PMU types (Linux uncore_snbep.c spr_uncore_*.name) and
 * perfmon's unit prefixes (intel/perfmon SPR sapphirerapids_uncore.json). */
#include "boxes/names.h"

#define UPM_NAMING_TABLE_N(a) (unsigned)(sizeof(a) / sizeof((a)[0]))

static const struct upm_box_names boxes[] = {
	{ "cha", "cha", 0, "UNC_CHA_" },
	{ "iio", "iio", 0, "UNC_IIO_" },
	{ "irp", "irp", 0, "UNC_I_" },
	{ "m2pcie", "m2pcie", 0, "UNC_M2P_" },
	{ "pcu", "pcu", 1, "UNC_P_" },
	{ "imc", "imc", 0, "UNC_M_" },
	{ "m2m", "m2m", 0, "UNC_M2M_" },
	{ "upi", "upi", 0, "UNC_UPI_" },
	{ "m3upi", "m3upi", 0, "UNC_M3UPI_" },
	{ "mdf", "mdf", 0, "UNC_MDF_" },
	{ "cxlcm", "cxlcm", 0, "UNC_CXLCM_" },
	{ "cxldp", "cxldp", 0, "UNC_CXLDP_" },
	{ "hbm", "hbm", 0, "UNC_MCHBM_" },
};

const struct upm_naming upm_spr_naming = {
	.boxes = boxes,
	.n_boxes = UPM_NAMING_TABLE_N(boxes),
};

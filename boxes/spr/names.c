/* Linux perf's and Intel perfmon's names on Sapphire Rapids and Emerald Rapids.
 * PMU types: Linux arch/x86/events/intel/uncore_snbep.c spr_uncores[] ("cha", "iio",
 * "irp", "m2pcie", "pcu", "imc", "m2m", "upi", "m3upi", "mdf"; "cxlcm", "cxldp" since
 * "Support HBM and CXL PMON counters", v6.11); a type with one box is "uncore_NAME", others
 * "uncore_NAME_N" (uncore.c uncore_pmu_register): the PCU is one per socket. perfmon's
 * M2HBM, MCHBM and UBOX units have no perf type of that name here. perfmon unit prefixes:
 * github.com/intel/perfmon SPR/events/sapphirerapids_uncore*.json (tools/perfmon_events.py
 * UNITS), which also resolve every perfmon name to upmon's (box/EVENT.UMASK/). */
#include "boxes/names.h"
#include "boxes/spr/events.h"

static const struct upm_box_names boxes[] = {
	{ "cha", "cha", 0, "UNC_CHA_" },       { "iio", "iio", 0, "UNC_IIO_" },
	{ "irp", "irp", 0, "UNC_I_" },         { "m2pcie", "m2pcie", 0, "UNC_M2P_" },
	{ "pcu", "pcu", 1, "UNC_P_" },         { "imc", "imc", 0, "UNC_M_" },
	{ "m2m", "m2m", 0, "UNC_M2M_" },       { "upi", "upi", 0, "UNC_UPI_" },
	{ "m3upi", "m3upi", 0, "UNC_M3UPI_" }, { "mdf", "mdf", 0, "UNC_MDF_" },
	{ "cxlcm", "cxlcm", 0, "UNC_CXLCM_" }, { "cxldp", "cxldp", 0, "UNC_CXLDP_" },
	{ "m2hbm", 0, 0, "UNC_M2HBM_" },       { "mchbm", 0, 0, "UNC_MCHBM_" },
	{ "ubox", 0, 0, "UNC_U_" },
};

/* uncore_snbep.c spr_uncore_imc_events ("perf/x86/uncore: add events for Intel SPR IMC
 * PMU", S. Eranian, 2023): the same encodings as perfmon's UNC_M_HCLOCKTICKS (0x01/0x00),
 * UNC_M_CAS_COUNT.RD (0x05/0xCF) and .WR (0x05/0xF0). */
static const struct upm_event_alias perf_events[] = {
	{ "imc", "clockticks", "HCLOCKTICKS", 0, "uncore_snbep.c spr imc clockticks event=0x01,umask=0x00" },
	{ "imc", "cas_count_read", "CAS_COUNT.RD", 0, "uncore_snbep.c spr imc cas_count_read event=0x05,umask=0xcf" },
	{ "imc", "cas_count_write", "CAS_COUNT.WR", 0, "uncore_snbep.c spr imc cas_count_write event=0x05,umask=0xf0" },
};

/* Events of a kind (boxes/names.h): perf's cas_count_read and cas_count_write are perfmon's
 * CAS_COUNT.RD and .WR (above). */
static const struct upm_event_kind kinds[] = {
	{ "dram_reads", "imc/CAS_COUNT.RD/" },
	{ "dram_writes", "imc/CAS_COUNT.WR/" },
	{ "uncore_clock", "cha0/CLOCKTICKS/" }, /* UNCORE_FREQ (boxes/spr/metrics.c) */
};

const struct upm_naming upm_spr_naming = {
	.boxes = boxes,
	.n_boxes = sizeof boxes / sizeof boxes[0],
	.perf_events = perf_events,
	.n_perf_events = sizeof perf_events / sizeof perf_events[0],
	/* perf's SPR format terms are upmon's spelling (umask, umask_ext, ch_mask, fc_mask,
	 * edge, inv, thresh): no renames. Every perfmon name is the unit prefix and upmon's
	 * name: no exceptions. */
	.kinds = kinds,
	.n_kinds = sizeof kinds / sizeof kinds[0],
};

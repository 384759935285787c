/* Sapphire/Emerald Rapids derived metrics: the memory bandwidth and uncore clock every
 * platform has (the kinds of boxes/spr/names.c). Facts: intel/perfmon SPR
 * sapphirerapids_uncore.json (UNC_M_CAS_COUNT.RD/.WR: 64-byte CAS commands;
 * UNC_CHA_CLOCKTICKS: CHA clock cycles), Linux uncore_snbep.c spr_uncore_imc_events
 * (cas_count_read/write scale 6.103515625e-5 MiB = 64 bytes). */
#include "boxes/spr/spr.h"

const struct upm_metric upm_spr_metrics[] = {
	{ "MEM_BW_READS", "imc/CAS_COUNT.RD/", NULL, 64.0, "bytes/s",
	  "memory read bandwidth: read CAS commands x 64 bytes", "perfmon SPR UNC_M_CAS_COUNT.RD; uncore_snbep.c "
	  "spr_uncore_imc_events cas_count_read", NULL, NULL },
	{ "MEM_BW_WRITES", "imc/CAS_COUNT.WR/", NULL, 64.0, "bytes/s",
	  "memory write bandwidth: write CAS commands x 64 bytes", "perfmon SPR UNC_M_CAS_COUNT.WR; uncore_snbep.c "
	  "spr_uncore_imc_events cas_count_write", NULL, NULL },
	UPM_FMETRIC("MEM_BW_TOTAL", "(imc/CAS_COUNT.RD/ + imc/CAS_COUNT.WR/) * 64 / SECONDS", "bytes/s",
		    "memory bandwidth, reads and writes (64 bytes a CAS)", "perfmon SPR UNC_M_CAS_COUNT"),
	/* One CHA's clock is the socket's uncore (mesh) clock. */
	{ "UNCORE_FREQ", "cha0/CLOCKTICKS/", NULL, 1.0, "Hz", "uncore (mesh) clock frequency, CHA 0's clock",
	  "perfmon SPR UNC_CHA_CLOCKTICKS", NULL, NULL },
};
const unsigned upm_spr_n_metrics = UPM_ARRAY_LEN(upm_spr_metrics);

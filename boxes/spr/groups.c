/* Sapphire/Emerald Rapids event groups (boxes/group.h): memory bandwidth per channel. */
#include "boxes/spr/spr.h"

const struct upm_group upm_spr_groups[] = {
	{ "MEM", "DRAM bandwidth, read and write, per channel", "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/",
	  "MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL", NULL, NULL },
};
const unsigned upm_spr_n_groups = UPM_ARRAY_LEN(upm_spr_groups);

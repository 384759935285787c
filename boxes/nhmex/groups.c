/* Xeon 7500 and Xeon E7 event groups (boxes/group.h), one table for both: every spec is in
 * both parts' tables (no E7-only events). The I/O hub is off-chip, so there is no PCIE
 * group; the link traffic between the socket and its QPI router is the S-Box's.
 * Interval forms (boxes/group.h): the B-Box counts IMT inserts on its counter 1 alone
 * (002:1949-1974) and an M-Box's DRAM commands share its PLD register, one command at
 * a time (boxes/nhmex/events_mbox.c), so reads are the B-Box's and writes the M-Box's;
 * an S-Box has 4 counters (002:2376). */
#include "boxes/nhmex/nhmex.h"

const struct upm_group upm_nhmex_groups[] = {
	{ "MEM", "memory traffic, read and write, at the home agents (B-Box IMT inserts)",
	  "bbox/IMT_INSERTS_RD/,bbox/IMT_INSERTS_WR/,bbox/IMT_INSERTS_ALL/",
	  "MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL", NULL, "MEM_BW_READS,MEM_CAS_BW_WRITES" },
	{ "LLC", "how often LLC lookups hit, and what the misses are",
	  "cbo/LLC_HITS.ALL/,cbo/LLC_MISSES.I/,cbo/LLC_MISSES.ALL/", "LLC_HIT_PCT,LLC_MISS_PCT,LLC_MISSES_PER_HIT", NULL, NULL },
	{ "QPI", "traffic between the socket and its QPI router (S-Box), sent and received",
	  NULL,
	  "SBOX_TX_HOM_UTIL,SBOX_TX_SNP_UTIL,SBOX_TX_DRS_UTIL,SBOX_RX_DRS_R_UTIL,SBOX_RX_SNP_UTIL,"
	  "SBOX_RX_NDR_UTIL",
	  /* Requests and data sent, data and completions received. */
	  NULL, "SBOX_TX_HOM_UTIL,SBOX_TX_DRS_UTIL,SBOX_RX_DRS_R_UTIL,SBOX_RX_NDR_UTIL" },
	{ "POWER", "how much the cores are throttled (temperature, PROCHOT) and run turbo",
	  "wbox/C_THROTTLE_TMP.ALL/,wbox/PROCHOT.ALL/,wbox/C_CYCLES_TURBO.ALL/,wbox/UCLK/", NULL, NULL, NULL },
	{ "RING", "ring bounces and sinks at the C-Boxes, by ring",
	  "cbo/BOUNCES_P2C_AD.ALL/,cbo/BOUNCES_C2P_AK.ALL/,cbo/BOUNCES_C2P_BL.ALL/,cbo/SINKS_P2C.BL/", NULL, NULL, NULL },
};

const unsigned upm_nhmex_n_groups = UPM_ARRAY_LEN(upm_nhmex_groups);

/* Nehalem-EX / Westmere-EX C-Box events: summary Table 2-15 (seed 002, lines 1079-1147,
 * two sheets) and the detailed event list (002:1149-1736); 54 events on the E7, of which
 * the Xeon 7500 has the 34 up to code 0x28 (see CBO_E7_ONLY_EVENTS). The Xeon 7500
 * excerpt (seed 004) repeats the first rows of the same table (004:60-79).
 *
 * Every C-Box event may go on any of the six counters (002:760), so counters = 0x3F.
 * Codes and max inc agree between summary and list except where a comment says.
 * Unit masks come from the "umask [15:8]" patterns (x = don't care, so only the 1 bits
 * are the value); umask 0 counts nothing for every event that has a table, so the
 * parser asks for one. No C-Box event uses a filter register. */
#include "boxes/nhmex/nhmex_events.h"

#define ALL_CTRS 0x3F

/* ARB_WINS and ARB_LOSSES (002:1153-1198): "SB" = toward the nearest S-Box. */
static const struct upm_umask ring_dir_umasks[] = {
	{ .name = "AD_SB", .value = 0x01 },
	{ .name = "AD_NSB", .value = 0x02 },
	{ .name = "AD_ALL", .value = 0x03 },
	{ .name = "AK_SB", .value = 0x04 },
	{ .name = "AK_NSB", .value = 0x08 },
	{ .name = "AK_ALL", .value = 0x0C },
	{ .name = "BL_SB", .value = 0x10 },
	{ .name = "BL_NSB", .value = 0x20 },
	{ .name = "BL_ALL", .value = 0x30 },
	{ .name = "IV", .value = 0x40 },
	{ .name = "ALL", .value = 0x7F },
};

/* BOUNCES_P2C_AD, BOUNCES_C2P_AK, BOUNCES_C2P_BL share one direction table. */
static const struct upm_umask bounce_dir_umasks[] = {
	{ .name = "SB", .value = 0x01 },
	{ .name = "NSB", .value = 0x02 },
	{ .name = "ALL", .value = 0x03 },
};

static const struct upm_umask egress_bypass_umasks[] = {
	{ .name = "AD_BYP0", .value = 0x01 },
	{ .name = "AD_BYP1", .value = 0x02 },
	{ .name = "AK_BYP0", .value = 0x04 },
	{ .name = "AK_BYP1", .value = 0x08 },
	{ .name = "BL_BYP0", .value = 0x10 },
	{ .name = "BL_BYP1", .value = 0x20 },
	{ .name = "IV_BYP0", .value = 0x40 },
	{ .name = "IV_BYP1", .value = 0x80 },
};

/* The guide spells the 0-cycle rows "IRQ_BYPO"/"IPQ_BYPO" (letter O, 002:1341, 1343);
 * their descriptions say "0 cycle", and the EGRESS table uses BYP0, so the digit is used. */
static const struct upm_umask ingress_bypass_umasks[] = {
	{ .name = "IRQ_BYP0", .value = 0x01 },
	{ .name = "IRQ_BYP1", .value = 0x02 },
	{ .name = "IPQ_BYP0", .value = 0x04 },
	{ .name = "IPQ_BYP1", .value = 0x08 },
};

/* LLC_HITS and LLC_S_FILLS: one bit per MESF state, ALL = 0x0F (002:1357-1361, 1388-1392). */
static const struct upm_umask llc_mesf_umasks[] = {
	{ .name = "M", .value = 0x01 },
	{ .name = "E", .value = 0x02 },
	{ .name = "S", .value = 0x04 },
	{ .name = "F", .value = 0x08 },
	{ .name = "ALL", .value = 0x0F },
};

static const struct upm_umask llc_misses_umasks[] = {
	{ .name = "S", .value = 0x01 }, /* S line needing an upgrade (RFO) */
	{ .name = "F", .value = 0x02 }, /* F line needing an upgrade (RFO) */
	{ .name = "I", .value = 0x04 }, /* address not found */
	{ .name = "ALL", .value = 0x07 },
};

/* No ALL row in the guide; I (0x10) is a fill that victimized nothing. */
static const struct upm_umask llc_victims_umasks[] = {
	{ .name = "M", .value = 0x01 },
	{ .name = "E", .value = 0x02 },
	{ .name = "S", .value = 0x04 },
	{ .name = "F", .value = 0x08 },
	{ .name = "I", .value = 0x10 },
};

/* The GO_PENDING pattern has a digit missing ("bxxxxxx1", 002:1427); it is bit 0, the
 * row before VIC_PENDING's bit 1. */
static const struct upm_umask maf_nack1_umasks[] = {
	{ .name = "GO_PENDING", .value = 0x01 },
	{ .name = "VIC_PENDING", .value = 0x02 },
	{ .name = "SNP_PENDING", .value = 0x04 },
	{ .name = "AC_PENDING", .value = 0x08 },
	{ .name = "IDX_BLOCK", .value = 0x10 },
	{ .name = "PA_BLOCK", .value = 0x20 },
	{ .name = "IDLE_QPI", .value = 0x40 },
	{ .name = "ALL_MAF_NACK2", .value = 0x80 }, /* any MAF_NACK2 reason */
	{ .name = "TOTAL_MAF_NACKS", .value = 0xFF },
};

/* MAF_FULL's pattern has a digit missing ("bxxxxxx1", 002:1447): bit 0. */
static const struct upm_umask maf_nack2_umasks[] = {
	{ .name = "MAF_FULL", .value = 0x01 },
	{ .name = "EGRESS_FULL", .value = 0x02 },
	{ .name = "VIQ_FULL", .value = 0x04 },
	{ .name = "NO_TRACKER_CREDITS", .value = 0x08 },
	{ .name = "NO_S_FIFO_CREDITS", .value = 0x10 },
	{ .name = "NO_S_REQTBL_ENTRIES", .value = 0x20 },
	{ .name = "WB_PENDING", .value = 0x40 },
	{ .name = "NACK2_ELSE", .value = 0x80 },
};

static const struct upm_umask sinks_c2p_umasks[] = {
	{ .name = "IV", .value = 0x01 },
	{ .name = "AK", .value = 0x02 },
	{ .name = "BL", .value = 0x04 },
};

/* SINKS_P2C and SINKS_S2C: the same rows (002:1524-1529, 1542-1544). */
static const struct upm_umask sinks_ad_ak_bl_umasks[] = {
	{ .name = "AD", .value = 0x01 },
	{ .name = "AK", .value = 0x02 },
	{ .name = "BL", .value = 0x04 },
};

/* Reconstructed: most single-bit patterns in this table lost or gained a digit
 * (002:1564-1579, e.g. RFO_HITS "bx1xxxx" at 1570). The combined rows fix the layout:
 * REMOTE_HITM "bxx1xxx1" = RD_HITM | RFO_HITM and REMOTE_HITF "b1xxx1xxx" =
 * RD_HITF | RFO_HITF, so RD_HIT{M,E,S,F} are bits 0-3 and RFO_HIT{M,E,S,F} bits 4-7,
 * in row order, and REMOTE_ANY 0xFF is their union. */
static const struct upm_umask snp_hits_umasks[] = {
	{ .name = "REMOTE_RD_HITM", .value = 0x01 },
	{ .name = "REMOTE_RD_HITE", .value = 0x02 },
	{ .name = "REMOTE_RD_HITS", .value = 0x04 },
	{ .name = "REMOTE_RD_HITF", .value = 0x08 },
	{ .name = "REMOTE_RFO_HITM", .value = 0x10 },
	{ .name = "REMOTE_RFO_HITE", .value = 0x20 },
	{ .name = "REMOTE_RFO_HITS", .value = 0x40 },
	{ .name = "REMOTE_RFO_HITF", .value = 0x80 },
	{ .name = "REMOTE_HITM", .value = 0x11 },
	{ .name = "REMOTE_HITE", .value = 0x22 },
	{ .name = "REMOTE_HITS", .value = 0x44 },
	{ .name = "REMOTE_HITF", .value = 0x88 },
	{ .name = "REMOTE_ANY", .value = 0xFF },
};

static const struct upm_umask snps_umasks[] = {
	{ .name = "REMOTE_RD", .value = 0x01 },
	{ .name = "REMOTE_RFO", .value = 0x02 },
	{ .name = "REMOTE_ANY", .value = 0x03 },
};

static const struct upm_umask starved_egress_umasks[] = {
	{ .name = "P2C_AD_SB", .value = 0x01 },
	{ .name = "C2S_AD_SB", .value = 0x02 },
	{ .name = "AD_SB", .value = 0x03 },
	{ .name = "AD_NSB", .value = 0x04 },
	{ .name = "AD", .value = 0x07 },
	{ .name = "AK_SB", .value = 0x08 },
	{ .name = "AK_NSB", .value = 0x10 },
	{ .name = "AK", .value = 0x18 },
	{ .name = "BL_SB", .value = 0x20 },
	{ .name = "BL_NSB", .value = 0x40 },
	{ .name = "BL", .value = 0x60 },
	{ .name = "IV", .value = 0x80 },
};

#define CEV(name_, code_, max_, desc_, src_) \
	{ .name = name_, .code = (code_), .counters = ALL_CTRS, .max_inc = (max_), .desc = desc_, \
	  .source = "002:" src_ }
#define CEV_U(name_, code_, max_, umasks_, desc_, src_)                                      \
	{ .name = name_, .code = (code_), .counters = ALL_CTRS, .max_inc = (max_),            \
	  UPM_UMASKS(umasks_), .desc = desc_, .source = "002:" src_ }

/* Codes 0x29-0x3C are the E7 guide's alone: the Xeon 7500 has none of them (LIKWID
 * perfmon_nehalemEX_events.txt lists the C-Box up to SNP_HITS 0x28, against
 * perfmon_westmereEX_events.txt's SPL_*, IGR_OP_*, ARB_WINS_P2C_*, SPOOF_*, IDF_NONZERO_*,
 * BOUNCE_*ASSERT and IGR_BID_BLOCKED at 0x29-0x3C). They end the table, so the 7500's
 * C-Box (upm_nhmex_cbo_n_events) counts the entries before them and the E7's
 * (upm_wsmex_cbo_n_events) all of them. */
#define CBO_E7_ONLY_EVENTS \
	/* EGL special requests (002:1126-1134). */ \
	CEV("SPL_DEAD", 0x29, 1, "Uncore/C6 SRAM requests sunk while a ring request bounced", \
	    "1127, 1617-1622"), \
	CEV("SPL_ARB_PRI_SW", 0x2A, 1, "Uncore/C6 SRAM requests sunk with the IRQ full but its reserved entry free", \
	    "1128, 1596-1601"), \
	CEV("SPL_NOT_CO", 0x2B, 1, "Uncore/SRAM requests sent but not co-located", "1129, 1645-1650"), \
	CEV("SPL_CO_SB", 0x2C, 1, "Special requests in a reserved slot, S-Box direction", \
	    "1130, 1610-1615"), \
	CEV("SPL_CO_NSB", 0x2D, 1, "Special requests in a reserved slot, away from the S-Box", \
	    "1131, 1603-1608"), \
	CEV("SPL_IN_FULL_IRQ", 0x2E, 1, "Special requests allocated in a full IRQ", "1132, 1638-1643"), \
	CEV("SPL_EGR_SB", 0x2F, 1, "Special requests at the egress, S-Box direction", "1133, 1631-1636"), \
	CEV("SPL_EGR_NSB", 0x30, 1, "Special requests at the egress, away from the S-Box", \
	    "1134, 1624-1629"), \
 \
	/* EGL miscellaneous (002:1135-1147). */ \
	CEV("IGR_OP_SRAM", 0x31, 1, "SRAM reads at the ingress array read output", "1136, 1317-1322"), \
	CEV("IGR_OP_UC", 0x32, 1, "Uncore reads at the ingress array read output", "1137, 1324-1329"), \
	/* The list titles both ARB_WINS_P2C_* "... in SB direction" (002:1202, 1209); the \
	 * definitions tell them apart (SB vs NSB). */ \
	CEV("ARB_WINS_P2C_SB", 0x33, 1, "Core-to-C-Box egress arbitration wins, S-Box direction", \
	    "1138, 1207-1212"), \
	CEV("ARB_WINS_P2C_NSB", 0x34, 1, "Core-to-C-Box egress arbitration wins, away from the S-Box", \
	    "1139, 1200-1205"), \
	CEV("SPOOF_CRD_EMPTY", 0x35, 1, "Cycles the spoof credit counter is empty", "1140, 1659-1664"), \
	CEV("IDF_NONZERO_NO_BL_CRD", 0x36, 1, "IDF holds data but there are no BL credits", \
	    "1141, 1296-1301"), \
	CEV("IDF_NONZERO_NO_VLD", 0x37, 1, "IDF count non-zero but no data valid", "1142, 1303-1308"), \
	CEV("BOUNCE_ASSERT", 0x38, 1, "IV bounce assertion edges", "1143, 1214-1219"), \
	CEV("BOUNCE_DEASSERT", 0x39, 1, "IV bounce de-assertion edges", "1144, 1221-1226"), \
	CEV("SPOOF_ASSERT", 0x3A, 1, "IV spoof assertion edges", "1145, 1652-1657"), \
	CEV("SPOOF_DEASSERT", 0x3B, 1, "IV spoof de-assertion edges", "1146, 1666-1671"), \
	CEV("IGR_BID_BLOCKED", 0x3C, 1, "Ingress bidding blocked", "1147, 1310-1315"),

const struct upm_event_def upm_nhmex_cbo_events[] = {
	/* Ring events (Table 2-15, 002:1083-1093). */
	/* Max inc is blank in the list (002:1267); the summary gives 1 (002:1084). */
	CEV_U("BOUNCES_P2C_AD", 0x01, 1, bounce_dir_umasks,
	      "Core requests to the LLC that bounced on the AD ring", "1084, 1263-1275"),
	CEV_U("BOUNCES_C2P_AK", 0x02, 1, bounce_dir_umasks,
	      "LLC acks to a core that bounced on the AK ring", "1085, 1228-1240"),
	CEV_U("BOUNCES_C2P_BL", 0x03, 1, bounce_dir_umasks,
	      "LLC data responses to a core that bounced on the BL ring", "1086, 1242-1254"),
	CEV("BOUNCES_C2P_IV", 0x04, 1, "C-Box snoops of a core's cache that bounced on the IV ring",
	    "1087, 1256-1261"),
	CEV_U("SINKS_P2C", 0x05, 3, sinks_ad_ak_bl_umasks,
	      "Messages from local cores sunk at this C-Box (one sink = 32 bytes)", "1088, 1513-1529"),
	CEV_U("SINKS_C2P", 0x06, 3, sinks_c2p_umasks,
	      "Messages from the C-Boxes sunk by a core (one sink = 32 bytes)", "1089, 1498-1511"),
	CEV_U("SINKS_S2C", 0x07, 3, sinks_ad_ak_bl_umasks,
	      "Messages from the S-Box sunk at this C-Box (one sink = 32 bytes)", "1090, 1531-1544"),
	CEV("SINKS_S2P_BL", 0x08, 1, "BL messages from the S-Box sunk by a core (32 bytes each)",
	    "1091, 1546-1552"),
	CEV_U("ARB_WINS", 0x09, 7, ring_dir_umasks, "Messages injected onto a ring (arbitration won)",
	      "1092, 1178-1198"),
	CEV_U("ARB_LOSSES", 0x0A, 7, ring_dir_umasks, "Failed ring injections (arbitration lost)",
	      "1093, 1153-1176"),

	/* Local events (002:1094-1104). */
	CEV_U("STARVED_EGRESS", 0x0B, 8, starved_egress_umasks, "Cycles an egress queue is starved",
	      "1095, 1673-1694"),
	CEV_U("EGRESS_BYPASS_WINS", 0x0C, 7, egress_bypass_umasks,
	      "Ring injections that took an egress bypass (0- or 1-cycle)", "1096, 1277-1294"),
	CEV_U("INGRESS_BYPASS_WINS_AD", 0x0E, 1, ingress_bypass_umasks,
	      "AD messages sunk here that took an ingress queue bypass", "1097, 1331-1344"),
	CEV("MAF_ACK", 0x10, 1, "Miss address file acknowledgements", "1098, 1410-1415"),
	CEV_U("MAF_NACK1", 0x11, 1, maf_nack1_umasks,
	      "LLC pipeline passes rejected, first set of reasons (0xFF: all nacks)", "1099, 1417-1435"),
	CEV_U("MAF_NACK2", 0x12, 1, maf_nack2_umasks,
	      "LLC pipeline passes rejected, second set of reasons", "1100, 1437-1454"),
	CEV_U("LLC_MISSES", 0x14, 1, llc_misses_umasks, "LLC misses, by the line's state",
	      "1101, 1363-1376"),
	CEV_U("LLC_HITS", 0x15, 1, llc_mesf_umasks, "LLC hits, by the line's state (LRU hints included)",
	      "1102, 1346-1361"),
	CEV_U("LLC_S_FILLS", 0x16, 1, llc_mesf_umasks, "LLC lines filled from the S-Box, by new state",
	      "1103, 1378-1392"),
	CEV_U("LLC_VICTIMS", 0x17, 1, llc_victims_umasks, "LLC lines victimized, by state",
	      "1104, 1394-1408"),

	/* Queue occupancy events (002:1105-1119): the OCCUPANCY_* events add a 5-bit
	 * occupancy sub-counter each cycle (002:1057-1065). */
	CEV("OCCUPANCY_IRQ", 0x18, 24, "Ingress request queue occupancy, summed per cycle",
	    "1106, 1463-1468"),
	CEV("TRANS_IRQ", 0x19, 1, "Core requests entering the ingress request queue", "1107, 1703-1708"),
	CEV("OCCUPANCY_IPQ", 0x1A, 8, "Ingress probe queue occupancy, summed per cycle",
	    "1108, 1456-1461"),
	CEV("TRANS_IPQ", 0x1B, 1, "QPI snoops entering the ingress probe queue", "1109, 1696-1701"),
	CEV("OCCUPANCY_VIQ", 0x1C, 8, "Victim queue occupancy, summed per cycle", "1110, 1491-1496"),
	CEV("TRANS_VIQ", 0x1D, 1, "LLC victims entering the victim queue", "1111, 1731-1736"),
	CEV("OCCUPANCY_MAF", 0x1E, 16, "Miss address file occupancy, summed per cycle",
	    "1112, 1470-1475"),
	CEV("TRANS_MAF", 0x1F, 1, "Miss address file allocations", "1113, 1710-1715"),
	CEV("OCCUPANCY_RWRF", 0x20, 12, "Core read/write request FIFO occupancy, summed per cycle",
	    "1114, 1484-1489"),
	CEV("TRANS_RWRF", 0x21, 1, "Requests through the core read/write request FIFO",
	    "1115, 1724-1729"),
	CEV("OCCUPANCY_RSPF", 0x22, 8, "Core snoop response FIFO occupancy, summed per cycle",
	    "1116, 1477-1482"),
	CEV("TRANS_RSPF", 0x23, 1, "Snoop responses through the core snoop response FIFO",
	    "1117, 1717-1722"),
	CEV_U("SNPS", 0x27, 1, snps_umasks, "QPI snoops seen by the LLC", "1118, 1581-1594"),
	CEV_U("SNP_HITS", 0x28, 1, snp_hits_umasks, "QPI snoops that hit the LLC, by line state",
	      "1119, 1554-1579"),

	CBO_E7_ONLY_EVENTS
};

const unsigned upm_wsmex_cbo_n_events = UPM_ARRAY_LEN(upm_nhmex_cbo_events);
const unsigned upm_nhmex_cbo_n_events =
	UPM_ARRAY_LEN(upm_nhmex_cbo_events) -
	sizeof((const struct upm_event_def[]){ CBO_E7_ONLY_EVENTS }) / sizeof(struct upm_event_def);

/* Sandy Bridge-EP Home Agent events: summary Table 2-40 (seed 000, lines 1681-1713) and
 * the detailed event list (000:1742-2114). Summary cells run together as CODE CTRS MAX,
 * e.g. "RPQ_CYCLES_NO_REG_CREDITS0x150-34" = code 0x15, counters 0-3, max 4. Every HA
 * event may use counters 0-3 (mask 0xF). Unit mask values come from the "bxxxxxxx1"
 * patterns of the umask tables (x = don't care).
 *
 * The extraction lost the start of the detailed list: the ADDR_OPC_MATCH entry (and,
 * judging by the gap in table numbers between 2-41 and 2-43, its umask table 2-42) and
 * the header of the CLOCKTICKS entry, whose definition survives at 000:1742-1745. */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

static const struct upm_umask conflict_cycles_umasks[] = {
	{ .name = "NO_CONFLICT", .value = 0x01 },
	{ .name = "CONFLICT", .value = 0x02 },
};

static const struct upm_umask directory_lookup_umasks[] = {
	{ .name = "SNP", .value = 0x01 },
	{ .name = "NO_SNP", .value = 0x02 },
};

static const struct upm_umask directory_update_umasks[] = {
	{ .name = "SET", .value = 0x01 },
	{ .name = "CLEAR", .value = 0x02 },
	{ .name = "ANY", .value = 0x03 },
};

const struct upm_umask upm_snbep_um_ha_igr_no_credit_cycles[] = {
	{ .name = "AD_QPI0", .value = 0x01 },
	{ .name = "AD_QPI1", .value = 0x02 },
	{ .name = "BL_QPI0", .value = 0x04 },
	{ .name = "BL_QPI1", .value = 0x08 },
};

const struct upm_umask upm_snbep_um_ha_imc_writes[] = {
	{ .name = "FULL", .value = 0x01 },
	{ .name = "PARTIAL", .value = 0x02 },
	{ .name = "FULL_ISOCH", .value = 0x04 },
	{ .name = "PARTIAL_ISOCH", .value = 0x08 },
	{ .name = "ALL", .value = 0x0F },
};

static const struct upm_umask requests_umasks[] = {
	{ .name = "READS", .value = 0x03 },
	{ .name = "WRITES", .value = 0x0C },
};

/* RPQ_CYCLES_NO_REG_CREDITS and WPQ_CYCLES_NO_REG_CREDITS (Tables 2-49, 2-58). */
const struct upm_umask upm_snbep_um_ha_channels[] = {
	{ .name = "CHN0", .value = 0x01 },
	{ .name = "CHN1", .value = 0x02 },
	{ .name = "CHN2", .value = 0x04 },
	{ .name = "CHN3", .value = 0x08 },
};

const struct upm_umask upm_snbep_um_ha_tad_requests_g0[] = {
	{ .name = "REGION0", .value = 0x01 },
	{ .name = "REGION1", .value = 0x02 },
	{ .name = "REGION2", .value = 0x04 },
	{ .name = "REGION3", .value = 0x08 },
	{ .name = "REGION4", .value = 0x10 },
	{ .name = "REGION5", .value = 0x20 },
	{ .name = "REGION6", .value = 0x40 },
	{ .name = "REGION7", .value = 0x80 },
};

const struct upm_umask upm_snbep_um_ha_tad_requests_g1[] = {
	{ .name = "REGION8", .value = 0x01 },
	{ .name = "REGION9", .value = 0x02 },
	{ .name = "REGION10", .value = 0x04 },
	/* Listed in the table (000:1965), but the definition says "up to 11 TAD regions"
	 * and "covers regions 8 to 10" (000:1945-1948), so region 11 should not exist.
	 * Kept as printed. */
	{ .name = "REGION11", .value = 0x08 },
};

static const struct upm_umask tracker_inserts_umasks[] = {
	{ .name = "ALL", .value = 0x03 },
};

static const struct upm_umask txr_ad_umasks[] = {
	{ .name = "NDR", .value = 0x01 },
	{ .name = "SNP", .value = 0x02 },
};

/* TxR_AD_CYCLES_FULL, TxR_AK_CYCLES_FULL, TxR_BL_CYCLES_FULL (Tables 2-54, 2-55, 2-57). */
const struct upm_umask upm_snbep_um_ha_egress_sched[] = {
	{ .name = "SCHED0", .value = 0x01 },
	{ .name = "SCHED1", .value = 0x02 },
	{ .name = "ALL", .value = 0x03 },
};

const struct upm_umask upm_snbep_um_ha_txr_bl[] = {
	{ .name = "DRS_CACHE", .value = 0x01 },
	{ .name = "DRS_CORE", .value = 0x02 },
	{ .name = "DRS_QPI", .value = 0x04 },
};

/* Events below this line are not in the guide 327043-001 (its HA list ends with
 * WPQ_CYCLES_NO_REG_CREDITS): Intel perfmon JKT uncore event files
 * (JKT/events/Jaketown_uncore.json, Unit "HA"), names without "UNC_H_". perfmon gives no
 * per-cycle maximum (max_inc 0); every HA counter may count them (Counter "0,1,2,3"). */
#define PM "Intel perfmon JKT uncore event files (JKT/events/Jaketown_uncore.json)"

static const struct upm_umask bypass_imc_umasks[] = {
	{ .name = "TAKEN", .value = 0x01 },
	{ .name = "NOT_TAKEN", .value = 0x02 },
};

/* RING_AD_USED, RING_AK_USED, RING_BL_USED: ring stop in use, by direction and parity. */
static const struct upm_umask ring_used_umasks[] = {
	{ .name = "CW_EVEN", .value = 0x01 },
	{ .name = "CW_ODD", .value = 0x02 },
	{ .name = "CCW_EVEN", .value = 0x04 },
	{ .name = "CCW_ODD", .value = 0x08 },
};

#define PMEVU(name_, code_, umasks_, desc_)                                      \
	{                                                                        \
		.name = (name_), .code = (code_), .counters = 0xF,               \
		UPM_UMASKS(umasks_), .desc = (desc_), .source = PM,              \
	}

const struct upm_event_def upm_snbep_ha_events[] = {
	{
		/* No detailed entry survives: code, counters and max from the summary row
		 * "ADDR_OPC_MATCH0x200-31" (000:1701). The text calls the event
		 * "ADDR_OPC_MATCH.FILT" (000:1611), so it takes a umask named FILT whose value
		 * is lost with Table 2-42; umasks left NULL. Counts hits of the
		 * ADDRMATCH0/1 and OPCODEMATCH registers (000:1609-1612). Intel perfmon JKT
		 * uncore event files give UNC_H_ADDR_OPC_MATCH.FILT umask 0x3; the bare event
		 * stays as it is (specs use it with umask=N), so FILT is not listed. */
		.name = "ADDR_OPC_MATCH", .code = 0x20, .counters = 0xF, .max_inc = 1,
		.filter = UPM_FILT_HA_MATCH,
		.desc = "Incoming packets that hit the HA address/opcode match registers",
		.source = "000:1609-1612, 1701",
	},
	{
		/* Entry header lost: code 0x00, counters 0-3, max 1 from the summary row
		 * "CLOCKTICKS0x000-31uclks" (000:1683); the definition survives at 000:1742. */
		.name = "CLOCKTICKS", .code = 0x00, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "Uncore clock cycles counted in the HA",
		.source = "000:1683, 1742-1745",
	},
	{
		.name = "CONFLICT_CYCLES", .code = 0x0B, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(conflict_cycles_umasks),
		.desc = "Cycles the HA is, or is not, resolving address conflicts",
		.source = "000:1746-1761",
	},
	{
		.name = "DIRECT2CORE_COUNT", .code = 0x11, .counters = 0xF, .max_inc = 1,
		.desc = "Direct2Core messages the HA sent",
		.source = "000:1762-1767",
	},
	{
		.name = "DIRECT2CORE_CYCLES_DISABLED", .code = 0x12, .counters = 0xF, .max_inc = 1,
		.desc = "Cycles with Direct2Core turned off",
		.source = "000:1768-1773",
	},
	{
		.name = "DIRECT2CORE_TXN_OVERRIDE", .code = 0x13, .counters = 0xF, .max_inc = 1,
		.desc = "Reads whose Direct2Core was overridden",
		.source = "000:1774-1779",
	},
	{
		.name = "DIRECTORY_LOOKUP", .code = 0x0C, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(directory_lookup_umasks),
		.desc = "Directory lookups, split by whether a snoop was needed (directory parts only)",
		.source = "000:1781-1800",
	},
	{
		.name = "DIRECTORY_UPDATE", .code = 0x0D, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(directory_update_umasks),
		.desc = "Directory bit sets and clears written to memory (directory parts only)",
		.source = "000:1802-1821",
	},
	{
		.name = "IGR_NO_CREDIT_CYCLES", .code = 0x22, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_ha_igr_no_credit_cycles),
		.desc = "Cycles the HA lacks QPI ingress credits, by ring and link",
		.source = "000:1822-1837",
	},
	{
		.name = "IMC_RETRY", .code = 0x1E, .counters = 0xF, .max_inc = 1,
		.desc = "Retries toward the memory controller (guide gives no definition)",
		.source = "000:1838-1843",
	},
	{
		/* Titled "Full Line Writes" (000:1697, 1845) but its umasks include partial
		 * writes; the umask table is followed. */
		.name = "IMC_WRITES", .code = 0x1A, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_ha_imc_writes),
		.desc = "Writes the HA issued to the iMC, by full/partial and ISOCH",
		.source = "000:1844-1862",
	},
	{
		.name = "REQUESTS", .code = 0x01, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(requests_umasks),
		.desc = "Read and write requests arriving at the HA",
		.source = "000:1863-1879",
	},
	{
		.name = "RPQ_CYCLES_NO_REG_CREDITS", .code = 0x15, .counters = 0xF, .max_inc = 4,
		UPM_UMASKS(upm_snbep_um_ha_channels),
		.desc = "Cycles without regular iMC read-queue credits, per channel",
		.source = "000:1880-1905",
	},
	{
		.name = "TAD_REQUESTS_G0", .code = 0x1B, .counters = 0xF, .max_inc = 2,
		UPM_UMASKS(upm_snbep_um_ha_tad_requests_g0),
		.desc = "HA requests decoded to TAD regions 0-7",
		.source = "000:1908-1939",
	},
	{
		.name = "TAD_REQUESTS_G1", .code = 0x1C, .counters = 0xF, .max_inc = 2,
		UPM_UMASKS(upm_snbep_um_ha_tad_requests_g1),
		.desc = "HA requests decoded to TAD regions 8 and up",
		.source = "000:1940-1970",
	},
	{
		.name = "TRACKER_INSERTS", .code = 0x06, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(tracker_inserts_umasks),
		.desc = "Allocations into the HA tracker",
		.source = "000:1971-1986",
	},
	{
		/* Summary and list title it "Outbound NDR Ring Transactions" (000:1690, 1988),
		 * the same as TxR_AK_NDR; it counts AD-ring NDR and SNP messages. */
		.name = "TxR_AD", .code = 0x0F, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(txr_ad_umasks),
		.desc = "Outbound AD ring messages, NDR or snoop",
		.source = "000:1987-2007",
	},
	{
		.name = "TxR_AD_CYCLES_FULL", .code = 0x2A, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_ha_egress_sched),
		.desc = "Cycles the AD egress is full, by scheduler",
		.source = "000:2008-2025",
	},
	{
		.name = "TxR_AK_CYCLES_FULL", .code = 0x32, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_ha_egress_sched),
		.desc = "Cycles the AK egress is full, by scheduler",
		.source = "000:2026-2043",
	},
	{
		.name = "TxR_AK_NDR", .code = 0x0E, .counters = 0xF, .max_inc = 1,
		.desc = "Outbound AK ring non-data responses (local socket)",
		.source = "000:2044-2051",
	},
	{
		.name = "TxR_BL", .code = 0x10, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_ha_txr_bl),
		.desc = "Outbound BL ring data messages, by destination",
		.source = "000:2052-2070",
	},
	{
		.name = "TxR_BL_CYCLES_FULL", .code = 0x36, .counters = 0xF, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_ha_egress_sched),
		.desc = "Cycles the BL egress is full, by scheduler",
		.source = "000:2071-2088",
	},
	{
		.name = "WPQ_CYCLES_NO_REG_CREDITS", .code = 0x18, .counters = 0xF, .max_inc = 4,
		UPM_UMASKS(upm_snbep_um_ha_channels),
		.desc = "Cycles without regular iMC write-queue credits, per channel",
		.source = "000:2089-2114",
	},
	PMEVU("BYPASS_IMC", 0x14, bypass_imc_umasks, "Reads that took, or could not take, the iMC bypass"),
	PMEVU("RING_AD_USED", 0x3E, ring_used_umasks, "Cycles the HA's AD ring stop is in use"),
	PMEVU("RING_AK_USED", 0x3F, ring_used_umasks, "Cycles the HA's AK ring stop is in use"),
	PMEVU("RING_BL_USED", 0x40, ring_used_umasks, "Cycles the HA's BL ring stop is in use"),
	PMEVU("RPQ_CYCLES_NO_SPEC_CREDITS", 0x16, upm_snbep_um_ha_channels,
	      "Cycles without special iMC read-queue credits, per channel"),
	PMEVU("WPQ_CYCLES_NO_SPEC_CREDITS", 0x19, upm_snbep_um_ha_channels,
	      "Cycles without special iMC write-queue credits, per channel"),
	PMEVU("TxR_AD_CYCLES_NE", 0x29, upm_snbep_um_ha_egress_sched, "Cycles the AD egress is not empty"),
	PMEVU("TxR_AD_INSERTS", 0x27, upm_snbep_um_ha_egress_sched, "Allocations into the AD egress"),
	PMEVU("TxR_AD_OCCUPANCY", 0x28, upm_snbep_um_ha_egress_sched, "AD egress entries summed every cycle"),
	PMEVU("TxR_AK_CYCLES_NE", 0x31, upm_snbep_um_ha_egress_sched, "Cycles the AK egress is not empty"),
	PMEVU("TxR_AK_INSERTS", 0x2F, upm_snbep_um_ha_egress_sched, "Allocations into the AK egress"),
	PMEVU("TxR_AK_OCCUPANCY", 0x30, upm_snbep_um_ha_egress_sched, "AK egress entries summed every cycle"),
	PMEVU("TxR_BL_CYCLES_NE", 0x35, upm_snbep_um_ha_egress_sched, "Cycles the BL egress is not empty"),
	PMEVU("TxR_BL_INSERTS", 0x33, upm_snbep_um_ha_egress_sched, "Allocations into the BL egress"),
	PMEVU("TxR_BL_OCCUPANCY", 0x34, upm_snbep_um_ha_egress_sched, "BL egress entries summed every cycle"),
};

const unsigned upm_snbep_ha_n_events = UPM_ARRAY_LEN(upm_snbep_ha_events);

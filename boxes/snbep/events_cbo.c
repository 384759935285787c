/* Sandy Bridge-EP CBo events: the detailed event list of guide 327043-001 §2.3.7
 * (seed 000, lines 834-1481), checked against the summary Table 2-14 sheet 1
 * (000:707-732; sheet 2 is lost). Summary cells run together as CODE CTRS MAX, e.g.
 * "RxR_OCCUPANCY0x11020" = code 0x11, counter 0, max 20.
 *
 * Counter masks (bit i = counter i): 0-3 -> 0xF, 0-1 -> 0x3, 0 -> 0x1, 2-3 -> 0xC,
 * 1-3 -> 0xE. Unit mask values come from the "bxxxxxxx1" patterns of the umask tables
 * (x = don't care, so only the 1 bits are the value).
 *
 * Filters (Cn_MSR_PMON_BOX_FILTER): state = CBoFilter[22:18], nid = CBoFilter[17:10],
 * opc = CBoFilter[31:23] as cited by the umask tables' "Filter Dep" column. The tid
 * filter is optional for every CBo event (000:600-601), so no event asks for it.
 * A unit mask's .filter overrides its event's; enum upm_filter_need holds one need,
 * so umasks that need two filter fields (opcode and node id) name one and say so. */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

/* RxR_INSERTS / RxR_OCCUPANCY queue selects: Tables 2-25 and 2-29 are lost from the
 * extraction (only the name IRQ_REJECTED survives); values from intel/perfmon
 * JKT/events/Jaketown_uncore.json (UNC_C_RxR_INSERTS.*, UNC_C_RxR_OCCUPANCY.*), see
 * boxes/PUBLIC_FACTS.md section 8. */
const struct upm_umask upm_snbep_um_cbo_rxr_queue[] = {
	{ .name = "IRQ", .value = 0x01 },
	{ .name = "IRQ_REJECTED", .value = 0x02 },
	{ .name = "IPQ", .value = 0x04 },
	{ .name = "VFIFO", .value = 0x10 },
};

static const struct upm_umask llc_lookup_umasks[] = {
	/* All need CBoFilter[22:18] (state), set at event level. */
	{ .name = "DATA_READ", .value = 0x03 },
	{ .name = "WRITE", .value = 0x05 },
	{ .name = "REMOTE_SNOOP", .value = 0x09 },
	/* Guide: filter dep "CBoFilter[22:18], CBoFilter[17:10]" (000:879, 886-888). */
	{ .name = "NID", .value = 0x41, .filter = UPM_FILT_CBO_STATE | UPM_FILT_CBO_NID },
};

const struct upm_umask upm_snbep_um_cbo_llc_victims[] = {
	{ .name = "M_STATE", .value = 0x01 },
	{ .name = "E_STATE", .value = 0x02 },
	{ .name = "S_STATE", .value = 0x04 },
	{ .name = "MISS", .value = 0x08 },
	/* Filter dep "CBoFilter[17:10]" (000:922, 925); its description is displaced to
	 * 000:950-954 in the extraction. */
	{ .name = "NID", .value = 0x40, .filter = UPM_FILT_CBO_NID },
};

const struct upm_umask upm_snbep_um_cbo_misc[] = {
	{ .name = "RSPI_WAS_FSE", .value = 0x01 },
	{ .name = "WC_ALIASING", .value = 0x02 },
	{ .name = "STARTED", .value = 0x04 }, /* guide gives no description */
	{ .name = "RFO_HIT_S", .value = 0x08 },
};

/* RING_AD_USED, RING_AK_USED and RING_BL_USED share one umask table (Tables 2-19..2-21). */
static const struct upm_umask ring_used_umasks[] = {
	{ .name = "UP_EVEN", .value = 0x01 },
	{ .name = "UP_ODD", .value = 0x02 },
	{ .name = "DOWN_EVEN", .value = 0x04 },
	{ .name = "DOWN_ODD", .value = 0x08 },
};

const struct upm_umask upm_snbep_um_cbo_ring_bounces[] = {
	/* The table starts at bit 1; there is no bit-0 umask. */
	{ .name = "AK_CORE", .value = 0x02 },
	{ .name = "BL_CORE", .value = 0x04 },
	{ .name = "IV_CORE", .value = 0x08 },
};

static const struct upm_umask ring_iv_used_umasks[] = {
	{ .name = "ANY", .value = 0x0F },
};

static const struct upm_umask rxr_ext_starved_umasks[] = {
	/* The guide's short labels are crossed: row IRQ reads "IPQ:" and row IPQ reads
	 * "IRQ:" (000:1086-1087); the descriptions (000:1093-1094) match the extension
	 * names, so the names are kept as in the Extension column. */
	{ .name = "IRQ", .value = 0x01 },
	{ .name = "IPQ", .value = 0x02 },
	{ .name = "ISMQ", .value = 0x04 },
	{ .name = "ISMQ_BIDS", .value = 0x08 },
};

const struct upm_umask upm_snbep_um_cbo_rxr_ipq_retry[] = {
	{ .name = "ANY", .value = 0x01 },
	{ .name = "FULL", .value = 0x02 },
	{ .name = "ADDR_CONFLICT", .value = 0x04 },
	/* bxxx1xxxx: bit 4; the table has no bit-3 row. */
	{ .name = "QPI_CREDITS", .value = 0x10 },
};

static const struct upm_umask rxr_irq_retry_umasks[] = {
	{ .name = "ANY", .value = 0x01 },
	{ .name = "FULL", .value = 0x02 },
	{ .name = "ADDR_CONFLICT", .value = 0x04 },
	{ .name = "RTID", .value = 0x08 },
	{ .name = "QPI_CREDITS", .value = 0x10 },
};

static const struct upm_umask rxr_ismq_retry_umasks[] = {
	{ .name = "ANY", .value = 0x01 },
	{ .name = "FULL", .value = 0x02 },
	/* No bit-2 row in the table. */
	{ .name = "RTID", .value = 0x08 },
	{ .name = "QPI_CREDITS", .value = 0x10 },
	{ .name = "IIO_CREDITS", .value = 0x20 },
};

/* Filter deps per row: "CBoFilter[31:23]" = opcode, "CBoFilter[17:10]" = node id. The
 * column is split across lines in the extraction (000:1275-1282, 1299-1320); the
 * row-to-cell mapping follows each row's surviving prefix ("CBoFilter[3" = [31:23],
 * "CBoFilter[1" = [17:10]) and the cells' order. */
static const struct upm_umask tor_inserts_umasks[] = {
	{ .name = "OPCODE", .value = 0x01, .filter = UPM_FILT_CBO_OPC },
	{ .name = "EVICTION", .value = 0x04 },
	{ .name = "WB", .value = 0x10 },
	/* The event text calls this "MISS_OPC_MATCH" (000:1271); the table's name is used. */
	{ .name = "MISS_OPCODE", .value = 0x03, .filter = UPM_FILT_CBO_OPC },
	{ .name = "MISS_ALL", .value = 0x0A },
	/* Needs opcode [31:23] and node id [17:10]. */
	{ .name = "NID_OPCODE", .value = 0x41, .filter = UPM_FILT_CBO_OPC | UPM_FILT_CBO_NID },
	{ .name = "NID_EVICTION", .value = 0x44, .filter = UPM_FILT_CBO_NID },
	{ .name = "NID_ALL", .value = 0x48, .filter = UPM_FILT_CBO_NID },
	{ .name = "NID_WB", .value = 0x50, .filter = UPM_FILT_CBO_NID },
	/* Needs opcode [31:23] and node id [17:10]. */
	{ .name = "NID_MISS_OPCODE", .value = 0x43, .filter = UPM_FILT_CBO_OPC | UPM_FILT_CBO_NID },
	{ .name = "NID_MISS_ALL", .value = 0x4A, .filter = UPM_FILT_CBO_NID },
};

/* Same filter-dep column reading as TOR_INSERTS (000:1360-1365, 1379-1413). */
static const struct upm_umask tor_occupancy_umasks[] = {
	{ .name = "OPCODE", .value = 0x01, .filter = UPM_FILT_CBO_OPC },
	{ .name = "EVICTION", .value = 0x04 },
	{ .name = "ALL", .value = 0x08 },
	{ .name = "MISS_OPCODE", .value = 0x03, .filter = UPM_FILT_CBO_OPC },
	{ .name = "MISS_ALL", .value = 0x0A },
	/* Needs opcode [31:23] and node id [17:10]. */
	{ .name = "NID_OPCODE", .value = 0x41, .filter = UPM_FILT_CBO_OPC | UPM_FILT_CBO_NID },
	{ .name = "NID_EVICTION", .value = 0x44, .filter = UPM_FILT_CBO_NID },
	{ .name = "NID_ALL", .value = 0x48, .filter = UPM_FILT_CBO_NID },
	/* Needs opcode [31:23] and node id [17:10]. */
	{ .name = "NID_MISS_OPCODE", .value = 0x43, .filter = UPM_FILT_CBO_OPC | UPM_FILT_CBO_NID },
	{ .name = "NID_MISS_ALL", .value = 0x4A, .filter = UPM_FILT_CBO_NID },
};

const struct upm_umask upm_snbep_um_cbo_txr_inserts[] = {
	{ .name = "AD_CACHE", .value = 0x01 },
	{ .name = "AK_CACHE", .value = 0x02 },
	{ .name = "BL_CACHE", .value = 0x04 },
	{ .name = "IV_CACHE", .value = 0x08 },
	{ .name = "AD_CORE", .value = 0x10 },
	{ .name = "AK_CORE", .value = 0x20 },
	{ .name = "BL_CORE", .value = 0x40 },
};


/* Events below are not in the guide 327043-001: Intel perfmon JKT uncore event files
 * (JKT/events/Jaketown_uncore.json, Unit "CBO"), names without "UNC_C_"; counters 0-1 as
 * perfmon gives, no per-cycle maximum given. */
#define PM "Intel perfmon JKT uncore event files (JKT/events/Jaketown_uncore.json)"

static const struct upm_umask ring_sink_starved_umasks[] = {
	{ .name = "AD_CACHE", .value = 0x01 },
	{ .name = "AK_CORE", .value = 0x02 },
	{ .name = "BL_CORE", .value = 0x04 },
	{ .name = "IV_CORE", .value = 0x08 },
};

static const struct upm_umask rxr_int_starved_umasks[] = {
	{ .name = "IRQ", .value = 0x01 },
	{ .name = "IPQ", .value = 0x04 },
	{ .name = "ISMQ", .value = 0x08 },
};

static const struct upm_umask txr_starved_umasks[] = {
	{ .name = "AK", .value = 0x02 },
	{ .name = "BL", .value = 0x04 },
};

#define PMEVU(name_, code_, umasks_, desc_)                                      \
	{                                                                        \
		.name = (name_), .code = (code_), .counters = 0x3,               \
		UPM_UMASKS(umasks_), .desc = (desc_), .source = PM,              \
	}

const struct upm_event_def upm_snbep_cbo_events[] = {
	{
		.name = "CLOCKTICKS", .code = 0x00, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "Uncore clock cycles seen by this CBo",
		.source = "000:836-841",
	},
	{
		/* Max 20 as printed in both the list and the summary (000:721, 846), although
		 * the overview says counters 1-3 increment by at most 1 (000:433-434). */
		.name = "COUNTER0_OCCUPANCY", .code = 0x1F, .counters = 0xE, .max_inc = 20, .reads_counter0 = 1,
		.desc = "Counter 0's occupancy value, re-filtered by this counter's thresh/invert/edge",
		.source = "000:842-851",
	},
	{
		/* Counters 0-1 in both the list and the summary (000:722, 858), although the
		 * overview says only counter 0 takes queue-occupancy events (000:425-428). */
		.name = "ISMQ_DRD_MISS_OCC", .code = 0x21, .counters = 0x3, .max_inc = 20,
		.desc = "ISMQ occupancy of data reads that missed (guide gives no definition)",
		.source = "000:854-859",
	},
	{
		/* Counts nothing unless FILTER.state selects one or more states (000:867-873). */
		.name = "LLC_LOOKUP", .code = 0x34, .counters = 0x3, .max_inc = 1,
		.filter = UPM_FILT_CBO_STATE, UPM_UMASKS(llc_lookup_umasks),
		.desc = "LLC lookups, qualified by request type and by line state in the filter",
		.source = "000:860-901",
	},
	{
		/* The §2.1.1 example programs LLC_VICTIMS.M_STATE as {0x03, 0x1} on counter 2
		 * (000:278-279); the list's code 0x37 on counters 0-1 is used. */
		.name = "LLC_VICTIMS", .code = 0x37, .counters = 0x3, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_cbo_llc_victims),
		.desc = "Lines evicted from the LLC on a fill, by the victim's state",
		.source = "000:902-925, 950-954",
	},
	{
		.name = "MISC", .code = 0x39, .counters = 0x3, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_cbo_misc),
		.desc = "Assorted CBo occurrences (silent evictions, WC aliasing, RFO hitting S)",
		.source = "000:926-949",
	},
	{
		.name = "RING_AD_USED", .code = 0x1B, .counters = 0xC, .max_inc = 1,
		UPM_UMASKS(ring_used_umasks),
		.desc = "Cycles the AD ring is busy at this stop, by direction and polarity",
		.source = "000:956-983",
	},
	{
		.name = "RING_AK_USED", .code = 0x1C, .counters = 0xC, .max_inc = 1,
		UPM_UMASKS(ring_used_umasks),
		.desc = "Cycles the AK ring is busy at this stop, by direction and polarity",
		.source = "000:984-1009",
	},
	{
		.name = "RING_BL_USED", .code = 0x1D, .counters = 0xC, .max_inc = 1,
		UPM_UMASKS(ring_used_umasks),
		.desc = "Cycles the BL ring is busy at this stop, by direction and polarity",
		.source = "000:1010-1036",
	},
	{
		.name = "RING_BOUNCES", .code = 0x05, .counters = 0x3, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_cbo_ring_bounces),
		.desc = "LLC responses to a core that bounced on the ring, by ring",
		.source = "000:1037-1051",
	},
	{
		/* The guide titles this "BL Ring in Use" in both the summary and the list
		 * (000:720, 1053), a copy slip: the definition is about the IV ring. */
		.name = "RING_IV_USED", .code = 0x1E, .counters = 0xC, .max_inc = 1,
		UPM_UMASKS(ring_iv_used_umasks),
		.desc = "Cycles the single IV ring is busy at this stop",
		.source = "000:1052-1068",
	},
	{
		.name = "RING_SRC_THRTL", .code = 0x07, .counters = 0x3, .max_inc = 1,
		.desc = "Ring source throttling (guide gives no definition)",
		.source = "000:1069-1074",
	},
	{
		.name = "RxR_EXT_STARVED", .code = 0x12, .counters = 0x3, .max_inc = 1,
		UPM_UMASKS(rxr_ext_starved_umasks),
		.desc = "Cycles one ingress queue starves the others at the arbiter",
		.source = "000:1077-1097",
	},
	{
		/* Umask table (Table 2-25) lost in the extraction: only the note that
		 * IRQ_REJECTED must not be ORed with other umasks and one orphaned umask
		 * description (IRQ ordering FIFO) survive (000:1104-1113). Values unknown. */
		.name = "RxR_INSERTS", .code = 0x13, .counters = 0x3, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_cbo_rxr_queue),
		.desc = "Allocations into an ingress queue",
		.source = "000:1098-1113; umasks: perfmon JKT/events/Jaketown_uncore.json",
	},
	{
		.name = "RxR_IPQ_RETRY", .code = 0x31, .counters = 0x3, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_cbo_rxr_ipq_retry),
		.desc = "Snoops from the IPQ that were retried, by reason",
		.source = "000:1114-1143",
	},
	{
		.name = "RxR_IRQ_RETRY", .code = 0x32, .counters = 0x3, .max_inc = 1,
		UPM_UMASKS(rxr_irq_retry_umasks),
		.desc = "Core requests from the IRQ that were retried, by reason",
		.source = "000:1144-1203",
	},
	{
		.name = "RxR_ISMQ_RETRY", .code = 0x33, .counters = 0x3, .max_inc = 1,
		UPM_UMASKS(rxr_ismq_retry_umasks),
		.desc = "ISMQ transactions that were retried, by reason",
		.source = "000:1204-1242",
	},
	{
		/* Umask table (Table 2-29) lost in the extraction; only the IRQ_REJECTED note
		 * and one orphaned umask description survive (000:1251-1261). Values unknown. */
		.name = "RxR_OCCUPANCY", .code = 0x11, .counters = 0x1, .max_inc = 20,
		UPM_UMASKS(upm_snbep_um_cbo_rxr_queue),
		.desc = "Per-cycle entries in an ingress queue",
		.source = "000:1245-1261; umasks: perfmon JKT/events/Jaketown_uncore.json",
	},
	{
		.name = "TOR_INSERTS", .code = 0x35, .counters = 0x3, .max_inc = 1,
		UPM_UMASKS(tor_inserts_umasks),
		.desc = "Requests entering the TOR, by kind, opcode and/or target node",
		.source = "000:1262-1346",
	},
	{
		.name = "TOR_OCCUPANCY", .code = 0x36, .counters = 0x1, .max_inc = 20,
		UPM_UMASKS(tor_occupancy_umasks),
		.desc = "Per-cycle valid TOR entries, by kind, opcode and/or target node",
		.source = "000:1347-1438",
	},
	{
		.name = "TxR_ADS_USED", .code = 0x04, .counters = 0x3, .max_inc = 1,
		.desc = "AD egress usage (guide gives no definition)",
		.source = "000:1439-1444",
	},
	{
		.name = "TxR_INSERTS", .code = 0x02, .counters = 0x3, .max_inc = 1,
		UPM_UMASKS(upm_snbep_um_cbo_txr_inserts),
		.desc = "Allocations into the CBo egress, by ring and by cache or core side",
		.source = "000:1445-1481",
	},
	PMEVU("RING_SINK_STARVED", 0x06, ring_sink_starved_umasks, "Cycles a ring sink starves, by ring and side"),
	PMEVU("RxR_INT_STARVED", 0x14, rxr_int_starved_umasks, "Cycles an ingress queue starves internally, by queue"),
	PMEVU("TxR_STARVED", 0x03, txr_starved_umasks, "Cycles injection onto a ring is starved, by ring"),
};

const unsigned upm_snbep_cbo_n_events = UPM_ARRAY_LEN(upm_snbep_cbo_events);

/* Ivy Bridge-EP CBo events. The guide's CBo chapter is not among the seeds; names,
 * codes, unit masks, counters and filter dependencies come from intel/perfmon
 * IVT/events/ivytown_uncore.json, V23 (commit 37fcb3c3374216096557d71c5eac3d4adc90b65d),
 * Unit "CBO", checked against Linux uncore_snbep.c (ivbep_uncore_cbox uses
 * snbep_uncore_cbox_constraints; filter needs in ivbep_uncore_cbox_extra_regs). Names drop perfmon's "UNC_C_" prefix.
 * perfmon gives ExtSel 0 throughout and no per-cycle maximum (max_inc 0, unknown; 1 on
 * the clock).
 *
 * Counter masks (perfmon "Counter"): 0-3 -> 0xF, 0-1 -> 0x3, 0 -> 0x1, 2-3 -> 0xC,
 * 1-3 -> 0xE. Linux agrees wherever it constrains a code; it leaves TxR_STARVED 0x03,
 * RxR_INT_STARVED 0x14 and QLRU 0x3C (new on this generation) unconstrained, and
 * perfmon's counters 0-1 are used for them.
 *
 * Filters: state = CBoFilter0[22:17] ("CBoFilter0[23:17]" in perfmon's LLC_LOOKUP entry,
 * whose own description says [22:17]), nid = CBoFilter1[15:0], opc = CBoFilter1[28:20].
 *
 * Where a unit-mask table agrees with Sandy Bridge-EP's (names, values, filter needs),
 * the Sandy Bridge-EP array is used (boxes/snbep/umasks_shared.h). RING_BOUNCES: the
 * guide wins over perfmon's main list. 329468-002 Table 2-25 (p.45) gives AD_IRQ 0x02,
 * AK 0x04, BL 0x08, IV 0x10, as perfmon's trailing block (MSRValue "0") does; the main
 * list's AK_CORE 2 / BL_CORE 4 / IV_CORE 8 are Sandy Bridge-EP's and are left out
 * (boxes/ivbep/perfmon_left_out.c). RxR_INSERTS/RxR_OCCUPANCY.IRQ_REJ are the main list's
 * IRQ_REJECTED (0x02) under a second name: a perfmon name of boxes/ivbep/names.c.
 * Trailing-block entries that contradict nothing are taken: RING_SINK_STARVED,
 * RxR_EXT_STARVED.PRQ, and RING_*_USED CW 0x03 / CCW 0x0C (by their values, virtual
 * ring 0 only, next to the UP/DOWN aggregates 0x33/0xCC of the same block). */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

#define PM "perfmon IVT/events/ivytown_uncore.json"
#define PM_K PM "; Linux uncore_snbep.c"

static const struct upm_umask llc_lookup_umasks[] = {
	/* All need the state field, set at event level. */
	{ .name = "DATA_READ", .value = 0x03 },
	{ .name = "WRITE", .value = 0x05 },
	{ .name = "REMOTE_SNOOP", .value = 0x09 },
	{ .name = "ANY", .value = 0x11 },
	{ .name = "NID", .value = 0x41, .filter = UPM_FILT_CBO_STATE | UPM_FILT_CBO_NID },
};

static const struct upm_umask qlru_umasks[] = {
	{ .name = "AGE0", .value = 0x01 },
	{ .name = "AGE1", .value = 0x02 },
	{ .name = "AGE2", .value = 0x04 },
	{ .name = "AGE3", .value = 0x08 },
	{ .name = "LRU_DECREMENT", .value = 0x10 },
	{ .name = "VICTIM_NON_ZERO", .value = 0x20 },
};

/* RING_AD_USED, RING_AK_USED, RING_BL_USED: direction, polarity and virtual ring. UP and
 * DOWN (0x33, 0xCC) are perfmon's trailing-block aggregates, the OR of their four bits. */
static const struct upm_umask ring_used_umasks[] = {
	{ .name = "UP_VR0_EVEN", .value = 0x01 },
	{ .name = "UP_VR0_ODD", .value = 0x02 },
	{ .name = "DOWN_VR0_EVEN", .value = 0x04 },
	{ .name = "DOWN_VR0_ODD", .value = 0x08 },
	{ .name = "UP_VR1_EVEN", .value = 0x10 },
	{ .name = "UP_VR1_ODD", .value = 0x20 },
	{ .name = "DOWN_VR1_EVEN", .value = 0x40 },
	{ .name = "DOWN_VR1_ODD", .value = 0x80 },
	{ .name = "UP", .value = 0x33 },
	{ .name = "DOWN", .value = 0xCC },
	{ .name = "CW", .value = 0x03 },
	{ .name = "CCW", .value = 0x0C },
};

static const struct upm_umask ring_iv_used_umasks[] = {
	{ .name = "ANY", .value = 0x0F },
	{ .name = "UP", .value = 0x33 },
	{ .name = "DOWN", .value = 0xCC },
};

static const struct upm_umask rxr_ext_starved_umasks[] = {
	{ .name = "IRQ", .value = 0x01 },
	{ .name = "IPQ", .value = 0x02 },
	{ .name = "PRQ", .value = 0x04 },
	{ .name = "ISMQ_BIDS", .value = 0x08 },
};

/* 329468-002 Table 2-25, p.45 (perfmon's trailing block agrees). */
static const struct upm_umask ring_bounces_umasks[] = {
	{ .name = "AD_IRQ", .value = 0x02 },
	{ .name = "AK", .value = 0x04 },
	{ .name = "BL", .value = 0x08 },
	{ .name = "IV", .value = 0x10 },
};

static const struct upm_umask ring_sink_starved_umasks[] = {
	{ .name = "AD_IRQ", .value = 0x01 },
	{ .name = "AD_IPQ", .value = 0x02 },
	{ .name = "IV", .value = 0x10 },
};

static const struct upm_umask rxr_int_starved_umasks[] = {
	{ .name = "IRQ", .value = 0x01 },
	{ .name = "IPQ", .value = 0x04 },
	{ .name = "ISMQ", .value = 0x08 },
};

static const struct upm_umask rxr_irq_retry_umasks[] = {
	{ .name = "ANY", .value = 0x01 },
	{ .name = "FULL", .value = 0x02 },
	{ .name = "ADDR_CONFLICT", .value = 0x04 },
	{ .name = "RTID", .value = 0x08 },
	{ .name = "QPI_CREDITS", .value = 0x10 },
	{ .name = "IIO_CREDITS", .value = 0x20 },
};

static const struct upm_umask rxr_ismq_retry_umasks[] = {
	{ .name = "ANY", .value = 0x01 },
	{ .name = "FULL", .value = 0x02 },
	{ .name = "RTID", .value = 0x08 },
	{ .name = "QPI_CREDITS", .value = 0x10 },
	{ .name = "IIO_CREDITS", .value = 0x20 },
	{ .name = "WB_CREDITS", .value = 0x80 },
};

/* TOR_INSERTS and TOR_OCCUPANCY (perfmon lists MISS_ALL 0x0A for TOR_OCCUPANCY only).
 * The *_OPCODE umasks need the opcode field, the NID_* ones the node-id mask. */
#define TOR_COMMON_UMASKS                                                                    \
	{ .name = "OPCODE", .value = 0x01, .filter = UPM_FILT_CBO_OPC },                      \
	{ .name = "MISS_OPCODE", .value = 0x03, .filter = UPM_FILT_CBO_OPC },                 \
	{ .name = "EVICTION", .value = 0x04 },                                                \
	{ .name = "ALL", .value = 0x08 },                                                     \
	{ .name = "WB", .value = 0x10 },                                                      \
	{ .name = "LOCAL_OPCODE", .value = 0x21, .filter = UPM_FILT_CBO_OPC },                \
	{ .name = "MISS_LOCAL_OPCODE", .value = 0x23, .filter = UPM_FILT_CBO_OPC },           \
	{ .name = "LOCAL", .value = 0x28 },                                                   \
	{ .name = "MISS_LOCAL", .value = 0x2A },                                              \
	{ .name = "NID_OPCODE", .value = 0x41, .filter = UPM_FILT_CBO_OPC | UPM_FILT_CBO_NID }, \
	{ .name = "NID_MISS_OPCODE", .value = 0x43,                                           \
	  .filter = UPM_FILT_CBO_OPC | UPM_FILT_CBO_NID },                                    \
	{ .name = "NID_EVICTION", .value = 0x44, .filter = UPM_FILT_CBO_NID },                \
	{ .name = "NID_ALL", .value = 0x48, .filter = UPM_FILT_CBO_NID },                     \
	{ .name = "NID_MISS_ALL", .value = 0x4A, .filter = UPM_FILT_CBO_NID },                \
	{ .name = "NID_WB", .value = 0x50, .filter = UPM_FILT_CBO_NID },                      \
	{ .name = "REMOTE_OPCODE", .value = 0x81, .filter = UPM_FILT_CBO_OPC },               \
	{ .name = "MISS_REMOTE_OPCODE", .value = 0x83, .filter = UPM_FILT_CBO_OPC },          \
	{ .name = "REMOTE", .value = 0x88 },                                                  \
	{ .name = "MISS_REMOTE", .value = 0x8A }

static const struct upm_umask tor_inserts_umasks[] = { TOR_COMMON_UMASKS };
static const struct upm_umask tor_occupancy_umasks[] = {
	TOR_COMMON_UMASKS,
	{ .name = "MISS_ALL", .value = 0x0A },
};

static const struct upm_umask txr_ads_used_umasks[] = {
	{ .name = "AD", .value = 0x01 },
	{ .name = "AK", .value = 0x02 },
	{ .name = "BL", .value = 0x04 },
};

static const struct upm_umask txr_starved_umasks[] = {
	{ .name = "AK_BOTH", .value = 0x02 },
	{ .name = "IV", .value = 0x08 },
	{ .name = "AD_CORE", .value = 0x10 },
};

#define EV(name_, code_, ctrs_, umasks_, desc_)                                  \
	{                                                                         \
		.name = (name_), .code = (code_), .counters = (ctrs_),            \
		UPM_UMASKS(umasks_), .desc = (desc_), .source = PM_K,             \
	}

const struct upm_event_def upm_ivbep_cbo_events[] = {
	{
		.name = "CLOCKTICKS", .code = 0x00, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "Uncore clock cycles seen by this CBo",
		.source = PM_K,
	},
	{
		.name = "COUNTER0_OCCUPANCY", .code = 0x1F, .counters = 0xE, .reads_counter0 = 1,
		.desc = "Counter 0's occupancy value, re-filtered by this counter's thresh/edge",
		.source = PM_K,
	},
	{
		/* Counts nothing unless FILTER0.state selects one or more states. */
		.name = "LLC_LOOKUP", .code = 0x34, .counters = 0x3,
		.filter = UPM_FILT_CBO_STATE, UPM_UMASKS(llc_lookup_umasks),
		.desc = "LLC lookups, qualified by request type and by line state in the filter",
		.source = PM_K,
	},
	EV("LLC_VICTIMS", 0x37, 0x3, upm_snbep_um_cbo_llc_victims,
	   "Lines evicted from the LLC on a fill, by the victim's state"),
	EV("MISC", 0x39, 0x3, upm_snbep_um_cbo_misc,
	   "Assorted CBo occurrences (silent evictions, WC aliasing, RFO hitting S)"),
	EV("QLRU", 0x3C, 0x3, qlru_umasks, "LRU hints: ages set on fills and victim selection"),
	EV("RING_AD_USED", 0x1B, 0xC, ring_used_umasks,
	   "Cycles the AD ring is busy at this stop, by direction, polarity and ring"),
	EV("RING_AK_USED", 0x1C, 0xC, ring_used_umasks,
	   "Cycles the AK ring is busy at this stop, by direction, polarity and ring"),
	EV("RING_BL_USED", 0x1D, 0xC, ring_used_umasks,
	   "Cycles the BL ring is busy at this stop, by direction, polarity and ring"),
	EV("RING_BOUNCES", 0x05, 0x3, ring_bounces_umasks,
	   "LLC responses that bounced on the ring, by ring"),
	EV("RING_IV_USED", 0x1E, 0xC, ring_iv_used_umasks,
	   "Cycles the IV ring is busy at this stop"),
	EV("RING_SINK_STARVED", 0x06, 0x3, ring_sink_starved_umasks,
	   "Cycles a ring sink is starved, by ring and queue"),
	{
		.name = "RING_SRC_THRTL", .code = 0x07, .counters = 0x3,
		.desc = "Ring source throttling (perfmon gives no definition)",
		.source = PM_K,
	},
	EV("RxR_EXT_STARVED", 0x12, 0x3, rxr_ext_starved_umasks,
	   "Cycles one ingress queue starves the others at the arbiter"),
	EV("RxR_INSERTS", 0x13, 0x3, upm_snbep_um_cbo_rxr_queue,
	   "Allocations into an ingress queue"),
	EV("RxR_INT_STARVED", 0x14, 0x3, rxr_int_starved_umasks,
	   "Cycles an ingress queue is starved internally"),
	EV("RxR_IPQ_RETRY", 0x31, 0x3, upm_snbep_um_cbo_rxr_ipq_retry,
	   "Snoops from the IPQ that were retried, by reason"),
	EV("RxR_IRQ_RETRY", 0x32, 0x3, rxr_irq_retry_umasks,
	   "Core requests from the IRQ that were retried, by reason"),
	EV("RxR_ISMQ_RETRY", 0x33, 0x3, rxr_ismq_retry_umasks,
	   "ISMQ transactions that were retried, by reason"),
	EV("RxR_OCCUPANCY", 0x11, 0x1, upm_snbep_um_cbo_rxr_queue,
	   "Per-cycle entries in an ingress queue"),
	EV("TOR_INSERTS", 0x35, 0x3, tor_inserts_umasks,
	   "Requests entering the TOR, by kind, locality, opcode and/or target node"),
	EV("TOR_OCCUPANCY", 0x36, 0x1, tor_occupancy_umasks,
	   "Per-cycle valid TOR entries, by kind, locality, opcode and/or target node"),
	EV("TxR_ADS_USED", 0x04, 0x3, txr_ads_used_umasks, "Egress usage, by ring"),
	EV("TxR_INSERTS", 0x02, 0x3, upm_snbep_um_cbo_txr_inserts,
	   "Allocations into the CBo egress, by ring and by cache or core side"),
	EV("TxR_STARVED", 0x03, 0x3, txr_starved_umasks, "Cycles the egress is starved"),
};

const unsigned upm_ivbep_cbo_n_events = UPM_ARRAY_LEN(upm_ivbep_cbo_events);

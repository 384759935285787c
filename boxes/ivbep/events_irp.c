/* Ivy Bridge-EP IRP events (new on this generation): intel/perfmon IVT/events/
 * ivytown_uncore.json, V23 (commit 37fcb3c3374216096557d71c5eac3d4adc90b65d), Unit "IRP".
 * Names drop perfmon's "UNC_I_" prefix. ExtSel 0 throughout; no per-cycle maximum
 * (max_inc 0).
 *
 * Counters: perfmon gives "0,1" for every event, while the box has four counters
 * (Linux ivbep_uncore_irp: num_counters 4, no constraints). likwid and the E7 v2
 * datasheet (13.2.4.6) split them into two sub-units, IRP0 on counters 0-1 and IRP1 on
 * counters 2-3, each with "counters 0,1" of its own; so every event may use all four,
 * and counters 2-3 count for the second sub-unit (box_irp.c).
 *
 * TRANSACTIONS.ORDERINGQ needs "IRPFilter[4:0]" (IRP_PmonFilter.OrderingQ), a register
 * whose offset no source read gives: the unit mask is offered without a filter and counts
 * whatever the filter holds. perfmon's trailing block repeats TRANSACTIONS 0x04 as
 * RD_PREFETCHES (the main list: PD_PREFETCHES); both names are listed. No
 * tables are shared with Sandy Bridge-EP (it has no IRP box). */
#include "boxes/event.h"

#define PM "perfmon IVT/events/ivytown_uncore.json"

static const struct upm_umask address_match_umasks[] = {
	{ .name = "STALL_COUNT", .value = 0x01 },
	{ .name = "MERGE_COUNT", .value = 0x02 },
};

static const struct upm_umask any_source_umasks[] = {
	{ .name = "ANY", .value = 0x01 },
	{ .name = "SOURCE", .value = 0x02 },
};

static const struct upm_umask tickles_umasks[] = {
	{ .name = "LOST_OWNERSHIP", .value = 0x01 },
	{ .name = "TOP_OF_QUEUE", .value = 0x02 },
};

static const struct upm_umask transactions_umasks[] = {
	{ .name = "READS", .value = 0x01 },
	{ .name = "WRITES", .value = 0x02 },
	{ .name = "PD_PREFETCHES", .value = 0x04 },
	{ .name = "RD_PREFETCHES", .value = 0x04 },
	{ .name = "ORDERINGQ", .value = 0x08 },
};

#define EV(name_, code_, desc_)                                                 \
	{ .name = (name_), .code = (code_), .counters = 0xF, .desc = (desc_), .source = PM }
#define EVU(name_, code_, umasks_, desc_)                                       \
	{                                                                        \
		.name = (name_), .code = (code_), .counters = 0xF,               \
		UPM_UMASKS(umasks_), .desc = (desc_), .source = PM,              \
	}

const struct upm_event_def upm_ivbep_irp_events[] = {
	EVU("ADDRESS_MATCH", 0x17, address_match_umasks, "Inbound requests stalled or merged on an address match"),
	EVU("CACHE_ACK_PENDING_OCCUPANCY", 0x14, any_source_umasks, "Write-cache entries waiting for an ACK, summed"),
	EVU("CACHE_OWN_OCCUPANCY", 0x13, any_source_umasks, "Write-cache entries waiting for ownership, summed"),
	EVU("CACHE_READ_OCCUPANCY", 0x10, any_source_umasks, "Write-cache entries waiting for read data, summed"),
	EVU("CACHE_TOTAL_OCCUPANCY", 0x12, any_source_umasks, "Write-cache entries in use, summed"),
	EVU("CACHE_WRITE_OCCUPANCY", 0x11, any_source_umasks, "Write-cache entries waiting to write, summed"),
	{
		.name = "CLOCKTICKS", .code = 0x00, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "Clocks of the IRP",
		.source = PM,
	},
	EV("RxR_AK_CYCLES_FULL", 0x0B, "Cycles the AK ingress is full"),
	EV("RxR_AK_INSERTS", 0x0A, "Allocations into the AK ingress"),
	EV("RxR_AK_OCCUPANCY", 0x0C, "AK ingress entries summed every cycle"),
	EV("RxR_BL_DRS_CYCLES_FULL", 0x04, "Cycles the BL ingress (DRS) is full"),
	EV("RxR_BL_DRS_INSERTS", 0x01, "Allocations into the BL ingress (DRS)"),
	EV("RxR_BL_DRS_OCCUPANCY", 0x07, "BL ingress (DRS) entries summed every cycle"),
	EV("RxR_BL_NCB_CYCLES_FULL", 0x05, "Cycles the BL ingress (NCB) is full"),
	EV("RxR_BL_NCB_INSERTS", 0x02, "Allocations into the BL ingress (NCB)"),
	EV("RxR_BL_NCB_OCCUPANCY", 0x08, "BL ingress (NCB) entries summed every cycle"),
	EV("RxR_BL_NCS_CYCLES_FULL", 0x06, "Cycles the BL ingress (NCS) is full"),
	EV("RxR_BL_NCS_INSERTS", 0x03, "Allocations into the BL ingress (NCS)"),
	EV("RxR_BL_NCS_OCCUPANCY", 0x09, "BL ingress (NCS) entries summed every cycle"),
	EVU("TICKLES", 0x16, tickles_umasks, "Tickles received, by outcome"),
	EVU("TRANSACTIONS", 0x15, transactions_umasks, "Inbound transactions to the uncore, by type"),
	EV("TxR_AD_STALL_CREDIT_CYCLES", 0x18, "Stalls for want of AD egress credits"),
	EV("TxR_BL_STALL_CREDIT_CYCLES", 0x19, "Stalls for want of BL egress credits"),
	EV("TxR_DATA_INSERTS_NCB", 0x0E, "Outbound NCB requests issued to the switch"),
	EV("TxR_DATA_INSERTS_NCS", 0x0F, "Outbound NCS requests issued to the switch"),
	EV("TxR_REQUEST_OCCUPANCY", 0x0D, "Outstanding outbound requests, summed every cycle"),
	EV("WRITE_ORDERING_STALL_CYCLES", 0x1A, "Cycles with pending write ACKs and an idle pipeline"),
};

const unsigned upm_ivbep_irp_n_events = UPM_ARRAY_LEN(upm_ivbep_irp_events);

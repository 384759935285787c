/* Nehalem-EX / Westmere-EX S-Box events: summary Table 2-37 (seed 002, lines 2644-2740,
 * three sheets; 83 events) and the detailed list (002:2742-3609; 82 entries, it lacks
 * TO_RING_NCS_MSGQ_CYCLES_NE, kept from the summary). Any event may go on any of the
 * four counters (002:2376): counters = 0xF.
 *
 * Max inc: where the summary and the list differ, max_inc is the larger (the field is
 * the largest increment the guide gives; the S-Box counters take up to 64 per cycle,
 * 002:2376). The summary's "361" and "321" (002:2678, 2681) are 36 and 32 with a
 * footnote digit run in: Table 2-36 gives those queues 36 and 32 entries (002:2619-2620).
 *
 * Code conflicts, ring-bound R2S/B2S queues (Table 2-37 vs the list):
 *   event                          summary  list
 *   TO_RING_R2S_MSGQ_CYCLES_FULL   0x2A     0x2A (3262)
 *   TO_RING_R2S_MSGQ_CYCLES_NE     0x2B     0x2C (3269)
 *   TO_RING_R2S_MSGQ_OCCUPANCY     0x2C     0x2E (3276)
 *   TO_RING_B2S_MSGQ_CYCLES_FULL   0x2D     0x2B (3183)
 *   TO_RING_B2S_MSGQ_CYCLES_NE     0x2E     0x2D (3190)
 *   TO_RING_B2S_MSGQ_OCCUPANCY     0x2F     0x2F (3197)
 * The Xeon 7500 guide has the same split (its list: B2S FULL 0x2B, NE 0x2D), so no
 * second source settles it. The summary's codes are used: in both sources every queue
 * that has its own occupancy event takes FULL, NE, OCCUPANCY as three consecutive codes
 * (TO_R_SNP 0x08-0x0A, TO_R_NDR 0x0B-0x0D, TO_R_DRS 0x0E-0x10, TO_R_NCB 0x11-0x13,
 * TO_R_NCS 0x14-0x16, TO_R_LOC_NCS 0x8C-0x8E, and next door TO_RING_NDR 0x27-0x29);
 * only the SNP/NCB/NCS ring-bound queues, which share one buffer and one occupancy
 * event, interleave (0x20-0x25). R2S and B2S are separate buffers with their own
 * occupancy events (Table 2-36, 002:2619-2620), so they follow the consecutive pattern.
 * Each disputed event's desc says "code disputed"; the other code can be tried raw
 * (sbox/event=0x2C,.../).
 *
 * Match/mask: TO_R_PROG_EV (0x00) counts what S_MSR_MATCH/MASK select, enabled by
 * S_MSR_MM_CFG.mm_en (002:2378, 2524-2538); no other event uses them. It needs
 * UPM_FILT_SBOX_MATCH. Queue occupancy events want .reset_occ_cnt set in the write
 * that enables the counter (002:2390); the control layout handles that. */
#include "boxes/nhmex/nhmex_events.h"

#define ALL_CTRS 0xF

/* System-bound HOM queue: "RBBOX" is the list's name for both (002:3358-3361). */
static const struct upm_umask hom_q_umasks[] = {
	{ .name = "RBOX", .value = 0x01 },
	{ .name = "BBOX", .value = 0x02 },
	{ .name = "RBBOX", .value = 0x03 },
};

/* PKTS_SENT_HOM and NO_CREDIT_VNA: R-Box, B-Box, both (002:2983-2986, 3071-3074). */
static const struct upm_umask r_b_umasks[] = {
	{ .name = "RBOX", .value = 0x01 },
	{ .name = "BBOX", .value = 0x02 },
	{ .name = "ALL", .value = 0x03 },
};

/* One bit per pair of C-Boxes sharing a system-bound buffer (E7: ten C-Boxes, e.g.
 * 002:3055-3060). */
static const struct upm_umask cbox_pair_umasks[] = {
	{ .name = "CBOX0_5", .value = 0x01 },
	{ .name = "CBOX1_6", .value = 0x02 },
	{ .name = "CBOX2_7", .value = 0x04 },
	{ .name = "CBOX3_8", .value = 0x08 },
	{ .name = "CBOX4_9", .value = 0x10 },
	{ .name = "ALL", .value = 0x1F },
};

/* The Xeon 7500's eight C-Boxes: four pairs, ALL = 0xF (Xeon 7500 Uncore Programming
 * Guide 323535-001, TO_R_DRS_MSGQ_* p.2-66, TO_R_NCB_MSGQ_* p.2-68, PKTS_SENT_DRS/NCB
 * p.2-61: CBOX0_4 bxxx1 ... CBOX3_7 b1xxx, ALL b1111; LIKWID
 * perfmon_nehalemEX_events.txt: *_CBOX0_4 0x01 ... *_ALL 0x0F). */
static const struct upm_umask cbox_pair_7500_umasks[] = {
	{ .name = "CBOX0_4", .value = 0x01 },
	{ .name = "CBOX1_5", .value = 0x02 },
	{ .name = "CBOX2_6", .value = 0x04 },
	{ .name = "CBOX3_7", .value = 0x08 },
	{ .name = "ALL", .value = 0x0F },
};

/* TO_RING_MSGQ_OCCUPANCY (002:3214-3218). The list describes ALL as "All C-Boxes", a
 * copy slip: it is the three message classes together. */
static const struct upm_umask to_ring_msgq_umasks[] = {
	{ .name = "SNP", .value = 0x01 },
	{ .name = "NCS", .value = 0x02 },
	{ .name = "NCB", .value = 0x04 },
	{ .name = "ALL", .value = 0x07 },
};

/* EGRESS_BYPASS / _ARB_WINS / _ARB_LOSSES / _STARVED (002:2784-2793). */
static const struct upm_umask egress_umasks[] = {
	{ .name = "AD_CW", .value = 0x01 },
	{ .name = "AD_CCW", .value = 0x02 },
	{ .name = "AD", .value = 0x03 },
	{ .name = "AK_CW", .value = 0x04 },
	{ .name = "AK_CCW", .value = 0x08 },
	{ .name = "AK", .value = 0x0C },
	{ .name = "BL_CW", .value = 0x10 },
	{ .name = "BL_CCW", .value = 0x20 },
	{ .name = "BL", .value = 0x30 },
};

static const struct upm_umask snp_bypass_umasks[] = {
	{ .name = "SNP", .value = 0x01 },
	{ .name = "BIG_SNP", .value = 0x02 },
	{ .name = "ALL", .value = 0x03 },
};

/* REQ_TBL_OCCUPANCY and TO_R_B_REQUESTS (002:3171-3174, 3585-3588). */
static const struct upm_umask local_remote_umasks[] = {
	{ .name = "LOCAL", .value = 0x01 },
	{ .name = "REMOTE", .value = 0x02 },
	{ .name = "ALL", .value = 0x03 },
};

#define SEV(name_, code_, max_, desc_, src_) \
	{ .name = name_, .code = (code_), .counters = ALL_CTRS, .max_inc = (max_), .desc = desc_, \
	  .source = "002:" src_ }
#define SEV_U(name_, code_, max_, umasks_, desc_, src_)                                      \
	{ .name = name_, .code = (code_), .counters = ALL_CTRS, .max_inc = (max_),            \
	  UPM_UMASKS(umasks_), .desc = desc_, .source = "002:" src_ }

/* Xeon E7: the shared list with the ten-C-Box pair masks, then what only the E7 guide
 * documents: TO_RING_NCS_MSGQ_CYCLES_NE (summary only, 002:2677) and the local NCS
 * queue's events (0x8B-0x90). */
const struct upm_event_def upm_wsmex_sbox_events[] = {
#define SBOX_CBOX_PAIRS cbox_pair_umasks
#include "boxes/nhmex/sbox_event_list.h"
#undef SBOX_CBOX_PAIRS
	/* Summary only; the list has no entry. */
	SEV("TO_RING_NCS_MSGQ_CYCLES_NE", 0x25, 1, "Cycles the ring-bound NCS queue is not empty",
	    "2677"),
	SEV("NO_CREDIT_LOC_NCS", 0x8B, 1, "Pending local NCS message with no NCS or VNA credit",
	    "2735, 2939-2944"),

	/* Local NCS (002:2736-2740). */
	SEV_U("TO_R_LOC_NCS_MSGQ_CYCLES_FULL", 0x8C, 1, cbox_pair_umasks,
	      "Cycles a C-Box pair's local NCS queue is full (select one pair)", "2736, 3392-3407"),
	SEV_U("TO_R_LOC_NCS_MSGQ_CYCLES_NE", 0x8D, 1, cbox_pair_umasks,
	      "Cycles any selected local NCS queue is not empty", "2737, 3409-3424"),
	/* Max: summary 64, list 2 (002:3430). */
	SEV_U("TO_R_LOC_NCS_MSGQ_OCCUPANCY", 0x8E, 64, cbox_pair_umasks,
	      "Local NCS queue occupancy of the selected pairs, summed per cycle", "2738, 3426-3442"),
	SEV("PKTS_RCVD_LOC_NCS", 0x8F, 1, "Local NCS packets received (3 flits each)", "2739, 3004-3010"),
	SEV("FLITS_SENT_LOC_NCS", 0x90, 1, "Local NCS flits sent", "2740, 2869-2874"),
};

const unsigned upm_wsmex_sbox_n_events = UPM_ARRAY_LEN(upm_wsmex_sbox_events);

/* Xeon 7500: the shared list with the eight-C-Box pair masks. The 7500 guide has no local
 * NCS queue (its Table 2-36 lists none; LIKWID perfmon_nehalemEX_events.txt has no
 * *_LOC_NCS event) and its detailed list, like the E7's, no TO_RING_NCS_MSGQ_CYCLES_NE
 * (323535-001 p.2-64; nor LIKWID's 7500 file). */
const struct upm_event_def upm_nhmex_sbox_events[] = {
#define SBOX_CBOX_PAIRS cbox_pair_7500_umasks
#include "boxes/nhmex/sbox_event_list.h"
#undef SBOX_CBOX_PAIRS
};

const unsigned upm_nhmex_sbox_n_events = UPM_ARRAY_LEN(upm_nhmex_sbox_events);

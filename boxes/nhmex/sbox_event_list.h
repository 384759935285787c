/* The S-Box events the Xeon 7500 and the Xeon E7 share (boxes/nhmex/events_sbox.c includes
 * this list once per part). SBOX_CBOX_PAIRS names the part's C-Box pair unit-mask table.
 * Guide lines are the E7's (seed 002); the 7500 guide 323535-001 gives the same codes
 * (boxes/PUBLIC_FACTS.md, "Xeon 7500 (Nehalem-EX) differences"). Not a header: an
 * initialiser list, included inside an array. */
#ifndef SBOX_CBOX_PAIRS
#error "define SBOX_CBOX_PAIRS before including this list"
#endif
	/* System-bound queues (002:2648-2671). */
	{
		.name = "TO_R_PROG_EV", .code = 0x00, .counters = ALL_CTRS, .max_inc = 1,
		.filter = UPM_FILT_SBOX_MATCH,
		.desc = "System-bound packets matching S_MSR_MATCH/MASK (needs match/mask)",
		.source = "002:2648, 2524-2538, 3569-3574",
	},
	SEV_U("TO_R_B_HOM_MSGQ_CYCLES_FULL", 0x03, 1, hom_q_umasks,
	      "Cycles the system-bound HOM queue is full", "2649, 3349-3361"),
	SEV_U("TO_R_B_HOM_MSGQ_CYCLES_NE", 0x06, 1, hom_q_umasks,
	      "Cycles the system-bound HOM queue is not empty", "2650, 3363-3375"),
	SEV_U("TO_R_B_HOM_MSGQ_OCCUPANCY", 0x07, 64, hom_q_umasks,
	      "System-bound HOM queue occupancy, summed per cycle (64 entries)", "2651, 3377-3390"),
	SEV("TO_R_SNP_MSGQ_CYCLES_FULL", 0x08, 1, "Cycles the system-bound SNP queue is full",
	    "2652, 3590-3595"),
	SEV("TO_R_SNP_MSGQ_CYCLES_NE", 0x09, 1, "Cycles the system-bound SNP queue is not empty",
	    "2653, 3597-3602"),
	SEV("TO_R_SNP_MSGQ_OCCUPANCY", 0x0A, 32, "System-bound SNP queue occupancy, summed per cycle",
	    "2654, 3604-3609"),
	SEV("TO_R_NDR_MSGQ_CYCLES_FULL", 0x0B, 1, "Cycles the system-bound NDR queue is full",
	    "2655, 3548-3553"),
	SEV("TO_R_NDR_MSGQ_CYCLES_NE", 0x0C, 1, "Cycles the system-bound NDR queue is not empty",
	    "2656, 3555-3560"),
	SEV("TO_R_NDR_MSGQ_OCCUPANCY", 0x0D, 16, "System-bound NDR queue occupancy, summed per cycle",
	    "2657, 3562-3567"),
	/* FULL is defined for one selected C-Box pair only (002:3302). */
	SEV_U("TO_R_DRS_MSGQ_CYCLES_FULL", 0x0E, 1, SBOX_CBOX_PAIRS,
	      "Cycles a C-Box pair's system-bound DRS queue is full (select one pair)", "2658, 3297-3312"),
	SEV_U("TO_R_DRS_MSGQ_CYCLES_NE", 0x0F, 1, SBOX_CBOX_PAIRS,
	      "Cycles any selected system-bound DRS queue is not empty", "2659, 3314-3329"),
	/* Max: summary 64, list 16 (002:3335; Table 2-36 16 entries, 002:2611). */
	SEV_U("TO_R_DRS_MSGQ_OCCUPANCY", 0x10, 64, SBOX_CBOX_PAIRS,
	      "System-bound DRS queue occupancy of the selected pairs, summed per cycle",
	      "2660, 3331-3347"),
	SEV_U("TO_R_NCB_MSGQ_CYCLES_FULL", 0x11, 1, SBOX_CBOX_PAIRS,
	      "Cycles a C-Box pair's system-bound NCB queue is full (select one pair)", "2661, 3444-3459"),
	SEV_U("TO_R_NCB_MSGQ_CYCLES_NE", 0x12, 1, SBOX_CBOX_PAIRS,
	      "Cycles any selected system-bound NCB queue is not empty", "2667, 3461-3476"),
	/* Max: summary 64, list 8 (002:3482). */
	SEV_U("TO_R_NCB_MSGQ_OCCUPANCY", 0x13, 64, SBOX_CBOX_PAIRS,
	      "System-bound NCB queue occupancy of the selected pairs, summed per cycle",
	      "2668, 3478-3494"),
	SEV_U("TO_R_NCS_MSGQ_CYCLES_FULL", 0x14, 1, SBOX_CBOX_PAIRS,
	      "Cycles a C-Box pair's system-bound NCS queue is full (select one pair)", "2669, 3496-3511"),
	SEV_U("TO_R_NCS_MSGQ_CYCLES_NE", 0x15, 1, SBOX_CBOX_PAIRS,
	      "Cycles any selected system-bound NCS queue is not empty", "2670, 3513-3528"),
	/* Max: summary 64, list 2 (002:3534). */
	SEV_U("TO_R_NCS_MSGQ_OCCUPANCY", 0x16, 64, SBOX_CBOX_PAIRS,
	      "System-bound NCS queue occupancy of the selected pairs, summed per cycle",
	      "2671, 3530-3546"),

	/* Ring-bound queues (002:2672-2689). */
	SEV("TO_RING_SNP_MSGQ_CYCLES_FULL", 0x20, 1, "Cycles the ring-bound SNP queue is full",
	    "2672, 3283-3288"),
	SEV("TO_RING_NCB_MSGQ_CYCLES_FULL", 0x21, 1, "Cycles the ring-bound NCB queue is full",
	    "2673, 3220-3225"),
	SEV("TO_RING_NCS_MSGQ_CYCLES_FULL", 0x22, 1, "Cycles the ring-bound NCS queue is full",
	    "2674, 3234-3239"),
	SEV("TO_RING_SNP_MSGQ_CYCLES_NE", 0x23, 1, "Cycles the ring-bound SNP queue is not empty",
	    "2675, 3290-3295"),
	SEV("TO_RING_NCB_MSGQ_CYCLES_NE", 0x24, 1, "Cycles the ring-bound NCB queue is not empty",
	    "2676, 3227-3232"),
	/* Max: summary "361" = 36 (Table 2-36: ALL 36 entries), list 1 (002:3208). */
	SEV_U("TO_RING_MSGQ_OCCUPANCY", 0x26, 36, to_ring_msgq_umasks,
	      "Ring-bound SNP/NCS/NCB buffer occupancy, summed per cycle", "2678, 3204-3218"),
	SEV("TO_RING_NDR_MSGQ_CYCLES_FULL", 0x27, 1, "Cycles the ring-bound NDR queue is full",
	    "2679, 3241-3246"),
	SEV("TO_RING_NDR_MSGQ_CYCLES_NE", 0x28, 1, "Cycles the ring-bound NDR queue is not empty",
	    "2680, 3248-3253"),
	/* Max: summary "321" = 32, list 32. */
	SEV("TO_RING_NDR_MSGQ_OCCUPANCY", 0x29, 32, "Ring-bound NDR queue occupancy, summed per cycle",
	    "2681, 3255-3260"),
	/* 0x2A-0x2F: summary codes, see the file comment. */
	SEV("TO_RING_R2S_MSGQ_CYCLES_FULL", 0x2A, 1, "Cycles the ring-bound R2S (DRS from R-Box) queue is full",
	    "2682, 3262-3267"),
	SEV("TO_RING_R2S_MSGQ_CYCLES_NE", 0x2B, 1,
	    "Cycles the ring-bound R2S queue is not empty (code disputed: list 0x2C)", "2683, 3269-3274"),
	SEV("TO_RING_R2S_MSGQ_OCCUPANCY", 0x2C, 8,
	    "Ring-bound R2S queue occupancy, summed per cycle (code disputed: list 0x2E)",
	    "2684, 3276-3281"),
	SEV("TO_RING_B2S_MSGQ_CYCLES_FULL", 0x2D, 1,
	    "Cycles the ring-bound B2S (DRS from B-Box) queue is full (code disputed: list 0x2B)",
	    "2685, 3183-3188"),
	SEV("TO_RING_B2S_MSGQ_CYCLES_NE", 0x2E, 1,
	    "Cycles the ring-bound B2S queue is not empty (code disputed: list 0x2D)", "2686, 3190-3195"),
	SEV("TO_RING_B2S_MSGQ_OCCUPANCY", 0x2F, 8, "Ring-bound B2S queue occupancy, summed per cycle",
	    "2687, 3197-3202"),
	SEV("HALFLINE_BYPASS", 0x30, 1, "Half-cacheline bypasses (line sent early)", "2688, 2890-2895"),
	SEV_U("REQ_TBL_OCCUPANCY", 0x31, 48, local_remote_umasks,
	      "Request table entries in use, summed per cycle (48 entries)", "2689, 3161-3174"),

	/* Ring-bound egress (002:2690-2693). */
	SEV_U("EGRESS_BYPASS", 0x40, 1, egress_umasks, "Egress bypasses used, by ring and direction",
	      "2690, 2818-2837"),
	SEV_U("EGRESS_ARB_WINS", 0x41, 1, egress_umasks, "Egress arbitration wins, by ring and direction",
	      "2691, 2795-2816"),
	SEV_U("EGRESS_ARB_LOSSES", 0x42, 1, egress_umasks,
	      "Egress arbitration losses, by ring and direction", "2692, 2774-2793"),
	SEV_U("EGRESS_STARVED", 0x43, 1, egress_umasks, "Cycles egress FIFOs are starved, by ring",
	      "2693, 2839-2860"),

	/* Bypasses (002:2694-2698). */
	SEV("RBOX_HOM_BYPASS", 0x50, 1, "R-Box HOM bypasses used", "2694, 3140-3145"),
	SEV_U("RBOX_SNP_BYPASS", 0x51, 1, snp_bypass_umasks, "R-Box snoop bypasses used",
	      "2695, 3147-3159"),
	SEV("S2B_HOM_BYPASS", 0x52, 1, "Cycles the S-Box to B-Box HOM bypass is used", "2696, 3176-3181"),
	SEV("B2S_DRS_BYPASS", 0x53, 1, "Cycles the B-Box to S-Box DRS bypass is used", "2697, 2746-2751"),
	SEV("BBOX_HOM_BYPASS", 0x54, 1, "B-Box HOM bypasses used", "2698, 2767-2772"),

	/* System-bound transmission (002:2699-2715). */
	SEV_U("PKTS_SENT_HOM", 0x60, 1, r_b_umasks, "HOM packets sent to the R-Box/B-Box (1 flit each)",
	      "2699, 3062-3074"),
	SEV("PKTS_SENT_SNP", 0x62, 1, "Snoop packets sent (first snoop of a request only, 1 flit)",
	    "2700, 3119-3124"),
	SEV("PKTS_SENT_NDR", 0x63, 1, "NDR packets sent (1 flit each)", "2701, 3112-3117"),
	SEV_U("PKTS_SENT_DRS", 0x64, 1, SBOX_CBOX_PAIRS, "DRS packets sent, by C-Box pair",
	      "2702, 3042-3060"),
	SEV("FLITS_SENT_DRS", 0x65, 1, "DRS flits sent", "2703, 2862-2867"),
	/* Max: summary 1, list 3 (002:3098). */
	SEV_U("PKTS_SENT_NCS", 0x66, 3, SBOX_CBOX_PAIRS, "NCS packets sent, by C-Box pair",
	      "2704, 3094-3110"),
	SEV("FLITS_SENT_NCS", 0x67, 1, "NCS flits sent", "2705, 2883-2888"),
	/* Max: summary 1, list 11 (002:3080). */
	SEV_U("PKTS_SENT_NCB", 0x68, 11, SBOX_CBOX_PAIRS, "NCB packets sent, by C-Box pair",
	      "2706, 3076-3092"),
	/* Max: summary 1, list 11 (002:2880). */
	SEV("FLITS_SENT_NCB", 0x69, 11, "NCB flits sent", "2707, 2876-2881"),
	SEV("RBOX_CREDIT_RETURNS", 0x6A, 1, "Credit-return idle flits sent to the R-Box", "2713, 3133-3138"),
	SEV("BBOX_CREDIT_RETURNS", 0x6B, 1, "Credit-return idle flits sent to the B-Box", "2714, 2760-2765"),
	SEV_U("TO_R_B_REQUESTS", 0x6C, 1, local_remote_umasks, "Socket requests, local or remote home",
	      "2715, 3576-3588"),

	/* Ring-bound transmission (002:2716-2723). */
	SEV("PKTS_RCVD_NDR", 0x70, 1, "NDR packets received (1 flit each)", "2716, 3028-3033"),
	SEV("PKTS_RCVD_SNP", 0x71, 1, "Snoop packets received (1 flit each)", "2717, 3035-3040"),
	/* Max: summary 1, list 9 (002:3000). */
	SEV("PKTS_RCVD_DRS_FROM_R", 0x72, 9, "DRS packets received from the R-Box (9 flits each)",
	    "2718, 2996-3002"),
	SEV("PKTS_RCVD_DRS_FROM_B", 0x73, 1, "DRS packets received from the B-Box (9 flits each)",
	    "2719, 2988-2994"),
	SEV("PKTS_RCVD_NCS", 0x74, 1, "NCS packets received (3 flits each)", "2720, 3020-3026"),
	SEV("PKTS_RCVD_NCB", 0x75, 1, "NCB packets received (11 flits each)", "2721, 3012-3018"),
	/* The list names it RBOX_CREDIT_CARRIERS (002:3126); the summary's name pairs with
	 * BBOX_CREDITS. */
	SEV("RBOX_CREDITS", 0x76, 1, "Credit-carrying idle flits received from the R-Box",
	    "2722, 3126-3131"),
	SEV("BBOX_CREDITS", 0x77, 1, "Credit-carrying idle flits received from the B-Box",
	    "2723, 2753-2758"),

	/* Credits (002:2724-2735). */
	SEV("NO_CREDIT_HOM", 0x80, 1, "Pending HOM message with no HOM or VNA credit", "2724, 2925-2930"),
	SEV("NO_CREDIT_SNP", 0x81, 1, "Pending snoop with no SNP or VNA credit", "2725, 2967-2972"),
	SEV("NO_CREDIT_DRS", 0x82, 1, "Pending data response with no DRS or VNA credit",
	    "2726, 2918-2923"),
	SEV("NO_CREDIT_NCS", 0x83, 1, "Pending NCS message with no NCS or VNA credit", "2727, 2953-2958"),
	SEV("NO_CREDIT_NCB", 0x84, 1, "Pending NCB message with no NCB or VNA credit", "2728, 2946-2951"),
	SEV("NO_CREDIT_NDR", 0x85, 1, "Pending NDR message with no NDR or VNA credit", "2729, 2960-2965"),
	SEV_U("NO_CREDIT_VNA", 0x86, 1, r_b_umasks, "Times the VNA credit pool was exhausted",
	      "2730, 2974-2986"),
	SEV("NO_CREDIT_AD", 0x87, 1, "Pending AD-ring message with no egress credit", "2731, 2897-2902"),
	SEV("NO_CREDIT_AK", 0x88, 1, "Pending AK-ring message with no egress credit", "2732, 2904-2909"),
	SEV("NO_CREDIT_BL", 0x89, 1, "Pending BL-ring message with no egress credit", "2733, 2911-2916"),
	SEV("NO_CREDIT_IPQ", 0x8A, 1, "Incoming snoop with no IPQ credit at the target C-Box",
	    "2734, 2932-2937"),

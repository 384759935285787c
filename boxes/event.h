/* Event tables: the guide's events for one box type, as data. */
#ifndef UPMON_BOXES_EVENT_H
#define UPMON_BOXES_EVENT_H

#include <stddef.h>
#include <stdint.h>

/* Filter fields an event needs programmed to mean anything: a bit each, so a unit mask
 * can need two (LLC_LOOKUP.NID needs the state and the node-id fields). */
enum upm_filter_need {
	UPM_FILT_NONE = 0,
	UPM_FILT_CBO_OPC = 1u << 0,   /* CBo filter opcode field */
	UPM_FILT_CBO_STATE = 1u << 1, /* CBo filter state field */
	UPM_FILT_CBO_NID = 1u << 2,   /* CBo filter node-id mask */
	UPM_FILT_CBO_TID = 1u << 3,   /* CBo filter thread id (with tid_en) */
	UPM_FILT_PCU_BAND0 = 1u << 4, /* PCU band filter, band 0's byte (bits 7:0) */
	UPM_FILT_HA_MATCH = 1u << 5,  /* HA address/opcode match registers */
	UPM_FILT_QPI_MATCH = 1u << 6, /* QPI packet match/mask (config offsets above 0xFF) */
	UPM_FILT_BBOX_MATCH = 1u << 7, /* NHM-EX/WSM-EX B-Box MATCH/MASK pair */
	UPM_FILT_SBOX_MATCH = 1u << 8, /* NHM-EX/WSM-EX S-Box MM_CFG + MATCH/MASK (event 0) */
	/* The PCU band filter's other bytes: FREQ_BANDn_CYCLES counts against band n alone,
	 * so another band's value would leave its own byte 0 (every frequency). */
	UPM_FILT_PCU_BAND1 = 1u << 9,
	UPM_FILT_PCU_BAND2 = 1u << 10,
	UPM_FILT_PCU_BAND3 = 1u << 11,
};

/* A value an event or unit mask needs in a sub-configuration register behind the event
 * select (M-Box PLD.dram_cmd, R-Box IPERF.FLT_SENT): the box's filter term that names
 * the field, and the value. The spec parser adds it as if the user had given the term. */
struct upm_sub_setting {
	const char *term;   /* "pld_dram_cmd" */
	uint64_t value;
};

struct upm_umask {
	const char *name;  /* "DATA_READ" */
	uint32_t value;
	/* Filters this unit mask needs (enum upm_filter_need bits), when they differ from
	 * its event's. */
	uint16_t filter;
	/* A threshold the unit mask implies (0: none), where the guide names one event for
	 * one code and unit mask counted with a threshold. */
	uint8_t thresh;
	/* Sub-configuration this unit mask adds to its event's (UPM_SUBS). */
	const struct upm_sub_setting *sub;
	uint8_t n_sub;
	/* Control fields beyond the unit mask (Sapphire Rapids on: perfmon's UMaskExt,
	 * PortMask and FCMask), put in the box's ctl_layout fields of the same names;
	 * 0 where the box has none. */
	uint8_t fc_mask;
	uint16_t port_mask;
	uint32_t umask_ext;
	/* Counters this unit mask may use, where they differ from its event's; 0: the
	 * event's. */
	uint8_t counters;
	const char *desc;   /* one short line, or NULL: the event's */
};

struct upm_event_def {
	const char *name;   /* guide name without the unit mask: "LLC_LOOKUP" */
	uint16_t code;      /* ev_sel, 8 bits (9 where a guide says so) */
	uint8_t ext;        /* 1: needs the extra select bit (ev_sel_ext) */
	uint8_t counters;   /* bit i set: counter i may count it */
	uint8_t max_inc;    /* largest increment per cycle the guide gives; 0 unknown */
	uint16_t filter;    /* enum upm_filter_need bits, for every unit mask */
	const struct upm_umask *umasks; /* NULL when the event takes no unit mask */
	unsigned n_umasks;
	const char *desc;   /* one short line, our words */
	const char *source; /* where the facts come from: "000:860-901" or a public file */
	/* 1: it counts a clock's cycles: a rate over its window, never net of an idle baseline. */
	uint8_t clock;
	/* Sub-configuration every unit mask of this event needs (UPM_SUBS). */
	const struct upm_sub_setting *sub;
	uint8_t n_sub;
	/* 1: it counts what counter 0 of its box counts, through its own threshold and edge
	 * (the E5 CBo's COUNTER0_OCCUPANCY, 000:842-851): its count measures the queue
	 * counter 0 held in its pass, whatever that was (core/metrics/metrics.c). */
	uint8_t reads_counter0;
	/* 1: the event named without a unit mask is itself an event of the source
	 * (perfmon's "UNC_M_RDB_NE" beside "UNC_M_RDB_NE.SCH0"), counted with these fields;
	 * 0: an event with unit masks needs one named or given. */
	uint8_t named_alone;
	uint8_t fc_mask;
	uint16_t umask;     /* with named_alone */
	uint16_t port_mask;
	uint32_t umask_ext;
};

#ifndef UPM_ARRAY_LEN
#define UPM_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#endif

/* An event's unit-mask table in a designated initialiser. */
#define UPM_UMASKS(a) .umasks = (a), .n_umasks = UPM_ARRAY_LEN(a)
/* Sub-configuration settings likewise. */
#define UPM_SUBS(a) .sub = (a), .n_sub = (uint8_t)UPM_ARRAY_LEN(a)

#endif

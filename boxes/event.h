/* Event tables: the guide's events for one box type, as data. */
#ifndef UPMON_BOXES_EVENT_H
#define UPMON_BOXES_EVENT_H

#include <stddef.h>
#include <stdint.h>

/* A filter register an event needs programmed to mean anything. */
enum upm_filter_need {
	UPM_FILT_NONE = 0,
	UPM_FILT_CBO_OPC,    /* CBo filter opcode field */
	UPM_FILT_CBO_STATE,  /* CBo filter state field */
	UPM_FILT_CBO_NID,    /* CBo filter node-id mask */
	UPM_FILT_CBO_TID,    /* CBo filter thread id (with tid_en) */
	UPM_FILT_PCU_BAND,   /* PCU frequency band filter */
	UPM_FILT_HA_MATCH,   /* HA address/opcode match registers */
	UPM_FILT_QPI_MATCH,  /* QPI packet match/mask (config offsets above 0xFF) */
};

struct upm_umask {
	const char *name;  /* "DATA_READ" */
	uint32_t value;
	/* Filter this unit mask needs, when different from its event's. */
	uint8_t filter;
};

struct upm_event_def {
	const char *name;   /* guide name without the unit mask: "LLC_LOOKUP" */
	uint16_t code;      /* ev_sel, 8 bits (9 where a guide says so) */
	uint8_t ext;        /* 1: needs the extra select bit (ev_sel_ext) */
	uint8_t counters;   /* bit i set: counter i may count it */
	uint8_t max_inc;    /* largest increment per cycle the guide gives; 0 unknown */
	uint8_t filter;     /* enum upm_filter_need for every unit mask */
	const struct upm_umask *umasks; /* NULL when the event takes no unit mask */
	unsigned n_umasks;
	const char *desc;   /* one short line, our words */
	const char *source; /* where the facts come from: "000:860-901" or a public file */
};

#ifndef UPM_ARRAY_LEN
#define UPM_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#endif

#endif

/* Room events: what is counted and where: event specs parsed against the box tables, the
 * filter and sub-configuration registers they set, and the exact-matching scheduler that
 * puts them on counters in passes. Includes base and boxes.
 *
 * Event specs in perf's style: BOX/TERMS/
 *   BOX    a box type (every instance: "cbo") or one instance ("cbo3")
 *   TERMS  an event name with an optional unit mask ("LLC_LOOKUP.DATA_READ"), or raw
 *          "event=0x04,umask=0x03"; then modifiers: umask=, thresh=, edge, inv, tid_en,
 *          ext, occ_sel=, occ_inv, occ_edge, and the box's filter terms (filter_opc=...).
 * Names are case-insensitive. The fixed counter is selected by its name ("imc/DCLK/"),
 * free-running counters likewise ("pcu/CORE_C3_CTR/"). */
#ifndef UPMON_CORE_SPEC_H
#define UPMON_CORE_SPEC_H

#include "boxes/platform.h"
#include "core/events/event_find.h" /* the table lookups specs are parsed with */

#define UPM_SPEC_MAX_FILTERS 8
#define UPM_SPEC_NAME 64

enum upm_spec_kind {
	UPM_SPEC_GENERAL = 0, /* a general-purpose counter */
	UPM_SPEC_FIXED,       /* the box's fixed counter */
	UPM_SPEC_FREE,        /* a free-running counter */
};

struct upm_spec_filter {
	const struct upm_filter_field *field;
	uint64_t value;
	uint8_t implied; /* set by the event or unit mask (upm_sub_setting), not the user */
};

struct upm_spec {
	const struct upm_box_type *box;
	int instance;                       /* -1: every instance */
	enum upm_spec_kind kind;
	const struct upm_event_def *event;  /* NULL for raw specs */
	const struct upm_umask *umask;      /* NULL when given raw or absent */
	const struct upm_free_ctr *free_ctr;
	uint64_t ctl;                       /* counter control value, en included */
	uint64_t ctl_named;                 /* its bits the event's name set (a term may repeat
					     * them, not change them) */
	uint64_t ctl_terms;                 /* its bits terms set (each term once) */
	uint8_t counters;                   /* counters it may use */
	uint8_t max_inc;
	struct upm_spec_filter filters[UPM_SPEC_MAX_FILTERS];
	unsigned n_filters;
	int index;                          /* port within the instance (box index_term), -1 none */
	uint8_t n_homes;                    /* 2: its filters may move to their second home
					     * (box alt_slots, core/events/subcfg.h); 0 or 1: one home */
	char name[UPM_SPEC_NAME];           /* display name: "LLC_LOOKUP.DATA_READ" */
	char text[128];                     /* as the user wrote it */
	uint8_t engine;                     /* added by the engine (a metric's), not the user:
					     * may share a fixed or free-running counter's reading */
	uint8_t origin;                     /* who asked for it: enum upm_spec_origin */
	const char *origin_name;            /* the group's or metric's name (the platform's
					     * tables); NULL for the user's */
};

/* Who asked for a spec: the user (--events, an event set of upmon.cfg), a group, or a
 * metric (the engine adds its terms). A run's list holds the user's and the groups'
 * first, then the metrics' (core/events/spec_list.h). */
enum upm_spec_origin {
	UPM_SPEC_BY_USER = 0,
	UPM_SPEC_BY_GROUP,
	UPM_SPEC_BY_METRIC,
};

/* Parses one spec for platform p. 0, or -1 with a one-line reason in err. */
int upm_spec_parse(const struct upm_platform *p, const char *text, struct upm_spec *out, char *err,
		   unsigned long err_size);

/* How many times upm_spec_parse has run in this program: only the tests read it, to hold
 * that a run parses each spec once (tests/unit/events/test_spec_list.c). */
extern unsigned long upm_spec_parses;

/* Parses a comma-separated list of specs ("imc/CAS_COUNT.RD/,cbo/CLOCKTICKS/"), calling
 * fn with each spec parsed and where it starts in text (at most max specs: more is an
 * error). Returns the count, or -1 with err. */
typedef void (*upm_spec_each_fn)(void *ctx, const struct upm_spec *sp, unsigned long at);
int upm_spec_parse_each(const struct upm_platform *p, const char *text, unsigned max, upm_spec_each_fn fn,
			void *ctx, char *err, unsigned long err_size);

/* Parses a comma-separated list of specs ("imc/CAS_COUNT.RD/,cbo/CLOCKTICKS/"), where
 * commas inside a spec's slashes belong to that spec. Returns the count or -1. */
int upm_spec_parse_list(const struct upm_platform *p, const char *text, struct upm_spec *out,
			unsigned max, char *err, unsigned long err_size);

#endif

/* A run's event specs, each parsed once: what the user's --events, the groups and the
 * metrics ask for, in that order, each spec remembering who asked for it (its origin).
 * Commands, groups and metrics add to the list; the session takes it as it is
 * (upm_session_take, core/session/session.h); counting each thing once works on it
 * (upm_spec_list_once, core/events/once.h). Part of room events. */
#ifndef UPMON_CORE_EVENTS_SPEC_LIST_H
#define UPMON_CORE_EVENTS_SPEC_LIST_H

#include "core/events/spec.h"

#define UPM_SPEC_LIST_MAX 64 /* a session holds 64 (UPM_SESSION_MAX_SPECS) */

struct upm_spec_list {
	struct upm_spec *specs; /* the user's and the groups' first, then the metrics' */
	unsigned n;
	unsigned cap;           /* 0: specs is not the list's own (a view of another array) */
};

void upm_spec_list_init(struct upm_spec_list *l);
void upm_spec_list_free(struct upm_spec_list *l);
/* A copy of src into dst (initialised). 0, or -1 out of memory. */
int upm_spec_list_copy(struct upm_spec_list *dst, const struct upm_spec_list *src);

/* Where a part of a text others asked for begins: from offset from on, the specs are
 * origin's (who names the group; NULL for the user's). */
struct upm_spec_part {
	unsigned long from;
	enum upm_spec_origin origin;
	const char *who;
};

/* Parses text (a comma-separated list, upm_spec_parse_list) once and appends its specs,
 * each with the origin of the part it stands in (parts in ascending order; the first
 * from 0). The list holds 64 specs in all: more is "too many event specs (at most 64)".
 * 0, or -1 with err. */
int upm_spec_list_add_parts(const struct upm_platform *p, struct upm_spec_list *l, const char *text,
			    const struct upm_spec_part *parts, unsigned n_parts, char *err, unsigned long err_size);
/* The same with one origin for the whole text. */
int upm_spec_list_add_text(const struct upm_platform *p, struct upm_spec_list *l, const char *text,
			   enum upm_spec_origin origin, const char *who, char *err, unsigned long err_size);
/* Appends a spec parsed already (a metric's term, compiled once: core/metrics), as
 * origin's (who: the metric's name); one whose text (case-insensitive) a spec of the same
 * origin holds already is not added again. 0, or -1 with err when the list is full. */
int upm_spec_list_add_parsed(struct upm_spec_list *l, const struct upm_spec *sp, enum upm_spec_origin origin,
			     const char *who, char *err, unsigned long err_size);
/* How many of the list's specs are origin's. */
unsigned upm_spec_list_count(const struct upm_spec_list *l, enum upm_spec_origin origin);
/* How many come before the metrics' (the user's and the groups'). */
unsigned upm_spec_list_n_asked(const struct upm_spec_list *l);

/* How long the spec starting at s is in a comma-separated list (to its second slash, or
 * for a name alone to the next comma): a list split without parsing it again. */
unsigned long upm_spec_list_item_len(const char *s);

#endif

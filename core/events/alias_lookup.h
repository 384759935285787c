/* A name looked up on one platform: upmon's own, perf's event alias or perfmon's, from
 * the platform's naming tables (struct upm_naming, boxes/names.h). The lower file that
 * both the spec rewriting (alias.c) and the names of other platforms (alias_kin.c) stand
 * on. Part of room events. */
#ifndef UPMON_CORE_EVENTS_ALIAS_LOOKUP_H
#define UPMON_CORE_EVENTS_ALIAS_LOOKUP_H

#include "boxes/platform.h"

/* What a name stands for on p: an event of box (or, box NULL, of any box: a name alone)
 * by upmon's name, perf's event alias or perfmon's name, and only when that event exists
 * on p. terms are upmon's, the event first ("CAS_COUNT.RD", "TxL_FLITS_G0,umask=0x06");
 * box may differ from the one asked (perf's cbox clockticks is the ncu's fixed counter on
 * Skylake). 1 found, 0 not. */
enum upm_alias_whose { UPM_ALIAS_UPMON, UPM_ALIAS_PERF, UPM_ALIAS_PERFMON };
struct upm_alias_hit {
	const struct upm_box_type *box;
	char terms[96];
	enum upm_alias_whose whose;
};
int upm_alias_lookup(const struct upm_platform *p, const struct upm_box_type *box, const char *name,
		     struct upm_alias_hit *hit);
/* Whose name it is, for messages: "upmon's name", "perf's event alias", "perfmon's name". */
const char *upm_alias_whose_text(enum upm_alias_whose whose);

/* The shared steps of a lookup, for alias.c. */
/* 1 when name is an event of box in upmon's spelling: its fixed or a free-running
 * counter, or a table event with its unit mask. */
int upm_alias_own_event(const struct upm_box_type *box, const char *name);
/* The alias of name (case-insensitive) in t[0..n) on box (NULL: any box), or NULL. */
const struct upm_event_alias *upm_alias_find(const struct upm_event_alias *t, unsigned n, const char *box,
					     const char *name);
/* The box a perf alias counts on (its to_box where it moves), or NULL. */
const struct upm_box_type *upm_alias_box(const struct upm_platform *p, const struct upm_event_alias *a);
struct upm_alias_resolved {
	const struct upm_box_type *box;
	int instance;
	char terms[96]; /* the first term in upmon's spelling */
};
/* A perfmon name: an exception first, else the unit prefix (longest wins). 1 found. */
int upm_alias_perfmon_name(const struct upm_platform *p, const char *name, struct upm_alias_resolved *r);
/* Whether terms (upmon's, the event first) name an event box has: a raw first term
 * (key=value) is left to the parser. */
int upm_alias_known_terms(const struct upm_box_type *box, const char *terms);

#endif

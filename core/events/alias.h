/* Other programs' spellings of an event spec, rewritten to upmon's before the spec is
 * parsed: Intel perfmon names alone ("UNC_M_CAS_COUNT.RD": every instance of the unit)
 * or inside a box, Linux perf's PMU names ("uncore_imc_2", "cbox_3"), event aliases
 * ("cas_count_read") and format terms ("occ_invert"). The names are the platform's data
 * (struct upm_naming, boxes/names.h); a name resolves to exactly what upmon's own
 * spelling gives. Structural mistakes are found here too, with what exactly is wrong. */
#ifndef UPMON_CORE_EVENTS_ALIAS_H
#define UPMON_CORE_EVENTS_ALIAS_H

#include "boxes/platform.h"
#include "core/events/alias_lookup.h" /* a name looked up on one platform */
#include "core/events/alias_kin.h"    /* names of other platforms, examples */

/* Rewrites one spec (BOX/TERMS/, a bare perfmon name or a bare perf event alias) into
 * upmon's spelling in out. A bare perf alias is every box that perf defines it on, as
 * perf takes it ("cas_count_read": imc/CAS_COUNT.RD/); one defined on several box types
 * is refused with each. A name of another platform only is refused with the platforms
 * it belongs to and this platform's nearest event (core/events/alias_kin.c).
 * 0, or -1 with a one-line reason in err. */
int upm_alias_resolve(const struct upm_platform *p, const char *text, char *out, unsigned long out_size,
		      char *err, unsigned long err_size);

/* The box type a spec's box word s[0..len) names, upmon's spelling (imc, imc2) or perf's
 * ([uncore_]imc, [uncore_]imc_2), as upm_alias_resolve reads it; *instance the instance
 * named, -1 for every one. NULL when it names none. */
const struct upm_box_type *upm_alias_box_word(const struct upm_platform *p, const char *s, size_t len,
					       int *instance);

/* How long the spec starting at s is in a comma-separated list: to its second slash,
 * or, for a bare name, to the next comma. */
unsigned long upm_alias_spec_len(const char *s);

/* The closest box names (upmon's) to `word` on p, as "closest: a, b" or "". */
void upm_alias_suggest_box(const struct upm_platform *p, const char *word, char *buf, unsigned long size);

/* The closest valid choices on a box, as "closest: a, b" or "": events (with fixed and
 * free-running counters), a unit mask of an event, spec terms. With nothing close, an
 * event's says what the box counts where its names are few ("wbox counts A, B, C", else
 * ""), and a unit mask's what the event takes: "EV takes A, B, C" (every one, where they
 * are few), "EV takes 20 unit masks", or "EV takes none: ...". */
void upm_alias_suggest_event(const struct upm_platform *p, const struct upm_box_type *box, const char *word,
			     char *buf, unsigned long size);
void upm_alias_suggest_umask(const struct upm_event_def *ev, const char *word, char *buf, unsigned long size);
void upm_alias_suggest_term(const struct upm_box_type *box, const char *word, char *buf, unsigned long size);
/* Every term a spec on the box takes, "event, umask, thresh, edge, inv, ...". */
void upm_alias_term_names(const struct upm_box_type *box, char *buf, unsigned long size);

#endif

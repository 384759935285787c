/* Other programs' spellings of an event spec, rewritten to upmon's before the spec is
 * parsed: Intel perfmon names alone ("UNC_M_CAS_COUNT.RD": every instance of the unit)
 * or inside a box, Linux perf's PMU names ("uncore_imc_2", "cbox_3"), event aliases
 * ("cas_count_read") and format terms ("occ_invert"). The names are the platform's data
 * (struct upm_naming, boxes/names.h); a name resolves to exactly what upmon's own
 * spelling gives. Structural mistakes are found here too, with what exactly is wrong. */
#ifndef UPMON_CORE_EVENTS_ALIAS_H
#define UPMON_CORE_EVENTS_ALIAS_H

#include "boxes/platform.h"

/* Rewrites one spec (BOX/TERMS/, a bare perfmon name or a bare perf event alias) into
 * upmon's spelling in out. A bare perf alias is every box that perf defines it on, as
 * perf takes it ("cas_count_read": imc/CAS_COUNT.RD/); one defined on several box types
 * is refused with each. A name of another platform only is refused with the platforms
 * it belongs to and this platform's nearest event (core/events/alias_kin.c).
 * 0, or -1 with a one-line reason in err. */
int upm_alias_resolve(const struct upm_platform *p, const char *text, char *out, unsigned long out_size,
		      char *err, unsigned long err_size);

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

/* A name that is not p's but another platform's (every platform's tables are searched):
 * "'UNC_M_CAS_COUNT.RD' is perfmon's name of an event of snbep, ivbep, not of skl: the
 * nearest on skl is imc/DRAM_DATA_READS/ (perf's uncore_imc/data_reads/)" into buf. box:
 * the box the name was given in on p (its namesakes elsewhere are searched), or NULL for
 * a name alone. 1 when it is another platform's, 0 (buf "") when not. */
int upm_alias_foreign(const struct upm_platform *p, const struct upm_box_type *box, const char *name, char *buf,
		      unsigned long size);

/* p's examples for messages, each "" where p has none: a spec ("imc/CAS_COUNT.RD/"),
 * a perf event alias alone ("cas_count_read") and a perfmon name ("UNC_M_CAS_COUNT.RD"). */
void upm_alias_examples(const struct upm_platform *p, char *spec, char *perf, char *perfmon, unsigned long size);

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

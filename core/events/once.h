/* Counting each thing once per run: the same encoding (event, unit mask, terms and
 * filters, after aliases are resolved) on the same box instance is programmed once,
 * whoever asked for it (an --events spec, a group's, a metric's). Which specs of a list
 * are the same count, and which of them stays. Part of room events. */
#ifndef UPMON_CORE_EVENTS_ONCE_H
#define UPMON_CORE_EVENTS_ONCE_H

#include "core/events/spec.h"
#include "core/events/sched.h"
#include "core/events/spec_list.h"

/* 1 when a and b count the same thing on a box instance both apply to: the same box
 * type and the same general-counter encoding (control value and every filter), or the
 * same fixed or free-running counter. Instances are not compared. */
int upm_spec_same_count(const struct upm_spec *a, const struct upm_spec *b);

/* A spec left out of a list because another counts it (upm_specs_once). */
struct upm_spec_double {
	char dropped[128];  /* as written */
	char kept[128];     /* the spec that counts it, as written */
	const char *box;    /* the box type's name, "imc" */
	uint8_t narrower;   /* dropped names one instance of what kept counts on every one */
};

#define UPM_SPECS_ONCE_MAX 64 /* a longer list is left as it is (a session holds 64) */

/* Drops from specs[0..n) each spec that another counts: the same count on the same
 * instances (the first stays), or on one instance of a spec over every instance (the
 * wider stays). The first *n_user specs are the user's, the rest the engine's (a
 * metric's): a user's spec is never dropped for an engine's, so what the user asked for
 * stays as asked (a user's imc0/X/ beside a metric's imc/X/ both stay, and the session
 * programs imc0 once: upm_session_prepare_split); an engine spec a user's covers is
 * dropped, and the metric reads the user's count. Specs keep their order; *n_user
 * becomes the user's specs kept. Doubles among the user's own specs are listed in
 * doubles (at most max; *n_doubles counts them all); the engine's are dropped silently
 * (a metric sharing a count with the user's or another metric's is by design).
 * Returns the specs kept. */
unsigned upm_specs_once(struct upm_spec *specs, unsigned n, unsigned *n_user, struct upm_spec_double *doubles,
			unsigned max, unsigned *n_doubles);

/* upm_specs_once over a run's list (core/events/spec_list.h), in place: the user's and
 * the groups' specs are those asked for, the metrics' the engine's. */
void upm_spec_list_once(struct upm_spec_list *l, struct upm_spec_double *doubles, unsigned max,
			unsigned *n_doubles);

/* The specs of specs[0..n) box instance inst of type t counts: their indices into idx (n
 * at most), in order. With once, a spec whose count an earlier one of them has already is
 * left out: the instance programs each count once. Returns how many. */
unsigned upm_specs_on_instance(const struct upm_spec *specs, unsigned n, const struct upm_box_type *t, unsigned inst,
			       int once, unsigned *idx);

/* The passes specs[0..n) (upm_specs_once applied) need on p: every instance of every box
 * type scheduled as a session schedules it, each count once, before anything is read
 * (presence is not known: every instance the tables allow). -1 with err when a spec can
 * never be counted. */
int upm_specs_passes(const struct upm_platform *p, const struct upm_spec *specs, unsigned n, char *err,
		     unsigned long err_size);

/* The note for one double, one line without a newline:
 * "imc/CAS_COUNT.RD/ is asked for twice: counted once",
 * "uncore_imc/cas_count_read/ is imc/CAS_COUNT.RD/, asked for already: counted once",
 * "imc0/CAS_COUNT.RD/ is within imc/CAS_COUNT.RD/ (every imc): counted once". */
void upm_spec_double_text(const struct upm_spec_double *d, char *buf, unsigned long size);

#endif

/* Looking a name up on one platform (core/events/alias_lookup.h): upmon's, perf's and
 * perfmon's names of an event, from the platform's tables (boxes/<platform>/names.c).
 * Below alias.c (resolving a spec) and alias_kin.c (names of other platforms), which both
 * read names through it; it calls neither. */
#include "core/events/alias_lookup.h"
#include "core/events/event_find.h"
#include "platform/base/str.h"

/* An event of the box in upmon's spelling: fixed counter, free-running counter, or a
 * table event with its unit mask. */
int upm_alias_own_event(const struct upm_box_type *box, const char *name)
{
	char ev[64]; /* an event name: UPM_SPEC_NAME (spec.h) */
	const char *dot = upm_strchr(name, '.');
	size_t len = dot ? (size_t)(dot - name) : upm_strlen(name);
	if (upm_fixed_named(box, name))
		return 1;
	for (unsigned i = 0; i < box->n_free_ctrs; i++)
		if (upm_strcasecmp(name, box->free_ctrs[i].name) == 0)
			return 1;
	if (len >= sizeof ev)
		return 0;
	upm_memcpy(ev, name, len);
	ev[len] = 0;
	const struct upm_event_def *e = upm_event_find(box, ev);
	return e && (!dot || upm_umask_find(e, dot + 1));
}

const struct upm_event_alias *upm_alias_find(const struct upm_event_alias *t, unsigned n, const char *box,
						const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if ((!box || upm_strcmp(t[i].box, box) == 0) && upm_strcasecmp(t[i].name, name) == 0)
			return &t[i];
	return NULL;
}

/* A perfmon name: an exception first, else the unit prefix (longest wins). 1 found. */
int upm_alias_perfmon_name(const struct upm_platform *p, const char *name, struct upm_alias_resolved *r)
{
	const struct upm_naming *nm = p->naming;
	if (!nm)
		return 0;
	const struct upm_event_alias *a = upm_alias_find(nm->perfmon_exceptions, nm->n_perfmon_exceptions, NULL, name);
	if (a) {
		r->box = upm_platform_box(p, a->box);
		upm_strlcpy(r->terms, a->terms, sizeof r->terms);
		return r->box != NULL;
	}
	const struct upm_box_names *best = NULL;
	size_t best_len = 0;
	for (unsigned i = 0; i < nm->n_boxes; i++) {
		const char *pre = nm->boxes[i].perfmon_prefix;
		size_t n = pre ? upm_strlen(pre) : 0;
		if (n > best_len && upm_strlen(name) > n && upm_strncasecmp(name, pre, n) == 0) {
			best = &nm->boxes[i];
			best_len = n;
		}
	}
	if (!best)
		return 0;
	r->box = upm_platform_box(p, best->box);
	upm_strlcpy(r->terms, name + best_len, sizeof r->terms);
	return r->box != NULL;
}

/* Whether terms (upmon's, the event first) name an event box has: a raw first term
 * (key=value) is left to the parser. */
int upm_alias_known_terms(const struct upm_box_type *box, const char *terms)
{
	char first[96];
	size_t len = 0;
	while (terms[len] && terms[len] != ',')
		len++;
	if (len >= sizeof first)
		return 0;
	upm_memcpy(first, terms, len);
	first[len] = 0;
	return upm_strchr(first, '=') || upm_alias_own_event(box, first);
}

const char *upm_alias_whose_text(enum upm_alias_whose whose)
{
	return whose == UPM_ALIAS_PERF ? "perf's event alias" : whose == UPM_ALIAS_PERFMON ? "perfmon's name" : "upmon's name";
}

static int hit_set(struct upm_alias_hit *hit, const struct upm_box_type *box, const char *terms,
		   enum upm_alias_whose whose)
{
	if (!box || !upm_alias_known_terms(box, terms))
		return 0;
	hit->box = box;
	upm_strlcpy(hit->terms, terms, sizeof hit->terms);
	hit->whose = whose;
	return 1;
}

const struct upm_box_type *upm_alias_box(const struct upm_platform *p, const struct upm_event_alias *a)
{
	return upm_platform_box(p, a->to_box ? a->to_box : a->box);
}

int upm_alias_lookup(const struct upm_platform *p, const struct upm_box_type *box, const char *name,
		     struct upm_alias_hit *hit)
{
	const struct upm_naming *nm = p->naming;
	struct upm_alias_resolved r = { 0 };
	upm_memset(hit, 0, sizeof *hit);
	if (!name || !name[0])
		return 0;
	if (box) {
		const struct upm_event_alias *a =
			nm ? upm_alias_find(nm->perf_events, nm->n_perf_events, box->name, name) : NULL;
		return hit_set(hit, box, name, UPM_ALIAS_UPMON) ||
		       (a && hit_set(hit, upm_alias_box(p, a), a->terms, UPM_ALIAS_PERF)) ||
		       (upm_alias_perfmon_name(p, name, &r) && r.box == box && hit_set(hit, box, r.terms, UPM_ALIAS_PERFMON));
	}
	if (upm_alias_perfmon_name(p, name, &r) && hit_set(hit, r.box, r.terms, UPM_ALIAS_PERFMON))
		return 1;
	for (unsigned i = 0; nm && i < p->n_boxes; i++) {
		const struct upm_event_alias *a = upm_alias_find(nm->perf_events, nm->n_perf_events, p->boxes[i]->name, name);
		if (a && hit_set(hit, upm_alias_box(p, a), a->terms, UPM_ALIAS_PERF))
			return 1;
	}
	for (unsigned i = 0; i < p->n_boxes; i++)
		if (hit_set(hit, p->boxes[i], name, UPM_ALIAS_UPMON))
			return 1;
	return 0;
}

/* Counting each thing once per run (core/events/once.h). */
#include "core/events/once.h"
#include "platform/base/str.h"

int upm_spec_same_count(const struct upm_spec *a, const struct upm_spec *b)
{
	if (a->box != b->box || a->kind != b->kind)
		return 0;
	if (a->kind == UPM_SPEC_FIXED) /* one fixed counter per box, whatever it is called */
		return 1;
	if (a->kind == UPM_SPEC_FREE)
		return a->free_ctr == b->free_ctr;
	if (a->ctl != b->ctl || a->index != b->index || a->n_filters != b->n_filters)
		return 0;
	for (unsigned i = 0; i < a->n_filters; i++) {
		int found = 0;
		for (unsigned k = 0; k < b->n_filters && !found; k++)
			found = a->filters[i].field == b->filters[k].field && a->filters[i].value == b->filters[k].value;
		if (!found)
			return 0;
	}
	return 1;
}

/* 1 when wide counts all that s counts: the same count, on every instance or on s's. */
static int covers(const struct upm_spec *wide, const struct upm_spec *s)
{
	return upm_spec_same_count(wide, s) && (wide->instance < 0 || wide->instance == s->instance);
}

static void add_double(const struct upm_spec *dropped, const struct upm_spec *kept, struct upm_spec_double *doubles,
		       unsigned max, unsigned *n_doubles)
{
	for (unsigned k = 0; k < *n_doubles && k < max; k++)
		if (upm_strcasecmp(doubles[k].dropped, dropped->text) == 0 &&
		    upm_strcasecmp(doubles[k].kept, kept->text) == 0)
			return; /* the same spec a third time: one note says it */
	if (*n_doubles < max) {
		struct upm_spec_double *d = &doubles[*n_doubles];
		upm_strlcpy(d->dropped, dropped->text, sizeof d->dropped);
		upm_strlcpy(d->kept, kept->text, sizeof d->kept);
		d->box = kept->box->name;
		d->narrower = dropped->instance >= 0 && kept->instance < 0;
	}
	(*n_doubles)++;
}

unsigned upm_specs_once(struct upm_spec *specs, unsigned n, unsigned *n_user, struct upm_spec_double *doubles,
			unsigned max, unsigned *n_doubles)
{
	int by[UPM_SPECS_ONCE_MAX]; /* the spec that counts specs[i] (-1: it stays) */
	unsigned nu = *n_user < n ? *n_user : n;
	*n_doubles = 0;
	if (n > UPM_SPECS_ONCE_MAX)
		return n;
	for (unsigned i = 0; i < n; i++) {
		by[i] = -1;
		for (unsigned j = 0; j < n && by[i] < 0; j++) {
			if (j == i || !covers(&specs[j], &specs[i]))
				continue;
			if (i < nu && j >= nu)
				continue; /* the user's stays as asked: a metric reads it */
			if (specs[j].instance == specs[i].instance && j > i)
				continue; /* of equals, the first stays */
			by[i] = (int)j;
		}
	}
	/* Each drop goes to an earlier equal or to a wider spec, so following them ends at a
	 * spec that stays. */
	for (unsigned i = 0; i < nu; i++) {
		int k = by[i];
		while (k >= 0 && by[k] >= 0)
			k = by[k];
		if (k >= 0)
			add_double(&specs[i], &specs[k], doubles, max, n_doubles);
	}
	unsigned kept = 0, kept_user = 0;
	for (unsigned i = 0; i < n; i++) {
		if (by[i] >= 0)
			continue;
		if (kept != i)
			specs[kept] = specs[i];
		kept++;
		kept_user += i < nu;
	}
	*n_user = kept_user;
	return kept;
}

unsigned upm_specs_on_instance(const struct upm_spec *specs, unsigned n, const struct upm_box_type *t, unsigned inst,
			       int once, unsigned *idx)
{
	unsigned got = 0;
	for (unsigned i = 0; i < n; i++) {
		const struct upm_spec *sp = &specs[i];
		if (sp->box != t || (sp->instance >= 0 && (unsigned)sp->instance != inst))
			continue;
		int here = 0;
		for (unsigned k = 0; once && k < got && !here; k++)
			here = upm_spec_same_count(&specs[idx[k]], sp);
		if (!here)
			idx[got++] = i;
	}
	return got;
}

int upm_specs_passes(const struct upm_platform *p, const struct upm_spec *specs, unsigned n, char *err,
		     unsigned long err_size)
{
	unsigned idx[UPM_SPECS_ONCE_MAX];
	const struct upm_spec *mine[UPM_SPECS_ONCE_MAX];
	struct upm_placement place[UPM_SPECS_ONCE_MAX];
	int passes = 1;
	if (n > UPM_SPECS_ONCE_MAX)
		n = UPM_SPECS_ONCE_MAX;
	for (unsigned bt = 0; bt < p->n_boxes; bt++) {
		const struct upm_box_type *t = p->boxes[bt];
		for (unsigned inst = 0; inst < t->max_instances; inst++) {
			unsigned k = upm_specs_on_instance(specs, n, t, inst, 1, idx);
			for (unsigned j = 0; j < k; j++)
				mine[j] = &specs[idx[j]];
			int got = k ? upm_schedule(t, mine, k, place, err, err_size) : 1;
			if (got < 0)
				return -1;
			if (got > passes)
				passes = got;
		}
	}
	return passes;
}

void upm_spec_double_text(const struct upm_spec_double *d, char *buf, unsigned long size)
{
	if (d->narrower)
		upm_snprintf(buf, size, "%s is within %s (every %s): counted once", d->dropped, d->kept, d->box);
	else if (upm_strcasecmp(d->dropped, d->kept) == 0)
		upm_snprintf(buf, size, "%s is asked for twice: counted once", d->kept);
	else
		upm_snprintf(buf, size, "%s is %s, asked for already: counted once", d->dropped, d->kept);
}

void upm_spec_list_once(struct upm_spec_list *l, struct upm_spec_double *doubles, unsigned max,
			unsigned *n_doubles)
{
	unsigned n_user = upm_spec_list_n_asked(l);
	l->n = upm_specs_once(l->specs, l->n, &n_user, doubles, max, n_doubles);
}

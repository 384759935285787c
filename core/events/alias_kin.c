/* Names across platforms (core/events/alias_kin.h): a name that is another platform's only is
 * answered with the platforms it belongs to and this platform's nearest event, from the
 * events of a kind (boxes/names.h struct upm_event_kind) or, without one, the closest
 * name of the namesake box; and a platform's own examples for messages, so that no
 * message offers a spelling that does not parse where it is read. */
#include "core/events/alias_kin.h"
#include "core/events/alias_lookup.h"
#include "platform/base/str.h"
#include "platform/base/suggest.h"
#include "core/events/event_find.h"

/* "box/terms/" of a hit. */
static void hit_spec(const struct upm_alias_hit *h, char *buf, size_t size)
{
	upm_snprintf(buf, size, "%s/%s/", h->box->name, h->terms);
}

/* The kind of p's event spec (upmon's spelling), or NULL. */
static const char *kind_of(const struct upm_platform *p, const char *spec)
{
	const struct upm_naming *nm = p->naming;
	for (unsigned i = 0; nm && i < nm->n_kinds; i++)
		if (upm_strcasecmp(nm->kinds[i].spec, spec) == 0)
			return nm->kinds[i].kind;
	return NULL;
}

static const char *spec_of_kind(const struct upm_platform *p, const char *kind)
{
	const struct upm_naming *nm = p->naming;
	for (unsigned i = 0; nm && kind && i < nm->n_kinds; i++)
		if (upm_strcmp(nm->kinds[i].kind, kind) == 0)
			return nm->kinds[i].spec;
	return NULL;
}

/* A spec "box/terms/" split: the box name and the terms, each into its buffer. */
static int split_spec(const char *spec, char *box, char *terms, size_t size)
{
	const char *slash = upm_strchr(spec, '/');
	size_t len = upm_strlen(spec);
	if (!slash || len < 3 || spec[len - 1] != '/' || (size_t)(slash - spec) >= size ||
	    (size_t)(spec + len - 1 - slash) > size)
		return 0;
	upm_snprintf(box, size, "%.*s", (int)(slash - spec), spec);
	upm_snprintf(terms, size, "%.*s", (int)(spec + len - 2 - slash), slash + 1);
	return 1;
}

static const struct upm_box_names *names_of(const struct upm_platform *p, const char *box)
{
	const struct upm_naming *nm = p->naming;
	for (unsigned i = 0; nm && i < nm->n_boxes; i++)
		if (upm_strcmp(nm->boxes[i].box, box) == 0)
			return &nm->boxes[i];
	return NULL;
}

/* perf's event alias for p's spec, or NULL; *pmu its PMU (without "uncore_"). */
static const char *perf_alias_of(const struct upm_platform *p, const char *spec, const char **pmu)
{
	const struct upm_naming *nm = p->naming;
	char box[96], terms[96];
	if (!nm || !split_spec(spec, box, terms, sizeof box))
		return NULL;
	for (unsigned i = 0; i < nm->n_perf_events; i++) {
		const struct upm_event_alias *a = &nm->perf_events[i];
		const struct upm_box_names *bn = names_of(p, a->box);
		if (upm_strcasecmp(a->to_box ? a->to_box : a->box, box) == 0 && upm_strcasecmp(a->terms, terms) == 0 &&
		    bn && bn->perf_pmu) {
			*pmu = bn->perf_pmu;
			return a->name;
		}
	}
	return NULL;
}

/* perfmon's name for p's spec: an exception that names it, else the box's unit prefix
 * before an event named alone; "" when perfmon has none. */
static void perfmon_of(const struct upm_platform *p, const char *spec, char *buf, size_t size)
{
	const struct upm_naming *nm = p->naming;
	char box[96], terms[96];
	buf[0] = 0;
	if (!nm || !split_spec(spec, box, terms, sizeof box))
		return;
	for (unsigned i = 0; i < nm->n_perfmon_exceptions; i++) {
		const struct upm_event_alias *a = &nm->perfmon_exceptions[i];
		if (upm_strcasecmp(a->box, box) == 0 && upm_strcasecmp(a->terms, terms) == 0) {
			upm_strlcpy(buf, a->name, size);
			return;
		}
	}
	const struct upm_box_names *bn = names_of(p, box);
	if (bn && bn->perfmon_prefix && !upm_strchr(terms, ','))
		upm_snprintf(buf, size, "%s%s", bn->perfmon_prefix, terms);
}

void upm_alias_examples(const struct upm_platform *p, char *spec, char *perf, char *perfmon, unsigned long size)
{
	const struct upm_naming *nm = p->naming;
	const char *pmu;
	spec[0] = perf[0] = perfmon[0] = 0;
	for (unsigned i = 0; nm && i < nm->n_kinds; i++) {
		const char *s = nm->kinds[i].spec, *alias = perf_alias_of(p, s, &pmu);
		if (upm_strchr(s, ','))
			continue; /* a sum is no one spec to give as an example */
		if (!spec[0])
			upm_strlcpy(spec, s, size);
		if (!perf[0] && alias)
			upm_strlcpy(perf, alias, size);
		if (!perfmon[0])
			perfmon_of(p, s, perfmon, size);
	}
	/* No single-spec kind with a perf alias (Granite Rapids: its reads and writes are sums,
	 * passed over above): the first of perf's aliases there. */
	if (!perf[0] && nm && nm->n_perf_events)
		upm_strlcpy(perf, nm->perf_events[0].name, size);
}

/* p's event nearest to a hit elsewhere: p's of the hit's kind, with perf's spelling, or
 * the closest event name of p's namesake of the hit's box. */
static void nearest(const struct upm_platform *p, const struct upm_platform *q, const struct upm_alias_hit *h,
		    const struct upm_box_type *given, struct upm_buf *out)
{
	char spec[128];
	hit_spec(h, spec, sizeof spec);
	const char *mine = spec_of_kind(p, kind_of(q, spec));
	if (mine && upm_strchr(mine, ',')) {
		/* A kind that is a sum here (Granite Rapids' reads: both command schedulers'): every
		 * part named, with perf's spellings, and why one alone is not it. */
		char part[128];
		upm_buf_printf(out, ": on %s that is the sum of", p->name);
		for (const char *at = mine; *at;) {
			size_t len = 0;
			while (at[len] && at[len] != ',')
				len++;
			upm_snprintf(part, sizeof part, "%.*s", (int)len, at);
			const char *pmu, *alias = perf_alias_of(p, part, &pmu);
			upm_buf_printf(out, "%s %s", at == mine ? "" : " and", part);
			if (alias)
				upm_buf_printf(out, " (perf's uncore_%s/%s/)", pmu, alias);
			at += len + (at[len] == ',');
		}
		upm_buf_printf(out, ": give every one (one alone counts a part)");
		return;
	}
	if (mine) {
		const char *pmu, *alias = perf_alias_of(p, mine, &pmu);
		upm_buf_printf(out, ": the nearest on %s is %s", p->name, mine);
		if (alias)
			upm_buf_printf(out, " (perf's uncore_%s/%s/)", pmu, alias);
		return;
	}
	const struct upm_box_type *b = given ? given : upm_platform_box(p, h->box->name);
	struct upm_alias_hit same;
	if (b && upm_alias_lookup(p, b, h->terms, &same) && same.whose == UPM_ALIAS_UPMON) {
		/* The same event by upmon's name (perfmon renamed it: UNC_M_CLOCKTICKS). */
		char pm[96];
		hit_spec(&same, spec, sizeof spec);
		perfmon_of(p, spec, pm, sizeof pm);
		upm_buf_printf(out, ": %s has it as %s%s%s%s", p->name, spec, pm[0] ? " (perfmon's " : "", pm,
			       pm[0] ? ")" : "");
		return;
	}
	struct upm_suggest s;
	char ev[UPM_SUGGEST_WORD];
	size_t len = 0;
	while (h->terms[len] && h->terms[len] != '.' && h->terms[len] != ',')
		len++;
	upm_snprintf(ev, sizeof ev, "%.*s", (int)len, h->terms);
	upm_suggest_init(&s, ev);
	for (unsigned i = 0; b && b->events && i < *b->n_events; i++)
		upm_suggest_add(&s, b->events[i].name);
	if (b && s.n)
		upm_buf_printf(out, ": the closest name on %s's %s is %s (see 'upmon list events --box %s')", p->name,
			       b->name, s.best[0], b->name);
	else if (b)
		upm_buf_printf(out, " (see 'upmon list events --box %s')", b->name);
	else
		upm_buf_printf(out, " (see 'upmon list events' for %s's)", p->name);
}

int upm_alias_foreign(const struct upm_platform *p, const struct upm_box_type *box, const char *name, char *buf,
		      unsigned long size)
{
	const struct upm_platform *first = NULL;
	struct upm_alias_hit hit = { 0 };
	const char *where[8];
	unsigned n = 0;
	if (size)
		buf[0] = 0;
	for (unsigned i = 0; i < upm_n_platforms && n < UPM_ARRAY_LEN(where); i++) {
		const struct upm_platform *q = upm_platforms[i];
		struct upm_alias_hit h;
		const struct upm_box_type *qb = box ? upm_platform_box(q, box->name) : NULL;
		/* In a box, its namesake's names, or perf's and perfmon's that name a box
		 * themselves; alone, any of q's names. */
		int found = q != p && ((qb && upm_alias_lookup(q, qb, name, &h)) ||
				       (upm_alias_lookup(q, NULL, name, &h) && (!box || h.whose != UPM_ALIAS_UPMON)));
		if (!found)
			continue;
		if (!first) {
			first = q;
			hit = h;
		}
		where[n++] = q->name;
	}
	if (!n)
		return 0;
	struct upm_buf out;
	upm_buf_init(&out);
	upm_buf_printf(&out, "'%s'", name);
	if (hit.whose != UPM_ALIAS_UPMON)
		upm_buf_printf(&out, " (%s)", upm_alias_whose_text(hit.whose));
	upm_buf_puts(&out, " is an event of ");
	for (unsigned i = 0; i < n; i++)
		upm_buf_printf(&out, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", where[i]);
	upm_buf_printf(&out, ", not of %s", p->name);
	nearest(p, first, &hit, box, &out);
	upm_strlcpy(buf, out.data ? out.data : "", size);
	upm_buf_free(&out);
	return 1;
}

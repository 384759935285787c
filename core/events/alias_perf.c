/* perf's names for upmon's specs (core/events/alias_perf.h). */
#include "core/events/alias_perf.h"
#include "boxes/names.h"

#include <stddef.h>
#include "platform/base/str.h"
#include "core/events/spec.h"

static const struct upm_box_names *box_names(const struct upm_naming *nm, const char *box)
{
	for (unsigned i = 0; nm && i < nm->n_boxes; i++)
		if (upm_strcmp(nm->boxes[i].box, box) == 0)
			return &nm->boxes[i];
	return NULL;
}

/* The aliases perf defines on box, "a, b" (for the refusal). */
static void aliases_on(const struct upm_naming *nm, const char *box, char *buf, unsigned long size)
{
	unsigned long at = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < nm->n_perf_events && at < size; i++)
		if (upm_strcmp(nm->perf_events[i].box, box) == 0 && !nm->perf_events[i].to_box)
			at += (unsigned long)upm_snprintf(buf + at, size - at, "%s%s", at ? ", " : "",
							  nm->perf_events[i].name);
}

int upm_alias_perf_of(const struct upm_platform *p, const char *specs, const char **pmu, const char **aliases,
		      unsigned max, unsigned *n, char *err, unsigned long err_size)
{
	const struct upm_naming *nm = p->naming;
	*n = 0;
	*pmu = NULL;
	const char *s = specs;
	while (s && *s) {
		/* BOX/TERMS/ */
		const char *slash = upm_strchr(s, '/');
		const char *end = slash ? upm_strchr(slash + 1, '/') : NULL;
		if (!slash || !end || (end[1] && end[1] != ',')) {
			upm_snprintf(err, err_size, "'%s' is not BOX/EVENT/", s);
			return -1;
		}
		char box[32], terms[96];
		upm_snprintf(box, sizeof box, "%.*s", (int)(slash - s), s);
		upm_snprintf(terms, sizeof terms, "%.*s", (int)(end - slash - 1), slash + 1);
		const struct upm_box_names *bn = nm ? box_names(nm, box) : NULL;
		if (!bn || !bn->perf_pmu) {
			upm_snprintf(err, err_size, "perf has no PMU for %s's %s boxes", p->name, box);
			return -1;
		}
		if (*pmu && upm_strcmp(*pmu, bn->perf_pmu) != 0) {
			upm_snprintf(err, err_size, "%s counts on two of perf's PMU types (%s, %s)", specs, *pmu,
				     bn->perf_pmu);
			return -1;
		}
		*pmu = bn->perf_pmu;
		const struct upm_event_alias *found = NULL;
		for (unsigned i = 0; i < nm->n_perf_events && !found; i++) {
			const struct upm_event_alias *a = &nm->perf_events[i];
			if (!a->to_box && upm_strcmp(a->box, box) == 0 && upm_strcasecmp(a->terms, terms) == 0)
				found = a;
		}
		if (!found) {
			char have[200];
			aliases_on(nm, box, have, sizeof have);
			upm_snprintf(err, err_size, "perf defines no event that counts %s/%s/ on %s (its uncore_%s events "
				     "upmon knows: %s)", box, terms, p->name, bn->perf_pmu, have[0] ? have : "none");
			return -1;
		}
		if (*n == max) {
			upm_snprintf(err, err_size, "more than %u specs in '%s'", max, specs);
			return -1;
		}
		aliases[(*n)++] = found->name;
		s = end[1] ? end + 2 : NULL;
	}
	if (!*n) {
		upm_snprintf(err, err_size, "no spec to ask perf for");
		return -1;
	}
	return 0;
}

int upm_alias_perf_pmu_name(const struct upm_platform *p, const struct upm_box_type *t, unsigned instance, char *buf,
			    unsigned long size, char *err, unsigned long err_size)
{
	const struct upm_box_names *bn = p->naming ? box_names(p->naming, t->name) : NULL;
	if (!bn || !bn->perf_pmu) {
		upm_snprintf(err, err_size, "perf has no PMU for %s's %s boxes", p->name, t->name);
		return -1;
	}
	if (bn->perf_single)
		upm_snprintf(buf, size, "uncore_%s", bn->perf_pmu);
	else
		upm_snprintf(buf, size, "uncore_%s_%u", bn->perf_pmu, instance);
	return 0;
}

/* perf's alias for a fixed or free-running counter: the one whose upmon spelling is the
 * counter's name on its box, or on the box it lives on in upmon (to_box: perf's Skylake
 * cbox clockticks is the ncu's fixed counter). */
static const struct upm_event_alias *counter_alias(const struct upm_platform *p, const struct upm_spec *sp)
{
	const struct upm_naming *nm = p->naming;
	for (unsigned i = 0; nm && i < nm->n_perf_events; i++) {
		const struct upm_event_alias *a = &nm->perf_events[i];
		const char *on = a->to_box ? a->to_box : a->box;
		if (upm_strcmp(on, sp->box->name) == 0 && upm_strcasecmp(a->terms, sp->name) == 0)
			return a;
	}
	return NULL;
}

int upm_alias_perf_spec_pmu(const struct upm_platform *p, const struct upm_spec *sp, unsigned instance, char *buf,
			    unsigned long size, char *err, unsigned long err_size)
{
	const struct upm_event_alias *a = sp->kind != UPM_SPEC_GENERAL ? counter_alias(p, sp) : NULL;
	if (a && a->to_box) { /* perf's box: its first instance, the counter being the package's */
		const struct upm_box_type *t = upm_platform_box(p, a->box);
		if (!t) {
			upm_snprintf(err, err_size, "table error: no box %s for perf's %s", a->box, a->name);
			return -1;
		}
		return upm_alias_perf_pmu_name(p, t, 0, buf, size, err, err_size);
	}
	return upm_alias_perf_pmu_name(p, sp->box, instance, buf, size, err, err_size);
}

int upm_alias_perf_terms(const struct upm_platform *p, const struct upm_spec *sp, char *buf, unsigned long size, char *err,
			 unsigned long err_size)
{
	const struct upm_ctl_layout *l = &sp->box->ctl_layout;
	if (sp->kind != UPM_SPEC_GENERAL) {
		/* A fixed or free-running counter is perf's event alias for it, as the kernel
		 * defines it (events/ALIAS): "@clockticks". */
		const struct upm_event_alias *a = counter_alias(p, sp);
		if (!a) {
			upm_snprintf(err, err_size, "%s: perf names no event for this %s counter here", sp->text,
				     sp->kind == UPM_SPEC_FIXED ? "fixed" : "free-running");
			return -1;
		}
		upm_snprintf(buf, size, "@%s", a->name);
		return 0;
	}
	if (upm_field_get(l->umask_ext, sp->ctl) || upm_field_get(l->port_mask, sp->ctl) ||
	    upm_field_get(l->fc_mask, sp->ctl) || upm_field_get(l->ev_sel_ext, sp->ctl)) {
		upm_snprintf(err, err_size, "%s: its unit-mask extension or port mask has a name of its own in each "
			     "processor's perf format: not counted through perf here", sp->text);
		return -1;
	}
	static const struct {
		const char *term;
		size_t offset;
		int flag; /* a bit written alone, as perf does ("edge", not "edge=1") */
	} fields[] = {
		{ "event", offsetof(struct upm_ctl_layout, ev_sel), 0 },
		{ "umask", offsetof(struct upm_ctl_layout, umask), 0 },
		{ "edge", offsetof(struct upm_ctl_layout, edge), 1 },
		{ "inv", offsetof(struct upm_ctl_layout, invert), 1 },
		{ "thresh", offsetof(struct upm_ctl_layout, thresh), 0 },
		{ "tid_en", offsetof(struct upm_ctl_layout, tid_en), 1 },
		{ "occ_sel", offsetof(struct upm_ctl_layout, occ_sel), 0 },
		{ "occ_invert", offsetof(struct upm_ctl_layout, occ_invert), 1 },
		{ "occ_edge", offsetof(struct upm_ctl_layout, occ_edge), 1 },
	};
	unsigned long at = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		const struct upm_bitfield *f = (const struct upm_bitfield *)((const char *)l + fields[i].offset);
		uint64_t v = upm_field_get(*f, sp->ctl);
		if (!f->width || (!v && i > 0))
			continue;
		if (fields[i].flag)
			at += (unsigned long)upm_snprintf(buf + at, size - at, "%s%s", at ? "," : "", fields[i].term);
		else
			at += (unsigned long)upm_snprintf(buf + at, size - at, "%s%s=0x%llx", at ? "," : "", fields[i].term,
							  (unsigned long long)v);
	}
	for (unsigned f = 0; f < sp->n_filters; f++)
		at += (unsigned long)upm_snprintf(buf + at, size - at, ",%s=0x%llx", sp->filters[f].field->term,
						  (unsigned long long)sp->filters[f].value);
	if (at >= size) {
		upm_snprintf(err, err_size, "%s: its perf terms are longer than %lu characters", sp->text, size - 1);
		return -1;
	}
	return 0;
}

/* perf's names for upmon's specs (core/events/alias_perf.h). */
#include "core/events/alias_perf.h"
#include "boxes/names.h"
#include "platform/base/str.h"

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

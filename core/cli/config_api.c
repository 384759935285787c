/* What commands read from the configuration file: tolerances and event sets. */
#include "core/cli/config.h"
#include "core/cli/invocation.h"

double upm_config_tolerance(const struct upm_run *r, const char *name, double dflt)
{
	const struct upm_config *c = r ? r->config : NULL;
	if (!c || !name)
		return dflt;
	int bare = !upm_starts_with(name, "check.");
	for (unsigned i = 0; i < c->n_tolerances; i++)
		if (upm_strcmp(c->tolerances[i].name + (bare ? 6 : 0), name) == 0)
			return c->tolerances[i].value;
	return dflt;
}

const struct upm_cfg_event_set *upm_config_event_set(const struct upm_run *r, const char *name)
{
	const struct upm_config *c = r ? r->config : NULL;
	for (unsigned i = 0; c && i < c->n_sets; i++)
		if (upm_strcmp(c->sets[i].name, name) == 0)
			return &c->sets[i];
	return NULL;
}

/* The end of the list item starting at s: the next comma outside a spec's slashes. */
static const char *item_end(const char *s)
{
	int inside = 0;
	for (; *s; s++) {
		if (*s == '/')
			inside = !inside;
		else if (*s == ',' && !inside)
			break;
	}
	return s;
}

int upm_config_expand_events(const struct upm_run *r, const char *events, struct upm_buf *out,
			     char *err, unsigned long err_size)
{
	const char *p = events;
	int first = 1;
	while (*p) {
		const char *end = item_end(p);
		size_t n = (size_t)(end - p);
		if (!first)
			upm_buf_puts(out, ",");
		first = 0;
		if (n && p[0] == '@') {
			char name[32];
			const struct upm_cfg_event_set *set = NULL;
			if (n - 1 < sizeof name) {
				upm_memcpy(name, p + 1, n - 1);
				name[n - 1] = 0;
				set = upm_config_event_set(r, name);
			}
			if (!set && n == 1) {
				/* '@' alone names no set: "define events. = ..." would be refused in turn. */
				const struct upm_config *c = r ? r->config : NULL;
				if (c && c->n_sets) {
					struct upm_buf names;
					upm_buf_init(&names);
					for (unsigned i = 0; i < c->n_sets; i++)
						upm_buf_printf(&names, "%s%s", i ? ", " : "", c->sets[i].name);
					upm_snprintf(err, err_size, "'@' names no event set: write @NAME, NAME one of %s's sets "
						     "(%s)", c->file, names.data ? names.data : "");
					upm_buf_free(&names);
				} else {
					upm_snprintf(err, err_size, "'@' names no event set: write @NAME, after a line "
						     "events.NAME = SPEC,... in %s (README, Configuration file)",
						     c && c->file ? c->file : "a configuration file given with --config FILE");
				}
				return -1;
			}
			if (!set) {
				const struct upm_config *c = r ? r->config : NULL;
				upm_snprintf(err, err_size,
					     "no event set '%.*s' in %s: define events.%.*s = SPEC,... there",
					     (int)(n > 33 ? 32 : n - 1), p + 1,
					     c && c->file ? c->file : "the configuration file (there is none)",
					     (int)(n > 33 ? 32 : n - 1), p + 1);
				return -1;
			}
			upm_buf_puts(out, set->specs);
		} else {
			upm_buf_append(out, p, n);
		}
		p = *end ? end + 1 : end;
	}
	return 0;
}

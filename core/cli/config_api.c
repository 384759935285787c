/* What commands read from the configuration file: tolerances and event sets. */
#include "core/cli/config.h"
#include "core/cli/invocation.h"
#include "platform/base/suggest.h"

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

/* Why @NAME (name[0..len), len 0 for '@' alone) names no set, and what to do: the
 * closest and every set the file defines, or where a set is defined; advice that would
 * itself be refused ("define events. = ...") is never given. */
static void no_set(const struct upm_config *c, const char *name, int len, char *err, unsigned long err_size)
{
	if (!c || !c->file) {
		if (!len)
			upm_snprintf(err, err_size, "'@' names no event set, and there is no configuration file: write "
				     "@NAME after defining events.NAME = SPEC,... in one, given with --config FILE or "
				     "the default one (docs/command-line.md, Configuration file)");
		else
			upm_snprintf(err, err_size, "no event set '%.*s': there is no configuration file: give --config "
				     "FILE, or create the default one, with a line events.%.*s = SPEC,... "
				     "(docs/command-line.md, Configuration file)", len, name, len, name);
		return;
	}
	if (!c->n_sets) {
		if (!len)
			upm_snprintf(err, err_size, "'@' names no event set, and %s defines none: write @NAME after "
				     "adding a line events.NAME = SPEC,... to it (docs/command-line.md, Configuration "
				     "file)", c->file);
		else
			upm_snprintf(err, err_size, "no event set '%.*s' in %s: define events.%.*s = SPEC,... there",
				     len, name, c->file, len, name);
		return;
	}
	struct upm_buf names;
	struct upm_suggest s;
	char word[UPM_SUGGEST_WORD], near[120];
	upm_buf_init(&names);
	upm_snprintf(word, sizeof word, "%.*s", len, name);
	upm_suggest_init(&s, word);
	for (unsigned i = 0; i < c->n_sets; i++) {
		upm_buf_printf(&names, "%s%s", i ? ", " : "", c->sets[i].name);
		upm_suggest_add(&s, c->sets[i].name);
	}
	upm_suggest_text(&s, near, sizeof near);
	if (!len)
		upm_snprintf(err, err_size, "'@' names no event set: write @NAME, NAME one of %s's sets (%s)", c->file,
			     names.data ? names.data : "");
	else
		upm_snprintf(err, err_size, "no event set '%.*s' in %s (%s%sits sets: %s): use one of those, or "
			     "define events.%.*s = SPEC,... there", len, name, c->file, near, near[0] ? "; " : "",
			     names.data ? names.data : "", len, name);
	upm_buf_free(&names);
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
			if (!set) {
				no_set(r ? r->config : NULL, p + 1, (int)(n > 33 ? 32 : n - 1), err, err_size);
				return -1;
			}
			upm_buf_puts(out, set->specs);
		} else {
			upm_buf_append(out, p, n);
		}
		/* A trailing comma is kept for the spec parser to refuse, as it refuses ",,". */
		if (*end == ',' && !end[1])
			upm_buf_puts(out, ",");
		p = *end ? end + 1 : end;
	}
	return 0;
}

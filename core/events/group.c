#include "core/events/group.h"

const struct upm_group *upm_group_find(const struct upm_platform *p, const char *name)
{
	unsigned n = p && p->n_groups ? *p->n_groups : 0;
	for (unsigned i = 0; i < n; i++)
		if (upm_strcasecmp(p->groups[i].name, name) == 0)
			return &p->groups[i];
	return NULL;
}

/* LIKWID's groups on Sandy Bridge-EP and Ivy Bridge-EP whose names upmon's groups do not
 * share (github.com/RRZE-HPC/likwid groups/sandybridgeEP/ and ivybridgeEP/: L3.txt and
 * L3CACHE.txt count core events, L2_LINES_IN/L2_TRANS_L2_WB and OFFCORE_RESPONSE; CBOX.txt
 * LLC_VICTIMS and LLC_LOOKUP; UNCORECLOCK.txt each box's clockticks; ENERGY.txt the RAPL
 * energy counters PWR_PKG/PP0/DRAM_ENERGY), with upmon's group nearest in question. MEM
 * and QPI are upmon's names too. */
static const struct {
	const char *likwid, *ours, *what;
} likwid_groups[] = {
	{ "L3", "LLC", "LIKWID's L3 is the L2-L3 bandwidth, from core events" },
	{ "L3CACHE", "LLC", "LIKWID's L3CACHE is the L3 miss rate, from core events" },
	{ "CBOX", "LLC", "LIKWID's CBOX counts LLC victims and lookups at the CBos" },
	{ "UNCORECLOCK", NULL,
	  "LIKWID's UNCORECLOCK counts each box's clock, which no group of upmon's does: give --events "
	  "with the boxes' clocks (the fixed counters 'upmon list boxes' shows, or CLOCKTICKS)" },
	{ "ENERGY", "POWER", "LIKWID's ENERGY reads the RAPL energy counters, which are no uncore PMON unit" },
};

const char *upm_group_likwid(const struct upm_platform *p, const char *name, char *buf, unsigned long size)
{
	buf[0] = 0;
	for (unsigned i = 0; i < UPM_ARRAY_LEN(likwid_groups); i++) {
		if (upm_strcasecmp(likwid_groups[i].likwid, name) != 0)
			continue;
		const struct upm_group *g = likwid_groups[i].ours ? upm_group_find(p, likwid_groups[i].ours) : NULL;
		upm_snprintf(buf, size, "%s", likwid_groups[i].what);
		return g ? g->name : NULL;
	}
	return NULL;
}

static void append_list(struct upm_buf *b, const char *items)
{
	if (!items || !*items)
		return;
	if (b->len)
		upm_buf_puts(b, ",");
	upm_buf_puts(b, items);
}

/* "MEM, LLC, ..." into err after the prefix already written there. */
static void list_groups(const struct upm_platform *p, char *err, unsigned long err_size)
{
	unsigned n = p->n_groups ? *p->n_groups : 0;
	for (unsigned i = 0; i < n; i++) {
		size_t used = upm_strlen(err);
		if (used + 1 >= err_size)
			return;
		upm_snprintf(err + used, err_size - used, "%s%s", i ? ", " : "", p->groups[i].name);
	}
}

int upm_group_has_interval_form(const struct upm_group *g)
{
	return g->interval_events || g->interval_metrics;
}

const char *upm_group_events(const struct upm_group *g, int interval)
{
	return interval && upm_group_has_interval_form(g) ? g->interval_events : g->events;
}

const char *upm_group_metrics(const struct upm_group *g, int interval)
{
	return interval && upm_group_has_interval_form(g) ? g->interval_metrics : g->metrics;
}

int upm_group_expand(const struct upm_platform *p, const char *names, struct upm_buf *events,
		     struct upm_buf *metrics, char *err, unsigned long err_size)
{
	return upm_group_expand_as(p, names, 0, events, metrics, NULL, 0, NULL, err, err_size);
}

int upm_group_expand_as(const struct upm_platform *p, const char *names, int interval, struct upm_buf *events,
			struct upm_buf *metrics, const struct upm_group **named, unsigned max, unsigned *n_named,
			char *err, unsigned long err_size)
{
	char name[32];
	const struct upm_group *seen[64];
	unsigned n_seen = 0;
	if (n_named)
		*n_named = 0;
	if (!p->n_groups || !*p->n_groups) {
		upm_snprintf(err, err_size, "%s has no event groups: give --events SPEC,... instead", p->name);
		return -1;
	}
	const char *prev = NULL; /* the name before, for an empty one after it */
	size_t prev_n = 0;
	while (*names) {
		const char *comma = upm_strchr(names, ',');
		size_t n = comma ? (size_t)(comma - names) : upm_strlen(names);
		const struct upm_group *g = NULL;
		/* An empty name (a leading, doubled or trailing comma), as in an event list. */
		if (!n || (comma && !comma[1])) {
			if (n)
				prev = names, prev_n = n;
			if (prev)
				upm_snprintf(err, err_size, "empty group name after '%.*s' (a %s ','): remove the extra comma",
					     (int)(prev_n < 31 ? prev_n : 31), prev, n ? "trailing" : "doubled");
			else
				upm_snprintf(err, err_size, "empty group name at the start (a leading ','): remove the comma");
			return -1;
		}
		prev = names;
		prev_n = n;
		if (n && n < sizeof name) {
			upm_memcpy(name, names, n);
			name[n] = 0;
			g = upm_group_find(p, name);
		}
		if (!g) {
			char likwid[200] = "";
			const char *nearest = n < sizeof name ? upm_group_likwid(p, name, likwid, sizeof likwid) : NULL;
			if (nearest)
				upm_snprintf(err, err_size, "no group '%s' on %s: %s; upmon's nearest is %s: write --group %s, "
					     "or choose one of ", name, p->name, likwid, nearest, nearest);
			else if (likwid[0])
				upm_snprintf(err, err_size, "no group '%s' on %s: %s; groups: ", name, p->name,
					     likwid);
			else
				upm_snprintf(err, err_size, "no group '%.*s' on %s: choose one of ", (int)(n < 31 ? n : 31),
					     names, p->name);
			list_groups(p, err, err_size);
			size_t used = upm_strlen(err);
			if (used + 1 < err_size)
				upm_snprintf(err + used, err_size - used, " (see 'upmon list groups')");
			return -1;
		}
		/* A group named twice (MEM,MEM, or --group given again) counts once. */
		int again = 0;
		for (unsigned i = 0; i < n_seen; i++)
			again |= seen[i] == g;
		if (!again) {
			append_list(events, upm_group_events(g, interval));
			append_list(metrics, upm_group_metrics(g, interval));
			if (named && n_named && *n_named < max)
				named[(*n_named)++] = g;
			if (n_seen < UPM_ARRAY_LEN(seen))
				seen[n_seen++] = g;
		}
		names += n + (comma ? 1 : 0);
	}
	return 0;
}

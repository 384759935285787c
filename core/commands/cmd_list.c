/* `list boxes|events|metrics|groups [SEARCH] [--box B] [--format text|csv|json]`: the platform's
 * static tables; no register is touched, so on the host --platform alone is enough
 * (core/commands/app.c runs it without a backend then). An events SEARCH matches every
 * name run takes: upmon's, perfmon's, perf's event aliases and specs in either spelling. */
#include "core/commands/commands.h"
#include "core/cli/cli_args.h"
#include "core/cli/help.h"
#include "platform/base/suggest.h"
#include "core/events/alias.h"
#include "core/events/group.h"
#include "core/events/spec.h"
#include "core/metrics/metrics.h"

enum list_format { LIST_TEXT, LIST_CSV, LIST_JSON };

/* One table's rows as csv or json (text lines are each list's own). */
struct lister {
	struct upm_run *r;
	enum list_format format;
	const char *const *cols;
	unsigned n_cols;
	unsigned rows;
	struct upm_buf json;
};

static void lister_start(struct lister *l, struct upm_run *r, enum list_format f, const char *const *cols,
			 unsigned n)
{
	upm_memset(l, 0, sizeof *l);
	l->r = r;
	l->format = f;
	l->cols = cols;
	l->n_cols = n;
	upm_buf_init(&l->json);
	if (f == LIST_CSV) {
		struct upm_buf b;
		upm_buf_init(&b);
		for (unsigned i = 0; i < n; i++)
			upm_buf_printf(&b, "%s%s", i ? "," : "", cols[i]);
		upm_say(r, "%s", b.data ? b.data : "");
		upm_buf_free(&b);
	}
}

/* vals: n_cols values; text: the text line (printed as is in text format). */
static void lister_row(struct lister *l, const char *const *vals, const char *text)
{
	l->rows++;
	if (l->format == LIST_TEXT) {
		upm_say(l->r, "%s", text);
		return;
	}
	struct upm_buf b;
	upm_buf_init(&b);
	for (unsigned i = 0; i < l->n_cols; i++) {
		if (l->format == LIST_CSV) {
			if (i)
				upm_buf_puts(&b, ",");
			upm_buf_csv_field(&b, vals[i] ? vals[i] : "");
		} else {
			upm_buf_puts(&b, i ? ", " : "  {");
			upm_buf_json_string(&b, l->cols[i]);
			upm_buf_puts(&b, ": ");
			upm_buf_json_string(&b, vals[i] ? vals[i] : "");
		}
	}
	if (l->format == LIST_CSV)
		upm_say(l->r, "%s", b.data ? b.data : "");
	else
		upm_buf_printf(&l->json, "%s%s}", l->rows > 1 ? ",\n" : "", b.data ? b.data : "");
	upm_buf_free(&b);
}

/* Ends the list; how many rows it had. */
static unsigned lister_end(struct lister *l)
{
	if (l->format == LIST_JSON)
		upm_say(l->r, "[\n%s\n]", l->json.data ? l->json.data : "");
	upm_buf_free(&l->json);
	return l->rows;
}

static void counters_text(uint8_t mask, char *buf, unsigned long size)
{
	size_t n = 0;
	buf[0] = 0;
	for (unsigned c = 0; c < 8; c++) {
		if (!((mask >> c) & 1))
			continue;
		unsigned last = c;
		while (last + 1 < 8 && ((mask >> (last + 1)) & 1))
			last++;
		n += (size_t)upm_snprintf(buf + n, size - n, n ? " %u" : "%u", c);
		if (last > c)
			n += (size_t)upm_snprintf(buf + n, size - n, "-%u", last);
		c = last;
	}
}

/* Case-insensitive glob with * and ?, over the whole text. */
static int glob_match(const char *g, const char *s)
{
	if (!*g)
		return !*s;
	if (*g == '*')
		return glob_match(g + 1, s) || (*s && glob_match(g, s + 1));
	if (!*s)
		return 0;
	return (*g == '?' || upm_tolower(*g) == upm_tolower(*s)) && glob_match(g + 1, s + 1);
}

static int contains(const char *hay, const char *needle)
{
	size_t n = upm_strlen(needle);
	for (; hay && *hay; hay++)
		if (upm_strncasecmp(hay, needle, n) == 0)
			return 1;
	return 0;
}

/* perf's name of one instance, "uncore_imc_0", as --box takes it: the type's PMU name, '_'
 * and a number. */
static int pmu_instance(const char *search, const char *pmu)
{
	size_t n = upm_strlen(pmu);
	if (upm_strncasecmp(search, pmu, n) != 0 || search[n] != '_' || !search[n + 1])
		return 0;
	for (const char *d = search + n + 1; *d; d++)
		if (*d < '0' || *d > '9')
			return 0;
	return 1;
}

/* A search is a glob when it has * or ?, else a word found in the name or description. */
static int matches(const char *search, const char *name, const char *desc)
{
	if (!search)
		return 1;
	if (upm_strchr(search, '*') || upm_strchr(search, '?'))
		return glob_match(search, name);
	return contains(name, search) || contains(desc, search);
}

/* perfmon's unit prefix of box type t ("UNC_M_"), or "". */
static const char *perfmon_prefix(const struct upm_platform *p, const struct upm_box_type *t)
{
	for (unsigned k = 0; p->naming && k < p->naming->n_boxes; k++)
		if (upm_strcmp(p->naming->boxes[k].box, t->name) == 0 && p->naming->boxes[k].perfmon_prefix)
			return p->naming->boxes[k].perfmon_prefix;
	return "";
}

/* A search as the box's table spells names: perfmon's "UNC_M_CAS*" is "CAS*" on the
 * iMC, as specs take perfmon's names too (core/events/alias.h). */
static const char *search_for_box(const char *search, const char *prefix)
{
	size_t n = upm_strlen(prefix);
	if (search && n && upm_strncasecmp(search, prefix, n) == 0 && search[n])
		return search + n;
	return search;
}

static unsigned list_boxes(struct upm_run *r, const struct upm_box_type *only, const char *search,
			   enum list_format f)
{
	static const char *const cols[] = { "platform", "box",	  "space",	 "instances", "counters",
					    "width",	"fixed",  "perf_pmu", "perfmon_prefix", "title" };
	const struct upm_platform *p = r->platform;
	struct lister l;
	lister_start(&l, r, f, cols, UPM_ARRAY_LEN(cols));
	for (unsigned i = 0; i < p->n_boxes; i++) {
		const struct upm_box_type *t = p->boxes[i];
		const char *perf = "", *perfmon = perfmon_prefix(p, t);
		if (only && t != only)
			continue;
		for (unsigned k = 0; p->naming && k < p->naming->n_boxes; k++)
			if (upm_strcmp(p->naming->boxes[k].box, t->name) == 0 && p->naming->boxes[k].perf_pmu)
				perf = p->naming->boxes[k].perf_pmu;
		/* A word of the name or title, or perf's or perfmon's name (uncore_imc, UNC_M_),
		 * as specs take them. */
		char pmu[40];
		upm_snprintf(pmu, sizeof pmu, "%s%s", perf[0] ? "uncore_" : "", perf);
		if (!matches(search, t->name, t->title) &&
		    !(search && ((pmu[0] && (matches(search, pmu, "") || pmu_instance(search, pmu))) ||
				 (perfmon[0] && matches(search, perfmon, "")))))
			continue;
		char inst[12], ctrs[12], width[12], line[300];
		const char *space = t->space == UPM_SPACE_MSR ? "msr" : t->space == UPM_SPACE_PCI ? "pci" : "mmio";
		const char *fixed = t->fixed_ctr != UPM_NO_REG && t->fixed_event ? t->fixed_event : "";
		upm_snprintf(inst, sizeof inst, "%u", t->max_instances);
		upm_snprintf(ctrs, sizeof ctrs, "%u", t->n_ctrs);
		upm_snprintf(width, sizeof width, "%u", t->ctr_width);
		upm_snprintf(line, sizeof line, "%-8s %-4s x%-2u %u counters of %u bits%s%s  %s%s%s%s%s%s", t->name, space,
			     t->max_instances, t->n_ctrs, t->ctr_width, fixed[0] ? ", fixed " : "", fixed, t->title,
			     perf[0] ? "  (perf: uncore_" : "", perf, perf[0] ? ")" : "", perfmon[0] ? "  (perfmon: " : "",
			     perfmon[0] ? perfmon : "");
		if (perfmon[0])
			upm_snprintf(line + upm_strlen(line), sizeof line - upm_strlen(line), "%s", ")");
		const char *vals[] = { p->name, t->name, space, inst, ctrs, width, fixed, perf, perfmon, t->title };
		lister_row(&l, vals, line);
	}
	return lister_end(&l);
}

/* The filter terms an event or unit mask needs, "filter_state filter_nid"; where any of
 * several terms will do, "match0|match1|mask0|mask1". */
static void needs_text(const struct upm_box_type *t, unsigned needs, char *buf, unsigned long size)
{
	size_t k = 0;
	buf[0] = 0;
	for (unsigned need = 1; need && need <= needs && k < size; need <<= 1) {
		if (!(needs & need))
			continue;
		int first = 1;
		for (unsigned i = 0; i < t->n_filters && k < size; i++) {
			if (t->filters[i].satisfies != need)
				continue;
			k += (size_t)upm_snprintf(buf + k, size - k, "%s%s", first ? (k ? " " : "") : "|",
						  t->filters[i].term);
			first = 0;
		}
	}
}

/* An event a search names the way run takes it: perf's event alias, perfmon's name, a
 * spec in perf's or upmon's spelling. */
struct name_hit {
	const struct upm_box_type *box;
	char event[UPM_SPEC_NAME]; /* a row's name; without a unit mask, every row of the event */
	char said[200];            /* by which name: "perf's event alias cas_count_read" */
};
#define NAME_HITS 8

static void add_hit(struct name_hit *h, unsigned *n, const struct upm_box_type *box, const char *terms,
		    const char *whose, const char *name)
{
	size_t len = 0;
	while (terms[len] && terms[len] != ',')
		len++;
	for (unsigned i = 0; i < *n; i++)
		if (h[i].box == box && upm_strlen(h[i].event) == len && upm_strncasecmp(h[i].event, terms, len) == 0)
			return;
	if (*n >= NAME_HITS)
		return;
	struct name_hit *x = &h[(*n)++];
	x->box = box;
	upm_snprintf(x->event, sizeof x->event, "%.*s", (int)len, terms);
	/* Terms beyond the event (a preset's unit mask or match values) are said whole. */
	upm_snprintf(x->said, sizeof x->said, "%s%s%s%s%s%s%s", whose, whose[0] ? " " : "", name,
		     terms[len] ? ": " : "", terms[len] ? box->name : "", terms[len] ? "/" : "", terms[len] ? terms : "");
	if (terms[len])
		upm_snprintf(x->said + upm_strlen(x->said), sizeof x->said - upm_strlen(x->said), "/");
}

/* The events a search names as run takes it (not a glob): as a spec, or as a name alone
 * on every box (perf's alias may be on several) and perfmon's. How many, into h. */
static unsigned names_hit(const struct upm_platform *p, const char *search, struct name_hit *h)
{
	unsigned n = 0;
	if (!search || upm_strchr(search, '*') || upm_strchr(search, '?'))
		return 0;
	if (upm_strchr(search, '/')) {
		struct upm_spec s;
		char err[300];
		if (upm_spec_parse(p, search, &s, err, sizeof err) < 0)
			return 0;
		const char *event = s.kind == UPM_SPEC_FIXED ? s.box->fixed_event
				    : s.kind == UPM_SPEC_FREE ? s.free_ctr->name : NULL;
		char name[UPM_SPEC_NAME];
		if (s.event)
			upm_snprintf(name, sizeof name, "%s%s%s", s.event->name, s.umask ? "." : "",
				     s.umask ? s.umask->name : "");
		if (event || s.event)
			add_hit(h, &n, s.box, event ? event : name, "", search);
		return n;
	}
	struct upm_alias_hit a;
	for (unsigned i = 0; i < p->n_boxes; i++)
		if (upm_alias_lookup(p, p->boxes[i], search, &a) && a.whose != UPM_ALIAS_UPMON)
			add_hit(h, &n, a.box, a.terms, upm_alias_whose_text(a.whose), search);
	if (upm_alias_lookup(p, NULL, search, &a) && a.whose == UPM_ALIAS_PERFMON)
		add_hit(h, &n, a.box, a.terms, upm_alias_whose_text(a.whose), search);
	return n;
}

/* By which name a row was named, or NULL. */
static const char *hit_row(const struct name_hit *h, unsigned n, const struct upm_box_type *t, const char *event,
			   const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (h[i].box == t && (upm_strcasecmp(h[i].event, name) == 0 ||
				      (!upm_strchr(h[i].event, '.') && upm_strcasecmp(h[i].event, event) == 0)))
			return h[i].said;
	return NULL;
}

static unsigned list_events(struct upm_run *r, const struct upm_box_type *only, const char *search,
			enum list_format f)
{
	static const char *const cols[] = { "platform", "box",	   "event",   "code", "umask",	    "counters",
					    "filters",	"thresh", "sub", "description", "matched_as" };
	const struct upm_platform *p = r->platform;
	struct name_hit hits[NAME_HITS];
	unsigned n_hits = names_hit(p, search, hits);
	struct lister l;
	lister_start(&l, r, f, cols, UPM_ARRAY_LEN(cols));
	for (unsigned i = 0; i < p->n_boxes; i++) {
		const struct upm_box_type *t = p->boxes[i];
		if (only && t != only)
			continue;
		const char *want = search_for_box(search, perfmon_prefix(p, t));
		for (unsigned e = 0; e < *t->n_events; e++) {
			const struct upm_event_def *ev = &t->events[e];
			char ctrs[32], code[8];
			counters_text(ev->counters, ctrs, sizeof ctrs);
			upm_snprintf(code, sizeof code, "0x%02x", ev->code | (ev->ext ? 0x100 : 0));
			unsigned n = ev->n_umasks ? ev->n_umasks : 1;
			for (unsigned u = 0; u < n; u++) {
				const struct upm_umask *um = ev->n_umasks ? &ev->umasks[u] : NULL;
				char name[80], umask[8] = "", thresh[8] = "", filters[160], sub[160] = "", line[900];
				upm_snprintf(name, sizeof name, "%s%s%s", ev->name, um ? "." : "", um ? um->name : "");
				const char *by = hit_row(hits, n_hits, t, ev->name, name);
				if (!by && !matches(want, name, ev->desc))
					continue;
				if (um)
					upm_snprintf(umask, sizeof umask, "0x%02x", um->value);
				if (um && um->thresh)
					upm_snprintf(thresh, sizeof thresh, "%u", um->thresh);
				needs_text(t, um && um->filter ? um->filter : ev->filter, filters, sizeof filters);
				/* Sub-configuration the event and unit mask set (M-Box, R-Box), and the
				 * per-port term the box asks for. */
				size_t k = 0;
				for (unsigned j = 0; j < ev->n_sub + (um ? um->n_sub : 0u) && k < sizeof sub; j++) {
					const struct upm_sub_setting *ss = j < ev->n_sub ? &ev->sub[j] : &um->sub[j - ev->n_sub];
					k += (size_t)upm_snprintf(sub + k, sizeof sub - k, "%s%s=0x%llx", k ? " " : "",
								  ss->term, (unsigned long long)ss->value);
				}
				if (t->index_term && k < sizeof sub)
					upm_snprintf(sub + k, sizeof sub - k, "%s%s=N", k ? " " : "", t->index_term);
				upm_snprintf(line, sizeof line, "%-7s %-44s %-6s %-5s ctr %s%s%s%s%s%s%s  %s%s%s%s", t->name,
					     name, code, umask, ctrs, filters[0] ? "  needs " : "", filters,
					     thresh[0] ? "  thresh " : "", thresh, sub[0] ? "  sub: " : "", sub,
					     ev->desc ? ev->desc : "", by ? "  (matched as " : "", by ? by : "", by ? ")" : "");
				const char *vals[] = { p->name, t->name, name, code, umask, ctrs, filters, thresh, sub,
						       ev->desc ? ev->desc : "", by ? by : "" };
				lister_row(&l, vals, line);
			}
		}
		const char *extra[1 + 8];
		unsigned n_extra = 0;
		if (t->fixed_ctr != UPM_NO_REG && t->fixed_event)
			extra[n_extra++] = t->fixed_event;
		for (unsigned k = 0; k < t->n_free_ctrs && n_extra < UPM_ARRAY_LEN(extra); k++)
			extra[n_extra++] = t->free_ctrs[k].name;
		for (unsigned k = 0; k < n_extra; k++) {
			int fixed = k == 0 && t->fixed_ctr != UPM_NO_REG && t->fixed_event;
			const char *what = fixed ? "fixed counter" : "free-running counter";
			char line[400];
			const char *by = hit_row(hits, n_hits, t, extra[k], extra[k]);
			if (!by && !matches(search, extra[k], what))
				continue;
			upm_snprintf(line, sizeof line, "%-7s %-44s %s%s%s%s", t->name, extra[k], what,
				     by ? "  (matched as " : "", by ? by : "", by ? ")" : "");
			const char *vals[] = { p->name, t->name, extra[k], fixed ? "fixed" : "free", "", fixed ? "fixed" : "free",
					       "", "", "", what, by ? by : "" };
			lister_row(&l, vals, line);
		}
	}
	return lister_end(&l);
}

static unsigned list_metrics(struct upm_run *r, const char *search, enum list_format f)
{
	static const char *const cols[] = { "platform", "metric", "formula", "unit", "description", "aliases" };
	const struct upm_platform *p = r->platform;
	struct lister l;
	lister_start(&l, r, f, cols, UPM_ARRAY_LEN(cols));
	for (unsigned i = 0; p->metrics && i < *p->n_metrics; i++) {
		const struct upm_metric *m = &p->metrics[i];
		struct upm_buf line, formula;
		char err[200];
		if (!matches(search, m->name, m->desc) && !(search && m->aliases && matches(search, m->aliases, "")))
			continue;
		upm_buf_init(&line);
		upm_buf_init(&formula);
		if (upm_metric_formula_text(p, m, &formula, err, sizeof err) < 0)
			upm_buf_puts(&formula, err);
		/* The formula on a line of its own, under the description. */
		upm_buf_printf(&line, "%-22s %s [%s]%s%s%s\n%24s= %s", m->name, m->desc, m->unit,
			       m->aliases ? " (alias: " : "", m->aliases ? m->aliases : "", m->aliases ? ")" : "",
			       "", formula.data ? formula.data : "");
		const char *vals[] = { p->name, m->name, formula.data ? formula.data : "", m->unit, m->desc,
				       m->aliases ? m->aliases : "" };
		lister_row(&l, vals, line.data ? line.data : "");
		upm_buf_free(&line);
		upm_buf_free(&formula);
	}
	return lister_end(&l);
}

/* Each group: its name and the question it answers, then what `run --group NAME` counts,
 * and what it counts with --interval (every event at once): its interval form where the
 * whole group needs more than one pass, else the whole group. */
static unsigned list_groups(struct upm_run *r, const char *search, enum list_format f)
{
	static const char *const cols[] = { "platform", "group", "question", "events", "metrics", "interval_events",
					    "interval_metrics" };
	const struct upm_platform *p = r->platform;
	unsigned n = p->n_groups ? *p->n_groups : 0;
	struct lister l;
	lister_start(&l, r, f, cols, UPM_ARRAY_LEN(cols));
	for (unsigned i = 0; i < n; i++) {
		const struct upm_group *g = &p->groups[i];
		if (!matches(search, g->name, g->question))
			continue;
		const char *iev = upm_group_events(g, 1), *ime = upm_group_metrics(g, 1);
		char line[2048], err[200];
		upm_snprintf(line, sizeof line, "%-6s %s%s%s%s%s", g->name, g->question,
			     g->events ? "\n       events:  " : "", g->events ? g->events : "",
			     g->metrics ? "\n       metrics: " : "", g->metrics ? g->metrics : "");
		size_t used = upm_strlen(line);
		if (!upm_group_has_interval_form(g))
			upm_snprintf(line + used, sizeof line - used, "\n       interval: the whole group (fits one pass)");
		else /* the whole group's passes, from the tables */
			upm_snprintf(line + used, sizeof line - used,
				     "\n       interval: its interval form (the whole group needs %d passes)%s%s%s%s",
				     upm_metrics_passes(p, g->events, g->metrics, err, sizeof err),
				     iev ? "\n         events:  " : "", iev ? iev : "", ime ? "\n         metrics: " : "",
				     ime ? ime : "");
		const char *vals[] = { p->name, g->name, g->question, g->events ? g->events : "",
				       g->metrics ? g->metrics : "", iev ? iev : "", ime ? ime : "" };
		lister_row(&l, vals, line);
	}
	if (!n && f == LIST_TEXT)
		upm_say(r, "%s has no event groups", p->name);
	return lister_end(&l);
}

/* A search that matched nothing is a mistake more often than an answer (a typo in a
 * name): one line with the closest names, and the usage status. */
enum list_kind { LIST_BOXES, LIST_EVENTS, LIST_METRICS, LIST_GROUPS };
static const char *const kinds[] = { "boxes", "events", "metrics", "groups" };

static int nothing_matched(struct upm_run *r, enum list_kind kind, const char *search,
			   const struct upm_box_type *only)
{
	const struct upm_platform *p = r->platform;
	struct upm_suggest s;
	char near[120];
	upm_suggest_init(&s, search);
	for (unsigned i = 0; kind == LIST_BOXES && i < p->n_boxes; i++)
		upm_suggest_add(&s, p->boxes[i]->name);
	for (unsigned i = 0; kind == LIST_EVENTS && i < p->n_boxes; i++) {
		const struct upm_box_type *t = p->boxes[i];
		for (unsigned e = 0; (!only || t == only) && e < *t->n_events; e++)
			upm_suggest_add(&s, t->events[e].name);
		/* perf's aliases are names run takes too (cas_count_read). */
		for (unsigned k = 0; (!only || t == only) && p->naming && k < p->naming->n_perf_events; k++)
			if (upm_strcmp(p->naming->perf_events[k].box, t->name) == 0)
				upm_suggest_add(&s, p->naming->perf_events[k].name);
	}
	/* Another platform's name: whose it is and the nearest here, as run says it. */
	char foreign[300];
	if (kind == LIST_EVENTS && upm_alias_foreign(p, only, search, foreign, sizeof foreign)) {
		upm_error(r, "list: no events on %s match '%s': %s", p->name, search, foreign);
		return UPM_EXIT_USAGE;
	}
	for (unsigned i = 0; kind == LIST_METRICS && p->metrics && i < *p->n_metrics; i++)
		upm_suggest_add(&s, p->metrics[i].name);
	for (unsigned i = 0; kind == LIST_GROUPS && p->n_groups && i < *p->n_groups; i++)
		upm_suggest_add(&s, p->groups[i].name);
	upm_suggest_text(&s, near, sizeof near);
	char likwid[200];
	const char *nearest = kind == LIST_GROUPS ? upm_group_likwid(p, search, likwid, sizeof likwid) : NULL;
	if (kind == LIST_GROUPS && likwid[0]) {
		/* A LIKWID group's name: what it counts, and upmon's nearest group. */
		char more[80] = "";
		if (nearest)
			upm_snprintf(more, sizeof more, "; upmon's nearest is %s: 'upmon list groups %s'", nearest, nearest);
		upm_error(r, "list: no groups on %s match '%s' (%s%s; 'upmon list groups' shows them all)", p->name,
			  search, likwid, more);
		return UPM_EXIT_USAGE;
	}
	upm_error(r, "list: no %s on %s%s%s match '%s' (%s%sa word of the name or %s, or a glob such as '%s'; "
		     "'upmon list %s' shows them all)",
		  kinds[kind], p->name, only ? " box " : "", only ? only->name : "", search, near, near[0] ? "; " : "",
		  kind == LIST_BOXES ? "title, perf's or perfmon's name" : "description",
		  kind == LIST_BOXES ? "c*" : "CAS*", kinds[kind]);
	return UPM_EXIT_USAGE;
}

int upm_cmd_list(struct upm_run *r)
{
	const char *what = NULL, *search = NULL, *box = NULL;
	enum list_format format = LIST_TEXT;
	char near[120];
	struct upm_suggest s;
	for (int i = 0; i < r->opts.cmd_argc; i++) {
		const char *a = r->opts.cmd_argv[i];
		const char *v = i + 1 < r->opts.cmd_argc ? r->opts.cmd_argv[i + 1] : NULL;
		if (upm_cli_is_option_word(v))
			v = NULL; /* the next option: this one's value is missing */
		if ((upm_strcmp(a, "--box") == 0 || upm_strcmp(a, "--format") == 0) && !v) {
			upm_error(r, "list: %s needs a value (%s)", a,
				  a[2] == 'b' ? "--box imc or --box imc0" : "--format text, csv or json");
			return UPM_EXIT_USAGE;
		}
		if (upm_strcmp(a, "--box") == 0) {
			box = v;
			i++;
		} else if (upm_strcmp(a, "--format") == 0) {
			static const char *const formats[] = { "text", "csv", "json" };
			unsigned k = 0;
			while (k < 3 && upm_strcmp(v, formats[k]) != 0)
				k++;
			if (k == 3) {
				upm_error(r, "list: --format takes text, csv or json, not '%s'", v);
				return UPM_EXIT_USAGE;
			}
			format = (enum list_format)k;
			i++;
		} else if (a[0] == '-' && a[1]) {
			/* No name starts with '-': a dash word is an option, perhaps another
			 * program's ("-x," is perf's CSV separator). */
			if (a[1] == '-') {
				upm_suggest_init(&s, a);
				upm_suggest_add(&s, "--box");
				upm_suggest_add(&s, "--format");
				upm_suggest_text(&s, near, sizeof near);
			} else {
				upm_help_suggest_option("list", a, near, sizeof near);
			}
			upm_error(r, "list: unknown option '%s' (%s%slist takes a SEARCH word alone, --box BOX and --format text|csv|json)", a,
				  near, near[0] ? "; " : "");
			return UPM_EXIT_USAGE;
		} else if (!what) {
			what = a;
		} else if (!search) {
			search = a;
		} else {
			upm_error(r, "list: one search at a time, not '%s' and '%s' (a glob such as 'CAS*' matches many)",
				  search, a);
			return UPM_EXIT_USAGE;
		}
	}
	int kind = -1;
	for (unsigned k = 0; what && k < 4; k++)
		if (upm_strcmp(what, kinds[k]) == 0)
			kind = (int)k;
	if (kind < 0) {
		upm_suggest_init(&s, what ? what : "");
		for (unsigned k = 0; k < 4; k++)
			upm_suggest_add(&s, kinds[k]);
		upm_suggest_text(&s, near, sizeof near);
		if (what)
			upm_error(r, "list: no list '%s' (%s%sboxes, events, metrics or groups)", what, near, near[0] ? "; " : "");
		else
			upm_error(r, "list: say what to list: boxes, events, metrics or groups (upmon list events)");
		return UPM_EXIT_USAGE;
	}
	if (box && kind >= LIST_METRICS) { /* metrics and groups span boxes: --box would be ignored */
		upm_error(r, "list: --box narrows boxes and events, not %s; leave it out (or 'upmon list events --box %s')",
			  kinds[kind], box);
		return UPM_EXIT_USAGE;
	}
	if (!r->platform) {
		upm_error_unsupported(r);
		return UPM_EXIT_USAGE;
	}
	const struct upm_box_type *only = NULL;
	if (box) {
		struct upm_spec probe;
		char spec[80], err[200];
		/* A box as specs name it: a type (imc), one instance (imc0), perf's name. */
		upm_snprintf(spec, sizeof spec, "%s/event=0/", box);
		int rc = upm_spec_parse(r->platform, spec, &probe, err, sizeof err);
		if (rc < 0 && probe.box && probe.instance >= (int)probe.box->max_instances) {
			upm_error(r, "list: --box %s: %s", box, err);
			return UPM_EXIT_USAGE;
		}
		if (rc < 0 && !probe.box) {
			char word[64];
			upm_snprintf(word, sizeof word, "%s", box);
			upm_suggest_init(&s, word);
			for (unsigned i = 0; i < r->platform->n_boxes; i++)
				upm_suggest_add(&s, r->platform->boxes[i]->name);
			upm_suggest_text(&s, near, sizeof near);
			upm_error(r, "list: no box '%s' on %s (%s%ssee 'upmon list boxes')", box, r->platform->name, near,
				  near[0] ? "; " : "");
			return UPM_EXIT_USAGE;
		}
		only = probe.box;
	}
	unsigned rows = 0;
	if (kind == LIST_BOXES)
		rows = list_boxes(r, only, search, format);
	else if (kind == LIST_EVENTS)
		rows = list_events(r, only, search, format);
	else if (kind == LIST_METRICS)
		rows = list_metrics(r, search, format);
	else
		rows = list_groups(r, search, format);
	int has_groups = r->platform->n_groups && *r->platform->n_groups;
	if (search && !rows && (kind != LIST_GROUPS || has_groups)) /* no groups at all: said above */
		return nothing_matched(r, (enum list_kind)kind, search, only);
	return UPM_EXIT_OK;
}

/* Resolving other programs' names (core/events/alias.h), and looking a name up on one
 * platform. The tables are per platform (boxes/<platform>/names.c); nothing here names a
 * platform. Names of other platforms: core/events/alias_kin.c; the lookups both share:
 * core/events/alias_lookup.c. */
#include "core/events/alias.h"
#include "platform/base/str.h"
#include "platform/base/suggest.h"
#include "core/events/event_find.h"
#include "core/events/alias_kin.h"

static int fail(char *err, unsigned long n, const char *fmt, const char *a, const char *b)
{
	upm_snprintf(err, n, fmt, a, b);
	return -1;
}

/* Digits s[0..len) as a number; -1 when not all digits or none. */
static int digits(const char *s, size_t len)
{
	int v = 0;
	if (!len || len > 4)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* upmon's spelling: NAME or NAMEn (the longest box name that prefixes it). */
static const struct upm_box_type *own_box(const struct upm_platform *p, const char *s, size_t len, int *inst)
{
	size_t best_len;
	const struct upm_box_type *best = upm_platform_box_prefix(p, s, len, &best_len);
	if (!best)
		return NULL;
	*inst = best_len == len ? -1 : digits(s + best_len, len - best_len);
	return best_len == len || *inst >= 0 ? best : NULL;
}

/* perf's spelling: [uncore_]PMU, or [uncore_]PMU_n where perf numbers the boxes. */
static const struct upm_box_type *perf_box(const struct upm_platform *p, const char *s, size_t len, int *inst)
{
	const struct upm_naming *nm = p->naming;
	if (len > 7 && upm_strncasecmp(s, "uncore_", 7) == 0) {
		s += 7;
		len -= 7;
	}
	for (unsigned i = 0; nm && i < nm->n_boxes; i++) {
		const struct upm_box_names *b = &nm->boxes[i];
		size_t n = b->perf_pmu ? upm_strlen(b->perf_pmu) : 0;
		if (!n || len < n || upm_strncasecmp(s, b->perf_pmu, n) != 0)
			continue;
		if (len == n)
			*inst = -1;
		else if (b->perf_single || s[n] != '_' || (*inst = digits(s + n + 1, len - n - 1)) < 0)
			continue;
		return upm_platform_box(p, b->box);
	}
	return NULL;
}

const struct upm_box_type *upm_alias_box_word(const struct upm_platform *p, const char *s, size_t len,
					       int *instance)
{
	const struct upm_box_type *b = own_box(p, s, len, instance);
	return b ? b : perf_box(p, s, len, instance);
}

/* The first term (an event name) in the box r->box: upmon's, perf's alias, perfmon's. In
 * a box spelled perf's way (perf_spelled: "uncore_imc"), perf's alias comes before upmon's
 * own event of the same name: perf's SPR imc clockticks is 0x01/0x00 (HCLK), upmon's
 * CLOCKTICKS perfmon's UNC_M_CLOCKTICKS, 0x01/0x01 (DCLK). */
static int resolve_event(const struct upm_platform *p, const char *name, struct upm_alias_resolved *r,
			 int perf_spelled, char *err, unsigned long n)
{
	const struct upm_naming *nm = p->naming;
	const struct upm_event_alias *a =
		nm ? upm_alias_find(nm->perf_events, nm->n_perf_events, r->box->name, name) : NULL;
	if (upm_alias_own_event(r->box, name) && !(perf_spelled && a)) {
		upm_strlcpy(r->terms, name, sizeof r->terms);
		return 0;
	}
	if (a) {
		if (a->to_box) {
			r->box = upm_platform_box(p, a->to_box);
			r->instance = -1;
		}
		upm_strlcpy(r->terms, a->terms, sizeof r->terms);
		return r->box ? 0 : fail(err, n, "table error: no box %s for %s", a->to_box, name);
	}
	struct upm_alias_resolved pm = { 0 };
	int perfmon = upm_alias_perfmon_name(p, name, &pm);
	if (perfmon && pm.box != r->box) {
		upm_snprintf(err, n, "%s is an event of box %s, not %s: write %s/%s/ or %s alone", name, pm.box->name,
			     r->box->name, pm.box->name, pm.terms, name);
		return -1;
	}
	if (perfmon && upm_alias_known_terms(pm.box, pm.terms)) {
		upm_strlcpy(r->terms, pm.terms, sizeof r->terms);
		return 0;
	}
	/* Another platform's name is answered with where it belongs; anything else unknown
	 * is left to the parser, which names it with the closest of this box. */
	if (upm_alias_foreign(p, r->box, name, err, n))
		return -1;
	upm_strlcpy(r->terms, perfmon ? pm.terms : name, sizeof r->terms);
	return 0;
}

/* perf's raw terms (perf-list(1): "cpu/config=10,config1=1,config2=3,period=1000/u") set
 * whole registers, which upmon writes from named fields only: config is refused with its
 * fields spelled upmon's way, config1/config2 (perf's uncore PMUs take the filter registers
 * there: uncore_snbep.c's cbox hw_config reads attr.config1) with the box's filter terms.
 * 1 when t is one of them (err written). */
static int perf_raw_term(const struct upm_box_type *box, const char *t, size_t len, char *err, unsigned long n)
{
	size_t klen = 0;
	while (klen < len && t[klen] != '=')
		klen++;
	if (klen < 6 || klen > 7 || upm_strncasecmp(t, "config", 6) != 0 || (klen == 7 && t[6] != '1' && t[6] != '2'))
		return 0;
	if (klen == 7) {
		char terms[200];
		upm_alias_term_names(box, terms, sizeof terms);
		upm_snprintf(err, n, "term '%.*s' (perf's raw filter value) is not taken: give the filter by name (%s takes "
			     "%s)", (int)klen, t, box->name, terms);
		return 1;
	}
	char value[24];
	uint64_t v;
	upm_snprintf(value, sizeof value, "%.*s", (int)(len > klen ? len - klen - 1 : 0), t + klen + 1);
	if (upm_parse_u64(value, &v) < 0) {
		upm_snprintf(err, n, "term 'config' (perf's raw control value) is not taken: write its fields, "
			     "event=0xNN,umask=0xNN");
		return 1;
	}
	const struct upm_ctl_layout *l = &box->ctl_layout;
	char fields[96];
	int used = upm_snprintf(fields, sizeof fields, "event=0x%llx", (unsigned long long)upm_ctl_code(box, v));
	if (l->umask.width)
		used += upm_snprintf(fields + used, sizeof fields - (size_t)used, ",umask=0x%llx",
				     (unsigned long long)upm_field_get(l->umask, v));
	if (l->edge.width && upm_field_get(l->edge, v))
		used += upm_snprintf(fields + used, sizeof fields - (size_t)used, ",edge");
	if (l->invert.width && upm_field_get(l->invert, v))
		used += upm_snprintf(fields + used, sizeof fields - (size_t)used, ",inv");
	if (l->tid_en.width && upm_field_get(l->tid_en, v))
		used += upm_snprintf(fields + used, sizeof fields - (size_t)used, ",tid_en");
	if (l->thresh.width && upm_field_get(l->thresh, v))
		upm_snprintf(fields + used, sizeof fields - (size_t)used, ",thresh=%llu",
			     (unsigned long long)upm_field_get(l->thresh, v));
	upm_snprintf(err, n, "term 'config' (perf's raw control value) is not taken: write its fields, %s", fields);
	return 1;
}

/* perf's "umask" on a box with a unit-mask extension spans both fields (uncore_snbep.c
 * umask_ext4: "config:8-15,32-55", so perf's SPR event lists write
 * umask=0xc817fe01): a value wider than the unit mask is split into umask= (its low bits)
 * and umask_ext= (the rest). 1 when t was such a term (written to out). */
static int perf_wide_umask(const struct upm_box_type *box, const char *t, size_t len, size_t klen, struct upm_buf *out)
{
	const struct upm_bitfield um = box->ctl_layout.umask;
	char value[24];
	uint64_t v;
	if (!box->ctl_layout.umask_ext.width || !um.width || um.width >= 64 || klen != 5 ||
	    upm_strncasecmp(t, "umask", 5) != 0 || len <= klen + 1 || len - klen - 1 >= sizeof value)
		return 0;
	upm_snprintf(value, sizeof value, "%.*s", (int)(len - klen - 1), t + klen + 1);
	if (upm_parse_u64(value, &v) < 0 || (v >> um.width) == 0)
		return 0;
	upm_buf_printf(out, ",umask=0x%llx,umask_ext=0x%llx", (unsigned long long)(v & ((1ull << um.width) - 1)),
		       (unsigned long long)(v >> um.width));
	return 1;
}

/* A term after the event: perf's format term renamed, or refused with what to write. */
static int resolve_term(const struct upm_platform *p, const struct upm_box_type *box, const char *t, size_t len,
			struct upm_buf *out, char *err, unsigned long n)
{
	const struct upm_naming *nm = p->naming;
	size_t klen = 0;
	while (klen < len && t[klen] != '=')
		klen++;
	if (perf_raw_term(box, t, len, err, n))
		return -1;
	if (perf_wide_umask(box, t, len, klen, out))
		return 0;
	int own = 0; /* a term the box has in upmon's spelling stays as it is */
	for (unsigned i = 0; i < box->n_filters; i++)
		own |= upm_strlen(box->filters[i].term) == klen && upm_strncasecmp(box->filters[i].term, t, klen) == 0;
	for (unsigned i = 0; nm && !own && i < nm->n_terms; i++) {
		const struct upm_term_alias *a = &nm->terms[i];
		if ((a->box && upm_strcmp(a->box, box->name) != 0) || upm_strlen(a->perf) != klen ||
		    upm_strncasecmp(a->perf, t, klen) != 0)
			continue;
		if (!a->upmon) {
			upm_snprintf(err, n, "term '%.*s' (perf's) is not taken on box %s: %s", (int)klen, t,
				     box->name, a->why);
			return -1;
		}
		upm_buf_printf(out, ",%s%.*s", a->upmon, (int)(len - klen), t + klen);
		return 0;
	}
	upm_buf_printf(out, ",%.*s", (int)len, t);
	return 0;
}

void upm_alias_suggest_box(const struct upm_platform *p, const char *word, char *buf, unsigned long size)
{
	struct upm_suggest s;
	upm_suggest_init(&s, word);
	for (unsigned i = 0; i < p->n_boxes; i++)
		upm_suggest_add(&s, p->boxes[i]->name);
	upm_suggest_text(&s, buf, size);
}

/* perf's event alias alone: perf counts a bare alias on every PMU that defines it
 * (cas_count_read: every uncore_imc_N), so it is every instance of the one box type
 * that has it here. 1 resolved into out, -1 refused (err), 0 not perf's alias. */
static int bare_perf_alias(const struct upm_platform *p, const char *text, char *out, unsigned long out_size,
			   char *err, unsigned long n)
{
	const struct upm_naming *nm = p->naming;
	const struct upm_event_alias *first = NULL;
	struct upm_buf choices;
	unsigned types = 0;
	upm_buf_init(&choices);
	for (unsigned i = 0; nm && i < p->n_boxes; i++) {
		const struct upm_event_alias *a = upm_alias_find(nm->perf_events, nm->n_perf_events, p->boxes[i]->name, text);
		if (!a)
			continue;
		first = first ? first : a;
		upm_buf_printf(&choices, "%s%s/%s/", types++ ? " or " : "", a->box, text);
	}
	int rc = 0;
	if (types == 1) {
		const struct upm_box_type *b = upm_alias_box(p, first);
		rc = b ? 1 : fail(err, n, "table error: no box %s for %s", first->to_box, text);
		if (b)
			upm_snprintf(out, out_size, "%s/%s/", b->name, first->terms);
	} else if (types > 1) {
		upm_snprintf(err, n, "'%s' is perf's event alias on %u box types of %s: say which, %s", text, types,
			     p->name, choices.data);
		rc = -1;
	}
	upm_buf_free(&choices);
	return rc;
}

/* A word without slashes: a perfmon name, perf's event alias, or a mistake to explain. */
static int resolve_bare(const struct upm_platform *p, const char *text, char *out, unsigned long out_size,
			char *err, unsigned long n)
{
	struct upm_alias_resolved r = { 0 };
	int inst;
	if (upm_alias_perfmon_name(p, text, &r)) {
		/* A prefix of p's with an event of another platform: said as such; with an
		 * unknown event, the parser names it. */
		if (!upm_alias_known_terms(r.box, r.terms) && upm_alias_foreign(p, NULL, text, err, n))
			return -1;
		upm_snprintf(out, out_size, "%s/%s/", r.box->name, r.terms);
		return 0;
	}
	if (upm_alias_box_word(p, text, upm_strlen(text), &inst))
		return fail(err, n, "'%s' names a box but no event: write %s/EVENT/ (see 'upmon list events')",
			    text, text);
	int alias = bare_perf_alias(p, text, out, out_size, err, n);
	if (alias)
		return alias > 0 ? 0 : -1;
	const struct upm_naming *nm = p->naming;
	for (unsigned i = 0; i < p->n_boxes; i++) {
		if (upm_alias_own_event(p->boxes[i], text)) {
			upm_snprintf(err, n, "'%s' lacks its box: write %s/%s/ (or %s%s/%s/ for one instance)", text,
				     p->boxes[i]->name, text, p->boxes[i]->name, "0", text);
			return -1;
		}
	}
	if (upm_alias_foreign(p, NULL, text, err, n))
		return -1;
	/* The closest event of any box, with its box: a bare name is often a typo of one. */
	const char *best = NULL, *best_box = NULL;
	unsigned best_d = ~0u, lw = (unsigned)upm_strlen(text);
	for (unsigned i = 0; i < p->n_boxes; i++) {
		const struct upm_box_type *b = p->boxes[i];
		for (unsigned e = 0; b->events && e < *b->n_events; e++) {
			unsigned d = upm_edit_distance(text, b->events[e].name);
			if (d && d < best_d)
				best_d = d, best = b->events[e].name, best_box = b->name;
		}
		for (unsigned k = 0; nm && k < nm->n_perf_events; k++) {
			if (upm_strcmp(nm->perf_events[k].box, b->name) != 0)
				continue;
			unsigned d = upm_edit_distance(text, nm->perf_events[k].name);
			if (d && d < best_d)
				best_d = d, best = nm->perf_events[k].name, best_box = b->name;
		}
	}
	/* The platform's own examples: another platform's would not parse here. */
	char spec[96], perf[96], perfmon[96];
	struct upm_buf how;
	upm_buf_init(&how);
	upm_alias_examples(p, spec, perf, perfmon, sizeof spec);
	upm_buf_printf(&how, "write BOX/EVENT/%s%s%s", spec[0] ? " (" : "", spec, spec[0] ? ")" : "");
	if (perf[0])
		upm_buf_printf(&how, ", perf's event alias (%s)", perf);
	if (perfmon[0])
		upm_buf_printf(&how, ", perfmon's name (%s)", perfmon);
	if (best && best_d <= (lw <= 4 ? 1u : lw <= 8 ? 2u : 3u))
		upm_snprintf(err, n, "'%s' is not an event spec on %s (closest: %s/%s/): %s", text, p->name, best_box,
			     best, how.data);
	else
		upm_snprintf(err, n, "'%s' is not an event spec on %s: %s; see 'upmon list events'", text, p->name,
			     how.data);
	upm_buf_free(&how);
	return -1;
}

/* A box name (upmon's or perf's) of other platforms: "it is nhmex's and wsmex's mbox",
 * or "". */
static void foreign_box(const struct upm_platform *p, const char *word, char *buf, unsigned long size)
{
	struct upm_buf out;
	const char *where[8], *box = NULL;
	unsigned n = 0;
	size_t len = upm_strlen(word);
	for (unsigned i = 0; i < upm_n_platforms && n < UPM_ARRAY_LEN(where); i++) {
		const struct upm_platform *q = upm_platforms[i];
		int inst;
		const struct upm_box_type *b = q == p ? NULL : own_box(q, word, len, &inst);
		if (q != p && !b)
			b = perf_box(q, word, len, &inst);
		if (!b)
			continue;
		box = box ? box : b->name;
		where[n++] = q->name;
	}
	upm_buf_init(&out);
	for (unsigned i = 0; i < n; i++)
		upm_buf_printf(&out, "%s%s's", i == 0 ? "it is " : i + 1 == n ? " and " : ", ", where[i]);
	if (n)
		upm_buf_printf(&out, " %s", box);
	upm_strlcpy(buf, out.data ? out.data : "", size);
	upm_buf_free(&out);
}

unsigned long upm_alias_spec_len(const char *s)
{
	const char *a = upm_strchr(s, '/');
	const char *c = upm_strchr(s, ',');
	if (!a || (c && c < a))
		return c ? (unsigned long)(c - s) : upm_strlen(s);
	const char *b = upm_strchr(a + 1, '/');
	return b ? (unsigned long)(b - s) + 1 : upm_strlen(s);
}

int upm_alias_resolve(const struct upm_platform *p, const char *text, char *out, unsigned long out_size,
		      char *err, unsigned long n)
{
	size_t len = upm_strlen(text);
	const char *slash = upm_strchr(text, '/');
	if (!len)
		return fail(err, n, "empty event spec: write BOX/EVENT/ (imc/CAS_COUNT.RD/)%s%s", "", "");
	if (!slash)
		return resolve_bare(p, text, out, out_size, err, n);
	if (slash == text)
		return fail(err, n, "'%s' names no box before its first '/' (see 'upmon list boxes')%s", text, "");
	/* "imc/" lacks the event, not only a '/': "imc//" would be refused in turn. */
	if (slash == text + len - 1)
		return fail(err, n, "'%s' names no event after its '/': write %sEVENT/ (see 'upmon list events')",
			    text, text);
	if (text[len - 1] != '/')
		return fail(err, n, "'%s' lacks its closing '/': write %s/", text, text);
	if (slash + 1 == text + len - 1)
		return fail(err, n, "'%s' names no event between its slashes (see 'upmon list events')%s", text, "");

	struct upm_alias_resolved r = { 0 };
	size_t blen = (size_t)(slash - text);
	r.box = own_box(p, text, blen, &r.instance);
	int perf_spelled = !r.box;
	if (!r.box)
		r.box = perf_box(p, text, blen, &r.instance);
	if (!r.box) {
		char word[UPM_SUGGEST_WORD], near[160], elsewhere[120];
		upm_snprintf(word, sizeof word, "%.*s", (int)blen, text);
		upm_alias_suggest_box(p, word, near, sizeof near);
		foreign_box(p, word, elsewhere, sizeof elsewhere);
		upm_snprintf(err, n, "no box '%s' on %s (%s%s%s%ssee 'upmon list boxes')", word, p->name, elsewhere,
			     elsewhere[0] ? "; " : "", near, near[0] ? "; " : "");
		return -1;
	}
	/* The terms: the first names the event unless it is key=value (a raw spec). */
	const char *t = slash + 1, *end = text + len - 1;
	const char *comma = t;
	while (comma < end && *comma != ',')
		comma++;
	struct upm_buf rest;
	upm_buf_init(&rest);
	char first[96];
	upm_snprintf(first, sizeof first, "%.*s", (int)(comma - t), t);
	int rc = 0;
	if (upm_strchr(first, '=') && perf_raw_term(r.box, first, upm_strlen(first), err, n)) {
		rc = -1;
	} else if (upm_strchr(first, '=') || upm_strchr(first, '/')) {
		upm_strlcpy(r.terms, first, sizeof r.terms);
	} else {
		rc = resolve_event(p, first, &r, perf_spelled, err, n);
	}
	for (const char *s = comma; rc == 0 && s < end;) {
		s++; /* past the comma */
		const char *e = s;
		while (e < end && *e != ',')
			e++;
		if (e > s)
			rc = resolve_term(p, r.box, s, (size_t)(e - s), &rest, err, n);
		else
			upm_buf_puts(&rest, ","); /* empty term: the parser says so */
		s = e;
	}
	if (rc == 0) {
		char inst[16] = "";
		if (r.instance >= 0)
			upm_snprintf(inst, sizeof inst, "%d", r.instance);
		if (upm_snprintf(out, out_size, "%s%s/%s%s/", r.box->name, inst, r.terms,
				 rest.data ? rest.data : "") >= (int)out_size)
			rc = fail(err, n, "event spec too long: '%.40s...'%s", text, "");
	}
	upm_buf_free(&rest);
	return rc;
}

/* A list of valid names is given whole where it fits in this many characters. */
#define NAMES_LISTED 120

/* "a, b, c" into buf (size > 0), cut at its end. */
static void join_names(char *buf, size_t size, const char *const *names, unsigned n)
{
	size_t k = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < n && k + 1 < size; i++) {
		int w = upm_snprintf(buf + k, size - k, "%s%s", i ? ", " : "", names[i]);
		k += w > 0 && (size_t)w < size - k ? (size_t)w : size - k - 1;
	}
}

/* "WHO VERB a, b, c" into buf. */
static void list_names(char *buf, unsigned long size, const char *who, const char *verb, const char *const *names,
		       unsigned n)
{
	int at = upm_snprintf(buf, size, "%s %s ", who, verb);
	if (at > 0 && (size_t)at + 1 < size)
		join_names(buf + at, size - (size_t)at, names, n);
}

void upm_alias_suggest_event(const struct upm_platform *p, const struct upm_box_type *box, const char *word,
			     char *buf, unsigned long size)
{
	struct upm_suggest s;
	upm_suggest_init(&s, word);
	for (unsigned i = 0; box->events && i < *box->n_events; i++)
		upm_suggest_add(&s, box->events[i].name);
	/* perf's names the box takes too (cas_count_read): a typo of one is closest to it. */
	const struct upm_naming *nm = p ? p->naming : NULL;
	for (unsigned i = 0; nm && i < nm->n_perf_events; i++)
		if (upm_strcmp(nm->perf_events[i].box, box->name) == 0)
			upm_suggest_add(&s, nm->perf_events[i].name);
	if (box->fixed_ctr != UPM_NO_REG && box->fixed_event)
		upm_suggest_add(&s, box->fixed_event);
	for (unsigned i = 0; i < box->n_free_ctrs; i++)
		upm_suggest_add(&s, box->free_ctrs[i].name);
	upm_suggest_text(&s, buf, size);
	if (buf[0] || !size)
		return;
	/* Nothing close: the box's own names where they are few (perf's spellings aside). */
	const char *names[NAMES_LISTED / 2];
	unsigned n = 0, len = 0;
	for (unsigned i = 0; box->events && i < *box->n_events && n < UPM_ARRAY_LEN(names); i++)
		names[n++] = box->events[i].name;
	if (box->fixed_ctr != UPM_NO_REG && box->fixed_event && n < UPM_ARRAY_LEN(names))
		names[n++] = box->fixed_event;
	for (unsigned i = 0; i < box->n_free_ctrs && n < UPM_ARRAY_LEN(names); i++)
		names[n++] = box->free_ctrs[i].name;
	for (unsigned i = 0; i < n; i++)
		len += (unsigned)upm_strlen(names[i]) + 2;
	unsigned all = (box->events ? *box->n_events : 0) + (box->fixed_ctr != UPM_NO_REG && box->fixed_event) +
		       box->n_free_ctrs;
	if (n && n == all && len <= NAMES_LISTED)
		list_names(buf, size, box->name, "counts", names, n);
}

/* Nothing close: the event's unit masks, every one where they fit in a line's part
 * (NAMES_LISTED characters), else how many; an event that takes none says so. */
void upm_alias_suggest_umask(const struct upm_event_def *ev, const char *word, char *buf, unsigned long size)
{
	struct upm_suggest s;
	upm_suggest_init(&s, word);
	for (unsigned i = 0; i < ev->n_umasks; i++)
		upm_suggest_add(&s, ev->umasks[i].name);
	upm_suggest_text(&s, buf, size);
	if (buf[0] || !size)
		return;
	if (!ev->n_umasks) {
		upm_snprintf(buf, size, "%s takes none: write it without one", ev->name);
		return;
	}
	const char *names[NAMES_LISTED / 2];
	size_t len = 0;
	for (unsigned i = 0; i < ev->n_umasks; i++)
		len += upm_strlen(ev->umasks[i].name) + 2;
	if (len > NAMES_LISTED || ev->n_umasks > UPM_ARRAY_LEN(names)) {
		upm_snprintf(buf, size, "%s takes %u unit masks", ev->name, ev->n_umasks);
		return;
	}
	for (unsigned i = 0; i < ev->n_umasks; i++)
		names[i] = ev->umasks[i].name;
	list_names(buf, size, ev->name, "takes", names, ev->n_umasks);
}

/* The terms a spec on the box takes: the control fields it has, its filters, its index
 * term. Into names (at most max); how many. */
static unsigned box_terms(const struct upm_box_type *box, const char **names, unsigned max)
{
	const struct upm_ctl_layout *l = &box->ctl_layout;
	const struct {
		const char *term;
		unsigned width;
	} mods[] = {
		{ "event", l->ev_sel.width }, { "umask", l->umask.width }, { "thresh", l->thresh.width },
		{ "edge", l->edge.width }, { "inv", l->invert.width }, { "tid_en", l->tid_en.width },
		{ "ext", l->ev_sel_ext.width }, { "occ_sel", l->occ_sel.width },
		{ "occ_inv", l->occ_invert.width }, { "occ_edge", l->occ_edge.width },
		{ "umask_ext", l->umask_ext.width }, { "ch_mask", l->port_mask.width },
		{ "fc_mask", l->fc_mask.width },
	};
	unsigned n = 0;
	for (unsigned i = 0; i < sizeof mods / sizeof mods[0] && n < max; i++)
		if (mods[i].width)
			names[n++] = mods[i].term;
	for (unsigned i = 0; i < box->n_filters && n < max; i++) {
		int dup = 0; /* several fields may share a term name across satisfies */
		for (unsigned k = 0; k < n; k++)
			dup |= upm_strcasecmp(names[k], box->filters[i].term) == 0;
		if (!dup)
			names[n++] = box->filters[i].term;
	}
	if (box->index_term && n < max)
		names[n++] = box->index_term;
	return n;
}

void upm_alias_suggest_term(const struct upm_box_type *box, const char *word, char *buf, unsigned long size)
{
	const char *names[64];
	unsigned n = box_terms(box, names, UPM_ARRAY_LEN(names));
	struct upm_suggest s;
	upm_suggest_init(&s, word);
	for (unsigned i = 0; i < n; i++)
		upm_suggest_add(&s, names[i]);
	upm_suggest_text(&s, buf, size);
}

void upm_alias_term_names(const struct upm_box_type *box, char *buf, unsigned long size)
{
	const char *names[64];
	unsigned n = box_terms(box, names, UPM_ARRAY_LEN(names));
	if (size)
		join_names(buf, size, names, n);
}

#include "core/metrics/metrics.h"
#include "core/metrics/formula.h"
#include "platform/base/suggest.h"

/* A metric compiled: its formula and the specs of its terms. */
struct upm_metric_parts {
	struct upm_formula f;
	struct upm_spec specs[UPM_METRIC_FORMULA_TERMS];
	int over_time; /* SECONDS, SAMPLE_INTERVAL or a clock's count in the formula */
	int time_cancels; /* over time, but time cancels in its value (a latency in ns from
			   * occupancy, inserts and a clock): only the clocks are scaled */
	unsigned char clock[UPM_METRIC_FORMULA_TERMS]; /* the term counts a clock */
};

/* 1 when name is one of the comma-separated names in list. */
static int names_have(const char *list, const char *name)
{
	size_t n = upm_strlen(name);
	while (list && *list) {
		const char *comma = upm_strchr(list, ',');
		size_t k = comma ? (size_t)(comma - list) : upm_strlen(list);
		if (k == n && upm_strncasecmp(list, name, n) == 0)
			return 1;
		list += k + (comma ? 1 : 0);
	}
	return 0;
}

const struct upm_metric *upm_metric_find(const struct upm_platform *p, const char *name)
{
	for (unsigned i = 0; p->metrics && i < *p->n_metrics; i++)
		if (upm_strcasecmp(p->metrics[i].name, name) == 0)
			return &p->metrics[i];
	for (unsigned i = 0; p->metrics && i < *p->n_metrics; i++)
		if (names_have(p->metrics[i].aliases, name))
			return &p->metrics[i];
	return NULL;
}

/* The short form's spec list as a sum in parentheses: the list split as a list is
 * (upm_spec_list_item_len), not parsed; its specs are parsed once, when the formula is
 * compiled (upm_metric_compile). */
static int add_sum(const char *list, struct upm_buf *out, char *err, unsigned long err_size)
{
	const char *sp[UPM_METRIC_MAX_TERMS];
	unsigned long len[UPM_METRIC_MAX_TERMS];
	unsigned t = 0;
	for (const char *s = list; *s && t < UPM_METRIC_MAX_TERMS; t++) {
		sp[t] = s;
		len[t] = upm_spec_list_item_len(s);
		s += len[t];
		s += *s == ',';
	}
	if (!t) {
		upm_snprintf(err, err_size, "empty spec list");
		return -1;
	}
	upm_buf_puts(out, t > 1 ? "(" : "");
	for (unsigned j = 0; j < t; j++)
		upm_buf_printf(out, "%s%.*s", j ? " + " : "", (int)len[j], sp[j]);
	upm_buf_puts(out, t > 1 ? ")" : "");
	return 0;
}

int upm_metric_formula_text(const struct upm_platform *p, const struct upm_metric *m, struct upm_buf *out,
			    char *err, unsigned long err_size)
{
	(void)p; /* the text is the metric's own; its specs are parsed when compiled */
	if (m->formula) {
		upm_buf_puts(out, m->formula);
		return 0;
	}
	char k[40];
	upm_format_double(k, sizeof k, m->scale, 6);
	/* "64.000000" reads back exactly; trailing zeros only lengthen the text. */
	size_t n = upm_strlen(k);
	while (n > 1 && upm_strchr(k, '.') && (k[n - 1] == '0' || k[n - 1] == '.'))
		k[--n] = 0;
	if (add_sum(m->numerator, out, err, err_size) < 0)
		return -1;
	if (m->scale != 1.0)
		upm_buf_printf(out, " * %s", k);
	if (!m->denominator) {
		upm_buf_puts(out, " / SECONDS");
	} else if (upm_strcmp(m->denominator, "none") != 0) {
		upm_buf_puts(out, " / ");
		if (add_sum(m->denominator, out, err, err_size) < 0)
			return -1;
	}
	return 0;
}

int upm_metric_compile(const struct upm_platform *p, const struct upm_metric *m, struct upm_formula *f,
		       struct upm_spec *specs, char *err, unsigned long err_size)
{
	struct upm_buf text;
	upm_buf_init(&text);
	int rc = upm_metric_formula_text(p, m, &text, err, err_size);
	if (rc == 0)
		rc = upm_formula_parse(text.data ? text.data : "", f, err, err_size);
	upm_buf_free(&text);
	for (unsigned i = 0; rc == 0 && i < f->n_specs; i++)
		rc = upm_spec_parse(p, f->specs[i], &specs[i], err, err_size);
	return rc;
}

int upm_metric_per_second(const struct upm_platform *p, const struct upm_metric *m)
{
	struct upm_formula *f = upm_os_alloc(sizeof *f);
	struct upm_buf text;
	char err[200];
	int rate = 0;
	upm_buf_init(&text);
	if (f && upm_metric_formula_text(p, m, &text, err, sizeof err) == 0 &&
	    upm_formula_parse(text.data ? text.data : "", f, err, sizeof err) == 0)
		rate = f->per_second;
	upm_buf_free(&text);
	upm_os_free(f);
	return rate;
}

int upm_spec_same(const struct upm_spec *a, const struct upm_spec *b)
{
	return upm_spec_same_count(a, b) && (a->instance < 0 || a->instance == b->instance);
}

/* 1 when one of the compiled specs reads counter 0 (COUNTER0_OCCUPANCY). */
static int reads_counter0(const struct upm_formula *f, const struct upm_spec *sp)
{
	for (unsigned j = 0; j < f->n_specs; j++)
		if (sp[j].event && sp[j].event->reads_counter0)
			return 1;
	return 0;
}

/* The metric's formula and its specs into pt, each spec parsed once; -1 with err when
 * it does not compile. */
static int compile_parts(const struct upm_platform *p, const struct upm_metric *m, struct upm_metric_parts *pt,
			 char *err, unsigned long err_size)
{
	if (upm_metric_compile(p, m, &pt->f, pt->specs, err, err_size) < 0)
		return -1;
	pt->over_time = pt->f.uses_time;
	for (unsigned k = 0; k < pt->f.n_specs; k++) {
		pt->clock[k] = (unsigned char)upm_spec_counts_clock(&pt->specs[k]);
		pt->over_time |= pt->clock[k];
	}
	int power;
	pt->time_cancels = pt->over_time && upm_formula_time_power(&pt->f, pt->clock, &power) == 0 && power == 0;
	return 0;
}

void upm_metric_list_init(struct upm_metric_list *l)
{
	upm_memset(l, 0, sizeof *l);
}

void upm_metric_list_free(struct upm_metric_list *l)
{
	upm_os_free(l->metrics);
	upm_os_free(l->parts);
	upm_metric_list_init(l);
}

int upm_metric_list_parse(const struct upm_platform *p, const char *names, struct upm_metric_list *l, char *err,
			  unsigned long err_size)
{
	char name[64];
	const char *prev = NULL; /* the name before, for an empty one after it */
	size_t prev_n = 0;
	unsigned most = p && p->metrics ? *p->n_metrics : 0; /* distinct metrics at most */
	upm_metric_list_init(l);
	if (!names || !*names || !p)
		return 0;
	l->metrics = upm_os_alloc((most ? most : 1) * sizeof *l->metrics);
	l->parts = upm_os_alloc((most ? most : 1) * sizeof *l->parts);
	if (!l->metrics || !l->parts) {
		upm_strlcpy(err, "out of memory", err_size);
		return -1;
	}
	while (*names) {
		const char *comma = upm_strchr(names, ',');
		size_t n = comma ? (size_t)(comma - names) : upm_strlen(names);
		/* An empty name (a leading, doubled or trailing comma), as in an event list. */
		if (n == 0 || (comma && !comma[1])) {
			if (n)
				prev = names, prev_n = n;
			if (prev)
				upm_snprintf(err, err_size, "empty metric name after '%.*s' (a %s ','): remove the extra "
					     "comma", (int)(prev_n < 40 ? prev_n : 40), prev, n ? "trailing" : "doubled");
			else
				upm_snprintf(err, err_size, "empty metric name at the start (a leading ','): remove the "
					     "comma");
			return -1;
		}
		if (n >= sizeof name) {
			upm_snprintf(err, err_size, "metric name '%.40s...' is too long: see 'upmon list metrics'", names);
			return -1;
		}
		prev = names;
		prev_n = n;
		upm_memcpy(name, names, n);
		name[n] = 0;
		const struct upm_metric *m = upm_metric_find(p, name);
		if (!m) {
			struct upm_suggest s;
			char near[120];
			upm_suggest_init(&s, name);
			for (unsigned i = 0; p->metrics && i < *p->n_metrics; i++)
				upm_suggest_add(&s, p->metrics[i].name);
			upm_suggest_text(&s, near, sizeof near);
			upm_snprintf(err, err_size, "unknown metric '%s' on %s (%s%ssee 'upmon list metrics')",
				     name, p->name, near, near[0] ? "; " : "");
			return -1;
		}
		/* A metric named twice (or by its alias) is one metric, compiled once. */
		int again = 0;
		for (unsigned k = 0; k < l->n; k++)
			again |= l->metrics[k] == m;
		if (!again) {
			if (compile_parts(p, m, &l->parts[l->n], err, err_size) < 0)
				return -1;
			l->metrics[l->n++] = m;
		}
		names += n + (comma ? 1 : 0);
	}
	return 0;
}

/* Calls fn with each metric's terms in two sweeps: first those of the metrics that read
 * counter 0, whose occupancy and COUNTER0_OCCUPANCY the scheduler then places in one
 * pass ahead of any other metric's queue (counter0_is_own), then the others. */
typedef int (*term_fn)(void *ctx, const struct upm_metric *m, const struct upm_spec *sp);
static int each_term(const struct upm_metric_list *l, term_fn fn, void *ctx)
{
	for (int sweep = 0; sweep < 2; sweep++)
		for (unsigned k = 0; k < l->n; k++) {
			const struct upm_metric_parts *pt = &l->parts[k];
			for (unsigned j = 0; reads_counter0(&pt->f, pt->specs) == !sweep && j < pt->f.n_specs; j++)
				if (fn(ctx, l->metrics[k], &pt->specs[j]) < 0)
					return -1;
		}
	return 0;
}

struct adding {
	struct upm_spec_list *list;
	char *err;
	unsigned long err_size;
};

static int add_term(void *ctx, const struct upm_metric *m, const struct upm_spec *sp)
{
	struct adding *a = ctx;
	return upm_spec_list_add_parsed(a->list, sp, UPM_SPEC_BY_METRIC, m->name, a->err, a->err_size);
}

int upm_metric_list_add_specs(const struct upm_metric_list *l, struct upm_spec_list *list, char *err,
			      unsigned long err_size)
{
	struct adding a = { list, err, err_size };
	if (l->n > UPM_SESSION_MAX_METRICS) {
		upm_snprintf(err, err_size, "too many metrics: at most %u in one run (ask for fewer, or run twice)",
			     (unsigned)UPM_SESSION_MAX_METRICS);
		return -1;
	}
	return each_term(l, add_term, &a);
}

/* upm_metric_specs' step: a term's text once in the comma-joined list. */
static int join_term(void *ctx, const struct upm_metric *m, const struct upm_spec *sp)
{
	struct upm_buf *list = ctx;
	size_t n = upm_strlen(sp->text);
	(void)m;
	for (size_t i = 0; list->data && i + n <= list->len; i++)
		if ((i == 0 || list->data[i - 1] == ',') && upm_strncasecmp(list->data + i, sp->text, n) == 0 &&
		    (list->data[i + n] == ',' || list->data[i + n] == 0))
			return 0;
	if (list->len)
		upm_buf_puts(list, ",");
	upm_buf_puts(list, sp->text);
	return 0;
}

int upm_metric_specs(const struct upm_platform *p, const char *names, struct upm_buf *list,
		     char *err, unsigned long err_size)
{
	struct upm_metric_list l;
	int rc = upm_metric_list_parse(p, names, &l, err, err_size);
	if (rc == 0)
		rc = each_term(&l, join_term, list);
	upm_metric_list_free(&l);
	return rc;
}

int upm_metrics_take(struct upm_session *s, struct upm_run *r, const struct upm_spec_list *asked,
		     const struct upm_metric_list *metrics)
{
	struct upm_spec_list list;
	int rc = -1;
	upm_memset(s, 0, sizeof *s);
	s->run = r;
	if (upm_spec_list_copy(&list, asked) < 0) {
		upm_strlcpy(s->error, "out of memory", sizeof s->error);
		return -1;
	}
	if (!metrics || !r->platform || upm_metric_list_add_specs(metrics, &list, s->error, sizeof s->error) == 0)
		rc = upm_session_take(s, r, &list, 1);
	upm_spec_list_free(&list);
	if (rc == 0 && metrics && metrics->n && r->platform) {
		s->metric_parts = upm_os_alloc(metrics->n * sizeof *s->metric_parts);
		if (!s->metric_parts) {
			upm_strlcpy(s->error, "out of memory", sizeof s->error);
			return -1;
		}
		for (unsigned k = 0; k < metrics->n; k++) {
			s->metrics[k] = metrics->metrics[k];
			s->metric_parts[k] = metrics->parts[k];
		}
		s->n_metrics = metrics->n;
	}
	return rc;
}

/* The user's specs and the metrics named, each parsed once into their lists. 0, or -1
 * with err (the user's specs are parsed first, as they come first). */
static int lists_of(const struct upm_platform *p, const char *user_specs, const char *metric_names,
		    struct upm_spec_list *asked, struct upm_metric_list *metrics, char *err, unsigned long err_size)
{
	upm_spec_list_init(asked);
	upm_metric_list_init(metrics);
	if (p && user_specs && *user_specs &&
	    upm_spec_list_add_text(p, asked, user_specs, UPM_SPEC_BY_USER, NULL, err, err_size) < 0)
		return -1;
	return upm_metric_list_parse(p, metric_names, metrics, err, err_size);
}

int upm_metrics_prepare(struct upm_session *s, struct upm_run *r, const char *user_specs,
			const char *metric_names)
{
	struct upm_spec_list asked;
	struct upm_metric_list metrics;
	int rc = -1;
	upm_memset(s, 0, sizeof *s);
	s->run = r;
	if (lists_of(r->platform, user_specs, metric_names, &asked, &metrics, s->error, sizeof s->error) == 0)
		rc = upm_metrics_take(s, r, &asked, &metrics);
	upm_spec_list_free(&asked);
	upm_metric_list_free(&metrics);
	return rc;
}

int upm_metrics_passes(const struct upm_platform *p, const char *user_specs, const char *metric_names, char *err,
		       unsigned long err_size)
{
	struct upm_spec_list asked;
	struct upm_metric_list metrics;
	struct upm_spec_double doubles[1];
	unsigned n_doubles;
	int passes = -1;
	if (lists_of(p, user_specs, metric_names, &asked, &metrics, err, err_size) == 0 &&
	    upm_metric_list_add_specs(&metrics, &asked, err, err_size) == 0) {
		if (!asked.n) /* as a list parsed whole would say it */
			upm_snprintf(err, err_size, "no event specs given");
		upm_spec_list_once(&asked, doubles, 1, &n_doubles);
		if (asked.n)
			passes = upm_specs_passes(p, asked.specs, asked.n, err, err_size);
	}
	upm_spec_list_free(&asked);
	upm_metric_list_free(&metrics);
	return passes;
}

/* 1 when count c is what the term counts on c's instance: the metric's own spec, or the
 * user's or another metric's that counts the same (each is counted once per instance:
 * core/events/once.h). */
static int count_is(const struct upm_session *s, const struct upm_count *c, const struct upm_spec *term)
{
	struct upm_spec inst = s->specs[c->spec];
	inst.instance = (int)c->instance;
	return upm_spec_same(term, &inst);
}

/* Whether every term that applies to box instance b was counted on it and can be
 * trusted; *applies gets whether any term applies. */
static int instance_counted(const struct upm_session *s, const struct upm_count *counts, unsigned n_counts,
			    const struct upm_metric_parts *pt, const struct upm_box_inst *b, int *applies)
{
	int ok = 1;
	*applies = 0;
	for (unsigned k = 0; k < pt->f.n_specs; k++) {
		const struct upm_spec *t = &pt->specs[k];
		if (t->box != b->type || (t->instance >= 0 && (unsigned)t->instance != b->instance))
			continue;
		*applies = 1;
		int got = 0;
		for (unsigned i = 0; i < n_counts; i++) {
			const struct upm_count *c = &counts[i];
			if (c->socket == b->socket && c->box == b->type && c->instance == b->instance &&
			    count_is(s, c, t))
				got |= c->status == UPM_OK ? 1 : 2;
		}
		ok &= got == 1 && b->state == UPM_BOX_OK;
	}
	return ok;
}

/* Whether box instance b counts in the metric's coverage ("8 of 8 cbo"): the boxes of its
 * counts of work, not the clock that turns them into time (a latency in ns over eight
 * CBos and the socket's one UBox is over 8 cbo, not "9 ubox"); a metric of clocks alone
 * is over their boxes. */
static int covers(const struct upm_metric_parts *pt, const struct upm_box_inst *b)
{
	int work_terms = 0, on_b = 0;
	for (unsigned k = 0; k < pt->f.n_specs; k++) {
		if (pt->clock[k])
			continue;
		work_terms = 1;
		on_b |= pt->specs[k].box == b->type;
	}
	return !work_terms || on_b;
}

/* Calls fn for each count of the metric's on the instances of socket sock it can use. */
struct walk {
	const struct upm_count *counts; /* the session's, or one sample's (upm_metrics_compute_sample) */
	unsigned n_counts;
	unsigned counted, of, passes;
	const char *box;
	uint64_t window_ns; /* the longest window of the parts */
	double terms[UPM_METRIC_FORMULA_TERMS];
	unsigned *used, max_used, n_used; /* the indices of the counts summed (NULL: not kept) */
};

static void walk_counts(const struct upm_session *s, const struct upm_metric_parts *pt, unsigned sock, struct walk *w,
			int sum)
{
	for (unsigned bi = 0; bi < s->n_boxes; bi++) {
		const struct upm_box_inst *b = &s->boxes[bi];
		int applies;
		if (b->socket != sock || b->state == UPM_BOX_NOT_ON_PART ||
		    (b->state == UPM_BOX_ABSENT && b->type->optional_from && b->instance >= b->type->optional_from))
			continue; /* not on this part (an EX-only port): not one of the socket's */
		int ok = instance_counted(s, w->counts, w->n_counts, pt, b, &applies);
		if (!applies)
			continue;
		if (!sum && covers(pt, b)) {
			w->of++;
			w->box = w->box ? w->box : b->type->name;
			w->counted += (unsigned)ok;
		}
		if (!ok)
			continue;
		for (unsigned i = 0; i < w->n_counts; i++) {
			const struct upm_count *c = &w->counts[i];
			if (c->socket != sock || c->box != b->type || c->instance != b->instance)
				continue;
			for (unsigned k = 0; k < pt->f.n_specs; k++) {
				if (!count_is(s, c, &pt->specs[k]))
					continue;
				if (sum && w->used && w->n_used < w->max_used &&
				    (w->n_used == 0 || w->used[w->n_used - 1] != i))
					w->used[w->n_used++] = i;
				if (!sum) {
					w->passes |= 1u << (c->pass < 31 ? c->pass : 31);
					if (c->interval_ns > w->window_ns)
						w->window_ns = c->interval_ns;
				} else if (pt->time_cancels && !pt->clock[k]) {
					/* Time cancels: the counts of work combine as counted
					 * (each pass ran the same kernel, or the same seconds),
					 * and only a clock turns into time, through its rate
					 * over its own window (below). Occupancy over inserts
					 * counted in passes of different windows is then the
					 * latency as counted, not skewed by the windows' ratio. */
					w->terms[k] += (double)c->delta;
				} else if (pt->over_time && c->interval_ns && w->window_ns) {
					/* A formula over time or a clock, its parts counted in
					 * passes of different windows: each count is scaled to
					 * the one window SECONDS stands for, so a count over
					 * SECONDS is that count over its own window, and a count
					 * over a clock's cycles is over the cycles of its own
					 * window. A ratio of other counts takes them as counted:
					 * each pass ran the same work. */
					w->terms[k] += (double)c->delta * (double)w->window_ns / (double)c->interval_ns;
				} else {
					w->terms[k] += (double)c->delta;
				}
			}
		}
	}
}

/* A count of an event that reads counter 0 (upm_event_def.reads_counter0: the E5 CBo's
 * COUNTER0_OCCUPANCY) measures whatever queue counter 0 of its box held in its pass: the
 * metric stands only where that was one of its own specs. 0 when, on a box of socket
 * sock, it was another's (two such metrics, or the user's occupancy, in one run) or
 * nothing. */
static int counter0_is_own(const struct upm_session *s, const struct upm_count *counts, unsigned n_counts,
			   const struct upm_metric_parts *pt, unsigned sock)
{
	for (unsigned i = 0; i < n_counts; i++) {
		const struct upm_count *c = &counts[i];
		for (unsigned k = 0; k < pt->f.n_specs && c->socket == sock && c->status == UPM_OK; k++) {
			const struct upm_spec *t = &pt->specs[k];
			if (!t->event || !t->event->reads_counter0 || !count_is(s, c, t))
				continue;
			int own = 0;
			for (unsigned j = 0; j < n_counts && !own; j++) {
				const struct upm_count *d = &counts[j];
				if (d->pass != c->pass || d->socket != sock || d->box != c->box ||
				    d->instance != c->instance || d->counter != 0)
					continue;
				for (unsigned q = 0; q < pt->f.n_specs; q++)
					own |= q != k && count_is(s, d, &pt->specs[q]);
			}
			if (!own)
				return 0;
		}
	}
	return 1;
}

/* A metric's value on one socket; used (when not NULL) gets the indices of the counts it
 * summed, at most max_used, their number in *n_used. */
static void compute_one(const struct upm_session *s, const struct upm_count *counts, unsigned n_counts,
			const struct upm_metric *m, const struct upm_metric_parts *pt, unsigned sock, struct upm_metric_value *out,
			int *have, unsigned *used, unsigned max_used, unsigned *n_used)
{
	struct walk w;
	upm_memset(&w, 0, sizeof w);
	w.counts = counts;
	w.n_counts = n_counts;
	w.used = used;
	w.max_used = max_used;
	*have = 0;
	walk_counts(s, pt, sock, &w, 0);
	if (!w.counted)
		return;
	walk_counts(s, pt, sock, &w, 1);
	if (n_used)
		*n_used = w.n_used;
	*have = 1;
	upm_memset(out, 0, sizeof *out);
	out->metric = m;
	out->socket = sock;
	out->instances = w.counted;
	out->of_instances = w.of;
	out->box = w.box;
	out->passes = w.passes;
	out->window_ns = w.window_ns;
	enum upm_formula_status st = upm_formula_eval(&pt->f, w.terms, (double)w.window_ns / 1e9,
						      (double)upm_os_tsc_hz(), &out->value);
	if (st == UPM_FORMULA_OK && w.window_ns == 0 && pt->f.per_second)
		st = UPM_FORMULA_DIV_ZERO;
	out->valid = st == UPM_FORMULA_OK;
	out->why = out->valid ? NULL : upm_formula_status_text(st);
	if (!counter0_is_own(s, counts, n_counts, pt, sock)) {
		out->valid = 0;
		out->why = "its COUNTER0_OCCUPANCY was counted beside another queue: ask for it in a run of its own";
	}
}

/* Metric k of session s compiled: the session's own parts (compiled once when the
 * metrics were taken: upm_metrics_take), or compiled into pt where the session has none
 * (a session whose metrics were set by hand). NULL when it does not compile. */
static const struct upm_metric_parts *parts_of(const struct upm_session *s, unsigned k, struct upm_metric_parts *pt)
{
	char err[200];
	if (s->metric_parts && k < s->n_metrics)
		return &s->metric_parts[k];
	return pt && compile_parts(s->run->platform, s->metrics[k], pt, err, sizeof err) == 0 ? pt : NULL;
}

/* The index of m among the session's metrics, or n_metrics. */
static unsigned metric_index(const struct upm_session *s, const struct upm_metric *m)
{
	unsigned k = 0;
	while (k < s->n_metrics && s->metrics[k] != m)
		k++;
	return k;
}

/* m's parts in s (parts_of), or m compiled into pt when s does not hold m. */
static const struct upm_metric_parts *parts_of_metric(const struct upm_session *s, const struct upm_metric *m,
						      struct upm_metric_parts *pt)
{
	char err[200];
	unsigned k = metric_index(s, m);
	if (k < s->n_metrics)
		return parts_of(s, k, pt);
	return pt && compile_parts(s->run->platform, m, pt, err, sizeof err) == 0 ? pt : NULL;
}

/* The session's metrics over counts (the session's own, or one sample's). */
static int not_counted_over(const struct upm_session *s, const struct upm_count *counts, unsigned n_counts,
			    const struct upm_metric_parts *pt, unsigned socket)
{
	for (unsigned i = 0; i < n_counts; i++) {
		const struct upm_count *c = &counts[i];
		for (unsigned k = 0; k < pt->f.n_specs && c->socket == socket && c->status != UPM_OK; k++)
			if (count_is(s, c, &pt->specs[k]))
				return c->status;
	}
	return UPM_OK;
}

/* every: a socket where none of a metric's instances was counted gets an entry too,
 * with no value (instances 0) and not_counted. */
static unsigned compute_over(const struct upm_session *s, const struct upm_count *counts, unsigned n_counts,
			     struct upm_metric_value *out, unsigned max, int every)
{
	unsigned n = 0;
	struct upm_metric_parts *scratch = s->metric_parts ? NULL : upm_os_alloc(sizeof *scratch);
	if (!s->metric_parts && !scratch)
		return 0;
	for (unsigned i = 0; i < s->n_metrics; i++) {
		const struct upm_metric *m = s->metrics[i];
		const struct upm_metric_parts *pt = parts_of(s, i, scratch);
		if (!pt)
			continue;
		for (unsigned sock = 0; sock < s->run->n_sockets && n < max; sock++) {
			int have;
			compute_one(s, counts, n_counts, m, pt, sock, &out[n], &have, NULL, 0, NULL);
			if (!have && every) {
				upm_memset(&out[n], 0, sizeof out[n]);
				out[n].metric = m;
				out[n].socket = sock;
				out[n].not_counted = not_counted_over(s, counts, n_counts, pt, sock);
				out[n].why = "not counted";
				have = 1;
			}
			n += (unsigned)have;
		}
	}
	upm_os_free(scratch);
	return n;
}

unsigned upm_metrics_compute(const struct upm_session *s, struct upm_metric_value *out, unsigned max)
{
	return compute_over(s, s->counts, s->n_counts, out, max, 0);
}

/* Why a sample has no value of count c: its flag as the count status a whole run gives
 * the same cause (a count without a value is never a metric's part). */
static int sample_status(const struct upm_count *c, uint8_t flag)
{
	if (!(flag & UPM_SAMPLE_NO_VALUE))
		return c->status;
	if (c->status != UPM_OK)
		return c->status;
	if (flag & UPM_SAMPLE_ALL_ONES)
		return UPM_COUNT_ALL_ONES;
	if (flag & UPM_SAMPLE_DRY_RUN)
		return UPM_COUNT_DRY_RUN;
	if (flag & UPM_SAMPLE_STUCK)
		return UPM_COUNT_STUCK;
	return UPM_COUNT_BOX_FAULT;
}

unsigned upm_metrics_compute_sample(const struct upm_session *s, const uint64_t *values, const uint8_t *flags,
				    uint64_t window_ns, struct upm_metric_value *out, unsigned max)
{
	struct upm_count *counts = s->n_counts ? upm_os_alloc(s->n_counts * sizeof *counts) : NULL;
	if (!counts)
		return 0;
	for (unsigned k = 0; k < s->n_counts; k++) {
		counts[k] = s->counts[k];
		counts[k].delta = values[k];
		counts[k].status = sample_status(&s->counts[k], flags[k]);
		counts[k].interval_ns = window_ns; /* every part of a sample shares its window */
	}
	unsigned n = compute_over(s, counts, s->n_counts, out, max, 1);
	upm_os_free(counts);
	return n;
}

unsigned upm_metric_counts_used(const struct upm_session *s, const struct upm_metric_value *v, unsigned *idx,
				unsigned max)
{
	struct upm_metric_value again;
	unsigned n = 0;
	int have;
	struct upm_metric_parts *scratch = upm_os_alloc(sizeof *scratch);
	const struct upm_metric_parts *pt = parts_of_metric(s, v->metric, scratch);
	if (pt)
		compute_one(s, s->counts, s->n_counts, v->metric, pt, v->socket, &again, &have, idx, max, &n);
	upm_os_free(scratch);
	for (unsigned i = 1; i < n; i++) /* box by box above: put in the counts' order */
		for (unsigned j = i; j > 0 && idx[j - 1] > idx[j]; j--) {
			unsigned t = idx[j];
			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
	return n;
}

int upm_metric_not_counted(const struct upm_session *s, const struct upm_metric *m, unsigned socket)
{
	int status = UPM_OK;
	struct upm_metric_parts *scratch = upm_os_alloc(sizeof *scratch);
	const struct upm_metric_parts *pt = parts_of_metric(s, m, scratch);
	if (pt)
		status = not_counted_over(s, s->counts, s->n_counts, pt, socket);
	upm_os_free(scratch);
	return status;
}

void upm_metric_value_text(const struct upm_metric_value *v, char *buf, unsigned long size, int decimals)
{
	if (v->valid)
		upm_format_double(buf, size, v->value, decimals);
	else
		upm_snprintf(buf, size, "n/a (%s)", v->why ? v->why : "no value");
}

void upm_metric_coverage(const struct upm_metric_value *v, char *buf, unsigned long size)
{
	if (v->instances < v->of_instances)
		upm_snprintf(buf, size, " (%u of %u %s)", v->instances, v->of_instances, v->box ? v->box : "");
	else if (size)
		buf[0] = 0;
}

void upm_metric_passes(const struct upm_metric_value *v, char *buf, unsigned long size)
{
	unsigned used = 0;
	if (size)
		buf[0] = 0;
	for (unsigned p = 0; p < 32; p++) {
		if (!((v->passes >> p) & 1))
			continue;
		char part[16];
		upm_snprintf(part, sizeof part, "%s%u", used ? "+" : "", p);
		upm_strlcpy(buf + upm_strlen(buf), part, size - upm_strlen(buf));
		used = 1;
	}
}

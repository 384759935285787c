#include "core/metrics/metrics.h"
#include "core/base/suggest.h"

const struct upm_metric *upm_metric_find(const struct upm_platform *p, const char *name)
{
	for (unsigned i = 0; p->metrics && i < *p->n_metrics; i++)
		if (upm_strcasecmp(p->metrics[i].name, name) == 0)
			return &p->metrics[i];
	return NULL;
}

int upm_spec_same(const struct upm_spec *a, const struct upm_spec *b)
{
	if (a->box != b->box || a->kind != b->kind || a->ctl != b->ctl || a->free_ctr != b->free_ctr ||
	    a->n_filters != b->n_filters)
		return 0;
	if (a->instance >= 0 && a->instance != b->instance)
		return 0;
	for (unsigned i = 0; i < a->n_filters; i++) {
		int found = 0;
		for (unsigned k = 0; k < b->n_filters; k++)
			found |= a->filters[i].field == b->filters[k].field &&
				 a->filters[i].value == b->filters[k].value;
		if (!found)
			return 0;
	}
	return 1;
}

static int is_rate(const struct upm_metric *m)
{
	return m->denominator == NULL;
}

static int has_den(const struct upm_metric *m)
{
	return m->denominator && upm_strcmp(m->denominator, "none") != 0;
}

/* 1 when spec stands in the comma-joined list as a whole entry. */
static int list_has(const struct upm_buf *list, const char *spec)
{
	size_t n = upm_strlen(spec);
	for (size_t i = 0; list->data && i + n <= list->len; i++) {
		if ((i == 0 || list->data[i - 1] == ',') && upm_strncasecmp(list->data + i, spec, n) == 0 &&
		    (list->data[i + n] == ',' || list->data[i + n] == 0))
			return 1;
	}
	return 0;
}

int upm_metric_specs(const struct upm_platform *p, const char *names, struct upm_buf *list,
		     char *err, unsigned long err_size)
{
	char name[64];
	while (*names) {
		const char *comma = upm_strchr(names, ',');
		size_t n = comma ? (size_t)(comma - names) : upm_strlen(names);
		if (n == 0 || n >= sizeof name) {
			upm_snprintf(err, err_size, "malformed metric list");
			return -1;
		}
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
		const char *parts[2] = { m->numerator, has_den(m) ? m->denominator : NULL };
		for (unsigned k = 0; k < 2 && parts[k]; k++) {
			struct upm_spec sp[UPM_METRIC_MAX_TERMS];
			int t = upm_spec_parse_list(p, parts[k], sp, UPM_METRIC_MAX_TERMS, err, err_size);
			if (t < 0)
				return -1;
			for (int j = 0; j < t; j++) {
				if (list_has(list, sp[j].text))
					continue;
				if (list->len)
					upm_buf_puts(list, ",");
				upm_buf_puts(list, sp[j].text);
			}
		}
		names += n + (comma ? 1 : 0);
	}
	return 0;
}

int upm_metrics_prepare(struct upm_session *s, struct upm_run *r, const char *user_specs,
			const char *metric_names)
{
	struct upm_buf list;
	int n_user = 0, rc = -1;
	upm_buf_init(&list);
	upm_memset(s, 0, sizeof *s);
	if (user_specs && *user_specs) {
		struct upm_spec *tmp = upm_os_alloc(UPM_SESSION_MAX_SPECS * sizeof *tmp);
		if (!tmp) {
			upm_strlcpy(s->error, "out of memory", sizeof s->error);
			return -1;
		}
		n_user = r->platform ? upm_spec_parse_list(r->platform, user_specs, tmp, UPM_SESSION_MAX_SPECS,
							   s->error, sizeof s->error) : 0;
		upm_os_free(tmp);
		if (n_user < 0)
			return -1;
		upm_buf_puts(&list, user_specs);
	}
	const struct upm_metric *wanted[UPM_SESSION_MAX_METRICS];
	unsigned n_wanted = 0;
	if (metric_names && *metric_names && r->platform) {
		struct upm_buf mine;
		upm_buf_init(&mine);
		if (upm_metric_specs(r->platform, metric_names, &mine, s->error, sizeof s->error) < 0) {
			upm_buf_free(&mine);
			goto out;
		}
		/* The metrics themselves, once each, in the order given. */
		for (const char *p = metric_names; *p;) {
			const char *comma = upm_strchr(p, ',');
			size_t n = comma ? (size_t)(comma - p) : upm_strlen(p);
			char name[64];
			upm_memcpy(name, p, n < sizeof name ? n : sizeof name - 1);
			name[n < sizeof name ? n : sizeof name - 1] = 0;
			const struct upm_metric *m = upm_metric_find(r->platform, name);
			int dup = 0;
			for (unsigned k = 0; k < n_wanted; k++)
				dup |= wanted[k] == m;
			if (m && !dup && n_wanted < UPM_SESSION_MAX_METRICS)
				wanted[n_wanted++] = m;
			p += n + (comma ? 1 : 0);
		}
		if (list.len && mine.len)
			upm_buf_puts(&list, ",");
		if (mine.len)
			upm_buf_puts(&list, mine.data);
		upm_buf_free(&mine);
	}
	rc = upm_session_prepare_split(s, r, list.data ? list.data : "", (unsigned)n_user);
	if (rc == 0) {
		for (unsigned k = 0; k < n_wanted; k++)
			s->metrics[k] = wanted[k];
		s->n_metrics = n_wanted;
	}
out:
	upm_buf_free(&list);
	return rc;
}

/* A metric's parts on one socket. */
struct parts {
	const struct upm_spec *terms[2 * UPM_METRIC_MAX_TERMS];
	unsigned n_num, n;
};

/* 1 when count c belongs to the metric (one of its own specs, as the term says). */
static int count_is(const struct upm_session *s, const struct upm_count *c, const struct upm_spec *term)
{
	if (c->spec < s->metric_specs_from)
		return 0; /* the user's: never a metric's */
	struct upm_spec inst = s->specs[c->spec];
	inst.instance = (int)c->instance;
	return upm_spec_same(term, &inst);
}

/* Whether every term that applies to box instance b was counted on it and can be
 * trusted; *applies gets whether any term applies. */
static int instance_counted(const struct upm_session *s, const struct parts *pt, const struct upm_box_inst *b,
			    int *applies)
{
	int ok = 1;
	*applies = 0;
	for (unsigned k = 0; k < pt->n; k++) {
		const struct upm_spec *t = pt->terms[k];
		if (t->box != b->type || (t->instance >= 0 && (unsigned)t->instance != b->instance))
			continue;
		*applies = 1;
		int got = 0;
		for (unsigned i = 0; i < s->n_counts; i++) {
			const struct upm_count *c = &s->counts[i];
			if (c->socket == b->socket && c->box == b->type && c->instance == b->instance &&
			    count_is(s, c, t))
				got |= c->status == UPM_OK ? 1 : 2;
		}
		ok &= got == 1 && b->state == UPM_BOX_OK;
	}
	return ok;
}

/* A metric's value on one socket; used (when not NULL) gets the indices of the counts it
 * summed, at most max_used, their number in *n_used. */
static void compute_one(const struct upm_session *s, const struct upm_metric *m, const struct parts *pt,
			unsigned sock, struct upm_metric_value *out, int *have, unsigned *used,
			unsigned max_used, unsigned *n_used)
{
	double num = 0, den = 0, rate = 0;
	unsigned counted = 0, of = 0, passes = 0;
	const char *box = NULL;
	*have = 0;
	for (unsigned bi = 0; bi < s->n_boxes; bi++) {
		const struct upm_box_inst *b = &s->boxes[bi];
		int applies;
		if (b->socket != sock)
			continue;
		int ok = instance_counted(s, pt, b, &applies);
		if (!applies)
			continue;
		of++;
		box = box ? box : b->type->name;
		if (!ok)
			continue;
		counted++;
		for (unsigned i = 0; i < s->n_counts; i++) {
			const struct upm_count *c = &s->counts[i];
			if (c->socket != sock || c->box != b->type || c->instance != b->instance)
				continue;
			for (unsigned k = 0; k < pt->n; k++) {
				if (!count_is(s, c, pt->terms[k]))
					continue;
				passes |= 1u << (c->pass < 31 ? c->pass : 31);
				if (used && *n_used < max_used && (*n_used == 0 || used[*n_used - 1] != i))
					used[(*n_used)++] = i;
				if (k < pt->n_num) {
					num += (double)c->delta;
					/* A rate sums each part over its own window: parts counted in
					 * different passes each ran a window of their own. */
					if (c->interval_ns)
						rate += (double)c->delta * 1e9 / (double)c->interval_ns;
				} else {
					den += (double)c->delta;
				}
			}
		}
	}
	if (!counted)
		return;
	*have = 1;
	out->metric = m;
	out->socket = sock;
	out->instances = counted;
	out->of_instances = of;
	out->box = box;
	out->passes = passes;
	if (is_rate(m)) {
		out->valid = 1;
		out->value = m->scale * rate;
	} else {
		double b = has_den(m) ? den : 1;
		out->valid = b != 0;
		out->value = b != 0 ? m->scale * num / b : 0;
	}
}

/* The metric's terms parsed into pt (sp: room for 2 x UPM_METRIC_MAX_TERMS specs). */
static int metric_parts(const struct upm_platform *p, const struct upm_metric *m, struct upm_spec *sp,
			struct parts *pt)
{
	char err[200];
	int n_num = upm_spec_parse_list(p, m->numerator, sp, UPM_METRIC_MAX_TERMS, err, sizeof err);
	int n_den = has_den(m) ? upm_spec_parse_list(p, m->denominator, sp + UPM_METRIC_MAX_TERMS,
						     UPM_METRIC_MAX_TERMS, err, sizeof err) : 0;
	if (n_num <= 0 || n_den < 0)
		return -1;
	pt->n_num = (unsigned)n_num;
	pt->n = 0;
	for (int k = 0; k < n_num; k++)
		pt->terms[pt->n++] = &sp[k];
	for (int k = 0; k < n_den; k++)
		pt->terms[pt->n++] = &sp[UPM_METRIC_MAX_TERMS + k];
	return 0;
}

unsigned upm_metrics_compute(const struct upm_session *s, struct upm_metric_value *out, unsigned max)
{
	const struct upm_platform *p = s->run->platform;
	unsigned n = 0;
	struct upm_spec *sp = upm_os_alloc(2 * UPM_METRIC_MAX_TERMS * sizeof *sp);
	if (!sp)
		return 0;
	for (unsigned i = 0; i < s->n_metrics; i++) {
		struct parts pt;
		if (metric_parts(p, s->metrics[i], sp, &pt) < 0)
			continue;
		for (unsigned sock = 0; sock < s->run->n_sockets && n < max; sock++) {
			int have;
			compute_one(s, s->metrics[i], &pt, sock, &out[n], &have, NULL, 0, NULL);
			n += (unsigned)have;
		}
	}
	upm_os_free(sp);
	return n;
}

unsigned upm_metric_counts_used(const struct upm_session *s, const struct upm_metric_value *v, unsigned *idx,
				unsigned max)
{
	struct upm_metric_value again;
	unsigned n = 0;
	int have;
	struct parts pt;
	struct upm_spec *sp = upm_os_alloc(2 * UPM_METRIC_MAX_TERMS * sizeof *sp);
	if (!sp)
		return 0;
	if (metric_parts(s->run->platform, v->metric, sp, &pt) == 0)
		compute_one(s, v->metric, &pt, v->socket, &again, &have, idx, max, &n);
	upm_os_free(sp);
	for (unsigned i = 1; i < n; i++) /* box by box above: put in the counts' order */
		for (unsigned j = i; j > 0 && idx[j - 1] > idx[j]; j--) {
			unsigned t = idx[j];
			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
	return n;
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

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

/* Sum of the deltas of counts matching any of the n terms on a socket; *ns gets their
 * interval. 1 only when every term was counted. */
static int sum_of(const struct upm_session *s, const struct upm_spec *terms, unsigned n, unsigned socket,
		  double *sum, uint64_t *ns)
{
	unsigned found = 0;
	*sum = 0;
	for (unsigned k = 0; k < n; k++) {
		int this_one = 0;
		for (unsigned i = 0; i < s->n_counts; i++) {
			const struct upm_count *c = &s->counts[i];
			if (c->socket != socket || c->status != UPM_OK)
				continue;
			struct upm_spec inst = s->specs[c->spec];
			inst.instance = (int)c->instance;
			if (!upm_spec_same(&terms[k], &inst))
				continue;
			*sum += (double)c->delta;
			*ns = c->interval_ns;
			this_one = 1;
		}
		found += (unsigned)this_one;
	}
	return n && found == n;
}

unsigned upm_metrics_compute(const struct upm_session *s, struct upm_metric_value *out, unsigned max)
{
	const struct upm_platform *p = s->run->platform;
	unsigned n = 0;
	char err[200];
	for (unsigned i = 0; p->metrics && i < *p->n_metrics; i++) {
		const struct upm_metric *m = &p->metrics[i];
		struct upm_spec num[UPM_METRIC_MAX_TERMS], den[UPM_METRIC_MAX_TERMS];
		int n_num = upm_spec_parse_list(p, m->numerator, num, UPM_METRIC_MAX_TERMS, err, sizeof err);
		int n_den = has_den(m) ? upm_spec_parse_list(p, m->denominator, den, UPM_METRIC_MAX_TERMS, err,
							     sizeof err) : 0;
		if (n_num <= 0 || n_den < 0)
			continue;
		for (unsigned sock = 0; sock < s->run->n_sockets && n < max; sock++) {
			double a, b = 1;
			uint64_t ns = 0, ns2 = 0;
			if (!sum_of(s, num, (unsigned)n_num, sock, &a, &ns))
				continue;
			if (has_den(m) && !sum_of(s, den, (unsigned)n_den, sock, &b, &ns2))
				continue;
			if (is_rate(m))
				b = (double)ns / 1e9;
			out[n].metric = m;
			out[n].socket = sock;
			out[n].valid = b != 0;
			out[n].value = b != 0 ? m->scale * a / b : 0;
			n++;
		}
	}
	return n;
}

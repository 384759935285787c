/* Filling the results record (record.h) from a run's session: counts, boxes, metrics
 * with the counts they used, safety facts; and the totals per socket and system. The
 * kernel runs' part is record_kernel.c. */
#include "core/results/record.h"
#include "platform/base/exit.h"
#include "core/results/record_fill.h"
#include "core/results/results.h"

#define MAX_METRIC_VALUES 256

/* Grows an array of elements of size `size` to hold one more; 0, or -1 (then oom is set). */
int upm_record_grow(struct upm_record *rec, void **items, unsigned n, unsigned *cap, size_t size)
{
	if (n < *cap)
		return 0;
	unsigned want = *cap ? *cap * 2 : 64;
	void *more = upm_os_alloc((size_t)want * size);
	if (!more) {
		rec->out_of_memory = 1;
		return -1;
	}
	if (*items)
		upm_memcpy(more, *items, (size_t)n * size);
	upm_os_free(*items);
	*items = more;
	*cap = want;
	return 0;
}

void upm_record_init(struct upm_record *rec, struct upm_run *r, const char *command)
{
	upm_memset(rec, 0, sizeof *rec);
	rec->run = r;
	rec->command = command;
	rec->platform = r->platform ? r->platform->name : NULL;
	rec->backend = upm_ident_backend(r);
	rec->mock_faults = upm_ident_mock_faults(r);
	rec->dry_run = r->opts.dry_run;
	rec->sockets = r->n_sockets;
	rec->tsc_hz = upm_os_tsc_hz();
}

static void counter_name(const struct upm_count *c, char *buf, unsigned long size)
{
	if (c->counter >= 0)
		upm_snprintf(buf, size, "ctr%d", c->counter);
	else
		upm_strlcpy(buf, c->counter == -1 ? "fixed" : "free", size);
}

/* Count i of session s into the record, for kernel (-1: none); bc is its baseline's count
 * (NULL: none). Returns its index in the record, or -1 when it could not be kept. */
int upm_record_add_count(struct upm_record *rec, const struct upm_session *s, unsigned i, int kernel,
			 const struct upm_count *bc, int with_baseline)
{
	if (upm_record_grow(rec, (void **)&rec->counts, rec->n_counts, &rec->cap_counts, sizeof *rec->counts) < 0)
		return -1;
	const struct upm_count *c = &s->counts[i];
	const struct upm_spec *sp = &s->specs[c->spec];
	struct upm_record_count *k = &rec->counts[rec->n_counts];
	upm_memset(k, 0, sizeof *k);
	k->socket = c->socket;
	k->instance = c->instance;
	k->pass = c->pass;
	k->box = c->box->name;
	counter_name(c, k->counter, sizeof k->counter);
	k->spec = c->spec;
	upm_strlcpy(k->spec_text, sp->text, sizeof k->spec_text);
	upm_strlcpy(k->event, sp->name, sizeof k->event);
	upm_spec_label(sp, k->label, sizeof k->label);
	upm_count_encoding(s, c, k->code, sizeof k->code, k->umask, sizeof k->umask);
	k->ctl = sp->ctl;
	for (unsigned f = 0; f < sp->n_filters && f < UPM_SPEC_MAX_FILTERS; f++) {
		k->filters[f].term = sp->filters[f].field->term;
		k->filters[f].value = sp->filters[f].value;
	}
	k->n_filters = sp->n_filters < UPM_SPEC_MAX_FILTERS ? sp->n_filters : UPM_SPEC_MAX_FILTERS;
	k->raw = c->end;
	k->delta = c->delta;
	k->status = c->status;
	/* Statuses of counters that were read (the others' raw is no reading). */
	k->was_read = c->status == UPM_OK || c->status == UPM_COUNT_ALL_ONES || c->status == UPM_COUNT_STUCK ||
		      c->status == UPM_COUNT_DRY_RUN;
	k->status_name = upm_count_status_name(c->status);
	k->window_ns = c->interval_ns;
	k->overflowed = c->overflowed;
	k->for_metrics = sp->engine;
	k->is_clock = (uint8_t)upm_spec_counts_clock(sp);
	k->mhz = c->interval_ns ? (double)c->delta * 1e3 / (double)c->interval_ns : 0;
	k->kernel = kernel;
	if (with_baseline && !k->is_clock) {
		k->has_baseline = 1;
		/* No baseline after an abort, or where its count failed: none is said, not 0. */
		k->baseline_valid = bc && bc->status == UPM_OK && c->status == UPM_OK; /* of a count, or none */
		k->baseline = k->baseline_valid ? bc->delta : 0;
		k->net = (int64_t)(c->delta - k->baseline);
	} else {
		k->net = (int64_t)c->delta;
	}
	return (int)rec->n_counts++;
}

void upm_record_add_boxes(struct upm_record *rec, const struct upm_session *s)
{
	if (rec->boxes || !s->n_boxes)
		return; /* the first session's: every session of a run finds the same */
	rec->boxes = upm_os_alloc((size_t)s->n_boxes * sizeof *rec->boxes);
	if (!rec->boxes) {
		rec->out_of_memory = 1;
		return;
	}
	for (unsigned i = 0; i < s->n_boxes; i++) {
		const struct upm_box_inst *b = &s->boxes[i];
		struct upm_record_box *x = &rec->boxes[i];
		x->socket = b->socket;
		x->instance = b->instance;
		x->box = b->type->name;
		x->state = upm_box_state_name(b->state);
		upm_strlcpy(x->why, b->why, sizeof x->why);
		x->ok = b->state == UPM_BOX_OK;
		x->not_replayed = (uint8_t)b->not_replayed;
	}
	rec->n_boxes = s->n_boxes;
}

void upm_record_add_safety(struct upm_record *rec, const struct upm_session *s)
{
	struct upm_unrestored u;
	if (s->aborted && !rec->aborted) {
		rec->aborted = 1;
		rec->aborted_pass = s->aborted_pass;
	}
	for (unsigned sock = 0; sock < UPM_MAX_SOCKETS; sock++)
		rec->socket_skipped[sock] |= s->socket_lost[sock];
	for (unsigned i = 0; upm_session_unrestored(s, i, &u) == 0; i++) {
		struct upm_unrestored *more = upm_os_alloc((size_t)(rec->n_unrestored + 1) * sizeof *more);
		if (!more) {
			rec->out_of_memory = 1;
			return;
		}
		if (rec->unrestored)
			upm_memcpy(more, rec->unrestored, (size_t)rec->n_unrestored * sizeof *more);
		upm_os_free(rec->unrestored);
		rec->unrestored = more;
		rec->unrestored[rec->n_unrestored++] = u;
	}
}

struct upm_record_metric *upm_record_add_metric(struct upm_record *rec, const struct upm_session *s,
						const struct upm_metric_value *v, int kernel, int pass,
						const int *index_of)
{
	if (upm_record_grow(rec, (void **)&rec->metrics, rec->n_metrics, &rec->cap_metrics, sizeof *rec->metrics) < 0)
		return NULL;
	struct upm_record_metric *m = &rec->metrics[rec->n_metrics++];
	upm_memset(m, 0, sizeof *m);
	m->kernel = kernel;
	m->pass = pass;
	m->socket = v->socket;
	m->name = v->metric->name;
	m->unit = v->metric->unit;
	m->reported = 1;
	m->value = v->value;
	m->valid = v->valid;
	m->why = v->valid ? NULL : v->why;
	m->instances = v->instances;
	m->of_instances = v->of_instances;
	m->box = v->box;
	if (v->instances < v->of_instances)
		upm_snprintf(m->coverage, sizeof m->coverage, "%u of %u %s", v->instances, v->of_instances,
			     v->box ? v->box : "");
	upm_metric_passes(v, m->passes, sizeof m->passes);
	m->window_ns = v->window_ns;
	unsigned *used = s->n_counts ? upm_os_alloc((size_t)s->n_counts * sizeof *used) : NULL;
	unsigned n = used ? upm_metric_counts_used(s, v, used, s->n_counts) : 0;
	unsigned kept = 0;
	for (unsigned i = 0; i < n; i++) /* the session's indices to the record's */
		if (index_of[used[i]] >= 0)
			used[kept++] = (unsigned)index_of[used[i]];
	m->counts = used;
	m->n_counts = kept;
	if (!used && s->n_counts)
		rec->out_of_memory = 1;
	return m;
}

/* Metrics asked for on a socket where none of their boxes was counted: said, not left
 * out silently. */
void upm_record_add_unreported(struct upm_record *rec, const struct upm_session *s, int kernel,
			       unsigned first_metric)
{
	for (unsigned k = 0; k < s->n_metrics; k++)
		for (unsigned sock = 0; sock < rec->sockets; sock++) {
			int found = 0;
			for (unsigned i = first_metric; i < rec->n_metrics; i++)
				found |= rec->metrics[i].name == s->metrics[k]->name && rec->metrics[i].socket == sock &&
					 rec->metrics[i].pass < 0;
			if (found || upm_record_grow(rec, (void **)&rec->metrics, rec->n_metrics, &rec->cap_metrics,
						     sizeof *rec->metrics) < 0)
				continue;
			struct upm_record_metric *m = &rec->metrics[rec->n_metrics++];
			upm_memset(m, 0, sizeof *m);
			m->kernel = kernel;
			m->pass = -1;
			m->socket = sock;
			m->name = s->metrics[k]->name;
			m->unit = s->metrics[k]->unit;
			/* Why, as its own counts there say (a dry run, a stuck clock, a fault). */
			int why = upm_metric_not_counted(s, s->metrics[k], sock);
			m->not_counted = why != UPM_OK ? upm_count_status_name(why) : NULL;
		}
}

void upm_record_add_session(struct upm_record *rec, const struct upm_session *s)
{
	int *index_of = s->n_counts ? upm_os_alloc((size_t)s->n_counts * sizeof *index_of) : NULL;
	rec->n_passes = s->n_passes;
	upm_record_add_boxes(rec, s);
	for (unsigned p = 0; p < s->n_passes && p < UPM_MAX_PASSES; p++)
		for (unsigned i = 0; i < s->n_counts; i++)
			if (s->counts[i].pass == p && s->counts[i].interval_ns)
				rec->pass_ns[p] = s->counts[i].interval_ns;
	for (unsigned i = 0; i < s->n_counts; i++) {
		int at = upm_record_add_count(rec, s, i, -1, NULL, 0);
		if (index_of)
			index_of[i] = at;
	}
	struct upm_metric_value *mv = s->n_metrics ? upm_os_alloc(MAX_METRIC_VALUES * sizeof *mv) : NULL;
	unsigned n = mv && index_of ? upm_metrics_compute(s, mv, MAX_METRIC_VALUES) : 0;
	unsigned first = rec->n_metrics;
	for (unsigned i = 0; i < n; i++)
		upm_record_add_metric(rec, s, &mv[i], -1, -1, index_of);
	upm_record_add_unreported(rec, s, -1, first);
	if ((s->n_metrics && !mv) || (s->n_counts && !index_of))
		rec->out_of_memory = 1;
	upm_os_free(mv);
	upm_os_free(index_of);
	upm_record_add_safety(rec, s);
}

static int same_spec(const struct upm_record_count *a, const struct upm_record_count *b)
{
	return a->kernel == b->kernel && a->spec == b->spec && a->box == b->box && upm_strcmp(a->label, b->label) == 0;
}

static struct upm_record_total *new_total(struct upm_record *rec, unsigned k, int socket)
{
	if (upm_record_grow(rec, (void **)&rec->totals, rec->n_totals, &rec->cap_totals, sizeof *rec->totals) < 0)
		return NULL;
	struct upm_record_total *x = &rec->totals[rec->n_totals++];
	upm_memset(x, 0, sizeof *x);
	x->kernel = rec->counts[k].kernel;
	x->socket = socket;
	x->first = k;
	x->has_baseline = rec->counts[k].has_baseline;
	x->is_clock = rec->counts[k].is_clock;
	return x;
}

/* Whether count k is the first of its spec that comes, in the order kernel, spec: the
 * totals follow that order (the specs as given), each socket's and then the system's. */
static int first_of_spec(const struct upm_record *rec, unsigned k)
{
	for (unsigned j = 0; j < k; j++)
		if (same_spec(&rec->counts[j], &rec->counts[k]))
			return 0;
	return 1;
}

void upm_record_finish(struct upm_record *rec)
{
	/* A replay that diverged read nothing of its recording after that access: failed,
	 * whatever the counts say (the caller's status becomes the same, core/commands/app.c). */
	if (upm_ident_replay_divergence(rec->run))
		rec->exit_status = UPM_EXIT_FAIL;
	rec->n_totals = 0;
	int kernel_max = (int)rec->n_kernels;
	for (int kernel = -1; kernel <= kernel_max; kernel++)
		for (unsigned spec = 0; spec < UPM_SESSION_MAX_SPECS; spec++)
			for (unsigned k = 0; k < rec->n_counts; k++) {
				const struct upm_record_count *f = &rec->counts[k];
				if (f->kernel != kernel || f->spec != spec || !first_of_spec(rec, k))
					continue;
				for (unsigned sock = 0; sock <= rec->sockets; sock++) {
					int socket = sock < rec->sockets ? (int)sock : -1;
					struct upm_record_total *x = NULL;
					for (unsigned i = k; i < rec->n_counts; i++) {
						const struct upm_record_count *c = &rec->counts[i];
						if (!same_spec(c, f) || (socket >= 0 && c->socket != (unsigned)socket))
							continue;
						if (c->status == UPM_COUNT_NOT_ON_PART)
							continue; /* no instance of this part: not one missing */
						if (!x && !(x = new_total(rec, k, socket)))
							return;
						x->of_instances++;
						if (c->status != UPM_OK) {
							if (!x->not_counted) /* what a total of none says */
								x->not_counted = c->status_name;
							continue;
						}
						x->instances++;
						x->sum += c->delta;
						if (c->baseline_valid) {
							x->baseline_instances++;
							x->baseline_sum += c->baseline;
							x->net_sum += c->net;
						}
						x->mhz += c->mhz; /* summed here, a mean below */
					}
				}
			}
	for (unsigned t = 0; t < rec->n_totals; t++)
		if (rec->totals[t].instances)
			rec->totals[t].mhz /= (double)rec->totals[t].instances;
}

void upm_record_free(struct upm_record *rec)
{
	for (unsigned i = 0; i < rec->n_metrics; i++)
		upm_os_free(rec->metrics[i].counts);
	upm_os_free(rec->counts);
	upm_os_free(rec->totals);
	upm_os_free(rec->metrics);
	upm_os_free(rec->boxes);
	upm_os_free(rec->kernel_runs);
	upm_os_free(rec->unrestored);
	upm_os_free(rec->sample_metrics);
	upm_memset(rec, 0, sizeof *rec);
}

/* Filling the results record (record.h) from one kernel of `run --kernel`: its passes'
 * accounting, its counts with and without the idle baseline, its metrics over the whole
 * run and, per pass, over the counts as measured, the baseline's, the net ones, and the
 * net as a rate over the kernel's own timed seconds. */
#include "core/results/record_fill.h"
#include "core/results/results_kernel.h"

#define MAX_METRIC_VALUES 256

/* A view of session s holding only pass p's counts (from[] gets each one's index in s),
 * their deltas replaced by the net (baseline subtracted, at least 0; clocks are rates and
 * stay; a count without a baseline counted is not counted) when base is given, or by the baseline's when baseline_only, and their window by
 * interval_ns when non-zero. NULL when out of memory. */
static struct upm_session *view(const struct upm_session *s, const struct upm_session *base, unsigned pass,
				uint64_t interval_ns, int baseline_only, unsigned *from)
{
	struct upm_session *v = upm_os_alloc(sizeof *v);
	struct upm_count *c = upm_os_alloc((size_t)s->n_counts * sizeof *c + 1);
	if (!v || !c) {
		upm_os_free(v);
		upm_os_free(c);
		return NULL;
	}
	*v = *s;
	v->counts = c;
	v->n_counts = 0;
	for (unsigned i = 0; i < s->n_counts; i++) {
		if (s->counts[i].pass != pass)
			continue;
		const struct upm_count *bc = base && base->n_counts ? upm_baseline_of(s, base, i) : NULL;
		struct upm_count x = s->counts[i];
		if (baseline_only) {
			if (!bc)
				continue;
			x = *bc;
		} else if (base && !upm_spec_counts_clock(&s->specs[x.spec])) {
			if (!bc || bc->status != UPM_OK) /* no baseline (an abort, a failed count): no net */
				x.status = UPM_ENOTFOUND;
			else
				x.delta = x.delta > bc->delta ? x.delta - bc->delta : 0;
		}
		if (interval_ns)
			x.interval_ns = interval_ns;
		if (from)
			from[v->n_counts] = i;
		c[v->n_counts++] = x;
	}
	return v;
}

static void drop(struct upm_session *v)
{
	if (v) {
		upm_os_free(v->counts);
		upm_os_free(v);
	}
}

static const struct upm_metric_value *find_value(const struct upm_metric_value *vals, unsigned n,
						 const struct upm_metric_value *like)
{
	for (unsigned i = 0; i < n; i++)
		if (vals[i].metric == like->metric && vals[i].socket == like->socket)
			return &vals[i];
	return NULL;
}

/* Whether metric value v of kernel is one pass p alone can give: its whole-run value
 * (added before the passes') took its counts from that pass only. One whose counts are in
 * several passes (a ratio of events counted apart) has no value per pass: within one its
 * other part is missing, which would read as a division by zero over part of the boxes. */
static int of_one_pass(const struct upm_record *rec, int kernel, const struct upm_metric_value *v, unsigned p)
{
	char want[16];
	upm_snprintf(want, sizeof want, "%u", p);
	for (unsigned i = 0; i < rec->n_metrics; i++) {
		const struct upm_record_metric *m = &rec->metrics[i];
		if (m->kernel == kernel && m->pass < 0 && m->name == v->metric->name && m->socket == v->socket)
			return !m->reported || upm_strcmp(m->passes, want) == 0;
	}
	return 1;
}

/* Pass p's metrics: as measured, the baseline's, net, net per kernel second. index_of
 * maps s's count indices to the record's. */
static void pass_metrics(struct upm_record *rec, const struct upm_session *s, const struct upm_session *base,
			 unsigned pass, const struct upm_workload_result *res, int kernel, const int *index_of)
{
	unsigned *from = upm_os_alloc((size_t)s->n_counts * sizeof *from + 1);
	int *view_index = upm_os_alloc((size_t)s->n_counts * sizeof *view_index + 1);
	struct upm_session *raw = view(s, NULL, pass, 0, 0, from);
	struct upm_session *bl = view(s, base, pass, 0, 1, NULL);
	struct upm_session *net = view(s, base, pass, 0, 0, NULL);
	struct upm_session *net_k = view(s, base, pass, res->total.ns ? res->total.ns : 1, 0, NULL);
	struct upm_metric_value *v = upm_os_alloc(4 * MAX_METRIC_VALUES * sizeof *v);
	if (raw && bl && net && net_k && v && from && view_index) {
		struct upm_metric_value *vb = v + MAX_METRIC_VALUES, *vn = vb + MAX_METRIC_VALUES,
					*vk = vn + MAX_METRIC_VALUES;
		unsigned n = upm_metrics_compute(raw, v, MAX_METRIC_VALUES);
		unsigned nb = upm_metrics_compute(bl, vb, MAX_METRIC_VALUES);
		unsigned nn = upm_metrics_compute(net, vn, MAX_METRIC_VALUES);
		unsigned nk = upm_metrics_compute(net_k, vk, MAX_METRIC_VALUES);
		for (unsigned i = 0; i < raw->n_counts; i++)
			view_index[i] = index_of[from[i]];
		for (unsigned i = 0; i < n; i++) {
			if (!of_one_pass(rec, kernel, &v[i], pass))
				continue;
			struct upm_record_metric *m = upm_record_add_metric(rec, raw, &v[i], kernel, (int)pass, view_index);
			if (!m)
				break;
			const struct upm_metric_value *b = find_value(vb, nb, &v[i]);
			const struct upm_metric_value *x = find_value(vn, nn, &v[i]);
			const struct upm_metric_value *k = find_value(vk, nk, &v[i]);
			m->has_net = 1;
			m->baseline = b ? b->value : 0;
			m->baseline_valid = b && b->valid;
			m->net = x ? x->value : 0;
			m->net_valid = x && x->valid;
			/* A rate over the kernel's own timed seconds rather than the counter window:
			 * comparable with the kernel's bandwidth. Ratios have none. */
			m->net_per_kernel_second = k ? k->value : 0;
			m->per_kernel_second_valid = upm_metric_per_second(s->run->platform, v[i].metric) && k && k->valid;
		}
	} else {
		rec->out_of_memory = 1;
	}
	upm_os_free(v);
	upm_os_free(from);
	upm_os_free(view_index);
	drop(raw);
	drop(bl);
	drop(net);
	drop(net_k);
}

static void add_run(struct upm_record *rec, unsigned kernel, unsigned pass, const struct upm_workload_result *res,
		    uint64_t baseline_ns)
{
	if (upm_record_grow(rec, (void **)&rec->kernel_runs, rec->n_kernel_runs, &rec->cap_kernel_runs,
			    sizeof *rec->kernel_runs) < 0)
		return;
	struct upm_record_kernel_run *k = &rec->kernel_runs[rec->n_kernel_runs++];
	upm_memset(k, 0, sizeof *k);
	k->kernel = kernel;
	k->pass = pass;
	k->res = *res;
	k->baseline_ns = baseline_ns;
	uint64_t rd = 0, wr = 0;
	for (unsigned sk = 0; sk < res->n_sockets && sk < UPM_MAX_SOCKETS; sk++) {
		rd += res->per_socket[sk].lines_read;
		wr += res->per_socket[sk].lines_written;
	}
	k->memory_read_bytes = rd * UPM_KERNEL_LINE;
	k->memory_written_bytes = wr * UPM_KERNEL_LINE;
	k->rates_valid = res->seconds > 0;
	if (k->rates_valid) {
		k->memory_read_gbps = (double)k->memory_read_bytes / res->seconds / 1e9;
		k->memory_write_gbps = (double)k->memory_written_bytes / res->seconds / 1e9;
	}
}

void upm_record_kernel_describe(struct upm_record_kernel *k, const struct upm_workload_info *info, unsigned n_passes)
{
	upm_memset(k, 0, sizeof *k);
	upm_strlcpy(k->name, info->kernel ? info->kernel : "", sizeof k->name);
	k->threads = info->threads;
	k->socket_mask = info->socket_mask;
	k->memory_socket = info->memory_socket;
	k->placed = info->placed;
	k->size_bytes = info->size_bytes;
	k->iterations = info->iterations;
	k->n_passes = n_passes;
}

void upm_record_add_kernel(struct upm_record *rec, const struct upm_session *s, const struct upm_session *base,
			   const struct upm_workload_info *info, const struct upm_workload_result *res,
			   const uint64_t *baseline_ns)
{
	if (rec->n_kernels >= UPM_RECORD_MAX_KERNELS) {
		rec->out_of_memory = 1;
		return;
	}
	int kernel = (int)rec->n_kernels;
	upm_record_kernel_describe(&rec->kernels[rec->n_kernels++], info, s->n_passes);
	if (s->n_passes > rec->n_passes)
		rec->n_passes = s->n_passes;
	upm_record_add_boxes(rec, s);

	int *index_of = upm_os_alloc((size_t)s->n_counts * sizeof *index_of + 1);
	if (!index_of) {
		rec->out_of_memory = 1;
		return;
	}
	for (unsigned i = 0; i < s->n_counts; i++)
		index_of[i] = upm_record_add_count(rec, s, i, kernel, base->n_counts ? upm_baseline_of(s, base, i) : NULL, 1);
	for (unsigned p = 0; p < s->n_passes && p < UPM_MAX_PASSES; p++) {
		if (!res[p].threads)
			continue; /* not run: aborted before it */
		add_run(rec, (unsigned)kernel, p, &res[p], baseline_ns[p]);
	}
	/* Over the kernel's whole run: parts counted in different passes combine, each pass
	 * having run the same kernel. As measured (clocks are rates; the passes have the net). */
	struct upm_metric_value *mv = s->n_metrics ? upm_os_alloc(MAX_METRIC_VALUES * sizeof *mv) : NULL;
	unsigned n = mv ? upm_metrics_compute(s, mv, MAX_METRIC_VALUES) : 0;
	unsigned first = rec->n_metrics;
	for (unsigned i = 0; i < n; i++)
		upm_record_add_metric(rec, s, &mv[i], kernel, -1, index_of);
	upm_record_add_unreported(rec, s, kernel, first);
	upm_os_free(mv);
	for (unsigned p = 0; p < s->n_passes && p < UPM_MAX_PASSES; p++)
		if (res[p].threads)
			pass_metrics(rec, s, base, p, &res[p], kernel, index_of);
	upm_os_free(index_of);
	upm_record_add_safety(rec, s);
	if (base->n_counts)
		upm_record_add_safety(rec, base);
}

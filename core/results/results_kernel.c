/* results.json's entry for one kernel run: the kernel's own accounting, what was fed to
 * the backend, and the counts and metrics with and without the idle baseline. */
#include "core/results/results_kernel.h"
#include "core/results/results.h"

#define MAX_METRIC_VALUES 256

static void num(struct upm_buf *out, const char *name, double v, int decimals, int valid)
{
	char text[48];
	upm_format_double(text, sizeof text, v, decimals);
	upm_buf_printf(out, ", \"%s\": %s", name, valid ? text : "null");
}

static void u64(struct upm_buf *out, const char *name, uint64_t v)
{
	upm_buf_printf(out, ", \"%s\": %llu", name, (unsigned long long)v);
}

/* A view of session s holding only pass p's counts, their deltas replaced by the net
 * (baseline subtracted, at least 0) when base is given, and their interval by
 * interval_ns when non-zero. NULL when out of memory. */
static struct upm_session *view(const struct upm_session *s, const struct upm_session *base,
				unsigned pass, uint64_t interval_ns, int baseline_only)
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
		const struct upm_count *bc = base ? upm_baseline_of(s, base, i) : NULL;
		struct upm_count x = s->counts[i];
		if (baseline_only) {
			if (!bc)
				continue;
			x = *bc;
		} else if (base && !upm_spec_counts_clock(&s->specs[x.spec])) { /* clocks: rates */
			uint64_t bd = bc ? bc->delta : 0;
			x.delta = x.delta > bd ? x.delta - bd : 0;
		}
		if (interval_ns)
			x.interval_ns = interval_ns;
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

static void metrics_json(const struct upm_session *s, const struct upm_session *base, unsigned pass,
			 const struct upm_workload_result *res, struct upm_buf *out)
{
	struct upm_session *raw = view(s, NULL, pass, 0, 0);
	struct upm_session *bl = view(s, base, pass, 0, 1);
	struct upm_session *net = view(s, base, pass, 0, 0);
	struct upm_session *net_k = view(s, base, pass, res->total.ns ? res->total.ns : 1, 0);
	struct upm_metric_value *v = upm_os_alloc(4 * MAX_METRIC_VALUES * sizeof *v);
	upm_buf_puts(out, ", \"metrics\": [");
	if (raw && bl && net && net_k && v) {
		struct upm_metric_value *vb = v + MAX_METRIC_VALUES, *vn = vb + MAX_METRIC_VALUES,
					*vk = vn + MAX_METRIC_VALUES;
		unsigned n = upm_metrics_compute(raw, v, MAX_METRIC_VALUES);
		unsigned nb = upm_metrics_compute(bl, vb, MAX_METRIC_VALUES);
		unsigned nn = upm_metrics_compute(net, vn, MAX_METRIC_VALUES);
		unsigned nk = upm_metrics_compute(net_k, vk, MAX_METRIC_VALUES);
		for (unsigned i = 0; i < n; i++) {
			const struct upm_metric_value *b = find_value(vb, nb, &v[i]);
			const struct upm_metric_value *x = find_value(vn, nn, &v[i]);
			const struct upm_metric_value *k = find_value(vk, nk, &v[i]);
			upm_buf_printf(out, "%s\n        {\"socket\": %u, \"name\": ", i ? "," : "", v[i].socket);
			upm_buf_json_string(out, v[i].metric->name);
			upm_buf_puts(out, ", \"unit\": ");
			upm_buf_json_string(out, v[i].metric->unit);
			num(out, "value", v[i].value, 6, v[i].valid);
			num(out, "baseline", b ? b->value : 0, 6, b && b->valid);
			num(out, "net", x ? x->value : 0, 6, x && x->valid);
			/* A rate over the kernel's own timed seconds rather than the counter
			 * window: comparable with the kernel's bandwidth. */
			int rate = upm_metric_per_second(s->run->platform, v[i].metric);
			num(out, "net_per_kernel_second", k ? k->value : 0, 6, rate && k && k->valid);
			upm_buf_puts(out, "}");
		}
	}
	upm_buf_puts(out, "]");
	upm_os_free(v);
	drop(raw);
	drop(bl);
	drop(net);
	drop(net_k);
}

static void counters_json(const struct upm_session *s, const struct upm_session *base, unsigned pass,
			  struct upm_buf *out)
{
	int first = 1;
	upm_buf_puts(out, ", \"counters\": [");
	for (unsigned i = 0; i < s->n_counts; i++) {
		const struct upm_count *c = &s->counts[i];
		if (c->pass != pass)
			continue;
		const struct upm_count *bc = upm_baseline_of(s, base, i);
		char code[16], umask[16], ctr[8];
		upm_count_encoding(s, c, code, sizeof code, umask, sizeof umask);
		if (c->counter >= 0)
			upm_snprintf(ctr, sizeof ctr, "ctr%d", c->counter);
		else
			upm_strlcpy(ctr, c->counter == -1 ? "fixed" : "free", sizeof ctr);
		uint64_t bd = bc ? bc->delta : 0;
		upm_buf_printf(out, "%s\n        {\"socket\": %u, \"box\": \"%s\", \"instance\": %u, \"counter\": \"%s\"",
			       first ? "" : ",", c->socket, c->box->name, c->instance, ctr);
		upm_count_json_encoding(s, c, out);
		upm_buf_puts(out, ", \"event\": ");
		upm_buf_json_string(out, s->specs[c->spec].name);
		/* A clock is a rate over its window: no baseline is taken off it (baseline null,
		 * net = delta). */
		char baseline[24] = "null";
		if (upm_spec_counts_clock(&s->specs[c->spec]))
			bd = 0;
		else
			upm_snprintf(baseline, sizeof baseline, "%llu", (unsigned long long)bd);
		upm_buf_printf(out, ", \"code\": \"%s\", \"umask\": \"%s\", \"delta\": %llu, \"baseline\": %s, \"net\": %lld, \"status\": \"%s\"%s}",
			       code, umask, (unsigned long long)c->delta, baseline,
			       (long long)(c->delta - bd), upm_count_status_name(c->status),
			       s->specs[c->spec].engine ? ", \"for_metrics\": true" : "");
		first = 0;
	}
	upm_buf_puts(out, "]");
}

void upm_kernel_run_json(const struct upm_session *s, const struct upm_session *base, unsigned pass,
			 const struct upm_workload_result *res, uint64_t baseline_ns, struct upm_buf *out)
{
	const struct upm_kernel_result *t = &res->total;
	int ok = res->seconds > 0;
	upm_buf_puts(out, "    {\"kernel\": ");
	upm_buf_json_string(out, t->kernel ? t->kernel : "");
	upm_buf_printf(out, ", \"pass\": %u, \"aborted\": %s, \"threads\": %u, \"sockets\": [", pass,
		       res->aborted ? "true" : "false", res->threads);
	for (unsigned sk = 0, first = 1; sk < 32; sk++)
		if (res->socket_mask >> sk & 1) {
			upm_buf_printf(out, "%s%u", first ? "" : ", ", sk);
			first = 0;
		}
	upm_buf_puts(out, "], \"memory_socket\": ");
	if (res->memory_socket < 0)
		upm_buf_puts(out, "\"local\"");
	else
		upm_buf_printf(out, "%d", res->memory_socket);
	upm_buf_printf(out, ", \"placement\": \"%s\"", res->placed ? "srat" : "none");
	u64(out, "size_bytes", t->size_bytes);
	u64(out, "iterations", t->iterations);
	u64(out, "bytes_read", t->bytes_read);
	u64(out, "bytes_written", t->bytes_written);
	u64(out, "bus_bytes", t->bus_bytes);
	u64(out, "bus_lines_in", t->bus_lines_in);
	u64(out, "bus_lines_out", t->bus_lines_out);
	u64(out, "lines_touched", t->lines_touched);
	u64(out, "loads", t->loads);
	num(out, "check", t->check, 1, 1);
	num(out, "seconds", res->seconds, 9, ok);
	num(out, "gbps", res->gbps, 6, ok);
	num(out, "bus_gbps", res->bus_gbps, 6, ok);
	num(out, "ns_per_load", res->ns_per_load, 3, res->ns_per_load > 0);
	if (res->round_trips) {
		u64(out, "round_trips", res->round_trips);
		num(out, "ns_per_handoff", res->ns_per_handoff, 3, ok);
	}
	u64(out, "tsc_hz", res->tsc_hz);
	u64(out, "tsc_ticks", res->tsc_ticks);
	u64(out, "window_ns", res->window_ns);
	u64(out, "flush_ns", res->flush_ns); /* the write-back after the loop, outside `seconds` */
	u64(out, "baseline_ns", baseline_ns);
	u64(out, "llc_bytes", res->llc_bytes);
	/* What the kernel moved to and from memory (its activity feed, every socket). */
	uint64_t rd = 0, wr = 0;
	upm_buf_puts(out, ",\n      \"activity\": [");
	for (unsigned sk = 0; sk < res->n_sockets; sk++) {
		const struct upm_activity *a = &res->per_socket[sk];
		rd += a->lines_read;
		wr += a->lines_written;
		upm_buf_printf(out, "%s{\"socket\": %u, \"nanoseconds\": %llu, \"lines_read\": %llu, \"lines_written\": %llu, \"llc_lookups\": %llu, \"llc_misses\": %llu, \"remote_lines\": %llu}",
			       sk ? ", " : "", a->socket, (unsigned long long)a->nanoseconds,
			       (unsigned long long)a->lines_read, (unsigned long long)a->lines_written,
			       (unsigned long long)a->llc_lookups, (unsigned long long)a->llc_misses,
			       (unsigned long long)a->remote_lines);
	}
	upm_buf_puts(out, "]");
	u64(out, "memory_read_bytes", rd * UPM_KERNEL_LINE);
	u64(out, "memory_written_bytes", wr * UPM_KERNEL_LINE);
	num(out, "memory_read_gbps", ok ? (double)(rd * UPM_KERNEL_LINE) / res->seconds / 1e9 : 0, 6, ok);
	num(out, "memory_write_gbps", ok ? (double)(wr * UPM_KERNEL_LINE) / res->seconds / 1e9 : 0, 6, ok);
	upm_buf_puts(out, "\n      ");
	counters_json(s, base, pass, out);
	upm_buf_puts(out, "\n      ");
	metrics_json(s, base, pass, res, out);
	upm_buf_puts(out, "}");
}

const struct upm_count *upm_baseline_of(const struct upm_session *s, const struct upm_session *base,
					unsigned i)
{
	const struct upm_count *c = &s->counts[i];
	/* The same specs schedule the same way: normally the same index. */
	for (unsigned k = 0; k < base->n_counts; k++) {
		unsigned j = (i + k) % base->n_counts;
		const struct upm_count *b = &base->counts[j];
		if (b->pass == c->pass && b->socket == c->socket && b->box == c->box &&
		    b->instance == c->instance && b->counter == c->counter && b->spec == c->spec)
			return b;
	}
	return NULL;
}

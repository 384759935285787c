/* results.json of `run` and `run --kernel`, rendered from the results record (docs/results.md,
 * results.json), described by docs/results.schema.json. Every count carries its "index" in the
 * record; every metric lists the indices of the counts it used. */
#include "core/results/record.h"
#include "core/results/interval.h"
#include "core/results/unrestored_json.h"

static void num(struct upm_buf *out, double v, int decimals, int valid)
{
	char text[48];
	if (!valid) {
		upm_buf_puts(out, "null");
		return;
	}
	upm_format_double(text, sizeof text, v, decimals);
	upm_buf_puts(out, text);
}

static void named_num(struct upm_buf *out, const char *name, double v, int decimals, int valid)
{
	upm_buf_printf(out, ", \"%s\": ", name);
	num(out, v, decimals, valid);
}

static void u64(struct upm_buf *out, const char *name, uint64_t v)
{
	upm_buf_printf(out, ", \"%s\": %llu", name, (unsigned long long)v);
}

static void count_json(const struct upm_record *rec, unsigned i, const char *indent, struct upm_buf *out)
{
	const struct upm_record_count *c = &rec->counts[i];
	upm_buf_printf(out, "%s{\"index\": %u, \"socket\": %u, \"box\": \"%s\", \"instance\": %u, \"counter\": \"%s\", \"pass\": %u, \"window_ns\": %llu",
		       indent, i, c->socket, c->box, c->instance, c->counter, c->pass, (unsigned long long)c->window_ns);
	upm_buf_puts(out, ", \"spec\": ");
	upm_buf_json_string(out, c->spec_text);
	upm_buf_puts(out, ", \"label\": ");
	upm_buf_json_string(out, c->label);
	upm_buf_printf(out, ", \"ctl\": \"0x%llx\", \"filters\": {", (unsigned long long)c->ctl);
	for (unsigned f = 0; f < c->n_filters; f++) {
		upm_buf_puts(out, f ? ", " : "");
		upm_buf_json_string(out, c->filters[f].term);
		upm_buf_printf(out, ": \"0x%llx\"", (unsigned long long)c->filters[f].value);
	}
	upm_buf_puts(out, "}, \"event\": ");
	upm_buf_json_string(out, c->event);
	upm_buf_printf(out, ", \"code\": \"%s\", \"umask\": \"%s\"", c->code, c->umask);
	/* null where there is no number: a counter never read, no count, no baseline. */
	if (c->was_read)
		upm_buf_printf(out, ", \"raw\": %llu", (unsigned long long)c->raw);
	else
		upm_buf_puts(out, ", \"raw\": null");
	if (c->status == UPM_OK)
		upm_buf_printf(out, ", \"delta\": %llu", (unsigned long long)c->delta);
	else
		upm_buf_puts(out, ", \"delta\": null");
	if (c->kernel >= 0) {
		/* A clock is a rate over its window: no baseline is taken off it (null, net = delta). */
		if (c->has_baseline && c->baseline_valid)
			upm_buf_printf(out, ", \"baseline\": %llu", (unsigned long long)c->baseline);
		else
			upm_buf_puts(out, ", \"baseline\": null");
		if (upm_record_net_valid(c))
			upm_buf_printf(out, ", \"net\": %lld", (long long)c->net);
		else
			upm_buf_puts(out, ", \"net\": null");
	}
	upm_buf_printf(out, ", \"status\": \"%s\"%s%s}", c->status_name, c->overflowed ? ", \"overflowed\": true" : "",
		       c->for_metrics ? ", \"for_metrics\": true" : "");
}

static void metric_json(const struct upm_record *rec, const struct upm_record_metric *m, const char *indent,
			struct upm_buf *out)
{
	upm_buf_printf(out, "%s{\"socket\": %u, \"name\": ", indent, m->socket);
	upm_buf_json_string(out, m->name);
	if (m->kernel >= 0 && m->pass < 0) {
		upm_buf_puts(out, ", \"kernel\": ");
		upm_buf_json_string(out, rec->kernels[m->kernel].name);
	}
	upm_buf_puts(out, ", \"unit\": ");
	upm_buf_json_string(out, m->unit);
	named_num(out, "value", m->value, 6, m->reported && m->valid);
	if (m->reported && !m->valid && m->why) {
		upm_buf_puts(out, ", \"why\": ");
		upm_buf_json_string(out, m->why);
	}
	if (m->has_net) {
		named_num(out, "baseline", m->baseline, 6, m->baseline_valid);
		named_num(out, "net", m->net, 6, m->net_valid);
		named_num(out, "net_per_kernel_second", m->net_per_kernel_second, 6, m->per_kernel_second_valid);
	}
	upm_buf_printf(out, ", \"reported\": %s, \"instances\": %u, \"of_instances\": %u, \"passes\": \"%s\", \"counts\": [",
		       m->reported ? "true" : "false", m->instances, m->of_instances, m->passes);
	for (unsigned i = 0; i < m->n_counts; i++)
		upm_buf_printf(out, "%s%u", i ? ", " : "", m->counts[i]);
	upm_buf_puts(out, "]}");
}

static void boxes_json(const struct upm_record *rec, struct upm_buf *out)
{
	upm_buf_puts(out, ",\n  \"boxes\": [");
	for (unsigned i = 0; i < rec->n_boxes; i++) {
		const struct upm_record_box *b = &rec->boxes[i];
		upm_buf_printf(out, "%s\n    {\"socket\": %u, \"box\": \"%s\", \"instance\": %u, \"state\": \"%s\", \"reason\": ",
			       i ? "," : "", b->socket, b->box, b->instance, b->state);
		upm_buf_json_string(out, b->why);
		upm_buf_puts(out, "}");
	}
	upm_buf_puts(out, "\n  ]");
}

static void passes_json(const struct upm_record *rec, struct upm_buf *out)
{
	upm_buf_puts(out, ",\n  \"passes\": [");
	for (unsigned p = 0; p < rec->n_passes; p++) {
		uint64_t ns = p < UPM_MAX_PASSES ? rec->pass_ns[p] : 0;
		upm_buf_printf(out, "%s\n    {\"pass\": %u, \"interval_ns\": ", p ? "," : "", p);
		if (ns) /* a pass never run (an abort before it) has no window */
			upm_buf_printf(out, "%llu", (unsigned long long)ns);
		else
			upm_buf_puts(out, "null");
		/* The pass ESC/Ctrl-C cut short: its counts are over the part that ran. */
		upm_buf_printf(out, ", \"cut_short\": %s, \"counters\": [",
			       rec->aborted && rec->aborted_pass == p && ns ? "true" : "false");
		int first = 1;
		for (unsigned i = 0; i < rec->n_counts; i++) {
			if (rec->counts[i].pass != p)
				continue;
			count_json(rec, i, first ? "\n      " : ",\n      ", out);
			first = 0;
		}
		upm_buf_puts(out, "\n    ]}");
	}
	upm_buf_puts(out, "\n  ]");
}

/* Metrics over a whole run (pass -1): of the run, or of each kernel. */
static void metrics_json(const struct upm_record *rec, struct upm_buf *out)
{
	int first = 1;
	upm_buf_puts(out, ",\n  \"metrics\": [");
	for (unsigned i = 0; i < rec->n_metrics; i++) {
		if (rec->metrics[i].pass >= 0)
			continue;
		metric_json(rec, &rec->metrics[i], first ? "\n    " : ",\n    ", out);
		first = 0;
	}
	upm_buf_puts(out, "\n  ]");
}

static void kernel_run_json(const struct upm_record *rec, const struct upm_record_kernel_run *k, struct upm_buf *out)
{
	const struct upm_workload_result *res = &k->res;
	const struct upm_kernel_result *t = &res->total;
	int ok = k->rates_valid;
	upm_buf_puts(out, "    {\"kernel\": ");
	upm_buf_json_string(out, rec->kernels[k->kernel].name);
	upm_buf_printf(out, ", \"pass\": %u, \"aborted\": %s, \"threads\": %u", k->pass,
		       res->aborted ? "true" : "false", res->threads);
	upm_record_json_where(out, res->socket_mask, res->memory_socket);
	upm_buf_printf(out, ", \"placement\": \"%s\", \"placement_why\": ", res->placed ? "srat" : "none");
	if (res->placed)
		upm_buf_puts(out, "null");
	else
		upm_buf_json_string(out, res->placement_why);
	u64(out, "size_bytes", t->size_bytes);
	u64(out, "iterations", t->iterations);
	u64(out, "bytes_read", t->bytes_read);
	u64(out, "bytes_written", t->bytes_written);
	u64(out, "bus_bytes", t->bus_bytes);
	u64(out, "bus_lines_in", t->bus_lines_in);
	u64(out, "bus_lines_out", t->bus_lines_out);
	u64(out, "lines_touched", t->lines_touched);
	u64(out, "loads", t->loads);
	named_num(out, "check", t->check, 1, 1);
	named_num(out, "seconds", res->seconds, 9, ok);
	named_num(out, "gbps", res->gbps, 6, ok);
	named_num(out, "bus_gbps", res->bus_gbps, 6, ok);
	named_num(out, "ns_per_load", res->ns_per_load, 3, res->ns_per_load > 0);
	if (res->round_trips) {
		u64(out, "round_trips", res->round_trips);
		named_num(out, "ns_per_handoff", res->ns_per_handoff, 3, ok);
	}
	u64(out, "tsc_hz", res->tsc_hz);
	u64(out, "tsc_ticks", res->tsc_ticks);
	u64(out, "window_ns", res->window_ns);
	u64(out, "flush_ns", res->flush_ns); /* the write-back after the loop, outside `seconds` */
	if (res->flushes) {
		upm_buf_puts(out, ", \"flush_instruction\": ");
		upm_buf_json_string(out, upm_kernel_flush_name(res->flushes));
	}
	u64(out, "baseline_ns", k->baseline_ns);
	u64(out, "llc_bytes", res->llc_bytes);
	/* What the kernel moved to and from memory (its activity feed, every socket). */
	upm_buf_puts(out, ",\n      \"activity\": [");
	for (unsigned sk = 0; sk < res->n_sockets && sk < UPM_MAX_SOCKETS; sk++) {
		const struct upm_activity *a = &res->per_socket[sk];
		upm_buf_printf(out, "%s{\"socket\": %u, \"nanoseconds\": %llu, \"lines_read\": %llu, \"lines_written\": %llu, \"llc_lookups\": %llu, \"llc_misses\": %llu, \"remote_lines\": %llu}",
			       sk ? ", " : "", a->socket, (unsigned long long)a->nanoseconds,
			       (unsigned long long)a->lines_read, (unsigned long long)a->lines_written,
			       (unsigned long long)a->llc_lookups, (unsigned long long)a->llc_misses,
			       (unsigned long long)a->remote_lines);
	}
	upm_buf_puts(out, "]");
	u64(out, "memory_read_bytes", k->memory_read_bytes);
	u64(out, "memory_written_bytes", k->memory_written_bytes);
	named_num(out, "memory_read_gbps", k->memory_read_gbps, 6, ok);
	named_num(out, "memory_write_gbps", k->memory_write_gbps, 6, ok);
	upm_buf_puts(out, ",\n      \"counters\": [");
	int first = 1;
	for (unsigned i = 0; i < rec->n_counts; i++) {
		const struct upm_record_count *c = &rec->counts[i];
		if (c->kernel != (int)k->kernel || c->pass != k->pass)
			continue;
		count_json(rec, i, first ? "\n        " : ",\n        ", out);
		first = 0;
	}
	upm_buf_puts(out, "],\n      \"metrics\": [");
	first = 1;
	for (unsigned i = 0; i < rec->n_metrics; i++) {
		const struct upm_record_metric *m = &rec->metrics[i];
		if (m->kernel != (int)k->kernel || m->pass != (int)k->pass)
			continue;
		metric_json(rec, m, first ? "\n        " : ",\n        ", out);
		first = 0;
	}
	upm_buf_puts(out, "]}");
}

static void safety_json(const struct upm_record *rec, struct upm_buf *out)
{
	upm_buf_printf(out, ",\n  \"aborted\": %s,\n  \"sockets_skipped\": [", rec->aborted ? "true" : "false");
	int first = 1;
	for (unsigned sock = 0; sock < UPM_MAX_SOCKETS; sock++) {
		if (!rec->socket_skipped[sock])
			continue;
		upm_buf_printf(out, "%s%u", first ? "" : ", ", sock);
		first = 0;
	}
	upm_buf_puts(out, "],\n  \"unrestored\": [");
	for (unsigned i = 0; i < rec->n_unrestored; i++) {
		upm_buf_puts(out, i ? ",\n    " : "\n    ");
		upm_unrestored_json(&rec->unrestored[i], out);
	}
	upm_buf_puts(out, "\n  ]");
}

void upm_record_json(const struct upm_record *rec, struct upm_buf *out)
{
	upm_buf_puts(out, "{");
	upm_ident_json(rec->run, out);
	upm_buf_printf(out, ",\n  \"tsc_hz\": %llu", (unsigned long long)rec->tsc_hz);
	boxes_json(rec, out);
	if (rec->n_kernels) {
		upm_buf_puts(out, ",\n  \"kernel_runs\": [");
		for (unsigned i = 0; i < rec->n_kernel_runs; i++) {
			upm_buf_puts(out, i ? ",\n" : "\n");
			kernel_run_json(rec, &rec->kernel_runs[i], out);
		}
		upm_buf_puts(out, "\n  ]");
	} else {
		passes_json(rec, out);
	}
	metrics_json(rec, out);
	safety_json(rec, out);
	if (rec->out_of_memory)
		upm_buf_puts(out, ",\n  \"incomplete\": \"out of memory: some counts or metrics are missing\"");
	if (rec->samples) /* "interval_sampling" and "intervals" */
		upm_interval_json_members(rec->sampled, rec->samples, out);
	if (rec->repeated)
		upm_record_repeated_json(rec->repeated, out);
	upm_buf_puts(out, "\n}\n");
}

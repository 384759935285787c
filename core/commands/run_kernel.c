/* `run --kernel`: options, the measured and baseline sessions of each kernel, the
 * console lines and counters.csv. results.json's kernel entries: results_kernel.c. */
#include "core/base/abort.h"
#include "core/commands/run_kernel.h"
#include "core/base/suggest.h"
#include "core/base/exit.h"
#include "core/results/results_kernel.h"
#include "core/results/results.h"
#include "core/session/vouch.h"

void upm_run_kernel_opts_init(struct upm_run_kernel_opts *o)
{
	upm_memset(o, 0, sizeof *o);
	o->w.memory_socket = -1;
}

/* "0,1", "0-3", "2": a mask of socket numbers below UPM_MAX_SOCKETS. */
static int parse_socket_list(const char *v, uint32_t *mask)
{
	*mask = 0;
	while (*v) {
		uint64_t a, b;
		const char *end;
		if (upm_parse_u64_prefix(v, &a, &end) < 0 || end == v)
			return -1;
		b = a;
		if (*end == '-') {
			v = end + 1;
			if (upm_parse_u64_prefix(v, &b, &end) < 0 || end == v)
				return -1;
		}
		if (a > b || b >= UPM_MAX_SOCKETS)
			return -1;
		for (uint64_t s = a; s <= b; s++)
			*mask |= 1u << s;
		if (*end == ',' && end[1])
			end++;
		else if (*end)
			return -1;
		v = end;
	}
	return *mask ? 0 : -1;
}

static int bad(char *err, size_t size, const char *fmt, const char *name, const char *value)
{
	upm_snprintf(err, size, fmt, name, value ? value : "");
	return -1;
}

int upm_run_kernel_option(const char *name, const char *value, struct upm_run_kernel_opts *o,
			  char *err, size_t err_size)
{
	static const char *const names[] = { "--kernel", "--size", "--iterations", "--threads",
					     "--sockets", "--memory-socket" };
	unsigned which = UPM_ARRAY_LEN(names);
	for (unsigned i = 0; i < UPM_ARRAY_LEN(names); i++)
		if (upm_strcmp(name, names[i]) == 0)
			which = i;
	if (which == UPM_ARRAY_LEN(names))
		return 0;
	if (!value || !value[0])
		return bad(err, err_size, "run: %s needs a value%s", name, NULL);
	uint64_t n;
	switch (which) {
	case 0: { /* --kernel */
		size_t len = upm_strlen(value);
		if (len >= sizeof o->list)
			return bad(err, err_size, "run: %s: list too long ('%s')", name, value);
		upm_memcpy(o->list, value, len + 1);
		o->n_kernels = 0;
		char *p = o->list;
		while (*p) {
			char *comma = upm_strchr(p, ',');
			if (comma)
				*comma = 0;
			if (!*p || o->n_kernels >= UPM_RUN_MAX_KERNELS)
				return bad(err, err_size, "run: %s takes NAME[,NAME...], not '%s'", name, value);
			o->kernels[o->n_kernels++] = p;
			if (!comma)
				break;
			p = comma + 1;
			if (!*p)
				return bad(err, err_size, "run: %s takes NAME[,NAME...], not '%s'", name, value);
		}
		/* Unknown names are refused with the list of kernels before anything runs. */
		for (unsigned i = 0; i < o->n_kernels; i++) {
			int known = 0;
			for (unsigned k = 0; upm_workload_kernel_name(k); k++)
				known |= upm_strcasecmp(o->kernels[i], upm_workload_kernel_name(k)) == 0;
			if (!known) {
				struct upm_buf names_list;
				upm_buf_init(&names_list);
				for (unsigned k = 0; upm_workload_kernel_name(k); k++)
					upm_buf_printf(&names_list, "%s%s", k ? ", " : "", upm_workload_kernel_name(k));
				struct upm_suggest s;
				char near[120];
				upm_suggest_init(&s, o->kernels[i]);
				for (unsigned k = 0; upm_workload_kernel_name(k); k++)
					upm_suggest_add(&s, upm_workload_kernel_name(k));
				upm_suggest_text(&s, near, sizeof near);
				upm_snprintf(err, err_size, "run: unknown kernel '%s' (%s%skernels: %s)", o->kernels[i],
					     near, near[0] ? "; " : "", names_list.data ? names_list.data : "");
				upm_buf_free(&names_list);
				return -1;
			}
		}
		return 1;
	}
	case 1: { /* --size */
		int rc = upm_kernel_parse_size(value, &o->w.size);
		if (rc == UPM_ERANGE)
			return bad(err, err_size, "run: %s '%s' is too large", name, value);
		if (rc != UPM_OK)
			return bad(err, err_size, "run: %s takes a size in bytes with an optional K, M or G suffix, not '%s'",
				   name, value);
		return 1;
	}
	case 2: /* --iterations */
		if (upm_parse_u64(value, &n) < 0 || n == 0)
			return bad(err, err_size, "run: %s takes a positive number, not '%s'", name, value);
		o->w.iterations = n;
		return 1;
	case 3: /* --threads */
		if (upm_strcmp(value, "all") == 0) {
			o->w.threads = 0;
			return 1;
		}
		if (upm_parse_u64(value, &n) < 0 || n == 0 || n > UPM_MAX_CPUS)
			return bad(err, err_size, "run: %s takes a number of processors or 'all', not '%s'", name,
				   value);
		o->w.threads = (unsigned)n;
		return 1;
	case 4: /* --sockets */
		if (parse_socket_list(value, &o->w.socket_mask) < 0)
			return bad(err, err_size, "run: %s takes socket numbers like 0,1 or 0-1, not '%s'", name,
				   value);
		return 1;
	default: /* --memory-socket */
		if (upm_strcmp(value, "local") == 0) {
			o->w.memory_socket = -1;
			return 1;
		}
		if (upm_parse_u64(value, &n) < 0 || n >= UPM_MAX_SOCKETS)
			return bad(err, err_size, "run: %s takes a socket number or 'local', not '%s'", name, value);
		o->w.memory_socket = (int)n;
		return 1;
	}
}

int upm_run_kernel_options_orphaned(const struct upm_run_kernel_opts *o)
{
	return !o->n_kernels && (o->w.size || o->w.iterations || o->w.threads || o->w.socket_mask ||
				 o->w.memory_socket != -1);
}

/* --- the measured and the baseline intervals --- */

struct kernel_ctx {
	struct upm_workload_plan *plan;
	struct upm_workload_result res[UPM_MAX_PASSES];
	int rc;
	char err[200];
};

static uint64_t kernel_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	struct kernel_ctx *k = ctx;
	(void)s;
	if (pass >= UPM_MAX_PASSES || k->rc != UPM_OK)
		return 0;
	k->rc = upm_workload_execute(k->plan, &k->res[pass], k->err, sizeof k->err);
	return k->res[pass].window_ns;
}

struct baseline_ctx {
	const struct kernel_ctx *kernel;
	uint64_t ns[UPM_MAX_PASSES];
};

/* As long as the kernel's pass was, doing nothing; the backend hears the time only. */
static uint64_t baseline_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	struct baseline_ctx *b = ctx;
	uint64_t want = pass < UPM_MAX_PASSES ? b->kernel->res[pass].window_ns : 0;
	uint64_t t0 = upm_os_nanoseconds();
	upm_os_sleep_ns(want);
	uint64_t measured = upm_os_nanoseconds() - t0;
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		struct upm_activity a = { 0 };
		a.socket = sock;
		a.nanoseconds = measured;
		upm_activity(s->run->backend, &a);
	}
	if (pass < UPM_MAX_PASSES)
		b->ns[pass] = measured;
	return measured;
}

/* --- output --- */

static void counter_label(const struct upm_count *c, char *buf, size_t size)
{
	if (c->counter >= 0)
		upm_snprintf(buf, size, "ctr%d", c->counter);
	else
		upm_strlcpy(buf, c->counter == -1 ? "fixed" : "free", size);
}

static void fmt(char *buf, size_t size, double v, int decimals)
{
	upm_format_double(buf, size, v, decimals);
}

static void say_result(struct upm_run *r, unsigned pass, const struct upm_workload_result *w,
		       uint64_t baseline_ns)
{
	char sec[32], gbps[32], bus[32], hz[32], lat[32];
	fmt(sec, sizeof sec, w->seconds, 6);
	fmt(gbps, sizeof gbps, w->gbps, 3);
	fmt(bus, sizeof bus, w->bus_gbps, 3);
	fmt(hz, sizeof hz, (double)w->tsc_hz / 1e9, 3);
	upm_say(r, "kernel %s pass %u: %u thread%s, %llu bytes, %llu iterations, %s s, %s GB/s (bus %s GB/s), tsc %s GHz",
		w->total.kernel, pass, w->threads, w->threads == 1 ? "" : "s",
		(unsigned long long)w->total.size_bytes, (unsigned long long)w->total.iterations, sec, gbps,
		bus, hz);
	if (w->ns_per_load > 0) {
		fmt(lat, sizeof lat, w->ns_per_load, 2);
		upm_say(r, "kernel %s pass %u: %s ns per load", w->total.kernel, pass, lat);
	}
	if (w->round_trips) {
		fmt(lat, sizeof lat, w->ns_per_handoff, 2);
		upm_say(r, "kernel %s pass %u: %llu round trips, %s ns per handoff", w->total.kernel, pass,
			(unsigned long long)w->round_trips, lat);
	}
	if (w->round_trips == 0)
		upm_say(r, "kernel %s pass %u: write-back after the loop flush_ns %llu (not in the GB/s)",
			w->total.kernel, pass, (unsigned long long)w->flush_ns);
	upm_say(r, "kernel %s pass %u: counter window %llu us, idle baseline %llu us", w->total.kernel,
		pass, (unsigned long long)(w->window_ns / 1000u), (unsigned long long)(baseline_ns / 1000u));
}

static void say_counts(struct upm_run *r, const struct upm_session *s, const struct upm_session *base)
{
	for (unsigned i = 0; i < s->n_boxes; i++) {
		const struct upm_box_inst *b = &s->boxes[i];
		if (b->state != UPM_BOX_OK) {
			upm_say(r, "socket %u %s%u: %s: %s", b->socket, b->type->name, b->instance,
				upm_box_state_name(b->state), b->why);
			continue;
		}
		for (unsigned k = 0; k < s->n_counts; k++) {
			const struct upm_count *c = &s->counts[k];
			if (c->socket != b->socket || c->box != b->type || c->instance != b->instance)
				continue;
			const struct upm_count *bc = upm_baseline_of(s, base, k);
			char ctr[8], label[200];
			counter_label(c, ctr, sizeof ctr);
			upm_spec_label(&s->specs[c->spec], label, sizeof label);
			if (c->status != UPM_OK) {
				upm_say(r, "socket %u %s%u pass %u %-5s %-40s %s", c->socket, c->box->name, c->instance,
					c->pass, ctr, label, upm_count_status_name(c->status));
				continue;
			}
			if (upm_spec_counts_clock(&s->specs[c->spec])) {
				/* A clock is a rate over its window: an idle baseline means nothing to it. */
				char mhz[32];
				fmt(mhz, sizeof mhz, c->interval_ns ? (double)c->delta * 1e3 / (double)c->interval_ns : 0, 3);
				upm_say(r, "socket %u %s%u pass %u %-5s %-40s %llu clock %s MHz over %llu us", c->socket,
					c->box->name, c->instance, c->pass, ctr, label,
					(unsigned long long)c->delta, mhz, (unsigned long long)(c->interval_ns / 1000u));
				continue;
			}
			uint64_t bd = bc ? bc->delta : 0;
			long long net = (long long)(c->delta - bd);
			upm_say(r, "socket %u %s%u pass %u %-5s %-40s %llu baseline %llu net %lld", c->socket,
				c->box->name, c->instance, c->pass, ctr, label,
				(unsigned long long)c->delta, (unsigned long long)bd, net);
		}
	}
}

/* The metrics asked for, over the kernel's whole run: parts counted in different passes
 * combine, each pass having run the same kernel; the passes used are said. As
 * measured, with no baseline taken off (clocks are rates; results.json has the net). */
static void say_metrics(struct upm_run *r, const struct upm_session *s, const char *kernel)
{
	struct upm_metric_value *mv = s->n_metrics ? upm_os_alloc(UPM_MAX_SOCKETS * UPM_SESSION_MAX_METRICS * sizeof *mv)
						  : NULL;
	unsigned n = mv ? upm_metrics_compute(s, mv, UPM_MAX_SOCKETS * UPM_SESSION_MAX_METRICS) : 0;
	for (unsigned i = 0; i < n; i++) {
		char num[80], cov[48], passes[48];
		if (mv[i].valid)
			fmt(num, sizeof num, mv[i].value, 3);
		else
			upm_metric_value_text(&mv[i], num, sizeof num, 3);
		upm_metric_coverage(&mv[i], cov, sizeof cov);
		upm_metric_passes(&mv[i], passes, sizeof passes);
		upm_say(r, "kernel %s socket %u metric %-24s %s %s%s (pass%s %s)", kernel, mv[i].socket,
			mv[i].metric->name, num, mv[i].metric->unit, cov,
			upm_strchr(passes, '+') ? "es" : "", passes);
	}
	/* Asked for, but no instance of a socket could be counted: said, not left out silently. */
	for (unsigned k = 0; k < s->n_metrics; k++)
		for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
			int found = 0;
			for (unsigned i = 0; i < n; i++)
				found |= mv[i].metric == s->metrics[k] && mv[i].socket == sock;
			if (!found)
				upm_say(r, "kernel %s socket %u metric %-24s not reported: none of its boxes was counted",
					kernel, sock, s->metrics[k]->name);
		}
	upm_os_free(mv);
}

static void csv_rows(const struct upm_session *s, const struct upm_session *base, const char *kernel,
		     struct upm_buf *out)
{
	for (unsigned i = 0; i < s->n_counts; i++) {
		const struct upm_count *c = &s->counts[i];
		const struct upm_count *bc = upm_baseline_of(s, base, i);
		char code[16], umask[16], ctr[8], label[200];
		upm_count_encoding(s, c, code, sizeof code, umask, sizeof umask);
		counter_label(c, ctr, sizeof ctr);
		upm_spec_label(&s->specs[c->spec], label, sizeof label);
		uint64_t bd = bc ? bc->delta : 0;
		char baseline[32] = "", net[32] = "";
		/* Clocks are rates over their window: no baseline, no net (empty fields). */
		if (!upm_spec_counts_clock(&s->specs[c->spec])) {
			upm_snprintf(baseline, sizeof baseline, "%llu", (unsigned long long)bd);
			upm_snprintf(net, sizeof net, "%lld", (long long)(c->delta - bd));
		}
		upm_buf_printf(out, "%s,%u,%s,%u,%s,%u,", kernel, c->socket, c->box->name, c->instance, ctr, c->pass);
		upm_buf_csv_field(out, label);
		upm_buf_printf(out, ",%s,%s,%llu,%llu,%s,%s,%s\n", code, umask, (unsigned long long)c->end,
			       (unsigned long long)c->delta, baseline, net, upm_count_status_name(c->status));
	}
}

/* The document's head: who, what, where, and the box instances of the first session. */
static void json_head(const struct upm_session *s, struct upm_buf *out)
{
	upm_buf_puts(out, "{");
	upm_ident_json(s->run, out);
	upm_buf_printf(out, ",\n  \"tsc_hz\": %llu,\n  \"boxes\": [", (unsigned long long)upm_os_tsc_hz());
	for (unsigned i = 0; i < s->n_boxes; i++) {
		const struct upm_box_inst *b = &s->boxes[i];
		upm_buf_printf(out, "%s\n    {\"socket\": %u, \"box\": \"%s\", \"instance\": %u, \"state\": \"%s\", \"reason\": ",
			       i ? "," : "", b->socket, b->type->name, b->instance,
			       upm_box_state_name(b->state));
		upm_buf_json_string(out, b->why);
		upm_buf_puts(out, "}");
	}
	upm_buf_puts(out, "\n  ],\n  \"kernel_runs\": [");
}

/* --- the flow --- */

static int run_one(struct upm_run *r, const struct upm_run_kernel_opts *o, const char *kernel,
		   const char *specs, const char *metric_names, struct upm_buf *csv, struct upm_buf *json,
		   unsigned *n_entries)
{
	struct upm_workload w = o->w;
	struct kernel_ctx *k = upm_os_alloc(sizeof *k);
	struct baseline_ctx *bl = upm_os_alloc(sizeof *bl);
	struct upm_session s, base;
	int status = UPM_EXIT_OK, have_s = 0, have_base = 0;
	if (!k || !bl) {
		upm_os_free(k);
		upm_os_free(bl);
		upm_error(r, "run: out of memory");
		return UPM_EXIT_FAIL;
	}
	upm_memset(k, 0, sizeof *k);
	upm_memset(bl, 0, sizeof *bl);
	bl->kernel = k;
	w.kernel = kernel;

	/* Allocation and setup first, outside any counter window. */
	if (upm_workload_prepare(r, &w, &k->plan, k->err, sizeof k->err) != UPM_OK) {
		upm_error(r, "run: %s", k->err);
		status = UPM_EXIT_USAGE;
		goto out;
	}
	have_s = 1;
	if (upm_metrics_prepare(&s, r, specs, metric_names) < 0) {
		upm_error(r, "run: %s", s.error);
		status = UPM_EXIT_USAGE;
		goto out;
	}
	struct upm_workload_info info;
	upm_workload_describe(k->plan, &info);
	char where[24];
	if (info.memory_socket < 0)
		upm_strlcpy(where, "local", sizeof where);
	else
		upm_snprintf(where, sizeof where, "on socket %d", info.memory_socket);
	upm_say(r, "run: kernel %s on %u thread%s (socket mask 0x%x, memory %s, %s), %llu bytes, %llu iterations; %u event spec%s, %u pass%s on %u socket%s",
		info.kernel, info.threads, info.threads == 1 ? "" : "s", info.socket_mask, where,
		info.placed ? "placed by SRAT" : "not placed", (unsigned long long)info.size_bytes,
		(unsigned long long)info.iterations, s.n_specs, s.n_specs == 1 ? "" : "s", s.n_passes,
		s.n_passes == 1 ? "" : "es", r->n_sockets, r->n_sockets == 1 ? "" : "s");
	if (s.n_passes > UPM_MAX_PASSES) {
		upm_error(r, "run: %u passes: at most %u with a kernel", s.n_passes, UPM_MAX_PASSES);
		status = UPM_EXIT_USAGE;
		goto out;
	}
	if (upm_session_run(&s, kernel_interval, k) < 0) {
		upm_error(r, "run: %s", s.error);
		status = UPM_EXIT_FAIL;
	}
	if (s.aborted) { /* ESC/Ctrl-C: the threads stopped between passes of the kernel */
		upm_error(r, "run: aborted (ESC or Ctrl-C) in pass %u of %u of kernel %s: registers "
			     "restored, the results so far are saved marked \"aborted\"",
			  s.aborted_pass + 1, s.n_passes, kernel);
		if (status == UPM_EXIT_OK)
			status = UPM_EXIT_ABORTED;
	}
	if (upm_session_report_unrestored(&s))
		status = UPM_EXIT_FAIL;
	unsigned untrusted = upm_session_vouch(&s); /* flagged in their status, warned of */
	if (untrusted) {
		upm_say(r, "upmon: warning: run: kernel %s: %u count%s cannot be trusted (status all-ones, stuck "
			   "or box-*): not used in metrics", kernel, untrusted, untrusted == 1 ? "" : "s");
		if (status == UPM_EXIT_OK)
			status = UPM_EXIT_WARN;
	}
	if (k->rc != UPM_OK) {
		upm_error(r, "run: %s", k->err);
		status = UPM_EXIT_FAIL;
	}
	have_base = 1;
	upm_memset(&base, 0, sizeof base);
	if (!s.aborted) { /* after an abort no baseline: the counts stand as measured */
		if (upm_metrics_prepare(&base, r, specs, metric_names) < 0) {
			upm_error(r, "run: baseline: %s", base.error);
			status = UPM_EXIT_FAIL;
			goto out;
		}
		if (upm_session_run(&base, baseline_interval, bl) < 0) {
			upm_error(r, "run: baseline: %s", base.error);
			status = UPM_EXIT_FAIL;
		}
		if (upm_session_report_unrestored(&base))
			status = UPM_EXIT_FAIL;
	}

	if (*n_entries == 0)
		json_head(&s, json);
	for (unsigned p = 0; p < s.n_passes; p++) {
		if (!k->res[p].threads)
			continue; /* not run: aborted before it */
		say_result(r, p, &k->res[p], bl->ns[p]);
		upm_buf_puts(json, *n_entries ? ",\n" : "\n");
		upm_kernel_run_json(&s, &base, p, &k->res[p], bl->ns[p], json);
		(*n_entries)++;
	}
	say_counts(r, &s, &base);
	say_metrics(r, &s, info.kernel);
	csv_rows(&s, &base, info.kernel, csv);
out:
	if (have_base)
		upm_session_free(&base);
	if (have_s)
		upm_session_free(&s);
	upm_workload_release(k->plan);
	upm_os_free(k);
	upm_os_free(bl);
	return status;
}

int upm_run_kernels(struct upm_run *r, const struct upm_run_kernel_opts *o, const char *specs,
		    const char *metric_names)
{
	struct upm_buf csv, json;
	unsigned entries = 0;
	int status = UPM_EXIT_OK;
	upm_buf_init(&csv);
	upm_buf_init(&json);
	upm_ident_csv(r, &csv);
	upm_buf_puts(&csv, "kernel,socket,box,instance,counter,pass,event,code,umask,raw,delta,baseline,net,status\n");
	for (unsigned i = 0; i < o->n_kernels; i++) {
		int st = run_one(r, o, o->kernels[i], specs, metric_names, &csv, &json, &entries);
		/* 2 (failed) wins over the others; otherwise the first non-zero stands. */
		if (st == UPM_EXIT_FAIL || status == UPM_EXIT_OK)
			status = st;
		if (st == UPM_EXIT_USAGE)
			break; /* the same refusal would follow for the next kernel */
		if (upm_abort_check())
			break; /* ESC/Ctrl-C: no further kernel */
	}
	if (entries) {
		upm_buf_printf(&json, "\n  ],\n  \"aborted\": %s\n}\n", upm_abort_check() ? "true" : "false");
		upm_save(r, "counters.csv", &csv);
		upm_save(r, "results.json", &json);
	}
	upm_buf_free(&csv);
	upm_buf_free(&json);
	return status;
}

/* The console's results of `run` and `run --kernel`, rendered from the results record:
 * aligned columns within 80 (the UEFI console is often 80x25), counts with thousands
 * separators, metrics and clocks in the units people quote (GB/s, MHz). By default each
 * spec is merged over the box instances of a socket and of the system, as perf does;
 * --per-box shows every instance. A label too long for its column goes on a line of its
 * own, its numbers on the next. Its last screen (core/cli/last_screen.h): the run's
 * status and what did not go as planned. (docs/results.md, The console of run) */
#include "core/results/record.h"
#include "core/cli/console_wrap.h"
#include "core/cli/last_screen.h"
#include "platform/base/human.h"

#define EVENT_W 40   /* totals, run without a kernel */
#define EVENT_W_K 24 /* totals, kernel runs (count, baseline, net) */
#define EVENT_W_BOX 38
#define EVENT_W_BOX_K 22

static void say(const struct upm_record *rec, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const struct upm_record *rec, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	upm_vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	upm_say(rec->run, "%s", line);
}

/* The count column of a count: its number, a clock's rate, or why there is none. */
static void count_text(const struct upm_record_count *c, char *buf, size_t size)
{
	if (c->status != UPM_OK)
		upm_strlcpy(buf, c->status_name, size);
	else if (c->is_clock)
		upm_format_unit(buf, size, c->mhz * 1e6, "Hz");
	else
		upm_format_count(buf, size, c->delta);
}

static void total_text(const struct upm_record *rec, const struct upm_record_total *t, char *buf, size_t size)
{
	if (!t->instances) /* its own instances' status: another socket's count may be ok */
		upm_strlcpy(buf, t->not_counted ? t->not_counted : rec->counts[t->first].status_name, size);
	else if (t->is_clock)
		upm_format_unit(buf, size, t->mhz * 1e6, "Hz");
	else
		upm_format_count(buf, size, t->sum);
}

/* "4 imc", or "3/4 imc" when fewer instances were counted than scheduled. */
static void boxes_text(const struct upm_record *rec, const struct upm_record_total *t, char *buf, size_t size)
{
	const char *box = rec->counts[t->first].box;
	if (t->instances == t->of_instances)
		upm_snprintf(buf, size, "%u %s", t->instances, box);
	else
		upm_snprintf(buf, size, "%u/%u %s", t->instances, t->of_instances, box);
}

/* The event column: the label when it fits, else said on a line of its own first. */
static const char *event_cell(const struct upm_record *rec, const char *label, int width)
{
	if ((int)upm_strlen(label) <= width)
		return label;
	say(rec, "        %s", label);
	return "";
}

static void socket_text(int socket, char *buf, size_t size)
{
	if (socket < 0)
		upm_strlcpy(buf, "all", size);
	else
		upm_snprintf(buf, size, "%d", socket);
}

static void bad_boxes(const struct upm_record *rec)
{
	for (unsigned i = 0; i < rec->n_boxes; i++) {
		const struct upm_record_box *b = &rec->boxes[i];
		if (!b->ok && !b->not_replayed) /* after a divergence: the divergence's line */
			say(rec, "socket %u %s%u: %s: %s", b->socket, b->box, b->instance, b->state, b->why);
	}
}

/* The totals of kernel (-1: none) whose counts are for metrics or not (for_metrics). */
static unsigned print_totals(const struct upm_record *rec, int kernel, int for_metrics)
{
	unsigned shown = 0;
	for (unsigned t = 0; t < rec->n_totals; t++) {
		const struct upm_record_total *x = &rec->totals[t];
		const struct upm_record_count *f = &rec->counts[x->first];
		if (x->kernel != kernel || f->for_metrics != for_metrics)
			continue;
		if (x->socket < 0 && rec->sockets < 2)
			continue; /* one socket: its total is the system's */
		char sock[8], boxes[32], count[40];
		socket_text(x->socket, sock, sizeof sock);
		boxes_text(rec, x, boxes, sizeof boxes);
		total_text(rec, x, count, sizeof count);
		if (!shown++) {
			if (kernel < 0)
				say(rec, "%6s  %-9s %-*s %20s", "socket", "boxes", EVENT_W, for_metrics ? "counted for the metrics" : "event", "count");
			else
				say(rec, "%6s  %-7s %-*s %12s %12s %12s", "socket", "boxes", EVENT_W_K,
				    for_metrics ? "counted for the metrics" : "event", "count", "baseline", "net");
		}
		if (kernel < 0) {
			const char *ev = event_cell(rec, f->label, EVENT_W);
			say(rec, "%6s  %-9s %-*s %20s", sock, boxes, EVENT_W, ev, count);
			continue;
		}
		char base[32] = "-", net[32] = "-";
		if (x->has_baseline && x->instances && x->baseline_instances == x->instances) {
			upm_format_count(base, sizeof base, x->baseline_sum);
			upm_format_signed_count(net, sizeof net, x->net_sum);
		}
		const char *ev = event_cell(rec, f->label, EVENT_W_K);
		say(rec, "%6s  %-7s %-*s %12s %12s %12s", sock, boxes, EVENT_W_K, ev, count, base, net);
	}
	return shown;
}

/* Whether count c is on box instance b (NULL: any). */
static int on_box(const struct upm_record_count *c, const struct upm_record_box *b)
{
	return !b || (c->socket == b->socket && c->instance == b->instance && upm_strcmp(c->box, b->box) == 0);
}

/* Count c's row of --per-box, under the column heads when first. */
static void per_box_row(const struct upm_record *rec, const struct upm_record_count *c, int first)
{
	int kernel = c->kernel, for_metrics = c->for_metrics;
	char box[24], count[40];
	upm_snprintf(box, sizeof box, "%s%u", c->box, c->instance);
	count_text(c, count, sizeof count);
	if (first) {
		if (kernel < 0)
			say(rec, "%6s %-6s %4s %-5s %-*s %14s", "socket", "box", "pass", "ctr", EVENT_W_BOX,
			    for_metrics ? "counted for the metrics" : "event", "count");
		else
			say(rec, "%6s  %-6s %-*s %13s %12s %13s", "socket", "box", EVENT_W_BOX_K,
			    for_metrics ? "for the metrics" : "event", "count", "baseline", "net");
	}
	if (kernel < 0) {
		const char *ev = event_cell(rec, c->label, EVENT_W_BOX);
		say(rec, "%6u %-6s %4u %-5s %-*s %14s%s", c->socket, box, c->pass, c->counter, EVENT_W_BOX, ev,
		    count, c->overflowed ? " (overflowed)" : "");
		return;
	}
	char base[32] = "-", net[32] = "-";
	if (c->has_baseline && upm_record_net_valid(c)) {
		upm_format_count(base, sizeof base, c->baseline);
		upm_format_signed_count(net, sizeof net, c->net);
	}
	const char *ev = event_cell(rec, c->label, EVENT_W_BOX_K);
	say(rec, "%6u  %-6s %-*s %13s %12s %13s%s", c->socket, box, EVENT_W_BOX_K, ev, count, base, net,
	    c->overflowed ? " (overflowed)" : "");
}

/* Every count of kernel, box instance after box instance (the session's order), each
 * instance's in pass order. */
static unsigned print_per_box(const struct upm_record *rec, int kernel, int for_metrics)
{
	unsigned shown = 0, n_boxes = rec->n_boxes ? rec->n_boxes : 1;
	for (unsigned bi = 0; bi < n_boxes; bi++) {
		const struct upm_record_box *b = rec->n_boxes ? &rec->boxes[bi] : NULL;
		for (unsigned i = 0; i < rec->n_counts; i++) {
			const struct upm_record_count *c = &rec->counts[i];
			if (c->kernel == kernel && c->for_metrics == for_metrics && on_box(c, b))
				per_box_row(rec, c, shown++ == 0);
		}
	}
	return shown;
}

static void print_counts(const struct upm_record *rec, int kernel)
{
	for (int for_metrics = 0; for_metrics < 2; for_metrics++)
		if (rec->per_box)
			print_per_box(rec, kernel, for_metrics);
		else
			print_totals(rec, kernel, for_metrics);
}

/* The counting window the metrics of kernel (-1: none) are over, and beside it the
 * kernel's own timed seconds its GB/s are over: two rates of the same traffic differ by
 * their windows, and each says its own. */
static void print_window(const struct upm_record *rec, int kernel)
{
	/* The sockets' windows differ by the time between their reads: the longest is said
	 * (report.html and results.json's counts give each). */
	uint64_t window = 0;
	for (unsigned i = 0; i < rec->n_metrics; i++) {
		const struct upm_record_metric *m = &rec->metrics[i];
		if (m->kernel == kernel && m->pass < 0 && m->window_ns > window)
			window = m->window_ns;
	}
	if (!window)
		return;
	char w[32], own[96] = "";
	upm_format_duration(w, sizeof w, window);
	const struct upm_record_kernel_run *run = NULL;
	unsigned runs = 0;
	for (unsigned i = 0; kernel >= 0 && i < rec->n_kernel_runs; i++)
		if ((int)rec->kernel_runs[i].kernel == kernel) {
			run = &rec->kernel_runs[i];
			runs++;
		}
	if (runs == 1 && !run->res.round_trips) {
		char took[32];
		upm_format_duration(took, sizeof took, (uint64_t)(run->res.seconds * 1e9));
		upm_snprintf(own, sizeof own, ", not the %s loop", took);
	} else if (runs > 1) {
		upm_strlcpy(own, ", not each pass's loop", sizeof own);
	} else if (rec->samples) {
		/* A sampled run's whole-run metrics follow its samples' own. */
		upm_strlcpy(own, ", the whole run to the last sample", sizeof own);
	}
	upm_say_wrappedf(rec->run, 5, 0, "%s%s: metrics over the %s counting window%s", kernel >= 0 ? "kernel " : "",
			 kernel >= 0 ? rec->kernels[kernel].name : "run", w, own);
}

/* Metrics over the whole run (pass -1) of kernel (-1: none). */
static void print_metrics(const struct upm_record *rec, int kernel)
{
	unsigned shown = 0;
	print_window(rec, kernel);
	for (unsigned i = 0; i < rec->n_metrics; i++) {
		const struct upm_record_metric *m = &rec->metrics[i];
		if (m->kernel != kernel || m->pass >= 0)
			continue;
		char value[48], over[96];
		if (!shown++)
			say(rec, "%6s  %-24s %18s  %s", "socket", "metric", "value", kernel < 0 ? "over" : "over, passes");
		if (!m->reported) {
			if (m->not_counted) /* within 80 columns with any status */
				say(rec, "%6u  %-24s %18s  none counted (%s)", m->socket, m->name, "not reported",
				    m->not_counted);
			else
				say(rec, "%6u  %-24s %18s  none of its boxes was counted", m->socket, m->name,
				    "not reported");
			continue;
		}
		if (m->valid)
			upm_format_unit(value, sizeof value, m->value, m->unit);
		else
			upm_strlcpy(value, "n/a", sizeof value);
		if (!m->valid && m->why) /* the value column is too narrow for the reason */
			upm_snprintf(over, sizeof over, "(%s) ", m->why);
		else
			over[0] = 0;
		if (m->coverage[0])
			upm_snprintf(over + upm_strlen(over), sizeof over - upm_strlen(over), "%s only", m->coverage);
		else
			upm_snprintf(over + upm_strlen(over), sizeof over - upm_strlen(over), "%u %s", m->instances,
				     m->box ? m->box : "");
		if (kernel >= 0)
			upm_snprintf(over + upm_strlen(over), sizeof over - upm_strlen(over), ", pass%s %s",
				     upm_strchr(m->passes, '+') ? "es" : "", m->passes);
		say(rec, "%6u  %-24s %18s  %s", m->socket, m->name, value, over);
	}
}

/* A kernel pass's accounting, in lines within 80 columns for any kernel's name. */
static void print_kernel_run(const struct upm_record *rec, const struct upm_record_kernel_run *k)
{
	const struct upm_workload_result *w = &k->res;
	const char *name = rec->kernels[k->kernel].name;
	char size[32], took[32], gbps[32], bus[32], hz[32], window[32], base[32], lat[32], flush[32], iters[32];
	upm_format_bytes(size, sizeof size, w->total.size_bytes);
	upm_format_duration(took, sizeof took, (uint64_t)(w->seconds * 1e9));
	upm_format_unit(gbps, sizeof gbps, w->gbps * 1e9, "bytes/s");
	upm_format_unit(bus, sizeof bus, w->bus_gbps * 1e9, "bytes/s");
	upm_format_unit(hz, sizeof hz, (double)w->tsc_hz, "Hz");
	upm_format_duration(window, sizeof window, w->window_ns);
	upm_format_duration(base, sizeof base, k->baseline_ns);
	upm_format_duration(flush, sizeof flush, w->flush_ns);
	upm_format_count(iters, sizeof iters, w->total.iterations);
	say(rec, "kernel %s pass %u: %u thread%s, %s x %s iterations in %s", name, k->pass, w->threads,
	    w->threads == 1 ? "" : "s", size, iters, took);
	if (w->round_trips) {
		upm_format_double(lat, sizeof lat, w->ns_per_handoff, 2);
		say(rec, "kernel %s pass %u: %llu round trips, %s ns per handoff", name, k->pass,
		    (unsigned long long)w->round_trips, lat);
	} else {
		/* The write-back's instruction, where the threads said (kernels/writeback.S). */
		char how[40] = "";
		if (w->flushes)
			upm_snprintf(how, sizeof how, " (%s)", upm_kernel_flush_name(w->flushes));
		/* The kernel's own rates are over its timed loop, not the counting window the
		 * metrics below are over: each says which. */
		upm_say_wrappedf(rec->run, 5, 0, "kernel %s pass %u: %s, bus %s over the kernel's %s", name, k->pass, gbps,
				 bus, took);
		say(rec, "kernel %s pass %u: write-back %s after%s", name, k->pass, flush, how);
	}
	if (w->ns_per_load > 0) {
		upm_format_double(lat, sizeof lat, w->ns_per_load, 2);
		say(rec, "kernel %s pass %u: %s ns per load", name, k->pass, lat);
	}
	say(rec, "kernel %s pass %u: window %s, idle baseline %s, tsc %s", name, k->pass, window, base, hz);
}

void upm_record_print_kernel(const struct upm_record *rec, unsigned k)
{
	if (k == 0)
		bad_boxes(rec);
	for (unsigned i = 0; i < rec->n_kernel_runs; i++)
		if (rec->kernel_runs[i].kernel == k)
			print_kernel_run(rec, &rec->kernel_runs[i]);
	say(rec, "kernel %s: counts per %s (net: less the idle baseline; clocks in MHz)", rec->kernels[k].name,
	    rec->per_box ? "box" : "socket");
	print_counts(rec, (int)k);
	print_metrics(rec, (int)k);
}

/* A replay's counts are the recording's, its windows this machine's: a rate over them
 * (a clock's MHz, a metric per second) is no reading of the recorded machine. */
static void replay_rates_note(const struct upm_record *rec)
{
	int rates = 0;
	for (unsigned i = 0; i < rec->n_counts && !rates; i++)
		rates = rec->counts[i].is_clock && rec->counts[i].status == UPM_OK;
	for (unsigned i = 0; i < rec->n_metrics && !rates; i++) {
		const char *u = rec->metrics[i].unit ? rec->metrics[i].unit : "";
		size_t n = upm_strlen(u);
		rates = upm_strcmp(u, "Hz") == 0 || (n >= 2 && upm_strcmp(u + n - 2, "/s") == 0);
	}
	if (rates && rec->backend && upm_strcmp(rec->backend, "replay") == 0)
		upm_say_wrapped(rec->run, 5, 0,
				"run: a replay's rates (clocks in MHz, metrics per second) are the recording's counts "
				"over this machine's windows, not the recorded machine's");
}

void upm_record_print(const struct upm_record *rec)
{
	if (!rec->n_kernels) {
		bad_boxes(rec);
		print_counts(rec, -1);
		print_metrics(rec, -1);
		replay_rates_note(rec);
		return;
	}
	for (unsigned k = 0; k < rec->n_kernels; k++)
		upm_record_print_kernel(rec, k);
	replay_rates_note(rec);
}

void upm_record_print_metrics(const struct upm_record *rec)
{
	print_metrics(rec, -1);
}

/* A metric of kernel (-1: none) that is not a plain value over every box instance: said
 * on the last screen. */
static void metric_finding(const struct upm_record *rec, const struct upm_record_metric *m)
{
	char who[64] = "";
	if (m->kernel >= 0)
		upm_snprintf(who, sizeof who, "kernel %s: ", rec->kernels[m->kernel].name);
	if (!m->reported)
		upm_last_finding(rec->run, UPM_LAST_WARN, "WARN %ssocket %u %s not reported: none of its boxes was counted%s%s%s",
				 who, m->socket, m->name, m->not_counted ? " (" : "", m->not_counted ? m->not_counted : "",
				 m->not_counted ? ")" : "");
	else if (!m->valid)
		upm_last_finding(rec->run, UPM_LAST_WARN, "WARN %ssocket %u %s has no value: %s", who, m->socket, m->name,
				 m->why ? m->why : "no value");
	else if (m->coverage[0])
		upm_last_finding(rec->run, UPM_LAST_WARN, "WARN %ssocket %u %s over %s only", who, m->socket, m->name,
				 m->coverage);
}

void upm_record_say_end(const struct upm_record *rec)
{
	struct upm_run *r = rec->run;
	const char *cls, *name;
	upm_record_status(rec, &cls, &name);
	unsigned none = 0, n_why = 0;
	const char *why[4];
	for (unsigned i = 0; i < rec->n_counts; i++) {
		const struct upm_record_count *c = &rec->counts[i];
		if (c->status == UPM_OK)
			continue;
		none++;
		unsigned k = 0;
		while (k < n_why && upm_strcmp(why[k], c->status_name) != 0)
			k++;
		if (k == n_why && n_why < UPM_ARRAY_LEN(why))
			why[n_why++] = c->status_name;
	}
	char whys[96] = "";
	for (unsigned k = 0; k < n_why; k++)
		upm_snprintf(whys + upm_strlen(whys), sizeof whys - upm_strlen(whys), "%s%s", k ? ", " : "", why[k]);
	if (none)
		upm_last_result(r, name, "%u of %u counts %s no number (%s)", none, rec->n_counts,
				none == 1 ? "has" : "have", whys);
	else
		upm_last_result(r, name, "each of %u counts has a number", rec->n_counts);
	upm_last_files(r, "results.json and report.html");
	if (rec->aborted)
		upm_last_finding(r, UPM_LAST_INCOMPLETE, "INCOMPLETE aborted (ESC or Ctrl-C) in pass %u: the counts so far",
				 rec->aborted_pass);
	for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++)
		if (rec->socket_skipped[s])
			upm_last_finding(r, UPM_LAST_FAIL, "FAIL socket %u skipped: its processor stopped answering", s);
	for (unsigned i = 0; i < rec->n_unrestored; i++) {
		const struct upm_unrestored *u = &rec->unrestored[i];
		upm_last_finding(r, UPM_LAST_FAIL, "FAIL socket %u %s %s %s NOT RESTORED: it should hold 0x%llx%s%s%s",
				 u->socket, u->where, u->space, u->address, (unsigned long long)u->value,
				 u->counts_on[0] ? " (its control " : "", u->counts_on, u->counts_on[0] ? " was not: it may count on)" : "");
	}
	if (rec->out_of_memory)
		upm_last_finding(r, UPM_LAST_FAIL, "FAIL out of memory: some counts or metrics are missing");
	for (unsigned i = 0; i < rec->n_boxes; i++) {
		const struct upm_record_box *b = &rec->boxes[i];
		if (!b->ok && !b->not_replayed)
			upm_last_finding(r, UPM_LAST_WARN, "WARN socket %u %s%u %s: %s", b->socket, b->box, b->instance, b->state,
					 b->why);
	}
	for (unsigned i = 0; i < rec->n_metrics; i++)
		if (rec->metrics[i].pass < 0)
			metric_finding(rec, &rec->metrics[i]);
}

/* report.html of `run` and `run --kernel` (docs/results.md, report.html of run), rendered
 * from the results record: one self-contained page (inline CSS and SVG, no script) with the
 * identity and the run's status at the top, what did not go as planned, the counts per
 * socket with their totals, the metrics in their units with their coverage, a bar per
 * box instance for each event and, for kernel runs, the bandwidth of each kernel. */
#include "core/results/record.h"
#include "core/results/interval.h"
#include "core/results/html_page.h"
#include "core/results/markup.h"
#include "platform/base/human.h"
#include "platform/base/exit.h"

#define CHART_W 640    /* SVG width; bars start after the label column */
#define CHART_LABEL 110
#define CHART_BAR 14   /* bar height; rows are 4 apart */

static void text(struct upm_buf *out, const char *s)
{
	upm_buf_xml_text(out, s);
}

void upm_record_status(const struct upm_record *rec, const char **cls, const char **name)
{
	if (rec->run->media_error && rec->exit_status == UPM_EXIT_OK) { /* the run ends with 4 */
		*cls = "fail", *name = "FILES NOT SAVED";
		return;
	}
	switch (rec->exit_status) {
	case UPM_EXIT_OK: *cls = "pass", *name = "OK"; break;
	case UPM_EXIT_WARN: *cls = "warn", *name = "WARN"; break;
	case UPM_EXIT_INCOMPLETE: *cls = "inc", *name = "INCOMPLETE"; break;
	case UPM_EXIT_ABORTED: *cls = "inc", *name = "ABORTED"; break;
	default: *cls = "fail", *name = "FAILED"; break;
	}
}

/* The metric's line among the findings: not reported, without a value, or over part
 * of its boxes; nothing for a plain value. */
static void metric_finding(struct upm_buf *out, const struct upm_record *rec, const struct upm_record_metric *m)
{
	if (m->reported && m->valid && !m->coverage[0])
		return;
	upm_buf_puts(out, "<li class=\"warn\"><span class=\"warn\">&nbsp;WARN&nbsp;</span> ");
	if (m->kernel >= 0) {
		upm_buf_puts(out, "kernel ");
		text(out, rec->kernels[m->kernel].name);
		upm_buf_puts(out, ": ");
	}
	upm_buf_printf(out, "socket %u ", m->socket);
	text(out, m->name);
	if (!m->reported) {
		upm_buf_puts(out, " not reported: none of its boxes was counted");
		if (m->not_counted) {
			upm_buf_puts(out, " (");
			text(out, m->not_counted);
			upm_buf_puts(out, ")");
		}
	} else if (!m->valid) {
		upm_buf_puts(out, " has no value: ");
		text(out, m->why ? m->why : "no value");
	} else {
		upm_buf_puts(out, " over ");
		text(out, m->coverage);
		upm_buf_puts(out, " only");
	}
	upm_buf_puts(out, "</li>\n");
}

/* Whether count c's status is a finding: no number, for a cause that is no dry run's (the
 * banner says that) nor a box the part does not have, on a box not listed already. */
static int count_finding(const struct upm_record *rec, const struct upm_record_count *c)
{
	if (c->status == UPM_OK || c->status == UPM_COUNT_DRY_RUN || c->status == UPM_COUNT_NOT_ON_PART)
		return 0;
	for (unsigned i = 0; i < rec->n_boxes; i++) {
		const struct upm_record_box *b = &rec->boxes[i];
		if (!b->ok && b->socket == c->socket && b->instance == c->instance && upm_strcmp(b->box, c->box) == 0)
			return 0;
	}
	return 1;
}

static int same_place_and_status(const struct upm_record_count *a, const struct upm_record_count *b)
{
	return a->socket == b->socket && a->instance == b->instance && a->status == b->status &&
	       upm_strcmp(a->box, b->box) == 0;
}

/* A line per box instance and status of the counts without a number: how many, and the
 * first one's event. */
static void count_findings(struct upm_buf *out, const struct upm_record *rec)
{
	for (unsigned i = 0; i < rec->n_counts; i++) {
		const struct upm_record_count *c = &rec->counts[i];
		if (!count_finding(rec, c))
			continue;
		unsigned seen = 0, n = 0;
		for (unsigned k = 0; k < i && !seen; k++)
			seen = count_finding(rec, &rec->counts[k]) && same_place_and_status(&rec->counts[k], c);
		if (seen)
			continue;
		for (unsigned k = i; k < rec->n_counts; k++)
			n += count_finding(rec, &rec->counts[k]) && same_place_and_status(&rec->counts[k], c);
		upm_buf_printf(out, "<li class=\"warn\"><span class=\"warn\">&nbsp;WARN&nbsp;</span> socket %u ", c->socket);
		text(out, c->box);
		upm_buf_printf(out, "%u: ", c->instance);
		text(out, c->status_name);
		upm_buf_printf(out, ": %u count%s without a number (", n, n == 1 ? "" : "s");
		text(out, c->label);
		upm_buf_printf(out, "%s)</li>\n", n > 1 ? " and more" : "");
	}
}

/* The findings, before any picture or table: the status, then each thing that did not
 * go as planned in a line of its own (the worst first), or one line saying none did. */
static void findings(struct upm_buf *out, const struct upm_record *rec, const char *cls, const char *name)
{
	unsigned none = 0;
	for (unsigned i = 0; i < rec->n_counts; i++)
		none += rec->counts[i].status != UPM_OK;
	upm_buf_printf(out, "<div id=\"findings\">\n<p class=\"verdict\"><span class=\"%s\">&nbsp;%s&nbsp;</span> ", cls,
		       name);
	if (none)
		upm_buf_printf(out, "%u of %u counts %s no number (their status says why).</p>\n", none, rec->n_counts,
			       none == 1 ? "has" : "have");
	else
		upm_buf_printf(out, "Each of %u counts has a number.</p>\n", rec->n_counts);
	struct upm_buf items;
	upm_buf_init(&items);
	for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++)
		if (rec->socket_skipped[s])
			upm_buf_printf(&items, "<li class=\"fail\"><span class=\"fail\">&nbsp;FAIL&nbsp;</span> socket %u skipped: "
					       "its processor stopped answering</li>\n", s);
	for (unsigned i = 0; i < rec->n_unrestored; i++) {
		const struct upm_unrestored *u = &rec->unrestored[i];
		upm_buf_printf(&items, "<li class=\"fail\"><span class=\"fail\">&nbsp;FAIL&nbsp;</span> NOT RESTORED: socket %u ",
			       u->socket);
		text(&items, u->where);
		upm_buf_puts(&items, " ");
		text(&items, u->space);
		upm_buf_puts(&items, " ");
		text(&items, u->address);
		if (u->counts_on[0]) {
			upm_buf_puts(&items, " (written back, but its control ");
			text(&items, u->counts_on);
			upm_buf_puts(&items, " was not: it may count on)");
		}
		upm_buf_printf(&items, ": it should hold 0x%llx</li>\n", (unsigned long long)u->value);
	}
	if (rec->out_of_memory)
		upm_buf_puts(&items, "<li class=\"fail\"><span class=\"fail\">&nbsp;FAIL&nbsp;</span> out of memory: some counts "
				     "or metrics are missing</li>\n");
	if (rec->aborted)
		upm_buf_printf(&items, "<li class=\"warn\"><span class=\"inc\">&nbsp;INCOMPLETE&nbsp;</span> aborted (ESC or "
				       "Ctrl-C) in pass %u (as the tables number them): the counts so far</li>\n",
			       rec->aborted_pass);
	for (unsigned i = 0; i < rec->n_boxes; i++) {
		const struct upm_record_box *b = &rec->boxes[i];
		if (b->ok)
			continue;
		upm_buf_printf(&items, "<li class=\"warn\" id=\"s%u-%s%u\"><span class=\"warn\">&nbsp;WARN&nbsp;</span> "
				       "socket %u %s%u: ",
			       b->socket, b->box, b->instance, b->socket, b->box, b->instance);
		text(&items, b->state);
		upm_buf_puts(&items, ": ");
		text(&items, b->why);
		upm_buf_puts(&items, "</li>\n");
	}
	count_findings(&items, rec);
	for (unsigned i = 0; i < rec->n_metrics; i++)
		if (rec->metrics[i].pass < 0)
			metric_finding(&items, rec, &rec->metrics[i]);
	if (items.len) {
		upm_buf_puts(out, "<ul class=\"findings\">\n");
		upm_buf_append(out, items.data, items.len);
		upm_buf_puts(out, "</ul>\n");
	} else {
		upm_buf_puts(out, "<p>Nothing went other than planned: no socket skipped, every register restored, every "
				  "box instance counted, every metric a value over all its boxes.</p>\n");
	}
	upm_buf_free(&items);
	upm_buf_puts(out, "</div>\n");
}

static void total_cell(struct upm_buf *out, const struct upm_record *rec, const struct upm_record_total *t)
{
	char v[48];
	if (!t) {
		upm_buf_puts(out, "<td></td>");
		return;
	}
	if (!t->instances)
		upm_strlcpy(v, t->not_counted ? t->not_counted : rec->counts[t->first].status_name, sizeof v);
	else if (t->is_clock)
		upm_format_unit(v, sizeof v, t->mhz * 1e6, "Hz");
	else
		upm_format_count(v, sizeof v, t->sum);
	upm_buf_printf(out, "<td class=\"n\" title=\"%u of %u instances\">", t->instances, t->of_instances);
	text(out, v);
	if (t->instances && t->instances < t->of_instances) /* a total over part of them says so */
		upm_buf_printf(out, " <small>(%u of %u)</small>", t->instances, t->of_instances);
	upm_buf_puts(out, "</td>");
}

/* The total of the same spec as system total sys on socket. */
static const struct upm_record_total *socket_total(const struct upm_record *rec, const struct upm_record_total *sys,
						   int socket)
{
	const struct upm_record_count *f = &rec->counts[sys->first];
	for (unsigned t = 0; t < rec->n_totals; t++) {
		const struct upm_record_total *x = &rec->totals[t];
		const struct upm_record_count *g = &rec->counts[x->first];
		if (x->socket == socket && x->kernel == sys->kernel && g->spec == f->spec && g->box == f->box &&
		    upm_strcmp(g->label, f->label) == 0)
			return x;
	}
	return NULL;
}

static void counts_table(struct upm_buf *out, const struct upm_record *rec, int kernel)
{
	upm_buf_puts(out, "<table>\n<tr><th>box</th><th>event</th>");
	for (unsigned s = 0; s < rec->sockets; s++)
		upm_buf_printf(out, "<th>socket %u</th>", s);
	upm_buf_puts(out, "<th>total</th>");
	if (kernel >= 0)
		upm_buf_puts(out, "<th>idle baseline</th><th>net</th>");
	upm_buf_puts(out, "</tr>\n");
	for (unsigned t = 0; t < rec->n_totals; t++) {
		const struct upm_record_total *sys = &rec->totals[t];
		if (sys->socket >= 0 || sys->kernel != kernel)
			continue;
		const struct upm_record_count *f = &rec->counts[sys->first];
		upm_buf_puts(out, "<tr><td>");
		text(out, f->box);
		upm_buf_puts(out, "</td><td>");
		text(out, f->label);
		if (f->for_metrics)
			upm_buf_puts(out, " <small>(for metrics)</small>");
		upm_buf_puts(out, "</td>");
		for (unsigned s = 0; s < rec->sockets; s++)
			total_cell(out, rec, socket_total(rec, sys, (int)s));
		total_cell(out, rec, sys);
		if (kernel >= 0) {
			char b[48] = "", n[48] = "";
			if (sys->has_baseline && sys->instances && sys->baseline_instances == sys->instances) {
				upm_format_count(b, sizeof b, sys->baseline_sum);
				upm_format_signed_count(n, sizeof n, sys->net_sum);
			}
			upm_buf_printf(out, "<td class=\"n\">%s</td><td class=\"n\">%s</td>", b, n);
		}
		upm_buf_puts(out, "</tr>\n");
	}
	upm_buf_puts(out, "</table>\n");
}

static void metrics_table(struct upm_buf *out, const struct upm_record *rec, int kernel)
{
	int any = 0;
	for (unsigned i = 0; i < rec->n_metrics; i++) {
		const struct upm_record_metric *m = &rec->metrics[i];
		if (m->kernel != kernel || m->pass >= 0)
			continue;
		if (!any++)
			upm_buf_puts(out, "<h3>Metrics</h3>\n<table>\n<tr><th>socket</th><th>metric</th><th>value</th>"
					  "<th>over</th><th>window</th><th>passes</th><th>counts used</th></tr>\n");
		char v[64] = "not reported", over[96];
		if (m->reported && m->valid)
			upm_format_unit(v, sizeof v, m->value, m->unit);
		else if (m->reported)
			upm_snprintf(v, sizeof v, "n/a (%s)", m->why ? m->why : "no value");
		if (!m->reported)
			upm_snprintf(over, sizeof over, "none of its boxes was counted%s%s%s", m->not_counted ? " (" : "",
				     m->not_counted ? m->not_counted : "", m->not_counted ? ")" : "");
		else if (m->coverage[0])
			upm_snprintf(over, sizeof over, "%s only", m->coverage);
		else
			upm_snprintf(over, sizeof over, "%u %s", m->instances, m->box ? m->box : "");
		upm_buf_printf(out, "<tr><td>%u</td><td>", m->socket);
		text(out, m->name);
		upm_buf_printf(out, "</td><td class=\"n\">%s</td><td%s>", v, m->coverage[0] || !m->reported ? " class=\"warn\"" : "");
		text(out, over);
		char window[48] = "";
		if (m->window_ns) { /* a rate is over it: the kernel's GB/s above are over its loop */
			char d[32];
			upm_format_duration(d, sizeof d, m->window_ns);
			upm_snprintf(window, sizeof window, "the %s counting window", d);
		}
		upm_buf_printf(out, "</td><td>%s</td><td>%s</td><td>%u</td></tr>\n", window, m->passes, m->n_counts);
	}
	if (any)
		upm_buf_puts(out, "</table>\n");
}

/* x of a bar's end for value v of a chart whose longest bar is max, leaving room for its
 * text (reserve pixels) at the right. */
static int bar_x(double v, double max, int reserve)
{
	if (!(v > 0) || !(max > 0))
		return CHART_LABEL;
	return CHART_LABEL + (int)(v / max * (double)(CHART_W - CHART_LABEL - reserve));
}

static double count_value(const struct upm_record_count *c)
{
	return c->is_clock ? c->mhz : (double)c->delta;
}

/* A bar per box instance for the spec of system total sys. */
static void instance_chart(struct upm_buf *out, const struct upm_record *rec, const struct upm_record_total *sys)
{
	const struct upm_record_count *f = &rec->counts[sys->first];
	unsigned n = 0;
	double max = 0;
	for (unsigned i = 0; i < rec->n_counts; i++) {
		const struct upm_record_count *c = &rec->counts[i];
		if (c->kernel != sys->kernel || c->spec != f->spec || c->box != f->box || upm_strcmp(c->label, f->label))
			continue;
		n++;
		if (c->status == UPM_OK && count_value(c) > max)
			max = count_value(c);
	}
	upm_buf_puts(out, "<h4>");
	text(out, f->box);
	upm_buf_puts(out, " ");
	text(out, f->label);
	upm_buf_printf(out, "%s%s</h4>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" role=\"img\">\n",
		       f->is_clock ? " (MHz)" : "", f->for_metrics ? " <small>(for metrics)</small>" : "", CHART_W,
		       n * (CHART_BAR + 4) + 8);
	unsigned row = 0;
	for (unsigned i = 0; i < rec->n_counts; i++) {
		const struct upm_record_count *c = &rec->counts[i];
		if (c->kernel != sys->kernel || c->spec != f->spec || c->box != f->box || upm_strcmp(c->label, f->label))
			continue;
		unsigned y = 4 + row++ * (CHART_BAR + 4);
		char v[48];
		if (c->status != UPM_OK)
			upm_strlcpy(v, c->status_name, sizeof v);
		else if (c->is_clock)
			upm_format_unit(v, sizeof v, c->mhz * 1e6, "Hz");
		else
			upm_format_count(v, sizeof v, c->delta);
		int x = c->status == UPM_OK ? bar_x(count_value(c), max, 120) : CHART_LABEL;
		upm_buf_printf(out, "<text x=\"0\" y=\"%u\">socket %u %s%u</text>", y + CHART_BAR - 3, c->socket, c->box,
			       c->instance);
		upm_buf_printf(out, "<rect x=\"%d\" y=\"%u\" width=\"%d\" height=\"%u\" fill=\"%s\"><title>pass %u %s</title></rect>",
			       CHART_LABEL, y, x - CHART_LABEL, CHART_BAR, c->status == UPM_OK ? "#1565c0" : "#c62828",
			       c->pass, c->counter);
		upm_buf_printf(out, "<text x=\"%d\" y=\"%u\">", x + 4, y + CHART_BAR - 3);
		text(out, v);
		upm_buf_puts(out, "</text>\n");
	}
	upm_buf_puts(out, "</svg>\n");
}

static void instance_charts(struct upm_buf *out, const struct upm_record *rec, int kernel)
{
	int any = 0;
	for (unsigned t = 0; t < rec->n_totals; t++) {
		const struct upm_record_total *sys = &rec->totals[t];
		if (sys->socket >= 0 || sys->kernel != kernel)
			continue;
		if (!any++)
			upm_buf_puts(out, "<h3>Per box instance</h3>\n");
		instance_chart(out, rec, sys);
	}
}

#define BW_W (CHART_W + 200) /* the bandwidth chart: room for each figure's window */
#define BW_TEXT 340

/* A bar per kernel pass: the kernel's own bandwidth and what it moved to and from memory,
 * each over the kernel's timed loop, and saying so: the metrics' rates of the same
 * traffic are over the longer counting window. */
static void bandwidth_chart(struct upm_buf *out, const struct upm_record *rec)
{
	static const char *const what[] = { "kernel", "memory read", "memory write" };
	static const char *const colour[] = { "#1565c0", "#2e7d32", "#ef6c00" };
	double max = 0;
	for (unsigned i = 0; i < rec->n_kernel_runs; i++) {
		const struct upm_record_kernel_run *k = &rec->kernel_runs[i];
		double v[3] = { k->res.gbps, k->memory_read_gbps, k->memory_write_gbps };
		for (unsigned j = 0; j < 3; j++)
			if (k->rates_valid && v[j] > max)
				max = v[j];
	}
	upm_buf_printf(out, "<h2>Bandwidth per kernel</h2>\n<p>GB/s over the kernel's own timed loop (each bar says "
			    "how long): its own accounting, and the memory traffic it reported. The metrics below "
			    "are over the counting window, which also holds the write-back and the counters' start "
			    "and stop: a rate of the same traffic there is lower.</p>\n"
			    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" role=\"img\">\n",
		       BW_W, rec->n_kernel_runs * 3 * (CHART_BAR + 4) + rec->n_kernel_runs * 8 + 8);
	unsigned y = 4;
	for (unsigned i = 0; i < rec->n_kernel_runs; i++) {
		const struct upm_record_kernel_run *k = &rec->kernel_runs[i];
		double v[3] = { k->res.gbps, k->memory_read_gbps, k->memory_write_gbps };
		char took[32];
		upm_format_duration(took, sizeof took, (uint64_t)(k->res.seconds * 1e9));
		for (unsigned j = 0; j < 3; j++, y += CHART_BAR + 4) {
			char num[48];
			int x = k->rates_valid ? bar_x(v[j], max, CHART_W - BW_W + BW_TEXT) : CHART_LABEL;
			upm_format_double(num, sizeof num, v[j], 2);
			upm_buf_puts(out, "<text x=\"0\" y=\"");
			upm_buf_printf(out, "%u\">", y + CHART_BAR - 3);
			if (j == 0) {
				text(out, rec->kernels[k->kernel].name);
				upm_buf_printf(out, " pass %u", k->pass);
			}
			upm_buf_printf(out, "</text><rect x=\"%d\" y=\"%u\" width=\"%d\" height=\"%u\" fill=\"%s\"><title>%s</title></rect>"
					    "<text x=\"%d\" y=\"%u\">%s %s GB/s over the kernel's %s</text>\n",
				       CHART_LABEL, y, x - CHART_LABEL, CHART_BAR, colour[j], what[j], x + 4, y + CHART_BAR - 3,
				       what[j], k->rates_valid ? num : "n/a", took);
		}
		y += 8;
	}
	upm_buf_puts(out, "</svg>\n");
}

static void section(struct upm_buf *out, const struct upm_record *rec, int kernel)
{
	if (kernel >= 0) {
		const struct upm_record_kernel *k = &rec->kernels[kernel];
		char size[32];
		upm_format_bytes(size, sizeof size, k->size_bytes);
		upm_buf_puts(out, "<h2>Kernel ");
		text(out, k->name);
		upm_buf_printf(out, "</h2>\n<p>%u thread%s, %s, %llu iterations, memory %s%s", k->threads,
			       k->threads == 1 ? "" : "s", size, (unsigned long long)k->iterations,
			       k->memory_socket < 0 ? "local" : "on one socket", k->placed ? " (placed by SRAT)" : "");
		for (unsigned i = 0; i < rec->n_kernel_runs; i++) { /* the two windows its figures are over */
			const struct upm_record_kernel_run *run = &rec->kernel_runs[i];
			char took[32], window[32];
			if ((int)run->kernel != kernel)
				continue;
			upm_format_duration(took, sizeof took, (uint64_t)(run->res.seconds * 1e9));
			upm_format_duration(window, sizeof window, run->res.window_ns);
			upm_buf_printf(out, "; pass %u: its loop %s, its window %s (threads started to write-back done)",
				       run->pass, took, window);
		}
		upm_buf_puts(out, "</p>\n");
	}
	upm_buf_puts(out, "<h3>Counts per socket</h3>\n");
	counts_table(out, rec, kernel);
	metrics_table(out, rec, kernel);
	instance_charts(out, rec, kernel);
}

void upm_record_html(const struct upm_record *rec, struct upm_buf *out)
{
	const char *cls, *name;
	upm_record_status(rec, &cls, &name);
	upm_html_head(out, rec->command);
	upm_html_title(out, rec->run, rec->command, cls, name);
	findings(out, rec, cls, name); /* before any picture or table */
	upm_html_identity(out, rec->run);
	if (!rec->n_kernels) {
		section(out, rec, -1);
	} else {
		bandwidth_chart(out, rec);
		for (unsigned k = 0; k < rec->n_kernels; k++)
			section(out, rec, (int)k);
	}
	if (rec->repeated) {
		struct upm_buf line;
		upm_buf_init(&line);
		upm_record_repeated_line(rec->repeated, &line);
		upm_buf_puts(out, "<h2>Kernel between the samples</h2>\n<p id=\"interval-kernel\">");
		text(out, line.data ? line.data : "");
		upm_buf_puts(out, "</p>\n");
		upm_buf_free(&line);
	}
	if (rec->samples) /* line charts over time, one per event */
		upm_interval_html(rec->sampled, rec->samples, out);
	upm_html_end(out);
}

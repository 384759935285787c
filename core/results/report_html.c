/* report.html: written with the freestanding string helpers only (it is written on UEFI
 * too). Every list on the page follows the verdicts' order: a socket, box type, box
 * instance, test or chart appears where its first verdict is, found by looking back (the
 * verdict table holds a few thousand at most). */
#include "core/results/report_html.h"
#include "core/results/report_parts.h"
#include "core/results/markup.h"
#include "core/results/html_page.h"
#include "core/results/check_record.h"

#define CHART_W 640    /* SVG width; bars start after the label column */
#define CHART_LABEL 90
#define CHART_BAR 16   /* bar height, and the row pitch less 4 */

static const char *box_of(const struct upm_verdict *v)
{
	return v->box ? v->box : "";
}

static int same_box_type(const struct upm_verdict *a, const struct upm_verdict *b)
{
	return a->socket == b->socket && upm_strcmp(box_of(a), box_of(b)) == 0;
}

static int same_instance(const struct upm_verdict *a, const struct upm_verdict *b)
{
	return a->instance == b->instance && same_box_type(a, b);
}

static int same_chart(const struct upm_verdict *a, const struct upm_verdict *b)
{
	return a->instance >= 0 && b->instance >= 0 && a->has_measured && b->has_measured && same_box_type(a, b) &&
	       a->pass == b->pass && upm_strcmp(a->check, b->check) == 0;
}

/* A self-test verdict of one box instance: its presence too, so a box whose presence
 * failed (and has no other self-test) still has its row. */
static int is_selftest(const struct upm_verdict *v)
{
	return (upm_starts_with(v->check, "selftest.") || upm_strcmp(v->check, "presence") == 0) && v->instance >= 0;
}

/* Whether no earlier verdict matches v by same(). */
static int first_of(const struct upm_verdicts *vs, unsigned i,
		    int (*same)(const struct upm_verdict *, const struct upm_verdict *))
{
	for (unsigned j = 0; j < i; j++)
		if (same(&vs->v[j], &vs->v[i]))
			return 0;
	return 1;
}

static int same_socket(const struct upm_verdict *a, const struct upm_verdict *b)
{
	return a->socket == b->socket;
}

static int same_selftest_row(const struct upm_verdict *a, const struct upm_verdict *b)
{
	return same_instance(a, b) && is_selftest(a) && is_selftest(b);
}

static void text(struct upm_buf *out, const char *s)
{
	upm_buf_xml_text(out, s);
}

/* "cbo3", or "imc" for the box type's verdicts together. */
static void instance_name(struct upm_buf *out, const struct upm_verdict *v)
{
	text(out, box_of(v));
	if (v->instance >= 0)
		upm_buf_printf(out, "%d", v->instance);
}

/* The anchor of a box instance's verdicts: "s0-cbo3", "s0-imc-all". */
static void anchor(struct upm_buf *out, const struct upm_verdict *v)
{
	upm_report_anchor(out, v->socket, v->box, v->instance);
}

static enum upm_result worst_of_instance(const struct upm_verdicts *vs, const struct upm_verdict *key)
{
	enum upm_result w = UPM_RESULT_NA;
	for (unsigned i = 0; i < vs->n; i++)
		if (same_instance(&vs->v[i], key) && upm_result_rank(vs->v[i].result) > upm_result_rank(w))
			w = vs->v[i].result;
	return w;
}

/* The counts of each result, and the same as one stacked bar. */
static void totals(struct upm_buf *out, const struct upm_verdicts *vs)
{
	static const enum upm_result order[] = { UPM_RESULT_FAIL, UPM_RESULT_INCOMPLETE, UPM_RESULT_WARN,
						  UPM_RESULT_PASS, UPM_RESULT_NA };
	unsigned n[UPM_ARRAY_LEN(order)];
	upm_buf_puts(out, "<p>");
	for (unsigned k = 0; k < UPM_ARRAY_LEN(order); k++) {
		n[k] = 0;
		for (unsigned i = 0; i < vs->n; i++)
			n[k] += vs->v[i].result == order[k];
		upm_buf_printf(out, "%s<span class=\"%s\">&nbsp;%u %s&nbsp;</span>", k ? " " : "", upm_report_class(order[k]),
			       n[k], upm_result_name(order[k]));
	}
	upm_buf_printf(out, " verdicts%s</p>\n", vs->dropped ? " (some did not fit: INCOMPLETE)" : "");
	if (!vs->n)
		return;
	upm_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"14\" role=\"img\">",
		       CHART_W);
	unsigned x = 0, done = 0;
	for (unsigned k = 0; k < UPM_ARRAY_LEN(order); k++) {
		done += n[k];
		unsigned end = (unsigned)((uint64_t)done * CHART_W / vs->n);
		if (end > x)
			upm_buf_printf(out, "<rect x=\"%u\" y=\"0\" width=\"%u\" height=\"14\" fill=\"%s\"><title>%u %s</title></rect>",
				       x, end - x, upm_report_fill(order[k]), n[k], upm_result_name(order[k]));
		x = end;
	}
	upm_buf_puts(out, "</svg>\n");
}

/* A grid per socket: one row per box type, one coloured link per box instance. */
static void grids(struct upm_buf *out, const struct upm_verdicts *vs)
{
	for (unsigned s = 0; s < vs->n; s++) {
		if (!first_of(vs, s, same_socket))
			continue;
		upm_buf_printf(out, "<h2>Socket %u</h2>\n<div class=\"grid\">\n", vs->v[s].socket);
		for (unsigned t = s; t < vs->n; t++) {
			if (vs->v[t].socket != vs->v[s].socket || !first_of(vs, t, same_box_type))
				continue;
			upm_buf_puts(out, "<div class=\"row\"><b>");
			text(out, box_of(&vs->v[t]));
			upm_buf_puts(out, "</b>");
			for (unsigned i = t; i < vs->n; i++) {
				const struct upm_verdict *v = &vs->v[i];
				if (!same_box_type(v, &vs->v[t]) || !first_of(vs, i, same_instance))
					continue;
				enum upm_result w = worst_of_instance(vs, v);
				upm_buf_printf(out, "<a class=\"%s\" href=\"#", upm_report_class(w));
				anchor(out, v);
				upm_buf_puts(out, "\" title=\"");
				upm_buf_puts(out, upm_result_name(w));
				upm_buf_puts(out, "\">");
				if (v->instance >= 0)
					instance_name(out, v);
				else
					upm_buf_puts(out, "all");
				upm_buf_puts(out, "</a>");
			}
			upm_buf_puts(out, "</div>\n");
		}
		upm_buf_puts(out, "</div>\n");
	}
}

static const char *short_result(enum upm_result r)
{
	switch (r) {
	case UPM_RESULT_PASS: return "ok";
	case UPM_RESULT_WARN: return "W";
	case UPM_RESULT_FAIL: return "FAIL";
	case UPM_RESULT_INCOMPLETE: return "?";
	default: return "-";
	}
}

#define MAX_SELFTESTS 32 /* columns of the self-test matrix: a handful of tests */

/* The self-test matrix: a row per box instance, a column per self-test. */
static void selftest_matrix(struct upm_buf *out, const struct upm_verdicts *vs)
{
	unsigned col[MAX_SELFTESTS], n_col = 0, first = vs->n;
	for (unsigned i = 0; i < vs->n; i++) {
		if (!is_selftest(&vs->v[i]))
			continue;
		if (first == vs->n)
			first = i;
		unsigned c = 0;
		while (c < n_col && upm_strcmp(vs->v[col[c]].check, vs->v[i].check) != 0)
			c++;
		if (c == n_col && n_col < MAX_SELFTESTS)
			col[n_col++] = i;
	}
	if (!n_col)
		return;
	upm_buf_puts(out, "<h2>Self-test</h2>\n<table>\n<tr><th>box</th>");
	for (unsigned c = 0; c < n_col; c++) {
		upm_buf_puts(out, "<th>");
		const char *name = vs->v[col[c]].check;
		text(out, upm_starts_with(name, "selftest.") ? name + 9 : name);
		upm_buf_puts(out, "</th>");
	}
	upm_buf_puts(out, "</tr>\n");
	for (unsigned i = first; i < vs->n; i++) {
		const struct upm_verdict *row = &vs->v[i];
		if (!is_selftest(row) || !first_of(vs, i, same_selftest_row))
			continue;
		upm_buf_printf(out, "<tr><th><a href=\"#");
		anchor(out, row);
		upm_buf_printf(out, "\">socket %u ", row->socket);
		instance_name(out, row);
		upm_buf_puts(out, "</a></th>");
		for (unsigned c = 0; c < n_col; c++) {
			const struct upm_verdict *cell = NULL; /* the worst over a burn-in's passes */
			for (unsigned k = i; k < vs->n; k++)
				if (same_instance(&vs->v[k], row) && upm_strcmp(vs->v[k].check, vs->v[col[c]].check) == 0 &&
				    (!cell || upm_result_rank(vs->v[k].result) > upm_result_rank(cell->result)))
					cell = &vs->v[k];
			if (!cell) {
				upm_buf_puts(out, "<td></td>");
				continue;
			}
			upm_buf_printf(out, "<td class=\"%s\" title=\"", upm_report_class(cell->result));
			text(out, cell->reason);
			upm_buf_printf(out, "\">%s</td>", short_result(cell->result));
		}
		upm_buf_puts(out, "</tr>\n");
	}
	upm_buf_puts(out, "</table>\n");
}

/* x of a value on a chart whose right edge is max. */
static int bar_x(double v, double max)
{
	if (!(v > 0) || !(max > 0))
		return CHART_LABEL;
	if (v > max)
		v = max;
	return CHART_LABEL + (int)(v / max * (double)(CHART_W - CHART_LABEL - 60));
}

/* One chart: a bar per box instance's measured value, coloured by its result, over the
 * accepted range (shaded) and the expected value (a dashed line) where it has them. */
static void chart(struct upm_buf *out, const struct upm_verdicts *vs, unsigned first)
{
	const struct upm_verdict *k = &vs->v[first];
	unsigned n = 0;
	double max = 0;
	for (unsigned i = first; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (!same_chart(v, k))
			continue;
		n++;
		if (v->measured > max)
			max = v->measured;
		if (v->has_expected && v->expected > max)
			max = v->expected;
		if (v->has_range && v->high > max && v->high < 1e300)
			max = v->high;
	}
	if (n < 2)
		return;
	char a[48];
	upm_buf_printf(out, "<h3>Socket %u ", k->socket);
	text(out, box_of(k));
	upm_buf_puts(out, ": ");
	text(out, k->check);
	if (k->unit[0]) {
		upm_buf_puts(out, " (");
		text(out, k->unit);
		upm_buf_puts(out, ")");
	}
	unsigned h = n * (CHART_BAR + 4) + 8;
	upm_buf_printf(out, "</h3>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" role=\"img\">\n",
		       CHART_W, h);
	unsigned row = 0;
	for (unsigned i = first; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (!same_chart(v, k))
			continue;
		unsigned y = 4 + row++ * (CHART_BAR + 4);
		if (v->has_range) {
			int lo = bar_x(v->low, max), hi = bar_x(v->high, max);
			upm_buf_printf(out, "<rect x=\"%d\" y=\"%u\" width=\"%d\" height=\"%u\" fill=\"#e0e0e0\"/>", lo, y - 2,
				       hi - lo, CHART_BAR + 4);
		}
		int x = bar_x(v->measured, max);
		upm_buf_printf(out, "<text x=\"0\" y=\"%u\"><a href=\"#", y + CHART_BAR - 4);
		anchor(out, v);
		upm_buf_puts(out, "\">");
		instance_name(out, v);
		upm_buf_printf(out, "</a></text><rect x=\"%d\" y=\"%u\" width=\"%d\" height=\"%u\" fill=\"%s\"><title>",
			       CHART_LABEL, y, x - CHART_LABEL, CHART_BAR, upm_report_fill(v->result));
		text(out, v->reason);
		upm_format_short(a, sizeof a, v->measured);
		upm_buf_printf(out, "</title></rect><text x=\"%d\" y=\"%u\">%s</text>", x + 4, y + CHART_BAR - 4, a);
		if (v->has_expected) {
			int e = bar_x(v->expected, max);
			upm_buf_printf(out, "<line x1=\"%d\" y1=\"%u\" x2=\"%d\" y2=\"%u\" stroke=\"#212121\" "
					    "stroke-dasharray=\"3,2\"/>", e, y - 2, e, y + CHART_BAR + 2);
		}
		upm_buf_puts(out, "\n");
	}
	upm_buf_puts(out, "</svg>\n");
}

static unsigned last_pass(const struct upm_verdicts *vs)
{
	unsigned last = 1;
	for (unsigned i = 0; i < vs->n; i++)
		if (vs->v[i].pass > last)
			last = vs->v[i].pass;
	return last;
}

/* The measured values of the last pass (a burn-in's earlier ones are in its trends). */
static void charts(struct upm_buf *out, const struct upm_verdicts *vs)
{
	int any = 0;
	unsigned last = last_pass(vs);
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (v->instance < 0 || !v->has_measured || v->pass != last || !first_of(vs, i, same_chart))
			continue;
		if (!any && last > 1)
			upm_buf_printf(out, "<h2>Measured per box instance, pass %u</h2>\n<p>Bars: measured; grey band: "
					    "accepted range; dashed line: expected.</p>\n", last);
		else if (!any)
			upm_buf_puts(out, "<h2>Measured per box instance</h2>\n<p>Bars: measured; grey band: accepted "
					  "range; dashed line: expected.</p>\n");
		any = 1;
		chart(out, vs, i);
	}
}

static void number_cell(struct upm_buf *out, double v, int valid)
{
	char a[48] = "";
	if (valid)
		upm_format_short(a, sizeof a, v);
	upm_buf_printf(out, "<td>%s</td>", a);
}

/* Every box instance's verdicts, under its anchor. In a burn-in, with their pass and the
 * first pass that failed: the last pass's verdicts and every other pass's findings (not
 * PASS or N/A), so the page stays about one pass long however long the burn-in ran
 * (every verdict is in verdicts.csv and results.json). */
static void details(struct upm_buf *out, const struct upm_verdicts *vs, const struct upm_burnin *b)
{
	int passes = b && b->active;
	unsigned last = last_pass(vs);
	upm_buf_puts(out, "<h2>Verdicts</h2>\n");
	if (passes && last > 1)
		upm_buf_printf(out, "<p>Pass %u's verdicts, and the findings of every pass.</p>\n", last);
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *key = &vs->v[i];
		if (!first_of(vs, i, same_instance))
			continue;
		upm_buf_puts(out, "<h3 id=\"");
		anchor(out, key);
		upm_buf_printf(out, "\">Socket %u ", key->socket);
		instance_name(out, key);
		if (key->instance < 0)
			upm_buf_puts(out, " (all)");
		upm_buf_printf(out, ": <span class=\"%s\">&nbsp;%s&nbsp;</span>", upm_report_class(worst_of_instance(vs, key)),
			       upm_result_name(worst_of_instance(vs, key)));
		const struct upm_burnin_instance *x =
			passes ? upm_burnin_instance_of(b, key->socket, box_of(key), key->instance) : NULL;
		if (x && x->first_fail)
			upm_buf_printf(out, " first failing pass %u", x->first_fail);
		upm_buf_printf(out, "</h3>\n<table>\n<tr>%s<th>check</th><th>result</th><th>reason</th><th>measured</th>"
				    "<th>expected</th><th>low</th><th>high</th><th>unit</th></tr>\n",
			       passes ? "<th>pass</th>" : "");
		for (unsigned j = i; j < vs->n; j++) {
			const struct upm_verdict *v = &vs->v[j];
			if (!same_instance(v, key))
				continue;
			if (passes && v->pass != last && (v->result == UPM_RESULT_PASS || v->result == UPM_RESULT_NA))
				continue;
			upm_buf_puts(out, "<tr>");
			if (passes)
				upm_buf_printf(out, "<td>%u</td>", v->pass);
			upm_buf_puts(out, "<td>");
			text(out, v->check);
			upm_buf_printf(out, "</td><td class=\"%s\">%s</td><td>", upm_report_class(v->result), upm_result_name(v->result));
			text(out, v->reason);
			upm_buf_puts(out, "</td>");
			number_cell(out, v->measured, v->has_measured);
			number_cell(out, v->expected, v->has_expected);
			number_cell(out, v->low, v->has_range);
			number_cell(out, v->high, v->has_range);
			upm_buf_puts(out, "<td>");
			if (v->has_measured || v->has_range)
				text(out, v->unit);
			upm_buf_puts(out, "</td></tr>\n");
		}
		upm_buf_puts(out, "</table>\n");
	}
}

/* The page: kernels (n of them) are the plausibility stage's runs, as the record has them. */
static void page(struct upm_buf *out, const struct upm_run *r, const struct upm_verdicts *vs,
		 const struct upm_burnin *b, const char *command, enum upm_result overall,
		 const struct upm_check_kernel_run *kernels, unsigned n)
{
	upm_html_head(out, command);
	upm_html_title(out, r, command, upm_report_class(overall), upm_result_name(overall));
	upm_report_findings(out, vs, b, overall); /* before any picture or table */
	upm_html_identity(out, r);
	totals(out, vs);
	if (b)
		upm_report_burnin(out, b); /* passes, first failing pass and trend per instance */
	grids(out, vs);
	selftest_matrix(out, vs);
	if (b)
		upm_report_bandwidth(out, b);
	upm_report_kernels(out, kernels, n, b && b->active);
	charts(out, vs);
	details(out, vs, b);
	upm_html_end(out);
}

void upm_check_record_html(const struct upm_check_record *rec, struct upm_buf *out)
{
	page(out, rec->run, rec->verdicts, rec->burnin, rec->command, rec->verdict, rec->kernels,
	     rec->has_kernels ? rec->n_kernels : 0);
}

void upm_report_html_check(const struct upm_run *r, const struct upm_verdicts *vs, const struct upm_burnin *b,
			   const char *command, enum upm_result overall, struct upm_buf *out)
{
	page(out, r, vs, b, command, overall, NULL, 0);
}

void upm_report_html(const struct upm_run *r, const struct upm_verdicts *vs, const char *command,
		     enum upm_result overall, struct upm_buf *out)
{
	page(out, r, vs, NULL, command, overall, NULL, 0);
}

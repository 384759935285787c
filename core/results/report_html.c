/* report.html: written with the freestanding string helpers only (it is written on UEFI
 * too). Every list on the page follows the verdicts' order: a socket, box type, box
 * instance, test or chart appears where its first verdict is, found by looking back (the
 * verdict table holds a few thousand at most). */
#include "core/results/report_html.h"
#include "core/results/markup.h"
#include "core/results/html_page.h"

#define CHART_W 640    /* SVG width; bars start after the label column */
#define CHART_LABEL 90
#define CHART_BAR 16   /* bar height, and the row pitch less 4 */

static const char *css_class(enum upm_result r)
{
	switch (r) {
	case UPM_RESULT_PASS: return "pass";
	case UPM_RESULT_WARN: return "warn";
	case UPM_RESULT_FAIL: return "fail";
	case UPM_RESULT_INCOMPLETE: return "inc";
	default: return "na";
	}
}

static const char *fill(enum upm_result r)
{
	switch (r) {
	case UPM_RESULT_PASS: return "#2e7d32";
	case UPM_RESULT_WARN: return "#f9a825";
	case UPM_RESULT_FAIL: return "#c62828";
	case UPM_RESULT_INCOMPLETE: return "#6a1b9a";
	default: return "#9e9e9e";
	}
}

/* How bad a result is, for a box's colour: FAIL over INCOMPLETE over WARN over PASS over N/A. */
static int rank(enum upm_result r)
{
	switch (r) {
	case UPM_RESULT_FAIL: return 4;
	case UPM_RESULT_INCOMPLETE: return 3;
	case UPM_RESULT_WARN: return 2;
	case UPM_RESULT_PASS: return 1;
	default: return 0;
	}
}

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
	       upm_strcmp(a->check, b->check) == 0;
}

static int is_selftest(const struct upm_verdict *v)
{
	return upm_starts_with(v->check, "selftest.") && v->instance >= 0;
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
	upm_buf_printf(out, "s%u-", v->socket);
	text(out, box_of(v));
	if (v->instance >= 0)
		upm_buf_printf(out, "%d", v->instance);
	else
		upm_buf_puts(out, "-all");
}

static enum upm_result worst_of_instance(const struct upm_verdicts *vs, const struct upm_verdict *key)
{
	enum upm_result w = UPM_RESULT_NA;
	for (unsigned i = 0; i < vs->n; i++)
		if (same_instance(&vs->v[i], key) && rank(vs->v[i].result) > rank(w))
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
		upm_buf_printf(out, "%s<span class=\"%s\">&nbsp;%u %s&nbsp;</span>", k ? " " : "", css_class(order[k]),
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
				       x, end - x, fill(order[k]), n[k], upm_result_name(order[k]));
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
				upm_buf_printf(out, "<a class=\"%s\" href=\"#", css_class(w));
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
		text(out, vs->v[col[c]].check + 9);
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
			const struct upm_verdict *cell = NULL;
			for (unsigned k = i; k < vs->n && !cell; k++)
				if (same_instance(&vs->v[k], row) && upm_strcmp(vs->v[k].check, vs->v[col[c]].check) == 0)
					cell = &vs->v[k];
			if (!cell) {
				upm_buf_puts(out, "<td></td>");
				continue;
			}
			upm_buf_printf(out, "<td class=\"%s\" title=\"", css_class(cell->result));
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
			       CHART_LABEL, y, x - CHART_LABEL, CHART_BAR, fill(v->result));
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

static void charts(struct upm_buf *out, const struct upm_verdicts *vs)
{
	int any = 0;
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (v->instance < 0 || !v->has_measured || !first_of(vs, i, same_chart))
			continue;
		if (!any)
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

/* Every box instance's verdicts, under its anchor. */
static void details(struct upm_buf *out, const struct upm_verdicts *vs)
{
	upm_buf_puts(out, "<h2>Verdicts</h2>\n");
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
		upm_buf_printf(out, ": <span class=\"%s\">&nbsp;%s&nbsp;</span></h3>\n", css_class(worst_of_instance(vs, key)),
			       upm_result_name(worst_of_instance(vs, key)));
		upm_buf_puts(out, "<table>\n<tr><th>check</th><th>result</th><th>reason</th><th>measured</th>"
				  "<th>expected</th><th>low</th><th>high</th><th>unit</th></tr>\n");
		for (unsigned j = i; j < vs->n; j++) {
			const struct upm_verdict *v = &vs->v[j];
			if (!same_instance(v, key))
				continue;
			upm_buf_puts(out, "<tr><td>");
			text(out, v->check);
			upm_buf_printf(out, "</td><td class=\"%s\">%s</td><td>", css_class(v->result), upm_result_name(v->result));
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

void upm_report_html(const struct upm_run *r, const struct upm_verdicts *vs, const char *command,
		     enum upm_result overall, struct upm_buf *out)
{
	upm_html_head(out, command);
	upm_html_identity(out, r, command, css_class(overall), upm_result_name(overall));
	totals(out, vs);
	grids(out, vs);
	selftest_matrix(out, vs);
	charts(out, vs);
	details(out, vs);
	upm_html_end(out);
}

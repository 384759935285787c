/* fleet.html (fleet.h; docs/fleet.md, fleet.html): one self-contained page, inline style
 * and SVG, nothing fetched: what was read and left out, the outliers, then per SKU and
 * platform a strip plot per number, each machine a dot, the median a line, the band inside
 * which a machine is no outlier shaded, outliers red and named by serial. */
#include "core/fleet/fleet.h"
#include "core/results/html_page.h"
#include "core/results/markup.h"

#define PLOT_W 720
#define PLOT_H 88
#define PLOT_X0 70
#define PLOT_X1 650

static void text(struct upm_buf *out, const char *s)
{
	upm_buf_xml_text(out, s);
}

static void num(struct upm_buf *out, double v)
{
	char b[48];
	upm_fleet_number(b, sizeof b, v);
	upm_buf_puts(out, b);
}

/* "memory.read imc socket 0 (bytes)": the series' number as a heading. */
static void label(struct upm_buf *out, const struct upm_fleet_series *s)
{
	const struct upm_fleet_metric *m = s->key;
	text(out, m->name);
	if (m->box[0]) {
		upm_buf_puts(out, " ");
		text(out, m->box);
		if (m->instance >= 0)
			upm_buf_printf(out, "%d", m->instance);
	}
	if (m->socket >= 0)
		upm_buf_printf(out, " socket %d", m->socket);
	if (m->unit[0]) {
		upm_buf_puts(out, " (");
		text(out, m->unit);
		upm_buf_puts(out, ")");
	}
}

/* The half-width of the band inside which a value is no outlier (fleet.h's rule). */
static double band(const struct upm_fleet_stats *st)
{
	double m = st->median < 0 ? -st->median : st->median;
	return st->mad > 0 ? UPM_FLEET_MAD_LIMIT * UPM_FLEET_MAD_SCALE * st->mad : UPM_FLEET_ZERO_MAD_SHARE * m;
}

static int xpos(double v, double lo, double hi)
{
	double x = PLOT_X0 + (v - lo) / (hi - lo) * (PLOT_X1 - PLOT_X0);
	if (x < PLOT_X0 - 20)
		x = PLOT_X0 - 20;
	if (x > PLOT_X1 + 20)
		x = PLOT_X1 + 20;
	return (int)(x + 0.5);
}

static void strip_plot(struct upm_buf *out, const struct upm_fleet *f, const struct upm_fleet_series *s)
{
	const struct upm_fleet_stats *st = &s->st;
	double lo = st->min, hi = st->max, span = hi - lo;
	if (span <= 0) {
		double m = st->median < 0 ? -st->median : st->median;
		span = m > 0 ? m * 0.1 : 1.0;
		lo = st->median - span / 2;
		hi = st->median + span / 2;
	} else {
		lo -= span * 0.05;
		hi += span * 0.05;
	}
	upm_buf_printf(out, "<svg class=\"strip\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"", PLOT_W, PLOT_H);
	label(out, s);
	upm_buf_printf(out, "\">\n<rect x=\"%d\" y=\"6\" width=\"%d\" height=\"44\" fill=\"#fafafa\" stroke=\"#ddd\"/>\n",
		       PLOT_X0 - 10, PLOT_X1 - PLOT_X0 + 20);
	double b = band(st);
	int bx0 = xpos(st->median - b, lo, hi), bx1 = xpos(st->median + b, lo, hi);
	bx0 = bx0 < PLOT_X0 - 10 ? PLOT_X0 - 10 : bx0; /* within the plot's frame */
	bx1 = bx1 > PLOT_X1 + 10 ? PLOT_X1 + 10 : bx1;
	upm_buf_printf(out, "<rect class=\"band\" x=\"%d\" y=\"6\" width=\"%d\" height=\"44\" fill=\"#e8f5e9\"/>\n", bx0,
		       bx1 - bx0 > 0 ? bx1 - bx0 : 1);
	int mx = xpos(st->median, lo, hi);
	upm_buf_printf(out, "<line class=\"median\" x1=\"%d\" y1=\"4\" x2=\"%d\" y2=\"52\" stroke=\"#2e7d32\" "
			    "stroke-width=\"2\" stroke-dasharray=\"4 2\"/>\n", mx, mx);
	for (unsigned k = 0, shown = 0; k < s->n; k++) {
		const struct upm_fleet_run *run = &f->runs[s->runs[k]];
		int x = xpos(s->values[k], lo, hi), y = 16 + (int)(k % 4) * 8;
		upm_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\" fill-opacity=\"%s\"%s><title>", x, y,
			       s->outlier[k] ? "#c62828" : "#1565c0", s->outlier[k] ? "1" : "0.6",
			       s->outlier[k] ? " class=\"outlier\"" : "");
		text(out, run->serial);
		upm_buf_puts(out, ": ");
		num(out, s->values[k]);
		upm_buf_puts(out, " (");
		text(out, run->folder);
		upm_buf_puts(out, ")</title></circle>\n");
		if (s->outlier[k]) {
			upm_buf_printf(out, "<text class=\"outlier\" x=\"%d\" y=\"%d\" fill=\"#c62828\" text-anchor=\"middle\">",
				       x, 62 + (int)(shown++ % 3) * 11);
			text(out, run->serial);
			upm_buf_puts(out, "</text>\n");
		}
	}
	upm_buf_printf(out, "<text x=\"%d\" y=\"30\" text-anchor=\"end\">", PLOT_X0 - 14);
	num(out, st->min);
	upm_buf_printf(out, "</text>\n<text x=\"%d\" y=\"30\">", PLOT_X1 + 14);
	num(out, st->max);
	upm_buf_puts(out, "</text>\n</svg>\n");
}

static void series_section(struct upm_buf *out, const struct upm_fleet *f, const struct upm_fleet_series *s)
{
	upm_buf_puts(out, "<div class=\"series\"><div class=\"sl\"><b>");
	upm_buf_puts(out, s->first->command);
	upm_buf_puts(out, "</b> ");
	label(out, s);
	upm_buf_printf(out, ": %u machine%s, median ", s->st.n, s->st.n == 1 ? "" : "s");
	num(out, s->st.median);
	upm_buf_puts(out, ", MAD ");
	num(out, s->st.mad);
	upm_buf_puts(out, ", min ");
	num(out, s->st.min);
	upm_buf_puts(out, ", max ");
	num(out, s->st.max);
	if (s->n_outliers)
		upm_buf_printf(out, ", <span class=\"out\">%u outlier%s</span>", s->n_outliers,
			       s->n_outliers == 1 ? "" : "s");
	upm_buf_puts(out, "</div>\n");
	strip_plot(out, f, s);
	upm_buf_puts(out, "</div>\n");
}

static void what_was_read(struct upm_buf *out, const struct upm_fleet *f, const struct upm_run *r)
{
	char when[64];
	upm_wall_time_iso(&r->ident.start, r->ident.start_ok, when, sizeof when);
	upm_buf_puts(out, "<p id=\"what\">The numbers of <b>");
	upm_buf_printf(out, "%u machine%s</b> in %u group%s (processor SKU and platform), read from every "
			    "results.json under <code>", f->n_machines, f->n_machines == 1 ? "" : "s", f->n_groups,
		       f->n_groups == 1 ? "" : "s");
	text(out, f->dir);
	upm_buf_puts(out, "</code> at ");
	text(out, when);
	upm_buf_printf(out, " by upmon %s (revision ", UPM_VERSION);
	text(out, upm_revision());
	upm_buf_printf(out, "): <span id=\"counts\">%u results.json found, %u compared, %u left out of the statistics "
			    "(%u mock, %u replay, %u dry run), %u superseded by a later run of the same machine, %u "
			    "with no numbers to compare, %u unreadable</span>.",
		       f->found, f->n_state[UPM_FLEET_COMPARED],
		       f->n_state[UPM_FLEET_MOCK] + f->n_state[UPM_FLEET_REPLAY] + f->n_state[UPM_FLEET_DRY_RUN],
		       f->n_state[UPM_FLEET_MOCK], f->n_state[UPM_FLEET_REPLAY], f->n_state[UPM_FLEET_DRY_RUN],
		       f->n_state[UPM_FLEET_SUPERSEDED], f->n_state[UPM_FLEET_NO_NUMBERS], f->n_state[UPM_FLEET_UNREADABLE]);
	if (f->left_out[0]) {
		upm_buf_puts(out, " <b>Not looked at:</b> ");
		text(out, f->left_out);
		upm_buf_puts(out, ".");
	}
	if (f->series_cut)
		upm_buf_printf(out, " <b>Only the first %u numbers are compared</b>.", UPM_FLEET_MAX_SERIES);
	upm_buf_puts(out, "</p>\n<p id=\"method\">Each number is compared within its group: the centre is the median, "
			  "the spread the median absolute deviation (MAD, the median of |x - median|). A machine is an "
			  "<span class=\"out\">outlier</span> when |x - median| &gt; 3 &times; 1.4826 &times; MAD "
			  "(1.4826 &times; MAD estimates the standard deviation of normally distributed values), or, "
			  "when the MAD is 0, when x differs from the median by more than 5%. The shaded band of each "
			  "plot is where a machine is no outlier; the dashed line is the median. A machine's latest run "
			  "of a command counts; mock, replay and dry runs are never compared.</p>\n");
}

static void outlier_tr(void *ctx, const struct upm_fleet_series *s, unsigned k, const struct upm_fleet_run *run)
{
	struct upm_buf *out = ctx;
	double pct;
	upm_buf_puts(out, "<tr class=\"outrow\"><td>");
	text(out, run->serial);
	upm_buf_puts(out, "</td><td>");
	text(out, run->sku);
	upm_buf_puts(out, "</td><td>");
	text(out, run->platform);
	upm_buf_puts(out, "</td><td>");
	text(out, run->command);
	upm_buf_puts(out, " ");
	label(out, s);
	upm_buf_puts(out, "</td><td class=\"n\">");
	num(out, s->values[k]);
	upm_buf_puts(out, "</td><td class=\"n\">");
	num(out, s->st.median);
	upm_buf_puts(out, "</td><td class=\"n\">");
	if (upm_fleet_off_pct(&s->st, s->values[k], &pct)) {
		char text_pct[32];
		upm_format_double(text_pct, sizeof text_pct, pct, 1);
		upm_buf_printf(out, "%s%s%%", pct >= 0 ? "+" : "", text_pct);
	}
	upm_buf_puts(out, "</td><td>");
	text(out, run->folder);
	upm_buf_puts(out, "</td></tr>\n");
}

static void outliers_table(struct upm_buf *out, const struct upm_fleet *f)
{
	upm_buf_printf(out, "<h2 id=\"outliers\">Outliers: %u</h2>\n", f->n_outliers);
	if (!f->n_outliers) {
		upm_buf_puts(out, "<p>No machine lies outside its group's spread.</p>\n");
		return;
	}
	upm_buf_puts(out, "<table class=\"outliers\">\n<tr><th>serial</th><th>SKU</th><th>platform</th><th>number</th>"
			  "<th>value</th><th>median</th><th>off by</th><th>run folder</th></tr>\n");
	upm_fleet_each_outlier(f, outlier_tr, out);
	upm_buf_puts(out, "</table>\n");
}

static void not_compared(struct upm_buf *out, const struct upm_fleet *f)
{
	unsigned n = f->n_runs - f->n_state[UPM_FLEET_COMPARED];
	upm_buf_printf(out, "<h2 id=\"not-compared\">Runs not compared: %u</h2>\n", n);
	if (!n) {
		upm_buf_puts(out, "<p>Every results.json found was compared.</p>\n");
		return;
	}
	upm_buf_puts(out, "<table class=\"skipped\">\n<tr><th>results.json</th><th>serial</th><th>command</th>"
			  "<th>state</th><th>why</th></tr>\n");
	for (unsigned i = 0; i < f->n_runs; i++) {
		const struct upm_fleet_run *run = &f->runs[i];
		if (run->state == UPM_FLEET_COMPARED)
			continue;
		upm_buf_puts(out, "<tr><td>");
		text(out, run->path);
		upm_buf_puts(out, "</td><td>");
		text(out, run->serial);
		upm_buf_puts(out, "</td><td>");
		text(out, run->command);
		upm_buf_printf(out, "</td><td class=\"%s\">", run->state == UPM_FLEET_UNREADABLE ? "fail" : "na");
		text(out, upm_fleet_state_name(run->state));
		upm_buf_puts(out, "</td><td>");
		text(out, run->why);
		upm_buf_puts(out, "</td></tr>\n");
	}
	upm_buf_puts(out, "</table>\n");
}

/* A group's machines, by serial, with the folder each came from. */
static void group_machines(struct upm_buf *out, const struct upm_fleet *f, const struct upm_fleet_run *g)
{
	upm_buf_puts(out, "<details><summary>machines</summary><ul>\n");
	for (unsigned i = 0; i < f->n_runs; i++) {
		const struct upm_fleet_run *run = &f->runs[i];
		if (run->state != UPM_FLEET_COMPARED || upm_strcmp(run->sku, g->sku) || upm_strcmp(run->platform, g->platform))
			continue;
		upm_buf_puts(out, "<li>");
		text(out, run->serial);
		upm_buf_puts(out, " ");
		text(out, run->command);
		upm_buf_puts(out, ": ");
		text(out, run->folder);
		upm_buf_puts(out, "</li>\n");
	}
	upm_buf_puts(out, "</ul></details>\n");
}

void upm_fleet_html(const struct upm_fleet *f, const struct upm_run *r, struct upm_buf *out)
{
	char result[48];
	const char *cls = f->n_outliers ? "warn" : f->n_machines ? "pass" : "na";
	if (f->n_outliers)
		upm_snprintf(result, sizeof result, "%u OUTLIER%s", f->n_outliers, f->n_outliers == 1 ? "" : "S");
	else
		upm_snprintf(result, sizeof result, "%s", f->n_machines ? "NO OUTLIER" : "NOTHING COMPARED");
	upm_html_head(out, "fleet");
	upm_buf_puts(out, "<style>.out{color:#c62828;font-weight:bold}.series{margin:.6em 0}.sl{font-size:90%}"
			  "svg.strip{display:block}tr.outrow td{background:#ffebee}</style>\n");
	upm_html_title(out, r, "fleet", cls, result);
	what_was_read(out, f, r);
	outliers_table(out, f);
	not_compared(out, f);
	const struct upm_fleet_run *group = NULL;
	for (unsigned i = 0; i < f->n_series; i++) {
		const struct upm_fleet_series *s = &f->series[i];
		if (!group || upm_strcmp(group->sku, s->first->sku) || upm_strcmp(group->platform, s->first->platform)) {
			group = s->first;
			unsigned n = 0;
			for (unsigned k = 0; k < f->n_runs; k++)
				n += f->runs[k].state == UPM_FLEET_COMPARED && !upm_strcmp(f->runs[k].sku, group->sku) &&
				     !upm_strcmp(f->runs[k].platform, group->platform);
			upm_buf_puts(out, "<h2 class=\"group\">");
			text(out, group->sku);
			upm_buf_puts(out, " (");
			text(out, group->platform);
			upm_buf_printf(out, "): %u machine%s</h2>\n", n, n == 1 ? "" : "s");
			group_machines(out, f, group);
		}
		series_section(out, f, s);
	}
	upm_buf_puts(out, "<h2>This run</h2>\n");
	upm_html_identity(out, r);
	upm_html_end(out);
}

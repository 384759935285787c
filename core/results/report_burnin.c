/* report.html's burn-in and kernel bandwidth sections (core/results/report_parts.h):
 * inline SVG only, drawn from the burn-in record (core/check/burnin.h). */
#include "core/results/report_parts.h"
#include "core/results/markup.h"
#include "platform/base/human.h"

#define SPARK_W 160   /* a trend's line: width and height in pixels */
#define SPARK_H 28
#define BW_W 760      /* the bandwidth chart: width, label column, bar height, and the */
#define BW_LABEL 130  /* room its figures take right of the longest bar (each says its */
#define BW_BAR 16     /* window: the kernel's timed loop) */
#define BW_TEXT 220

static void passes_table(struct upm_buf *out, const struct upm_burnin *b)
{
	upm_buf_puts(out, "<table>\n<tr><th>pass</th><th>verdict</th><th>pass</th><th>warn</th><th>fail</th>"
			  "<th>incomplete</th><th>n/a</th><th>seconds</th></tr>\n");
	for (unsigned i = 0; i < b->n_pass; i++) {
		const struct upm_burnin_pass *p = &b->pass[i];
		char secs[32];
		upm_format_short(secs, sizeof secs, (double)p->ns / 1e9);
		upm_buf_printf(out, "<tr><td>%u</td><td class=\"%s\">%s</td><td>%u</td><td>%u</td><td>%u</td><td>%u</td>"
				    "<td>%u</td><td>%s</td></tr>\n",
			       p->pass, upm_report_class(p->aborted ? UPM_RESULT_INCOMPLETE : p->worst),
			       p->aborted ? "ABORTED" : upm_result_name(p->worst), p->counts[UPM_RESULT_PASS],
			       p->counts[UPM_RESULT_WARN], p->counts[UPM_RESULT_FAIL], p->counts[UPM_RESULT_INCOMPLETE],
			       p->counts[UPM_RESULT_NA], secs);
	}
	upm_buf_puts(out, "</table>\n");
}

/* A trend as a small line: one point per pass kept, coloured by its result, between the
 * lowest and highest value measured (a flat line when they are equal). */
static void sparkline(struct upm_buf *out, const struct upm_trend *t)
{
	double lo = t->measured[0], hi = t->measured[0];
	for (unsigned k = 1; k < t->n; k++) {
		if (t->measured[k] < lo)
			lo = t->measured[k];
		if (t->measured[k] > hi)
			hi = t->measured[k];
	}
	char a[48], z[48];
	upm_format_short(a, sizeof a, lo);
	upm_format_short(z, sizeof z, hi);
	upm_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"trend\" width=\"%u\" height=\"%u\" "
			    "role=\"img\"><title>%s to %s ", SPARK_W, SPARK_H, a, z);
	upm_buf_xml_text(out, t->unit);
	upm_buf_printf(out, " over passes %u-%u</title>", t->pass[0], t->pass[t->n - 1]);
	unsigned span = t->pass[t->n - 1] > t->pass[0] ? t->pass[t->n - 1] - t->pass[0] : 1;
	int xs[UPM_TREND_POINTS], ys[UPM_TREND_POINTS];
	for (unsigned k = 0; k < t->n; k++) {
		xs[k] = 4 + (int)((uint64_t)(t->pass[k] - t->pass[0]) * (SPARK_W - 8) / span);
		ys[k] = hi > lo ? 4 + (int)((hi - t->measured[k]) / (hi - lo) * (SPARK_H - 8)) : SPARK_H / 2;
	}
	if (t->n > 1) {
		upm_buf_puts(out, "<polyline fill=\"none\" stroke=\"#616161\" stroke-width=\"1\" points=\"");
		for (unsigned k = 0; k < t->n; k++)
			upm_buf_printf(out, "%s%d,%d", k ? " " : "", xs[k], ys[k]);
		upm_buf_puts(out, "\"/>");
	}
	for (unsigned k = 0; k < t->n; k++) {
		upm_format_short(a, sizeof a, t->measured[k]);
		upm_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"2.5\" fill=\"%s\"><title>pass %u: %s</title></circle>",
			       xs[k], ys[k], upm_report_fill((enum upm_result)t->result[k]), t->pass[k], a);
	}
	upm_buf_puts(out, "</svg>");
}

static void instance_rows(struct upm_buf *out, const struct upm_burnin *b)
{
	upm_buf_puts(out, "<table>\n<tr><th>socket</th><th>box</th><th>verdict</th><th>first failing pass</th>"
			  "<th>measured over the passes</th></tr>\n");
	for (unsigned i = 0; i < b->n_inst; i++) {
		const struct upm_burnin_instance *x = &b->inst[i];
		upm_buf_printf(out, "<tr><td>%u</td><td><a href=\"#", x->socket);
		upm_report_anchor(out, x->socket, x->box, x->instance);
		upm_buf_puts(out, "\">");
		upm_buf_xml_text(out, x->box);
		if (x->instance >= 0)
			upm_buf_printf(out, "%d", x->instance);
		else
			upm_buf_puts(out, " (all)");
		upm_buf_printf(out, "</a></td><td class=\"%s\">%s</td><td>", upm_report_class(x->worst),
			       upm_result_name(x->worst));
		if (x->first_fail)
			upm_buf_printf(out, "<b>%u</b>", x->first_fail);
		upm_buf_puts(out, "</td><td>");
		for (unsigned k = 0; k < b->n_trend; k++) {
			const struct upm_trend *t = &b->trend[k];
			if (t->socket != x->socket || t->instance != x->instance || upm_strcmp(t->box, x->box) != 0 || !t->n)
				continue;
			upm_buf_puts(out, "<div><span class=\"tl\">");
			upm_buf_xml_text(out, t->check);
			upm_buf_puts(out, "</span>");
			sparkline(out, t);
			upm_buf_puts(out, "</div>");
		}
		upm_buf_puts(out, "</td></tr>\n");
	}
	upm_buf_puts(out, "</table>\n");
}

void upm_report_burnin(struct upm_buf *out, const struct upm_burnin *b)
{
	if (!b->active)
		return;
	unsigned first_fail = 0;
	for (unsigned i = 0; i < b->n_pass && !first_fail; i++)
		if (b->pass[i].worst == UPM_RESULT_FAIL)
			first_fail = b->pass[i].pass;
	upm_buf_printf(out, "<h2 id=\"burnin\">Burn-in: %u pass%s</h2>\n<p>", b->done, b->done == 1 ? "" : "es");
	upm_buf_xml_text(out, b->stopped_by);
	if (first_fail)
		upm_buf_printf(out, "; <span class=\"fail\">&nbsp;first failing pass %u&nbsp;</span>", first_fail);
	else
		upm_buf_puts(out, "; no pass failed");
	if (b->aborted)
		upm_buf_puts(out, "; aborted (ESC or Ctrl-C): every finished pass is kept");
	upm_buf_puts(out, ".</p>\n");
	passes_table(out, b);
	upm_buf_puts(out, "<h3>Per box instance</h3>\n<p>The first pass with a FAIL, and each measured check over "
			  "the passes (points coloured by their result).</p>\n");
	instance_rows(out, b);
}

void upm_report_bandwidth(struct upm_buf *out, const struct upm_burnin *b)
{
	const struct upm_burnin_pass *p = NULL;
	for (unsigned i = b->n_pass; i-- > 0 && !p;)
		if (b->pass[i].bandwidth.n)
			p = &b->pass[i];
	if (!p)
		return;
	double max = 0;
	for (unsigned k = 0; k < p->bandwidth.n; k++)
		if (p->bandwidth.k[k].gbps > max)
			max = p->bandwidth.k[k].gbps;
	if (b->active)
		upm_buf_printf(out, "<h2 id=\"bandwidth\">Kernel bandwidth, pass %u (GB/s)</h2>\n", p->pass);
	else
		upm_buf_puts(out, "<h2 id=\"bandwidth\">Kernel bandwidth (GB/s)</h2>\n");
	upm_buf_puts(out, "<p>Each kernel's own bytes over its own timed loop (each bar says how long); the counts "
			  "judged above are over the counting window around it.</p>\n");
	upm_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"bandwidth\" width=\"%u\" height=\"%u\" "
			    "role=\"img\">\n", BW_W, p->bandwidth.n * (BW_BAR + 4) + 8);
	for (unsigned k = 0; k < p->bandwidth.n; k++) {
		unsigned y = 4 + k * (BW_BAR + 4);
		double g = p->bandwidth.k[k].gbps;
		int w = max > 0 && g > 0 ? (int)(g / max * (double)(BW_W - BW_LABEL - BW_TEXT)) : 0;
		char a[48], took[32];
		upm_format_short(a, sizeof a, g);
		upm_format_duration(took, sizeof took, (uint64_t)(p->bandwidth.k[k].seconds * 1e9));
		upm_buf_printf(out, "<text x=\"0\" y=\"%u\">", y + BW_BAR - 4);
		upm_buf_xml_text(out, p->bandwidth.k[k].label);
		upm_buf_printf(out, "</text><rect x=\"%u\" y=\"%u\" width=\"%d\" height=\"%u\" fill=\"#1565c0\"><title>",
			       BW_LABEL, y, w, BW_BAR);
		upm_buf_xml_text(out, p->bandwidth.k[k].label);
		upm_buf_printf(out, ": %s GB/s</title></rect><text x=\"%d\" y=\"%u\">%s GB/s over the kernel's %s</text>\n", a,
			       BW_LABEL + w + 4, y + BW_BAR - 4, a, took);
	}
	upm_buf_puts(out, "</svg>\n");
}

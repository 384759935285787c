/* report.html's findings (core/results/report_parts.h): what a lab reads first, before
 * any picture or table: the verdict with its counts, then every FAIL, INCOMPLETE and WARN
 * in a line of its own with its reason and its evidence (the numbers and the register
 * as the verdict holds them), the worst first; a burn-in's finding once, with the pass
 * it first showed in. */
#include "core/results/report_parts.h"
#include "core/results/markup.h"
#include "platform/base/human.h"

#define MAX_LINES 200 /* the rest are in the verdicts below and in verdicts.csv */

static const char *box_of(const struct upm_verdict *v)
{
	return v->box ? v->box : "";
}

static int same_finding(const struct upm_verdict *a, const struct upm_verdict *b)
{
	return a->socket == b->socket && a->instance == b->instance && a->result == b->result &&
	       upm_strcmp(box_of(a), box_of(b)) == 0 && upm_strcmp(a->check, b->check) == 0;
}

/* Whether v is a finding said here: not a pass, and its first time (a burn-in repeats). */
static int first_finding(const struct upm_verdicts *vs, unsigned i)
{
	const struct upm_verdict *v = &vs->v[i];
	if (v->result == UPM_RESULT_PASS || v->result == UPM_RESULT_NA)
		return 0;
	for (unsigned k = 0; k < i; k++)
		if (same_finding(&vs->v[k], v))
			return 0;
	return 1;
}

static void line(struct upm_buf *out, const struct upm_verdicts *vs, unsigned i, int passes)
{
	const struct upm_verdict *v = &vs->v[i];
	const char *cls = upm_report_class(v->result);
	upm_buf_printf(out, "<li class=\"%s\"><span class=\"%s\">&nbsp;%s&nbsp;</span> socket %u <a href=\"#", cls, cls,
		       upm_result_name(v->result), v->socket);
	upm_report_anchor(out, v->socket, v->box, v->instance);
	upm_buf_puts(out, "\">");
	upm_buf_xml_text(out, box_of(v));
	if (v->instance >= 0)
		upm_buf_printf(out, "%d", v->instance);
	upm_buf_puts(out, "</a> ");
	upm_buf_xml_text(out, v->check);
	upm_buf_puts(out, ": ");
	upm_buf_xml_text(out, v->reason);
	struct upm_buf ev;
	upm_buf_init(&ev);
	upm_verdict_numbers_text(v, &ev);
	if (ev.len) {
		upm_buf_puts(out, " <span class=\"ev\">(");
		upm_buf_xml_text(out, ev.data);
		upm_buf_puts(out, ")</span>");
	}
	upm_buf_free(&ev);
	if (passes) {
		int later = 0;
		for (unsigned k = i + 1; k < vs->n && !later; k++)
			later = same_finding(&vs->v[k], v);
		upm_buf_printf(out, " <i>(pass %u%s)</i>", v->pass, later ? " and later passes" : "");
	}
	upm_buf_puts(out, "</li>\n");
}

void upm_report_findings(struct upm_buf *out, const struct upm_verdicts *vs, const struct upm_burnin *b,
			 enum upm_result overall)
{
	static const enum upm_result worst_first[] = { UPM_RESULT_FAIL, UPM_RESULT_INCOMPLETE, UPM_RESULT_WARN };
	unsigned n[UPM_RESULT_INCOMPLETE + 1] = { 0 };
	for (unsigned i = 0; i < vs->n; i++)
		if ((unsigned)vs->v[i].result < UPM_ARRAY_LEN(n))
			n[vs->v[i].result]++;
	char all[24];
	upm_format_count(all, sizeof all, vs->n);
	upm_buf_printf(out, "<div id=\"findings\">\n<p class=\"verdict\"><span class=\"%s\">&nbsp;%s&nbsp;</span> ",
		       upm_report_class(overall), upm_result_name(overall));
	if (!(n[UPM_RESULT_FAIL] + n[UPM_RESULT_INCOMPLETE] + n[UPM_RESULT_WARN])) {
		upm_buf_printf(out, "No FAIL, INCOMPLETE or WARN: each of the %s verdicts is PASS or N/A%s.</p>\n</div>\n",
			       all, vs->dropped ? " (some did not fit in memory: INCOMPLETE)" : "");
		return;
	}
	upm_buf_printf(out, "%u FAIL, %u INCOMPLETE, %u WARN of %s verdicts%s:</p>\n<ul class=\"findings\">\n",
		       n[UPM_RESULT_FAIL], n[UPM_RESULT_INCOMPLETE], n[UPM_RESULT_WARN], all,
		       vs->dropped ? " (some did not fit in memory: INCOMPLETE)" : "");
	int passes = b && b->active;
	unsigned said = 0, left = 0;
	for (unsigned w = 0; w < UPM_ARRAY_LEN(worst_first); w++)
		for (unsigned i = 0; i < vs->n; i++) {
			if (vs->v[i].result != worst_first[w] || !first_finding(vs, i))
				continue;
			if (said < MAX_LINES) {
				line(out, vs, i, passes);
				said++;
			} else {
				left++;
			}
		}
	upm_buf_puts(out, "</ul>\n");
	if (left)
		upm_buf_printf(out, "<p>... and %u more: in the verdicts below and in verdicts.csv.</p>\n", left);
	upm_buf_puts(out, "</div>\n");
}

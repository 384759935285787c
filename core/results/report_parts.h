/* Pieces report.html's sections share: a result's colours and a box instance's anchor
 * (report_parts.c), and the sections of their own files. */
#ifndef UPMON_CORE_RESULTS_REPORT_PARTS_H
#define UPMON_CORE_RESULTS_REPORT_PARTS_H

#include "core/check/burnin.h"

const char *upm_report_class(enum upm_result r); /* CSS class: "pass", "fail", ... */
const char *upm_report_fill(enum upm_result r);  /* SVG fill colour */
/* "s0-cbo3", "s0-imc-all": where a box instance's verdicts are on the page. */
void upm_report_anchor(struct upm_buf *out, unsigned socket, const char *box, int instance);

/* The findings, before any picture or table: the verdict (overall) with its counts, then
 * each FAIL, INCOMPLETE and WARN in a line with its reason and evidence, the worst first;
 * a burn-in's (b active) once, with the pass it first showed in; or one line saying there
 * is none. <div id="findings">. */
void upm_report_findings(struct upm_buf *out, const struct upm_verdicts *vs, const struct upm_burnin *b,
			 enum upm_result overall);
/* The burn-in's passes, and per box instance its first failing pass and a line per
 * measured check over the passes (nothing without a burn-in). */
void upm_report_burnin(struct upm_buf *out, const struct upm_burnin *b);
/* Kernel bandwidth per kernel as bars (the last pass that ran the kernels). */
void upm_report_bandwidth(struct upm_buf *out, const struct upm_burnin *b);
/* The plausibility stage's kernel runs as a table, their numbers as results.json gives
 * them (nothing when n is 0); burnin: they are the first of several passes. */
void upm_report_kernels(struct upm_buf *out, const struct upm_check_kernel_run *k, unsigned n, int burnin);

#endif

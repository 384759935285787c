/* report.html of `check` and `selftest` (docs/results.md, report.html of check and
 * selftest): one self-contained page
 * (inline CSS and SVG, no script, nothing fetched) from the run's identity and verdicts:
 * the verdict at the top with, as large, what makes it no measurement (mock, dry run,
 * replay), then every FAIL, INCOMPLETE and WARN in a line with its reason and evidence
 * before any picture or table, the identity, a grid per socket with every box instance coloured by its
 * worst verdict and linking to its verdicts, the self-test matrix (box instance x test),
 * bar charts of the per-instance measured values, and every verdict with its numbers. */
#ifndef UPMON_CORE_RESULTS_REPORT_HTML_H
#define UPMON_CORE_RESULTS_REPORT_HTML_H

#include "core/check/burnin.h"

/* overall is the run's verdict (upm_verdicts_overall, N/A shown as PASS). */
void upm_report_html(const struct upm_run *r, const struct upm_verdicts *vs, const char *command,
		     enum upm_result overall, struct upm_buf *out);
/* check's and selftest's report.html is upm_check_record_html (check_record.h), from the
 * check's results record; these render the same page from its parts (without kernels). */
/* The same with what `check` knows besides its verdicts (b may be NULL): a burn-in's
 * passes, each box instance's first failing pass and its measured values over the passes
 * (SVG lines), and the kernels' bandwidth as bars. */
void upm_report_html_check(const struct upm_run *r, const struct upm_verdicts *vs, const struct upm_burnin *b,
			   const char *command, enum upm_result overall, struct upm_buf *out);

#endif

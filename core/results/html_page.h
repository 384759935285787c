/* What every report.html shares (check, selftest, run): the page's head with its inline
 * style sheet, and the run's identity under a title that carries its result. */
#ifndef UPMON_CORE_RESULTS_HTML_PAGE_H
#define UPMON_CORE_RESULTS_HTML_PAGE_H

#include "core/cli/invocation.h"

/* <!DOCTYPE html> up to and with <body>: title "upmon COMMAND", the style sheet. */
void upm_html_head(struct upm_buf *out, const char *command);
/* <h1>upmon COMMAND: RESULT</h1> (RESULT in a badge of css class result_class: pass,
 * warn, fail, inc, na) and the identity table: upmon, folder, started, machine,
 * processor, platform (with MOCK BACKEND, faults injected, DRY RUN where so). */
void upm_html_identity(struct upm_buf *out, const struct upm_run *r, const char *command,
		       const char *result_class, const char *result);
/* </body></html>. */
void upm_html_end(struct upm_buf *out);

#endif

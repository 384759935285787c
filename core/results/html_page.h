/* What every report.html shares (check, selftest, run): the page's head with its inline
 * style sheet, the title that carries its result with the banner of what makes it no
 * measurement, and the run's identity. */
#ifndef UPMON_CORE_RESULTS_HTML_PAGE_H
#define UPMON_CORE_RESULTS_HTML_PAGE_H

#include "core/cli/invocation.h"

/* <!DOCTYPE html> up to and with <body>: title "upmon COMMAND", the style sheet. */
void upm_html_head(struct upm_buf *out, const char *command);
/* <h1>upmon COMMAND: RESULT</h1> (RESULT in a badge of css class result_class: pass,
 * warn, fail, inc, na) and under it, as large, what makes the run no measurement of this
 * machine (mock backend, faults injected, dry run, replay: upm_ident_caveat) in a banner
 * <div class="caveat">. The findings follow it, the identity table after them. */
void upm_html_title(struct upm_buf *out, const struct upm_run *r, const char *command, const char *result_class,
		    const char *result);
/* The identity table: upmon, folder, started, command line, configuration, machine,
 * processor, platform (with MOCK BACKEND, faults injected, DRY RUN where so). */
void upm_html_identity(struct upm_buf *out, const struct upm_run *r);
/* </body></html>. */
void upm_html_end(struct upm_buf *out);

#endif

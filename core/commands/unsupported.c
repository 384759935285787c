/* The one line on a processor upmon has no tables for; its text is core/cli/unsupported_text.c. */
#include "core/commands/commands.h"

void upm_error_unsupported(struct upm_run *r)
{
	struct upm_buf text;
	upm_buf_init(&text);
	upm_unsupported_text(r, &text);
	upm_error(r, "%s: %s", r->opts.command, text.data ? text.data : "this processor is not one upmon knows");
	upm_buf_free(&text);
	r->machine_refused = 1; /* the machine's refusal, kept as a run's (upm_main) */
}

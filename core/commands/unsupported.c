/* What a lab engineer reads on a processor upmon has no tables for: what was found, what
 * is supported (from the platform tables), and what to do. One line. */
#include "core/commands/commands.h"

void upm_error_unsupported(struct upm_run *r)
{
	struct upm_buf known;
	upm_buf_init(&known);
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const struct upm_platform *p = upm_platforms[i];
		upm_buf_printf(&known, "%s%s (%s, model", i ? ", " : "", p->title, p->name);
		for (unsigned k = 0; k < sizeof p->models && p->models[k]; k++)
			upm_buf_printf(&known, " 0x%02x", p->models[k]);
		upm_buf_puts(&known, ")");
	}
	upm_error(r, "%s: this processor is not one upmon knows: found %s family %u model 0x%02x stepping %u "
		     "\"%s\"; upmon supports family 6: %s. Run upmon on one of those, or study a platform's "
		     "tables here with --platform NAME (list) or --backend mock --platform NAME",
		  r->opts.command, r->cpu.vendor[0] ? r->cpu.vendor : "an unnamed vendor's", r->cpu.family,
		  r->cpu.model, r->cpu.stepping, r->cpu.brand[0] ? r->cpu.brand : "no brand string",
		  known.data ? known.data : "");
	upm_buf_free(&known);
}

/* What a lab engineer reads on a processor upmon has no tables for: what was found, what
 * is supported (from the platform tables), and what to do. One sentence, shared by the
 * commands (core/commands/unsupported.c) and the session engine, so both say the same. */
#include "core/cli/invocation.h"

void upm_unsupported_text(const struct upm_run *r, struct upm_buf *out)
{
	upm_buf_printf(out, "this processor is not one upmon knows: found %s family %u model 0x%02x stepping %u "
			    "\"%s\"; upmon supports family 6: ",
		       r->cpu.vendor[0] ? r->cpu.vendor : "an unnamed vendor's", r->cpu.family, r->cpu.model,
		       r->cpu.stepping, r->cpu.brand[0] ? r->cpu.brand : "no brand string");
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const struct upm_platform *p = upm_platforms[i];
		upm_buf_printf(out, "%s%s (%s, model", i ? ", " : "", p->title, p->name);
		for (unsigned k = 0; k < sizeof p->models && p->models[k]; k++)
			upm_buf_printf(out, " 0x%02x", p->models[k]);
		if (p->brand_excludes)
			upm_buf_printf(out, ", no %s", p->brand_excludes);
		upm_buf_puts(out, ")");
	}
	upm_buf_puts(out, ". Run upmon on one of those, or study a platform's tables here with --platform NAME "
			  "(list) or --backend mock --platform NAME");
}

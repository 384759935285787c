#include "core/results/results.h"
#include "core/events/subcfg.h"

void upm_count_encoding(const struct upm_session *s, const struct upm_count *c, char *code,
			unsigned long code_size, char *umask, unsigned long umask_size)
{
	const struct upm_spec *sp = &s->specs[c->spec];
	const struct upm_ctl_layout *l = &c->box->ctl_layout;
	if (sp->kind != UPM_SPEC_GENERAL) {
		upm_strlcpy(code, sp->kind == UPM_SPEC_FIXED ? "fixed" : "free", code_size);
		upm_strlcpy(umask, "", umask_size);
		return;
	}
	/* The select as programmed: with the port and the home the scheduler chose. */
	upm_snprintf(code, code_size, "0x%llx",
		     (unsigned long long)upm_ctl_code(c->box, upm_spec_ctl(sp, c->home)));
	if (l->umask.width)
		upm_snprintf(umask, umask_size, "0x%llx", (unsigned long long)upm_field_get(l->umask, sp->ctl));
	else
		upm_strlcpy(umask, "", umask_size);
}

void upm_spec_label(const struct upm_spec *sp, char *buf, unsigned long size)
{
	/* text is BOX/TERMS/: the terms after the event's own (the first comma inside the
	 * slashes) are kept as written. */
	const char *open = upm_strchr(sp->text, '/');
	const char *terms = open ? upm_strchr(open + 1, ',') : NULL;
	unsigned long n = 0;
	if (terms) {
		const char *end = terms + upm_strlen(terms);
		if (end > terms && end[-1] == '/')
			end--;
		n = (unsigned long)(end - terms);
	}
	upm_snprintf(buf, size, "%s%.*s", sp->name, (int)n, terms ? terms : "");
}

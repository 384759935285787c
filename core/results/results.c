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

/* 1 when the term t[0..len) is event= or umask=, which a raw spec's name already says
 * (normalised: "umask=0x03" is the name's "umask=0x3"). */
static int raw_encoding_term(const char *t, unsigned long len)
{
	return (len > 6 && upm_strncasecmp(t, "event=", 6) == 0) || (len > 6 && upm_strncasecmp(t, "umask=", 6) == 0);
}

void upm_spec_label(const struct upm_spec *sp, char *buf, unsigned long size)
{
	/* text is BOX/TERMS/: the terms after the event's own (the first comma inside the
	 * slashes) are kept as written. */
	const char *open = upm_strchr(sp->text, '/');
	const char *terms = open ? upm_strchr(open + 1, ',') : NULL;
	unsigned long n = 0;
	if (sp->kind == UPM_SPEC_GENERAL && !sp->event && open) {
		/* A raw spec has no event term first: its name is the encoding, and every other
		 * term follows as written, wherever it stood ("filter_state=0x1f,event=0x34"). */
		const char *t = open + 1, *end = t + upm_strlen(t);
		if (end > t && end[-1] == '/')
			end--;
		unsigned long used = (unsigned long)upm_snprintf(buf, size, "%s", sp->name);
		while (t < end) {
			const char *comma = t;
			while (comma < end && *comma != ',')
				comma++;
			unsigned long len = (unsigned long)(comma - t);
			if (len && !raw_encoding_term(t, len) && used < size)
				used += (unsigned long)upm_snprintf(buf + used, size - used, ",%.*s", (int)len, t);
			t = comma < end ? comma + 1 : end;
		}
		return;
	}
	if (terms) {
		const char *end = terms + upm_strlen(terms);
		if (end > terms && end[-1] == '/')
			end--;
		n = (unsigned long)(end - terms);
	}
	upm_snprintf(buf, size, "%s%.*s", sp->name, (int)n, terms ? terms : "");
}

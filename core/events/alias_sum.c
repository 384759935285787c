/* perf's event aliases that are sums here (core/events/alias_sum.h). */
#include "core/events/alias_sum.h"
#include "core/events/alias.h"

int upm_alias_sum_find(const struct upm_platform *p, const char *s, unsigned long len,
		       const struct upm_event_sum **out, char *err, unsigned long err_size)
{
	const struct upm_naming *nm = p->naming;
	const char *slash = NULL;
	for (unsigned long i = 0; i < len && !slash; i++)
		slash = s[i] == '/' ? s + i : NULL;
	for (unsigned i = 0; nm && i < nm->n_sums; i++) {
		const struct upm_event_sum *sum = &nm->sums[i];
		unsigned long an = upm_strlen(sum->name);
		int instance = -1;
		if (!slash) {
			if (len != an || upm_strncasecmp(s, sum->name, an) != 0)
				continue;
		} else {
			const char *t = slash + 1, *end = s + len - (len && s[len - 1] == '/');
			const struct upm_box_type *box = upm_alias_box_word(p, s, (size_t)(slash - s), &instance);
			if ((unsigned long)(end - t) < an || upm_strncasecmp(t, sum->name, an) != 0 ||
			    (t + an < end && t[an] != ',') || !box || upm_strcmp(box->name, sum->box) != 0)
				continue;
			if (t + an < end) {
				upm_snprintf(err, err_size,
					     "'%.*s': %s is a sum here (%s counts it) and takes no further terms: write %s/%s/",
					     (int)len, s, sum->name, sum->metric, sum->box, sum->name);
				return -1;
			}
		}
		if (instance >= 0) {
			upm_snprintf(err, err_size,
				     "'%.*s': %s on %s is a sum over both command schedulers, counted for every %s "
				     "(write %s/%s/); for one %s give its parts: %s",
				     (int)len, s, sum->name, p->name, sum->box, sum->box, sum->name, sum->box,
				     sum->parts);
			return -1;
		}
		*out = sum;
		return 1;
	}
	return 0;
}

/* The sum's specs as "a + b", for saying what it counts. */
static void say_parts(const char *list, struct upm_buf *out)
{
	for (const char *s = list; s && *s;) {
		unsigned long len = upm_alias_spec_len(s);
		upm_buf_printf(out, "%s%.*s", s == list ? "" : " + ", (int)len, s);
		s += len;
		s += *s == ',';
	}
}

int upm_alias_take_sums(const struct upm_platform *p, const char *text, struct upm_buf *rest,
			struct upm_buf *metrics, struct upm_buf *said, char *err, unsigned long err_size)
{
	for (const char *s = text; *s;) {
		unsigned long len = upm_alias_spec_len(s);
		const struct upm_event_sum *sum = NULL;
		int found = upm_alias_sum_find(p, s, len, &sum, err, err_size);
		if (found < 0)
			return -1;
		if (found) {
			upm_buf_printf(metrics, "%s%s", metrics->len ? "," : "", sum->metric);
			upm_buf_printf(said, "%.*s on %s is perf's %s, the sum of both command schedulers: counted as the metric %s (",
				       (int)len, s, p->name, sum->name, sum->metric);
			say_parts(sum->parts, said);
			upm_buf_puts(said, ")\n");
		} else {
			upm_buf_printf(rest, "%s%.*s", rest->len ? "," : "", (int)len, s);
		}
		s += len;
		s += *s == ',';
	}
	return 0;
}

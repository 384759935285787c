#include "core/cli/console_wrap.h"
#include <stdarg.h>

#define CUT_MARK "..."

/* Breaks text into its console lines; says them on r's console, or (r NULL) only counts
 * them. Returns the number of lines. */
static unsigned wrap(struct upm_run *r, const char *cont, unsigned max_lines, const char *text)
{
	char line[UPM_CONSOLE_COLUMNS + 1];
	unsigned said = 0;
	const char *p = text;
	size_t indent = upm_strlen(cont);
	if (indent > UPM_CONSOLE_COLUMNS / 2)
		indent = UPM_CONSOLE_COLUMNS / 2;
	for (unsigned n = 0; n == 0 || *p; n++) {
		size_t lead = n ? indent : 0, room = UPM_CONSOLE_COLUMNS - lead, len = upm_strlen(p);
		int last = max_lines && n + 1 == max_lines;
		size_t take = len;
		if (len > room) {
			/* The last allowed line keeps room for the mark. */
			size_t limit = last ? room - (sizeof CUT_MARK - 1) : room;
			take = limit;
			while (take > 0 && p[take] != ' ')
				take--;
			if (take == 0) /* one word longer than the line: cut it */
				take = limit;
		}
		upm_memcpy(line, cont, lead);
		upm_memcpy(line + lead, p, take);
		line[lead + take] = 0;
		if (last && len > take) { /* what is left out is in the files */
			size_t end = lead + take;
			while (end > lead && line[end - 1] == ' ')
				end--;
			upm_strlcpy(line + end, CUT_MARK, sizeof line - end);
		} else {
			size_t end = lead + take; /* no trailing blanks */
			while (end > lead && line[end - 1] == ' ')
				line[--end] = 0;
		}
		if (r)
			upm_say(r, "%s", line);
		said++;
		p += take;
		while (*p == ' ')
			p++;
		if (last)
			break;
	}
	return said;
}

void upm_say_wrapped_under(struct upm_run *r, const char *cont, unsigned max_lines, const char *text)
{
	wrap(r, cont, max_lines, text);
}

unsigned upm_wrapped_lines(unsigned indent, unsigned max_lines, const char *text)
{
	char cont[UPM_CONSOLE_COLUMNS / 2 + 1];
	if (indent > UPM_CONSOLE_COLUMNS / 2)
		indent = UPM_CONSOLE_COLUMNS / 2;
	upm_memset(cont, ' ', indent);
	cont[indent] = 0;
	return wrap(NULL, cont, max_lines, text);
}

void upm_say_wrapped(struct upm_run *r, unsigned indent, unsigned max_lines, const char *text)
{
	char cont[UPM_CONSOLE_COLUMNS / 2 + 1];
	if (indent > UPM_CONSOLE_COLUMNS / 2)
		indent = UPM_CONSOLE_COLUMNS / 2;
	upm_memset(cont, ' ', indent);
	cont[indent] = 0;
	upm_say_wrapped_under(r, cont, max_lines, text);
}

void upm_say_lines(struct upm_run *r, const char *prefix, unsigned indent, const char *text)
{
	for (const char *line = text; line && *line;) {
		const char *end = upm_strchr(line, '\n');
		int len = end ? (int)(end - line) : (int)upm_strlen(line);
		upm_say_wrappedf(r, indent, 0, "%s%.*s", prefix, len, line);
		line += len + (end != NULL);
	}
}

void upm_say_wrappedf(struct upm_run *r, unsigned indent, unsigned max_lines, const char *fmt, ...)
{
	struct upm_buf text;
	va_list ap;
	upm_buf_init(&text);
	va_start(ap, fmt);
	upm_buf_vprintf(&text, fmt, ap);
	va_end(ap);
	upm_say_wrapped(r, indent, max_lines, text.data ? text.data : "");
	upm_buf_free(&text);
}

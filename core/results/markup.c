/* Escaping and number phrases shared by junit.xml and report.html. */
#include "core/results/markup.h"

void upm_buf_xml_text(struct upm_buf *b, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		switch (c) {
		case '&': upm_buf_puts(b, "&amp;"); break;
		case '<': upm_buf_puts(b, "&lt;"); break;
		case '>': upm_buf_puts(b, "&gt;"); break;
		case '"': upm_buf_puts(b, "&quot;"); break;
		case '\'': upm_buf_puts(b, "&#39;"); break;
		default:
			if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
				c = '?';
			upm_buf_append(b, (const char *)&c, 1);
		}
	}
}

void upm_format_short(char *buf, size_t size, double v)
{
	upm_format_double(buf, size, v, 3);
	if (!upm_strchr(buf, '.'))
		return;
	size_t n = upm_strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = 0;
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = 0;
}

void upm_verdict_numbers_text(const struct upm_verdict *v, struct upm_buf *out)
{
	char a[48], b[48];
	const char *sep = "";
	const char *unit = v->unit[0] ? " " : "";
	if (v->has_measured) {
		upm_format_short(a, sizeof a, v->measured);
		upm_buf_printf(out, "measured %s%s%s", a, unit, v->unit);
		sep = ", ";
	}
	if (v->has_expected) {
		upm_format_short(a, sizeof a, v->expected);
		upm_buf_printf(out, "%sexpected %s%s%s", sep, a, unit, v->unit);
		sep = ", ";
	}
	if (v->has_range) {
		upm_format_short(a, sizeof a, v->low);
		upm_format_short(b, sizeof b, v->high);
		upm_buf_printf(out, "%saccepted %s..%s%s%s", sep, a, b, unit, v->unit);
		if (v->has_expected && v->tolerance > 0) {
			upm_format_short(a, sizeof a, v->tolerance * 100.0);
			upm_buf_printf(out, " (tolerance %s%%)", a);
		}
		sep = ", ";
	}
	if (v->has_evidence) {
		upm_buf_printf(out, "%sregister %s at %s", sep, v->reg, v->address);
		if (v->has_written)
			upm_buf_printf(out, " written 0x%llx", (unsigned long long)v->written);
		if (v->has_value)
			upm_buf_printf(out, " %s 0x%llx", v->has_written ? "read" : "=", (unsigned long long)v->value);
		else
			upm_buf_puts(out, " (read faulted)");
	}
}

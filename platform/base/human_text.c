#include "platform/base/human_text.h"
#include "platform/base/human.h"

static int is_alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A run of digits at text[i..j) that is a count a person reads. */
static int stands_alone(const char *text, size_t i, size_t j)
{
	char before = i ? text[i - 1] : ' ';
	char after = text[j];
	if (j - i < 4 || text[i] == '0')
		return 0;
	if (is_alnum(before) || before == '.' || before == ':' || before == '/' || before == '_')
		return 0;
	if (after == 'x' || after == 'X' || after == '-' || after == ':' || after == '_')
		return 0;
	/* Hexadecimal without its prefix: digits that run on into a-f letters. */
	return !((after >= 'a' && after <= 'f') || (after >= 'A' && after <= 'F'));
}

void upm_human_text(char *buf, size_t size, const char *text)
{
	size_t o = 0, i = 0;
	if (!size)
		return;
	while (text[i] && o + 1 < size) {
		if (!is_digit(text[i])) {
			buf[o++] = text[i++];
			continue;
		}
		size_t j = i;
		while (is_digit(text[j]))
			j++;
		if (stands_alone(text, i, j) && j - i <= 19) {
			char digits[24], grouped[32];
			upm_memcpy(digits, text + i, j - i);
			digits[j - i] = 0;
			uint64_t v = 0;
			for (size_t k = 0; digits[k]; k++)
				v = v * 10 + (uint64_t)(digits[k] - '0');
			upm_format_count(grouped, sizeof grouped, v);
			for (size_t k = 0; grouped[k] && o + 1 < size; k++)
				buf[o++] = grouped[k];
		} else {
			for (size_t k = i; k < j && o + 1 < size; k++)
				buf[o++] = text[k];
		}
		i = j;
	}
	buf[o] = 0;
}

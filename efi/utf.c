#include "efi/efi_env.h"
#include "platform/base/os.h"

#define UPM_REPLACEMENT '?'

UINT32 upm_efi_utf8_next(const char *s, UINTN len, UINTN *pos)
{
	const unsigned char *p = (const unsigned char *)s;
	UINTN i = *pos;
	unsigned c = p[i++], extra;
	UINT32 cp;

	if (c < 0x80) {
		*pos = i;
		return c;
	}
	if ((c & 0xE0) == 0xC0) {
		extra = 1;
		cp = c & 0x1F;
	} else if ((c & 0xF0) == 0xE0) {
		extra = 2;
		cp = c & 0x0F;
	} else if ((c & 0xF8) == 0xF0) {
		extra = 3;
		cp = c & 0x07;
	} else {
		*pos = i;
		return UPM_REPLACEMENT;
	}
	for (; extra; extra--) {
		if (i >= len || (p[i] & 0xC0) != 0x80) {
			*pos = i;
			return UPM_REPLACEMENT;
		}
		cp = cp << 6 | (p[i++] & 0x3F);
	}
	*pos = i;
	/* CHAR16 holds the BMP only; surrogates are not characters. */
	if (cp > 0xFFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return UPM_REPLACEMENT;
	return cp;
}

CHAR16 *upm_efi_utf8_to_ucs2(const char *s, UINTN len)
{
	CHAR16 *out = upm_os_alloc((len + 1) * sizeof(CHAR16));
	UINTN pos = 0, n = 0;
	if (!out)
		return NULL;
	while (pos < len)
		out[n++] = (CHAR16)upm_efi_utf8_next(s, len, &pos);
	out[n] = 0;
	return out;
}

char *upm_efi_ucs2_to_utf8(const CHAR16 *s, UINTN len)
{
	char *out = upm_os_alloc(len * 3 + 1);
	UINTN n = 0;
	if (!out)
		return NULL;
	for (UINTN i = 0; i < len; i++) {
		UINT32 c = s[i];
		if (c >= 0xD800 && c <= 0xDFFF)
			c = UPM_REPLACEMENT;
		if (c < 0x80) {
			out[n++] = (char)c;
		} else if (c < 0x800) {
			out[n++] = (char)(0xC0 | c >> 6);
			out[n++] = (char)(0x80 | (c & 0x3F));
		} else {
			out[n++] = (char)(0xE0 | c >> 12);
			out[n++] = (char)(0x80 | ((c >> 6) & 0x3F));
			out[n++] = (char)(0x80 | (c & 0x3F));
		}
	}
	out[n] = 0;
	return out;
}

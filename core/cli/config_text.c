/* The configuration file's bytes as the text its parser takes (core/cli/config.h,
 * upm_config_text): UTF-8 or ASCII as they are; UTF-16 with its byte-order mark (Windows
 * Notepad's "Unicode" is UTF-16LE with FF FE, its "Unicode big endian" UTF-16BE with
 * FE FF) converted to UTF-8, with every key and value in ASCII; UTF-16 without a mark,
 * and anything else that holds a NUL byte, refused naming what it is
 * (docs/safety.md, A UTF-16 upmon.cfg). */
#include "core/cli/config.h"
#include "platform/base/url.h"
#include "platform/base/os.h"

static int whole_file_error(char *err, unsigned long err_size, const char *name, const char *what)
{
	upm_snprintf(err, err_size, "%s: %s", name, what);
	return -1;
}

static int has_nul(const unsigned char *b, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!b[i])
			return 1;
	return 0;
}

/* UTF-16 without a mark: its first characters are ASCII with a zero byte beside each, on
 * the same side every time. Asked only of a file that holds a NUL byte. */
static int looks_like_utf16(const unsigned char *b, size_t len)
{
	if (len < 4 || (len & 1))
		return 0;
	size_t units = len / 2 < 64 ? len / 2 : 64;
	int le = 1, be = 1;
	for (size_t i = 0; i < units; i++) {
		unsigned char lo = b[2 * i], hi = b[2 * i + 1];
		le &= hi == 0 && lo != 0 && lo < 0x80;
		be &= lo == 0 && hi != 0 && hi < 0x80;
	}
	return le || be;
}

static void put_utf8(struct upm_buf *out, uint32_t cp)
{
	char u[4];
	size_t n;
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | cp >> 12);
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | cp >> 18);
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	upm_buf_append(out, u, n);
}

/* UTF-16 after its mark into out as UTF-8; a character outside ASCII is kept in a comment
 * only, since every key and value upmon reads is ASCII. */
static int from_utf16(const unsigned char *b, size_t len, int big_endian, const char *name, struct upm_buf *out,
		      char *err, unsigned long err_size)
{
	const char *bom = big_endian ? "FE FF" : "FF FE";
	unsigned line = 1;
	int in_comment = 0;
	if (len & 1) {
		upm_snprintf(err, err_size, "%s: UTF-16 (byte-order mark %s) with an odd number of bytes: the file is cut "
			     "short; save it again", name, bom);
		return -1;
	}
	for (size_t i = 2; i < len; i += 2) {
		uint32_t cp = big_endian ? (unsigned)b[i] << 8 | b[i + 1] : b[i] | (unsigned)b[i + 1] << 8;
		if (cp >= 0xD800 && cp <= 0xDBFF && i + 3 < len) {
			uint32_t lo = big_endian ? (unsigned)b[i + 2] << 8 | b[i + 3] : b[i + 2] | (unsigned)b[i + 3] << 8;
			if (lo >= 0xDC00 && lo <= 0xDFFF) {
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				i += 2;
			}
		}
		if (cp >= 0xD800 && cp <= 0xDFFF) {
			upm_snprintf(err, err_size, "%s:%u: a broken UTF-16 character (unpaired U+%04X): save the file "
				     "again, or as UTF-8 or ANSI", name, line, (unsigned)cp);
			return -1;
		}
		if (cp == 0) {
			upm_snprintf(err, err_size, "%s:%u: not a configuration file (holds a NUL character): it must be "
				     "text", name, line);
			return -1;
		}
		if (cp == '#')
			in_comment = 1;
		if (cp >= 0x80 && !in_comment) {
			upm_snprintf(err, err_size, "%s:%u: the character U+%04X is not ASCII: keys and values are ASCII; "
				     "write it in ASCII, or in a comment ('#')", name, line, (unsigned)cp);
			return -1;
		}
		if (cp == '\n') {
			line++;
			in_comment = 0;
		}
		put_utf8(out, cp);
	}
	return 0;
}

int upm_config_text(const void *data, size_t len, const char *name, char **text, char *err, unsigned long err_size)
{
	const unsigned char *b = data;
	char what[120];
	*text = NULL;
	/* UTF-16 takes at most twice the bytes of the same text in ASCII. */
	int utf16 = len >= 2 && ((b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF));
	if (len > UPM_CFG_MAX_BYTES * (utf16 ? 2u : 1u)) {
		upm_snprintf(what, sizeof what, "not a configuration file (too large): it must be text below %u KiB",
			     UPM_CFG_MAX_BYTES / 1024);
		return whole_file_error(err, err_size, name, what);
	}
	struct upm_buf out;
	upm_buf_init(&out);
	if (utf16) {
		if (from_utf16(b, len, b[0] == 0xFE, name, &out, err, err_size) < 0) {
			upm_buf_free(&out);
			return -1;
		}
	} else if (has_nul(b, len)) {
		if (looks_like_utf16(b, len))
			return whole_file_error(err, err_size, name,
						"looks like UTF-16 without a byte-order mark: save it as UTF-8 or ANSI");
		upm_snprintf(what, sizeof what, "not a configuration file (holds a NUL byte): it must be text below %u KiB",
			     UPM_CFG_MAX_BYTES / 1024);
		return whole_file_error(err, err_size, name, what);
	} else {
		upm_buf_append(&out, data, len);
	}
	/* Every path above leaves text: an empty file is an empty configuration. */
	upm_buf_append(&out, "", 1);
	if (out.failed || !out.data) {
		upm_buf_free(&out);
		return whole_file_error(err, err_size, name, "out of memory reading it");
	}
	*text = out.data;
	return 0;
}

/* A line's key when it is one whose value is a secret, else NULL. */
static const char *secret_key_of(const char *line)
{
	static const char *const secret[] = { "out_secret_key", "out_session_token" };
	while (*line == ' ' || *line == '\t')
		line++;
	for (unsigned i = 0; i < UPM_ARRAY_LEN(secret); i++) {
		size_t n = upm_strlen(secret[i]);
		const char *p = line + n;
		if (upm_strncmp(line, secret[i], n) != 0)
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '=')
			return secret[i];
	}
	return NULL;
}

char *upm_config_text_shown(const char *text)
{
	struct upm_buf b;
	upm_buf_init(&b);
	for (const char *line = text; *line;) {
		const char *end = line;
		while (*end && *end != '\n')
			end++;
		const char *key = secret_key_of(line);
		if (key)
			upm_buf_printf(&b, "%s = (hidden)", key);
		else
			upm_buf_append(&b, line, (size_t)(end - line));
		if (*end == '\n')
			upm_buf_puts(&b, "\n");
		line = *end ? end + 1 : end;
	}
	char *shown = b.failed ? NULL : upm_url_hide_queries(b.data ? b.data : "");
	upm_buf_free(&b);
	return shown;
}

/* HTTP/1.1 answers and S3 error documents (http_parse.h). */
#include "platform/base/http_parse.h"
#include "platform/base/str.h"

static int fail(char *why, size_t size, const char *what)
{
	upm_snprintf(why, size, "%s", what);
	return -1;
}

/* The value of a header line "Name: value" when its name is name, else NULL; *vlen set. */
static const char *header_value(const char *line, size_t len, const char *name, size_t *vlen)
{
	size_t n = upm_strlen(name);
	if (len <= n || line[n] != ':' || upm_strncasecmp(line, name, n) != 0)
		return NULL;
	const char *v = line + n + 1, *e = line + len;
	while (v < e && (*v == ' ' || *v == '\t'))
		v++;
	while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	*vlen = (size_t)(e - v);
	return v;
}

static int token_is(const char *v, size_t len, const char *word)
{
	return upm_strlen(word) == len && upm_strncasecmp(v, word, len) == 0;
}

int upm_http_head_parse(const char *data, size_t len, struct upm_http_head *h, char *why, size_t why_size)
{
	size_t end = 0;
	upm_memset(h, 0, sizeof *h);
	h->content_length = -1;
	for (size_t i = 3; i < len && i < UPM_HTTP_HEAD_MAX; i++)
		if (data[i] == '\n' && data[i - 1] == '\r' && data[i - 2] == '\n' && data[i - 3] == '\r') {
			end = i + 1;
			break;
		}
	if (!end)
		return len >= UPM_HTTP_HEAD_MAX ? fail(why, why_size, "the answer's head is longer than 16 KiB") : 0;
	/* Status line: HTTP/1.x SP 3DIGIT SP reason */
	if (end < 14 || upm_strncmp(data, "HTTP/1.", 7) != 0 || (data[7] != '0' && data[7] != '1') || data[8] != ' ')
		return fail(why, why_size, "the answer is not HTTP/1.x");
	int status = 0;
	for (int k = 9; k < 12; k++) {
		if (data[k] < '0' || data[k] > '9')
			return fail(why, why_size, "the answer's status code is not three digits");
		status = status * 10 + (data[k] - '0');
	}
	if (status < 100 || status > 599 || (data[12] != ' ' && data[12] != '\r'))
		return fail(why, why_size, "the answer's status code is out of range");
	h->status = status;
	h->closes = data[7] == '0'; /* HTTP/1.0 closes unless told otherwise */
	size_t at = 0;
	while (at < end && data[at] != '\n')
		at++;
	at++;
	while (at + 2 <= end) {
		size_t s = at;
		while (at < end && data[at] != '\r')
			at++;
		size_t llen = at - s;
		at += 2; /* CRLF */
		if (llen == 0)
			break;
		const char *line = data + s, *v;
		size_t vlen;
		for (size_t k = 0; k < llen; k++)
			if ((unsigned char)line[k] < 0x20 && line[k] != '\t')
				return fail(why, why_size, "the answer has a header with a control character");
		if (line[0] == ' ' || line[0] == '\t')
			return fail(why, why_size, "the answer folds a header line (obsolete, refused)");
		if ((v = header_value(line, llen, "Content-Length", &vlen))) {
			int64_t n = 0;
			if (vlen == 0 || vlen > 15)
				return fail(why, why_size, "the answer's Content-Length is not a number");
			for (size_t k = 0; k < vlen; k++) {
				if (v[k] < '0' || v[k] > '9')
					return fail(why, why_size, "the answer's Content-Length is not a number");
				n = n * 10 + (v[k] - '0');
			}
			if (h->content_length >= 0 && h->content_length != n)
				return fail(why, why_size, "the answer has two different Content-Length headers");
			h->content_length = n;
		} else if ((v = header_value(line, llen, "Transfer-Encoding", &vlen))) {
			if (!token_is(v, vlen, "chunked"))
				return fail(why, why_size, "the answer's Transfer-Encoding is not chunked");
			h->chunked = 1;
		} else if ((v = header_value(line, llen, "Connection", &vlen))) {
			if (token_is(v, vlen, "close"))
				h->closes = 1;
			else if (token_is(v, vlen, "keep-alive"))
				h->closes = 0;
		}
	}
	if (h->chunked && h->content_length >= 0)
		return fail(why, why_size, "the answer has both Content-Length and chunked (RFC 9112 6.3: refused)");
	h->head_len = end;
	return 1;
}

/* The text between <tag> and </tag> in xml, entities decoded, cut to size. */
static void element(const char *xml, size_t len, const char *tag, char *buf, size_t size)
{
	char open[24], close[24];
	size_t ol, cl;
	buf[0] = 0;
	upm_snprintf(open, sizeof open, "<%s>", tag);
	upm_snprintf(close, sizeof close, "</%s>", tag);
	ol = upm_strlen(open);
	cl = upm_strlen(close);
	for (size_t i = 0; i + ol <= len; i++) {
		if (upm_memcmp(xml + i, open, ol) != 0)
			continue;
		size_t s = i + ol, e = s;
		while (e + cl <= len && upm_memcmp(xml + e, close, cl) != 0)
			e++;
		if (e + cl > len)
			return;
		size_t k = 0;
		static const struct { const char *ent; char c; } ents[] = {
			{ "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&quot;", '"' }, { "&apos;", '\'' },
		};
		for (size_t j = s; j < e && k + 1 < size;) {
			char c = xml[j];
			size_t step = 1;
			for (size_t t = 0; c == '&' && t < UPM_ARRAY_LEN(ents); t++) {
				size_t el = upm_strlen(ents[t].ent);
				if (j + el <= e && upm_memcmp(xml + j, ents[t].ent, el) == 0) {
					c = ents[t].c;
					step = el;
					break;
				}
			}
			buf[k++] = ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7F) ? ' ' : c;
			j += step;
		}
		buf[k] = 0;
		return;
	}
}

void upm_s3_error_parse(const char *xml, size_t len, char *code, size_t code_size, char *message,
			size_t message_size)
{
	if (code_size)
		element(xml ? xml : "", xml ? len : 0, "Code", code, code_size);
	if (message_size)
		element(xml ? xml : "", xml ? len : 0, "Message", message, message_size);
}

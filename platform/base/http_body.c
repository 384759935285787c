/* An HTTP/1.1 answer's body as it comes (http_body.h). */
#include "platform/base/http_body.h"
#include "platform/base/str.h"

enum { C_SIZE, C_EXT, C_SIZE_LF, C_DATA, C_DATA_CR, C_DATA_LF, C_TRAILER_START, C_TRAILER, C_TRAILER_LF, C_END_LF };

static int value_has_token(const char *v, const char *token)
{
	size_t n = upm_strlen(token);
	for (; *v; v++)
		if (upm_strncasecmp(v, token, n) == 0)
			return 1;
	return 0;
}

/* Content-Length's value: digits only (spaces around), below 2^53; -1 otherwise. */
static int64_t content_length(const char *v)
{
	int64_t n = 0;
	int digits = 0;
	while (*v == ' ' || *v == '\t')
		v++;
	for (; *v >= '0' && *v <= '9'; v++, digits++) {
		n = n * 10 + (*v - '0');
		if (n > (1ll << 53))
			return -1;
	}
	while (*v == ' ' || *v == '\t')
		v++;
	return digits && !*v ? n : -1;
}

void upm_http_body_init(struct upm_http_body *b, char *buf, size_t max)
{
	upm_memset(b, 0, sizeof *b);
	b->buf = buf;
	b->max = max;
	b->content_length = -1;
	b->cstate = C_SIZE;
	buf[0] = 0;
}

int upm_http_body_header(struct upm_http_body *b, const char *name, const char *value)
{
	if (!name || !value)
		return 0;
	if (upm_strcasecmp(name, "Content-Length") == 0) {
		int64_t len = content_length(value);
		if (len < 0 || (b->content_length >= 0 && b->content_length != len))
			return -1;
		b->content_length = len;
	} else if (upm_strcasecmp(name, "Transfer-Encoding") == 0 && value_has_token(value, "chunked")) {
		b->chunked = 1;
	}
	return 0;
}

void upm_http_body_frame(struct upm_http_body *b, int64_t content_length, int chunked)
{
	b->content_length = content_length;
	b->chunked = chunked;
}

void upm_http_body_begin(struct upm_http_body *b, int status)
{
	if (b->chunked)
		b->content_length = -1; /* RFC 9112, 6.3: the transfer coding frames the body */
	if (status < 200 || status == 204 || status == 304 || b->content_length == 0)
		b->done = 1;
}

static void keep(struct upm_http_body *b, const char *data, size_t len)
{
	size_t room = b->max - b->len, n = len < room ? len : room;
	upm_memcpy(b->buf + b->len, data, n);
	b->len += n;
	b->buf[b->len] = 0;
	if (n < len)
		b->truncated = 1;
}


/* One step of the chunked decoder over data[*i..len): 0, or -1 when malformed. */
static int dechunk_step(struct upm_http_body *b, const char *data, size_t len, size_t *i)
{
	char c = data[*i];
	switch (b->cstate) {
	case C_SIZE: {
		int d = upm_hex_digit(c);
		if (d >= 0) {
			if (++b->cdigits > 8)
				return -1;
			b->cleft = b->cleft * 16 + (unsigned)d;
		} else if (!b->cdigits) {
			return -1;
		} else if (c == ';' || c == ' ' || c == '\t') {
			b->cstate = C_EXT;
		} else if (c == '\r') {
			b->cstate = C_SIZE_LF;
		} else {
			return -1;
		}
		break;
	}
	case C_EXT: /* chunk extensions: ignored */
		if (c == '\r')
			b->cstate = C_SIZE_LF;
		else if (c == '\n')
			return -1;
		break;
	case C_SIZE_LF:
		if (c != '\n')
			return -1;
		b->cstate = b->cleft ? C_DATA : C_TRAILER_START;
		break;
	case C_DATA: {
		size_t n = len - *i < b->cleft ? len - *i : (size_t)b->cleft;
		keep(b, data + *i, n);
		b->cleft -= n;
		*i += n;
		if (!b->cleft)
			b->cstate = C_DATA_CR;
		return 0; /* *i already moved */
	}
	case C_DATA_CR:
		if (c != '\r')
			return -1;
		b->cstate = C_DATA_LF;
		break;
	case C_DATA_LF:
		if (c != '\n')
			return -1;
		b->cstate = C_SIZE;
		b->cdigits = 0;
		b->cleft = 0;
		break;
	case C_TRAILER_START:
		b->cstate = c == '\r' ? C_END_LF : C_TRAILER;
		break;
	case C_TRAILER:
		if (c == '\r')
			b->cstate = C_TRAILER_LF;
		break;
	case C_TRAILER_LF:
		if (c != '\n')
			return -1;
		b->cstate = C_TRAILER_START;
		break;
	case C_END_LF:
		if (c != '\n')
			return -1;
		b->done = 1;
		break;
	}
	(*i)++;
	return 0;
}

int upm_http_body_add(struct upm_http_body *b, const char *data, size_t len)
{
	if (b->done)
		return 0; /* past the body's end: not this answer's */
	if (b->chunked) {
		for (size_t i = 0; i < len && !b->done;)
			if (dechunk_step(b, data, len, &i) < 0)
				return -1;
		return 0;
	}
	if (b->content_length >= 0) {
		uint64_t left = (uint64_t)b->content_length - b->got;
		if (len > left)
			len = (size_t)left;
	}
	keep(b, data, len);
	b->got += len;
	if (b->content_length >= 0 && b->got == (uint64_t)b->content_length)
		b->done = 1;
	return 0;
}

int upm_http_body_closed(struct upm_http_body *b)
{
	if (!b->done && !b->chunked && b->content_length < 0)
		b->done = 1; /* framed by the connection's end */
	return b->done;
}

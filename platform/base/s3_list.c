/* An S3-compatible store's listing (s3_list.h): the store's URL split, the request URLs
 * built, and a ListObjectsV2 page read by a parser that knows the little XML a store
 * sends (elements, attributes, the five entities and character references, comments, an
 * XML declaration) and refuses the rest. */
#include "platform/base/s3_list.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

static int is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}


/* ---- The store's URL ---- */

static int bucket_name_ok(const char *s, size_t n)
{
	if (n < 3 || n > 63 || !is_alnum(s[0]) || !is_alnum(s[n - 1]))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '.' || s[i] == '-'))
			return 0;
	return 1;
}

int upm_s3_store_of(const struct upm_url *u, struct upm_s3_store *out, char *err, size_t err_size)
{
	upm_memset(out, 0, sizeof *out);
	out->url = *u;
	const char *p = u->path;
	while (*p == '/')
		p++;
	const char *b = p;
	while (*p && *p != '/')
		p++;
	size_t bn = (size_t)(p - b);
	if (bn == 0) {
		upm_snprintf(err, err_size, "names no bucket: give http://HOST[:PORT]/BUCKET/PREFIX (path-style: the "
					    "bucket is the path's first segment)");
		return -1;
	}
	if (!bucket_name_ok(b, bn)) {
		upm_snprintf(err, err_size, "names the bucket '%.*s', which is no S3 bucket name (3 to 63 lower-case "
					    "letters, digits, '.' and '-'): give http://HOST[:PORT]/BUCKET/PREFIX",
			     (int)(bn > 64 ? 64 : bn), b);
		return -1;
	}
	upm_memcpy(out->bucket, b, bn);
	out->bucket[bn] = 0;
	/* The prefix, decoded, its trailing '/' made one. */
	size_t k = 0;
	if (*p == '/')
		p++;
	for (; *p; p++) {
		char c = *p;
		if (c == '%' && upm_hex_digit(p[1]) >= 0 && upm_hex_digit(p[2]) >= 0) {
			c = (char)(upm_hex_digit(p[1]) * 16 + upm_hex_digit(p[2]));
			p += 2;
			if ((unsigned char)c < 0x20 || c == 0x7F) {
				upm_snprintf(err, err_size, "has an escape of a control character in its prefix: leave it out");
				return -1;
			}
		}
		if (k + 2 >= sizeof out->prefix) {
			upm_snprintf(err, err_size, "has too long a prefix");
			return -1;
		}
		out->prefix[k++] = c;
	}
	while (k > 0 && out->prefix[k - 1] == '/')
		k--;
	if (k > 0)
		out->prefix[k++] = '/';
	out->prefix[k] = 0;
	/* Every segment a name: no "", "." or "..", which a server may read as a path's steps. */
	for (size_t s = 0; s < k;) {
		size_t e = s;
		while (out->prefix[e] != '/')
			e++;
		size_t n = e - s;
		if (n == 0 || (n == 1 && out->prefix[s] == '.') || (n == 2 && out->prefix[s] == '.' && out->prefix[s + 1] == '.')) {
			upm_snprintf(err, err_size, "has an empty, '.' or '..' segment in its prefix: give the prefix as "
						    "rack mode's out has it (BUCKET/a/b)");
			return -1;
		}
		s = e + 1;
	}
	return 0;
}

int upm_s3_encode(const char *s, size_t n, int keep_slash, char *buf, size_t size)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t k = 0;
	if (size == 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (is_alnum((char)c) || c == '-' || c == '.' || c == '_' || c == '~' || (keep_slash && c == '/')) {
			if (k + 1 >= size)
				goto too_long;
			buf[k++] = (char)c;
		} else {
			if (k + 3 >= size)
				goto too_long;
			buf[k++] = '%';
			buf[k++] = hex[c >> 4];
			buf[k++] = hex[c & 15];
		}
	}
	buf[k] = 0;
	return 0;
too_long:
	buf[0] = 0;
	return -1;
}

/* buf as a URL upm_os_http takes: within url.h's bounds, every character allowed. */
/* 0 when the n bytes written into buf (of size) fit and make a URL upm_os_http takes;
 * else -1 with buf emptied. */
static int requestable(char *buf, int n, size_t size)
{
	struct upm_url check;
	char err[8];
	if (n >= 0 && (size_t)n < size && upm_url_parse(buf, &check, err, sizeof err) == 0)
		return 0;
	if (size)
		buf[0] = 0;
	return -1;
}

static void origin(const struct upm_s3_store *st, char *buf, size_t size)
{
	char port[16] = "";
	if (st->url.port_given)
		upm_snprintf(port, sizeof port, ":%u", st->url.port);
	upm_snprintf(buf, size, "%s://%s%s", st->url.https ? "https" : "http", st->url.host, port);
}

int upm_s3_list_url(const struct upm_s3_store *st, const char *token, unsigned max_keys, char *buf,
		    size_t size)
{
	char prefix[3 * UPM_URL_PATH_MAX + 1], tok[3 * UPM_S3_TOKEN_MAX + 1], org[UPM_URL_HOST_MAX + 32];
	if (size)
		buf[0] = 0;
	if (!token)
		token = "";
	if (upm_strlen(token) > UPM_S3_TOKEN_MAX ||
	    upm_s3_encode(st->prefix, upm_strlen(st->prefix), 0, prefix, sizeof prefix) < 0 ||
	    upm_s3_encode(token, upm_strlen(token), 0, tok, sizeof tok) < 0)
		return -1;
	origin(st, org, sizeof org);
	int n = upm_snprintf(buf, size, "%s/%s?list-type=2&prefix=%s&max-keys=%u%s%s%s%s", org, st->bucket, prefix,
			     max_keys, tok[0] ? "&continuation-token=" : "", tok, st->url.query[0] ? "&" : "",
			     st->url.query);
	return requestable(buf, n, size);
}

int upm_s3_object_url(const struct upm_s3_store *st, const char *key, char *buf, size_t size)
{
	char path[3 * UPM_S3_KEY_MAX + 1], org[UPM_URL_HOST_MAX + 32];
	if (size)
		buf[0] = 0;
	if (upm_strlen(key) > UPM_S3_KEY_MAX || upm_s3_encode(key, upm_strlen(key), 1, path, sizeof path) < 0)
		return -1;
	origin(st, org, sizeof org);
	int n = upm_snprintf(buf, size, "%s/%s/%s%s%s", org, st->bucket, path, st->url.query[0] ? "?" : "",
			     st->url.query);
	return requestable(buf, n, size);
}

/* ---- The listing's XML ---- */

#define NAME_MAX_LEN 64

enum capture { NONE, KEY, TRUNCATED, TOKEN, KEY_COUNT };

struct parser {
	const char *x;
	size_t len, at;
	char stack[UPM_S3_DEPTH_MAX][NAME_MAX_LEN];
	unsigned depth;
	int root_seen, root_closed;
	enum capture capture;
	unsigned capture_depth;
	char text[UPM_S3_KEY_MAX + 1];
	size_t tlen;
	int too_long;
	struct upm_s3_list_page *page;
	int (*key_fn)(void *ctx, const char *key, size_t key_len);
	void *ctx;
	char *why;
	size_t why_size;
};

static int refuse(struct parser *p, const char *what)
{
	upm_snprintf(p->why, p->why_size, "the listing is no ListObjectsV2 answer upmon reads: %s (at byte %lu)", what,
		     (unsigned long)p->at);
	return -1;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int name_char(char c, int first)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || (unsigned char)c >= 0x80)
		return 1;
	return !first && ((c >= '0' && c <= '9') || c == '-' || c == '.');
}

/* An element's name at p->at into buf: 0, or -1 refused. */
static int read_name(struct parser *p, char *buf)
{
	size_t n = 0;
	while (p->at < p->len && name_char(p->x[p->at], n == 0)) {
		if (n + 1 >= NAME_MAX_LEN)
			return refuse(p, "an element name longer than 63 characters");
		buf[n++] = p->x[p->at++];
	}
	buf[n] = 0;
	return n ? 0 : refuse(p, "a '<' not followed by an element name");
}

/* Finds needle from p->at: the offset past it, or 0 when absent. */
static size_t find(const struct parser *p, const char *needle)
{
	size_t n = upm_strlen(needle);
	for (size_t i = p->at; i + n <= p->len; i++)
		if (upm_memcmp(p->x + i, needle, n) == 0)
			return i + n;
	return 0;
}

static void put_byte(struct parser *p, char c)
{
	if (p->capture == NONE)
		return;
	if (p->tlen >= UPM_S3_KEY_MAX) {
		p->too_long = 1;
		return;
	}
	p->text[p->tlen++] = c;
}

/* A character reference's code point as UTF-8. */
static void put_code_point(struct parser *p, unsigned long cp)
{
	if (cp < 0x80) {
		put_byte(p, (char)cp);
	} else if (cp < 0x800) {
		put_byte(p, (char)(0xC0 | (cp >> 6)));
		put_byte(p, (char)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		put_byte(p, (char)(0xE0 | (cp >> 12)));
		put_byte(p, (char)(0x80 | ((cp >> 6) & 0x3F)));
		put_byte(p, (char)(0x80 | (cp & 0x3F)));
	} else {
		put_byte(p, (char)(0xF0 | (cp >> 18)));
		put_byte(p, (char)(0x80 | ((cp >> 12) & 0x3F)));
		put_byte(p, (char)(0x80 | ((cp >> 6) & 0x3F)));
		put_byte(p, (char)(0x80 | (cp & 0x3F)));
	}
}

/* An entity or character reference at p->at ('&'): decoded into the text. 0 or -1. */
static int entity(struct parser *p)
{
	static const struct { const char *name; char c; } named[] = {
		{ "amp;", '&' }, { "lt;", '<' }, { "gt;", '>' }, { "quot;", '"' }, { "apos;", '\'' },
	};
	size_t at = p->at + 1;
	for (unsigned i = 0; i < UPM_ARRAY_LEN(named); i++) {
		size_t n = upm_strlen(named[i].name);
		if (at + n <= p->len && upm_memcmp(p->x + at, named[i].name, n) == 0) {
			put_byte(p, named[i].c);
			p->at = at + n;
			return 0;
		}
	}
	if (at < p->len && p->x[at] == '#') {
		int hex = at + 1 < p->len && p->x[at + 1] == 'x';
		unsigned long cp = 0;
		unsigned digits = 0;
		at += hex ? 2 : 1;
		for (; at < p->len && p->x[at] != ';'; at++, digits++) {
			int v = hex ? upm_hex_digit(p->x[at]) : (p->x[at] >= '0' && p->x[at] <= '9' ? p->x[at] - '0' : -1);
			if (v < 0 || digits >= 7)
				return refuse(p, "a malformed character reference");
			cp = cp * (hex ? 16u : 10u) + (unsigned long)v;
		}
		if (at >= p->len || digits == 0)
			return refuse(p, "a malformed character reference");
		if (!(cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) ||
		      (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF)))
			return refuse(p, "a character reference to no XML character");
		put_code_point(p, cp);
		p->at = at + 1;
		return 0;
	}
	return refuse(p, "an entity other than &amp; &lt; &gt; &quot; &apos; and &#N;");
}

static int all_digits(const char *s, size_t n)
{
	if (n == 0 || n > 9)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* The end of a captured element: its text taken. 0, -1, or key_fn's non-zero return. */
static int captured(struct parser *p)
{
	enum capture c = p->capture;
	p->capture = NONE;
	p->text[p->tlen] = 0;
	switch (c) {
	case KEY:
		if (p->too_long)
			return refuse(p, "a key longer than 1024 bytes");
		if (upm_strlen(p->text) != p->tlen)
			return refuse(p, "a key with a NUL");
		p->page->keys++;
		return p->key_fn ? p->key_fn(p->ctx, p->text, p->tlen) : 0;
	case TRUNCATED:
		if (upm_strcmp(p->text, "true") == 0)
			p->page->truncated = 1;
		else if (upm_strcmp(p->text, "false") == 0)
			p->page->truncated = 0;
		else
			return refuse(p, "IsTruncated neither true nor false");
		return 0;
	case TOKEN:
		if (p->too_long || p->tlen > UPM_S3_TOKEN_MAX)
			return refuse(p, "a NextContinuationToken longer than 1024 bytes");
		upm_memcpy(p->page->next_token, p->text, p->tlen + 1);
		return 0;
	case KEY_COUNT:
		if (!all_digits(p->text, p->tlen))
			return refuse(p, "a KeyCount that is no number");
		p->page->key_count = 0;
		for (size_t i = 0; i < p->tlen; i++)
			p->page->key_count = p->page->key_count * 10 + (p->text[i] - '0');
		return 0;
	case NONE:
		break;
	}
	return 0;
}

/* The text each element of a listing is read for: ListBucketResult's IsTruncated,
 * NextContinuationToken and KeyCount, and Contents' Key. */
static enum capture capture_of(const struct parser *p)
{
	const char *name = p->stack[p->depth - 1];
	if (p->depth == 2) {
		if (upm_strcmp(name, "IsTruncated") == 0)
			return TRUNCATED;
		if (upm_strcmp(name, "NextContinuationToken") == 0)
			return TOKEN;
		if (upm_strcmp(name, "KeyCount") == 0)
			return KEY_COUNT;
	}
	if (p->depth == 3 && upm_strcmp(p->stack[1], "Contents") == 0 && upm_strcmp(name, "Key") == 0)
		return KEY;
	return NONE;
}

/* An element closed (its end tag or "/>"): its text taken, popped. */
static int close_element(struct parser *p)
{
	int rc = 0;
	if (p->capture != NONE && p->capture_depth == p->depth)
		rc = captured(p);
	p->depth--;
	if (p->depth == 0)
		p->root_closed = 1;
	return rc;
}

static int start_tag(struct parser *p)
{
	char name[NAME_MAX_LEN];
	p->at++; /* '<' */
	if (p->root_closed)
		return refuse(p, "an element after the root element");
	if (p->depth == UPM_S3_DEPTH_MAX)
		return refuse(p, "elements nested deeper than 8");
	if (p->capture != NONE)
		return refuse(p, "an element inside a key, a token or a count");
	if (read_name(p, name) < 0)
		return -1;
	if (p->depth == 0 && upm_strcmp(name, "ListBucketResult") != 0) {
		char what[NAME_MAX_LEN + 48];
		upm_snprintf(what, sizeof what, "its root element is %s, not ListBucketResult", name);
		return refuse(p, what);
	}
	/* Attributes (xmlns="..."): name, '=', a quoted value without '<'. */
	for (;;) {
		int spaced = 0;
		while (p->at < p->len && is_space(p->x[p->at])) {
			p->at++;
			spaced = 1;
		}
		if (p->at >= p->len)
			return refuse(p, "the document ends inside a tag");
		char c = p->x[p->at];
		if (c == '>' || (c == '/' && p->at + 1 < p->len && p->x[p->at + 1] == '>'))
			break;
		char attr[NAME_MAX_LEN];
		if (!spaced || read_name(p, attr) < 0)
			return spaced ? -1 : refuse(p, "a malformed tag");
		while (p->at < p->len && is_space(p->x[p->at]))
			p->at++;
		if (p->at >= p->len || p->x[p->at] != '=')
			return refuse(p, "an attribute without a value");
		p->at++;
		while (p->at < p->len && is_space(p->x[p->at]))
			p->at++;
		if (p->at >= p->len || (p->x[p->at] != '"' && p->x[p->at] != '\''))
			return refuse(p, "an attribute value not in quotes");
		char q = p->x[p->at++];
		while (p->at < p->len && p->x[p->at] != q) {
			if (p->x[p->at] == '<' || p->x[p->at] == 0)
				return refuse(p, "a '<' or NUL in an attribute value");
			p->at++;
		}
		if (p->at >= p->len)
			return refuse(p, "the document ends inside an attribute value");
		p->at++;
	}
	upm_memcpy(p->stack[p->depth++], name, sizeof name);
	p->root_seen = 1;
	p->capture = capture_of(p);
	p->capture_depth = p->depth;
	p->tlen = 0;
	p->too_long = 0;
	if (p->x[p->at] == '/') {
		p->at += 2;
		return close_element(p);
	}
	p->at++;
	return 0;
}

static int end_tag(struct parser *p)
{
	char name[NAME_MAX_LEN];
	p->at += 2; /* "</" */
	if (read_name(p, name) < 0)
		return -1;
	while (p->at < p->len && is_space(p->x[p->at]))
		p->at++;
	if (p->at >= p->len || p->x[p->at] != '>')
		return refuse(p, "a malformed end tag");
	if (p->depth == 0 || upm_strcmp(p->stack[p->depth - 1], name) != 0)
		return refuse(p, p->depth ? "an end tag of another element than the open one" : "an end tag with no element open");
	p->at++;
	return close_element(p);
}

int upm_s3_list_parse(const char *xml, size_t len, int (*key_fn)(void *ctx, const char *key, size_t key_len),
		      void *ctx, struct upm_s3_list_page *page, char *why, size_t why_size)
{
	struct parser *p;
	upm_memset(page, 0, sizeof *page);
	page->key_count = -1;
	if (why_size)
		why[0] = 0;
	/* The parser's state (9 KiB) off the stack of a UEFI application. */
	p = upm_os_alloc(sizeof *p);
	if (!p) {
		upm_snprintf(why, why_size, "out of memory reading the listing");
		return -1;
	}
	upm_memset(p, 0, sizeof *p);
	p->x = xml ? xml : "";
	p->len = xml ? len : 0;
	p->page = page;
	p->key_fn = key_fn;
	p->ctx = ctx;
	p->why = why;
	p->why_size = why_size;
	int rc = 0;
	while (rc == 0 && p->at < p->len) {
		char c = p->x[p->at];
		if (c == '<') {
			char next = p->at + 1 < p->len ? p->x[p->at + 1] : 0;
			if (next == '?') {
				size_t end = find(p, "?>");
				if (p->root_seen || p->at != 0 || !end)
					rc = refuse(p, "a processing instruction other than the XML declaration");
				else
					p->at = end;
			} else if (next == '!') {
				size_t end;
				if (p->at + 4 <= p->len && upm_memcmp(p->x + p->at, "<!--", 4) == 0 && (end = find(p, "-->")))
					p->at = end;
				else
					rc = refuse(p, "a DOCTYPE, a CDATA section or an unclosed comment");
			} else if (next == '/') {
				rc = end_tag(p);
			} else {
				rc = start_tag(p);
			}
		} else if (c == '&') {
			rc = p->depth ? entity(p) : refuse(p, "text outside the root element");
		} else if ((unsigned char)c < 0x20 && !is_space(c)) {
			rc = refuse(p, "a control character");
		} else if (p->depth == 0 && !is_space(c)) {
			rc = refuse(p, "text outside the root element");
		} else {
			put_byte(p, c);
			p->at++;
		}
	}
	if (rc == 0 && !p->root_seen)
		rc = refuse(p, "no ListBucketResult element");
	else if (rc == 0 && p->depth) {
		char what[NAME_MAX_LEN + 48];
		upm_snprintf(what, sizeof what, "the document ends inside %s", p->stack[p->depth - 1]);
		rc = refuse(p, what);
	} else if (rc == 0 && page->truncated && !page->next_token[0]) {
		rc = refuse(p, "IsTruncated true without a NextContinuationToken (a store that does not answer "
			       "list-type=2?)");
	}
	upm_os_free(p);
	return rc;
}

/* The JSON reader (platform/base/json.h): one recursive descent over the text, its depth
 * bounded, that checks the grammar of RFC 8259 and records every value as a node. */
#include "platform/base/json.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

struct parser {
	const char *s;
	size_t len, at;
	struct upm_json_node *nodes;
	uint32_t n, cap;
	char *err;
	size_t err_size;
	int failed;
};

static int fail(struct parser *p, const char *what)
{
	if (!p->failed)
		upm_snprintf(p->err, p->err_size, "bad JSON at byte %lu: %s", (unsigned long)p->at, what);
	p->failed = 1;
	return -1;
}

static void skip_space(struct parser *p)
{
	while (p->at < p->len &&
	       (p->s[p->at] == ' ' || p->s[p->at] == '\t' || p->s[p->at] == '\n' || p->s[p->at] == '\r'))
		p->at++;
}

/* A new node at the current byte: its index, or -1 (out of memory or past the bound). */
static int new_node(struct parser *p, enum upm_json_type type)
{
	if (p->n >= UPM_JSON_MAX_NODES)
		return fail(p, "more values than the reader takes (4194304)");
	if (p->n == p->cap) {
		uint32_t cap = p->cap ? p->cap * 2 : 256;
		if (cap > UPM_JSON_MAX_NODES)
			cap = UPM_JSON_MAX_NODES;
		struct upm_json_node *bigger = upm_os_alloc((size_t)cap * sizeof *bigger);
		if (!bigger)
			return fail(p, "out of memory");
		if (p->nodes) {
			upm_memcpy(bigger, p->nodes, (size_t)p->n * sizeof *bigger);
			upm_os_free(p->nodes);
		}
		p->nodes = bigger;
		p->cap = cap;
	}
	struct upm_json_node *nd = &p->nodes[p->n];
	nd->type = (uint8_t)type;
	nd->start = (uint32_t)p->at;
	nd->end = (uint32_t)p->at;
	nd->next = p->n + 1;
	nd->count = 0;
	return (int)p->n++;
}


/* A string from its opening quote; p->at ends past its closing one. */
static int parse_string(struct parser *p)
{
	int i = new_node(p, UPM_JSON_STRING);
	if (i < 0)
		return -1;
	p->at++; /* the quote */
	for (;;) {
		if (p->at >= p->len)
			return fail(p, "a string that does not end");
		unsigned char c = (unsigned char)p->s[p->at];
		if (c == '"')
			break;
		if (c < 0x20)
			return fail(p, "a control character inside a string");
		if (c == '\\') {
			if (p->at + 1 >= p->len)
				return fail(p, "a string that does not end");
			char e = p->s[p->at + 1];
			if (e == 'u') {
				for (unsigned k = 2; k < 6; k++)
					if (p->at + k >= p->len || upm_hex_digit(p->s[p->at + k]) < 0)
						return fail(p, "\\u without four hexadecimal digits");
				p->at += 6;
				continue;
			}
			if (!upm_strchr("\"\\/bfnrt", e) || !e)
				return fail(p, "an unknown escape in a string");
			p->at += 2;
			continue;
		}
		p->at++;
	}
	p->at++;
	p->nodes[i].end = (uint32_t)p->at;
	return i;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int parse_number(struct parser *p)
{
	int i = new_node(p, UPM_JSON_NUMBER);
	if (i < 0)
		return -1;
	if (p->at < p->len && p->s[p->at] == '-')
		p->at++;
	if (p->at >= p->len || !is_digit(p->s[p->at]))
		return fail(p, "a number without digits");
	if (p->s[p->at] == '0') {
		p->at++;
		if (p->at < p->len && is_digit(p->s[p->at]))
			return fail(p, "a number with a leading zero");
	} else {
		while (p->at < p->len && is_digit(p->s[p->at]))
			p->at++;
	}
	if (p->at < p->len && p->s[p->at] == '.') {
		p->at++;
		if (p->at >= p->len || !is_digit(p->s[p->at]))
			return fail(p, "no digit after a decimal point");
		while (p->at < p->len && is_digit(p->s[p->at]))
			p->at++;
	}
	if (p->at < p->len && (p->s[p->at] == 'e' || p->s[p->at] == 'E')) {
		p->at++;
		if (p->at < p->len && (p->s[p->at] == '+' || p->s[p->at] == '-'))
			p->at++;
		if (p->at >= p->len || !is_digit(p->s[p->at]))
			return fail(p, "no digit in an exponent");
		while (p->at < p->len && is_digit(p->s[p->at]))
			p->at++;
	}
	p->nodes[i].end = (uint32_t)p->at;
	return i;
}

static int parse_literal(struct parser *p, const char *word, enum upm_json_type type)
{
	size_t n = upm_strlen(word);
	if (p->len - p->at < n || upm_memcmp(p->s + p->at, word, n) != 0)
		return fail(p, "not a value (a string, number, object, array, true, false or null)");
	int i = new_node(p, type);
	if (i < 0)
		return -1;
	p->at += n;
	p->nodes[i].end = (uint32_t)p->at;
	return i;
}

static int parse_value(struct parser *p, unsigned depth);

/* An array or an object from its opening bracket. */
static int parse_container(struct parser *p, unsigned depth, int object)
{
	if (depth >= UPM_JSON_MAX_DEPTH)
		return fail(p, "nested deeper than the reader takes (64)");
	int i = new_node(p, object ? UPM_JSON_OBJECT : UPM_JSON_ARRAY);
	if (i < 0)
		return -1;
	char close = object ? '}' : ']';
	uint32_t count = 0;
	p->at++;
	skip_space(p);
	if (p->at < p->len && p->s[p->at] == close) {
		p->at++;
	} else {
		for (;;) {
			skip_space(p);
			if (object) {
				if (p->at >= p->len || p->s[p->at] != '"')
					return fail(p, p->at < p->len && p->s[p->at] == '}' ? "a comma before '}'"
											    : "an object member without a key string");
				if (parse_string(p) < 0)
					return -1;
				skip_space(p);
				if (p->at >= p->len || p->s[p->at] != ':')
					return fail(p, "no ':' after an object's key");
				p->at++;
			}
			skip_space(p);
			if (!object && p->at < p->len && p->s[p->at] == ']' && count)
				return fail(p, "a comma before ']'");
			if (parse_value(p, depth + 1) < 0)
				return -1;
			count++;
			skip_space(p);
			if (p->at < p->len && p->s[p->at] == ',') {
				p->at++;
				continue;
			}
			if (p->at < p->len && p->s[p->at] == close) {
				p->at++;
				break;
			}
			return fail(p, object ? "no ',' or '}' after an object's member" : "no ',' or ']' after an element");
		}
	}
	p->nodes[i].end = (uint32_t)p->at;
	p->nodes[i].next = p->n;
	p->nodes[i].count = count;
	return i;
}

static int parse_value(struct parser *p, unsigned depth)
{
	skip_space(p);
	if (p->at >= p->len)
		return fail(p, "the text ends where a value should be");
	switch (p->s[p->at]) {
	case '{': return parse_container(p, depth, 1);
	case '[': return parse_container(p, depth, 0);
	case '"': return parse_string(p);
	case 't': return parse_literal(p, "true", UPM_JSON_TRUE);
	case 'f': return parse_literal(p, "false", UPM_JSON_FALSE);
	case 'n': return parse_literal(p, "null", UPM_JSON_NULL);
	default:
		if (p->s[p->at] == '-' || is_digit(p->s[p->at]))
			return parse_number(p);
		return fail(p, "not a value (a string, number, object, array, true, false or null)");
	}
}

int upm_json_parse(const char *text, size_t len, struct upm_json *j, char *err, size_t err_size)
{
	struct parser p;
	upm_memset(&p, 0, sizeof p);
	upm_memset(j, 0, sizeof *j);
	p.s = text;
	p.len = len;
	p.err = err;
	p.err_size = err_size;
	if (err_size)
		err[0] = 0;
	if (!text || len > UPM_JSON_MAX_BYTES) {
		upm_snprintf(err, err_size, "%s", !text ? "no text" : "larger than the reader takes (64 MiB)");
		return -1;
	}
	/* A UTF-8 byte order mark, which some editors write, is no value: skipped. */
	if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
	    (unsigned char)text[2] == 0xBF)
		p.at = 3;
	if (parse_value(&p, 0) >= 0) {
		skip_space(&p);
		if (p.at < p.len)
			fail(&p, "more after the value");
	}
	if (p.failed) {
		upm_os_free(p.nodes);
		return -1;
	}
	j->text = text;
	j->len = len;
	j->nodes = p.nodes;
	j->n = p.n;
	return 0;
}

void upm_json_free(struct upm_json *j)
{
	if (!j)
		return;
	upm_os_free(j->nodes);
	j->nodes = NULL;
	j->n = 0;
}

static const struct upm_json_node *node_of(const struct upm_json *j, int node)
{
	return j && node >= 0 && (uint32_t)node < j->n ? &j->nodes[node] : NULL;
}

int upm_json_type(const struct upm_json *j, int node)
{
	const struct upm_json_node *nd = node_of(j, node);
	return nd ? nd->type : -1;
}

unsigned upm_json_count(const struct upm_json *j, int node)
{
	const struct upm_json_node *nd = node_of(j, node);
	return nd && (nd->type == UPM_JSON_ARRAY || nd->type == UPM_JSON_OBJECT) ? nd->count : 0;
}

int upm_json_at(const struct upm_json *j, int array, unsigned i)
{
	const struct upm_json_node *nd = node_of(j, array);
	if (!nd || nd->type != UPM_JSON_ARRAY || i >= nd->count)
		return -1;
	uint32_t c = (uint32_t)array + 1;
	while (i--)
		c = j->nodes[c].next;
	return (int)c;
}

int upm_json_get(const struct upm_json *j, int object, const char *key)
{
	const struct upm_json_node *nd = node_of(j, object);
	if (!nd || nd->type != UPM_JSON_OBJECT || !key)
		return -1;
	uint32_t c = (uint32_t)object + 1;
	for (uint32_t m = 0; m < nd->count; m++) {
		uint32_t value = j->nodes[c].next;
		if (upm_json_string_is(j, (int)c, key))
			return (int)value;
		c = j->nodes[value].next;
	}
	return -1;
}

int upm_json_bool(const struct upm_json *j, int node)
{
	int t = upm_json_type(j, node);
	return t == UPM_JSON_TRUE ? 1 : t == UPM_JSON_FALSE ? 0 : -1;
}

/* 10^e for 0 <= e <= 22, each exact in a double. */
static double pow10_exact(unsigned e)
{
	double v = 1.0;
	while (e--)
		v *= 10.0;
	return v;
}

int upm_json_number(const struct upm_json *j, int node, double *out)
{
	const struct upm_json_node *nd = node_of(j, node);
	if (!nd || nd->type != UPM_JSON_NUMBER)
		return -1;
	const char *s = j->text + nd->start, *end = j->text + nd->end;
	int neg = 0;
	if (s < end && *s == '-') {
		neg = 1;
		s++;
	}
	/* The significant digits as an integer (at most 19; further digits only move the
	 * decimal exponent), then scaled by the power of ten. */
	uint64_t mant = 0;
	unsigned digits = 0;
	long exp10 = 0;
	int seen_nonzero = 0;
	for (; s < end && is_digit(*s); s++) {
		if (*s != '0' || seen_nonzero) {
			seen_nonzero = 1;
			if (digits < 19) {
				mant = mant * 10 + (uint64_t)(*s - '0');
				digits++;
			} else {
				exp10++;
			}
		}
	}
	if (s < end && *s == '.') {
		for (s++; s < end && is_digit(*s); s++) {
			if (*s != '0' || seen_nonzero) {
				seen_nonzero = 1;
				if (digits < 19) {
					mant = mant * 10 + (uint64_t)(*s - '0');
					digits++;
					exp10--;
				}
			} else {
				exp10--;
			}
		}
	}
	if (s < end && (*s == 'e' || *s == 'E')) {
		s++;
		int eneg = 0;
		if (s < end && (*s == '+' || *s == '-'))
			eneg = *s++ == '-';
		long e = 0;
		for (; s < end && is_digit(*s); s++)
			if (e < 100000)
				e = e * 10 + (*s - '0');
		exp10 += eneg ? -e : e;
	}
	double v = (double)mant;
	if (mant == 0) {
		v = 0.0;
	} else if (exp10 >= 0) {
		for (; exp10 > 22 && v < 1e308; exp10 -= 22)
			v *= pow10_exact(22);
		if (exp10 > 22)
			v = 1e308 * 10.0; /* past the largest double: infinity */
		else
			v *= pow10_exact((unsigned)exp10);
	} else {
		long e = -exp10;
		for (; e > 22 && v > 0.0; e -= 22)
			v /= pow10_exact(22);
		if (e <= 22)
			v /= pow10_exact((unsigned)e);
		else
			v = 0.0;
	}
	*out = neg ? -v : v;
	return 0;
}

/* Appends code point cp as UTF-8 to buf at *k (kept within size - 1). */
static void put_utf8(char *buf, size_t size, size_t *k, int *full, uint32_t cp)
{
	char tmp[4];
	unsigned n;
	if (cp < 0x80) {
		tmp[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		tmp[0] = (char)(0xC0 | (cp >> 6));
		tmp[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		tmp[0] = (char)(0xE0 | (cp >> 12));
		tmp[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		tmp[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		tmp[0] = (char)(0xF0 | (cp >> 18));
		tmp[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		tmp[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		tmp[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	if (*k + n < size) { /* a character is cut whole, never half */
		upm_memcpy(buf + *k, tmp, n);
		*k += n;
	} else {
		*full = 1; /* nothing after it is kept */
	}
}

static uint32_t hex4(const char *s)
{
	uint32_t v = 0;
	for (unsigned k = 0; k < 4; k++)
		v = v * 16 + (uint32_t)upm_hex_digit(s[k]);
	return v;
}

int upm_json_string(const struct upm_json *j, int node, char *buf, size_t size)
{
	const struct upm_json_node *nd = node_of(j, node);
	if (!size)
		return -1;
	buf[0] = 0;
	if (!nd || nd->type != UPM_JSON_STRING)
		return -1;
	/* The parser checked the string: every escape is whole and inside it. */
	const char *s = j->text + nd->start + 1, *end = j->text + nd->end - 1;
	size_t k = 0;
	int full = 0; /* the buffer is full: the string is cut there */
	while (s < end && !full) {
		if (*s != '\\') {
			if (k + 1 < size)
				buf[k++] = *s;
			else
				full = 1;
			s++;
			continue;
		}
		char e = s[1];
		if (e == 'u') {
			uint32_t cp = hex4(s + 2);
			s += 6;
			if (cp >= 0xD800 && cp < 0xDC00 && end - s >= 6 && s[0] == '\\' && s[1] == 'u') {
				uint32_t lo = hex4(s + 2);
				if (lo >= 0xDC00 && lo < 0xE000) {
					cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
					s += 6;
				}
			}
			if (cp >= 0xD800 && cp < 0xE000)
				cp = 0xFFFD; /* a lone surrogate */
			put_utf8(buf, size, &k, &full, cp);
			continue;
		}
		char c = e == 'b' ? '\b' : e == 'f' ? '\f' : e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e;
		if (k + 1 < size)
			buf[k++] = c;
		else
			full = 1;
		s += 2;
	}
	buf[k] = 0;
	return 0;
}

int upm_json_string_is(const struct upm_json *j, int node, const char *want)
{
	const struct upm_json_node *nd = node_of(j, node);
	if (!nd || nd->type != UPM_JSON_STRING || !want)
		return 0;
	size_t n = upm_strlen(want), raw = nd->end - nd->start - 2;
	/* Without escapes (keys always are) the bytes compare as they are. */
	if (raw == n && upm_memcmp(j->text + nd->start + 1, want, n) == 0)
		return 1;
	/* An escape is never shorter than what it stands for. */
	int escaped = 0;
	for (size_t k = 0; k < raw; k++)
		escaped |= j->text[nd->start + 1 + k] == '\\';
	if (!escaped || raw < n || raw > 4096)
		return 0;
	char tmp[4097];
	upm_json_string(j, node, tmp, sizeof tmp);
	return upm_strcmp(tmp, want) == 0;
}

/* AWS Signature Version 4 (sigv4.h). */
#include "core/cli/sigv4.h"
#include "platform/base/str.h"

/* The algorithm's name and the scope's terminator (AWS, "Create a string to sign for
 * Signature Version 4" and "Calculate the signature for AWS Signature Version 4"). */
#define ALGORITHM "AWS4-HMAC-SHA256"
#define TERMINATOR "aws4_request"
#define SECRET_PREFIX "AWS4" /* kSecret = "AWS4" + secret key */
#define AMZ_DATE_LEN 16      /* YYYYMMDDTHHMMSSZ */
#define N_HEADERS (4 + UPM_SIGV4_MAX_EXTRA)

static const char HEX_UPPER[] = "0123456789ABCDEF";

static void fail(char *err, size_t err_size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void fail(char *err, size_t err_size, const char *fmt, ...)
{
	va_list ap;
	if (!err || !err_size)
		return;
	va_start(ap, fmt);
	upm_vsnprintf(err, err_size, fmt, ap);
	va_end(ap);
}

/* Up to 60 bytes of s for a message, each control character shown as '?' so that the
 * message stays one line. */
struct shown {
	char text[64];
};

static struct shown show(const char *s)
{
	struct shown r;
	size_t n = 0;
	for (; s && *s && n < 60; s++, n++) {
		unsigned char c = (unsigned char)*s;
		r.text[n] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
	}
	r.text[n] = 0;
	return r;
}

/* AWS's unreserved characters (UriEncode: A-Z a-z 0-9 - _ . ~). */
static int unreserved(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
	       c == '_' || c == '.' || c == '~';
}


static unsigned char lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

int upm_sigv4_uri_encode(const char *s, size_t len, int keep_slash, char *out, size_t out_size)
{
	size_t n = 0;
	if (!out_size)
		return -1;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		int keep = unreserved(c) || (keep_slash && c == '/');
		size_t need = keep ? 1 : 3;
		if (n + need >= out_size || n + need > 0x7fffffff) {
			out[0] = 0;
			return -1;
		}
		if (keep) {
			out[n++] = (char)c;
		} else {
			out[n++] = '%';
			out[n++] = HEX_UPPER[c >> 4];
			out[n++] = HEX_UPPER[c & 15];
		}
	}
	out[n] = 0;
	return (int)n;
}

/* The canonical form of a piece of the request target, a character at a time: each %XX is
 * decoded, then the byte is encoded again as UriEncode does (a '%' not followed by two hex
 * digits is a byte of its own). Lets two pieces be compared, for sorting, without a copy. */
struct canon {
	const char *p, *end;
	int keep_slash;
	char pending[2];
	unsigned n_pending, at;
};

static void canon_init(struct canon *c, const char *p, size_t len, int keep_slash)
{
	c->p = p;
	c->end = p + len;
	c->keep_slash = keep_slash;
	c->n_pending = c->at = 0;
}

/* The next character of the canonical form, or -1 at its end. */
static int canon_next(struct canon *c)
{
	if (c->at < c->n_pending)
		return (unsigned char)c->pending[c->at++];
	if (c->p >= c->end)
		return -1;
	unsigned char b = (unsigned char)*c->p;
	int hi, lo;
	if (b == '%' && c->end - c->p >= 3 && (hi = upm_hex_digit(c->p[1])) >= 0 && (lo = upm_hex_digit(c->p[2])) >= 0) {
		b = (unsigned char)(hi << 4 | lo);
		c->p += 3;
	} else {
		c->p++;
	}
	if (unreserved(b) || (c->keep_slash && b == '/'))
		return b;
	c->pending[0] = HEX_UPPER[b >> 4];
	c->pending[1] = HEX_UPPER[b & 15];
	c->n_pending = 2;
	c->at = 0;
	return '%';
}

static int canon_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	struct canon ca, cb;
	canon_init(&ca, a, alen, 0);
	canon_init(&cb, b, blen, 0);
	for (;;) {
		int x = canon_next(&ca), y = canon_next(&cb);
		if (x != y)
			return x < y ? -1 : 1;
		if (x < 0)
			return 0;
	}
}

/* Text into a caller's buffer of size bytes (none when buf is NULL), always ended with a NUL;
 * what does not fit sets overflow and is not written. */
struct text {
	char *buf;
	size_t size, len;
	int overflow;
};

static void text_put(struct text *t, const char *p, size_t n)
{
	if (!t->buf || !t->size || t->overflow)
		return;
	if (n >= t->size - t->len) {
		t->overflow = 1;
		return;
	}
	upm_memcpy(t->buf + t->len, p, n);
	t->len += n;
	t->buf[t->len] = 0;
}

static void text_puts(struct text *t, const char *p)
{
	text_put(t, p, upm_strlen(p));
}

/* The canonical request as it is made: hashed, and copied where the caller gave room. */
struct sink {
	struct upm_sha256 hash;
	struct text copy;
};

static void put(struct sink *s, const char *p, size_t n)
{
	upm_sha256_update(&s->hash, p, n);
	text_put(&s->copy, p, n);
}

static void puts_(struct sink *s, const char *p)
{
	put(s, p, upm_strlen(p));
}

static void put_canon(struct sink *s, const char *p, size_t len, int keep_slash)
{
	char chunk[64];
	size_t n = 0;
	struct canon c;
	int ch;
	canon_init(&c, p, len, keep_slash);
	while ((ch = canon_next(&c)) >= 0) {
		chunk[n++] = (char)ch;
		if (n == sizeof chunk) {
			put(s, chunk, n);
			n = 0;
		}
	}
	put(s, chunk, n);
}

/* A header value with its ends trimmed and each inner run of spaces and tabs made one
 * space (AWS's Trimall). */
static void put_trimmed(struct sink *s, const char *v)
{
	int space = 0, any = 0;
	for (; *v; v++) {
		if (*v == ' ' || *v == '\t') {
			space = any;
			continue;
		}
		if (space)
			put(s, " ", 1);
		put(s, v, 1);
		space = 0;
		any = 1;
	}
}

/* RFC 9110, 5.6.2: a header name is a token. */
static int token_char(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
	       (c && upm_strchr("!#$%&'*+-.^_`|~", c) != NULL);
}

static int header_name_ok(const char *n)
{
	if (!n || !*n)
		return 0;
	for (; *n; n++)
		if (!token_char((unsigned char)*n))
			return 0;
	return 1;
}

/* A value holds no control character but tab: no line break to end the header early. */
static int header_value_ok(const char *v)
{
	for (; *v; v++) {
		unsigned char c = (unsigned char)*v;
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return 0;
	}
	return 1;
}

/* A part of the credential scope or the Credential: printable ASCII that cannot end the
 * Authorization header's fields (no space, comma, slash or '='). */
static int scope_part_ok(const char *v, size_t max)
{
	size_t n = 0;
	if (!v || !*v)
		return 0;
	for (; *v; v++, n++) {
		unsigned char c = (unsigned char)*v;
		if (c <= 0x20 || c >= 0x7f || c == ',' || c == '/' || c == '=' || c == ';')
			return 0;
	}
	return n <= max;
}

static int lower_cmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		unsigned char x = lower((unsigned char)*a), y = lower((unsigned char)*b);
		if (x != y || !x)
			return x < y ? -1 : x > y;
	}
}

static int digits(const char *s, unsigned n, unsigned *value)
{
	*value = 0;
	for (unsigned i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		*value = *value * 10 + (unsigned)(s[i] - '0');
	}
	return 1;
}

/* "YYYYMMDDTHHMMSSZ" with each field in its range (the basic ISO 8601 form AWS names; a day
 * past its month's end, 20130231, is not caught: the store refuses the skew). */
static int amz_date_ok(const char *d)
{
	unsigned y, mo, da, h, mi, se;
	if (!d || upm_strlen(d) != AMZ_DATE_LEN || d[8] != 'T' || d[15] != 'Z')
		return 0;
	if (!digits(d, 4, &y) || !digits(d + 4, 2, &mo) || !digits(d + 6, 2, &da) || !digits(d + 9, 2, &h) ||
	    !digits(d + 11, 2, &mi) || !digits(d + 13, 2, &se))
		return 0;
	return mo >= 1 && mo <= 12 && da >= 1 && da <= 31 && h <= 23 && mi <= 59 && se <= 60;
}

static int payload_hash_ok(const char *p)
{
	if (!p)
		return 0;
	if (upm_strcmp(p, UPM_SIGV4_UNSIGNED_PAYLOAD) == 0)
		return 1;
	if (upm_strlen(p) != 2 * UPM_SHA256_DIGEST)
		return 0;
	for (; *p; p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
			return 0;
	return 1;
}

static int method_ok(const char *m)
{
	size_t n = 0;
	if (!m || !*m)
		return 0;
	for (; *m; m++, n++)
		if (*m < 'A' || *m > 'Z')
			return 0;
	return n <= UPM_SIGV4_MAX_METHOD;
}

/* The path and query hold no control character (they are sent on the request line). */
static int target_ok(const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c == 0x7f)
			return 0;
	}
	return 1;
}

struct param {
	const char *name, *value;
	size_t name_len, value_len;
};

/* The raw query's parameters, split at '&' and each at its first '=' (empty pieces, as in
 * "a=1&&b=2", are no parameter), sorted by canonical name, then value. Returns the count,
 * or -1 with more than UPM_SIGV4_MAX_QUERY. */
static int query_params(const char *q, struct param *ps)
{
	int n = 0;
	while (q && *q) {
		const char *end = q;
		while (*end && *end != '&')
			end++;
		if (end > q) {
			if (n == UPM_SIGV4_MAX_QUERY)
				return -1;
			const char *eq = q;
			while (eq < end && *eq != '=')
				eq++;
			struct param p = { q, eq < end ? eq + 1 : end, (size_t)(eq - q),
					   eq < end ? (size_t)(end - eq - 1) : 0 };
			int i = n++;
			/* Insertion: n is small. */
			while (i > 0) {
				const struct param *o = &ps[i - 1];
				int c = canon_cmp(o->name, o->name_len, p.name, p.name_len);
				if (c == 0)
					c = canon_cmp(o->value, o->value_len, p.value, p.value_len);
				if (c <= 0)
					break;
				ps[i] = ps[i - 1];
				i--;
			}
			ps[i] = p;
		}
		q = *end ? end + 1 : end;
	}
	return n;
}

/* The headers to sign, sorted by lowercase name; -1 with the reason on a bad or repeated
 * one. */
static int signed_headers(const struct upm_sigv4_request *rq, struct upm_sigv4_header *hs,
			  char *err, size_t err_size)
{
	unsigned n = 0;
	hs[n++] = (struct upm_sigv4_header){ "host", rq->host };
	hs[n++] = (struct upm_sigv4_header){ "x-amz-content-sha256", rq->payload_sha256 };
	hs[n++] = (struct upm_sigv4_header){ "x-amz-date", rq->amz_date };
	if (rq->session_token && *rq->session_token)
		hs[n++] = (struct upm_sigv4_header){ "x-amz-security-token", rq->session_token };
	if (rq->n_extra > UPM_SIGV4_MAX_EXTRA) {
		fail(err, err_size, "%u extra headers to sign: at most %u", rq->n_extra, UPM_SIGV4_MAX_EXTRA);
		return -1;
	}
	if (rq->n_extra && !rq->extra) {
		fail(err, err_size, "%u extra headers to sign but none given", rq->n_extra);
		return -1;
	}
	for (unsigned i = 0; i < rq->n_extra; i++) {
		const struct upm_sigv4_header *h = &rq->extra[i];
		if (!header_name_ok(h->name)) {
			fail(err, err_size, "extra header %u's name '%s' is not an HTTP token", i + 1,
			     show(h->name).text);
			return -1;
		}
		hs[n++] = *h;
	}
	for (unsigned i = 0; i < n; i++) {
		if (!hs[i].value) {
			fail(err, err_size, "header %s has no value", show(hs[i].name).text);
			return -1;
		}
		if (!header_value_ok(hs[i].value)) {
			fail(err, err_size, "header %s's value holds a line break or control character",
			     show(hs[i].name).text);
			return -1;
		}
	}
	for (unsigned i = 1; i < n; i++) {
		struct upm_sigv4_header h = hs[i];
		unsigned j = i;
		while (j > 0 && lower_cmp(hs[j - 1].name, h.name) > 0) {
			hs[j] = hs[j - 1];
			j--;
		}
		hs[j] = h;
	}
	for (unsigned i = 1; i < n; i++)
		if (lower_cmp(hs[i - 1].name, hs[i].name) == 0) {
			fail(err, err_size, "header %s is given twice", show(hs[i].name).text);
			return -1;
		}
	return (int)n;
}

static void put_lower(struct sink *s, const char *name)
{
	for (; *name; name++) {
		char c = (char)lower((unsigned char)*name);
		put(s, &c, 1);
	}
}

/* Checks every field; 0, or -1 with the reason. */
static int check_request(const struct upm_sigv4_request *rq, char *err, size_t err_size)
{
	if (!method_ok(rq->method)) {
		fail(err, err_size, "method '%s' is not 1 to %u capital letters", show(rq->method).text,
		     UPM_SIGV4_MAX_METHOD);
		return -1;
	}
	if (!rq->host || !*rq->host) {
		fail(err, err_size, "no host to sign");
		return -1;
	}
	for (const char *h = rq->host; *h; h++)
		if ((unsigned char)*h <= 0x20 || *h == 0x7f) {
			fail(err, err_size, "host '%s' holds a space or control character", show(rq->host).text);
			return -1;
		}
	if (!rq->path || (*rq->path && *rq->path != '/') || !target_ok(rq->path)) {
		fail(err, err_size, "path '%s' does not start with '/' or holds a control character",
		     rq->path ? show(rq->path).text : "(none)");
		return -1;
	}
	if (rq->query && !target_ok(rq->query)) {
		fail(err, err_size, "query holds a control character");
		return -1;
	}
	if (!payload_hash_ok(rq->payload_sha256)) {
		fail(err, err_size, "payload hash '%s' is neither 64 lowercase hex digits nor %s",
		     show(rq->payload_sha256).text, UPM_SIGV4_UNSIGNED_PAYLOAD);
		return -1;
	}
	if (!amz_date_ok(rq->amz_date)) {
		fail(err, err_size, "request time '%s' is not YYYYMMDDTHHMMSSZ", show(rq->amz_date).text);
		return -1;
	}
	if (!scope_part_ok(rq->region, UPM_SIGV4_MAX_SCOPE_PART)) {
		fail(err, err_size, "region '%s' is empty, longer than %u bytes, or holds a space, '/', ',', ';' or '='",
		     show(rq->region).text, UPM_SIGV4_MAX_SCOPE_PART);
		return -1;
	}
	if (!scope_part_ok(rq->service, UPM_SIGV4_MAX_SCOPE_PART)) {
		fail(err, err_size, "service '%s' is empty, longer than %u bytes, or holds a space, '/', ',', ';' or '='",
		     show(rq->service).text, UPM_SIGV4_MAX_SCOPE_PART);
		return -1;
	}
	if (!scope_part_ok(rq->access_key_id, 256)) {
		fail(err, err_size, "access key id is empty, longer than 256 bytes, or holds a space, '/', ',', ';' or '='");
		return -1;
	}
	if (!rq->secret_key || !*rq->secret_key || upm_strlen(rq->secret_key) > UPM_SIGV4_MAX_SECRET) {
		fail(err, err_size, "secret key is empty or longer than %u bytes", UPM_SIGV4_MAX_SECRET);
		return -1;
	}
	return 0;
}

static void clear_out(struct upm_sigv4_out *out)
{
	if (out->authorization && out->authorization_size)
		out->authorization[0] = 0;
	if (out->canonical_request && out->canonical_request_size)
		out->canonical_request[0] = 0;
	if (out->string_to_sign && out->string_to_sign_size)
		out->string_to_sign[0] = 0;
	out->signature[0] = 0;
}

static void wipe(void *p, size_t n)
{
	volatile unsigned char *b = p;
	while (n--)
		*b++ = 0;
}

int upm_sigv4_sign(const struct upm_sigv4_request *rq, struct upm_sigv4_out *out, char *err, size_t err_size)
{
	struct upm_sigv4_header hs[N_HEADERS];
	struct param ps[UPM_SIGV4_MAX_QUERY];
	struct sink s;
	int n_h, n_q;

	if (err && err_size)
		err[0] = 0;
	if (!out) {
		fail(err, err_size, "no output to sign into");
		return -1;
	}
	clear_out(out);
	if (!rq) {
		fail(err, err_size, "no request to sign");
		return -1;
	}
	if (!out->authorization || !out->authorization_size) {
		fail(err, err_size, "no buffer for the Authorization header");
		return -1;
	}
	if (check_request(rq, err, err_size) < 0)
		return -1;
	if ((n_h = signed_headers(rq, hs, err, err_size)) < 0)
		return -1;
	if ((n_q = query_params(rq->query, ps)) < 0) {
		fail(err, err_size, "query has more than %u parameters", UPM_SIGV4_MAX_QUERY);
		return -1;
	}

	/* The canonical request (AWS, "Create a canonical request for Signature Version 4"). */
	upm_sha256_init(&s.hash);
	s.copy = (struct text){ out->canonical_request, out->canonical_request_size, 0, 0 };
	if (s.copy.buf && s.copy.size)
		s.copy.buf[0] = 0;
	puts_(&s, rq->method);
	put(&s, "\n", 1);
	if (*rq->path)
		put_canon(&s, rq->path, upm_strlen(rq->path), 1);
	else
		put(&s, "/", 1);
	put(&s, "\n", 1);
	for (int i = 0; i < n_q; i++) {
		if (i)
			put(&s, "&", 1);
		put_canon(&s, ps[i].name, ps[i].name_len, 0);
		put(&s, "=", 1);
		put_canon(&s, ps[i].value, ps[i].value_len, 0);
	}
	put(&s, "\n", 1);
	for (int i = 0; i < n_h; i++) {
		put_lower(&s, hs[i].name);
		put(&s, ":", 1);
		put_trimmed(&s, hs[i].value);
		put(&s, "\n", 1);
	}
	put(&s, "\n", 1);
	for (int i = 0; i < n_h; i++) {
		if (i)
			put(&s, ";", 1);
		put_lower(&s, hs[i].name);
	}
	put(&s, "\n", 1);
	puts_(&s, rq->payload_sha256);
	if (s.copy.overflow) {
		clear_out(out);
		fail(err, err_size, "the canonical request does not fit its %zu-byte buffer", s.copy.size);
		return -1;
	}
	uint8_t digest[UPM_SHA256_DIGEST];
	char digest_hex[UPM_SHA256_HEX];
	upm_sha256_final(&s.hash, digest);
	upm_hex_lower(digest, sizeof digest, digest_hex, sizeof digest_hex);

	/* The scope and string to sign (AWS, "Create a string to sign for Signature Version 4"). */
	char date[9], scope[8 + 2 * UPM_SIGV4_MAX_SCOPE_PART + sizeof TERMINATOR + 4];
	char sts[sizeof ALGORITHM + AMZ_DATE_LEN + sizeof scope + UPM_SHA256_HEX + 4];
	upm_memcpy(date, rq->amz_date, 8);
	date[8] = 0;
	upm_snprintf(scope, sizeof scope, "%s/%s/%s/%s", date, rq->region, rq->service, TERMINATOR);
	int sts_len = upm_snprintf(sts, sizeof sts, "%s\n%s\n%s\n%s", ALGORITHM, rq->amz_date, scope, digest_hex);

	/* The signing key and signature (AWS, "Calculate the signature for AWS Signature
	 * Version 4"): kDate = HMAC("AWS4" + secret, date), kRegion, kService, kSigning. */
	uint8_t secret[sizeof SECRET_PREFIX + UPM_SIGV4_MAX_SECRET], key[UPM_SHA256_DIGEST], sig[UPM_SHA256_DIGEST];
	size_t secret_len = upm_strlen(rq->secret_key);
	upm_memcpy(secret, SECRET_PREFIX, 4);
	upm_memcpy(secret + 4, rq->secret_key, secret_len);
	/* Each step's key is copied into the HMAC's state before its output overwrites it. */
	upm_hmac_sha256(secret, 4 + secret_len, date, 8, key);
	upm_hmac_sha256(key, sizeof key, rq->region, upm_strlen(rq->region), key);
	upm_hmac_sha256(key, sizeof key, rq->service, upm_strlen(rq->service), key);
	upm_hmac_sha256(key, sizeof key, TERMINATOR, sizeof TERMINATOR - 1, key);
	upm_hmac_sha256(key, sizeof key, sts, (size_t)sts_len, sig);
	wipe(secret, sizeof secret);
	wipe(key, sizeof key);
	char signature[UPM_SHA256_HEX];
	upm_hex_lower(sig, sizeof sig, signature, sizeof signature);

	/* The Authorization header (AWS, "Authenticating Requests: Using the Authorization
	 * Header (AWS Signature Version 4)"). */
	struct text a = { out->authorization, out->authorization_size, 0, 0 };
	text_puts(&a, ALGORITHM " Credential=");
	text_puts(&a, rq->access_key_id);
	text_puts(&a, "/");
	text_puts(&a, scope);
	text_puts(&a, ", SignedHeaders=");
	for (int i = 0; i < n_h; i++) {
		if (i)
			text_puts(&a, ";");
		for (const char *c = hs[i].name; *c; c++) {
			char l = (char)lower((unsigned char)*c);
			text_put(&a, &l, 1);
		}
	}
	text_puts(&a, ", Signature=");
	text_puts(&a, signature);
	if (a.overflow) {
		clear_out(out);
		fail(err, err_size, "the Authorization header does not fit its %zu-byte buffer", a.size);
		return -1;
	}
	if (out->string_to_sign && out->string_to_sign_size) {
		if ((size_t)sts_len >= out->string_to_sign_size) {
			clear_out(out);
			fail(err, err_size, "the string to sign does not fit its %zu-byte buffer",
			     out->string_to_sign_size);
			return -1;
		}
		upm_memcpy(out->string_to_sign, sts, (size_t)sts_len + 1);
	}
	upm_memcpy(out->signature, signature, sizeof signature);
	return 0;
}

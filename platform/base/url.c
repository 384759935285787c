/* URLs of rack mode (url.h). RFC 3986: scheme "://" authority path-abempty ["?" query];
 * what a lab's URL may hold is narrower on purpose (url.h). */
#include "platform/base/url.h"
#include "platform/base/str.h"
#include "platform/base/os.h"

static int fail(char *err, size_t size, const char *text, const char *why)
{
	upm_snprintf(err, size, "the URL '%.80s' %s", text, why);
	return -1;
}

static int is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* RFC 3986's pchar and '/', '?' as written: unreserved, sub-delims, ':', '@', '%'
 * (escapes checked by the caller). */
static int is_url_char(char c)
{
	if (is_alnum(c))
		return 1;
	return upm_strchr("-._~!$&'()*+,;=:@/%", c) != NULL && c != 0;
}

/* Copies [s, e) into buf after checking every character and every %XX escape. */
static int take_part(const char *s, const char *e, char *buf, size_t size, const char *text, char *err,
		     size_t err_size, const char *what)
{
	if ((size_t)(e - s) + 1 > size)
		return fail(err, err_size, text, what[0] == 'p' ? "has too long a path" : "has too long a query");
	for (const char *c = s; c < e; c++) {
		if (*c == '%' && (e - c < 3 || upm_hex_digit(c[1]) < 0 || upm_hex_digit(c[2]) < 0))
			return fail(err, err_size, text, "has a '%' that is no %XX escape: write it as %25");
		if (!is_url_char(*c) && !(what[0] == 'q' && *c == '?'))
			return fail(err, err_size, text,
				    "holds a character a URL cannot (space, quote, '<', '>', '\\', '{', '}', '|', '^', "
				    "'`' or a control character): escape it as %XX");
	}
	upm_memcpy(buf, s, (size_t)(e - s));
	buf[e - s] = 0;
	return 0;
}

int upm_url_parse(const char *text, struct upm_url *out, char *err, size_t err_size)
{
	const char *p = text;
	upm_memset(out, 0, sizeof *out);
	if (!text || !*text)
		return fail(err, err_size, "", "is empty: give http://HOST[:PORT]/PATH");
	if (upm_strncasecmp(p, "http://", 7) == 0) {
		p += 7;
	} else if (upm_strncasecmp(p, "https://", 8) == 0) {
		out->https = 1;
		p += 8;
	} else {
		return fail(err, err_size, text, "is not http:// or https://: give http://HOST[:PORT]/PATH");
	}
	const char *host = p, *auth_end = p;
	while (*auth_end && *auth_end != '/' && *auth_end != '?' && *auth_end != '#')
		auth_end++;
	for (const char *a = host; a < auth_end; a++)
		if (*a == '@')
			p = a;
	while (p < auth_end && *p != ':' && *p != '@')
		p++;
	if (*p == '@')
		return fail(err, err_size, text,
			    "holds a user name or password: leave it out (a credential in a URL ends up in every log); "
			    "authorise with a presigned query or the bucket's policy");
	if (*host == '[')
		return fail(err, err_size, text, "names an IPv6 address: give a host name or an IPv4 address");
	size_t hlen = (size_t)(p - host);
	if (hlen == 0)
		return fail(err, err_size, text, "has no host: give http://HOST[:PORT]/PATH");
	if (hlen >= sizeof out->host)
		return fail(err, err_size, text, "has too long a host name");
	for (size_t i = 0; i < hlen; i++) {
		char c = host[i];
		if (!is_alnum(c) && c != '-' && c != '.')
			return fail(err, err_size, text, "has a host name with a character other than letters, digits, '-' and '.'");
		out->host[i] = upm_tolower(c);
	}
	out->host[hlen] = 0;
	if (host[0] == '.' || host[0] == '-' || host[hlen - 1] == '-' || upm_strchr(out->host, '.') == out->host)
		return fail(err, err_size, text, "has a malformed host name");
	out->port = out->https ? 443 : 80;
	if (*p == ':') {
		uint64_t port = 0;
		const char *q = ++p;
		while (*p >= '0' && *p <= '9' && p - q < 6)
			port = port * 10 + (uint64_t)(*p++ - '0');
		if (p == q || port == 0 || port > 65535 || (*p && *p != '/' && *p != '?' && *p != '#'))
			return fail(err, err_size, text, "has a port that is not a number from 1 to 65535");
		out->port = (unsigned)port;
		out->port_given = 1;
	}
	const char *path = p;
	while (*p && *p != '?' && *p != '#')
		p++;
	if (path == p) {
		upm_strlcpy(out->path, "/", sizeof out->path);
	} else if (take_part(path, p, out->path, sizeof out->path, text, err, err_size, "path") < 0) {
		return -1;
	}
	if (*p == '?') {
		const char *query = ++p;
		while (*p && *p != '#')
			p++;
		if (take_part(query, p, out->query, sizeof out->query, text, err, err_size, "query") < 0)
			return -1;
	}
	if (*p == '#')
		return fail(err, err_size, text, "has a fragment ('#...'): leave it out");
	return 0;
}

void upm_url_format(const struct upm_url *u, char *buf, size_t size)
{
	char port[16] = "";
	if (u->port_given)
		upm_snprintf(port, sizeof port, ":%u", u->port);
	upm_snprintf(buf, size, "%s://%s%s%s%s%s", u->https ? "https" : "http", u->host, port, u->path,
		     u->query[0] ? "?" : "", u->query);
}

int upm_url_safe_name(const char *s)
{
	size_t n = 0;
	if (!s || !*s || *s == '.')
		return 0;
	for (; s[n]; n++)
		if (!is_alnum(s[n]) && s[n] != '.' && s[n] != '_' && s[n] != '-')
			return 0;
	return n <= 128;
}

void upm_url_reduce_name(const char *s, char *buf, size_t size)
{
	size_t k = 0;
	if (size == 0)
		return;
	for (; s && *s && k + 1 < size && k < 128; s++) {
		char c = *s;
		int keep = is_alnum(c) || c == '_' || c == '-' || (c == '.' && k > 0);
		buf[k++] = keep ? c : '_';
	}
	if (k == 0 && size > 1)
		buf[k++] = '_';
	buf[k] = 0;
}

int upm_url_beside(const struct upm_url *u, const char *name, struct upm_url *out)
{
	if (!upm_url_safe_name(name))
		return -1;
	*out = *u;
	out->query[0] = 0;
	size_t cut = 0;
	for (size_t i = 0; u->path[i]; i++)
		if (u->path[i] == '/')
			cut = i + 1;
	if (cut + upm_strlen(name) + 1 > sizeof out->path)
		return -1;
	upm_strlcpy(out->path + cut, name, sizeof out->path - cut);
	return 0;
}

int upm_url_below(const struct upm_url *u, const char *const *segments, unsigned n, struct upm_url *out)
{
	*out = *u;
	size_t len = upm_strlen(out->path);
	while (len > 0 && out->path[len - 1] == '/')
		out->path[--len] = 0;
	for (unsigned i = 0; i < n; i++) {
		size_t s = upm_strlen(segments[i]);
		if (!upm_url_safe_name(segments[i]) || len + 1 + s + 1 > sizeof out->path)
			return -1;
		out->path[len++] = '/';
		upm_memcpy(out->path + len, segments[i], s + 1);
		len += s;
	}
	return 0;
}

char *upm_url_hide_queries(const char *text)
{
	static const char hidden[] = "?(hidden)";
	size_t n = upm_strlen(text), k = 0;
	char *out = upm_os_alloc(n * 2 + sizeof hidden); /* every URL hidden: never more than twice */
	if (!out)
		return NULL;
	for (size_t i = 0; i < n;) {
		int url = upm_strncasecmp(text + i, "http://", 7) == 0 || upm_strncasecmp(text + i, "https://", 8) == 0;
		if (!url) {
			out[k++] = text[i++];
			continue;
		}
		while (i < n && text[i] != '?' && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' &&
		       text[i] != '\r' && text[i] != '"')
			out[k++] = text[i++];
		if (i < n && text[i] == '?') {
			upm_memcpy(out + k, hidden, sizeof hidden - 1);
			k += sizeof hidden - 1;
			while (i < n && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r' &&
			       text[i] != '"')
				i++;
		}
	}
	out[k] = 0;
	return out;
}

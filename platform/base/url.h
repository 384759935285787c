/* URLs of rack mode (docs/rack.md): the boot server's and the object store's, parsed
 * once, checked strictly (what comes over the network is untrusted), and joined with
 * object names that cannot leave their prefix. */
#ifndef UPMON_BASE_URL_H
#define UPMON_BASE_URL_H

#include <stddef.h>

#define UPM_URL_HOST_MAX 256
#define UPM_URL_PATH_MAX 1024
#define UPM_URL_QUERY_MAX 2048

struct upm_url {
	int https;
	char host[UPM_URL_HOST_MAX];   /* a DNS name or a dotted IPv4 address, lower case */
	unsigned port;                 /* as given, else 80 or 443 */
	int port_given;
	char path[UPM_URL_PATH_MAX];   /* from its first '/' ("/" when none), escapes kept */
	char query[UPM_URL_QUERY_MAX]; /* after '?', without it; "" when none */
};

/* Parses an absolute http:// or https:// URL (RFC 3986, the part of it a lab's store or
 * boot server uses): no user name or password (a credential in a URL ends up in every
 * log), no fragment, no IPv6 literal, no space or control character, a port 1..65535.
 * 0, or -1 with one line in err saying what is wrong and what would do. */
int upm_url_parse(const char *text, struct upm_url *out, char *err, size_t err_size);

/* The URL back as text: scheme://host[:port]path[?query] (the port only when given). */
void upm_url_format(const struct upm_url *u, char *buf, size_t size);

/* u's folder with name in place of its last path segment and no query: the file beside
 * the one u names ("http://h/boot/upmon.efi" + "upmon.cfg" -> "http://h/boot/upmon.cfg").
 * name must be a safe name (upm_url_safe_name). 0, or -1 when it does not fit or is not. */
int upm_url_beside(const struct upm_url *u, const char *name, struct upm_url *out);

/* u's path with "/a/b" appended below it (segments given separately, each a safe name),
 * its query kept: the object store's prefix plus a run folder and a file. 0, or -1 when
 * a segment is not a safe name or the result does not fit. */
int upm_url_below(const struct upm_url *u, const char *const *segments, unsigned n, struct upm_url *out);

/* 1 when s is a name that stays where it is put in a URL path or a folder: 1 to 128
 * characters of letters, digits, '.', '_' and '-', not starting with '.' (so neither
 * ".." nor a hidden name). */
int upm_url_safe_name(const char *s);

/* s reduced to a safe name in buf: every other character '_', leading dots '_', cut to
 * 128 characters; "" becomes "_". A serial of "../x" or "a/b" stays one segment. */
void upm_url_reduce_name(const char *s, char *buf, size_t size);

/* text with the query of every http:// or https:// URL in it replaced by "?(hidden)", into
 * a new string (upm_os_alloc; NULL when out of memory): a presigned query or a token is a
 * credential, for the store alone, never in a file or on a console. */
char *upm_url_hide_queries(const char *text);

#endif

/* An S3-compatible store's listing (`fleet URL`, core/fleet/fleet_store.c): the store's
 * URL split into bucket and prefix (path-style: http://HOST[:PORT]/BUCKET/PREFIX), the
 * URLs of a ListObjectsV2 page and of an object's GET built from them (RFC 3986's
 * percent-encoding), and a page's XML read by a small bounded parser (Amazon S3 API
 * Reference, ListObjectsV2: ListBucketResult with Contents/Key, IsTruncated,
 * NextContinuationToken, KeyCount). What comes over the network is untrusted: every
 * length is checked and the parser is fuzzed (tests/fuzz/fuzz_s3list.c). */
#ifndef UPMON_BASE_S3_LIST_H
#define UPMON_BASE_S3_LIST_H

#include <stddef.h>

#include "platform/base/url.h"

#define UPM_S3_KEY_MAX 1024   /* S3's longest key, in bytes of UTF-8 */
#define UPM_S3_TOKEN_MAX 1024 /* a continuation token longer than this is refused */
#define UPM_S3_DEPTH_MAX 8    /* elements nested deeper are refused (a listing nests 3) */

/* The store a URL names: its scheme, host, port and query (url), the bucket (the path's
 * first segment) and the prefix below it, percent-decoded, "" or ending in '/'. */
struct upm_s3_store {
	struct upm_url url;
	char bucket[64];
	char prefix[UPM_URL_PATH_MAX];
};

/* Splits a parsed URL into bucket and prefix: "/lab/fleet" -> "lab", "fleet/"; "/lab" and
 * "/lab/" -> "lab", "". 0, or -1 with one line in err: no bucket, a bucket that is no S3
 * bucket name (3 to 63 lower-case letters, digits, '.' and '-'), a prefix with a "." or
 * ".." segment, an empty segment or an escape of a NUL. */
int upm_s3_store_of(const struct upm_url *u, struct upm_s3_store *out, char *err, size_t err_size);

/* s[0..n) percent-encoded into buf (RFC 3986, 2.1 and 2.3): every byte but the unreserved
 * A-Z a-z 0-9 - . _ ~ as %XX (upper-case hex), and '/' kept as it is when keep_slash.
 * 0, or -1 when it does not fit (buf then holds "" when size > 0). */
int upm_s3_encode(const char *s, size_t n, int keep_slash, char *buf, size_t size);

/* The URL of one ListObjectsV2 page: scheme://host[:port]/BUCKET?list-type=2&prefix=P
 * &max-keys=N[&continuation-token=T], then the store URL's own query (a token) when it
 * has one. token NULL or "": the first page. 0, or -1 when it does not fit in a URL
 * (url.h's bounds). */
int upm_s3_list_url(const struct upm_s3_store *st, const char *token, unsigned max_keys, char *buf,
		    size_t size);

/* The URL of an object's GET: scheme://host[:port]/BUCKET/KEY (the key encoded, its '/'
 * kept), then the store URL's query. 0, or -1 when it does not fit. */
int upm_s3_object_url(const struct upm_s3_store *st, const char *key, char *buf, size_t size);

/* What one page said besides its keys. */
struct upm_s3_list_page {
	unsigned keys;                          /* Contents/Key elements read */
	long key_count;                         /* KeyCount as sent; -1 when absent */
	int truncated;                          /* IsTruncated was "true" */
	char next_token[UPM_S3_TOKEN_MAX + 1];  /* NextContinuationToken, decoded; "" when absent */
};

/* Reads a ListObjectsV2 page from xml[0..len): calls key_fn(ctx, key, key_len) for each
 * Contents/Key in document order, the key NUL-terminated with the entities &amp; &lt;
 * &gt; &quot; &apos; and character references (&#N; &#xH;) decoded; a non-zero return
 * stops the parse, which returns it. 0 with page filled; or -1 with one line in why:
 * malformed XML (a tag not closed, closed by another name, an unknown entity, a
 * DOCTYPE or CDATA, a control character, text outside the root), nesting deeper than
 * UPM_S3_DEPTH_MAX, a root other than ListBucketResult, a key or token longer than its
 * bound or with a NUL, IsTruncated other than true or false, KeyCount not a number, or
 * IsTruncated true without NextContinuationToken. */
int upm_s3_list_parse(const char *xml, size_t len, int (*key_fn)(void *ctx, const char *key, size_t key_len),
		      void *ctx, struct upm_s3_list_page *page, char *why, size_t why_size);

#endif

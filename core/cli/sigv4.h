/* AWS Signature Version 4 for one HTTP request to an S3-compatible object store (AWS S3,
 * MinIO, Ceph RGW): the Authorization header of the PUT that uploads a result file, signed
 * with an access key, its secret and, for temporary (STS) credentials, a session token.
 * Sources: AWS's "Create a canonical request for Signature Version 4" (IAM user guide) and
 * the S3 API reference's "Signature Calculations for the Authorization Header: Transferring
 * Payload in a Single Chunk (AWS Signature Version 4)", whose examples the unit tests
 * reproduce (tests/unit/cli/test_sigv4.c).
 *
 * The signed headers are host, x-amz-content-sha256, x-amz-date, x-amz-security-token when
 * a session token is given, and the caller's extra headers. Content-Type is not signed
 * unless the caller adds it: SigV4 requires only host and the x-amz-* headers a request
 * sends, and a proxy in front of a store may rewrite Content-Type, which would then break
 * the signature for no gain (the body's own hash is signed). The request must send each
 * signed header with exactly the value given here (Host, X-Amz-Content-Sha256, X-Amz-Date,
 * X-Amz-Security-Token, the extras), and every x-amz-* header it sends must be signed.
 *
 * Nothing is allocated: the canonical request is hashed as it is made and written out only
 * into a buffer the caller gives; every output is bounded by its size, and a request that
 * does not fit is refused with a reason, never cut short. */
#ifndef UPMON_CORE_CLI_SIGV4_H
#define UPMON_CORE_CLI_SIGV4_H

#include <stddef.h>

#include "platform/base/sha256.h"

#define UPM_SIGV4_MAX_EXTRA 8        /* extra signed headers */
#define UPM_SIGV4_MAX_QUERY 32       /* query parameters */
#define UPM_SIGV4_MAX_SECRET 128     /* bytes of secret key ("AWS4" + secret is the first key) */
#define UPM_SIGV4_MAX_SCOPE_PART 64  /* bytes of region, of service */
#define UPM_SIGV4_MAX_METHOD 16
#define UPM_SIGV4_UNSIGNED_PAYLOAD "UNSIGNED-PAYLOAD" /* x-amz-content-sha256 without a body hash */

/* A header to sign besides the four above: its name in any case (signed lowercase), its
 * value as sent (signed with its ends trimmed and inner runs of spaces made one). */
struct upm_sigv4_header {
	const char *name;
	const char *value;
};

struct upm_sigv4_request {
	const char *method;         /* "PUT" */
	const char *host;           /* the Host header's value as sent: host or host:port */
	const char *path;           /* the request target's path as sent ("" is "/") */
	const char *query;          /* the raw query after '?', without it; NULL or "" for none */
	const char *payload_sha256; /* 64 lowercase hex digits, or UPM_SIGV4_UNSIGNED_PAYLOAD */
	const char *amz_date;       /* the X-Amz-Date value, "YYYYMMDDTHHMMSSZ" (UTC) */
	const char *region;         /* "us-east-1" */
	const char *service;        /* "s3" */
	const char *access_key_id;
	const char *secret_key;
	const char *session_token;  /* STS credentials' token; NULL or "" for none */
	const struct upm_sigv4_header *extra; /* n_extra further signed headers */
	unsigned n_extra;
};

/* Where the results go. authorization is required; canonical_request and string_to_sign
 * may be NULL (they are for tests and debugging). Each written buffer ends with a NUL. */
struct upm_sigv4_out {
	char *authorization; /* "AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=..." */
	size_t authorization_size;
	char *canonical_request;
	size_t canonical_request_size;
	char *string_to_sign;
	size_t string_to_sign_size;
	char signature[UPM_SHA256_HEX]; /* the signature alone, lowercase hex */
};

/* Signs rq. The canonical request is made by AWS's rules: the path and each query name and
 * value are percent-decoded once and URI-encoded again (upm_sigv4_uri_encode; the path keeps
 * its '/'), so a path sent already encoded ("/test%24file.text") and one sent raw
 * ("/test$file.text") sign alike and nothing is encoded twice; query parameters are sorted
 * by encoded name, then value, each with its '=' ("acl" signs as "acl="); headers are
 * lowercased, trimmed and sorted. Returns 0, or -1 with a one-line reason in err (a field
 * missing or malformed, a time not YYYYMMDDTHHMMSSZ, a header given twice or holding a line
 * break, too many parameters or headers, an output that does not fit its buffer); on -1 the
 * outputs hold "" (the signature too). */
int upm_sigv4_sign(const struct upm_sigv4_request *rq, struct upm_sigv4_out *out, char *err,
		   size_t err_size);

/* AWS's UriEncode of the len bytes at s, as raw bytes (a '%' is encoded as "%25"): the
 * unreserved A-Z a-z 0-9 - _ . ~ are kept, every other byte is %XX in uppercase hex, and '/'
 * is kept when keep_slash (an object key made into a path) else encoded (%2F). For the path
 * of a request to sign: "/" + upm_sigv4_uri_encode(key, keep_slash=1). Returns the length
 * written (a NUL after it), or -1 (out holding "" when out_size > 0) when it does not fit. */
int upm_sigv4_uri_encode(const char *s, size_t len, int keep_slash, char *out, size_t out_size);

#endif

/* An HTTP/1.1 answer's body as it comes, piece by piece (RFC 9112, 6.3): framed by
 * Content-Length, by chunked transfer coding (7.1: decoded as it comes, never buffered
 * whole) or by the end of the connection, at most max bytes kept and the rest counted and
 * dropped. The UEFI build's answers come so from EFI_HTTP_PROTOCOL, whose driver hands the
 * body over as it is on the wire (efi/http.c). What comes over the network is untrusted:
 * every length is checked, and the framing is fuzzed (tests/fuzz/fuzz_http.c). */
#ifndef UPMON_BASE_HTTP_BODY_H
#define UPMON_BASE_HTTP_BODY_H

#include <stddef.h>
#include <stdint.h>

struct upm_http_body {
	char *buf;              /* max + 1 bytes: NUL-terminated */
	size_t max, len;
	int truncated;
	int64_t content_length; /* -1: none given */
	uint64_t got;           /* body bytes taken (Content-Length framing) */
	int chunked, done;
	/* chunked decoding state */
	int cstate;
	uint64_t cleft;
	unsigned cdigits;
};

/* Starts a body kept in buf (max + 1 bytes). */
void upm_http_body_init(struct upm_http_body *b, char *buf, size_t max);
/* One header of the answer: Content-Length and Transfer-Encoding frame the body. 0, or -1
 * when malformed (a length that is no number, two different lengths). */
int upm_http_body_header(struct upm_http_body *b, const char *name, const char *value);
/* The framing given directly by a caller that parsed the head itself (http_parse.h):
 * Content-Length (-1: none) and whether the body is chunked. */
void upm_http_body_frame(struct upm_http_body *b, int64_t content_length, int chunked);
/* The headers are all given: status 1xx, 204 and 304 (and a length of 0) have no body. */
void upm_http_body_begin(struct upm_http_body *b, int status);
/* Takes a piece: 0, or -1 when the chunked framing is malformed. b->done when the body ended. */
int upm_http_body_add(struct upm_http_body *b, const char *data, size_t len);
/* The connection ended: 1 when that ends the body (no length, not chunked) or it had
 * ended, 0 when the body was cut short. */
int upm_http_body_closed(struct upm_http_body *b);

#endif

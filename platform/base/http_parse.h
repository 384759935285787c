/* An HTTP/1.1 answer read from a byte stream (RFC 9112): its status line and headers (its
 * body, framed as it comes: http_body.h). Used where upmon speaks HTTP itself (the host's socket,
 * core/host/http_host.c); what comes over the network is untrusted, so every length is
 * checked and the parser is fuzzed (tests/fuzz/fuzz_http.c). */
#ifndef UPMON_BASE_HTTP_PARSE_H
#define UPMON_BASE_HTTP_PARSE_H

#include <stddef.h>
#include <stdint.h>

#define UPM_HTTP_HEAD_MAX (16u * 1024u) /* a longer head is refused: no store sends one */

struct upm_http_head {
	int status;              /* 100..599 */
	int64_t content_length;  /* -1 when not given */
	int chunked;             /* Transfer-Encoding: chunked */
	int closes;              /* Connection: close (the body then ends with the connection) */
	size_t head_len;         /* bytes of the status line and headers, blank line included */
};

/* Parses the head at the start of data[0..len): 1 when complete (h filled), 0 when more
 * bytes are needed, -1 when malformed or longer than UPM_HTTP_HEAD_MAX (why says what). */
int upm_http_head_parse(const char *data, size_t len, struct upm_http_head *h, char *why, size_t why_size);

/* An S3 error document's Code and Message ("<Error><Code>AccessDenied</Code><Message>
 * ...</Message>...", Amazon S3 API Reference, Error responses), each cut to fit, ""
 * when absent. Entities other than &amp; &lt; &gt; &quot; &apos; are kept as written. */
void upm_s3_error_parse(const char *xml, size_t len, char *code, size_t code_size, char *message,
			size_t message_size);

#endif

/* An answer's body as EFI_HTTP_PROTOCOL hands it over in pieces (platform/base/http_body.c):
 * framed by Content-Length, chunked (RFC 9112, 7.1) or the connection's end, at most max
 * bytes kept, and a malformed framing refused. */
#include "tests/unit/test.h"
#include "platform/base/http_body.h"
#include "platform/base/str.h"

/* feed: the text in pieces of n bytes; the last add's result. */
static int feed(struct upm_http_body *b, const char *text, size_t n)
{
	size_t len = upm_strlen(text);
	int rc = 0;
	for (size_t at = 0; at < len && rc == 0; at += n)
		rc = upm_http_body_add(b, text + at, len - at < n ? len - at : n);
	return rc;
}

TEST(http_body_chunked_in_any_pieces)
{
	for (size_t n = 1; n <= 9; n++) {
		char buf[33];
		struct upm_http_body b;
		upm_http_body_init(&b, buf, 32);
		CHECK_EQ(upm_http_body_header(&b, "transfer-encoding", "gzip, chunked"), 0);
		upm_http_body_begin(&b, 200);
		CHECK_EQ(feed(&b, "5;x=y\r\nhello\r\n7\r\n, world\r\n0\r\nTrailer: t\r\n\r\nNEXT", n), 0);
		CHECK_EQ(b.done, 1);
		CHECK_STR(buf, "hello, world");
		CHECK_EQ(b.truncated, 0);
	}
}

TEST(http_body_length_cut_and_kept)
{
	char buf[5];
	struct upm_http_body b;
	upm_http_body_init(&b, buf, 4);
	CHECK_EQ(upm_http_body_header(&b, "Content-Length", " 6 "), 0);
	upm_http_body_begin(&b, 403);
	CHECK_EQ(feed(&b, "abcdefXYZ", 2), 0);
	CHECK_EQ(b.done, 1);
	CHECK_STR(buf, "abcd");
	CHECK_EQ(b.truncated, 1);
	CHECK_EQ(upm_http_body_closed(&b), 1);
}

TEST(http_body_framing_refusals)
{
	char buf[9];
	struct upm_http_body b;
	upm_http_body_init(&b, buf, 8);
	CHECK_EQ(upm_http_body_header(&b, "Content-Length", "12x"), -1);
	upm_http_body_init(&b, buf, 8);
	CHECK_EQ(upm_http_body_header(&b, "Content-Length", "3"), 0);
	CHECK_EQ(upm_http_body_header(&b, "Content-Length", "4"), -1);
	upm_http_body_init(&b, buf, 8);
	upm_http_body_header(&b, "Transfer-Encoding", "chunked");
	upm_http_body_begin(&b, 200);
	CHECK_EQ(feed(&b, "zz\r\n", 4), -1);
	upm_http_body_init(&b, buf, 8);
	upm_http_body_header(&b, "Transfer-Encoding", "chunked");
	upm_http_body_begin(&b, 200);
	CHECK_EQ(feed(&b, "123456789\r\n", 3), -1); /* more than 8 hex digits */
	upm_http_body_init(&b, buf, 8);
	upm_http_body_header(&b, "Transfer-Encoding", "chunked");
	upm_http_body_begin(&b, 200);
	CHECK_EQ(feed(&b, "3\r\nabcX", 1), -1); /* no CRLF after the data */
	/* cut short: a chunked body the connection ended inside */
	upm_http_body_init(&b, buf, 8);
	upm_http_body_header(&b, "Transfer-Encoding", "chunked");
	upm_http_body_begin(&b, 200);
	CHECK_EQ(feed(&b, "3\r\nab", 5), 0);
	CHECK_EQ(upm_http_body_closed(&b), 0);
}

TEST(http_body_none_or_until_closed)
{
	char buf[9];
	struct upm_http_body b;
	upm_http_body_init(&b, buf, 8);
	upm_http_body_begin(&b, 204);
	CHECK_EQ(b.done, 1);
	upm_http_body_init(&b, buf, 8);
	upm_http_body_begin(&b, 200);
	CHECK_EQ(b.done, 0);
	CHECK_EQ(feed(&b, "until the end", 4), 0);
	CHECK_EQ(upm_http_body_closed(&b), 1);
	CHECK_STR(buf, "until th");
	CHECK_EQ(b.truncated, 1);
}

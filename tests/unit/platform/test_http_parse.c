/* HTTP/1.1 answers as the host's socket reads them (platform/base/http_parse.c): RFC 9112's
 * head, Content-Length or chunked (decoded by http_body.c), what a server may not send
 * refused; and S3's error document's Code and Message (Amazon S3 API Reference, Error
 * responses). */
#include "tests/unit/test.h"
#include "platform/base/http_body.h"
#include "platform/base/http_parse.h"
#include "platform/base/str.h"

TEST(http_head_complete_with_length)
{
	const char *a = "HTTP/1.1 403 Forbidden\r\nContent-Type: application/xml\r\ncontent-length:  12 \r\n\r\n<Error/>....";
	struct upm_http_head h;
	char why[120];
	CHECK_EQ(upm_http_head_parse(a, upm_strlen(a), &h, why, sizeof why), 1);
	CHECK_EQ(h.status, 403);
	CHECK_EQ(h.content_length, 12);
	CHECK_EQ(h.chunked, 0);
	CHECK_EQ(h.closes, 0);
	CHECK_EQ(h.head_len, upm_strlen(a) - 12);
	/* cut before the blank line: more is needed */
	CHECK_EQ(upm_http_head_parse(a, 40, &h, why, sizeof why), 0);
}

TEST(http_head_refusals)
{
	struct upm_http_head h;
	char why[120];
	const char *bad[] = {
		"HTTP/2 200 OK\r\n\r\n",
		"HTTP/1.1 2x0 OK\r\n\r\n",
		"HTTP/1.1 700 Odd\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
		"HTTP/1.1 200 OK\r\n folded\r\n\r\n",
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(bad); i++)
		CHECK_EQ(upm_http_head_parse(bad[i], upm_strlen(bad[i]), &h, why, sizeof why), -1);
	CHECK_EQ(upm_http_head_parse(bad[4], upm_strlen(bad[4]), &h, why, sizeof why), -1);
	CHECK_CONTAINS(why, "both Content-Length and chunked");
	const char *old = "HTTP/1.0 200 OK\r\n\r\n";
	CHECK_EQ(upm_http_head_parse(old, upm_strlen(old), &h, why, sizeof why), 1);
	CHECK_EQ(h.closes, 1);
	CHECK_EQ(h.content_length, -1);
}

/* dechunk: text as the body after a chunked head, whole: 1 when the last chunk came (the
 * body in out), 0 when more is needed, -1 when malformed. */
static int dechunk(const char *text, char *out, size_t max)
{
	struct upm_http_body b;
	upm_http_body_init(&b, out, max);
	upm_http_body_frame(&b, -1, 1);
	upm_http_body_begin(&b, 200);
	if (upm_http_body_add(&b, text, upm_strlen(text)) < 0)
		return -1;
	return b.done;
}

TEST(http_dechunk_whole)
{
	char out[64];
	CHECK_EQ(dechunk("5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n", out, sizeof out - 1), 1);
	CHECK_STR(out, "hello world");
	CHECK_EQ(dechunk("5\r\nhel", out, sizeof out - 1), 0);
	CHECK_EQ(dechunk("5\r\nhelloXX0\r\n\r\n", out, sizeof out - 1), -1);
	CHECK_EQ(dechunk("FFFFFFFFF\r\n", out, sizeof out - 1), -1);
}

TEST(http_s3_error_code_and_message)
{
	const char *x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>AccessDenied</Code><Message>Access "
			"&amp; more &lt;denied&gt;</Message><Key>a</Key></Error>";
	char code[32], msg[64];
	upm_s3_error_parse(x, upm_strlen(x), code, sizeof code, msg, sizeof msg);
	CHECK_STR(code, "AccessDenied");
	CHECK_STR(msg, "Access & more <denied>");
	upm_s3_error_parse("<Code>NoSuchBucket", 18, code, sizeof code, msg, sizeof msg);
	CHECK_STR(code, "");
	upm_s3_error_parse(NULL, 0, code, 4, msg, sizeof msg);
	CHECK_STR(code, "");
	upm_s3_error_parse("<Code>SignatureDoesNotMatch</Code>", 34, code, 5, msg, sizeof msg);
	CHECK_STR(code, "Sign");
}

/* libFuzzer target: what comes over the network, untrusted (platform/base/http_parse.c,
 * platform/base/url.c, http_body.c): an HTTP answer's head and chunked body, the body framed
 * as it comes in pieces (the UEFI build's answers: the first byte picks the framing and the
 * piece size), an S3 error document, and the input as a URL, joined below and beside, and
 * its queries hidden. */
#include "platform/base/http_body.h"
#include "platform/base/http_parse.h"
#include "platform/base/url.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = 0;
	struct upm_http_head h;
	char why[160], code[64], message[200];
	if (upm_http_head_parse(copy, size, &h, why, sizeof why) == 1) {
		char kept[65];
		struct upm_http_body b;
		upm_http_body_init(&b, kept, sizeof kept - 1);
		upm_http_body_frame(&b, h.content_length, h.chunked);
		upm_http_body_begin(&b, h.status);
		upm_http_body_add(&b, copy + h.head_len, size - h.head_len);
	}
	if (size > 0) {
		char kept[65];
		struct upm_http_body b;
		upm_http_body_init(&b, kept, sizeof kept - 1);
		upm_http_body_header(&b, "Transfer-Encoding", data[0] & 1 ? "chunked" : "identity");
		if (data[0] & 2)
			upm_http_body_header(&b, "Content-Length", data[0] & 4 ? "17" : " 5 ");
		upm_http_body_begin(&b, data[0] & 8 ? 204 : 200);
		size_t piece = 1 + (data[0] >> 4);
		for (size_t at = 1; at < size && !b.done; at += piece)
			if (upm_http_body_add(&b, (const char *)data + at, size - at < piece ? size - at : piece) < 0)
				break;
		upm_http_body_closed(&b);
		if (b.len > b.max || b.buf[b.len] != 0)
			__builtin_trap();
	}
	memcpy(copy, data, size);
	upm_s3_error_parse(copy, size, code, sizeof code, message, sizeof message);
	struct upm_url u, o;
	char text[4096];
	if (upm_url_parse(copy, &u, why, sizeof why) == 0) {
		const char *seg[2] = { "run", "results.json" };
		upm_url_format(&u, text, sizeof text);
		upm_url_below(&u, seg, 2, &o);
		upm_url_beside(&u, "upmon.cfg", &o);
	}
	upm_url_reduce_name(copy, text, sizeof text);
	char *hidden = upm_url_hide_queries(copy);
	upm_os_free(hidden);
	free(copy);
	return 0;
}

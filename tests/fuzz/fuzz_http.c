/* libFuzzer target: what comes over the network, untrusted (platform/base/http_parse.c,
 * platform/base/url.c): an HTTP answer's head and chunked body, an S3 error document, and
 * the input as a URL, joined below and beside, and its queries hidden. */
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
	if (upm_http_head_parse(copy, size, &h, why, sizeof why) == 1 && h.chunked) {
		size_t n;
		upm_http_dechunk(copy + h.head_len, size - h.head_len, &n);
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

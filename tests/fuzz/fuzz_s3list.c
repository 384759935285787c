/* libFuzzer target: an S3-compatible store's ListObjectsV2 page, untrusted
 * (platform/base/s3_list.c, as `fleet URL` reads it): the XML read with every key handed
 * on, each key and the continuation token turned back into the URLs of an object's GET and
 * of the next page, and the input as a store's URL split into bucket and prefix. */
#include "platform/base/s3_list.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static struct upm_s3_store store;

static int each_key(void *ctx, const char *key, size_t len)
{
	char url[UPM_URL_HOST_MAX + UPM_URL_PATH_MAX + UPM_URL_QUERY_MAX + 32];
	unsigned *n = ctx;
	if (strlen(key) != len)
		abort(); /* the key handed on is the key's bytes, NUL-terminated */
	upm_s3_object_url(&store, key, url, sizeof url);
	return ++*n >= 100000; /* a bound of the caller's stops the parse */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = 0;
	struct upm_url u;
	char why[240], url[UPM_URL_HOST_MAX + UPM_URL_PATH_MAX + UPM_URL_QUERY_MAX + 32];
	if (upm_url_parse("http://127.0.0.1:9000/lab/fleet?t=1", &u, why, sizeof why) == 0)
		upm_s3_store_of(&u, &store, why, sizeof why);
	struct upm_s3_list_page page;
	unsigned n = 0;
	int rc = upm_s3_list_parse(copy, size, each_key, &n, &page, why, sizeof why);
	if (rc == 0 && page.truncated && !page.next_token[0])
		abort(); /* a truncated page always says where to go on */
	if (rc == 0)
		upm_s3_list_url(&store, page.next_token, 500, url, sizeof url);
	/* The input as a store's URL. */
	struct upm_s3_store st;
	if (upm_url_parse(copy, &u, why, sizeof why) == 0 && upm_s3_store_of(&u, &st, why, sizeof why) == 0) {
		upm_s3_list_url(&st, copy, 1000, url, sizeof url);
		upm_s3_object_url(&st, "run/results.json", url, sizeof url);
	}
	free(copy);
	return 0;
}

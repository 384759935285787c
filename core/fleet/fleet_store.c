/* The object store source of `fleet URL` (fleet.h): the prefix listed once with
 * ListObjectsV2 (platform/base/s3_list.h), page after page, its results.json keys kept,
 * then each fetched with a GET when it is read. Every bound is said, never passed
 * silently; the URL's query is sent, never said. */
#include "core/fleet/fleet.h"
#include "platform/backend.h"
#include "platform/base/http_parse.h"
#include "platform/base/s3_list.h"

#define NAME_MAX_LEN 256 /* as a run's path (struct upm_fleet_run) */
#define PAGE_KEYS_MIN 50u
#define URL_MAX (UPM_URL_HOST_MAX + UPM_URL_PATH_MAX + UPM_URL_QUERY_MAX + 32)

struct store {
	struct upm_s3_store st;
	struct upm_fleet_names names; /* keys below the prefix */
	unsigned keys, pages;
	unsigned too_long;          /* results.json keys whose name is past NAME_MAX_LEN */
	int stopped_keys, stopped_runs, stopped_pages, out_of_memory;
	char stopped_why[240];      /* a later page's failure: "" when none */
	unsigned silent;            /* GETs in a row with no answer */
	char silent_why[160];
	char token[UPM_S3_TOKEN_MAX + 1];
	struct upm_s3_list_page page;
	char url[URL_MAX];
	char key[UPM_URL_PATH_MAX + NAME_MAX_LEN + 2];
};

/* src copied into buf with every URL's query hidden (a token in a message is said nowhere). */
static void hidden(const char *src, char *buf, size_t size)
{
	char *h = upm_url_hide_queries(src);
	upm_strlcpy(buf, h ? h : "(out of memory)", size);
	upm_os_free(h);
}

/* What the store said, in a few words: "403 AccessDenied (Access Denied)". */
static void store_answer(const struct upm_http_answer *a, char *buf, size_t size)
{
	char code[64], message[200], said[300];
	upm_s3_error_parse(a->body, a->body_len, code, sizeof code, message, sizeof message);
	upm_snprintf(said, sizeof said, "%d%s%s%s%s%s", a->status, code[0] ? " " : "", code, message[0] ? " (" : "",
		     message, message[0] ? ")" : "");
	hidden(said, buf, size);
}

/* One key of the listing: kept when it is a results.json below the prefix. 0 to go on,
 * 1 when a bound is reached, 2 out of memory. */
static int take_key(void *ctx, const char *key, size_t len)
{
	struct store *t = ctx;
	size_t plen = upm_strlen(t->st.prefix);
	if (++t->keys > UPM_FLEET_STORE_MAX_KEYS) {
		t->stopped_keys = 1;
		return 1;
	}
	if (len < plen || upm_memcmp(key, t->st.prefix, plen) != 0)
		return 0; /* not below the prefix: no key of this listing */
	const char *rel = key + plen;
	size_t n = len - plen;
	if (!(n == 12 || (n > 12 && rel[n - 13] == '/')) || upm_strcmp(rel + n - 12, "results.json") != 0)
		return 0;
	if (t->names.n >= UPM_FLEET_MAX_RUNS) {
		t->stopped_runs = 1;
		return 1;
	}
	if (n >= NAME_MAX_LEN) {
		t->too_long++;
		return 0;
	}
	if (upm_fleet_names_add(&t->names, rel) < 0) {
		t->out_of_memory = 1;
		return 2;
	}
	return 0;
}

/* The first page's failure as the one line to say. */
static int refuse_listing(int rc, const struct upm_http_answer *a, const struct store *t, char *why, size_t why_size)
{
	char said[320];
	if (rc != UPM_OK) {
		upm_snprintf(why, why_size, "cannot reach the store: %s (check that the store is up and reachable from "
					    "this machine, and the URL's host and port)", t->silent_why);
		return rc == UPM_EUNSUPPORTED || rc == UPM_EINVAL ? rc : UPM_EIO;
	}
	char code[64], message[8];
	upm_s3_error_parse(a->body, a->body_len, code, sizeof code, message, sizeof message);
	store_answer(a, said, sizeof said);
	if (a->status == 401 || a->status == 403) {
		upm_snprintf(why, why_size,
			     "the store refused the listing: %s: fleet needs read access to the prefix (S3's "
			     "ListBucket on bucket %s for prefix '%s' and GetObject on its objects), which rack mode's "
			     "write-only prefix does not give: run fleet with a URL the lab's policy lets list and read "
			     "(its query string, a token, is sent with every request), or copy the objects to a folder "
			     "(aws s3 sync, mc mirror) and give that folder as DIR",
			     said, t->st.bucket, t->st.prefix);
		return UPM_EFAULT;
	}
	if (a->status == 404) {
		if (upm_strcmp(code, "NoSuchBucket") == 0)
			upm_snprintf(why, why_size, "the store has no bucket '%s' (%s): the URL's first path segment is "
						    "the bucket (http://HOST:PORT/BUCKET/PREFIX): check it",
				     t->st.bucket, said);
		else
			upm_snprintf(why, why_size, "the store answered the listing with %s: give the store's URL as "
						    "http://HOST:PORT/BUCKET/PREFIX (path-style, as rack mode's out)",
				     said);
		return UPM_ENOTFOUND;
	}
	upm_snprintf(why, why_size, "the store answered the listing with %s: check the store's log for this request",
		     said);
	return UPM_EFAULT;
}

/* Lists the prefix, page after page. 0; or a upm_status with why (the first page failed). */
static int list_prefix(struct store *t, char *why, size_t why_size)
{
	unsigned page_keys = UPM_FLEET_STORE_PAGE_KEYS;
	t->token[0] = 0;
	for (;;) {
		if (t->pages == UPM_FLEET_STORE_MAX_PAGES) {
			t->stopped_pages = 1;
			return 0;
		}
		if (upm_s3_list_url(&t->st, t->token, page_keys, t->url, sizeof t->url) < 0) {
			if (!t->pages) {
				upm_snprintf(why, why_size, "the listing's URL would be longer than a URL upmon sends: give "
							    "a shorter prefix or query");
				return UPM_EINVAL;
			}
			upm_snprintf(t->stopped_why, sizeof t->stopped_why, "page %u's URL would be too long (its "
									    "continuation token)", t->pages + 1);
			return 0;
		}
		struct upm_http_request req = { "GET", t->url, NULL, NULL, 0, UPM_FLEET_STORE_TRY_MS, UPM_FLEET_STORE_MAX_PAGE };
		struct upm_http_answer ans;
		char got[200];
		int rc = upm_os_http(&req, &ans, got, sizeof got);
		hidden(got, t->silent_why, sizeof t->silent_why);
		if (rc == UPM_OK && ans.status == 200 && ans.truncated && page_keys > PAGE_KEYS_MIN) {
			upm_os_free(ans.body); /* longer than an answer upmon keeps: fewer keys a page */
			page_keys /= 2;
			continue;
		}
		if (rc != UPM_OK || ans.status != 200 || ans.truncated) {
			int status = 0;
			if (!t->pages) {
				status = ans.truncated && rc == UPM_OK && ans.status == 200 ? UPM_EINVAL
											: refuse_listing(rc, &ans, t, why, why_size);
				if (status == UPM_EINVAL)
					upm_snprintf(why, why_size, "a page of %u keys of the listing is longer than %u KiB, "
								    "the most fleet reads of a page",
						     PAGE_KEYS_MIN, UPM_FLEET_STORE_MAX_PAGE / 1024);
			} else if (rc != UPM_OK) {
				upm_snprintf(t->stopped_why, sizeof t->stopped_why, "page %u of the listing: %s", t->pages + 1,
					     t->silent_why);
			} else if (ans.truncated && ans.status == 200) {
				upm_snprintf(t->stopped_why, sizeof t->stopped_why, "page %u of the listing is longer than "
										    "%u KiB", t->pages + 1, UPM_FLEET_STORE_MAX_PAGE / 1024);
			} else {
				char said[300];
				store_answer(&ans, said, sizeof said);
				upm_snprintf(t->stopped_why, sizeof t->stopped_why, "page %u of the listing: %s",
					     t->pages + 1, said);
			}
			upm_os_free(ans.body);
			return status;
		}
		char perr[200];
		rc = upm_s3_list_parse(ans.body, ans.body_len, take_key, t, &t->page, perr, sizeof perr);
		upm_os_free(ans.body);
		if (t->out_of_memory) {
			upm_snprintf(why, why_size, "out of memory listing the store");
			return UPM_ENOMEM;
		}
		if (rc < 0) {
			if (!t->pages) {
				upm_snprintf(why, why_size, "%s: give the URL of an S3-compatible store, path-style "
							    "(http://HOST:PORT/BUCKET/PREFIX)", perr);
				return UPM_EINVAL;
			}
			upm_snprintf(t->stopped_why, sizeof t->stopped_why, "page %u: %s", t->pages + 1, perr);
			return 0;
		}
		t->pages++;
		if (rc > 0 || !t->page.truncated) /* a bound reached, or the last page */
			return 0;
		upm_strlcpy(t->token, t->page.next_token, sizeof t->token);
	}
}

/* 1 when name has an empty, "." or ".." segment: a key a server may read as a path's steps. */
static int odd_segments(const char *name)
{
	for (const char *s = name;;) {
		const char *e = s;
		while (*e && *e != '/')
			e++;
		size_t n = (size_t)(e - s);
		if (n == 0 || (n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.'))
			return 1;
		if (!*e)
			return 0;
		s = e + 1;
	}
}

static int store_next(struct upm_fleet_source *s, const char **name, void **data, size_t *len, char *why,
		      size_t why_size)
{
	struct store *t = s->state;
	const char *rel = upm_fleet_names_next(&t->names);
	if (!rel)
		return 0;
	*name = rel;
	*data = NULL;
	*len = 0;
	why[0] = 0;
	if (odd_segments(rel)) {
		upm_snprintf(why, why_size, "a key with an empty, '.' or '..' segment: not requested");
		return 1;
	}
	if (t->silent >= UPM_FLEET_STORE_SILENT) {
		upm_snprintf(why, why_size, "not fetched: the store stopped answering (%s)", t->silent_why);
		return 1;
	}
	upm_snprintf(t->key, sizeof t->key, "%s%s", t->st.prefix, rel);
	if (upm_s3_object_url(&t->st, t->key, t->url, sizeof t->url) < 0) {
		upm_snprintf(why, why_size, "its URL would be longer than a URL upmon sends");
		return 1;
	}
	struct upm_http_request req = { "GET", t->url, NULL, NULL, 0, UPM_FLEET_STORE_TRY_MS, UPM_FLEET_MAX_FILE };
	struct upm_http_answer ans;
	char got[200];
	int rc = upm_os_http(&req, &ans, got, sizeof got);
	if (rc != UPM_OK) {
		t->silent++;
		hidden(got, t->silent_why, sizeof t->silent_why);
		upm_snprintf(why, why_size, "could not be fetched: %s", t->silent_why);
		return 1;
	}
	t->silent = 0;
	if (ans.status != 200) {
		char said[300];
		store_answer(&ans, said, sizeof said);
		upm_os_free(ans.body);
		upm_snprintf(why, why_size, "could not be fetched: %s", said);
		return 1;
	}
	if (ans.truncated) {
		upm_os_free(ans.body);
		upm_snprintf(why, why_size, "more than fleet reads (%u MiB)", UPM_FLEET_MAX_FILE / (1024u * 1024u));
		return 1;
	}
	*data = ans.body ? ans.body : upm_os_alloc(1); /* an empty object: 0 bytes, not unreadable */
	*len = ans.body ? ans.body_len : 0;
	if (!*data)
		upm_snprintf(why, why_size, "out of memory");
	return 1;
}

static void store_close(struct upm_fleet_source *s)
{
	struct store *t = s->state;
	if (!t)
		return;
	upm_fleet_names_free(&t->names);
	upm_os_free(t);
	s->state = NULL;
}

int upm_fleet_source_store(const char *url, struct upm_fleet_source *s, char *why, size_t why_size)
{
	upm_memset(s, 0, sizeof s[0]);
	why[0] = 0;
	struct upm_url u;
	char err[240];
	if (upm_url_parse(url, &u, err, sizeof err) < 0) {
		hidden(err, why, why_size);
		return UPM_EINVAL;
	}
	if (u.https) {
		upm_snprintf(why, why_size, "https needs the firmware's TLS, which the Linux build does not have: give the "
					    "store's http:// URL, or copy the objects to a folder and give DIR");
		return UPM_EUNSUPPORTED;
	}
	struct store *t = upm_os_alloc(sizeof *t);
	if (!t) {
		upm_snprintf(why, why_size, "out of memory");
		return UPM_ENOMEM;
	}
	upm_memset(t, 0, sizeof *t);
	if (upm_s3_store_of(&u, &t->st, err, sizeof err) < 0) {
		upm_os_free(t);
		upm_snprintf(why, why_size, "the URL %s", err);
		return UPM_EINVAL;
	}
	s->state = t;
	int rc = list_prefix(t, why, why_size);
	if (rc != UPM_OK) {
		store_close(s);
		return rc;
	}
	s->next = store_next;
	s->close = store_close;
	s->found = t->names.n;
	size_t k = 0;
	if (t->stopped_keys)
		k += (size_t)upm_snprintf(s->left_out + k, sizeof s->left_out - k, "the listing stopped at %u keys; ",
					  UPM_FLEET_STORE_MAX_KEYS);
	if (t->stopped_runs && k < sizeof s->left_out)
		k += (size_t)upm_snprintf(s->left_out + k, sizeof s->left_out - k,
					  "the listing stopped at %u results.json; ", UPM_FLEET_MAX_RUNS);
	if (t->stopped_pages && k < sizeof s->left_out)
		k += (size_t)upm_snprintf(s->left_out + k, sizeof s->left_out - k, "the listing stopped at %u pages; ",
					  UPM_FLEET_STORE_MAX_PAGES);
	if (t->stopped_why[0] && k < sizeof s->left_out)
		k += (size_t)upm_snprintf(s->left_out + k, sizeof s->left_out - k, "the listing stopped: %s; ",
					  t->stopped_why);
	if (t->too_long && k < sizeof s->left_out)
		k += (size_t)upm_snprintf(s->left_out + k, sizeof s->left_out - k,
					  "%u key%s longer than %u characters below the prefix; ", t->too_long,
					  t->too_long == 1 ? "" : "s", NAME_MAX_LEN - 1);
	if (k >= 2 && k < sizeof s->left_out)
		s->left_out[k - 2] = 0; /* the last "; " */
	return UPM_OK;
}

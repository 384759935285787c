/* Rack mode's upload (upload.h): one PUT per file, tried again within a budget, and
 * nothing lost silently. */
#include "core/cli/upload.h"
#include "core/cli/invocation.h"
#include "core/cli/sigv4.h"
#include "platform/base/http_parse.h"
#include "platform/base/sha256.h"
#include "platform/base/os.h"

int upm_upload_is_url(const char *text)
{
	return text && (upm_strncasecmp(text, "http://", 7) == 0 || upm_strncasecmp(text, "https://", 8) == 0);
}

int upm_upload_init(struct upm_upload *u, const char *url, unsigned budget_s, char *err, size_t err_size)
{
	upm_memset(u, 0, sizeof *u);
	if (upm_url_parse(url, &u->base, err, err_size) < 0)
		return -1;
	struct upm_url shown = u->base;
	shown.query[0] = 0;
	upm_url_format(&shown, u->shown, sizeof u->shown);
	u->budget_s = budget_s ? budget_s : UPM_UPLOAD_BUDGET_S;
	return 0;
}

int upm_upload_http_fallback(struct upm_upload *u, const char *url, char *err, size_t err_size)
{
	if (upm_url_parse(url, &u->fallback, err, err_size) < 0)
		return -1;
	if (u->fallback.https || !u->base.https) {
		upm_snprintf(err, err_size, "out_http_fallback is the plain http:// URL used when out's https:// cannot be "
					    "had here; %s",
			     u->fallback.https ? "give an http:// URL" : "out is no https:// URL: delete it");
		return -1;
	}
	u->has_fallback = 1;
	return 0;
}

int upm_upload_credentials(struct upm_upload *u, const struct upm_upload_credentials *c, char *err,
			   size_t err_size)
{
	if (!c->access_key && !c->secret_key && !c->session_token && !c->region)
		return 0;
	if (!c->access_key || !c->secret_key) {
		upm_snprintf(err, err_size, "out_%s is missing: temporary credentials are out_access_key, out_secret_key "
					    "and out_session_token together (out_region optional, us-east-1 by default)",
			     c->access_key ? "secret_key" : "access_key");
		return -1;
	}
	if (!c->session_token) {
		upm_snprintf(err, err_size, "out_secret_key without out_session_token is a long-lived key, which upmon "
					    "does not hold: give temporary credentials (the store's STS AssumeRole: access "
					    "key, secret and session token, limited to the prefix and a few hours), or "
					    "authorise with a presigned query or the bucket's policy");
		return -1;
	}
	u->creds = *c;
	if (!u->creds.region)
		u->creds.region = "us-east-1";
	return 0;
}

/* The headers that sign a PUT of f to object (AWS Signature Version 4, core/cli/sigv4.h):
 * x-amz-date, x-amz-content-sha256, x-amz-security-token and Authorization, into lines[]
 * (storage in text). 0, or -1 with why. */
static int sign_put(const struct upm_upload *u, const struct upm_url *object, const struct upm_upload_file *f,
		    char lines[4][2200], char *why, size_t why_size)
{
	struct upm_wall_time now, utc;
	uint8_t digest[32];
	char payload[65], date[20], host[UPM_URL_HOST_MAX + 8], auth[400], err[200];
	if (upm_os_wall_time(&now) != UPM_OK) {
		upm_snprintf(why, why_size, "signing needs the date and the firmware's clock did not answer");
		return -1;
	}
	upm_wall_time_utc(&now, &utc);
	upm_snprintf(date, sizeof date, "%04u%02u%02uT%02u%02u%02uZ", utc.year, utc.month, utc.day, utc.hour, utc.minute,
		     utc.second);
	upm_sha256(f->data ? f->data : "", f->len, digest);
	upm_hex_lower(digest, sizeof digest, payload, sizeof payload);
	if (object->port_given)
		upm_snprintf(host, sizeof host, "%s:%u", object->host, object->port);
	else
		upm_strlcpy(host, object->host, sizeof host);
	struct upm_sigv4_request rq = { "PUT", host, object->path, object->query, payload, date, u->creds.region, "s3",
					u->creds.access_key, u->creds.secret_key, u->creds.session_token, NULL, 0 };
	struct upm_sigv4_out out = { auth, sizeof auth, NULL, 0, NULL, 0, { 0 } };
	if (upm_sigv4_sign(&rq, &out, err, sizeof err) < 0) {
		upm_snprintf(why, why_size, "cannot sign the request: %s", err);
		return -1;
	}
	upm_snprintf(lines[0], sizeof lines[0], "x-amz-date: %s", date);
	upm_snprintf(lines[1], sizeof lines[1], "x-amz-content-sha256: %s", payload);
	upm_snprintf(lines[2], sizeof lines[2], "x-amz-security-token: %s", u->creds.session_token);
	upm_snprintf(lines[3], sizeof lines[3], "Authorization: %s", auth);
	return 0;
}

void upm_upload_free(struct upm_upload *u)
{
	for (unsigned i = 0; i < u->n; i++) {
		upm_os_free(u->files[i].data);
		u->files[i].data = NULL;
	}
	u->n = 0;
}

void upm_upload_keep(struct upm_upload *u, const char *name, const struct upm_buf *content, int saved)
{
	struct upm_upload_file *f = NULL;
	for (unsigned i = 0; i < u->n; i++) /* saved again (upmon.log): the newer content */
		if (upm_strcmp(u->files[i].name, name) == 0)
			f = &u->files[i];
	if (!f) {
		if (u->n == UPM_UPLOAD_MAX_FILES) { /* more files than a run writes: counted and said */
			if (!u->n_failed++)
				upm_snprintf(u->note, sizeof u->note, "more files than upmon puts in one run (%u): %s and any after "
							      "it are not put%s",
				     UPM_UPLOAD_MAX_FILES, name, saved ? "; the medium has them" : " (nor saved)");
			return;
		}
		f = &u->files[u->n++];
		upm_strlcpy(f->name, name, sizeof f->name);
	}
	upm_os_free(f->data);
	f->data = upm_os_alloc(content->len + 1);
	f->len = f->data ? content->len : 0;
	if (f->data && content->len)
		upm_memcpy(f->data, content->data, content->len);
	f->saved = saved;
	f->put = 0;
}

/* The content type a store serves the file with, by its name's end. */
static const char *content_type(const char *name)
{
	static const struct { const char *end, *type; } types[] = {
		{ ".json", "application/json" },
		{ ".jsonl", "application/jsonl" },
		{ ".csv", "text/csv; charset=utf-8" },
		{ ".html", "text/html; charset=utf-8" },
		{ ".xml", "application/xml" },
		{ ".log", "text/plain; charset=utf-8" },
	};
	size_t n = upm_strlen(name);
	for (unsigned i = 0; i < UPM_ARRAY_LEN(types); i++) {
		size_t e = upm_strlen(types[i].end);
		if (n > e && upm_strcmp(name + n - e, types[i].end) == 0)
			return types[i].type;
	}
	return "text/plain; charset=utf-8";
}

/* Whether a try's failure may pass when tried again: no answer, or an answer that says
 * later (RFC 9110: 408 Request Timeout, 429 Too Many Requests, 5xx; S3's SlowDown is 503). */
static int may_pass(int rc, int status)
{
	if (rc != UPM_OK)
		return rc == UPM_EIO;
	return status == 408 || status == 429 || status >= 500;
}

/* What the store said, in a few words: "403 SignatureDoesNotMatch (The request ...)". */
static void store_answer(const struct upm_http_answer *a, char *buf, size_t size)
{
	char code[64], message[200];
	upm_s3_error_parse(a->body, a->body_len, code, sizeof code, message, sizeof message);
	upm_snprintf(buf, size, "%d%s%s%s%s%s", a->status, code[0] ? " " : "", code, message[0] ? " (" : "", message,
		     message[0] ? ")" : "");
}

/* What a lab does about a refusal or a silence. */
static const char *what_to_do(int rc, int status)
{
	if (rc == UPM_EUNSUPPORTED || rc == UPM_EINVAL)
		return "give out = an http:// URL this machine can reach";
	if (rc != UPM_OK)
		return "check that the store is up and reachable from this machine's network";
	if (status == 403 || status == 401)
		return "the store refused the authorisation: check the query string appended to out (a presigned "
		       "prefix, a token) or the bucket's policy for this prefix";
	if (status == 404)
		return "check the bucket's name in out";
	return "check the store's log for this request";
}

/* Puts one file within the budget: 1 when put. */
static int put_file(struct upm_upload *u, const char *run_name, struct upm_upload_file *f)
{
	const char *segments[2] = { run_name, f->name };
	struct upm_url object;
	char url[UPM_URL_HOST_MAX + UPM_URL_PATH_MAX + UPM_URL_QUERY_MAX + 32], why[240], said[300];
	char type_header[80], signed_lines[4][2200];
	const char *headers[6] = { type_header, NULL };
	uint64_t backoff_ms = 1000;
	unsigned tries = 0;

	if (upm_url_below(u->on_fallback ? &u->fallback : &u->base, segments, 2, &object) < 0) {
		upm_snprintf(u->failure, sizeof u->failure,
			     "cannot name %s in the store: %s/%s/%s is too long or not a plain name; give out = a "
			     "shorter URL",
			     f->name, u->shown, run_name, f->name);
		u->given_up = 1;
		return 0;
	}
	upm_url_format(&object, url, sizeof url);
	upm_snprintf(type_header, sizeof type_header, "Content-Type: %s", content_type(f->name));
	for (;;) {
		if (u->creds.access_key) { /* signed anew each try: its date */
			if (sign_put(u, &object, f, signed_lines, why, sizeof why) < 0) {
				upm_snprintf(u->failure, sizeof u->failure, "cannot put %s: %s; set the clock, or authorise "
									  "with a presigned query",
					     f->name, why);
				u->given_up = 1;
				return 0;
			}
			for (unsigned k = 0; k < 4; k++)
				headers[1 + k] = signed_lines[k];
			headers[5] = NULL;
		}
		struct upm_http_request req = { "PUT", url, headers, f->data ? f->data : "", f->len, UPM_UPLOAD_TRY_MS,
						1024 };
		struct upm_http_answer ans;
		uint64_t now = upm_os_nanoseconds();
		if (now < u->deadline_ns && (u->deadline_ns - now) / 1000000u < req.timeout_ms)
			req.timeout_ms = (unsigned)((u->deadline_ns - now) / 1000000u) + 1;
		u->tries++;
		tries++;
		int rc = upm_os_http(&req, &ans, why, sizeof why);
		int status = rc == UPM_OK ? ans.status : 0;
		if (rc == UPM_OK)
			store_answer(&ans, said, sizeof said);
		else
			upm_strlcpy(said, why, sizeof said);
		upm_os_free(ans.body);
		if (rc == UPM_OK && status >= 200 && status < 300)
			return 1;
		if (rc == UPM_EUNSUPPORTED && ans.no_tls && u->has_fallback && !u->on_fallback) {
			char plain[UPM_URL_HOST_MAX + UPM_URL_PATH_MAX + 32];
			struct upm_url shown = u->fallback;
			shown.query[0] = 0;
			upm_url_format(&shown, plain, sizeof plain);
			upm_snprintf(u->note, sizeof u->note, "%s: the files go over plain http to %s instead, as "
							      "out_http_fallback allows",
				     why, plain);
			upm_strlcpy(u->shown, plain, sizeof u->shown);
			u->on_fallback = 1;
			return put_file(u, run_name, f);
		}
		now = upm_os_nanoseconds();
		int again = may_pass(rc, status) && now + backoff_ms * 1000000u < u->deadline_ns;
		if (again) {
			upm_os_sleep_ns(backoff_ms * 1000000u);
			if (backoff_ms < 16000)
				backoff_ms *= 2;
			continue;
		}
		struct upm_url shown = object;
		shown.query[0] = 0;
		upm_url_format(&shown, url, sizeof url);
		upm_snprintf(u->failure, sizeof u->failure, "cannot put %s to %s: %s (%u tr%s%s); %s", f->name, url, said,
			     tries, tries == 1 ? "y" : "ies", may_pass(rc, status) ? " within out_timeout" : "",
			     what_to_do(rc, status));
		u->given_up = 1;
		return 0;
	}
}

int upm_upload_put_all(struct upm_upload *u, const char *run_name)
{
	int gave_up_before = u->given_up;
	if (!u->deadline_ns)
		u->deadline_ns = upm_os_nanoseconds() + (uint64_t)u->budget_s * 1000000000u;
	for (unsigned i = 0; i < u->n; i++) {
		struct upm_upload_file *f = &u->files[i];
		if (f->put || !f->data)
			continue;
		if (!u->given_up && put_file(u, run_name, f)) {
			f->put = 1;
			u->n_put++;
		} else if (!gave_up_before && u->given_up) {
			return 1; /* said first (the caller's error), then the files: call again */
		} else {
			u->n_failed++;
			/* Neither the medium nor the store: the console keeps it (not upmon.log,
			 * which is the console). */
			if (!f->saved && upm_strcmp(f->name, "upmon.log") != 0) {
				char path[300];
				upm_snprintf(path, sizeof path, "%s/%s", run_name, f->name);
				upm_show_file_on_console(path, f->data, f->len);
			}
		}
		upm_os_free(f->data);
		f->data = NULL;
	}
	return 0;
}

int upm_upload_failed(const struct upm_upload *u)
{
	return u->n_failed > 0;
}

/* Rack mode's upload (docs/rack.md): every file of a run put, with one HTTP PUT each, to
 * OUT/<run folder>/<file> in the lab's object store (S3-compatible: MinIO, Ceph RGW, AWS
 * S3), OUT being --out URL or the configuration's out = URL. upmon holds no long-lived
 * credential: the lab authorises the PUTs with a query string it appends to OUT (a
 * token its gateway checks), with the bucket's policy (a write-only prefix), or with
 * temporary credentials (STS: access key, secret and session token, out_access_key and
 * the rest in the configuration), with which each PUT is signed (AWS Signature Version 4,
 * core/cli/sigv4.h); a secret without a session token is refused. The files
 * are kept as they are saved (upm_save), put once the command's files are all saved
 * (upm_say_files) and upmon.log last; a try that fails for a cause that may pass (no
 * connection, no answer, 5xx, 408, 429) is tried again after 1, 2, 4 ... s within the
 * run's budget (out_timeout); one the store refuses for good (another 4xx) is not, and
 * the files after it are not tried either: one cause, one error. A file neither the
 * medium nor the store took is shown on the console, and the exit status says so. */
#ifndef UPMON_CORE_CLI_UPLOAD_H
#define UPMON_CORE_CLI_UPLOAD_H

#include "platform/base/url.h"
#include "platform/base/str.h"

#define UPM_UPLOAD_MAX_FILES 32
#define UPM_UPLOAD_TRY_MS 10000u      /* one PUT's wait for its answer at most */
#define UPM_UPLOAD_BUDGET_S 60u       /* default out_timeout: all tries of a run together */

struct upm_upload_file {
	char name[64];
	char *data;       /* a copy (upm_os_alloc), freed once put or shown */
	size_t len;
	int saved;        /* the medium took it */
	int put;          /* the store took it */
};

/* Temporary credentials (upm_upload_credentials): each PUT signed with them. */
struct upm_upload_credentials {
	const char *access_key, *secret_key, *session_token, *region; /* NULL: not given */
};

struct upm_upload {
	struct upm_url base;      /* OUT, parsed */
	struct upm_url fallback;  /* out_http_fallback: plain http where https cannot be had */
	int has_fallback, on_fallback;
	char note[600];           /* a line to say once (the fallback taken), "" when none */
	struct upm_upload_credentials creds; /* signing when access_key is set */
	char shown[UPM_URL_HOST_MAX + UPM_URL_PATH_MAX + 48]; /* OUT for messages: its query hidden */
	unsigned budget_s;        /* out_timeout */
	uint64_t deadline_ns;     /* set at the first PUT */
	struct upm_upload_file files[UPM_UPLOAD_MAX_FILES];
	unsigned n;
	unsigned n_put, n_failed, tries;
	int given_up;             /* the store refused for good, or the budget is spent */
	char failure[800];        /* the first failure, as said */
};

/* 1 when text is an http:// or https:// URL (an out that is no folder). */
int upm_upload_is_url(const char *text);

/* Sets up the upload to url: 0, or -1 with one line in err (the URL refused: what to do). */
int upm_upload_init(struct upm_upload *u, const char *url, unsigned budget_s, char *err, size_t err_size);
void upm_upload_free(struct upm_upload *u);

/* Allows the puts to go to url (http://) instead of an https OUT when this machine has no
 * TLS (no firmware TLS, no CA list), never when a TLS session failed. 0, or -1 with err. */
int upm_upload_http_fallback(struct upm_upload *u, const char *url, char *err, size_t err_size);

/* Signs every PUT with c (its strings must outlive u): 0, or -1 with one line in err when
 * they are incomplete or long-lived (no session token). */
int upm_upload_credentials(struct upm_upload *u, const struct upm_upload_credentials *c, char *err,
			   size_t err_size);

/* Keeps a copy of a file of the run as it is saved (saved: the medium took it). */
void upm_upload_keep(struct upm_upload *u, const char *name, const struct upm_buf *content, int saved);

/* Puts every kept file not yet put below run_name. 1 when it gives up (failure holds the
 * one line to say, the caller's: upm_error): the caller says it and calls again, which
 * shows on the console each file that neither the medium nor the store took (not
 * upmon.log: the console itself). 0 otherwise. */
int upm_upload_put_all(struct upm_upload *u, const char *run_name);

/* 1 when a kept file was not put (the exit status says so). */
int upm_upload_failed(const struct upm_upload *u);

#endif

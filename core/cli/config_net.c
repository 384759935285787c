/* A network-booted machine's configuration (config_net.h). */
#include "core/cli/config_net.h"
#include "core/cli/config.h"
#include "core/cli/upload.h"
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/base/url.h"
#include "platform/backend.h"

/* GETs url: 1 with the body, 0 on 404, -1 with err. */
static int get(const char *url, void **data, size_t *len, char *err, size_t err_size)
{
	char why[240];
	for (unsigned t = 0; t < UPM_CFG_FETCH_TRIES; t++) {
		struct upm_http_request req = { "GET", url, NULL, NULL, 0, UPM_CFG_FETCH_TRY_MS, UPM_CFG_MAX_BYTES + 1 };
		struct upm_http_answer ans;
		int rc = upm_os_http(&req, &ans, why, sizeof why);
		if (rc == UPM_OK && ans.status == 200 && !ans.truncated) {
			*data = ans.body;
			*len = ans.body_len;
			return 1;
		}
		if (rc == UPM_OK) {
			int status = ans.status;
			int big = ans.truncated;
			upm_os_free(ans.body);
			if (status == 404 || status == 410)
				return 0;
			if (big) {
				upm_snprintf(err, err_size, "%s is larger than %u KiB: it is not a lab configuration; fix "
							    "the file on the boot server",
					     url, UPM_CFG_MAX_BYTES / 1024u);
				return -1;
			}
			if (status < 500 && status != 408 && status != 429) {
				upm_snprintf(err, err_size, "the boot server answered %d to GET %s: fix the server, or "
							    "remove the file for the defaults",
					     status, url);
				return -1;
			}
			upm_snprintf(why, sizeof why, "the boot server answered %d", status);
		} else if (rc != UPM_EIO) {
			break;
		}
		if (t + 1 < UPM_CFG_FETCH_TRIES)
			upm_os_sleep_ns((uint64_t)(t + 1) * 1000000000u);
	}
	upm_snprintf(err, err_size, "cannot fetch %s: %s; check the boot server (it served upmon.efi) and the network",
		     url, why);
	return -1;
}

int upm_config_fetch(const char *boot_uri, const char *serial, void **data, size_t *len, char *url,
		     size_t url_size, char *err, size_t err_size)
{
	struct upm_url boot, file;
	char name[160], reduced[130], perr[240];
	if (upm_url_parse(boot_uri, &boot, perr, sizeof perr) < 0) {
		upm_snprintf(err, err_size, "the firmware booted upmon from a URI upmon cannot use (%s): boot it from "
					    "an http:// or https:// URL",
			     perr);
		return -1;
	}
	if (serial && *serial) {
		upm_url_reduce_name(serial, reduced, sizeof reduced);
		upm_snprintf(name, sizeof name, "upmon-%s.cfg", reduced);
		if (upm_url_beside(&boot, name, &file) == 0) {
			upm_url_format(&file, url, url_size);
			int rc = get(url, data, len, err, err_size);
			if (rc != 0)
				return rc;
		}
	}
	if (upm_url_beside(&boot, "upmon.cfg", &file) < 0) {
		upm_snprintf(err, err_size, "the boot URI %s is too long to name upmon.cfg beside it", boot_uri);
		return -1;
	}
	upm_url_format(&file, url, url_size);
	return get(url, data, len, err, err_size);
}

/* The options of args a fetched file may not give, and why. */
static const struct {
	const char *option;
	const char *why;
} refused[] = {
	{ "--force-platform", "forces a platform against CPUID" },
	{ "--trace", "writes a file on this machine's disk" },
	{ "--config", "reads another file on this machine's disk" },
	{ "--unguarded", "lifts the #GP guard, a safety limit" },
};

int upm_config_untrusted_refusal(const struct upm_config *cfg, const char *url, char *err, size_t err_size)
{
	const char *after = "put it in the stick's own upmon.cfg, or leave it out";
	if (cfg->out && !upm_upload_is_url(cfg->out)) {
		upm_snprintf(err, err_size, "%s:%u: out = %s: a folder on this machine's disk, which a configuration "
					    "fetched over the network may not name: give out = an http[s]:// URL, or %s",
			     url, cfg->out_line, cfg->out, after);
		return -1;
	}
	for (int i = 1; i < cfg->argc; i++) {
		const char *w = cfg->argv[i];
		for (unsigned k = 0; k < UPM_ARRAY_LEN(refused); k++) {
			size_t n = upm_strlen(refused[k].option);
			if (upm_strncmp(w, refused[k].option, n) == 0 && (w[n] == 0 || w[n] == '=')) {
				upm_snprintf(err, err_size, "%s:%u: args: %s %s, which a configuration fetched over the "
							    "network may not do: %s",
					     url, cfg->args_line, refused[k].option, refused[k].why, after);
				return -1;
			}
		}
		const char *value = NULL;
		if (upm_strcmp(w, "--out") == 0 && i + 1 < cfg->argc)
			value = cfg->argv[i + 1];
		else if (upm_strncmp(w, "--out=", 6) == 0)
			value = w + 6;
		if (value && !upm_upload_is_url(value)) {
			upm_snprintf(err, err_size, "%s:%u: args: --out %s names a folder on this machine's disk, which a "
						    "configuration fetched over the network may not: give an http[s]:// URL, or %s",
				     url, cfg->args_line, value, after);
			return -1;
		}
		if ((upm_strcmp(w, "--backend") == 0 && i + 1 < cfg->argc && upm_starts_with(cfg->argv[i + 1], "replay")) ||
		    upm_starts_with(w, "--backend=replay")) {
			upm_snprintf(err, err_size, "%s:%u: args: --backend replay reads a file on this machine's disk, "
						    "which a configuration fetched over the network may not: %s",
				     url, cfg->args_line, after);
			return -1;
		}
	}
	return 0;
}

/* The configuration of a machine booted over the network (docs/rack.md): upmon.cfg beside
 * the URI the firmware booted upmon from, or the machine's own upmon-<serial>.cfg there,
 * which wins; and what such a file may not ask, since anyone on the boot network could
 * have served it. */
#ifndef UPMON_CORE_CLI_CONFIG_NET_H
#define UPMON_CORE_CLI_CONFIG_NET_H

#include <stddef.h>

struct upm_config;

#define UPM_CFG_FETCH_TRY_MS 10000u /* one GET's wait at most */
#define UPM_CFG_FETCH_TRIES 3u      /* a silence is tried again, 1 then 2 s later */

/* Fetches the configuration beside boot_uri: upmon-<serial>.cfg when serial is given
 * (reduced to a safe name first: a serial never leaves the folder) and the server has
 * it, else upmon.cfg. 1 with *data (upm_os_free), *len and url (the file's URL, for
 * messages) filled; 0 when the server has neither (404); -1 with one line in err (the
 * boot URI or the server's answer: what to do). */
int upm_config_fetch(const char *boot_uri, const char *serial, void **data, size_t *len, char *url,
		     size_t url_size, char *err, size_t err_size);

/* A fetched configuration's refusal: what it asks that only the stick's own upmon.cfg may
 * (a platform forced against CPUID, a file written on this machine's disk: --trace, an
 * out or --out that is a folder, --config; a safety limit lifted: --unguarded; a replay of
 * a local file). 0, or -1 with "URL:LINE: problem: what to do" in err. */
int upm_config_untrusted_refusal(const struct upm_config *cfg, const char *url, char *err, size_t err_size);

#endif

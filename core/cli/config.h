/* The configuration file (\upmon\upmon.cfg on the boot medium, or --config FILE):
 * `key = value` lines, '#' starts a comment. The keys (docs/command-line.md,
 * Configuration file):
 *   args = COMMAND LINE        the command and options to run when none are given; may
 *                              hold options only (no command: core/commands/app_options.c)
 *   end = ACTION               return, shutdown, reboot, key, qemu-exit
 *   end_timeout = SECONDS      0..86400: how long `key` waits (0: no limit)
 *   end_action = ACTION        return, shutdown, reboot: what follows the wait
 *   out = PATH|URL             the results folder, or the object store's prefix every
 *                              file is put below (http[s]://...: core/cli/upload.h)
 *   out_timeout = SECONDS      1..3600: how long the puts may take in all (default 60)
 *   out_access_key = ID, out_secret_key = SECRET, out_session_token = TOKEN,
 *   out_region = REGION        temporary credentials each put is signed with (upload.h)
 *   out_http_fallback = URL    plain http where out's https cannot be had here (upload.h)
 *   events.NAME = SPEC[,...]   an event set, used as `--events @NAME`
 *   check.NAME = NUMBER        a tolerance read by `check` (upm_config_tolerance): memory,
 *                              llc, balance and link _tolerance, uclk_min_mhz, uclk_max_mhz,
 *                              link_rate_min_gts, link_rate_max_gts
 * Unknown keys, bad values and keys given twice are errors of the form
 * "FILE:LINE: problem: what to do". */
#ifndef UPMON_CORE_CONFIG_H
#define UPMON_CORE_CONFIG_H

#include "core/cli/cli.h"
#include "platform/base/str.h"

#define UPM_CFG_MAX_ARGS 32
#define UPM_CFG_MAX_SETS 32
#define UPM_CFG_MAX_TOLERANCES 16
#define UPM_CFG_MAX_BYTES (64u * 1024u) /* a larger file is refused: it is not a lab config */
#define UPM_CFG_MAX_END_TIMEOUT_S 86400u
#define UPM_CFG_MAX_OUT_TIMEOUT_S 3600u /* an hour of tries: longer, the store is down */ /* a day: longer is a forgotten machine */

struct upm_cfg_event_set {
	const char *name;  /* without "events." */
	const char *specs; /* as written */
	unsigned line;
};

struct upm_cfg_tolerance {
	const char *name;  /* the full key, "check.memory_tolerance" */
	double value;
	unsigned line;
};

struct upm_config {
	char *text;              /* the file, owned; every string here points into it */
	const char *file;        /* its name, for messages */
	int argc;                /* args split into words, argv[0] = "upmon" */
	char *argv[UPM_CFG_MAX_ARGS + 1];
	int has_args;
	unsigned args_line;
	enum upm_end_action end;
	int has_end;
	unsigned end_line;
	/* end = key: seconds to wait before end_action (0: no limit) */
	unsigned long end_timeout;
	unsigned end_timeout_line;
	enum upm_end_action end_after; /* end_action: return, shutdown or reboot */
	int has_end_after;
	unsigned end_after_line;
	const char *out;         /* NULL when not set */
	unsigned out_line;
	unsigned out_timeout;    /* seconds; 0 when not set */
	unsigned out_timeout_line;
	/* Temporary credentials for the store (core/cli/upload.h), NULL when not set. */
	const char *out_access_key, *out_secret_key, *out_session_token, *out_region;
	unsigned out_access_key_line, out_secret_key_line, out_session_token_line, out_region_line;
	const char *out_http_fallback; /* plain http where out's https cannot be had, or NULL */
	unsigned out_http_fallback_line;
	struct upm_cfg_event_set sets[UPM_CFG_MAX_SETS];
	unsigned n_sets;
	struct upm_cfg_tolerance tolerances[UPM_CFG_MAX_TOLERANCES];
	unsigned n_tolerances;
};

/* The file's bytes (data, len) as the NUL-terminated text upm_config_parse takes, into
 * *text (upm_os_alloc): ASCII and UTF-8 (a byte-order mark is skipped by the parser) as
 * they are; UTF-16LE and UTF-16BE with their byte-order mark converted to UTF-8, a
 * character outside ASCII refused outside a comment. 0, or -1 with err naming the file
 * (and line): too large, UTF-16 without a byte-order mark, a NUL byte
 * (core/cli/config_text.c). */
int upm_config_text(const void *data, size_t len, const char *name, char **text, char *err,
		    unsigned long err_size);

/* The configuration's text as files keep it (results.json "configuration"): the values of
 * out_secret_key and out_session_token and every URL's query hidden. A new string
 * (upm_os_alloc), NULL when out of memory. */
char *upm_config_text_shown(const char *text);

/* Parses text (NUL-terminated, taken over by cfg: freed by upm_config_free even when
 * parsing fails). name is the file's name for messages and must outlive cfg.
 * 0, or -1 with err = "name:line: problem: what to do". */
int upm_config_parse(struct upm_config *cfg, char *text, const char *name, char *err,
		     unsigned long err_size);
void upm_config_free(struct upm_config *cfg);

/* Splits a command line into words in place (double quotes group; no escapes).
 * Returns the number of words, or -1 when there are more than max or a quote is open. */
int upm_split_words(char *line, char **words, int max);

/* The tolerances `check` may read (check.NAME keys), with their ranges; a key not in
 * this table is an error in the file. A check that needs a new tolerance adds it here. */
struct upm_cfg_tolerance_key {
	const char *key;
	double min, max;
	const char *meaning; /* for messages and `help` */
};
extern const struct upm_cfg_tolerance_key upm_cfg_tolerance_keys[];
extern const unsigned upm_cfg_n_tolerance_keys;

struct upm_run;

/* For commands: the value of a check.NAME key of the run's configuration (name with or
 * without the "check." prefix), or dflt when the file does not set it or there is none. */
double upm_config_tolerance(const struct upm_run *r, const char *name, double dflt);
/* The specs of event set NAME (without '@'), or NULL. */
const struct upm_cfg_event_set *upm_config_event_set(const struct upm_run *r, const char *name);
/* Expands every `@NAME` item of an --events list (items are separated by commas outside
 * a spec's slashes) into out. 0, or -1 with err naming the unknown set. */
int upm_config_expand_events(const struct upm_run *r, const char *events, struct upm_buf *out,
			     char *err, unsigned long err_size);

#endif

/* Room fleet: many runs' results read back and compared across machines (`upmon fleet
 * DIR|URL`, docs/fleet.md): where the results.json files come from (a source: a folder
 * tree, or an S3-compatible store's listing), each read into a run with its numbers, the runs grouped by processor SKU and
 * platform, the statistics of each number over a group's machines (median, median
 * absolute deviation, the machines outside it), and their writers (fleet.csv,
 * fleet-outliers.csv, fleet-runs.csv, fleet.html), which compute nothing. Includes
 * results, cli, platform and base. */
#ifndef UPMON_CORE_FLEET_H
#define UPMON_CORE_FLEET_H

#include "core/cli/invocation.h"
#include "platform/base/json.h"
#include "platform/base/os.h"
#include "platform/base/url.h"

/* Bounds of one fleet: a tree walked no deeper than UPM_FLEET_MAX_DEPTH folders below
 * DIR, at most UPM_FLEET_MAX_ENTRIES names looked at and UPM_FLEET_MAX_RUNS results.json
 * read (what lies past them is said, never dropped silently), each file at most
 * UPM_FLEET_MAX_FILE bytes. */
#define UPM_FLEET_MAX_DEPTH 8
#define UPM_FLEET_MAX_ENTRIES 200000u
#define UPM_FLEET_MAX_RUNS 4096u
#define UPM_FLEET_MAX_FILE (32u * 1024u * 1024u)
#define UPM_FLEET_MAX_SERIES 65536u

/* The names a source found (a tree's paths, a store's keys), each its own copy, handed
 * out again in the order found (fleet_names.c). Zeroed is empty. */
struct upm_fleet_names {
	char **names;
	unsigned n, cap, at; /* at: the next one upm_fleet_names_next gives */
};
/* Adds a copy of name: 0, or -1 out of memory. */
int upm_fleet_names_add(struct upm_fleet_names *l, const char *name);
/* The next name in the order added; NULL after the last. */
const char *upm_fleet_names_next(struct upm_fleet_names *l);
void upm_fleet_names_free(struct upm_fleet_names *l);

/* ---- Where results.json files come from ----
 * A source yields each results.json as its name (relative to what was given: a path under
 * DIR, an object's key below the store's prefix) and its bytes: a folder tree
 * (fleet_source.c) or an S3-compatible store's listing (fleet_store.c). */
struct upm_fleet_source {
	/* The next file: 1 with *name (the source's string, valid until the next call), *data
	 * and *len (free with upm_os_free), or with *data NULL and why set when that file
	 * could not be read (it is still listed); 0 when there are no more. */
	int (*next)(struct upm_fleet_source *s, const char **name, void **data, size_t *len, char *why,
		    size_t why_size);
	void (*close)(struct upm_fleet_source *s);
	/* What the source found: results.json files, and what it did not look at (a bound
	 * reached: "" when none). */
	unsigned found;
	char left_out[200];
	void *state;
};

/* A folder tree: every file named results.json under dir, at most UPM_FLEET_MAX_DEPTH
 * folders deep, in name order. 0; or a upm_status (UPM_ENOTFOUND: dir missing;
 * UPM_EINVAL: no folder; UPM_EUNSUPPORTED: the environment lists no folders) with a line
 * in why. */
int upm_fleet_source_dir(const char *dir, struct upm_fleet_source *s, char *why, size_t why_size);

/* An S3-compatible store (`fleet URL`): url is http://HOST[:PORT]/BUCKET[/PREFIX][?QUERY]
 * (path-style, as rack mode's out names it). The prefix is listed with ListObjectsV2
 * (UPM_FLEET_STORE_PAGE_KEYS keys a page asked, halved down to 50 while a page's answer is
 * longer than UPM_FLEET_STORE_MAX_PAGE; at most UPM_FLEET_STORE_MAX_PAGES pages and
 * UPM_FLEET_STORE_MAX_KEYS keys), the keys ending in "/results.json" kept (at most
 * UPM_FLEET_MAX_RUNS), and each is fetched with a GET when next() comes to it (at most
 * UPM_FLEET_MAX_FILE bytes, upm_os_http's answer_max: a longer one is an unreadable run). A file's name is its
 * key below the prefix ("<run folder>/results.json"). The URL's query (a token the lab's
 * gateway checks) is sent with every request and never said. 0; or a upm_status with one
 * line in why saying what to do (its URL's query hidden): UPM_EINVAL (the URL refused, or
 * the listing unreadable), UPM_EUNSUPPORTED (https on the host), UPM_EIO (the store not
 * reached), UPM_ENOTFOUND (404: no such bucket), UPM_EFAULT (401, 403 or another refusal of
 * the listing), UPM_ENOMEM. What a later page's failure or a bound left out is said in
 * left_out. */
#define UPM_FLEET_STORE_PAGE_KEYS 500u
#define UPM_FLEET_STORE_MAX_PAGES 100u
#define UPM_FLEET_STORE_MAX_KEYS 50000u
#define UPM_FLEET_STORE_MAX_PAGE (1024u * 1024u) /* a page of 500 keys is about 150 KiB */
#define UPM_FLEET_STORE_TRY_MS 10000u /* one request's wait for its answer at most */
#define UPM_FLEET_STORE_SILENT 3u     /* GETs in a row with no answer: the rest not tried */
int upm_fleet_source_store(const char *url, struct upm_fleet_source *s, char *why, size_t why_size);

/* ---- A run read back ---- */
enum upm_fleet_state {
	UPM_FLEET_COMPARED = 0, /* its numbers are in the statistics */
	UPM_FLEET_MOCK,         /* backend mock: simulated, left out */
	UPM_FLEET_REPLAY,       /* backend replay: a recording, left out */
	UPM_FLEET_DRY_RUN,      /* dry run: no counter ran, left out */
	UPM_FLEET_SUPERSEDED,   /* an older run of a machine whose latest run counts */
	UPM_FLEET_NO_NUMBERS,   /* upmon's, but nothing to compare (info, selftest, aborted) */
	UPM_FLEET_UNREADABLE,   /* not read: bad JSON, not upmon's, another schema, no processor */
	UPM_FLEET_STATES,
};
/* "compared", "mock", "replay", "dry-run", "superseded", "no-numbers", "unreadable". */
const char *upm_fleet_state_name(enum upm_fleet_state s);

/* One number of a run: a verdict's measured value (name the check, box and instance as
 * the verdict has them), a kernel's bandwidth (name "kernel NAME", unit GB/s) or a run's
 * metric (its name). instance and socket -1: none. */
struct upm_fleet_metric {
	char name[48];
	char box[16];
	int instance;
	int socket;
	char unit[16];
	double value;
};

struct upm_fleet_run {
	char path[256];    /* the results.json as the source named it */
	char folder[256];  /* the run folder: path without "/results.json" */
	char serial[64];   /* the machine, as the run's folder names it (SMBIOS serial, else the
			    * host name); else the SMBIOS serial; else "unknown" */
	char sku[96];      /* processor.brand, else its signature */
	char platform[24]; /* upmon's platform table, "none" when unsupported */
	char command[16];
	char start[40];
	enum upm_fleet_state state;
	char why[200];     /* why it is not compared ("" when it is) */
	unsigned n_metrics;
	struct upm_fleet_metric *metrics; /* upm_os_alloc */
};

/* Reads one results.json (bytes as given, data NULL for a file that could not be read with
 * why) into run: its identity, its state and, for one whose numbers count, its numbers.
 * Never fails: what cannot be read is UPM_FLEET_UNREADABLE with why. */
void upm_fleet_run_read(const char *path, const void *data, size_t len, const char *read_why,
			struct upm_fleet_run *run);
void upm_fleet_run_free(struct upm_fleet_run *run);

/* ---- The statistics ----
 * Robust centre and spread, as the lab reads them: the median and the median absolute
 * deviation (MAD = median |x - median|); an outlier is a value with |x - median| > 3 x
 * 1.4826 x MAD (1.4826 x MAD estimates the standard deviation of normal data: Rousseeuw
 * and Croux, JASA 88 (1993); three of them is what Leys et al. call very conservative,
 * J. Exp. Soc. Psych. 49 (2013)), or, when the MAD is 0 (half the machines or more agree
 * exactly), one that differs from the median by more than 5% of it. */
#define UPM_FLEET_MAD_SCALE 1.4826
#define UPM_FLEET_MAD_LIMIT 3.0
#define UPM_FLEET_ZERO_MAD_SHARE 0.05
struct upm_fleet_stats {
	unsigned n;
	double median, mad, min, max;
};
/* The statistics of v[0..n) (n >= 1; v is left as it was). 0, or -1 when n is 0 or memory ran out. */
int upm_fleet_stats_of(const double *v, unsigned n, struct upm_fleet_stats *st);
/* Whether x is an outlier of st (the rule above). */
int upm_fleet_is_outlier(const struct upm_fleet_stats *st, double x);
/* x's robust z-score, (x - median) / (1.4826 x MAD); 0 when the MAD is 0. */
double upm_fleet_robust_z(const struct upm_fleet_stats *st, double x);

/* One number over a group's machines: the group (sku, platform), the command and the
 * number's name, box, instance, socket and unit; its values, one per compared run. */
struct upm_fleet_series {
	const struct upm_fleet_metric *key; /* the first run's metric: its name, box, ... */
	const struct upm_fleet_run *first;  /* that run: the series' sku, platform, command */
	unsigned n, cap;
	double *values;
	unsigned *runs;      /* index into the fleet's runs, per value */
	unsigned char *outlier;
	struct upm_fleet_stats st;
	unsigned n_outliers;
};

struct upm_fleet {
	char dir[UPM_URL_HOST_MAX + UPM_URL_PATH_MAX + 32]; /* where the runs were read from: DIR as
					     * given, or the store's URL, its query hidden */
	unsigned n_runs, cap_runs;
	struct upm_fleet_run *runs; /* in the source's order */
	unsigned found;          /* results.json files the source found */
	char left_out[200];      /* what the source did not look at ("" when nothing) */
	unsigned n_state[UPM_FLEET_STATES];
	unsigned n_series;
	struct upm_fleet_series *series; /* by sku, platform, command, name, box, socket, instance */
	unsigned n_groups;       /* distinct (sku, platform) among the compared runs */
	unsigned n_machines;     /* compared runs: one per machine, command, sku and platform */
	unsigned n_outliers;     /* values flagged, over every series */
	int series_cut;          /* UPM_FLEET_MAX_SERIES reached: later numbers left out */
};

void upm_fleet_init(struct upm_fleet *f, const char *dir);
/* Reads every file of the source into f's runs. 0; -1 when memory ran out (said in why). */
int upm_fleet_read(struct upm_fleet *f, struct upm_fleet_source *src, char *why, size_t why_size);
/* Adds a run read elsewhere (tests; another source's reader): copied, its metrics taken over. */
int upm_fleet_add(struct upm_fleet *f, struct upm_fleet_run *run);
/* Settles the fleet: a machine's older runs superseded by its latest (by start, then
 * path), the series built, their statistics and outliers. 0, or -1 out of memory. */
int upm_fleet_compare(struct upm_fleet *f);
void upm_fleet_free(struct upm_fleet *f);
/* Calls fn for every machine outside its group (upm_fleet_compare), series by series: the
 * series, the value's index in it and its run. */
typedef void upm_fleet_outlier_fn(void *ctx, const struct upm_fleet_series *s, unsigned k,
				  const struct upm_fleet_run *run);
void upm_fleet_each_outlier(const struct upm_fleet *f, upm_fleet_outlier_fn *fn, void *ctx);
/* How far x is off the group's median, in percent of it: 1 with *pct, 0 when the median
 * is 0 (no percentage says it). */
int upm_fleet_off_pct(const struct upm_fleet_stats *st, double x, double *pct);

/* A number as the files write it: up to 6 significant digits after the point, no
 * exponent ("27.811", "4194304", "0.000123"). */
void upm_fleet_number(char *buf, size_t size, double v);

/* ---- The writers: render f, compute nothing ---- */
/* fleet.csv: one row per series; fleet-outliers.csv: one row per outlying value;
 * fleet-runs.csv: one row per results.json read. */
void upm_fleet_csv(const struct upm_fleet *f, const char *run_name, struct upm_buf *out);
void upm_fleet_outliers_csv(const struct upm_fleet *f, const char *run_name, struct upm_buf *out);
void upm_fleet_runs_csv(const struct upm_fleet *f, const char *run_name, struct upm_buf *out);
/* fleet.html: self-contained (inline style and SVG, nothing fetched). */
void upm_fleet_html(const struct upm_fleet *f, const struct upm_run *r, struct upm_buf *out);

#endif

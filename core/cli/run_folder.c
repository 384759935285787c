/* A folder per run, and the index of runs beside them (runs.csv), so that a stick carried
 * through a lab keeps every run apart and lists them itself. */
#include "core/cli/invocation.h"
#include "core/cli/medium.h"
#include "core/cli/progress.h"
#include "core/cli/upload.h"
#include "core/cli/console_wrap.h"
#include "platform/base/os.h"

#define UPM_RUN_SUFFIX_MAX 99

/* Without a clock (GetTime failed: a flat CMOS battery), runs are numbered instead of
 * dated: "notime-0000123-<machine>-<command>", the number one past the last kept in this
 * file beside runs.csv (and past any in runs.csv, should the file be lost), seven digits
 * so that names sort up to ten million runs (and stay apart after that). A number taken
 * by a folder already there is skipped, up to UPM_NOTIME_TRIES of them. */
#define UPM_NOTIME_COUNTER "runs-notime-counter.txt"
#define UPM_NOTIME_PREFIX "notime-"
#define UPM_NOTIME_TRIES 10000u

/* The command for the folder's name (a run keeps a folder only once its command began;
 * "none" stays a safe default). Only letters, digits and '-'. */
static void command_part(const struct upm_run *r, char *buf, size_t size)
{
	const char *c = r->opts.command ? r->opts.command : "none";
	size_t k = 0;
	for (; *c && k + 1 < size && k < 24; c++)
		buf[k++] = ((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-') ? *c : '_';
	buf[k] = 0;
}

/* The highest N of the "notime-N" in the file at path (the counter: its number alone;
 * runs.csv: its folders), 0 when none or no file. */
static uint64_t notime_highest(const char *path, int bare_number)
{
	void *data;
	size_t len;
	uint64_t best = 0, n;
	const char *end;
	if (upm_os_read_file(path, &data, &len) != UPM_OK)
		return 0;
	const char *text = data; /* NUL-terminated by upm_os_read_file */
	if (bare_number) {
		if (upm_parse_u64_prefix(text, &n, &end) == 0)
			best = n;
	} else {
		size_t plen = upm_strlen(UPM_NOTIME_PREFIX);
		for (size_t i = 0; i + plen < len; i++)
			if ((i == 0 || text[i - 1] == ',' || text[i - 1] == '"') &&
			    upm_memcmp(text + i, UPM_NOTIME_PREFIX, plen) == 0 &&
			    upm_parse_u64_prefix(text + i + plen, &n, &end) == 0 && n > best)
				best = n;
	}
	upm_os_free(data);
	return best;
}

/* The next number for a run without a clock (UPM_NOTIME_COUNTER). */
uint64_t upm_run_notime_next(const char *out_parent)
{
	char path[384];
	upm_snprintf(path, sizeof path, "%s/%s", out_parent, UPM_NOTIME_COUNTER);
	uint64_t kept = notime_highest(path, 1);
	upm_snprintf(path, sizeof path, "%s/runs.csv", out_parent);
	uint64_t listed = notime_highest(path, 0);
	return (kept > listed ? kept : listed) + 1;
}

/* Keeps n as the last number used. Written in place, not through a rename: the folders
 * are what count (a taken number is skipped), so a cut that leaves it empty costs only
 * the search from runs.csv's numbers. */
static void notime_keep(const char *out_parent, uint64_t n)
{
	char path[384], text[32];
	upm_snprintf(path, sizeof path, "%s/%s", out_parent, UPM_NOTIME_COUNTER);
	upm_snprintf(text, sizeof text, "%llu\n", (unsigned long long)n);
	(void)upm_os_write_file(path, text, upm_strlen(text)); /* the folder exists: the run goes on */
}

/* The run's folder name for try n (1, 2, ...) of a dated run, or number n of a run
 * without a clock. */
static void folder_name(struct upm_run *r, const char *stamp, const char *machine, const char *cmd, uint64_t n)
{
	if (!r->ident.start_ok)
		upm_snprintf(r->run_name, sizeof r->run_name, UPM_NOTIME_PREFIX "%07llu-%s-%s", (unsigned long long)n,
			     machine, cmd);
	else if (n == 1)
		upm_snprintf(r->run_name, sizeof r->run_name, "%s-%s-%s", stamp, machine, cmd);
	else
		upm_snprintf(r->run_name, sizeof r->run_name, "%s-%s-%s-%llu", stamp, machine, cmd,
			     (unsigned long long)n);
	upm_snprintf(r->run_dir, sizeof r->run_dir, "%s/%s", r->out_parent, r->run_name);
}

void upm_run_folder_open(struct upm_run *r)
{
	char stamp[24] = "", machine[48], cmd[32];
	struct upm_wall_time utc;
	int rc;

	r->folder_pending = NULL;
	if (r->run_name[0])
		return;
	if (!r->out_parent)
		r->out_parent = upm_os_default_out_dir();
	upm_wall_time_utc(&r->ident.start, &utc);
	if (r->ident.start_ok)
		upm_snprintf(stamp, sizeof stamp, "%04u%02u%02u-%02u%02u%02u", utc.year, utc.month, utc.day,
			     utc.hour, utc.minute, utc.second);
	const char *host = upm_os_host_name();
	upm_machine_folder_name(&r->ident.machine, host ? host : upm_os_name(), machine, sizeof machine);
	command_part(r, cmd, sizeof cmd);
	uint64_t first = r->ident.start_ok ? 1 : upm_run_notime_next(r->out_parent), n = first;
	uint64_t last = first - 1 + (r->ident.start_ok ? UPM_RUN_SUFFIX_MAX : UPM_NOTIME_TRIES);
	folder_name(r, stamp, machine, cmd, n);
	if ((rc = upm_os_mkdir_p(r->out_parent)) == UPM_OK) {
		for (; n <= last; n++) {
			folder_name(r, stamp, machine, cmd, n);
			rc = upm_os_mkdir_new(r->run_dir);
			if (rc != UPM_EINVAL) /* EINVAL: taken, try the next suffix or number */
				break;
		}
		if (rc == UPM_OK && !r->ident.start_ok)
			notime_keep(r->out_parent, n);
	}
	r->out_dir = r->run_dir;
	if (rc != UPM_OK && !r->media_error && r->upload) { /* the store takes the files (upload.h) */
		upm_say_wrappedf(r, 7, 0, "upmon: note: no results folder on the medium here (%s: %s): the files go to %s only",
				 upm_status_name(rc), r->run_dir, r->upload->shown);
		r->media_error = 1;
	}
	if (rc != UPM_OK && !r->media_error) {
		char taken[96];
		if (r->ident.start_ok)
			upm_strlcpy(taken, "every suffix up to -99 is taken", sizeof taken);
		else
			upm_snprintf(taken, sizeof taken, "every number from %llu to %llu is taken",
				     (unsigned long long)first, (unsigned long long)last);
		upm_error(r, "cannot create the results folder %s (%s): %s; the results are on the console only: "
			     "%s, or give --out a folder on another one",
			  r->run_dir, rc == UPM_EINVAL ? taken : upm_status_name(rc),
			  upm_medium_problem(rc, "the medium may be read-only or full, or a file is in its way"),
			  rc == UPM_EINVAL ? "move the old runs away" : upm_medium_fix(rc));
		r->media_error = 1;
	}
	upm_progress_folder(r); /* a run cut short from now on is reported into it */
}

/* runs.csv's columns. The backend says which rows measured this machine: hw, mock or
 * replay, and whether writes were only recorded (empty in rows of upmon before the rule
 * that a usage error, which has none, writes no row). */
#define RUNS_HEADER "start,serial,command,verdict,exit_status,folder,backend,dry_run\n"
/* The header before the backend columns: an index that opens with it gets the new one,
 * its rows as they were (a CSV reader leaves their backend empty). */
#define RUNS_HEADER_BEFORE_BACKEND "start,serial,command,verdict,exit_status,folder\n"

/* An index with the header of before the backend columns gets today's: the whole file
 * written anew under a temporary name, then renamed over it (its rows unchanged); on a
 * medium that refuses the rename, written in place from the same complete content
 * (upm_medium_write_file). */
static int upgrade_header(struct upm_run *r, const char *path, const char *old, size_t old_len)
{
	size_t before = upm_strlen(RUNS_HEADER_BEFORE_BACKEND);
	if (old_len < before || upm_memcmp(old, RUNS_HEADER_BEFORE_BACKEND, before) != 0)
		return UPM_OK;
	struct upm_buf all;
	int refused_before = r->renames.refused;
	upm_buf_init(&all);
	upm_buf_puts(&all, RUNS_HEADER);
	upm_buf_append(&all, old + before, old_len - before);
	int rc = all.failed ? UPM_ENOMEM : upm_medium_write_file(&r->renames, path, all.data, all.len);
	if (r->renames.refused && !refused_before)
		upm_say_renames_refused(r);
	upm_buf_free(&all);
	return rc;
}

void upm_run_index_append(struct upm_run *r)
{
	char path[384], start[40];
	void *old;
	size_t old_len;
	struct upm_buf line;
	int rc = UPM_OK;

	if (!r->run_name[0])
		return;
	upm_snprintf(path, sizeof path, "%s/runs.csv", r->out_parent);
	upm_buf_init(&line);
	if (upm_os_read_file(path, &old, &old_len) == UPM_OK) {
		rc = upgrade_header(r, path, old, old_len);
		upm_os_free(old);
	} else {
		upm_buf_puts(&line, RUNS_HEADER);
	}
	upm_wall_time_iso(&r->ident.start, r->ident.start_ok, start, sizeof start);
	upm_buf_csv_field(&line, start);
	upm_buf_puts(&line, ",");
	upm_buf_csv_field(&line, r->ident.machine.available ? r->ident.machine.serial : "");
	upm_buf_puts(&line, ",");
	upm_buf_csv_field(&line, r->opts.command ? r->opts.command : "");
	upm_buf_puts(&line, ",");
	upm_buf_csv_field(&line, r->ident.verdict ? r->ident.verdict : "");
	upm_buf_printf(&line, ",%d,", r->ident.exit_status);
	upm_buf_csv_field(&line, r->run_name);
	upm_buf_printf(&line, ",%s,%s\n", r->backend ? upm_ident_backend(r) : "",
		       r->backend ? (r->opts.dry_run ? "yes" : "no") : "");
	if (rc == UPM_OK)
		rc = line.failed ? UPM_ENOMEM : upm_os_append_file(path, line.data, line.len);
	if (rc != UPM_OK && !r->media_error) {
		upm_error(r, "cannot add this run to %s (%s)", path, upm_status_name(rc));
		r->media_error = 1;
	}
	upm_buf_free(&line);
}

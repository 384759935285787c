/* `fleet DIR|URL`: many runs' results.json, found under DIR or listed below an
 * S3-compatible store's prefix (rack mode's out), compared across machines by processor
 * SKU and platform (core/fleet/fleet.h; docs/fleet.md). It reads files only: no backend,
 * no register. Its files: fleet.html, fleet.csv, fleet-outliers.csv and fleet-runs.csv in
 * its own run folder. Exit status 1 when a machine is an outlier, a results.json could not
 * be read or nothing could be compared; 4 when DIR or the store cannot be read, holds no
 * results.json, or the environment lists no folders (UEFI). */
#include "core/commands/commands.h"
#include "core/cli/last_screen.h"
#include "core/cli/console_wrap.h"
#include "core/cli/upload.h"
#include "core/fleet/fleet.h"
#include "platform/base/suggest.h"

/* What the console lists of each kind before it counts the rest. */
#define FLEET_SAY_MAX 12

struct names {
	char buf[4096];
	size_t len;
	const char *name[64];
	unsigned n;
};

static int add_folder(void *ctx, const char *name, int is_dir)
{
	struct names *nm = ctx;
	size_t n = upm_strlen(name) + 1;
	if (is_dir && nm->n < UPM_ARRAY_LEN(nm->name) && nm->len + n <= sizeof nm->buf) {
		upm_memcpy(nm->buf + nm->len, name, n);
		nm->name[nm->n++] = nm->buf + nm->len;
		nm->len += n;
	}
	return 0;
}

/* "closest: upmon-results" among the folders beside a DIR that is not there. */
static void closest_folders(const char *dir, char *buf, size_t size)
{
	char parent[256];
	const char *base = dir;
	upm_strlcpy(parent, ".", sizeof parent);
	for (const char *p = dir; *p; p++)
		if (*p == '/' && p[1])
			base = p + 1;
	if (base != dir)
		upm_snprintf(parent, sizeof parent, "%.*s", (int)(base - dir - 1 > 0 ? base - dir - 1 : 1), dir);
	char word[UPM_SUGGEST_WORD];
	upm_snprintf(word, sizeof word, "%s", base);
	size_t n = upm_strlen(word);
	while (n > 1 && word[n - 1] == '/')
		word[--n] = 0;
	struct names *nm = upm_os_alloc(sizeof *nm);
	buf[0] = 0;
	if (!nm)
		return;
	nm->len = 0;
	nm->n = 0;
	if (upm_os_list_dir(parent, add_folder, nm) == UPM_OK) {
		struct upm_suggest s;
		upm_suggest_init(&s, word);
		for (unsigned i = 0; i < nm->n; i++)
			upm_suggest_add(&s, nm->name[i]);
		upm_suggest_text(&s, buf, size);
	}
	upm_os_free(nm);
}

static int refuse_dir(struct upm_run *r, const char *dir, int rc, const char *why)
{
	char near[160];
	if (rc == UPM_EUNSUPPORTED) {
		upm_error(r, "fleet reads a folder tree of many runs and is for the Linux build (build/host/upmon): "
			     "copy the sticks' \\upmon\\results folders to a Linux machine and run upmon fleet there");
		return UPM_EXIT_USAGE;
	}
	if (rc == UPM_ENOTFOUND || rc == UPM_EINVAL) {
		closest_folders(dir, near, sizeof near);
		upm_error(r, "fleet %s: %s (%s%sgive the folder that holds the run folders, such as upmon-results or "
			     "a copy of the sticks' \\upmon\\results)", dir, why, near, near[0] ? "; " : "");
		return UPM_EXIT_USAGE;
	}
	upm_error(r, "fleet %s: %s (%s): check the permissions, or give another folder", dir, why, upm_status_name(rc));
	return UPM_EXIT_USAGE;
}

static void say_runs(struct upm_run *r, const struct upm_fleet *f, enum upm_fleet_state state, const char *what)
{
	unsigned said = 0;
	for (unsigned i = 0; i < f->n_runs; i++) {
		const struct upm_fleet_run *run = &f->runs[i];
		if (run->state != state)
			continue;
		if (said++ < FLEET_SAY_MAX)
			upm_say_wrappedf(r, 5, 0, "fleet: %s: %s: %s", what, run->path, run->why);
	}
	if (said > FLEET_SAY_MAX)
		upm_say(r, "fleet: %s: and %u more (fleet-runs.csv lists every run)", what, said - FLEET_SAY_MAX);
}

static double off_pct(const struct upm_fleet_series *s, double x)
{
	double pct = 0;
	upm_fleet_off_pct(&s->st, x, &pct);
	return pct;
}

/* "kernel read (GB/s)", "memory.read imc socket 0 (bytes)" into buf. */
static void number_name(const struct upm_fleet_series *s, char *buf, size_t size)
{
	const struct upm_fleet_metric *m = s->key;
	char inst[16] = "", sock[16] = "";
	if (m->instance >= 0)
		upm_snprintf(inst, sizeof inst, "%d", m->instance);
	if (m->socket >= 0)
		upm_snprintf(sock, sizeof sock, " socket %d", m->socket);
	upm_snprintf(buf, size, "%s %s%s%s%s%s%s%s", s->first->command, m->name, m->box[0] ? " " : "", m->box, inst, sock,
		     m->unit[0] ? " " : "", m->unit);
}

struct outlier_said {
	struct upm_run *r;
	unsigned said;
};

static void say_outlier(void *ctx, const struct upm_fleet_series *s, unsigned k, const struct upm_fleet_run *run)
{
	struct outlier_said *o = ctx;
	char name[160], value[48], median[48], off[48];
	number_name(s, name, sizeof name);
	upm_fleet_number(value, sizeof value, s->values[k]);
	upm_fleet_number(median, sizeof median, s->st.median);
	upm_format_double(off, sizeof off, off_pct(s, s->values[k]), 1);
	if (o->said++ < FLEET_SAY_MAX)
		upm_say_wrappedf(o->r, 5, 0, "fleet: OUTLIER %s %s: %s, median %s (%s%s%%) of %u %s (%s); run folder %s",
				 run->serial, name, value, median, s->values[k] >= s->st.median ? "+" : "", off, s->st.n,
				 run->sku, run->platform, run->folder);
	upm_last_finding(o->r, UPM_LAST_WARN, "WARN %s %s: %s, median %s (%s%s%%) of %u machines", run->serial, name,
			 value, median, s->values[k] >= s->st.median ? "+" : "", off, s->st.n);
}

static void say_outliers(struct upm_run *r, const struct upm_fleet *f)
{
	struct outlier_said o = { r, 0 };
	upm_fleet_each_outlier(f, say_outlier, &o);
	if (o.said > FLEET_SAY_MAX)
		upm_say(r, "fleet: and %u more outliers (fleet-outliers.csv and fleet.html list every one)",
			o.said - FLEET_SAY_MAX);
}

static void save(struct upm_run *r, const struct upm_fleet *f)
{
	struct upm_buf b;
	upm_buf_init(&b);
	upm_fleet_html(f, r, &b);
	upm_save(r, "fleet.html", &b);
	b.len = 0;
	b.failed = 0;
	upm_fleet_csv(f, r->run_name, &b);
	upm_save(r, "fleet.csv", &b);
	b.len = 0;
	b.failed = 0;
	upm_fleet_outliers_csv(f, r->run_name, &b);
	upm_save(r, "fleet-outliers.csv", &b);
	b.len = 0;
	b.failed = 0;
	upm_fleet_runs_csv(f, r->run_name, &b);
	upm_save(r, "fleet-runs.csv", &b);
	upm_buf_free(&b);
}

static int stop_at_first(void *ctx, const char *name, int is_dir)
{
	(void)ctx, (void)name, (void)is_dir;
	return 1;
}

int upm_cmd_fleet(struct upm_run *r)
{
	/* Where no folder can be listed (UEFI), the command is refused first, whatever follows it. */
	if (upm_os_list_dir(".", stop_at_first, NULL) == UPM_EUNSUPPORTED)
		return refuse_dir(r, ".", UPM_EUNSUPPORTED, "");
	if (r->opts.cmd_argc == 0) {
		upm_error(r, "fleet needs DIR, the folder that holds the run folders (each with its results.json), or "
			     "URL, rack mode's store: upmon fleet upmon-results, upmon fleet "
			     "http://HOST:PORT/BUCKET/PREFIX (see 'upmon help fleet')");
		return UPM_EXIT_USAGE;
	}
	if (r->opts.cmd_argc > 1 || r->opts.cmd_argv[0][0] == '-') {
		const char *word = r->opts.cmd_argc > 1 ? r->opts.cmd_argv[1] : r->opts.cmd_argv[0];
		char *shown = upm_url_hide_queries(word);
		upm_error(r, "fleet takes one DIR or URL and no option of its own, not '%s': upmon fleet DIR|URL (see "
			     "'upmon help fleet')", shown ? shown : "?");
		upm_os_free(shown);
		return UPM_EXIT_USAGE;
	}
	const char *given = r->opts.cmd_argv[0];
	struct upm_fleet_source src;
	char why[1024];
	int store = upm_upload_is_url(given);
	/* What the files and the console say was read: DIR, or the URL with its query hidden. */
	char *dir = upm_url_hide_queries(given);
	if (!dir) {
		upm_error(r, "fleet: out of memory");
		return UPM_EXIT_USAGE;
	}
	int rc = store ? upm_fleet_source_store(given, &src, why, sizeof why)
		       : upm_fleet_source_dir(given, &src, why, sizeof why);
	if (rc != UPM_OK) {
		if (store)
			upm_error(r, "fleet %s: %s", dir, why);
		int status = store ? UPM_EXIT_USAGE : refuse_dir(r, given, rc, why);
		upm_os_free(dir);
		return status;
	}
	if (src.found == 0) {
		src.close(&src);
		if (store)
			upm_error(r, "fleet %s: no results.json under the prefix%s%s (give the prefix rack mode's out "
				     "named, http://HOST:PORT/BUCKET/PREFIX, whose run folders each hold a results.json)",
				  dir, src.left_out[0] ? "; " : "", src.left_out);
		else
			upm_error(r, "fleet %s: no results.json found under it%s%s (give the folder that holds the run "
				     "folders, <time>-<serial>-<command>, each with its results.json; %u folders deep at "
				     "most)",
				  dir, src.left_out[0] ? "; " : "", src.left_out, UPM_FLEET_MAX_DEPTH);
		upm_os_free(dir);
		return UPM_EXIT_USAGE;
	}
	struct upm_fleet *f = upm_os_alloc(sizeof *f);
	if (!f) {
		src.close(&src);
		upm_os_free(dir);
		upm_error(r, "fleet: out of memory");
		return UPM_EXIT_USAGE;
	}
	upm_fleet_init(f, dir);
	upm_os_free(dir);
	dir = f->dir;
	rc = upm_fleet_read(f, &src, why, sizeof why);
	src.close(&src);
	if (rc < 0 || upm_fleet_compare(f) < 0) {
		upm_error(r, "fleet %s: %s: read fewer runs (%s)", dir, rc < 0 ? why : "out of memory comparing the runs",
			  store ? "a longer prefix" : "a folder further down DIR");
		upm_fleet_free(f);
		upm_os_free(f);
		return UPM_EXIT_USAGE;
	}
	const unsigned *n = f->n_state;
	upm_say_wrappedf(r, 5, 0,
			 "fleet: %u results.json under %s: %u compared (%u group%s of SKU and platform), %u mock, %u "
			 "replay and %u dry run left out, %u superseded, %u with no numbers, %u unreadable",
			 f->found, dir, n[UPM_FLEET_COMPARED], f->n_groups, f->n_groups == 1 ? "" : "s", n[UPM_FLEET_MOCK],
			 n[UPM_FLEET_REPLAY], n[UPM_FLEET_DRY_RUN], n[UPM_FLEET_SUPERSEDED], n[UPM_FLEET_NO_NUMBERS],
			 n[UPM_FLEET_UNREADABLE]);
	if (f->left_out[0])
		upm_warn(r, "fleet %s: not looked at: %s", dir, f->left_out);
	if (f->series_cut)
		upm_warn(r, "fleet: only the first %u numbers are compared", UPM_FLEET_MAX_SERIES);
	say_runs(r, f, UPM_FLEET_MOCK, "left out (mock)");
	say_runs(r, f, UPM_FLEET_REPLAY, "left out (replay)");
	say_runs(r, f, UPM_FLEET_DRY_RUN, "left out (dry run)");
	say_runs(r, f, UPM_FLEET_SUPERSEDED, "superseded");
	say_runs(r, f, UPM_FLEET_NO_NUMBERS, "no numbers");
	say_runs(r, f, UPM_FLEET_UNREADABLE, "unreadable");
	say_outliers(r, f);
	for (unsigned i = 0, k = 0; i < f->n_runs; i++)
		if (f->runs[i].state == UPM_FLEET_UNREADABLE && k++ < UPM_LAST_KEEP)
			upm_last_finding(r, UPM_LAST_WARN, "WARN unreadable %s: %s", f->runs[i].path, f->runs[i].why);
	int status = UPM_EXIT_OK;
	if (!f->n_machines) {
		upm_warn(r, "fleet %s: nothing to compare: none of the %u results.json is a hardware run with numbers "
			    "(see fleet-runs.csv)", dir, f->found);
		status = UPM_EXIT_WARN;
	}
	if (f->n_outliers || n[UPM_FLEET_UNREADABLE])
		status = UPM_EXIT_WARN;
	upm_last_result(r, f->n_outliers ? "WARN" : NULL,
			"%u outlier%s among %u machine%s in %u group%s, %u series; %u run%s not compared", f->n_outliers,
			f->n_outliers == 1 ? "" : "s", f->n_machines, f->n_machines == 1 ? "" : "s", f->n_groups,
			f->n_groups == 1 ? "" : "s", f->n_series, f->n_runs - n[UPM_FLEET_COMPARED],
			f->n_runs - n[UPM_FLEET_COMPARED] == 1 ? "" : "s");
	upm_last_files(r, "fleet.html, fleet-outliers.csv and fleet-runs.csv");
	save(r, f);
	upm_fleet_free(f);
	upm_os_free(f);
	return status;
}

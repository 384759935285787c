/* A "run in progress" marker found at start (core/cli/progress.h): the run it names was cut
 * short. It gets what any run that ends gets, as far as it is known: its folder (made now
 * when it had none yet) with interrupted.txt saying its last step, and its runs.csv row
 * with the verdict INTERRUPTED; the marker goes, so it is reported once.
 * (docs/safety.md, A run cut short by a reset) */
#include "core/cli/progress.h"
#include "platform/base/os.h"
#include "platform/base/exit.h"
#include "core/cli/medium.h"
#include "core/cli/console_wrap.h"

static void copy_value(char *dst, size_t size, const char *v, size_t n)
{
	if (n >= size)
		n = size - 1;
	upm_memcpy(dst, v, n);
	dst[n] = 0;
}

void upm_progress_parse(const char *text, size_t len, struct upm_progress_marker *out)
{
	static const struct {
		const char *key;
		size_t off, size;
	} keys[] = {
#define KEY(k) { #k, offsetof(struct upm_progress_marker, k), sizeof ((struct upm_progress_marker *)0)->k }
		KEY(start), KEY(command_line), KEY(args), KEY(command), KEY(serial), KEY(backend),
		KEY(dry_run), KEY(folder), KEY(step), KEY(detail),
#undef KEY
	};
	upm_memset(out, 0, sizeof *out);
	for (size_t i = 0; i < len;) {
		size_t end = i;
		while (end < len && text[end] != '\n')
			end++;
		for (unsigned k = 0; k < UPM_ARRAY_LEN(keys); k++) {
			size_t kl = upm_strlen(keys[k].key);
			if (end - i > kl + 1 && upm_strncmp(text + i, keys[k].key, kl) == 0 && text[i + kl] == ':' &&
			    text[i + kl + 1] == ' ') {
				size_t from = i + kl + 2, n = end - from;
				if (n && text[from + n - 1] == '\r')
					n--;
				copy_value((char *)out + keys[k].off, keys[k].size, text + from, n);
			}
		}
		i = end + 1;
	}
}

static unsigned digits(const char *s, unsigned n, int *ok)
{
	unsigned v = 0;
	for (unsigned i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			*ok = 0;
		else
			v = v * 10 + (unsigned)(s[i] - '0');
	}
	return v;
}

/* "2026-11-23T04:52:45Z", "...+01:00" or without a zone (upm_wall_time_iso): 1 when read. */
static int parse_iso(const char *s, struct upm_wall_time *t)
{
	int ok = upm_strlen(s) >= 19 && s[4] == '-' && s[7] == '-' && s[10] == 'T' && s[13] == ':' && s[16] == ':';
	upm_memset(t, 0, sizeof *t);
	if (!ok)
		return 0;
	t->year = digits(s, 4, &ok);
	t->month = digits(s + 5, 2, &ok);
	t->day = digits(s + 8, 2, &ok);
	t->hour = digits(s + 11, 2, &ok);
	t->minute = digits(s + 14, 2, &ok);
	t->second = digits(s + 17, 2, &ok);
	const char *z = s + 19;
	if (*z == 'Z') {
		t->tz_known = 1;
	} else if ((*z == '+' || *z == '-') && upm_strlen(z) >= 6 && z[3] == ':') {
		int m = (int)(digits(z + 1, 2, &ok) * 60 + digits(z + 4, 2, &ok));
		t->tz_known = 1;
		t->tz_minutes = *z == '-' ? -m : m;
	}
	return ok;
}

/* Only the backend's name is known of the interrupted run: runs.csv's backend columns
 * are filled from its options when the run has a backend at all (run_folder.c). */
static struct upm_backend interrupted_backend;

static void describe(struct upm_buf *b, const struct upm_progress_marker *m)
{
	upm_buf_printf(b, "%s: this run did not finish. The machine reset, hung or lost power while upmon was at the "
			  "step below, and nothing was saved after it.\n",
		       UPM_PROGRESS_VERDICT);
	upm_buf_printf(b, "start: %s\n", m->start[0] ? m->start : "unknown");
	upm_buf_printf(b, "command_line: %s\n", m->command_line);
	if (m->args[0])
		upm_buf_printf(b, "args: %s (the configuration's)\n", m->args);
	upm_buf_printf(b, "last step: %s%s%s\n", m->step[0] ? m->step : "unknown", m->detail[0] ? "; " : "",
		       m->detail);
}

int upm_progress_recover(struct upm_run *r, int rerun)
{
	char path[400], found_at[40];
	void *data;
	size_t len;
	struct upm_progress_marker m;
	struct upm_wall_time now;

	if (!r->out_parent)
		return 0;
	upm_snprintf(path, sizeof path, "%s/%s", r->out_parent, UPM_PROGRESS_FILE);
	if (upm_os_read_file(path, &data, &len) != UPM_OK)
		return 0;
	upm_progress_parse(data, len, &m);
	upm_os_free(data);

	struct upm_run *old = upm_os_alloc(sizeof *old);
	if (!old) {
		upm_error(r, "out of memory reporting the interrupted run in %s", path);
		return 1;
	}
	upm_memset(old, 0, sizeof *old);
	upm_buf_init(&old->log);
	old->out_parent = r->out_parent;
	old->opts.command = m.command[0] ? m.command : NULL;
	old->ident.start_ok = parse_iso(m.start, &old->ident.start);
	old->ident.machine = r->ident.machine; /* names the folder when it has none yet */
	old->ident.machine.available = m.serial[0] != 0;
	upm_strlcpy(old->ident.machine.serial, m.serial, sizeof old->ident.machine.serial);
	old->opts.backend = upm_strcmp(m.backend, "mock") == 0     ? UPM_BACKEND_MOCK
			    : upm_strcmp(m.backend, "replay") == 0 ? UPM_BACKEND_REPLAY
			    : upm_strcmp(m.backend, "linux") == 0  ? UPM_BACKEND_LINUX
			    : upm_strcmp(m.backend, "perf") == 0   ? UPM_BACKEND_PERF
								   : UPM_BACKEND_HW;
	old->opts.dry_run = upm_strcmp(m.dry_run, "yes") == 0;
	old->backend = m.backend[0] ? &interrupted_backend : NULL;

	upm_say(r, "upmon: the last run did not finish: the machine reset, hung or lost power during it");
	upm_say_wrappedf(r, 7, 0, "upmon: it was %s%s%s%s, started %s",
			 m.command_line[0] ? m.command_line : "(its command line is unknown)",
			 m.args[0] ? " (the configuration's args: " : "", m.args, m.args[0] ? ")" : "",
			 m.start[0] ? m.start : "unknown");
	upm_say_wrappedf(r, 7, 0, "upmon: its last step: %s%s%s", m.step[0] ? m.step : "unknown",
			 m.detail[0] ? "; " : "", m.detail);

	/* Its folder when it had one, else one made now as it would have been. */
	if (m.folder[0] && m.folder[0] != '.' && !upm_strchr(m.folder, '/') && !upm_strchr(m.folder, '\\')) {
		upm_strlcpy(old->run_name, m.folder, sizeof old->run_name);
		upm_snprintf(old->run_dir, sizeof old->run_dir, "%s/%s", r->out_parent, m.folder);
		old->out_dir = old->run_dir;
		if (!upm_os_exists(old->run_dir))
			(void)upm_os_mkdir_p(old->run_dir);
	} else {
		upm_run_folder_open(old);
	}
	struct upm_buf text;
	upm_buf_init(&text);
	describe(&text, &m);
	upm_wall_time_iso(&now, upm_os_wall_time(&now) == UPM_OK, found_at, sizeof found_at);
	upm_buf_printf(&text, "reported: %s, by the next upmon start, which %s%s\n", found_at,
		       rerun ? "went on to run " : "did not run the job again",
		       rerun ? (r->opts.command ? r->opts.command : "its own command") : "");
	int saved = !old->media_error && upm_save(old, UPM_PROGRESS_RESULT_FILE, &text) == UPM_OK;
	upm_buf_free(&text);
	old->ident.verdict = UPM_PROGRESS_VERDICT;
	old->ident.exit_status = UPM_EXIT_INCOMPLETE; /* it never returned one */
	upm_run_index_append(old);
	/* A medium that refused the folder or a file was said on the console as it happened. */
	if (saved && !old->media_error)
		upm_say_wrappedf(r, 7, 0, "upmon: recorded as %s in %s/%s and %s/runs.csv", UPM_PROGRESS_VERDICT,
				 old->run_dir, UPM_PROGRESS_RESULT_FILE, r->out_parent);
	int rc = upm_os_remove(path);
	if (rc != UPM_OK)
		upm_error(r, "cannot remove %s (%s): the next start reports the same run again: %s",
			  path, upm_status_name(rc), upm_medium_fix(rc));
	upm_buf_free(&old->log);
	upm_os_free(old);
	return 1;
}

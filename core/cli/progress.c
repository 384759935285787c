/* Writes the "run in progress" marker and keeps its step current (core/cli/progress.h).
 * One run per process: the marker's state is kept here, not in every caller. */
#include "core/cli/progress.h"
#include "platform/base/os.h"
#include "core/cli/config.h"

#define MARKER_MAX 1536

static struct {
	int active;
	char path[400];
	char head[900];    /* what does not change during the run */
	char folder[128];
	char step[160];
	char detail[160];
	int detail_off;
	size_t made_from; /* out_parent was made for the marker below this length (0: it existed) */
	char written[MARKER_MAX]; /* the last content written: an unchanged step costs nothing */
} mk;

/* One line of the marker: no line break may end a field early. */
static void field(struct upm_buf *b, const char *key, const char *value)
{
	upm_buf_printf(b, "%s: ", key);
	for (const char *p = value; *p; p++)
		upm_buf_append(b, *p == '\n' || *p == '\r' ? " " : p, 1);
	upm_buf_puts(b, "\n");
}

static void rewrite(void)
{
	struct upm_buf b;
	if (!mk.active)
		return;
	upm_buf_init(&b);
	upm_buf_puts(&b, mk.head);
	field(&b, "folder", mk.folder);
	field(&b, "step", mk.step);
	field(&b, "detail", mk.detail);
	if (!b.failed && b.len < sizeof mk.written && upm_strcmp(b.data, mk.written) != 0) {
		/* Written in place, not renamed: a marker cut while written is still a marker. */
		if (upm_os_write_file(mk.path, b.data, b.len) == UPM_OK)
			upm_memcpy(mk.written, b.data, b.len + 1);
	}
	upm_buf_free(&b);
}

void upm_progress_begin(struct upm_run *r)
{
	struct upm_buf b;
	char start[40];

	upm_memset(&mk, 0, sizeof mk);
	if (!r->out_parent || upm_snprintf(mk.path, sizeof mk.path, "%s/%s", r->out_parent, UPM_PROGRESS_FILE) >=
					     (int)sizeof mk.path)
		return;
	if (!upm_os_exists(r->out_parent)) {
		/* A run that leaves no folder (a usage error) leaves no --out folder either: the
		 * ones made here go again at the end (upm_progress_end). */
		char at[400];
		size_t n = upm_strlcpy(at, r->out_parent, sizeof at);
		while (n > 0 && upm_os_exists(at) == 0) {
			while (n > 0 && at[n - 1] != '/')
				n--;
			while (n > 0 && at[n - 1] == '/')
				n--;
			at[n] = 0;
		}
		mk.made_from = n ? n : (size_t)-1;
		if (upm_os_mkdir_p(r->out_parent) != UPM_OK)
			return; /* the run's folder meets the same medium and says why */
	}
	upm_buf_init(&b);
	upm_buf_puts(&b, "upmon: a run in progress. When no upmon is running, it was cut short (a reset, a hang "
			 "or a power cut): the next upmon start reports it and removes this file.\n");
	upm_wall_time_iso(&r->ident.start, r->ident.start_ok, start, sizeof start);
	field(&b, "start", start);
	struct upm_buf line;
	upm_buf_init(&line);
	upm_ident_command_line(r, &line);
	field(&b, "command_line", line.data ? line.data : "");
	upm_buf_free(&line);
	upm_buf_init(&line);
	for (int i = 1; r->config && r->config->has_args && i < r->config->argc; i++)
		upm_buf_printf(&line, "%s%s", i > 1 ? " " : "", r->config->argv[i]);
	field(&b, "args", line.data ? line.data : ""); /* the configuration's, which the run used too */
	upm_buf_free(&line);
	field(&b, "command", r->opts.command ? r->opts.command : "");
	field(&b, "serial", r->ident.machine.available ? r->ident.machine.serial : "");
	field(&b, "backend", upm_ident_backend(r));
	field(&b, "dry_run", r->opts.dry_run ? "yes" : "no");
	if (!b.failed && b.len < sizeof mk.head) {
		upm_memcpy(mk.head, b.data, b.len + 1);
		upm_strlcpy(mk.folder, r->run_name, sizeof mk.folder);
		upm_strlcpy(mk.step, "identification", sizeof mk.step);
		mk.active = 1;
		rewrite();
	}
	upm_buf_free(&b);
}

void upm_progress_step(const char *fmt, ...)
{
	va_list ap;
	if (!mk.active)
		return;
	va_start(ap, fmt);
	upm_vsnprintf(mk.step, sizeof mk.step, fmt, ap);
	va_end(ap);
	upm_strlcpy(mk.detail, mk.detail_off ? "not kept after a burn-in's first pass, which has the same steps" : "",
		    sizeof mk.detail);
	rewrite();
}

void upm_progress_keep_detail(int on)
{
	mk.detail_off = !on;
}

void upm_progress_detail(const char *fmt, ...)
{
	va_list ap;
	if (!mk.active || mk.detail_off)
		return;
	va_start(ap, fmt);
	upm_vsnprintf(mk.detail, sizeof mk.detail, fmt, ap);
	va_end(ap);
	rewrite();
}

void upm_progress_folder(const struct upm_run *r)
{
	if (!mk.active)
		return;
	upm_strlcpy(mk.folder, r->run_name, sizeof mk.folder);
	rewrite();
}

void upm_progress_end(void)
{
	if (mk.active && mk.written[0])
		(void)upm_os_remove(mk.path); /* a medium that refuses it refused the run's files too */
	if (mk.active && mk.made_from) {
		/* The folders made for the marker, deepest first; one that holds anything stays. */
		size_t stop = mk.made_from == (size_t)-1 ? 0 : mk.made_from;
		size_t n = upm_strlen(mk.path);
		while (n > 0 && mk.path[n - 1] != '/')
			n--;
		while (n > stop) {
			while (n > 0 && mk.path[n - 1] == '/')
				n--;
			mk.path[n] = 0;
			if (n <= stop || upm_os_remove(mk.path) != UPM_OK || upm_os_exists(mk.path))
				break;
			while (n > 0 && mk.path[n - 1] != '/')
				n--;
		}
	}
	mk.active = 0;
}

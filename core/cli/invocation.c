/* The invocation's console and files (invocation.h): every line said (to the console, the
 * log, and the last screen's findings when it is an error or a warning), and every file
 * saved into the run's folder, which the first of either opens. */
#include "core/cli/invocation.h"
#include "core/cli/upload.h"
#include "core/cli/medium.h"
#include <stdarg.h>
#include "platform/base/os.h"

#define UPM_ERROR_PREFIX "upmon: error: "

void upm_last_finding(struct upm_run *r, enum upm_last_level level, const char *fmt, ...)
{
	struct upm_last_screen *ls = &r->last;
	if (level < UPM_LAST_WARN || level >= UPM_LAST_LEVELS)
		level = UPM_LAST_FAIL;
	ls->n[level]++;
	if (ls->n_kept[level] >= UPM_LAST_KEEP) /* counted: the block says how many it left out */
		return;
	char text[UPM_CONSOLE_COLUMNS * UPM_LAST_CUT_WHOLE + 1]; /* never said longer */
	va_list ap;
	va_start(ap, fmt);
	upm_vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	char lead = (char)level;
	upm_buf_append(&ls->kept, &lead, 1);
	upm_buf_append(&ls->kept, text, upm_strlen(text) + 1);
	if (!ls->kept.failed)
		ls->n_kept[level]++;
}

static void emit(struct upm_run *r, const char *prefix, const char *fmt, va_list ap)
{
	int is_error = upm_strcmp(prefix, UPM_ERROR_PREFIX) == 0;
	struct upm_buf line;
	upm_buf_init(&line);
	upm_buf_puts(&line, prefix);
	upm_buf_vprintf(&line, fmt, ap);
	/* An error or a warning said while a command runs is on its last screen too. */
	if (prefix[0] && r->last.capture && line.data)
		upm_last_finding(r, is_error ? UPM_LAST_FAIL : UPM_LAST_WARN, "%s", line.data + sizeof "upmon: " - 1);
	upm_buf_puts(&line, "\n");
	/* The command began to say what it does: its folder now, before its work (whose
	 * files name it), so that a medium that refuses it is said up front. */
	if (r->folder_pending && !is_error && !r->console_held)
		r->folder_pending(r);
	if (line.data) {
		if (r->console_held) {
			r->console_pending_len += line.len;
		} else {
			/* The identity is shown before the first line that is no error. */
			if (r->console_pending_len && !is_error)
				upm_os_write(r->log.data + r->console_pending, r->console_pending_len);
			r->console_pending_len = 0;
			if (prefix[0])
				upm_os_write_error(line.data, line.len);
			else
				upm_os_write(line.data, line.len);
		}
		upm_buf_append(&r->log, line.data, line.len);
	}
	upm_buf_free(&line);
}

void upm_say(struct upm_run *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	emit(r, "", fmt, ap);
	va_end(ap);
}

void upm_error(struct upm_run *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	emit(r, UPM_ERROR_PREFIX, fmt, ap);
	va_end(ap);
}

void upm_warn(struct upm_run *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	emit(r, "upmon: warning: ", fmt, ap);
	va_end(ap);
}

void upm_say_renames_refused(struct upm_run *r)
{
	const struct upm_medium_renames *m = &r->renames;
	const char *after = "this run's files are written in place, directly under their names (a cut while "
			    "one is written can leave it partial)";
	if (m->status != UPM_OK)
		upm_warn(r, "the medium refused to rename %s.tmp to its name (%s): %s", m->file,
			 upm_status_name(m->status), after);
	else
		upm_warn(r, "the medium lost %s.tmp when renaming it: %s", m->file, after);
}

int upm_save_tmp_path(const char *path, char *buf, size_t size)
{
	if (upm_strlen(path) + 5 > size)
		return -1;
	upm_snprintf(buf, size, "%s.tmp", path);
	return 0;
}

/* What is saved: a results file of the run folder (shown on the console when refused and
 * counted in the last line), the folder's upmon.log (the console itself), a --trace. */
enum save_kind { SAVE_RESULTS, SAVE_LOG, SAVE_TRACE };

static int save_file(struct upm_run *r, const char *dir, const char *path,
		     const struct upm_buf *content, enum save_kind kind)
{
	char tmp[UPM_SAVE_TMP_MAX];
	int rc;

	if (content->failed || upm_save_tmp_path(path, tmp, sizeof tmp) < 0) {
		if (content->failed)
			upm_error(r, "out of memory building %s; it is not saved", path);
		else
			upm_error(r, "the path %s is too long; it is not saved", path);
		r->media_error = 1;
		r->files_refused += kind == SAVE_RESULTS;
		return content->failed ? UPM_ENOMEM : UPM_EINVAL;
	}
	rc = dir ? upm_os_mkdir_p(dir) : UPM_OK;
	int refused_before = r->renames.refused;
	if (rc == UPM_OK)
		rc = upm_medium_write_file(&r->renames, path, content->data ? content->data : "", content->len);
	if (r->renames.refused && !refused_before)
		upm_say_renames_refused(r);
	if (r->upload && kind != SAVE_TRACE) { /* the store gets it too (core/cli/upload.h) */
		const char *name = path + upm_strlen(path);
		while (name > path && name[-1] != '/')
			name--;
		upm_upload_keep(r->upload, name, content, rc == UPM_OK);
		if (rc != UPM_OK) {
			if (!r->media_error)
				upm_say(r, "upmon: note: the medium takes no files here (%s writing %s): they go to %s "
					   "only",
					upm_status_name(rc), path, r->upload->shown);
			r->media_error = 1;
			r->files_refused += kind == SAVE_RESULTS;
			return rc;
		}
	}
	if (rc != UPM_OK) {
		/* What was saved before it stays (each file is whole or absent). A trace is said
		 * whatever was said before: it is shown nowhere else. */
		const char *problem = upm_medium_problem(rc, "the medium may be read-only or full");
		if (kind == SAVE_TRACE)
			upm_error(r, "cannot write the trace %s (%s): %s; it is not saved: %s, or give --trace a file "
				     "on another one",
				  path, upm_status_name(rc), problem, upm_medium_fix(rc));
		else if (!r->media_error && kind == SAVE_RESULTS)
			upm_error(r,
				  "cannot write %s (%s): %s; it and the files after it that the medium refuses are "
				  "shown on the console below (up to 64 KiB each; %u saved before it); %s or give "
				  "--out a folder on another one",
				  path, upm_status_name(rc), problem, r->files_saved, upm_medium_fix(rc));
		else if (!r->media_error)
			upm_error(r, "cannot write %s (%s): %s; %s or give --out a folder on another one",
				  path, upm_status_name(rc), problem, upm_medium_fix(rc));
		r->media_error = 1;
		if (kind == SAVE_RESULTS) {
			r->files_refused++;
			upm_show_file_on_console(path, content->data, content->len);
		}
	}
	return rc;
}

int upm_save(struct upm_run *r, const char *name, const struct upm_buf *content)
{
	char path[256];
	if (r->folder_pending)
		r->folder_pending(r);
	upm_snprintf(path, sizeof path, "%s/%s", r->out_dir, name);
	/* upmon.log is the console itself: no need to show it twice. The run folder, once
	 * opened, exists or was refused (said then): never created again here. */
	int rc = save_file(r, r->run_name[0] ? NULL : r->out_dir, path, content,
			   upm_strcmp(name, "upmon.log") != 0 ? SAVE_RESULTS : SAVE_LOG);
	if (rc == UPM_OK)
		r->files_saved++; /* said at the end (upm_say_files) */
	return rc;
}

int upm_save_path(struct upm_run *r, const char *path, const struct upm_buf *content)
{
	return save_file(r, NULL, path, content, SAVE_TRACE); /* too long for a console */
}

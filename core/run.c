#include "core/run.h"
#include "core/os.h"

static void emit(struct upm_run *r, const char *prefix, const char *fmt, va_list ap)
{
	struct upm_buf line;
	upm_buf_init(&line);
	upm_buf_puts(&line, prefix);
	upm_buf_vprintf(&line, fmt, ap);
	upm_buf_puts(&line, "\n");
	if (line.data) {
		upm_os_write(line.data, line.len);
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
	emit(r, "upmon: error: ", fmt, ap);
	va_end(ap);
}

int upm_save(struct upm_run *r, const char *name, const struct upm_buf *content)
{
	char path[256], tmp[264];
	int rc;

	if (content->failed) {
		upm_error(r, "out of memory building %s; it is not saved", name);
		r->media_error = 1;
		return UPM_ENOMEM;
	}
	upm_snprintf(path, sizeof path, "%s/%s", r->out_dir, name);
	upm_snprintf(tmp, sizeof tmp, "%s.tmp", path);
	rc = upm_os_mkdir_p(r->out_dir);
	if (rc == UPM_OK)
		rc = upm_os_write_file(tmp, content->data ? content->data : "", content->len);
	if (rc == UPM_OK)
		rc = upm_os_rename(tmp, path);
	if (rc != UPM_OK) {
		if (!r->media_error)
			upm_error(r,
				  "cannot write %s (%s): the medium may be read-only or full; "
				  "the results above are on the console only",
				  path, upm_status_name(rc));
		r->media_error = 1;
	}
	return rc;
}

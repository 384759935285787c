/* The line that ends every run (invocation.h, upm_say_files): a lab reading the console
 * learns where the files are and how long the run took. */
#include "core/cli/invocation.h"
#include "platform/base/human.h"
#include "core/cli/console_wrap.h"
#include "core/cli/last_screen.h"
#include "core/cli/upload.h"

/* The line of a run whose files go to the object store (core/cli/upload.h) as well. */
static void upload_line(struct upm_run *r, const char *took, char *line, size_t size)
{
	const struct upm_upload *u = r->upload;
	char kept[360] = "";
	unsigned n = u->n_put + u->n_failed + 1; /* upmon.log, put last, counted */
	if (!r->media_error)
		upm_snprintf(kept, sizeof kept, " and saved in %s", r->out_dir);
	if (!u->n_failed)
		upm_snprintf(line, size, "upmon: %u files put to %s/%s/%s, took %s", n, u->shown, r->run_name, kept, took);
	else if (r->media_error)
		upm_snprintf(line, size, "upmon: %u of %u files put to %s/%s/, the others shown above, took %s", u->n_put,
			     n - 1, u->shown, r->run_name, took);
	else
		upm_snprintf(line, size, "upmon: %u of %u files put to %s/%s/; every file is in %s, took %s", u->n_put,
			     n - 1, u->shown, r->run_name, r->out_dir, took);
}

void upm_say_files(struct upm_run *r, int on_console)
{
	char line[1200], took[48];
	if (r->files_said)
		return;
	r->files_said = 1;
	if (r->upload && r->run_name[0]) { /* the files so far; upmon.log follows at the end */
		int gave_up = upm_upload_put_all(r->upload, r->run_name);
		if (r->upload->note[0]) { /* the fallback taken: said once, before what became of it */
			upm_warn(r, "%s", r->upload->note);
			r->upload->note[0] = 0;
		}
		if (gave_up) {
			upm_error(r, "%s", r->upload->failure);
			upm_upload_put_all(r->upload, r->run_name);
		}
	}
	uint64_t now = upm_os_nanoseconds();
	upm_format_duration(took, sizeof took, now > r->ident.start_ns ? now - r->ident.start_ns : 0);
	if (r->upload && r->run_name[0])
		upload_line(r, took, line, sizeof line);
	else if (!r->run_name[0] || !r->out_dir)
		upm_snprintf(line, sizeof line, "upmon: no run folder (nothing saved), took %s", took);
	else if (r->media_error && r->files_saved) /* upmon.log comes after: not counted */
		upm_snprintf(line, sizeof line,
			     "upmon: %u file%s in %s, %u not saved (the medium refused %s: shown above), took %s",
			     r->files_saved, r->files_saved == 1 ? "" : "s", r->out_dir, r->files_refused,
			     r->files_refused == 1 ? "it" : "them", took);
	else if (r->media_error)
		upm_snprintf(line, sizeof line, "upmon: files not saved in %s (the medium refused them: shown above), took %s",
			     r->out_dir, took);
	else /* upmon.log, saved last, counted */
		upm_snprintf(line, sizeof line, "upmon: %u file%s in %s, took %s", r->files_saved + 1,
			     r->files_saved ? "s" : "", r->out_dir, took);
	if (on_console) { /* the last screen's block, then the line: a long folder wraps */
		upm_last_screen_say(r);
		upm_say_wrapped(r, 7, 0, line);
	} else {
		upm_last_screen_free(r);
		upm_buf_printf(&r->log, "%s\n", line);
	}
}

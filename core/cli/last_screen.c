/* The console's last screen (last_screen.h): kept while the command runs, said once
 * before the files line within UPM_LAST_SCREEN_LINES lines. */
#include "core/cli/last_screen.h"
#include "core/cli/console_wrap.h"
#include <stdarg.h>

#define CUT_SHORT 2   /* when they do not: more of them on the screen */
#define INDENT 5      /* a finding's continuation lines, under its text as the verdicts' */
#define CAVEAT_LINES 2 /* what makes it no measurement: its gist (the identity has it whole) */
#define HEAD "result: "

static const char *const level_name[UPM_LAST_LEVELS] = { "", "WARN", "INCOMPLETE", "FAIL" };

void upm_last_result(struct upm_run *r, const char *verdict, const char *fmt, ...)
{
	struct upm_last_screen *ls = &r->last;
	char details[sizeof ls->result];
	va_list ap;
	va_start(ap, fmt);
	upm_vsnprintf(details, sizeof details, fmt, ap);
	va_end(ap);
	const char *command = r->opts.command ? r->opts.command : "upmon";
	if (verdict)
		upm_snprintf(ls->result, sizeof ls->result, "%s %s%s%s", command, verdict, details[0] ? ": " : "",
			     details);
	else
		upm_snprintf(ls->result, sizeof ls->result, "%s: %s", command, details);
}

void upm_last_files(struct upm_run *r, const char *files)
{
	r->last.files = files;
}

void upm_last_screen_free(struct upm_run *r)
{
	struct upm_last_screen *ls = &r->last;
	upm_buf_free(&ls->kept);
	upm_memset(ls->n, 0, sizeof ls->n);
	upm_memset(ls->n_kept, 0, sizeof ls->n_kept);
	ls->result[0] = 0;
}

/* The kept findings, worst level first and in the order given within a level: calls
 * fn with each, stopping when it returns 0. */
static void each_kept(const struct upm_last_screen *ls, int (*fn)(void *ctx, int level, const char *text), void *ctx)
{
	for (int level = UPM_LAST_LEVELS - 1; level >= UPM_LAST_WARN; level--) {
		size_t at = 0;
		while (ls->kept.data && at < ls->kept.len) {
			int l = ls->kept.data[at];
			const char *text = ls->kept.data + at + 1;
			at += 2 + upm_strlen(text);
			if (l == level && !fn(ctx, level, text))
				return;
		}
	}
}

struct plan {
	unsigned cut, budget, used, more_lines;
	unsigned shown[UPM_LAST_LEVELS];
	struct upm_run *say; /* NULL: only plan */
};

/* Takes a finding while it fits, leaving room for the line that counts the others. */
static int take(void *ctx, int level, const char *text)
{
	struct plan *p = ctx;
	unsigned lines = upm_wrapped_lines(INDENT, p->cut, text);
	if (p->used + lines + p->more_lines > p->budget)
		return 0;
	p->used += lines;
	p->shown[level]++;
	if (p->say)
		upm_say_wrapped(p->say, INDENT, p->cut, text);
	return 1;
}

/* "... and 3 more (2 FAIL, 1 WARN): every one is in verdicts.csv and report.html in
 * FOLDER" for the findings not shown. */
static void more_text(const struct upm_run *r, const unsigned *shown, struct upm_buf *out)
{
	const struct upm_last_screen *ls = &r->last;
	unsigned left = 0;
	for (int l = UPM_LAST_WARN; l < UPM_LAST_LEVELS; l++)
		left += ls->n[l] - shown[l];
	upm_buf_printf(out, HEAD "... and %u more (", left);
	const char *sep = "";
	for (int l = UPM_LAST_LEVELS - 1; l >= UPM_LAST_WARN; l--)
		if (ls->n[l] > shown[l]) {
			upm_buf_printf(out, "%s%u %s", sep, ls->n[l] - shown[l], level_name[l]);
			sep = ", ";
		}
	upm_buf_printf(out, "): every one is in %s", ls->files ? ls->files : "upmon.log");
	if (r->media_error || !r->out_dir || !r->run_name[0])
		upm_buf_puts(out, " (not saved: the tables above hold them)");
	else
		upm_buf_printf(out, " in %s", r->out_dir);
}

static unsigned total(const unsigned *n)
{
	unsigned t = 0;
	for (int l = UPM_LAST_WARN; l < UPM_LAST_LEVELS; l++)
		t += n[l];
	return t;
}

void upm_last_screen_say(struct upm_run *r)
{
	struct upm_last_screen *ls = &r->last;
	unsigned all = total(ls->n);
	if (!ls->result[0] && !all) {
		upm_last_screen_free(r);
		return;
	}
	ls->capture = 0; /* its own lines are no findings */
	struct upm_buf head, more;
	upm_buf_init(&head);
	upm_buf_init(&more);
	if (ls->result[0])
		upm_buf_printf(&head, HEAD "%s", ls->result);
	else /* a command that gave no result: what it said went wrong */
		upm_buf_printf(&head, HEAD "%s: %u error%s and %u warning%s", r->opts.command ? r->opts.command : "upmon",
			       ls->n[UPM_LAST_FAIL] + ls->n[UPM_LAST_INCOMPLETE],
			       ls->n[UPM_LAST_FAIL] + ls->n[UPM_LAST_INCOMPLETE] == 1 ? "" : "s", ls->n[UPM_LAST_WARN],
			       ls->n[UPM_LAST_WARN] == 1 ? "" : "s");
	char caveat[512], loud[sizeof caveat + sizeof HEAD];
	loud[0] = 0;
	if (upm_ident_caveat(r, caveat, sizeof caveat))
		upm_snprintf(loud, sizeof loud, HEAD "%s", caveat);
	unsigned indent = sizeof HEAD - 1;
	const char *h = head.data ? head.data : HEAD;
	unsigned lines = upm_wrapped_lines(indent, 0, h) + (loud[0] ? upm_wrapped_lines(indent, CAVEAT_LINES, loud) : 0);
	struct plan p;
	upm_memset(&p, 0, sizeof p);
	p.budget = lines < UPM_LAST_SCREEN_LINES ? UPM_LAST_SCREEN_LINES - lines : 0;
	/* Every finding whole where they all fit, else as many as fit, two lines each. */
	p.cut = UPM_LAST_CUT_WHOLE;
	each_kept(ls, take, &p);
	if (total(p.shown) < all) {
		unsigned none[UPM_LAST_LEVELS] = { 0 };
		more_text(r, none, &more); /* its longest: every finding left out */
		upm_memset(&p, 0, sizeof p);
		p.budget = lines < UPM_LAST_SCREEN_LINES ? UPM_LAST_SCREEN_LINES - lines : 0;
		p.cut = CUT_SHORT;
		p.more_lines = upm_wrapped_lines(indent, 0, more.data ? more.data : "");
	}
	unsigned cut = p.cut, budget = p.budget, more_lines = p.more_lines;
	upm_say_wrapped(r, indent, 0, h);
	if (loud[0])
		upm_say_wrapped(r, indent, CAVEAT_LINES, loud);
	upm_memset(&p, 0, sizeof p);
	p.cut = cut, p.budget = budget, p.more_lines = more_lines, p.say = r;
	each_kept(ls, take, &p);
	if (total(p.shown) < all) {
		upm_buf_free(&more);
		upm_buf_init(&more);
		more_text(r, p.shown, &more);
		upm_say_wrapped(r, indent, 0, more.data ? more.data : "");
	}
	upm_buf_free(&head);
	upm_buf_free(&more);
	upm_last_screen_free(r);
}

const char *upm_ident_caveat(const struct upm_run *r, char *buf, size_t size)
{
	struct upm_buf b;
	upm_buf_init(&b);
	if (r->opts.dry_run)
		upm_buf_puts(&b, "DRY RUN: no register was written, counts are not measurements");
	/* What it is first, what it came from after: a cut line keeps the first. */
	if (r->opts.backend == UPM_BACKEND_MOCK) {
		upm_buf_printf(&b, "%sMOCK BACKEND: simulated registers, not measurements of this machine",
			       b.len ? "; " : "");
		if (upm_ident_mock_faults(r))
			upm_buf_printf(&b, "; FAULTS INJECTED: %s", upm_ident_mock_faults(r));
	}
	if (r->opts.backend == UPM_BACKEND_REPLAY) {
		char rec[224];
		upm_buf_printf(&b, "%sREPLAY: a recording's answers, not measurements of this machine", b.len ? "; " : "");
		if (upm_ident_replay_divergence(r))
			upm_buf_puts(&b, "; it DIVERGED from the recording: what followed read nothing of it");
		upm_buf_printf(&b, " (%s%s)", r->opts.replay_path ? r->opts.replay_path : "a trace",
			       upm_ident_replay_recording(r, rec, sizeof rec));
	}
	const char *out = NULL;
	if (b.len && size) {
		upm_strlcpy(buf, b.data, size);
		out = buf;
	}
	upm_buf_free(&b);
	return out;
}

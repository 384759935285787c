/* The page head and identity every report.html shares (html_page.h). */
#include "core/results/html_page.h"
#include "core/results/markup.h"
#include "core/cli/last_screen.h"

static void text(struct upm_buf *out, const char *s)
{
	upm_buf_xml_text(out, s);
}

void upm_html_head(struct upm_buf *out, const char *command)
{
	upm_buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>upmon ");
	text(out, command);
	upm_buf_puts(out,
		     "</title>\n<style>\n"
		     "body{font-family:sans-serif;margin:1.5em;color:#212121}\n"
		     "h1 .v{padding:0 .4em;color:#fff;border-radius:4px}\n"
		     "table{border-collapse:collapse;margin:.5em 0}\n"
		     "td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;font-size:90%}\n"
		     ".grid a{display:inline-block;min-width:4em;margin:2px;padding:4px;color:#fff;"
		     "text-align:center;text-decoration:none;border-radius:3px;font-size:90%}\n"
		     ".pass{background:#2e7d32;color:#fff}.warn{background:#f9a825}.fail{background:#c62828;color:#fff}"
		     ".inc{background:#6a1b9a;color:#fff}.na{background:#9e9e9e;color:#fff}\n"
		     ".grid .warn{color:#212121}td.pass,td.fail,td.inc,td.na{text-align:center}\n"
		     ".row{margin:2px 0}.row b{display:inline-block;width:6em}\n"
		     "svg text{font-size:11px;font-family:sans-serif}\n"
		     "svg.trend{vertical-align:middle}.tl{display:inline-block;width:9em}\n"
		     "td.n{text-align:right;font-family:monospace}li.warn,li.fail{padding:2px}\n"
		     /* What makes it no measurement: as large as the verdict, black on yellow. */
		     ".caveat{font-size:2em;font-weight:bold;margin:.2em 0 .5em;padding:.2em .4em;"
		     "background:#ffeb3b;color:#000;border:4px solid #000}\n"
		     "#findings{margin:.5em 0 1em}#findings .verdict{font-size:1.2em;font-weight:bold;margin:.3em 0}\n"
		     "ul.findings{list-style:none;padding:0;margin:.3em 0}ul.findings li{background:none;color:#212121;"
		     "margin:3px 0}ul.findings li span{font-weight:bold}ul.findings li span.ev{font-weight:normal;color:#555}\n"
		     "</style>\n</head>\n<body>\n");
}

void upm_html_title(struct upm_buf *out, const struct upm_run *r, const char *command, const char *result_class,
		    const char *result)
{
	char caveat[512];
	upm_buf_puts(out, "<h1>upmon ");
	text(out, command);
	upm_buf_printf(out, ": <span class=\"v %s\">", result_class);
	text(out, result);
	upm_buf_puts(out, "</span></h1>\n");
	if (upm_ident_caveat(r, caveat, sizeof caveat)) {
		upm_buf_puts(out, "<div class=\"caveat\" id=\"caveat\">");
		text(out, caveat);
		upm_buf_puts(out, "</div>\n");
	}
}

void upm_html_identity(struct upm_buf *out, const struct upm_run *r)
{
	char when[64];
	upm_buf_puts(out, "<table>\n");
	upm_buf_printf(out, "<tr><th>upmon</th><td>%s (revision ", UPM_VERSION);
	text(out, upm_revision());
	upm_buf_puts(out, ")</td></tr>\n<tr><th>folder</th><td>");
	text(out, r->run_name);
	upm_wall_time_iso(&r->ident.start, r->ident.start_ok, when, sizeof when);
	upm_buf_puts(out, "</td></tr>\n<tr><th>started</th><td>");
	text(out, when);
	upm_buf_puts(out, "</td></tr>\n<tr><th>command line</th><td><code>");
	struct upm_buf cl;
	upm_buf_init(&cl);
	upm_ident_command_line(r, &cl);
	text(out, cl.data ? cl.data : "(none: the default job)");
	upm_buf_free(&cl);
	upm_buf_puts(out, "</code></td></tr>\n<tr><th>configuration</th><td>");
	text(out, r->ident.config_path ? r->ident.config_path : "none");
	upm_buf_puts(out, "</td></tr>\n<tr><th>machine</th><td>");
	const struct upm_machine *m = &r->ident.machine;
	if (m->available) {
		text(out, m->manufacturer);
		upm_buf_puts(out, " ");
		text(out, m->product);
		upm_buf_puts(out, ", serial ");
		text(out, m->serial[0] ? m->serial : "none");
	} else {
		upm_buf_puts(out, "unknown: ");
		text(out, m->why);
	}
	upm_buf_printf(out, "</td></tr>\n<tr><th>processor</th><td>%02X_%02XH stepping %u, ", r->cpu.family, r->cpu.model,
		       r->cpu.stepping);
	text(out, r->cpu.brand);
	upm_buf_puts(out, "</td></tr>\n<tr><th>platform</th><td>");
	text(out, r->platform ? r->platform->name : "unknown");
	upm_buf_printf(out, ", %u socket%s", r->n_sockets, r->n_sockets == 1 ? "" : "s");
	if (r->opts.backend == UPM_BACKEND_MOCK) {
		upm_buf_puts(out, ", <b>MOCK BACKEND</b>");
		if (upm_ident_mock_faults(r)) {
			upm_buf_puts(out, ", faults injected: ");
			text(out, upm_ident_mock_faults(r));
		}
	}
	if (r->opts.backend == UPM_BACKEND_REPLAY) {
		char rec[224];
		upm_buf_puts(out, ", <b>REPLAY</b> of ");
		text(out, r->opts.replay_path);
		text(out, upm_ident_replay_recording(r, rec, sizeof rec));
	}
	if (r->opts.dry_run)
		upm_buf_puts(out, ", <b>DRY RUN</b>");
	if (upm_ident_replay_divergence(r)) {
		upm_buf_puts(out, "</td></tr>\n<tr><th>replay</th><td class=\"fail\"><b>DIVERGED</b>: ");
		text(out, upm_ident_replay_divergence(r));
	}
	if (r->media_error) /* rendered after the medium refused a file: this page is on the console */
		upm_buf_puts(out, "</td></tr>\n<tr><th>files</th><td class=\"fail\"><b>NOT SAVED</b>: the medium "
				  "refused a results file before this page; the run's exit status is not 0 (4 where it would have been 0)");
	upm_buf_puts(out, "</td></tr>\n</table>\n");
}

void upm_html_end(struct upm_buf *out)
{
	upm_buf_puts(out, "</body>\n</html>\n");
}

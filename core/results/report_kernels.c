/* report.html's table of the plausibility stage's kernel runs (core/results/report_parts.h):
 * each number written as results.json's "kernels" writes it, so the two files agree. */
#include "core/results/report_parts.h"
#include "core/results/markup.h"

void upm_report_kernels(struct upm_buf *out, const struct upm_check_kernel_run *k, unsigned n, int burnin)
{
	if (!n)
		return;
	upm_buf_puts(out, burnin ? "<h2 id=\"kernels\">Kernels, pass 1</h2>\n" : "<h2 id=\"kernels\">Kernels</h2>\n");
	upm_buf_puts(out, "<table>\n<tr><th>kernel</th><th>threads</th>"
			  "<th>working set (bytes)</th><th>bytes read</th><th>bytes written</th><th>bus bytes</th>"
			  "<th>seconds (its timed loop)</th><th>GB/s (over those seconds)</th><th>passes</th></tr>\n");
	for (unsigned i = 0; i < n; i++) {
		char gbps[32], secs[32];
		upm_format_double(gbps, sizeof gbps, k[i].gbps, 3);
		upm_format_double(secs, sizeof secs, k[i].seconds, 6);
		upm_buf_puts(out, "<tr><td>");
		upm_buf_xml_text(out, k[i].label);
		upm_buf_printf(out, "</td><td>%u</td><td>%llu</td><td>%llu</td><td>%llu</td><td>%llu</td><td>%s</td>"
				    "<td>%s</td><td>%u</td></tr>\n",
			       k[i].threads, (unsigned long long)k[i].size_bytes, (unsigned long long)k[i].bytes_read,
			       (unsigned long long)k[i].bytes_written, (unsigned long long)k[i].bus_bytes, secs, gbps,
			       k[i].passes);
	}
	upm_buf_puts(out, "</table>\n");
}

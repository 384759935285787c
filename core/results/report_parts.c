/* What report.html's sections say alike (report_parts.h): a result's CSS class and chart
 * colour, and a box instance's anchor. Below the page and its sections, which all use them. */
#include "core/results/report_parts.h"
#include "core/results/markup.h"

const char *upm_report_class(enum upm_result r)
{
	switch (r) {
	case UPM_RESULT_PASS: return "pass";
	case UPM_RESULT_WARN: return "warn";
	case UPM_RESULT_FAIL: return "fail";
	case UPM_RESULT_INCOMPLETE: return "inc";
	default: return "na";
	}
}

const char *upm_report_fill(enum upm_result r)
{
	switch (r) {
	case UPM_RESULT_PASS: return "#2e7d32";
	case UPM_RESULT_WARN: return "#f9a825";
	case UPM_RESULT_FAIL: return "#c62828";
	case UPM_RESULT_INCOMPLETE: return "#6a1b9a";
	default: return "#9e9e9e";
	}
}

void upm_report_anchor(struct upm_buf *out, unsigned socket, const char *box, int instance)
{
	upm_buf_printf(out, "s%u-", socket);
	upm_buf_xml_text(out, box ? box : "");
	if (instance >= 0)
		upm_buf_printf(out, "%d", instance);
	else
		upm_buf_puts(out, "-all");
}

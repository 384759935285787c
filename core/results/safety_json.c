/* results.json's safety facts, the same members in every command's file: "aborted",
 * "sockets_skipped" and "unrestored" (each register not written back: where, its address,
 * what it should hold, the error), rendered from what the session and the check recorded
 * and computing nothing (docs/results.md). */
#include "core/results/check_parts.h"

void upm_check_safety_json(const struct upm_check_safety *cs, struct upm_buf *out)
{
	upm_buf_printf(out, ",\n\"aborted\": %s,\n\"sockets_skipped\": [", cs->aborted ? "true" : "false");
	int first = 1;
	for (unsigned sock = 0; sock < UPM_MAX_SOCKETS; sock++) {
		if (!cs->skipped[sock])
			continue;
		upm_buf_printf(out, "%s%u", first ? "" : ", ", sock);
		first = 0;
	}
	upm_buf_puts(out, "],\n\"unrestored\": [");
	for (unsigned i = 0; i < cs->n; i++) {
		upm_buf_puts(out, i ? ",\n  " : "\n  ");
		upm_unrestored_json(&cs->list[i], out);
	}
	upm_buf_puts(out, "\n]");
}

/* One register not written back as results.json's "unrestored" entry (unrestored_json.h). */
#include "core/results/unrestored_json.h"

void upm_unrestored_json(const struct upm_unrestored *u, struct upm_buf *out)
{
	upm_buf_printf(out, "{\"socket\": %u, \"where\": ", u->socket);
	upm_buf_json_string(out, u->where);
	upm_buf_printf(out, ", \"space\": \"%s\", \"address\": ", u->space);
	upm_buf_json_string(out, u->address);
	upm_buf_printf(out, ", \"expected\": \"0x%llx\", \"error\": \"%s\"", (unsigned long long)u->value,
		       upm_status_name(u->rc));
	if (u->counts_on[0]) { /* written back, but that control was not: it may count on */
		upm_buf_puts(out, ", \"counts_on\": ");
		upm_buf_json_string(out, u->counts_on);
	}
	upm_buf_puts(out, "}");
}

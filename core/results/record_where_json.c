/* Where a kernel ran, as results.json says it wherever a kernel appears ("kernel_runs",
 * "interval_kernel"): its sockets and its memory's socket. One writer below both, so that
 * they say it alike. */
#include "core/results/record.h"

void upm_record_json_where(struct upm_buf *out, uint32_t socket_mask, int memory_socket)
{
	upm_buf_puts(out, ", \"sockets\": [");
	for (unsigned sk = 0, first = 1; sk < 32; sk++)
		if (socket_mask >> sk & 1) {
			upm_buf_printf(out, "%s%u", first ? "" : ", ", sk);
			first = 0;
		}
	upm_buf_puts(out, "], \"memory_socket\": ");
	if (memory_socket < 0)
		upm_buf_puts(out, "\"local\"");
	else
		upm_buf_printf(out, "%d", memory_socket);
}

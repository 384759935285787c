/* The kernel that repeated between the samples of `run --interval --kernel`, as the
 * files say it: one line (interval.csv as a "# " line, report.html) and
 * results.json's "interval_kernel". */
#include "core/results/record.h"
#include "platform/base/human.h"

static double gbps_of(const struct upm_record_repeated *k)
{
	return k->seconds > 0 ? (double)(k->bytes_read + k->bytes_written) / k->seconds / 1e9 : 0;
}

void upm_record_repeated_line(const struct upm_record_repeated *k, struct upm_buf *out)
{
	const struct upm_record_kernel *d = &k->kernel;
	char size[32], iters[32], secs[32], gb[32];
	upm_format_bytes(size, sizeof size, d->size_bytes);
	upm_format_count(iters, sizeof iters, d->iterations);
	upm_format_double(secs, sizeof secs, k->seconds, 3);
	upm_format_double(gb, sizeof gb, gbps_of(k), 3);
	upm_buf_printf(out, "kernel %s between the samples: %u thread%s (socket mask 0x%x), %s x %s iterations, memory ",
		       d->name, d->threads, d->threads == 1 ? "" : "s", d->socket_mask, size, iters);
	if (d->memory_socket < 0)
		upm_buf_puts(out, "local");
	else
		upm_buf_printf(out, "on socket %d", d->memory_socket);
	upm_buf_printf(out, "%s; ran %u time%s%s, %s s in its loops, ", d->placed ? " (placed by SRAT)" : "",
		       k->repetitions, k->repetitions == 1 ? "" : "s", k->cut_short ? " (the last cut short)" : "", secs);
	if (k->seconds > 0)
		upm_buf_printf(out, "%s GB/s on average", gb);
	else
		upm_buf_puts(out, "no bandwidth (no time in its loops)");
	if (k->error)
		upm_buf_printf(out, "; stopped: %s", k->error);
}

void upm_record_repeated_json(const struct upm_record_repeated *k, struct upm_buf *out)
{
	const struct upm_record_kernel *d = &k->kernel;
	char digits[48];
	upm_buf_puts(out, ",\n  \"interval_kernel\": {\"name\": ");
	upm_buf_json_string(out, d->name);
	upm_buf_printf(out, ", \"threads\": %u", d->threads);
	upm_record_json_where(out, d->socket_mask, d->memory_socket);
	upm_buf_printf(out, ", \"placement\": \"%s\", \"size_bytes\": %llu, \"iterations\": %llu, \"repetitions\": %u",
		       d->placed ? "srat" : "none", (unsigned long long)d->size_bytes,
		       (unsigned long long)d->iterations, k->repetitions);
	upm_buf_printf(out, ", \"last_cut_short\": %s", k->cut_short ? "true" : "false");
	upm_format_double(digits, sizeof digits, k->seconds, 9);
	upm_buf_printf(out, ", \"seconds\": %s, \"bytes_read\": %llu, \"bytes_written\": %llu, \"gbps\": ", digits,
		       (unsigned long long)k->bytes_read, (unsigned long long)k->bytes_written);
	if (k->seconds > 0) {
		upm_format_double(digits, sizeof digits, gbps_of(k), 6);
		upm_buf_puts(out, digits);
	} else {
		upm_buf_puts(out, "null");
	}
	upm_buf_puts(out, ", \"error\": ");
	if (k->error)
		upm_buf_json_string(out, k->error);
	else
		upm_buf_puts(out, "null");
	upm_buf_puts(out, "}");
}

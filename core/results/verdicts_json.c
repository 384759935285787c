/* The health check's verdicts as results.json members: "verdict" (the overall result) and
 * "verdicts" (each with its numbers and register evidence), rendered from the check's
 * verdict table and computing nothing (docs/results.md). */
#include "core/results/check_parts.h"
#include "platform/base/human.h"

/* A register value as JSON: "0x..." or null. */
static void json_hex(struct upm_buf *out, uint64_t v, int valid)
{
	if (valid)
		upm_buf_printf(out, "\"0x%llx\"", (unsigned long long)v);
	else
		upm_buf_puts(out, "null");
}

static void json_number(struct upm_buf *out, double v, int valid)
{
	char num[48];
	if (!valid) {
		upm_buf_puts(out, "null");
		return;
	}
	upm_format_double(num, sizeof num, v, 6);
	upm_buf_puts(out, num);
}

void upm_verdicts_json(const struct upm_verdicts *vs, struct upm_buf *out)
{
	upm_buf_puts(out, "\"verdict\": ");
	upm_buf_json_string(out, upm_result_name(upm_verdicts_overall(vs)));
	upm_buf_puts(out, ",\n\"verdicts\": [");
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		upm_buf_printf(out, "%s\n  {\"socket\": %u, \"box\": ", i ? "," : "", v->socket);
		upm_buf_json_string(out, v->box);
		if (v->instance < 0)
			upm_buf_puts(out, ", \"instance\": null, \"check\": ");
		else
			upm_buf_printf(out, ", \"instance\": %d, \"check\": ", v->instance);
		upm_buf_json_string(out, v->check);
		upm_buf_puts(out, ", \"result\": ");
		upm_buf_json_string(out, upm_result_name(v->result));
		upm_buf_puts(out, ", \"reason\": ");
		upm_buf_json_string(out, v->reason);
		upm_buf_puts(out, ", \"measured\": ");
		json_number(out, v->measured, v->has_measured);
		upm_buf_puts(out, ", \"expected\": ");
		json_number(out, v->expected, v->has_expected);
		upm_buf_puts(out, ", \"low\": ");
		json_number(out, v->low, v->has_range);
		upm_buf_puts(out, ", \"high\": ");
		json_number(out, v->high, v->has_range);
		upm_buf_puts(out, ", \"tolerance\": ");
		json_number(out, v->tolerance, v->has_range && v->has_expected);
		upm_buf_puts(out, ", \"unit\": ");
		if (v->has_measured || v->has_expected || v->has_range)
			upm_buf_json_string(out, v->unit);
		else
			upm_buf_puts(out, "null");
		upm_buf_puts(out, ", \"evidence\": ");
		if (v->has_evidence) {
			upm_buf_puts(out, "{\"register\": ");
			upm_buf_json_string(out, v->reg);
			upm_buf_puts(out, ", \"address\": ");
			upm_buf_json_string(out, v->address);
			upm_buf_puts(out, ", \"value\": ");
			json_hex(out, v->value, v->has_value);
			upm_buf_puts(out, ", \"written\": ");
			json_hex(out, v->written, v->has_written);
			upm_buf_puts(out, "}");
		} else {
			upm_buf_puts(out, "null");
		}
		upm_buf_printf(out, ", \"pass\": %u}", v->pass ? v->pass : 1);
	}
	upm_buf_puts(out, "\n]");
}

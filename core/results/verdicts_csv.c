/* verdicts.csv: the health check's verdicts one a row, rendered from the check's verdict
 * table and computing nothing (docs/results.md). */
#include "core/results/check_parts.h"
#include "platform/base/human.h"

/* A register value as a CSV field: 0x..., or empty. */
static void csv_hex(struct upm_buf *out, uint64_t v, int valid)
{
	if (valid)
		upm_buf_printf(out, ",0x%llx", (unsigned long long)v);
	else
		upm_buf_puts(out, ",");
}

/* A CSV number: empty when the verdict has none. */
static void csv_number(struct upm_buf *out, double v, int valid)
{
	char num[48] = "";
	if (valid)
		upm_format_double(num, sizeof num, v, 6);
	upm_buf_printf(out, ",%s", num);
}

/* verdicts.csv: its header row first (RFC 4180); each row opens with the run's identity
 * columns and quotes a field only where it must (upm_buf_csv_field), as every results CSV. */
void upm_verdicts_csv(const struct upm_verdicts *vs, const struct upm_run *r, struct upm_buf *out)
{
	upm_buf_puts(out, UPM_IDENT_CSV_COLUMNS ",socket,box,instance,check,result,reason,measured,expected,low,high,"
			  "tolerance,unit,register,address,value,written,pass\n");
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		upm_ident_csv_cells(r, out);
		upm_buf_printf(out, ",%u,", v->socket);
		upm_buf_csv_field(out, v->box ? v->box : "");
		upm_buf_puts(out, ",");
		if (v->instance >= 0)
			upm_buf_printf(out, "%d", v->instance);
		upm_buf_puts(out, ",");
		upm_buf_csv_field(out, v->check);
		upm_buf_printf(out, ",%s,", upm_result_name(v->result));
		upm_buf_csv_field(out, v->reason);
		csv_number(out, v->measured, v->has_measured);
		csv_number(out, v->expected, v->has_expected);
		csv_number(out, v->low, v->has_range);
		csv_number(out, v->high, v->has_range);
		csv_number(out, v->tolerance, v->has_range && v->has_expected);
		upm_buf_puts(out, ",");
		upm_buf_csv_field(out, v->has_measured || v->has_expected || v->has_range ? v->unit : "");
		if (v->has_evidence) {
			upm_buf_puts(out, ",");
			upm_buf_csv_field(out, v->reg);
			upm_buf_puts(out, ",");
			upm_buf_csv_field(out, v->address);
			csv_hex(out, v->value, v->has_value);
			csv_hex(out, v->written, v->has_written);
		} else {
			upm_buf_puts(out, ",,,,");
		}
		upm_buf_printf(out, ",%u\n", v->pass ? v->pass : 1);
	}
}

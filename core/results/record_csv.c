/* counters.csv of `run` and `run --kernel`, rendered from the results record
 * (docs/results.md, counters.csv): its header row first (RFC 4180), then one row per count, each opening
 * with the run's identity columns (run, backend, dry_run: results.json and upmon.log
 * keep the whole identity) and ending with the spec as given and whether it is a
 * metric's own. Kernel runs add the kernel, the idle baseline and the net (empty for
 * clocks: rates over their window). A number there is none of is empty: raw of a counter
 * never read, delta and net without a count, baseline and net without a baseline. */
#include "core/results/record.h"

void upm_record_csv(const struct upm_record *rec, struct upm_buf *out)
{
	int kernels = rec->n_kernels > 0;
	/* The kernel repeated between interval samples is results.json's "interval_kernel". */
	upm_buf_puts(out, kernels ? UPM_IDENT_CSV_COLUMNS ",kernel,socket,box,instance,counter,pass,event,code,umask,raw,"
				    "delta,baseline,net,status,spec,for_metrics\n"
				  : UPM_IDENT_CSV_COLUMNS ",socket,box,instance,counter,pass,event,code,umask,raw,delta,"
				    "status,spec,for_metrics\n");
	for (unsigned i = 0; i < rec->n_counts; i++) {
		const struct upm_record_count *c = &rec->counts[i];
		upm_ident_csv_cells(rec->run, out);
		upm_buf_puts(out, ",");
		if (kernels) {
			upm_buf_csv_field(out, c->kernel >= 0 ? rec->kernels[c->kernel].name : "");
			upm_buf_puts(out, ",");
		}
		upm_buf_printf(out, "%u,%s,%u,%s,%u,", c->socket, c->box, c->instance, c->counter, c->pass);
		upm_buf_csv_field(out, c->label);
		upm_buf_printf(out, ",%s,%s,", c->code, c->umask);
		/* Empty where there is no number: a counter never read, no count, no baseline. */
		if (c->was_read)
			upm_buf_printf(out, "%llu", (unsigned long long)c->raw);
		upm_buf_puts(out, ",");
		if (c->status == UPM_OK)
			upm_buf_printf(out, "%llu", (unsigned long long)c->delta);
		upm_buf_puts(out, ",");
		if (kernels) {
			if (c->has_baseline && c->baseline_valid)
				upm_buf_printf(out, "%llu", (unsigned long long)c->baseline);
			upm_buf_puts(out, ",");
			if (c->has_baseline && upm_record_net_valid(c))
				upm_buf_printf(out, "%lld", (long long)c->net);
			upm_buf_puts(out, ",");
		}
		/* The spec as given, and whose it is: two specs of one event (imc/ and imc0/, a
		 * metric's own) are otherwise rows alike. */
		upm_buf_printf(out, "%s,", c->status_name);
		upm_buf_csv_field(out, c->spec_text);
		upm_buf_printf(out, ",%s\n", c->for_metrics ? "yes" : "no");
	}
}

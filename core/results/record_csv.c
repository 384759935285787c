/* counters.csv of `run` and `run --kernel`, rendered from the results record (README
 * "counters.csv"): the identity's "# " lines, then one row per count, ending with the spec
 * as given and whether it is a metric's own. Kernel runs add the kernel, the idle
 * baseline and the net (empty for clocks: rates over their window). */
#include "core/results/record.h"

void upm_record_csv(const struct upm_record *rec, struct upm_buf *out)
{
	int kernels = rec->n_kernels > 0;
	upm_ident_csv(rec->run, out);
	if (rec->repeated) {
		upm_buf_puts(out, "# ");
		upm_record_repeated_line(rec->repeated, out);
		upm_buf_puts(out, "\n");
	}
	upm_buf_puts(out, kernels ? "kernel,socket,box,instance,counter,pass,event,code,umask,raw,delta,baseline,net,status,"
				    "spec,for_metrics\n"
				  : "socket,box,instance,counter,pass,event,code,umask,raw,delta,status,spec,for_metrics\n");
	for (unsigned i = 0; i < rec->n_counts; i++) {
		const struct upm_record_count *c = &rec->counts[i];
		if (kernels) {
			upm_buf_csv_field(out, c->kernel >= 0 ? rec->kernels[c->kernel].name : "");
			upm_buf_puts(out, ",");
		}
		upm_buf_printf(out, "%u,%s,%u,%s,%u,", c->socket, c->box, c->instance, c->counter, c->pass);
		upm_buf_csv_field(out, c->label);
		upm_buf_printf(out, ",%s,%s,%llu,%llu,", c->code, c->umask, (unsigned long long)c->raw,
			       (unsigned long long)c->delta);
		if (kernels) {
			if (c->has_baseline)
				upm_buf_printf(out, "%llu,%lld,", (unsigned long long)c->baseline, (long long)c->net);
			else
				upm_buf_puts(out, ",,");
		}
		/* The spec as given, and whose it is: two specs of one event (imc/ and imc0/, a
		 * metric's own) are otherwise rows alike. */
		upm_buf_printf(out, "%s,", c->status_name);
		upm_buf_csv_field(out, c->spec_text);
		upm_buf_printf(out, ",%s\n", c->for_metrics ? "yes" : "no");
	}
}

/* The files of a measurement's run folder, each rendered from its results record:
 * counters.csv, results.json, report.html, and interval.csv for an interval run. */
#include "core/results/record.h"
#include "core/results/interval.h"

void upm_record_save(const struct upm_record *rec)
{
	static void (*const writers[])(const struct upm_record *, struct upm_buf *) = {
		upm_record_csv, upm_record_json, upm_record_html
	};
	static const char *const names[] = { "counters.csv", "results.json", "report.html" };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(writers); i++) {
		struct upm_buf out;
		upm_buf_init(&out);
		writers[i](rec, &out);
		upm_save(rec->run, names[i], &out);
		upm_buf_free(&out);
	}
	if (rec->samples) { /* the kernel between the samples is in results.json and report.html */
		struct upm_buf out;
		upm_buf_init(&out);
		upm_interval_csv(rec, &out);
		upm_save(rec->run, "interval.csv", &out);
		upm_buf_free(&out);
	}
}

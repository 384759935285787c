/* The health check's files, each rendered from its results record (check_record.h):
 * results.json, verdicts.csv, junit.xml; report.html is report_html.c's. */
#include "core/results/check_record.h"
#include "core/results/check_parts.h"
#include "core/results/junit.h"
#include "core/results/ocptv.h"

/* A record without safety facts says none: not aborted, nothing skipped or unrestored. */
static const struct upm_check_safety *safety_of(const struct upm_check_record *rec)
{
	static const struct upm_check_safety none;
	return rec->safety ? rec->safety : &none;
}

static void kernels_json(const struct upm_check_record *rec, struct upm_buf *out)
{
	upm_buf_puts(out, "\"kernels\": [");
	for (unsigned i = 0; i < rec->n_kernels; i++) {
		const struct upm_check_kernel_run *k = &rec->kernels[i];
		char gbps[32], secs[32];
		upm_format_double(gbps, sizeof gbps, k->gbps, 3);
		upm_format_double(secs, sizeof secs, k->seconds, 6);
		upm_buf_printf(out, "%s\n  {\"kernel\": ", i ? "," : "");
		upm_buf_json_string(out, k->label);
		upm_buf_printf(out, ", \"threads\": %u, \"size_bytes\": %llu, \"bytes_read\": %llu, "
				    "\"bytes_written\": %llu, \"bus_bytes\": %llu, \"seconds\": %s, \"gbps\": %s, "
				    "\"passes\": %u}",
			       k->threads, (unsigned long long)k->size_bytes, (unsigned long long)k->bytes_read,
			       (unsigned long long)k->bytes_written, (unsigned long long)k->bus_bytes, secs, gbps,
			       k->passes);
	}
	upm_buf_puts(out, "\n],\n");
}

void upm_check_record_json(const struct upm_check_record *rec, struct upm_buf *out)
{
	upm_buf_puts(out, "{");
	upm_ident_json(rec->run, out);
	upm_buf_printf(out, ",\n\"sockets\": %u,\n", rec->sockets);
	if (rec->has_kernels)
		kernels_json(rec, out);
	upm_verdicts_json(rec->verdicts, out);
	if (rec->burnin)
		upm_burnin_json(rec->burnin, out); /* "burnin": passes, instances, trends */
	upm_check_safety_json(safety_of(rec), out); /* aborted, sockets_skipped, unrestored: as `run` */
	upm_buf_puts(out, "\n}\n");
}

void upm_check_record_csv(const struct upm_check_record *rec, struct upm_buf *out)
{
	upm_verdicts_csv(rec->verdicts, rec->run, out);
}

static void junit_property(void *props, const char *name, const char *value)
{
	upm_junit_property(props, name, value);
}

/* junit.xml says what the run is as JUnit readers expect it: the start (UTC when the
 * clock's zone is known) and the machine as the run folder names it, on every suite,
 * with the identity's facts as properties. */
void upm_check_record_junit(const struct upm_check_record *rec, struct upm_buf *out)
{
	struct upm_run *r = rec->run;
	struct upm_buf props;
	struct upm_wall_time utc;
	char when[24], machine[48];
	const char *host = upm_os_host_name();
	upm_buf_init(&props);
	upm_ident_each(r, junit_property, &props);
	upm_wall_time_utc(&r->ident.start, &utc);
	upm_snprintf(when, sizeof when, "%04u-%02u-%02uT%02u:%02u:%02u", utc.year, utc.month, utc.day, utc.hour,
		     utc.minute, utc.second);
	upm_machine_folder_name(&r->ident.machine, host ? host : upm_os_name(), machine, sizeof machine);
	struct upm_junit_about about = { r->ident.start_ok ? when : NULL, machine, props.data, rec->elapsed_ns };
	upm_junit_xml(rec->verdicts, rec->command, r->run_name, &about, out);
	out->failed |= props.failed;
	upm_buf_free(&props);
}

void upm_check_record_save(const struct upm_check_record *rec)
{
	static void (*const writers[])(const struct upm_check_record *, struct upm_buf *) = {
		upm_check_record_json, upm_check_record_csv, upm_check_record_junit, upm_check_record_html,
		upm_check_record_ocptv
	};
	static const char *const names[] = { "results.json", "verdicts.csv", "junit.xml", "report.html", "ocptv.jsonl" };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(writers); i++) {
		struct upm_buf out;
		upm_buf_init(&out);
		writers[i](rec, &out);
		upm_save(rec->run, names[i], &out);
		upm_buf_free(&out);
	}
}

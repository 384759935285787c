/* ocptv.jsonl from a check's record (core/results/ocptv.h). Field names and enumerations:
 * ocp-diag-core json_spec/output/ files (root, test_run_start, dut_info, test_step_artifact,
 * diagnosis, measurement, validator, log, test_run_end, test_status). */
#include "core/results/ocptv.h"
#include "core/cli/identity.h"
#include "core/cli/last_screen.h"
#include "platform/base/os.h"
#include "platform/base/revision.h"
#include "platform/base/exit.h"
#include "platform/base/str.h"

struct ocp_out {
	struct upm_buf *out;
	unsigned seq;
	char start[32], end[32];
};

/* An artifact line's opening: sequenceNumber and timestamp, then its member. */
static void open_line(struct ocp_out *o, const char *when)
{
	upm_buf_printf(o->out, "{\"sequenceNumber\": %u, \"timestamp\": \"%s\", ", o->seq++, when);
}

/* RFC 3339 in UTC: the firmware's zone applied where it gives one, else the clock taken
 * as UTC; the epoch when the clock did not answer (said in a log line). */
static void timestamp(const struct upm_wall_time *t, int ok, char *buf, size_t size)
{
	struct upm_wall_time utc;
	if (!ok) {
		upm_snprintf(buf, size, "1970-01-01T00:00:00Z");
		return;
	}
	upm_wall_time_utc(t, &utc);
	upm_snprintf(buf, size, "%04u-%02u-%02uT%02u:%02u:%02uZ", utc.year, utc.month, utc.day, utc.hour, utc.minute,
		     utc.second);
}

static void key_string(struct upm_buf *out, const char *key, const char *value, int comma)
{
	upm_buf_printf(out, "%s\"%s\": ", comma ? ", " : "", key);
	upm_buf_json_string(out, value ? value : "");
}

static void log_line(struct ocp_out *o, const char *severity, const char *message)
{
	open_line(o, o->start);
	upm_buf_printf(o->out, "\"testRunArtifact\": {\"log\": {\"severity\": \"%s\", ", severity);
	key_string(o->out, "message", message, 0);
	upm_buf_puts(o->out, "}}}\n");
}

static void dut_info(struct ocp_out *o, const struct upm_check_record *rec)
{
	const struct upm_run *r = rec->run;
	const struct upm_machine *m = &r->ident.machine;
	const char *host = upm_os_host_name();
	char text[160];
	struct upm_buf *out = o->out;
	/* The machine as a lab files it: its SMBIOS serial, else the host's name. */
	upm_buf_puts(out, "\"dutInfo\": {");
	key_string(out, "dutInfoId", m->available && m->serial[0] ? m->serial : host ? host : "unknown", 0);
	if (m->available && (m->manufacturer[0] || m->product[0])) {
		upm_snprintf(text, sizeof text, "%s %s", m->manufacturer, m->product);
		key_string(out, "name", text, 1);
	}
	upm_buf_puts(out, ", \"platformInfos\": [{");
	upm_snprintf(text, sizeof text, "processor %s %02X_%02XH stepping %u%s%s", r->cpu.vendor, r->cpu.family,
		     r->cpu.model, r->cpu.stepping, r->cpu.brand[0] ? ", " : "", r->cpu.brand);
	key_string(out, "info", text, 0);
	upm_buf_puts(out, "}, {");
	upm_snprintf(text, sizeof text, "upmon platform %s", r->platform ? r->platform->name : "unsupported");
	key_string(out, "info", text, 0);
	upm_buf_puts(out, "}], \"softwareInfos\": [{\"softwareInfoId\": \"upmon\", \"name\": \"upmon\"");
	key_string(out, "version", UPM_VERSION, 1);
	key_string(out, "revision", upm_revision(), 1);
	upm_buf_puts(out, ", \"softwareType\": \"APPLICATION\"}");
	if (m->available && m->bios_version[0]) {
		upm_buf_puts(out, ", {\"softwareInfoId\": \"bios\"");
		key_string(out, "name", m->bios_vendor[0] ? m->bios_vendor : "BIOS", 1);
		key_string(out, "version", m->bios_version, 1);
		upm_buf_puts(out, ", \"softwareType\": \"FIRMWARE\"}");
	}
	upm_buf_puts(out, "], \"hardwareInfos\": [");
	for (unsigned s = 0; s < rec->sockets; s++) {
		upm_buf_printf(out, "%s{\"hardwareInfoId\": \"socket%u\"", s ? ", " : "", s);
		upm_snprintf(text, sizeof text, "processor in socket %u", s);
		key_string(out, "name", r->cpu.brand[0] ? r->cpu.brand : text, 1);
		upm_snprintf(text, sizeof text, "socket %u", s);
		key_string(out, "location", text, 1);
		upm_buf_puts(out, ", \"partType\": \"CPU\"");
		key_string(out, "manufacturer", r->cpu.vendor, 1);
		upm_buf_puts(out, "}");
	}
	upm_buf_puts(out, "]}");
}

static void run_start(struct ocp_out *o, const struct upm_check_record *rec)
{
	const struct upm_run *r = rec->run;
	struct upm_buf line, *out = o->out;
	char name[32];
	upm_buf_init(&line);
	upm_ident_command_line(r, &line);
	open_line(o, o->start);
	upm_snprintf(name, sizeof name, "upmon %s", rec->command);
	upm_buf_puts(out, "\"testRunArtifact\": {\"testRunStart\": {");
	key_string(out, "name", name, 0);
	key_string(out, "version", UPM_VERSION, 1);
	key_string(out, "commandLine", line.data ? line.data : "", 1);
	upm_buf_puts(out, ", \"parameters\": {");
	key_string(out, "platform", r->platform ? r->platform->name : "", 0);
	key_string(out, "backend", upm_ident_backend(r), 1);
	upm_buf_printf(out, ", \"dry_run\": %s, \"sockets\": %u", r->opts.dry_run ? "true" : "false", rec->sockets);
	if (upm_ident_mock_faults(r))
		key_string(out, "mock_faults", upm_ident_mock_faults(r), 1);
	upm_buf_puts(out, "}, ");
	dut_info(o, rec);
	upm_buf_puts(out, ", \"metadata\": {");
	key_string(out, "run_folder", r->run_name, 0);
	upm_buf_printf(out, ", \"results_schema\": %d}}}}\n", UPM_RESULTS_SCHEMA);
	out->failed |= line.failed;
	upm_buf_free(&line);
}

/* The verdict's word in a diagnosis: "upmon.cbo.selftest.freeze.pass". */
static void diagnosis(struct ocp_out *o, const struct upm_verdict *v, unsigned step)
{
	static const char *const type[] = { [UPM_RESULT_PASS] = "PASS", [UPM_RESULT_NA] = "UNKNOWN",
					    [UPM_RESULT_WARN] = "UNKNOWN", [UPM_RESULT_FAIL] = "FAIL",
					    [UPM_RESULT_INCOMPLETE] = "UNKNOWN" };
	static const char *const word[] = { [UPM_RESULT_PASS] = "pass", [UPM_RESULT_NA] = "na",
					    [UPM_RESULT_WARN] = "warn", [UPM_RESULT_FAIL] = "fail",
					    [UPM_RESULT_INCOMPLETE] = "incomplete" };
	char verdict[96], sub[48];
	struct upm_buf msg, *out = o->out;
	upm_snprintf(verdict, sizeof verdict, "upmon.%s.%s.%s", v->box ? v->box : "run", v->check, word[v->result]);
	upm_buf_init(&msg);
	upm_buf_printf(&msg, "%s%s", v->result == UPM_RESULT_PASS ? "" : upm_result_name(v->result),
		       v->result == UPM_RESULT_PASS ? "" : ": ");
	upm_buf_puts(&msg, v->reason);
	if (v->pass > 1)
		upm_buf_printf(&msg, " (burn-in pass %u)", v->pass);
	open_line(o, o->start);
	upm_buf_printf(out, "\"testStepArtifact\": {\"testStepId\": \"%u\", \"diagnosis\": {", step);
	key_string(out, "verdict", verdict, 0);
	upm_buf_printf(out, ", \"type\": \"%s\"", type[v->result]);
	key_string(out, "message", msg.data ? msg.data : "", 1);
	upm_buf_printf(out, ", \"hardwareInfoId\": \"socket%u\"", v->socket);
	if (v->box) {
		if (v->instance >= 0)
			upm_snprintf(sub, sizeof sub, "%s%d", v->box, v->instance);
		else
			upm_snprintf(sub, sizeof sub, "%s", v->box);
		upm_buf_puts(out, ", \"subcomponent\": {\"type\": \"ASIC-SUBSYSTEM\"");
		key_string(out, "name", sub, 1);
		upm_buf_puts(out, "}");
	}
	upm_buf_puts(out, "}}}\n");
	out->failed |= msg.failed;
	upm_buf_free(&msg);
}

/* A number as JSON: decimal text, or where it is none (NaN, infinite) the word as a string,
 * which OCP's value fields take and a JSON number cannot hold. */
static void number(struct upm_buf *out, double v)
{
	char num[48];
	upm_format_double(num, sizeof num, v, 6);
	if ((num[0] >= '0' && num[0] <= '9') || (num[0] == '-' && num[1] >= '0' && num[1] <= '9'))
		upm_buf_puts(out, num);
	else
		upm_buf_json_string(out, num);
}

/* A verdict's measured number with its accepted range, where it has them. */
static void measurement(struct ocp_out *o, const struct upm_verdict *v, unsigned step)
{
	struct upm_buf *out = o->out;
	char name[96];
	if (!v->has_measured)
		return;
	upm_snprintf(name, sizeof name, "%s%s%s", v->box ? v->box : "", v->box ? "." : "", v->check);
	open_line(o, o->start);
	upm_buf_printf(out, "\"testStepArtifact\": {\"testStepId\": \"%u\", \"measurement\": {", step);
	key_string(out, "name", name, 0);
	upm_buf_puts(out, ", \"value\": ");
	number(out, v->measured);
	if (v->unit[0])
		key_string(out, "unit", v->unit, 1);
	if (v->has_range) {
		upm_buf_puts(out, ", \"validators\": [{\"type\": \"GREATER_THAN_OR_EQUAL\", \"value\": ");
		number(out, v->low);
		upm_buf_puts(out, "}, {\"type\": \"LESS_THAN_OR_EQUAL\", \"value\": ");
		number(out, v->high);
		upm_buf_puts(out, "}]");
	}
	upm_buf_printf(out, ", \"hardwareInfoId\": \"socket%u\"", v->socket);
	if (v->has_expected) {
		upm_buf_puts(out, ", \"metadata\": {\"expected\": ");
		number(out, v->expected);
		upm_buf_puts(out, "}");
	}
	upm_buf_puts(out, "}}}\n");
}

static int same_step(const struct upm_verdict *a, const struct upm_verdict *b)
{
	return a->socket == b->socket && a->instance == b->instance &&
	       upm_strcmp(a->box ? a->box : "", b->box ? b->box : "") == 0;
}

void upm_check_record_ocptv(const struct upm_check_record *rec, struct upm_buf *out)
{
	const struct upm_run *r = rec->run;
	const struct upm_verdicts *vs = rec->verdicts;
	struct ocp_out o = { .out = out };
	char caveat[200];
	timestamp(&r->ident.start, r->ident.start_ok, o.start, sizeof o.start);
	timestamp(&r->ident.end, r->ident.end_ok, o.end, sizeof o.end);

	open_line(&o, o.start);
	upm_buf_puts(out, "\"schemaVersion\": {\"major\": 2, \"minor\": 0}}\n");
	run_start(&o, rec);
	if (!r->ident.start_ok)
		log_line(&o, "WARNING", "the firmware's clock did not answer: the timestamps are the epoch");
	if (upm_ident_caveat(r, caveat, sizeof caveat))
		log_line(&o, "WARNING", caveat);

	/* A step per box instance (or a socket's boxes of a type), in the verdicts' order. */
	unsigned n = vs ? vs->n : 0, step = 0;
	unsigned char *done = n ? upm_os_alloc(n) : NULL;
	if (n && !done) {
		out->failed = 1;
		return;
	}
	upm_memset(done, 0, n);
	for (unsigned i = 0; i < n; i++) {
		if (done[i])
			continue;
		const struct upm_verdict *first = &vs->v[i];
		char name[64];
		if (!first->box)
			upm_snprintf(name, sizeof name, "socket %u", first->socket);
		else if (first->instance >= 0)
			upm_snprintf(name, sizeof name, "socket %u %s%d", first->socket, first->box, first->instance);
		else
			upm_snprintf(name, sizeof name, "socket %u %s", first->socket, first->box);
		open_line(&o, o.start);
		upm_buf_printf(out, "\"testStepArtifact\": {\"testStepId\": \"%u\", \"testStepStart\": {", step);
		key_string(out, "name", name, 0);
		upm_buf_puts(out, "}}}\n");
		for (unsigned k = i; k < n; k++) {
			if (done[k] || !same_step(first, &vs->v[k]))
				continue;
			done[k] = 1;
			diagnosis(&o, &vs->v[k], step);
			measurement(&o, &vs->v[k], step);
		}
		open_line(&o, o.start);
		upm_buf_printf(out, "\"testStepArtifact\": {\"testStepId\": \"%u\", \"testStepEnd\": {\"status\": \"COMPLETE\"}}}\n",
			       step);
		step++;
	}
	upm_os_free(done);

	/* The run's end: INCOMPLETE or aborted is an ERROR status, nothing judged at all
	 * NOT_APPLICABLE. */
	int aborted = rec->exit_status == UPM_EXIT_ABORTED;
	const char *status = aborted || rec->verdict == UPM_RESULT_INCOMPLETE ? "ERROR" : "COMPLETE";
	const char *result = rec->verdict == UPM_RESULT_FAIL ? "FAIL"
			     : rec->verdict == UPM_RESULT_PASS || rec->verdict == UPM_RESULT_WARN ? "PASS"
											  : "NOT_APPLICABLE";
	if (!n)
		result = "NOT_APPLICABLE";
	open_line(&o, o.end);
	upm_buf_printf(out, "\"testRunArtifact\": {\"testRunEnd\": {\"status\": \"%s\", \"result\": \"%s\"}}}\n", status,
		       result);
}

#include "core/check/verdict.h"
#include "core/base/os.h"
#include <stdarg.h>

int upm_verdicts_init(struct upm_verdicts *vs, unsigned cap)
{
	upm_memset(vs, 0, sizeof *vs);
	vs->v = upm_os_alloc((size_t)cap * sizeof *vs->v);
	vs->cap = vs->v ? cap : 0;
	return vs->v ? 0 : -1;
}

unsigned upm_verdicts_pass(const struct upm_verdicts *vs)
{
	return vs->pass ? vs->pass : 1;
}

void upm_verdicts_free(struct upm_verdicts *vs)
{
	upm_os_free(vs->v);
	upm_memset(vs, 0, sizeof *vs);
}

struct upm_verdict *upm_verdict_add(struct upm_verdicts *vs, unsigned socket, const char *box, int instance,
				    const char *check, enum upm_result result, const char *fmt, ...)
{
	if (vs->n >= vs->cap) {
		vs->dropped++;
		return NULL;
	}
	struct upm_verdict *v = &vs->v[vs->n++];
	upm_memset(v, 0, sizeof *v);
	v->socket = socket;
	v->box = box;
	v->instance = instance;
	upm_strlcpy(v->check, check, sizeof v->check);
	v->result = result;
	v->pass = upm_verdicts_pass(vs);
	va_list ap;
	va_start(ap, fmt);
	upm_vsnprintf(v->reason, sizeof v->reason, fmt, ap);
	va_end(ap);
	return v;
}

void upm_verdict_measured(struct upm_verdict *v, double measured, const char *unit)
{
	if (!v)
		return;
	v->has_measured = 1;
	v->measured = measured;
	upm_strlcpy(v->unit, unit, sizeof v->unit);
}

void upm_verdict_numbers(struct upm_verdict *v, double measured, double expected, double tolerance,
			 const char *unit)
{
	if (!v)
		return;
	upm_verdict_measured(v, measured, unit);
	v->has_expected = v->has_range = 1;
	v->expected = expected;
	v->tolerance = tolerance;
	v->low = expected * (1.0 - tolerance);
	v->high = expected * (1.0 + tolerance);
}

void upm_verdict_range(struct upm_verdict *v, double measured, double low, double high, const char *unit)
{
	if (!v)
		return;
	upm_verdict_measured(v, measured, unit);
	v->has_range = 1;
	v->low = low;
	v->high = high;
}

void upm_verdict_evidence(struct upm_verdict *v, const char *reg, const char *address, uint64_t value)
{
	if (!v)
		return;
	upm_verdict_evidence_fault(v, reg, address);
	v->has_value = 1;
	v->value = value;
}

void upm_verdict_evidence_fault(struct upm_verdict *v, const char *reg, const char *address)
{
	if (!v)
		return;
	v->has_evidence = 1;
	upm_strlcpy(v->reg, reg, sizeof v->reg);
	upm_strlcpy(v->address, address, sizeof v->address);
}

void upm_verdict_written(struct upm_verdict *v, uint64_t written)
{
	if (!v)
		return;
	v->has_written = 1;
	v->written = written;
}

/* A register value as JSON: "0x..." or null. */
static void json_hex(struct upm_buf *out, uint64_t v, int valid)
{
	if (valid)
		upm_buf_printf(out, "\"0x%llx\"", (unsigned long long)v);
	else
		upm_buf_puts(out, "null");
}

/* A register value as a CSV field: 0x..., or empty. */
static void csv_hex(struct upm_buf *out, uint64_t v, int valid)
{
	if (valid)
		upm_buf_printf(out, ",0x%llx", (unsigned long long)v);
	else
		upm_buf_puts(out, ",");
}

const char *upm_result_name(enum upm_result r)
{
	switch (r) {
	case UPM_RESULT_PASS: return "PASS";
	case UPM_RESULT_NA: return "N/A";
	case UPM_RESULT_WARN: return "WARN";
	case UPM_RESULT_FAIL: return "FAIL";
	case UPM_RESULT_INCOMPLETE: return "INCOMPLETE";
	}
	return "?";
}

static int severity(enum upm_result r)
{
	switch (r) {
	case UPM_RESULT_PASS:
	case UPM_RESULT_NA: return 0;
	case UPM_RESULT_WARN: return 1;
	case UPM_RESULT_INCOMPLETE: return 2;
	case UPM_RESULT_FAIL: return 3;
	}
	return 3;
}

enum upm_result upm_verdicts_overall(const struct upm_verdicts *vs)
{
	enum upm_result worst = vs->dropped ? UPM_RESULT_INCOMPLETE : UPM_RESULT_PASS;
	for (unsigned i = 0; i < vs->n; i++)
		if (severity(vs->v[i].result) > severity(worst))
			worst = vs->v[i].result;
	return worst;
}

int upm_result_exit(enum upm_result r)
{
	switch (r) {
	case UPM_RESULT_PASS:
	case UPM_RESULT_NA: return 0;
	case UPM_RESULT_WARN: return 1;
	case UPM_RESULT_FAIL: return 2;
	case UPM_RESULT_INCOMPLETE: return 3;
	}
	return 2;
}

static void where(const struct upm_verdict *v, char *buf, size_t n)
{
	if (v->instance < 0)
		upm_snprintf(buf, n, "%s", v->box);
	else
		upm_snprintf(buf, n, "%s%d", v->box, v->instance);
}

/* Box types in the order they first appear. */
static unsigned box_types(const struct upm_verdicts *vs, const char **types, unsigned max)
{
	unsigned n = 0;
	for (unsigned i = 0; i < vs->n; i++) {
		unsigned k = 0;
		while (k < n && upm_strcmp(types[k], vs->v[i].box) != 0)
			k++;
		if (k == n && n < max)
			types[n++] = vs->v[i].box;
	}
	return n;
}

void upm_verdicts_print(struct upm_run *r, const struct upm_verdicts *vs)
{
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (v->result == UPM_RESULT_PASS || v->result == UPM_RESULT_NA)
			continue;
		char w[24];
		where(v, w, sizeof w);
		upm_say(r, "%-4s socket %u %-8s %-18s %s", upm_result_name(v->result), v->socket, w,
			v->check, v->reason);
	}
	upm_verdicts_summary(r, vs);
}

void upm_verdicts_summary(struct upm_run *r, const struct upm_verdicts *vs)
{
	unsigned max_socket = 0;
	for (unsigned i = 0; i < vs->n; i++)
		if (vs->v[i].socket > max_socket)
			max_socket = vs->v[i].socket;
	const char *types[32];
	unsigned nt = box_types(vs, types, 32);
	upm_say(r, "summary: socket box       checks  pass  warn  fail incomplete  n/a  result");
	for (unsigned s = 0; s <= max_socket; s++) {
		for (unsigned t = 0; t < nt; t++) {
			unsigned c[5] = { 0 }, total = 0;
			enum upm_result worst = UPM_RESULT_PASS;
			for (unsigned i = 0; i < vs->n; i++) {
				const struct upm_verdict *v = &vs->v[i];
				if (v->socket != s || upm_strcmp(v->box, types[t]) != 0)
					continue;
				c[v->result]++;
				total++;
				if (severity(v->result) > severity(worst))
					worst = v->result;
			}
			if (!total)
				continue;
			/* INCOMPLETE could not be judged: its own column, never a FAIL. */
			upm_say(r, "summary: %6u %-10s %6u %5u %5u %5u %10u %4u  %s", s, types[t], total,
				c[UPM_RESULT_PASS], c[UPM_RESULT_WARN], c[UPM_RESULT_FAIL],
				c[UPM_RESULT_INCOMPLETE], c[UPM_RESULT_NA], upm_result_name(worst));
		}
	}
	if (vs->dropped)
		upm_say(r, "summary: %u verdict(s) did not fit in memory: the run is INCOMPLETE", vs->dropped);
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

/* A CSV number: empty when the verdict has none. */
static void csv_number(struct upm_buf *out, double v, int valid)
{
	char num[48] = "";
	if (valid)
		upm_format_double(num, sizeof num, v, 6);
	upm_buf_printf(out, ",%s", num);
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
		if (v->has_measured)
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

void upm_verdicts_csv(const struct upm_verdicts *vs, struct upm_buf *out)
{
	upm_buf_puts(out, "socket,box,instance,check,result,reason,measured,expected,low,high,tolerance,unit,"
			  "register,address,value,written,pass\n");
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		char inst[12] = "";
		if (v->instance >= 0)
			upm_snprintf(inst, sizeof inst, "%d", v->instance);
		upm_buf_printf(out, "%u,%s,%s,%s,%s,\"", v->socket, v->box, inst, v->check,
			       upm_result_name(v->result));
		for (const char *p = v->reason; *p; p++)
			upm_buf_printf(out, "%s", *p == '"' ? "\"\"" : (char[2]){ *p, 0 });
		upm_buf_puts(out, "\"");
		csv_number(out, v->measured, v->has_measured);
		csv_number(out, v->expected, v->has_expected);
		csv_number(out, v->low, v->has_range);
		csv_number(out, v->high, v->has_range);
		csv_number(out, v->tolerance, v->has_range && v->has_expected);
		upm_buf_printf(out, ",%s", v->has_measured ? v->unit : "");
		if (v->has_evidence) {
			upm_buf_printf(out, ",%s,%s", v->reg, v->address);
			csv_hex(out, v->value, v->has_value);
			csv_hex(out, v->written, v->has_written);
		} else {
			upm_buf_puts(out, ",,,,");
		}
		upm_buf_printf(out, ",%u\n", v->pass ? v->pass : 1);
	}
}

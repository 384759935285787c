#include "core/check/verdict.h"
#include "platform/base/os.h"
#include "platform/base/human.h"
#include "platform/base/human_text.h"
#include "core/cli/console_wrap.h"
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

struct upm_verdict *upm_verdict_not_run(struct upm_verdicts *vs, unsigned socket, const char *box, int instance,
					const char *check, const char *fmt, ...)
{
	struct upm_verdict *v = upm_verdict_add(vs, socket, box, instance, check, UPM_RESULT_NA, "not run: ");
	if (!v)
		return NULL;
	v->not_run = 1;
	size_t at = upm_strlen(v->reason);
	va_list ap;
	va_start(ap, fmt);
	upm_vsnprintf(v->reason + at, sizeof v->reason - at, fmt, ap);
	va_end(ap);
	return v;
}

struct upm_verdict *upm_verdict_not_run_after(struct upm_verdicts *vs, const struct upm_verdict *presence,
					      const char *check)
{
	char why[UPM_VERDICT_REASON]; /* a copy: the presence is in the table being added to */
	upm_strlcpy(why, presence->reason, sizeof why);
	return upm_verdict_not_run(vs, presence->socket, presence->box, presence->instance, check, "presence %s%s (%s)",
				   presence->result == UPM_RESULT_FAIL ? "" : "is ",
				   presence->result == UPM_RESULT_FAIL ? "FAILed" : upm_result_name(presence->result), why);
}

void upm_verdict_time(struct upm_verdict *v, uint64_t ns)
{
	if (v && !v->not_run)
		v->ns = ns;
}

void upm_verdicts_time_from(struct upm_verdicts *vs, unsigned first, uint64_t ns)
{
	for (unsigned i = first; i < vs->n; i++)
		if (!vs->v[i].ns)
			upm_verdict_time(&vs->v[i], ns);
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

void upm_verdict_expected(struct upm_verdict *v, double expected, double low, double high, const char *unit)
{
	if (!v)
		return;
	v->has_expected = v->has_range = 1;
	v->expected = expected;
	v->low = low;
	v->high = high;
	v->tolerance = 0;
	upm_strlcpy(v->unit, unit, sizeof v->unit);
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

int upm_result_rank(enum upm_result r)
{
	switch (r) {
	case UPM_RESULT_FAIL: return 4;
	case UPM_RESULT_INCOMPLETE: return 3;
	case UPM_RESULT_WARN: return 2;
	case UPM_RESULT_PASS: return 1;
	default: return 0;
	}
}

enum upm_result upm_verdicts_overall(const struct upm_verdicts *vs)
{
	enum upm_result worst = vs->dropped ? UPM_RESULT_INCOMPLETE : UPM_RESULT_PASS;
	for (unsigned i = 0; i < vs->n; i++)
		if (upm_result_rank(vs->v[i].result) > upm_result_rank(worst))
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

/* A verdict's console lines: its place and check in columns, then the reason with its
 * counts grouped, wrapped within 80 columns; beyond three lines it is cut (verdicts.csv
 * and results.json keep it whole). */
static void verdict_say(struct upm_run *r, const struct upm_verdict *v)
{
	char w[24], reason[sizeof v->reason + sizeof v->reason / 3];
	where(v, w, sizeof w);
	upm_human_text(reason, sizeof reason, v->reason);
	upm_say_wrappedf(r, 5, 3, "%-4s socket %u %-8s %-18s %s", upm_result_name(v->result), v->socket, w,
			 v->check, reason);
}

void upm_verdicts_print(struct upm_run *r, const struct upm_verdicts *vs)
{
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (v->result == UPM_RESULT_PASS || v->result == UPM_RESULT_NA)
			continue;
		verdict_say(r, v);
	}
	upm_verdicts_summary(r, vs);
}

/* The summary's columns: a header and the width its widest cell needs. */
enum { SUM_SOCKET, SUM_BOX, SUM_CHECKS, SUM_PASS, SUM_WARN, SUM_FAIL, SUM_INCOMPLETE, SUM_NA, SUM_RESULT, SUM_N };
static const char *const sum_head[SUM_N] = { "socket", "box", "checks", "pass", "warn", "fail", "incomplete",
					     "n/a", "result" };

struct sum_row {
	char cell[SUM_N][24];
};

static void sum_line(struct upm_run *r, const char *const cell[SUM_N], const unsigned width[SUM_N])
{
	char line[160];
	size_t n = upm_strlcpy(line, "summary:", sizeof line);
	for (int c = 0; c < SUM_N && n < sizeof line; c++) {
		/* The box left-aligned, the result last; counts right-aligned, two spaces apart. */
		if (c == SUM_RESULT)
			n += (size_t)upm_snprintf(line + n, sizeof line - n, "  %s", cell[c]);
		else if (c == SUM_BOX)
			n += (size_t)upm_snprintf(line + n, sizeof line - n, " %-*s", (int)width[c], cell[c]);
		else
			n += (size_t)upm_snprintf(line + n, sizeof line - n, " %*s", (int)width[c] + (c > SUM_BOX),
						  cell[c]);
	}
	upm_say(r, "%s", line);
}

void upm_verdicts_summary(struct upm_run *r, const struct upm_verdicts *vs)
{
	unsigned max_socket = 0;
	for (unsigned i = 0; i < vs->n; i++)
		if (vs->v[i].socket > max_socket)
			max_socket = vs->v[i].socket;
	const char *types[32];
	unsigned nt = box_types(vs, types, 32);
	unsigned width[SUM_N];
	for (int c = 0; c < SUM_N; c++)
		width[c] = (unsigned)upm_strlen(sum_head[c]);
	unsigned cap = (max_socket + 1) * nt, rows = 0;
	struct sum_row *row = upm_os_alloc((size_t)(cap ? cap : 1) * sizeof *row);
	if (!row)
		return;
	for (unsigned s = 0; s <= max_socket; s++) {
		for (unsigned t = 0; t < nt; t++) {
			unsigned c[5] = { 0 }, total = 0;
			/* A row of N/A alone was never judged: N/A, not PASS (as the report's). */
			enum upm_result worst = UPM_RESULT_NA;
			for (unsigned i = 0; i < vs->n; i++) {
				const struct upm_verdict *v = &vs->v[i];
				if (v->socket != s || upm_strcmp(v->box, types[t]) != 0)
					continue;
				c[v->result]++;
				total++;
				if (upm_result_rank(v->result) > upm_result_rank(worst))
					worst = v->result;
			}
			if (!total)
				continue;
			/* INCOMPLETE could not be judged: its own column, never a FAIL. */
			struct sum_row *x = &row[rows++];
			upm_snprintf(x->cell[SUM_SOCKET], sizeof x->cell[0], "%u", s);
			upm_strlcpy(x->cell[SUM_BOX], types[t], sizeof x->cell[0]);
			upm_format_count(x->cell[SUM_CHECKS], sizeof x->cell[0], total);
			upm_format_count(x->cell[SUM_PASS], sizeof x->cell[0], c[UPM_RESULT_PASS]);
			upm_format_count(x->cell[SUM_WARN], sizeof x->cell[0], c[UPM_RESULT_WARN]);
			upm_format_count(x->cell[SUM_FAIL], sizeof x->cell[0], c[UPM_RESULT_FAIL]);
			upm_format_count(x->cell[SUM_INCOMPLETE], sizeof x->cell[0], c[UPM_RESULT_INCOMPLETE]);
			upm_format_count(x->cell[SUM_NA], sizeof x->cell[0], c[UPM_RESULT_NA]);
			upm_strlcpy(x->cell[SUM_RESULT], upm_result_name(worst), sizeof x->cell[0]);
			for (int k = 0; k < SUM_N; k++)
				if (upm_strlen(x->cell[k]) > width[k])
					width[k] = (unsigned)upm_strlen(x->cell[k]);
		}
	}
	sum_line(r, sum_head, width);
	for (unsigned i = 0; i < rows; i++) {
		const char *cell[SUM_N];
		for (int k = 0; k < SUM_N; k++)
			cell[k] = row[i].cell[k];
		sum_line(r, cell, width);
	}
	upm_os_free(row);
	if (vs->dropped) {
		char n[24];
		upm_format_count(n, sizeof n, vs->dropped);
		upm_say_wrappedf(r, 9, 0, "summary: %s verdict(s) did not fit in memory: the run is INCOMPLETE", n);
	}
}

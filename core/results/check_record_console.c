/* The health check's console end, rendered from its results record (check_record.h). */
#include "core/results/check_record.h"
#include "core/cli/last_screen.h"
#include "platform/base/human.h"
#include "platform/base/human_text.h"

void upm_check_record_print(const struct upm_check_record *rec)
{
	struct upm_run *r = rec->run;
	if (rec->safety) { /* what the last session left unsaid, then the abort */
		upm_check_safety_say_rest(r, rec->safety, rec->unrestored_said, rec->dropped_said);
		upm_check_safety_say_abort(r, rec->safety, rec->command);
	}
	if (rec->burnin && rec->burnin->active) { /* each finding once, with its first pass */
		upm_burnin_say_end(r, rec->burnin, rec->verdicts);
		upm_verdicts_summary(r, rec->verdicts);
	} else {
		upm_verdicts_print(r, rec->verdicts);
	}
}

static const char *box_of(const struct upm_verdict *v)
{
	return v->box ? v->box : "";
}

/* The same finding in another pass of a burn-in. */
static int same_finding(const struct upm_verdict *a, const struct upm_verdict *b)
{
	return a->socket == b->socket && a->instance == b->instance && a->result == b->result &&
	       upm_strcmp(box_of(a), box_of(b)) == 0 && upm_strcmp(a->check, b->check) == 0;
}

static enum upm_last_level level_of(enum upm_result r)
{
	return r == UPM_RESULT_FAIL ? UPM_LAST_FAIL : r == UPM_RESULT_INCOMPLETE ? UPM_LAST_INCOMPLETE : UPM_LAST_WARN;
}

/* The last screen (core/cli/last_screen.h): the verdict with its counts, then each
 * finding once (a burn-in's with the pass it first showed in) with its reason. */
static void last_screen(const struct upm_check_record *rec)
{
	struct upm_run *r = rec->run;
	const struct upm_verdicts *vs = rec->verdicts;
	unsigned n[UPM_RESULT_INCOMPLETE + 1] = { 0 };
	for (unsigned i = 0; i < vs->n; i++)
		if ((unsigned)vs->v[i].result < UPM_ARRAY_LEN(n))
			n[vs->v[i].result]++;
	char all[24], dropped[80] = "";
	upm_format_count(all, sizeof all, vs->n);
	if (vs->dropped)
		upm_snprintf(dropped, sizeof dropped, "; %u more did not fit in memory", vs->dropped);
	if (n[UPM_RESULT_FAIL] + n[UPM_RESULT_INCOMPLETE] + n[UPM_RESULT_WARN])
		upm_last_result(r, upm_result_name(rec->verdict), "%u FAIL, %u INCOMPLETE, %u WARN of %s verdicts%s",
				n[UPM_RESULT_FAIL], n[UPM_RESULT_INCOMPLETE], n[UPM_RESULT_WARN], all, dropped);
	else
		upm_last_result(r, upm_result_name(rec->verdict), "no FAIL, INCOMPLETE or WARN in %s verdicts%s", all,
				dropped);
	upm_last_files(r, "verdicts.csv and report.html");
	int passes = rec->burnin && rec->burnin->active;
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (v->result == UPM_RESULT_PASS || v->result == UPM_RESULT_NA)
			continue;
		unsigned seen = 0, later = 0;
		for (unsigned k = 0; k < i && !seen; k++)
			seen = same_finding(&vs->v[k], v);
		if (seen)
			continue;
		for (unsigned k = i + 1; k < vs->n && !later; k++)
			later = same_finding(&vs->v[k], v);
		char where[40], pass[48] = "", reason[sizeof v->reason + sizeof v->reason / 3];
		if (v->instance < 0)
			upm_snprintf(where, sizeof where, "%s", box_of(v));
		else
			upm_snprintf(where, sizeof where, "%s%d", box_of(v), v->instance);
		if (passes)
			upm_snprintf(pass, sizeof pass, " (pass %u%s)", v->pass, later ? " and later" : "");
		upm_human_text(reason, sizeof reason, v->reason);
		upm_last_finding(r, level_of(v->result), "%s socket %u %s %s: %s%s", upm_result_name(v->result), v->socket,
				 where, v->check, reason, pass);
	}
}

void upm_check_record_print_end(const struct upm_check_record *rec)
{
	last_screen(rec); /* said by the files line, just before it */
	upm_say_files(rec->run, 1); /* where the files went, how long it took: just before the verdict */
	upm_say(rec->run, "upmon: %s", upm_result_name(rec->verdict));
}

/* The health check's console end, rendered from its results record (check_record.h). */
#include "core/results/check_record.h"

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

void upm_check_record_print_end(const struct upm_check_record *rec)
{
	upm_say_files(rec->run, 1); /* where the files went, how long it took: just before the verdict */
	upm_say(rec->run, "upmon: %s", upm_result_name(rec->verdict));
}

/* What a session's counts are worth: counts it cannot vouch for get a status of their
 * own (a counter that reads all ones, a clock that did not move, a box that was absent,
 * mismatched or faulted), so every writer shows it in the count's status. */
#ifndef UPMON_CORE_SESSION_VOUCH_H
#define UPMON_CORE_SESSION_VOUCH_H

#include "core/session/session.h"

/* Count statuses beside UPM_OK and the backend's (platform/backend.h). */
enum upm_count_status {
	UPM_COUNT_ALL_ONES = 100, /* the counter read all ones: a dead box or function */
	UPM_COUNT_STUCK,          /* a clock that did not move over its window */
	UPM_COUNT_BOX_ABSENT,     /* its box did not answer */
	UPM_COUNT_BOX_MISMATCH,   /* another device answers where its box should be */
	UPM_COUNT_BOX_FAULT,      /* an access to its box failed */
	UPM_COUNT_NO_BUS,         /* its socket's uncore bus was not found */
	UPM_COUNT_NOT_REPLAYED,   /* its box's access came after a replay diverged */
	UPM_COUNT_DRY_RUN,        /* a dry run: no write was performed, so no counter ran */
	UPM_COUNT_NOT_ON_PART,    /* its box exists only on some parts, not this one (an
				   * EX-only port, a core's CBo past the part's cores): no
				   * finding, and no instance of the totals or a metric */
};

/* "ok", "not counted", "all-ones", "stuck", "box-absent", ... or the backend's name. */
const char *upm_count_status_name(int status);
/* 1 when the spec counts a clock (upm_event_def.clock, upm_box_type.fixed_clock). */
int upm_spec_counts_clock(const struct upm_spec *sp);
/* 1 for the statuses above (counts that must not be used, and say why). */
int upm_count_untrusted(int status);
/* Marks the counts of a finished session it cannot vouch for (statuses above) and says
 * each on the console as a warning. Returns how many. Instances that exist only on some
 * parts (upm_box_type.optional_from) are not a finding when absent. In a dry run every
 * count its reads did not condemn is UPM_COUNT_DRY_RUN instead, said in one line: the
 * dry run is one cause, no finding (not counted among those returned). */
unsigned upm_session_vouch(struct upm_session *s);
/* upm_session_vouch for a command that ends with the session: when counts cannot be
 * trusted, one warning more says how many ("upmon: warning: WHO: N counts cannot be
 * trusted (...)", then ": CONSEQUENCE" when not NULL), and an exit status of
 * UPM_EXIT_OK becomes UPM_EXIT_WARN. Returns the exit status. */
int upm_session_vouch_warn(struct upm_session *s, const char *who, const char *consequence, int status);

#endif

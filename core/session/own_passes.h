/* After a session's passes (part of room session): the counts are laid out with a slot for
 * every count in every pass, and each pass fills only its own; what is kept is each
 * pass's own counts, for the register session (session.c) and perf's (session_pmu.c). */
#ifndef UPMON_CORE_SESSION_OWN_PASSES_H
#define UPMON_CORE_SESSION_OWN_PASSES_H

#include "core/session/session.h"

/* Keeps in s->counts only the counts in their own pass's slots (per_pass slots a pass). */
void upm_session_keep_own_passes(struct upm_session *s, unsigned per_pass);

#endif

/* The run's box instances on platforms Intel's uncore discovery tables place
 * (upm_platform.discovered): the tables found once through the backend, before any
 * session, and the run's platform built from them. Part of the session room. */
#ifndef UPMON_CORE_SESSION_DISC_RUN_H
#define UPMON_CORE_SESSION_DISC_RUN_H

#include "core/cli/invocation.h"
#include "platform/discovery.h"

/* Finds the tables (upm_disc_find) and points r->platform at the platform built from
 * them (held in r->sessions until upm_disc_run_end). Every record a table skipped and
 * every one the build did not use is one warning naming it (a finding of the run); no
 * table at all is one warning saying why, and the boxes are then absent with that
 * reason (core/session/session.c). Nothing for other platforms. */
void upm_disc_run(struct upm_run *r);
/* What upm_disc_run does with the tables once found (set): each skipped record said, the
 * run's platform built. For tests, with hand-built tables. */
void upm_disc_take(struct upm_run *r, const struct upm_disc_set *set);
/* Releases the built platform (r->platform back to the registered one). */
void upm_disc_run_end(struct upm_run *r, const struct upm_platform *registered);

#endif

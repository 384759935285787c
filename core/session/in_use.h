/* Counters another agent runs (part of room session): on an installed Linux machine the
 * kernel's uncore driver programs the same boxes for perf, and two programs counting on
 * one box spoil each other's counts (intel/pcm#411). Before a session writes anything, a
 * read of every counter control of the boxes it takes shows a counter whose enable bit is
 * set: someone counts there. */
#ifndef UPMON_CORE_SESSION_IN_USE_H
#define UPMON_CORE_SESSION_IN_USE_H

#include "core/session/session.h"

/* With --backend linux: reads (never writes) each taken box's counter controls on its own
 * socket; the first one enabled stops the session: -1 with s->error naming the box, the
 * register, its value and perf's PMU for it. 0 otherwise, and on every other backend but a
 * replay of a Linux run, which reads as it did (the firmware leaves counters as it will: a
 * finding of the self-test there, not a refusal). */
int upm_session_refuse_in_use(struct upm_session *s);

#endif

/* What the health check's commands (`check`, `selftest`) report about the machine's
 * safety, gathered across every session they run and given in the shape `run` gives for
 * its one session (core/session/session_safety.c), so a lab parser reads both alike:
 *   - registers that could not be put back: "NOT RESTORED" on the console as soon as a
 *     session ends, a FAIL verdict "pmu restore" per socket naming them, and
 *     results.json "unrestored" (each register once, with the value it held first);
 *   - sockets whose processor did not answer: results.json "sockets_skipped", and what
 *     failed on them only because of it is INCOMPLETE (not judged), not FAIL;
 *   - ESC or Ctrl-C: results.json "aborted", no stage starts after it (safe points:
 *     before the self-test, before each kernel; a session stops between passes), the
 *     verdicts it cut short are INCOMPLETE, and the exit status is 5;
 *   - a replay that diverged from its recording: one FAIL "replay divergence", and what
 *     else did not pass (N/A too) is not judged (INCOMPLETE): nothing after it read the
 *     recording.
 * cmd_check.c sets run->safety for the command's length; without one (library use in
 * tests) a session's restore failures still become a verdict at once. */
#ifndef UPMON_CORE_CHECK_SAFETY_H
#define UPMON_CORE_CHECK_SAFETY_H

#include "core/session/session.h"
#include "core/check/verdict.h"

#define UPM_CHECK_MAX_UNRESTORED 1024 /* a lost socket leaves ~180 (Xeon E5-2600) */

struct upm_check_safety {
	int aborted;                      /* ESC/Ctrl-C seen at a safe point or in a session */
	char aborted_in[48];              /* "during kernel read", "before the self-test" */
	uint8_t skipped[UPM_MAX_SOCKETS]; /* sockets whose processor did not answer */
	struct upm_unrestored list[UPM_CHECK_MAX_UNRESTORED]; /* each register once */
	char stage[UPM_CHECK_MAX_UNRESTORED][24]; /* where it failed: "the self-test" */
	unsigned n, said;                 /* recorded; already on the console */
	unsigned dropped, dropped_said;   /* more than the list holds */
};

/* Stages are named as the check names them: "selftest", "idle", "kernels" (all of them),
 * a kernel's label ("read", "read-remote") or a burn-in's pass ("pass 3"). */

/* After one session of the check or self-test: its unrestored registers (said on the
 * console at once, as `run` says them), its silent sockets and its abort are recorded
 * in r->safety; with none, its restore failures become a "pmu restore" verdict in vs. */
void upm_check_safety_session(struct upm_run *r, struct upm_verdicts *vs, const struct upm_session *s,
			      const char *stage);
/* A register written outside the session's save and restore (the self-test's register
 * tests) that could not be written back to value. May run on any processor: records
 * only (said with the next session, or at the end). width: a counter's width, 0 for a
 * control (a counter wider than 32 bits is two dwords on PCI, as the session writes it). */
void upm_check_safety_register(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
			       unsigned width, uint64_t value, int rc, const char *stage);
/* The socket's processor did not answer outside a session. */
void upm_check_safety_socket_lost(struct upm_run *r, unsigned socket);
/* A safe point before `next` starts: 1 when ESC/Ctrl-C was seen (recorded, with where). */
int upm_check_safety_stop(struct upm_run *r, const char *next);
/* After an aborted self-test (verdicts from index `first` on): the counters did not get
 * their time, so the counting tests' verdicts (count, disable, freeze, reset, wrap) are
 * left out, with one INCOMPLETE "selftest.counting" verdict per socket saying so, and a
 * presence judged from them (dead, unpopulated) becomes INCOMPLETE. */
void upm_check_safety_void_counting(struct upm_verdicts *vs, unsigned first);

/* Says what is not yet on the console (and counts it said); then, once aborted, the
 * one line saying so. */
void upm_check_safety_say(struct upm_run *r);
/* Says cs's registers from list index `said` on and those dropped beyond dropped_said
 * (the check's results record says how far the console got), changing nothing. */
void upm_check_safety_say_rest(struct upm_run *r, const struct upm_check_safety *cs, unsigned said,
			       unsigned dropped_said);
void upm_check_safety_say_abort(struct upm_run *r, const struct upm_check_safety *cs, const char *command);
/* The verdicts the facts imply: "pmu restore" FAIL per socket naming the registers; a
 * socket's "processor" INCOMPLETE (no answer: nothing measured, expected within
 * UPM_OS_SOCKET_TIMEOUT_MS) and what failed there only because it did not answer turned
 * INCOMPLETE; COMMAND "aborted" INCOMPLETE (measured: the passes done; expected: the
 * passes planned, 0 when none were, a burn-in by duration). command: a string that
 * outlives vs. */
void upm_check_safety_verdicts(const struct upm_check_safety *cs, struct upm_verdicts *vs,
			       const char *command, unsigned passes_done, unsigned passes_planned);
/* A replay that diverged (divergence: the first access that differed): every verdict but
 * PASS becomes INCOMPLETE "not judged", and one FAIL "replay divergence"
 * on socket 0 names the access, so the cause is one FAIL. */
void upm_check_safety_replay_diverged(struct upm_verdicts *vs, const char *divergence);

#endif

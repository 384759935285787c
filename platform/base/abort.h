/* The user's abort (ESC or Ctrl-C during a run): polled at safe points, latched.
 *
 * A measured interval (the idle wait, a stress kernel's outer loop) calls
 * upm_abort_check() every few milliseconds and ends early when it returns 1; the
 * session then reads what was counted, stops starting passes, restores every register,
 * and the command saves the partial results marked "aborted": true and exits with
 * UPM_EXIT_ABORTED. Safe on any processor: only the bootstrap processor polls the
 * console, the others see the latched flag. */
#ifndef UPMON_CORE_ABORT_H
#define UPMON_CORE_ABORT_H

#include <stdint.h>

/* 1 once an abort was requested (polls the environment until then). */
int upm_abort_check(void);
/* Sleeps ns in slices, polling; returns 1 (early) when aborted. */
int upm_abort_sleep(uint64_t ns);
/* Latches a request as ESC or Ctrl-C would (the mock's esc@passN fault). */
void upm_abort_request(void);
/* Forgets a request (tests; each upm_main starts clean). */
void upm_abort_reset(void);

#endif

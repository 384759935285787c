/* Proof of the fault guard before the hardware backend touches a register: absent boxes
 * are found by catching #GP, so without a working guard the first absent MSR would kill
 * the processor (and, with the watchdog off, hang the machine). A harmless access that
 * must fault, a load from a non-canonical address (it reaches no device on any
 * machine), has to come back as UPM_EFAULT: on the bootstrap processor before anything
 * else, then on one processor of every socket; a socket whose processor does not come
 * back, or comes back without the fault, is skipped for the run and said so. */
#ifndef UPMON_CORE_GUARD_PROOF_H
#define UPMON_CORE_GUARD_PROOF_H

#include "core/cli/invocation.h"
#include "core/session/run_sessions.h"

#define UPM_GUARD_PROBE_ADDR 0x8000000000000000ull /* non-canonical: #GP on x86-64 */

/* On the calling processor. 0, or -1 with a one-line reason in why. */
int upm_guard_prove_here(struct upm_run *r, char *why, unsigned long why_size);
/* On one processor of each of the run's sockets: r->sessions->socket_unguarded[s] set and a line
 * said for each socket that failed. Returns how many failed. */
unsigned upm_guard_prove_sockets(struct upm_run *r);

#endif

/* The replay backend: serves a run from a trace recorded with --trace (platform/trace.h),
 * so a field machine's trace becomes a regression test on any machine.
 *
 * Reads are answered from the recording per processor (APIC ID), space and address, in
 * the recorded order (a faulted read faults again); writes are compared with the
 * recorded writes to the same processor and address, in order. CPUID and the ECAM
 * window come from the trace's header. The first access that differs from the recording
 * (a read or write it does not have, a written value that differs) is the divergence:
 * one line naming the access, kept; from then on every access fails with UPM_EDIVERGED. */
#ifndef UPMON_PLATFORM_REPLAY_H
#define UPMON_PLATFORM_REPLAY_H

#include "platform/backend.h"
#include <stddef.h>

/* Parses the trace text (copied as needed; text may be freed after). NULL with a
 * one-line reason in err when it is not a complete upmon trace. */
struct upm_backend *upm_replay_create(const char *text, size_t len, char *err, size_t err_size);
int upm_replay_is(struct upm_backend *b);
/* The replay backend b is, or wraps (a --trace of a replay); NULL when there is none. */
struct upm_backend *upm_replay_find(struct upm_backend *b);
/* The first divergence, or NULL while the run follows the recording. */
const char *upm_replay_divergence(struct upm_backend *b);
/* The source revision of the upmon that recorded the trace, or NULL when its header
 * does not name one (traces from before it did). */
const char *upm_replay_recorded_revision(struct upm_backend *b);
/* The backend the trace was recorded from ("hw", "mock"; NULL when its header does not
 * say), and in *dry_run whether that run was a dry run, whose counters never ran. */
const char *upm_replay_recorded_backend(struct upm_backend *b, int *dry_run);
/* 1 when the recording's mock had faults injected: the run then made the accesses a run
 * with mock faults makes (core/commands/microcode.c reads no socket's revision). */
int upm_replay_recorded_mock_faults(struct upm_backend *b);
/* The mock faults the recording had injected, as its header gave them, or NULL. */
const char *upm_replay_recorded_faults(struct upm_backend *b);
/* The sockets the recording ran on: the highest socket a record names, plus one (0: no
 * record). A record names the socket of the processor that made the access, and every
 * platform has MSR boxes, which each socket's own processor programs. */
unsigned upm_replay_recorded_sockets(struct upm_backend *b);
/* Recorded accesses the run did not make (0 when it made them all). */
unsigned upm_replay_unused(struct upm_backend *b);

#endif

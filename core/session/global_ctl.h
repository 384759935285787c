/* The platform's global control (upm_platform.global, one MSR per socket): it stops
 * every box of the socket before they are programmed or read and starts them after they
 * are unfrozen. A failure of it is the socket's finding, said on each box it governs
 * (by_global). Part of the session room; each call does nothing on a platform without
 * one. */
#ifndef UPMON_CORE_GLOBAL_CTL_H
#define UPMON_CORE_GLOBAL_CTL_H

#include "core/session/session.h"

/* Reads the control before anything is written (a write-only one is not read: its
 * restore value stands for it); reading all ones, or failing, puts the socket's boxes out
 * of use. */
void upm_global_save(struct upm_session *s, unsigned socket);
/* Writes v in the control's mask bits, the found value elsewhere; `what` names the step
 * in a failure. 1 when written. */
int upm_global_write(struct upm_session *s, unsigned socket, uint64_t v, const char *what);
/* After the start: the enable a read can show must read set (not in a dry run). */
void upm_global_check_start(struct upm_session *s, unsigned socket);
/* Stops the socket before its boxes' values go back, when it may be running. */
void upm_global_stop_for_restore(struct upm_session *s, unsigned socket);
/* Writes the found value back (with the platform's restore bits). */
void upm_global_restore(struct upm_session *s, unsigned socket);

#endif

/* The session's save record (struct upm_saved_reg in session.h): every register a
 * session will write is read first, and goes back as found when the session ends, also
 * after an error. Part of the session room. */
#ifndef UPMON_CORE_SAVE_RESTORE_H
#define UPMON_CORE_SAVE_RESTORE_H

#include "core/session/session.h"

/* Saves the registers of b the session will touch; a first read that faults puts the box
 * out of use (absent where no register of it answers) and saves nothing of it. */
void upm_session_save_box(struct upm_session *s, struct upm_box_inst *b);
/* Writes back what was saved of b, frozen while it does, gated registers while their gate
 * is clear and a write-only box control last; records each register's status. */
void upm_session_restore_box(struct upm_session *s, struct upm_box_inst *b);

#endif

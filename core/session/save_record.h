/* The save record's entries (struct upm_saved_reg in session.h) as the register access and
 * the restore both reach them: found by register, marked when the session enabled a
 * control. Below box_regs.c and save_restore.c. Part of the session room. */
#ifndef UPMON_CORE_SAVE_RECORD_H
#define UPMON_CORE_SAVE_RECORD_H

#include "core/session/session.h"

/* The saved entry of register addr of b (not on its filter function), or NULL. */
struct upm_saved_reg *upm_saved_at(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr);
/* A write of v to register addr of b succeeded: a counter control written with its
 * enable set is marked in the save record. */
void upm_session_note_enabled(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr, uint64_t v);

#endif

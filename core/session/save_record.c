/* The save record's entries (save_record.h). */
#include "core/session/save_record.h"

struct upm_saved_reg *upm_saved_at(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr)
{
	for (unsigned i = 0; addr != UPM_NO_REG && i < s->n_saved; i++)
		if (s->saved[i].box == b && s->saved[i].addr == addr && !s->saved[i].on_filter_fn)
			return &s->saved[i];
	return NULL;
}

/* A counter control written with its enable set: it marks the saved control (the restore
 * asks whether the session ever enabled it). */
void upm_session_note_enabled(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr, uint64_t v)
{
	const struct upm_box_type *t = b->type;
	uint64_t en = 0;
	for (unsigned i = 0; i < t->n_ctrs && !en; i++)
		en = t->ctl[i] == addr ? upm_field_mask(t->ctl_layout.en) : 0;
	if (!en && t->fixed_ctr != UPM_NO_REG && t->fixed_ctl == addr)
		en = upm_field_mask(t->fixed_en);
	if (!(v & en))
		return;
	struct upm_saved_reg *r = upm_saved_at(s, b, addr);
	if (r)
		r->enabled = 1;
}

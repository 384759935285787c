/* What the session saves before it writes a box, and how it puts it back
 * (save_restore.h). */
#include "core/session/save_restore.h"
#include "core/session/save_record.h"
#include "core/events/subcfg.h"

/* A register of an MSR box other than addr (its first counter, else its first control; the
 * fixed pair where it has no general counters): 0 where it has none. */
static uint32_t another_register(const struct upm_box_type *t, uint32_t addr)
{
	uint32_t ctr = t->n_ctrs ? t->ctr[0] : t->fixed_ctr, ctl = t->n_ctrs ? t->ctl[0] : t->fixed_ctl;
	return addr != ctr ? ctr : ctl != addr ? ctl : 0;
}

static void save_reg(struct upm_session *s, struct upm_box_inst *b, uint32_t addr, int filter_fn,
		     int dwords, int write_only)
{
	if (b->state != UPM_BOX_OK || s->n_saved >= s->cap_saved)
		return;
	struct upm_saved_reg *r = &s->saved[s->n_saved];
	upm_memset(r, 0, sizeof *r);
	r->box = b;
	r->addr = addr;
	r->on_filter_fn = (uint8_t)filter_fn;
	r->dwords = (uint8_t)dwords;
	r->write_only = (uint8_t)write_only;
	r->counts_on_ctl = UPM_NO_REG;
	int rc = UPM_OK;
	if (write_only)
		r->value = 0; /* write-only: its reset value is what software left unset */
	else if (dwords == 2)
		rc = upm_box_ctr_read(s, b, addr, 64, &r->value);
	else
		rc = upm_box_reg_read(s, b, addr, &r->value, filter_fn);
	if (rc != UPM_OK) {
		/* The first access to an MSR box tells whether this part has it: a #GP there and
		 * at another register of the box is a box the part lacks; one that answers
		 * elsewhere is there and faulting (as the self-test's presence probe has it). */
		uint32_t other = 0;
		uint64_t v;
		if (rc == UPM_EFAULT && b->type->space == UPM_SPACE_MSR) {
			other = another_register(b->type, addr);
			if (other && upm_box_reg_read(s, b, other, &v, 0) != UPM_OK)
				other = 0;
			b->state = other ? UPM_BOX_FAULT : UPM_BOX_ABSENT;
		} else {
			b->state = UPM_BOX_FAULT;
		}
		b->not_replayed = rc == UPM_EDIVERGED;
		if (!filter_fn) /* a register of the filter function: said by the reason alone */
			upm_box_failed_reg(b, "saved register", addr, 0, 0);
		char answers[40] = "";
		if (other)
			upm_snprintf(answers, sizeof answers, " (0x%x answers: the box is there)",
				     upm_box_reg_addr(b, other));
		upm_snprintf(b->why, sizeof b->why, "reading 0x%x: %s%s%s",
			     upm_box_reg_addr(b, addr), upm_status_name(rc),
			     b->state == UPM_BOX_ABSENT ? " (not on this part)" : "", answers);
		/* Drop what was saved of this box: nothing of it will be written. */
		while (s->n_saved && s->saved[s->n_saved - 1].box == b)
			s->n_saved--;
		return;
	}
	s->n_saved++;
}

/* The counter value just saved, corrected like a read (UPM_SESS_READ_ERRATUM_24), so
 * the restore writes the count and not the erratum's error. */
static void erratum_fix_saved(struct upm_session *s, struct upm_box_inst *b)
{
	struct upm_saved_reg *r = s->n_saved ? &s->saved[s->n_saved - 1] : NULL;
	if (r && r->box == b && (b->type->session & UPM_SESS_READ_ERRATUM_24) &&
	    (r->value & 0xFFFFFFu) <= 1 && r->value >= 0x1000000u)
		r->value -= 0x1000000u;
}

void upm_session_save_box(struct upm_session *s, struct upm_box_inst *b)
{
	const struct upm_box_type *t = b->type;
	/* Counters of PCI boxes and of placed MMIO units: two dwords (a 64-bit load). */
	int pci48 = t->space == UPM_SPACE_PCI || (t->space == UPM_SPACE_MMIO && t->placed) ? 2 : 1;
	unsigned first = s->n_saved;
	/* A per-counter enable is readable and goes back as found; one that lives in the
	 * global control goes back with it. */
	if (t->box_ctl != UPM_NO_REG && !(t->session & UPM_SESS_ENABLE_IN_GLOBAL))
		save_reg(s, b, t->box_ctl, 0, 1, !(t->session & UPM_SESS_BOX_ENABLE_MASK));
	/* A reset at the box (or of the socket) clears every counter of the box, not only
	 * those in use: where the guide lets software write the counters, each goes back. */
	int reset_clears_all = (t->session & (UPM_SESS_RESET_BIT | UPM_SESS_GLOBAL_RESET)) && t->ctr_writable;
	for (unsigned i = 0; i < t->n_ctrs; i++) {
		int used = (b->ctr_used >> i) & 1;
		if (!used && !reset_clears_all)
			continue;
		if (used)
			save_reg(s, b, t->ctl[i], 0, 1, 0);
		save_reg(s, b, t->ctr[i], 0, pci48, 0);
		erratum_fix_saved(s, b);
	}
	for (unsigned id = 0; id < upm_sub_n_ids(t); id++)
		if ((b->filter_used >> id) & 1)
			save_reg(s, b, upm_sub_addr0(t, id), 1, 1, 0);
	if (b->fixed_used) {
		save_reg(s, b, t->fixed_ctl, 0, 1, 0);
		save_reg(s, b, t->fixed_ctr, 0, pci48, 0);
		erratum_fix_saved(s, b);
	} else if (reset_clears_all && (t->session & UPM_SESS_GLOBAL_RESET) && t->fixed_ctr != UPM_NO_REG) {
		save_reg(s, b, t->fixed_ctr, 0, pci48, 0); /* rst_all clears it too (002 2.1.3 a) */
		erratum_fix_saved(s, b);
	}
	if (b->state != UPM_BOX_OK)
		s->n_saved = first;
}

/* The gate field of a saved filter register (upm_filter_reg_info.gate), 0 when none. */
static uint64_t saved_gate(const struct upm_box_type *t, const struct upm_saved_reg *r)
{
	for (unsigned id = 0; r->on_filter_fn && id < upm_sub_n_ids(t); id++)
		if (upm_sub_gate(t, id) && upm_sub_addr0(t, id) == r->addr)
			return upm_sub_gate(t, id);
	return 0;
}

/* A counter written back behind its control that was not, when the session had enabled
 * that control: the control may still enable it, so the value it got does not stay. It
 * is not restored either, for the control's reason, and says which control that is. */
static void mark_counting_on(struct upm_session *s, const struct upm_box_inst *b)
{
	const struct upm_box_type *t = b->type;
	for (unsigned i = 0; i <= t->n_ctrs; i++) {
		uint32_t ctl = i < t->n_ctrs ? t->ctl[i] : t->fixed_ctl;
		uint32_t ctr = i < t->n_ctrs ? t->ctr[i] : t->fixed_ctr;
		struct upm_saved_reg *c = upm_saved_at(s, b, ctl), *v = upm_saved_at(s, b, ctr);
		if (!c || !v || !c->enabled || c->restored == UPM_OK || v->restored != UPM_OK)
			continue;
		v->restored = c->restored;
		v->counts_on_ctl = ctl;
		s->restore_failures++;
	}
}

void upm_session_restore_box(struct upm_session *s, struct upm_box_inst *b)
{
	const struct upm_box_type *t = b->type;
	int saved_any = 0;
	for (unsigned i = 0; i < s->n_saved; i++)
		saved_any |= s->saved[i].box == b;
	if (!saved_any) /* never touched: absent, mismatched, or faulted on the first read */
		return;
	if (b->type->space == UPM_SPACE_PCI && upm_pci_box_gone(s, b)) {
		upm_session_mark_unrestored(s, b, UPM_EABSENT);
		return;
	}
	/* Freeze while the old values go back, then write the box control last. */
	(void)upm_box_freeze(s, b, 1);
	struct upm_saved_reg *box_ctl = NULL;
	/* Registers a gate guards go back while it is clear: cleared first, restored last. */
	for (unsigned i = 0; i < s->n_saved; i++)
		if (s->saved[i].box == b && saved_gate(t, &s->saved[i]))
			(void)upm_box_reg_write(s, b, s->saved[i].addr, s->saved[i].value & ~saved_gate(t, &s->saved[i]), 1);
	for (unsigned pass = 0; pass < 2; pass++) {
		for (unsigned i = 0; i < s->n_saved; i++) {
			struct upm_saved_reg *r = &s->saved[i];
			if (r->box != b || (pass == 0) != !saved_gate(t, r))
				continue;
			if (r->write_only) {
				box_ctl = r;
				continue;
			}
			r->restored = r->dwords == 2 ? upm_box_ctr_write(s, b, r->addr, 64, r->value)
					 : r->on_filter_fn ? upm_box_reg_write(s, b, r->addr, r->value, 1)
							   : upm_box_reg_write(s, b, r->addr, r->value, 0);
			s->restore_failures += r->restored != UPM_OK;
		}
	}
	if (box_ctl) {
		box_ctl->restored = upm_box_reg_write(s, b, box_ctl->addr,
					      box_ctl->value | upm_field_mask(t->box_ctl_layout.write_ones), 0);
		s->restore_failures += box_ctl->restored != UPM_OK;
	}
	/* A function that left the bus meanwhile took none of the writes (a configuration
	 * write to a function that is gone is dropped without an error). */
	if (b->type->space == UPM_SPACE_PCI && upm_pci_box_gone(s, b))
		upm_session_mark_unrestored(s, b, UPM_EABSENT);
	mark_counting_on(s, b);
}

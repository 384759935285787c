/* What the self-test's parts share (selftest_state.h): the tests' names, how a finding is
 * noted, a box's slots and their control fields, whether the traffic feed runs. Below the
 * run (selftest.c) and its parts, which all use it and which it never calls. */
#include "core/check/selftest_state.h"
#include "platform/base/os.h"
#include "core/events/subcfg.h"
#include <stdarg.h>

const char *const upm_st_test_names[T_N] = {
	"presence", "selftest.ctl", "selftest.ctr", "selftest.count",
	"selftest.disable", "selftest.freeze", "selftest.reset", "selftest.wrap",
};

int upm_st_note(struct st_result *t, enum upm_result r, const char *fmt, ...)
{
	if (t->set && (r == UPM_RESULT_PASS || (t->result == UPM_RESULT_FAIL && r != UPM_RESULT_FAIL)))
		return 0;
	if (t->set && t->result == r)
		return 0;
	t->set = 1;
	t->result = r;
	upm_memset(&t->ev, 0, sizeof t->ev);
	va_list ap;
	va_start(ap, fmt);
	upm_vsnprintf(t->reason, sizeof t->reason, fmt, ap);
	va_end(ap);
	return 1;
}

int upm_st_slot_of(const struct upm_session *s, const struct upm_box_inst *b, unsigned k,
		   struct slot *o)
{
	const struct upm_box_type *t = b->type;
	const struct upm_spec *sp = &s->specs[b->spec_idx[k]];
	if (sp->kind == UPM_SPEC_GENERAL) {
		o->counter = b->place[k].counter;
		o->ctr = t->ctr[o->counter];
		o->ctl = t->ctl[o->counter];
		o->width = t->ctr_width;
		/* As the session wrote it: in a second home the event select moves (the
		 * R-Box's alt_ev_add), and the read-back and the disable must see that one. */
		o->ctl_value = upm_spec_ctl(sp, b->place[k].home);
		o->en_mask = upm_field_mask(t->ctl_layout.en);
		return 1;
	}
	if (sp->kind == UPM_SPEC_FIXED) {
		o->counter = -1;
		o->ctr = t->fixed_ctr;
		o->ctl = t->fixed_ctl;
		o->width = t->fixed_width;
		o->en_mask = upm_field_mask(t->fixed_en);
		o->ctl_value = o->en_mask;
		return 1;
	}
	return 0;
}

uint64_t upm_st_width_mask(unsigned w)
{
	return w >= 64 ? ~0ull : (1ull << w) - 1;
}

void upm_st_slot_name(const struct slot *sl, char *buf, size_t n)
{
	if (sl->counter < 0)
		upm_strlcpy(buf, "fixed", n);
	else
		upm_snprintf(buf, n, "ctr%d", sl->counter);
}

/* The read-write fields of a counter control: every field the table defines except the
 * write-only reset and the enable (so nothing counts while patterns sit there). */
uint64_t upm_st_ctl_rw_mask(const struct upm_box_type *t)
{
	const struct upm_ctl_layout *l = &t->ctl_layout;
	return upm_field_mask(l->ev_sel) | upm_field_mask(l->umask) | upm_field_mask(l->ev_sel_ext) |
	       upm_field_mask(l->edge) | upm_field_mask(l->invert) | upm_field_mask(l->thresh) |
	       upm_field_mask(l->tid_en) | upm_field_mask(l->ov_en) | upm_field_mask(l->occ_sel) |
	       upm_field_mask(l->occ_invert) | upm_field_mask(l->occ_edge);
}

/* A control (nm at reg) that did not read back what was written: selftest.ctl's FAIL
 * names the lowest bit of diff that differs, "<did> 0x<written><why>, read 0x<shown>",
 * with the register as read and the value written as evidence. */
void upm_st_ctl_not_kept(struct st_box *sb, const struct upm_box_inst *b, const char *nm, uint32_t reg,
			 const char *did, const char *why, uint64_t written, uint64_t read, uint64_t shown,
			 uint64_t diff)
{
	unsigned bit = 0;
	while (!((diff >> bit) & 1))
		bit++;
	if (upm_st_note(&sb->t[T_CTL], UPM_RESULT_FAIL, "%s 0x%x bit %u %s: %s 0x%llx%s, read 0x%llx", nm,
			upm_box_reg_addr(b, reg), bit, (written >> bit) & 1 ? "does not set" : "does not clear", did,
			(unsigned long long)written, why, (unsigned long long)shown)) {
		upm_st_ev_reg(&sb->t[T_CTL].ev, b, nm, reg, 1, read);
		upm_st_ev_written(&sb->t[T_CTL].ev, written);
	}
}

int upm_st_no_traffic(const struct st_ctx *c)
{
	return !c->plan || c->traffic_failed;
}

int upm_st_quiet(const struct st_ctx *c, const struct upm_box_inst *b, unsigned k)
{
	return b->spec_idx[k] >= c->quiet_from || (b->spec_idx[k] >= c->traffic_from && upm_st_no_traffic(c));
}

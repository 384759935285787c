/* The counting tests (selftest_state.h), one phase at a time on every box of a socket,
 * inside the session's measured interval: the controls still hold what was programmed,
 * each counter counts, holds still frozen and disabled, reads zero after its reset, and
 * wraps near its width with its overflow status set and cleared. */
#include "core/check/selftest_state.h"
#include "platform/base/os.h"

/* The evidence of a slot's counter (its name: ctrN or fixed) holding value. */
static void ev_counter(struct upm_st_ev *e, const struct upm_box_inst *b, const struct slot *sl, uint64_t value)
{
	char nm[12];
	upm_st_slot_name(sl, nm, sizeof nm);
	upm_st_ev_reg(e, b, nm, sl->ctr, 1, value);
}

/* Counting: the count over the step, expected above 0 (at most the counter's range). */
static void count_ev(struct upm_st_ev *e, const struct upm_box_inst *b, const struct slot *sl, uint64_t delta,
		     uint64_t now)
{
	upm_st_ev_range(e, (double)delta, 1, (double)upm_st_width_mask(sl->width), "counts");
	ev_counter(e, b, sl, now);
}

/* Held still (frozen, disabled): the counter read after the step against before it. */
static void held_ev(struct upm_st_ev *e, const struct upm_box_inst *b, const struct slot *sl, uint64_t before,
		    uint64_t after)
{
	upm_st_ev_exact(e, (double)after, (double)before, "count");
	ev_counter(e, b, sl, after);
}

/* How a box stops: its own freeze, else the platform's stop, else nothing. */
static int can_freeze(const struct upm_session *s, const struct upm_box_inst *b)
{
	return (b->type->session & UPM_SESS_BOX_FREEZE) || s->run->platform->global;
}

void upm_st_read_slots(struct st_ctx *c, struct upm_box_inst *b, unsigned bi, unsigned snap)
{
	for (unsigned k = 0; k < b->n; k++) {
		struct slot sl;
		if (b->place[k].pass != c->pass || !upm_st_slot_of(c->s, b, k, &sl))
			continue;
		uint64_t v = 0;
		if (upm_box_ctr_read(c->s, b, sl.ctr, sl.width, &v) != UPM_OK)
			v = ~0ull;
		c->snap[bi][k][snap] = v;
	}
}

/* The slots of this pass that the counting tests judge. */
static unsigned counting_slots(const struct st_ctx *c, const struct upm_box_inst *b)
{
	unsigned n = 0;
	for (unsigned k = 0; k < b->n; k++)
		n += b->place[k].pass == c->pass && !upm_st_quiet(c, b, k);
	return n;
}

/* Where the box control holds a per-counter enable (the Xeon 7500's and E7's
 * *_PMON_GLOBAL_CTL), the enables of this pass's counters read back set once counting; a
 * counter whose enable did not set is silent for that reason (its control's finding). */
static void box_enables_kept(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb)
{
	const struct upm_box_type *t = b->type;
	const struct upm_box_ctl_layout *bl = &t->box_ctl_layout;
	if (!(t->session & UPM_SESS_BOX_ENABLE_MASK) || (t->session & UPM_SESS_ENABLE_IN_GLOBAL) ||
	    t->box_ctl == UPM_NO_REG)
		return;
	uint64_t mine = 0, want = 0, r = 0;
	int fixed = 0;
	for (unsigned k = 0; k < b->n; k++) {
		struct slot sl;
		if (b->place[k].pass != c->pass || !upm_st_slot_of(c->s, b, k, &sl))
			continue;
		if (sl.counter >= 0)
			mine |= 1ull << sl.counter;
		else
			fixed = 1;
	}
	want = upm_field_put(bl->ctr_en, mine) | (fixed ? upm_field_mask(bl->fixed_ctr_en) : 0);
	if (!want || upm_box_reg_read(c->s, b, t->box_ctl, &r, 0) != UPM_OK || (r & want) == want)
		return;
	uint64_t lost = want & ~r;
	for (unsigned i = 0; i < t->n_ctrs; i++)
		if ((mine >> i) & 1 && (upm_field_put(bl->ctr_en, 1ull << i) & lost))
			sb->ctl_bad |= 1ull << i;
	if (fixed && (upm_field_mask(bl->fixed_ctr_en) & lost))
		sb->fixed_ctl_bad = 1;
	upm_st_ctl_not_kept(sb, b, "box ctl", t->box_ctl, "enabled", " to count", want, r, r, lost);
}

/* Once counting: every control programmed for this pass still holds its event and its
 * enable. The pattern test never sets the enable (nothing may count while patterns sit
 * there), so an enable bit that never sets shows here, also on boxes whose counting is not
 * judged (register-only), and a silent counter behind it is that control's finding. */
static void controls_kept(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb)
{
	char nm[12];
	for (unsigned k = 0; k < b->n; k++) {
		struct slot sl;
		uint64_t r = 0;
		if (b->place[k].pass != c->pass || !upm_st_slot_of(c->s, b, k, &sl))
			continue;
		uint64_t mask = sl.counter < 0 ? sl.en_mask : upm_st_ctl_rw_mask(b->type) | sl.en_mask;
		upm_snprintf(nm, sizeof nm, sl.counter < 0 ? "fixed ctl" : "ctl%d", sl.counter);
		int rc = upm_box_reg_read(c->s, b, sl.ctl, &r, 0);
		uint64_t diff = rc == UPM_OK ? (r ^ sl.ctl_value) & mask : 0;
		if (rc == UPM_OK && !diff)
			continue;
		if (sl.counter >= 0)
			sb->ctl_bad |= 1ull << sl.counter;
		else
			sb->fixed_ctl_bad = 1;
		sb->fixed_ctl_unread |= sl.counter < 0 && rc != UPM_OK;
		if (rc != UPM_OK) {
			if (upm_st_note(&sb->t[T_CTL], UPM_RESULT_FAIL, "reading %s 0x%x while counting: %s", nm,
					upm_box_reg_addr(b, sl.ctl), upm_status_name(rc)))
				upm_st_ev_reg(&sb->t[T_CTL].ev, b, nm, sl.ctl, 0, 0);
			continue;
		}
		upm_st_ctl_not_kept(sb, b, nm, sl.ctl, "programmed", " to count", sl.ctl_value, r, r & mask, diff);
	}
	box_enables_kept(c, b, sb);
}

/* Count: it ran for a while (the step before), so it moved from snapshot 0. */
static void judge_count(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb, unsigned k,
			const struct slot *sl, uint64_t before, uint64_t now)
{
	char nm[12];
	upm_st_slot_name(sl, nm, sizeof nm);
	sb->slots_tested++;
	uint64_t moved = upm_counter_delta(before, now, sl->width);
	if (moved == 0) {
		sb->silent |= 1ull << k;
		if (sl->counter >= 0 ? ((sb->ctl_bad >> sl->counter) & 1) != 0 : sb->fixed_ctl_bad != 0)
			sb->silent_ctl_bad |= 1ull << k;
		if (upm_st_note(&sb->t[T_COUNT], UPM_RESULT_FAIL,
				"%s 0x%x did not move in %u us with %s enabled (read 0x%llx twice)", nm,
				upm_box_reg_addr(b, sl->ctr), (unsigned)(c->step_ns / 1000),
				c->s->specs[b->spec_idx[k]].name, (unsigned long long)now))
			count_ev(&sb->t[T_COUNT].ev, b, sl, 0, now);
		return;
	}
	sb->slots_counting++;
	/* The wait is the least it ran: enabling and reading each socket's boxes add to it,
	 * so the count is no rate over the wait. */
	if (upm_st_note(&sb->t[T_COUNT], UPM_RESULT_PASS,
			"%s counted +%llu while enabled (a wait of %u us and the steps around it)", nm,
			(unsigned long long)moved, (unsigned)(c->step_ns / 1000)))
		count_ev(&sb->t[T_COUNT].ev, b, sl, moved, now);
}

/* Freeze: frozen since snapshot 1, it held still. */
static void judge_frozen(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb, const struct slot *sl,
			 uint64_t before, uint64_t now)
{
	char nm[12];
	upm_st_slot_name(sl, nm, sizeof nm);
	if (!can_freeze(c->s, b))
		upm_st_note(&sb->t[T_FREEZE], UPM_RESULT_NA, "the box has no freeze (000:296-301)");
	else if (now != before ? upm_st_note(&sb->t[T_FREEZE], UPM_RESULT_FAIL, "%s 0x%x moved +%llu while frozen",
					     nm, upm_box_reg_addr(b, sl->ctr),
					     (unsigned long long)upm_counter_delta(before, now, sl->width))
			       : sb->slots_counting && upm_st_note(&sb->t[T_FREEZE], UPM_RESULT_PASS,
								   "frozen counters held still for %u us",
								   (unsigned)(c->step_ns / 1000)))
		held_ev(&sb->t[T_FREEZE].ev, b, sl, before, now);
}

/* Disable: its enable bit clear since snapshot 2, it held still; where clearing the bit
 * faulted, the test could not run. */
static void judge_disabled(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb, unsigned k,
			   const struct slot *sl, uint64_t before, uint64_t now)
{
	char nm[12];
	upm_st_slot_name(sl, nm, sizeof nm);
	if (!sl->en_mask) { /* nothing was disabled: nothing to judge */
		upm_st_note(&sb->t[T_DISABLE], UPM_RESULT_NA,
			    "the counter controls have no enable bit: the unit freeze gates counting (the "
			    "discovery tables' generic unit, Linux uncore_discovery.c), tested by selftest.freeze");
		return;
	}
	if (k < 64 && ((sb->disable_faulted >> k) & 1)) { /* never disabled: no finding on counting */
		if (upm_st_note(&sb->t[T_DISABLE], UPM_RESULT_FAIL,
				"write fault: clearing the enable bit of %s control 0x%x faulted (%s): the disable test could not run",
				nm, upm_box_reg_addr(b, sl->ctl), upm_status_name(sb->disable_status))) {
			upm_st_ev_reg(&sb->t[T_DISABLE].ev, b, sl->counter < 0 ? "fixed ctl" : "ctl", sl->ctl, 0, 0);
			upm_st_ev_written(&sb->t[T_DISABLE].ev, sl->ctl_value & ~sl->en_mask);
		}
	} else if (now != before ? upm_st_note(&sb->t[T_DISABLE], UPM_RESULT_FAIL,
					       "%s 0x%x moved +%llu with its enable bit clear", nm,
					       upm_box_reg_addr(b, sl->ctr),
					       (unsigned long long)upm_counter_delta(before, now, sl->width))
				 : sb->slots_counting && upm_st_note(&sb->t[T_DISABLE], UPM_RESULT_PASS,
								     "disabled counters held still for %u us",
								     (unsigned)(c->step_ns / 1000))) {
		held_ev(&sb->t[T_DISABLE].ev, b, sl, before, now);
	}
}

/* After the freeze test: thaw, then clear each enable bit (a write that faults is the
 * disable test's finding), and take snapshot 2. */
static void thaw_and_disable(struct st_ctx *c, struct upm_box_inst *b, unsigned bi)
{
	struct upm_session *s = c->s;
	struct st_box *sb = &c->sb[bi];
	(void)upm_box_freeze(s, b, 0);
	for (unsigned k = 0; k < b->n; k++) {
		struct slot sl;
		if (!(b->place[k].pass == c->pass && upm_st_slot_of(s, b, k, &sl)))
			continue;
		int st = upm_box_reg_write(s, b, sl.ctl, sl.ctl_value & ~sl.en_mask, 0);
		if (st != UPM_OK && k < 64) {
			if (!sb->disable_faulted)
				sb->disable_status = st;
			sb->disable_faulted |= 1ull << k;
		}
	}
	upm_st_read_slots(c, b, bi, 2);
}

/* The reset test: the box reset (box control bit 1), else a zero written to each counter
 * the guide lets software write, and every counter reads 0 after it. */
static void judge_reset(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb)
{
	struct upm_session *s = c->s;
	const struct upm_box_type *t = b->type;
	char nm[12];
	int how = t->session & UPM_SESS_RESET_BIT ? 1 : t->ctr_writable ? 2 : 0;
	struct upm_st_ev first_read; /* the first counter read after its reset: the PASS's evidence */
	first_read.has_reg = 0;
	if (how == 1)
		(void)upm_box_reg_write(s, b, t->box_ctl, upm_box_ctl_value(t, 1, 1), 0);
	for (unsigned k = 0; k < b->n && how; k++) {
		struct slot sl;
		uint64_t now = 0;
		int zero_write = 0;
		if (b->place[k].pass != c->pass || !upm_st_slot_of(s, b, k, &sl))
			continue;
		if (sl.counter < 0 && t->fixed_rst.width) /* fixed counters reset on their own */
			(void)upm_box_reg_write(s, b, sl.ctl, (sl.ctl_value & ~sl.en_mask) | upm_field_mask(t->fixed_rst),
						0);
		else if (sl.counter < 0 && !t->ctr_writable)
			continue;
		else if (how == 2 || sl.counter < 0) {
			(void)upm_box_ctr_write(s, b, sl.ctr, sl.width, 0);
			zero_write = 1;
		}
		(void)upm_box_ctr_read(s, b, sl.ctr, sl.width, &now);
		upm_st_slot_name(&sl, nm, sizeof nm);
		struct upm_st_ev e;
		upm_memset(&e, 0, sizeof e);
		upm_st_ev_exact(&e, (double)now, 0, "count");
		ev_counter(&e, b, &sl, now);
		if (zero_write)
			upm_st_ev_written(&e, 0);
		if (!first_read.has_reg)
			first_read = e;
		if (now != 0 && upm_st_note(&sb->t[T_RESET], UPM_RESULT_FAIL, "%s 0x%x reads 0x%llx after the %s", nm,
					    upm_box_reg_addr(b, sl.ctr), (unsigned long long)now,
					    how == 1 ? "box reset" : "zero write"))
			sb->t[T_RESET].ev = e;
	}
	if (!how)
		upm_st_note(&sb->t[T_RESET], UPM_RESULT_NA, "no reset bit and no documented counter writes");
	else if (upm_st_note(&sb->t[T_RESET], UPM_RESULT_PASS, "counters read 0 after the %s",
			     how == 1 ? "box reset (box control bit 1)" : "zero writes") && first_read.has_reg)
		sb->t[T_RESET].ev = first_read;
}

/* After the disable test: reset and preload with the enable bits still clear (a clock in
 * a box with no freeze of its own, the UBox's fixed UCLK, counts from its enable on, so a
 * zero would not read back as zero); the enables come back after the preload. */
static void reset_and_preload(struct st_ctx *c, struct upm_box_inst *b, unsigned bi)
{
	struct upm_session *s = c->s;
	const struct upm_box_type *t = b->type;
	(void)upm_box_freeze(s, b, 1);
	uint64_t t0 = upm_os_nanoseconds();
	judge_reset(c, b, &c->sb[bi]);
	c->sb[bi].ns[T_RESET] += upm_os_nanoseconds() - t0;
	/* Start with a clear status, before anything is preloaded near its wrap: a box
	 * without a freeze of its own counts from its enable, and 1000 cycles pass in
	 * about a microsecond. */
	if (t->ovf_status && t->ovf_clear)
		(void)upm_box_reg_write(s, b, t->ovf_clear,
					upm_st_width_mask(t->n_ctrs) << t->ovf_lo | upm_field_mask(t->ovf_fixed), 0);
	/* preload for the wrap */
	for (unsigned k = 0; k < b->n && t->ctr_writable; k++) {
		struct slot sl;
		if (b->place[k].pass == c->pass && !upm_st_quiet(c, b, k) && upm_st_slot_of(s, b, k, &sl)) {
			uint64_t pre = upm_st_width_mask(sl.width) - (ST_PRELOAD_GAP - 1);
			(void)upm_box_ctr_write(s, b, sl.ctr, sl.width, pre);
			c->snap[bi][k][3] = pre;
		}
	}
	for (unsigned k = 0; k < b->n; k++) {
		struct slot sl;
		if (b->place[k].pass == c->pass && upm_st_slot_of(s, b, k, &sl))
			(void)upm_box_reg_write(s, b, sl.ctl, sl.ctl_value, 0);
	}
	(void)upm_box_freeze(s, b, 0);
}

/* The wrap test on one counter preloaded to pre: below it again, and (a general counter
 * where the box has an overflow status) its status bit set in st, then cleared by its
 * write to the overflow control. 1 when it wrapped: e is then the PASS's evidence. */
static int judge_wrap_slot(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb, const struct slot *sl,
			   uint64_t pre, int has_st, uint64_t st, struct upm_st_ev *e)
{
	struct upm_session *s = c->s;
	const struct upm_box_type *t = b->type;
	char nm[12];
	uint64_t now = 0;
	upm_st_slot_name(sl, nm, sizeof nm);
	(void)upm_box_ctr_read(s, b, sl->ctr, sl->width, &now);
	/* Wrapped: below the preload (2^width - 1000) again. */
	upm_memset(e, 0, sizeof *e);
	upm_st_ev_range(e, (double)now, 0, (double)(pre - 1), "count");
	ev_counter(e, b, sl, now);
	upm_st_ev_written(e, pre);
	if (now >= pre &&
	    upm_st_note(&sb->t[T_WRAP], UPM_RESULT_FAIL, "%s 0x%x preloaded 0x%llx reads 0x%llx: no wrap at %u bits",
			nm, upm_box_reg_addr(b, sl->ctr), (unsigned long long)pre, (unsigned long long)now, sl->width))
		sb->t[T_WRAP].ev = *e;
	if (t->ovf_status && sl->counter >= 0) {
		unsigned bit = t->ovf_lo + (unsigned)sl->counter;
		uint64_t after = 0;
		if ((!has_st || !((st >> bit) & 1)) &&
		    upm_st_note(&sb->t[T_WRAP], UPM_RESULT_FAIL, "%s wrapped but status 0x%x bit %u is clear", nm,
				upm_box_reg_addr(b, t->ovf_status), bit))
			upm_st_ev_reg(&sb->t[T_WRAP].ev, b, "overflow status", t->ovf_status, has_st, st);
		(void)upm_box_reg_write(s, b, t->ovf_clear, 1ull << bit, 0);
		int rd = upm_box_reg_read(s, b, t->ovf_status, &after, 0);
		if ((rd != UPM_OK || ((after >> bit) & 1)) &&
		    upm_st_note(&sb->t[T_WRAP], UPM_RESULT_FAIL, "status 0x%x bit %u did not clear",
				upm_box_reg_addr(b, t->ovf_status), bit)) {
			upm_st_ev_reg(&sb->t[T_WRAP].ev, b, "overflow status", t->ovf_status, rd == UPM_OK, after);
			upm_st_ev_written(&sb->t[T_WRAP].ev, 1ull << bit); /* at the overflow control */
		}
	}
	return now < pre;
}

/* The wrap test, frozen: each counting counter that moved (a silent one failed the count
 * test already), with the box's overflow status read once before. */
static void judge_wrap(struct st_ctx *c, struct upm_box_inst *b, unsigned bi)
{
	struct upm_session *s = c->s;
	struct st_box *sb = &c->sb[bi];
	const struct upm_box_type *t = b->type;
	if (!counting_slots(c, b))
		return; /* register-only: the verdicts say why nothing was counted */
	if (!t->ctr_writable) {
		upm_st_note(&sb->t[T_WRAP], UPM_RESULT_NA, "counters cannot be preloaded (no documented counter writes)");
		return;
	}
	uint64_t st = 0;
	int has_st = t->ovf_status && upm_box_reg_read(s, b, t->ovf_status, &st, 0) == UPM_OK;
	struct upm_st_ev first_wrap; /* the first counter seen wrapped: the PASS's evidence */
	first_wrap.has_reg = 0;
	unsigned judged = 0, width = 0; /* counters looked at (not silent), and their width */
	for (unsigned k = 0; k < b->n; k++) {
		struct slot sl;
		struct upm_st_ev e;
		if (b->place[k].pass != c->pass || upm_st_quiet(c, b, k) || !upm_st_slot_of(s, b, k, &sl) ||
		    ((sb->silent >> k) & 1))
			continue;
		judged++;
		width = sl.width;
		if (judge_wrap_slot(c, b, sb, &sl, c->snap[bi][k][3], has_st, st, &e) && !first_wrap.has_reg)
			first_wrap = e;
	}
	if (t->ovf_status && t->ovf_clear && t->ovf_fixed.width) /* the fixed counter's too */
		(void)upm_box_reg_write(s, b, t->ovf_clear, upm_field_mask(t->ovf_fixed), 0);
	/* No PASS over counters none of which was looked at (every one silent: the count
	 * test's finding). */
	if (judged &&
	    upm_st_note(&sb->t[T_WRAP], UPM_RESULT_PASS, "counters preloaded 2^%u-%u wrapped%s", width, ST_PRELOAD_GAP,
			t->ovf_status ? ", set and cleared their overflow status" : " (the guide defines no overflow status)") &&
	    first_wrap.has_reg)
		sb->t[T_WRAP].ev = first_wrap;
}

void upm_st_phase_box(struct st_ctx *c, struct upm_box_inst *b, unsigned bi)
{
	struct upm_session *s = c->s;
	struct st_box *sb = &c->sb[bi];
	if (c->phase == P_READ_A && sb->cls == UPM_CLASS_WORKING)
		controls_kept(c, b, sb);
	/* What each counter shows after the step that just ran. */
	for (unsigned k = 0; k < b->n && c->phase != P_WRAP; k++) {
		struct slot sl;
		if (b->place[k].pass != c->pass || upm_st_quiet(c, b, k) || !upm_st_slot_of(s, b, k, &sl))
			continue;
		uint64_t *v = c->snap[bi][k];
		uint64_t now = 0;
		if (c->phase == P_READ_A) {
			(void)upm_box_ctr_read(s, b, sl.ctr, sl.width, &v[0]);
			continue;
		}
		(void)upm_box_ctr_read(s, b, sl.ctr, sl.width, &now);
		if (c->phase == P_COUNT_FREEZE)
			judge_count(c, b, sb, k, &sl, v[0], now);
		else if (c->phase == P_FROZEN_DISABLE)
			judge_frozen(c, b, sb, &sl, v[1], now);
		else
			judge_disabled(c, b, sb, k, &sl, v[2], now);
	}
	/* What the box does before the next millisecond of clock. */
	switch (c->phase) {
	case P_READ_A:
		break;
	case P_COUNT_FREEZE:
		(void)upm_box_freeze(s, b, 1);
		upm_st_read_slots(c, b, bi, 1);
		break;
	case P_FROZEN_DISABLE:
		thaw_and_disable(c, b, bi);
		break;
	case P_DISABLED_RESET_PRELOAD:
		reset_and_preload(c, b, bi);
		break;
	case P_WRAP:
		(void)upm_box_freeze(s, b, 1);
		judge_wrap(c, b, bi);
		(void)upm_box_freeze(s, b, 0);
		break;
	}
}

/* Presence and the register tests (selftest_state.h), before the session, each box on
 * its own socket: the first control and counter tell whether the box answers; then each
 * counter control's read-write fields and each writable counter read back two patterns,
 * and go back as found. */
#include "core/check/selftest_state.h"
#include "core/check/check_safety.h"
#include "platform/base/os.h"

/* All ones: a 64-bit MSR, a dword, or a placed unit's 64-bit control read as two dwords. */
static int all_ones(const struct upm_box_inst *b, uint64_t v)
{
	return b->type->space == UPM_SPACE_MSR ? v == ~0ull : v == 0xFFFFFFFFull || v == ~0ull;
}

/* The first control (or the fixed one) tells whether the box answers. */
static void probe(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb)
{
	const struct upm_box_type *t = b->type;
	uint32_t first = t->n_ctrs ? t->ctl[0] : t->fixed_ctl;
	uint32_t second = t->n_ctrs ? t->ctr[0] : t->fixed_ctr;
	uint64_t v = 0, w = 0;
	int rc = upm_box_reg_read(c->s, b, first, &v, 0);
	int rc2 = upm_box_reg_read(c->s, b, second, &w, 0);
	/* The evidence: the first register whose read faulted, else the control as read. */
	if (rc == UPM_OK && rc2 != UPM_OK)
		upm_st_ev_reg(&sb->presence, b, t->n_ctrs ? "ctr0" : "fixed", second, 0, 0);
	else
		upm_st_ev_reg(&sb->presence, b, t->n_ctrs ? "ctl0" : "fixed ctl", first, rc == UPM_OK, v);
	if (rc != UPM_OK || rc2 != UPM_OK) {
		int both = rc != UPM_OK && rc2 != UPM_OK;
		sb->cls = both && t->space == UPM_SPACE_MSR && rc == UPM_EFAULT ? UPM_CLASS_ABSENT
										 : UPM_CLASS_FAULTING;
		upm_snprintf(sb->why, sizeof sb->why, "reading 0x%x: %s, 0x%x: %s",
			     upm_box_reg_addr(b, first), upm_status_name(rc), upm_box_reg_addr(b, second),
			     upm_status_name(rc2));
	} else if (all_ones(b, v) && all_ones(b, w)) {
		sb->cls = UPM_CLASS_ALL_ONES;
		upm_snprintf(sb->why, sizeof sb->why, "control 0x%x and counter 0x%x read all ones",
			     upm_box_reg_addr(b, first), upm_box_reg_addr(b, second));
		if (b->where && b->where->record != 0xFFFF) /* a discovered unit: the entry that placed it */
			upm_snprintf(sb->why + upm_strlen(sb->why), sizeof sb->why - upm_strlen(sb->why),
				     " (discovery table %u record %u)", b->where->table, b->where->record);
	}
	if (sb->cls != UPM_CLASS_WORKING) {
		/* The session must not program it. */
		b->state = sb->cls == UPM_CLASS_ABSENT ? UPM_BOX_ABSENT : UPM_BOX_FAULT;
		upm_strlcpy(b->why, sb->why, sizeof b->why);
	}
}

static const uint64_t patterns[2] = { 0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull };

/* A PASS's evidence: the last register (KIND and index i, at reg) read back as written. */
static void readback_ev(struct upm_st_ev *e, const struct upm_box_inst *b, const char *kind, unsigned i, uint32_t reg,
			uint64_t read, uint64_t written)
{
	char nm[8];
	upm_snprintf(nm, sizeof nm, "%s%u", kind, i);
	upm_st_ev_reg(e, b, nm, reg, 1, read);
	upm_st_ev_written(e, written);
}

static void test_controls(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb)
{
	const struct upm_box_type *t = b->type;
	uint64_t mask = upm_st_ctl_rw_mask(t);
	unsigned stuck_regs = 0, last_ctl = ~0u;
	uint64_t last_want = 0, last_read = 0; /* the last pattern read back: the PASS's evidence */
	if (!t->n_ctrs || !mask) {
		upm_st_note(&sb->t[T_CTL], UPM_RESULT_NA, "no general counter controls");
		return;
	}
	for (unsigned i = 0; i < t->n_ctrs; i++) {
		uint64_t saved, r;
		char nm[8];
		upm_snprintf(nm, sizeof nm, "ctl%u", i);
		int rc = upm_box_reg_read(c->s, b, t->ctl[i], &saved, 0);
		if (rc != UPM_OK) {
			if (upm_st_note(&sb->t[T_CTL], UPM_RESULT_FAIL, "reading ctl%u 0x%x: %s", i,
					upm_box_reg_addr(b, t->ctl[i]), upm_status_name(rc)))
				upm_st_ev_reg(&sb->t[T_CTL].ev, b, nm, t->ctl[i], 0, 0);
			continue;
		}
		int changed = 0;
		for (unsigned p = 0; p < 2; p++) {
			uint64_t want = patterns[p] & mask;
			rc = upm_box_reg_write(c->s, b, t->ctl[i], want, 0);
			if (rc == UPM_OK)
				rc = upm_box_reg_read(c->s, b, t->ctl[i], &r, 0);
			if (rc != UPM_OK) {
				if (upm_st_note(&sb->t[T_CTL], UPM_RESULT_FAIL, "ctl%u 0x%x pattern 0x%llx: %s", i,
						upm_box_reg_addr(b, t->ctl[i]), (unsigned long long)want, upm_status_name(rc))) {
					upm_st_ev_reg(&sb->t[T_CTL].ev, b, nm, t->ctl[i], 0, 0);
					upm_st_ev_written(&sb->t[T_CTL].ev, want);
				}
				break;
			}
			changed |= (r & mask) != (saved & mask);
			uint64_t diff = (r ^ want) & mask;
			if (diff) {
				sb->ctl_bad |= 1ull << i;
				upm_st_ctl_not_kept(sb, b, nm, t->ctl[i], "wrote", "", want, r, r & mask, diff);
			}
			last_ctl = i;
			last_want = want;
			last_read = r;
		}
		stuck_regs += !changed;
		rc = upm_box_reg_write(c->s, b, t->ctl[i], saved, 0);
		if (rc != UPM_OK) {
			upm_st_note(&sb->t[T_CTL], UPM_RESULT_FAIL, "restoring ctl%u: %s", i, upm_status_name(rc));
			upm_check_safety_register(c->s, b, t->ctl[i], 0, saved, rc, "selftest"); /* NOT RESTORED */
		}
	}
	if (stuck_regs == t->n_ctrs) {
		sb->cls = UPM_CLASS_LOCKED;
		upm_snprintf(sb->why, sizeof sb->why, "no write to its %u controls stuck (0x%x...)",
			     t->n_ctrs, upm_box_reg_addr(b, t->ctl[0]));
	}
	if (upm_st_note(&sb->t[T_CTL], UPM_RESULT_PASS, "%u controls read back patterns 0x%llx and 0x%llx", t->n_ctrs,
			(unsigned long long)(patterns[0] & mask), (unsigned long long)(patterns[1] & mask)) &&
	    last_ctl != ~0u)
		readback_ev(&sb->t[T_CTL].ev, b, "ctl", last_ctl, t->ctl[last_ctl], last_read, last_want);
}

static void test_counters(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb)
{
	const struct upm_box_type *t = b->type;
	if (!t->ctr_writable) {
		upm_st_note(&sb->t[T_CTR], UPM_RESULT_NA, "the guide documents no counter writes for this box");
		return;
	}
	if (!t->n_ctrs) { /* a box of one fixed counter (Skylake's ncu): nothing to read back */
		upm_st_note(&sb->t[T_CTR], UPM_RESULT_NA, "no general counters");
		return;
	}
	uint64_t m = upm_st_width_mask(t->ctr_width);
	unsigned last_ctr = ~0u;
	uint64_t last_want = 0; /* the last pattern read back as written: the PASS's evidence */
	for (unsigned i = 0; i < t->n_ctrs; i++) {
		uint64_t saved, r = 0, z = 1;
		uint64_t want = patterns[i & 1] & m;
		int rc = upm_box_ctr_read(c->s, b, t->ctr[i], t->ctr_width, &saved);
		int was_read = rc == UPM_OK; /* unread: nothing was written, nothing to put back */
		if (rc == UPM_OK)
			rc = upm_box_ctr_write(c->s, b, t->ctr[i], t->ctr_width, want);
		if (rc == UPM_OK)
			rc = upm_box_ctr_read(c->s, b, t->ctr[i], t->ctr_width, &r);
		if (rc == UPM_OK)
			rc = upm_box_ctr_write(c->s, b, t->ctr[i], t->ctr_width, 0);
		if (rc == UPM_OK)
			rc = upm_box_ctr_read(c->s, b, t->ctr[i], t->ctr_width, &z);
		int back = was_read ? upm_box_ctr_write(c->s, b, t->ctr[i], t->ctr_width, saved) : UPM_OK;
		if (back != UPM_OK) /* NOT RESTORED, by address (core/check/check_safety.h) */
			upm_check_safety_register(c->s, b, t->ctr[i], t->ctr_width, saved, back, "selftest");
		char nm[8];
		upm_snprintf(nm, sizeof nm, "ctr%u", i);
		struct upm_st_ev *e = &sb->t[T_CTR].ev;
		if (rc != UPM_OK) {
			if (upm_st_note(&sb->t[T_CTR], UPM_RESULT_FAIL, "ctr%u 0x%x: %s", i, upm_box_reg_addr(b, t->ctr[i]),
					upm_status_name(rc)))
				upm_st_ev_reg(e, b, nm, t->ctr[i], 0, 0);
		} else if (r != want || z != 0) {
			if (upm_st_note(&sb->t[T_CTR], UPM_RESULT_FAIL,
					"ctr%u 0x%x: wrote 0x%llx then 0, read 0x%llx then 0x%llx", i,
					upm_box_reg_addr(b, t->ctr[i]), (unsigned long long)want, (unsigned long long)r,
					(unsigned long long)z)) {
				/* The read-back that differs: the pattern, else the zero. */
				upm_st_ev_reg(e, b, nm, t->ctr[i], 1, r != want ? r : z);
				upm_st_ev_written(e, r != want ? want : 0);
			}
		} else {
			last_ctr = i;
			last_want = want;
		}
	}
	if (upm_st_note(&sb->t[T_CTR], UPM_RESULT_PASS, "%u counters read back 0x%llx/0x%llx and 0", t->n_ctrs,
			(unsigned long long)(patterns[0] & m), (unsigned long long)(patterns[1] & m)) &&
	    last_ctr != ~0u)
		readback_ev(&sb->t[T_CTR].ev, b, "ctr", last_ctr, t->ctr[last_ctr], last_want, last_want);
}

void upm_st_register_tests(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb)
{
	uint64_t t0 = upm_os_nanoseconds(), t1;
	probe(c, b, sb);
	t1 = upm_os_nanoseconds();
	sb->ns[T_PRESENCE] += t1 - t0;
	if (sb->cls != UPM_CLASS_WORKING)
		return;
	test_controls(c, b, sb);
	t0 = upm_os_nanoseconds();
	sb->ns[T_CTL] += t0 - t1;
	test_counters(c, b, sb);
	sb->ns[T_CTR] += upm_os_nanoseconds() - t0;
}

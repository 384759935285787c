#include "core/check/selftest.h"
#include "core/check/check_safety.h"
#include "core/check/selftest_evidence.h"
#include "core/base/os.h"
#include "core/events/subcfg.h"
#include "core/workload/workload.h"
#include "core/workload/watchdog_plan.h"
#include "platform/pci.h"
#include <stdarg.h>

enum st_test { T_PRESENCE, T_CTL, T_CTR, T_COUNT, T_DISABLE, T_FREEZE, T_RESET, T_WRAP, T_N };

static const char *const test_names[T_N] = {
	"presence", "selftest.ctl", "selftest.ctr", "selftest.count",
	"selftest.disable", "selftest.freeze", "selftest.reset", "selftest.wrap",
};

const char *upm_box_class_name(enum upm_box_class c)
{
	switch (c) {
	case UPM_CLASS_WORKING: return "present and working";
	case UPM_CLASS_ABSENT: return "absent";
	case UPM_CLASS_HIDDEN: return "hidden by the firmware";
	case UPM_CLASS_ALL_ONES: return "reading all ones";
	case UPM_CLASS_FAULTING: return "faulting";
	case UPM_CLASS_LOCKED: return "locked";
	case UPM_CLASS_DEAD: return "dead";
	case UPM_CLASS_MISMATCH: return "another device";
	case UPM_CLASS_UNPOPULATED: return "unpopulated";
	case UPM_CLASS_NOT_ON_PART: return "beyond this part's cores";
	}
	return "?";
}

struct st_result {
	int set;
	enum upm_result result;
	char reason[UPM_VERDICT_REASON];
	struct upm_st_ev ev; /* for the reason kept */
};

struct st_box {
	struct st_result t[T_N];
	enum upm_box_class cls;
	char why[UPM_VERDICT_REASON];
	struct upm_st_ev presence; /* the register that showed whether the box answers */
	unsigned slots_counting, slots_tested;
	uint64_t silent; /* slots (bit k) that did not count */
	uint64_t ctl_bad; /* counter controls (bit i) that did not read back what was written */
	int fixed_ctl_bad; /* the fixed counter's control did not keep its enable */
	int fixed_ctl_unread; /* ... because reading it back faulted */
	uint64_t silent_ctl_bad; /* silent slots whose control is one of those */
	uint64_t disable_faulted; /* slots (bit k) whose enable-clearing write faulted */
	int disable_status;       /* the first such write's status */
};

#define ST_SNAPS 4
#define ST_PRELOAD_GAP 1000u /* the wrap test preloads 2^width - 1000 */
#define ST_FEED_NS 1000000u  /* each counting step lets the clock run 1 ms (at least) */
#define ST_TRAFFIC_BYTES (4ull << 20) /* per socket: the traffic feed's read, one pass */

struct st_ctx {
	struct upm_session *s;
	struct st_box *sb;      /* parallel to s->boxes */
	uint64_t (*snap)[UPM_SESSION_MAX_SPECS][ST_SNAPS]; /* per box, slot */
	unsigned socket, pass;
	int phase;
	/* Specs from traffic_from count under the traffic feed (profile traffic); from
	 * quiet_from on they are register-only (profile registers_only). */
	unsigned traffic_from, quiet_from;
	/* The traffic feed (profile traffic): a read workload run in every counting step. */
	struct upm_workload_plan *plan;
	int traffic_failed;
	uint64_t step_ns; /* how long the last counting step ran */
	char traffic_err[160];
	/* The platform's overflow status before the wrap test, so the bits the test set
	 * (and only those) are cleared after it: write-1-to-clear (e.g. 0xE02 on Skylake). */
	uint64_t gstatus_before[UPM_MAX_SOCKETS];
};

static int note(struct st_result *t, enum upm_result r, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Keeps the worst result and the first reason given for it. 1 when this one was kept:
 * its numbers and register follow (upm_st_ev_*), replacing those of the reason it replaced. */
static int note(struct st_result *t, enum upm_result r, const char *fmt, ...)
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

/* --- a slot is one spec of a box instance: its counter, control and value --- */

struct slot {
	uint32_t ctr, ctl;
	unsigned width;
	uint64_t ctl_value, en_mask;
	int counter; /* -1 fixed */
};

static int slot_of(const struct upm_session *s, const struct upm_box_inst *b, unsigned k,
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

static uint64_t width_mask(unsigned w)
{
	return w >= 64 ? ~0ull : (1ull << w) - 1;
}

static void slot_name(const struct slot *sl, char *buf, size_t n)
{
	if (sl->counter < 0)
		upm_strlcpy(buf, "fixed", n);
	else
		upm_snprintf(buf, n, "ctr%d", sl->counter);
}

/* The evidence of a slot's counter (its name: ctrN or fixed) holding value. */
static void ev_counter(struct upm_st_ev *e, const struct upm_box_inst *b, const struct slot *sl, uint64_t value)
{
	char nm[12];
	slot_name(sl, nm, sizeof nm);
	upm_st_ev_reg(e, b, nm, sl->ctr, 1, value);
}

/* Counting: the count over the step, expected above 0 (at most the counter's range). */
static void count_ev(struct upm_st_ev *e, const struct upm_box_inst *b, const struct slot *sl, uint64_t delta,
		     uint64_t now)
{
	upm_st_ev_range(e, (double)delta, 1, (double)width_mask(sl->width), "counts");
	ev_counter(e, b, sl, now);
}

/* Held still (frozen, disabled): the counter read after the step against before it. */
static void held_ev(struct upm_st_ev *e, const struct upm_box_inst *b, const struct slot *sl, uint64_t before,
		    uint64_t after)
{
	upm_st_ev_exact(e, (double)after, (double)before, "count");
	ev_counter(e, b, sl, after);
}

/* --- presence and the register tests (before the session, each on its socket) --- */

static int all_ones(const struct upm_box_inst *b, uint64_t v)
{
	return b->type->space == UPM_SPACE_MSR ? v == ~0ull : v == 0xFFFFFFFFull;
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
	}
	if (sb->cls != UPM_CLASS_WORKING) {
		/* The session must not program it. */
		b->state = sb->cls == UPM_CLASS_ABSENT ? UPM_BOX_ABSENT : UPM_BOX_FAULT;
		upm_strlcpy(b->why, sb->why, sizeof b->why);
	}
}

/* The read-write fields of a counter control: every field the table defines except the
 * write-only reset and the enable (so nothing counts while patterns sit there). */
static uint64_t ctl_rw_mask(const struct upm_box_type *t)
{
	const struct upm_ctl_layout *l = &t->ctl_layout;
	return upm_field_mask(l->ev_sel) | upm_field_mask(l->umask) | upm_field_mask(l->ev_sel_ext) |
	       upm_field_mask(l->edge) | upm_field_mask(l->invert) | upm_field_mask(l->thresh) |
	       upm_field_mask(l->tid_en) | upm_field_mask(l->ov_en) | upm_field_mask(l->occ_sel) |
	       upm_field_mask(l->occ_invert) | upm_field_mask(l->occ_edge);
}

static const uint64_t patterns[2] = { 0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull };

/* A control (nm at reg) that did not read back what was written: selftest.ctl's FAIL
 * names the lowest bit of diff that differs, "<did> 0x<written><why>, read 0x<shown>",
 * with the register as read and the value written as evidence. */
static void ctl_not_kept(struct st_box *sb, const struct upm_box_inst *b, const char *nm, uint32_t reg,
			 const char *did, const char *why, uint64_t written, uint64_t read, uint64_t shown,
			 uint64_t diff)
{
	unsigned bit = 0;
	while (!((diff >> bit) & 1))
		bit++;
	if (note(&sb->t[T_CTL], UPM_RESULT_FAIL, "%s 0x%x bit %u %s: %s 0x%llx%s, read 0x%llx", nm,
		 upm_box_reg_addr(b, reg), bit, (written >> bit) & 1 ? "does not set" : "does not clear", did,
		 (unsigned long long)written, why, (unsigned long long)shown)) {
		upm_st_ev_reg(&sb->t[T_CTL].ev, b, nm, reg, 1, read);
		upm_st_ev_written(&sb->t[T_CTL].ev, written);
	}
}

static void test_controls(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb)
{
	const struct upm_box_type *t = b->type;
	uint64_t mask = ctl_rw_mask(t);
	unsigned stuck_regs = 0, last_ctl = ~0u;
	uint64_t last_want = 0, last_read = 0; /* the last pattern read back: the PASS's evidence */
	if (!t->n_ctrs || !mask) {
		note(&sb->t[T_CTL], UPM_RESULT_NA, "no general counter controls");
		return;
	}
	for (unsigned i = 0; i < t->n_ctrs; i++) {
		uint64_t saved, r;
		char nm[8];
		upm_snprintf(nm, sizeof nm, "ctl%u", i);
		int rc = upm_box_reg_read(c->s, b, t->ctl[i], &saved, 0);
		if (rc != UPM_OK) {
			if (note(&sb->t[T_CTL], UPM_RESULT_FAIL, "reading ctl%u 0x%x: %s", i,
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
				if (note(&sb->t[T_CTL], UPM_RESULT_FAIL, "ctl%u 0x%x pattern 0x%llx: %s", i,
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
				ctl_not_kept(sb, b, nm, t->ctl[i], "wrote", "", want, r, r & mask, diff);
			}
			last_ctl = i;
			last_want = want;
			last_read = r;
		}
		stuck_regs += !changed;
		rc = upm_box_reg_write(c->s, b, t->ctl[i], saved, 0);
		if (rc != UPM_OK) {
			note(&sb->t[T_CTL], UPM_RESULT_FAIL, "restoring ctl%u: %s", i, upm_status_name(rc));
			upm_check_safety_register(c->s, b, t->ctl[i], 0, saved, rc, "selftest"); /* NOT RESTORED */
		}
	}
	if (stuck_regs == t->n_ctrs) {
		sb->cls = UPM_CLASS_LOCKED;
		upm_snprintf(sb->why, sizeof sb->why, "no write to its %u controls stuck (0x%x...)",
			     t->n_ctrs, upm_box_reg_addr(b, t->ctl[0]));
	}
	if (note(&sb->t[T_CTL], UPM_RESULT_PASS, "%u controls read back patterns 0x%llx and 0x%llx", t->n_ctrs,
		 (unsigned long long)(patterns[0] & mask), (unsigned long long)(patterns[1] & mask)) &&
	    last_ctl != ~0u) {
		char nm[8];
		upm_snprintf(nm, sizeof nm, "ctl%u", last_ctl);
		upm_st_ev_reg(&sb->t[T_CTL].ev, b, nm, t->ctl[last_ctl], 1, last_read);
		upm_st_ev_written(&sb->t[T_CTL].ev, last_want);
	}
}

static void test_counters(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb)
{
	const struct upm_box_type *t = b->type;
	if (!t->ctr_writable) {
		note(&sb->t[T_CTR], UPM_RESULT_NA, "the guide documents no counter writes for this box");
		return;
	}
	if (!t->n_ctrs) { /* a box of one fixed counter (Skylake's ncu): nothing to read back */
		note(&sb->t[T_CTR], UPM_RESULT_NA, "no general counters");
		return;
	}
	uint64_t m = width_mask(t->ctr_width);
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
			if (note(&sb->t[T_CTR], UPM_RESULT_FAIL, "ctr%u 0x%x: %s", i, upm_box_reg_addr(b, t->ctr[i]),
				 upm_status_name(rc)))
				upm_st_ev_reg(e, b, nm, t->ctr[i], 0, 0);
		} else if (r != want || z != 0) {
			if (note(&sb->t[T_CTR], UPM_RESULT_FAIL,
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
	if (note(&sb->t[T_CTR], UPM_RESULT_PASS, "%u counters read back 0x%llx/0x%llx and 0", t->n_ctrs,
		 (unsigned long long)(patterns[0] & m), (unsigned long long)(patterns[1] & m)) &&
	    last_ctr != ~0u) {
		char nm[8];
		upm_snprintf(nm, sizeof nm, "ctr%u", last_ctr);
		upm_st_ev_reg(&sb->t[T_CTR].ev, b, nm, t->ctr[last_ctr], 1, last_want);
		upm_st_ev_written(&sb->t[T_CTR].ev, last_want);
	}
}

static void stage_registers(void *arg)
{
	struct st_ctx *c = arg;
	for (unsigned i = 0; i < c->s->n_boxes; i++) {
		struct upm_box_inst *b = &c->s->boxes[i];
		if (b->socket != c->socket || b->state != UPM_BOX_OK)
			continue;
		probe(c, b, &c->sb[i]);
		if (c->sb[i].cls != UPM_CLASS_WORKING)
			continue;
		test_controls(c, b, &c->sb[i]);
		test_counters(c, b, &c->sb[i]);
	}
}

/* --- the counting tests, inside the session's measured interval --- */

/* Each counting step lets the clock run ST_FEED_NS, or runs the read workload once when
 * some box type counts only under traffic. */
static void feed(struct st_ctx *c)
{
	uint64_t t0 = upm_os_nanoseconds();
	struct upm_workload_result res;
	if (!c->plan || c->traffic_failed) {
		(void)upm_session_idle(c->s, ST_FEED_NS);
	} else if (upm_workload_execute(c->plan, &res, c->traffic_err, sizeof c->traffic_err) != UPM_OK) {
		c->traffic_failed = 1;
		(void)upm_session_idle(c->s, ST_FEED_NS);
	}
	c->step_ns = upm_os_nanoseconds() - t0;
}

static int no_traffic(const struct st_ctx *c)
{
	return !c->plan || c->traffic_failed;
}

/* A slot the counting tests skip: register-only, or fed by traffic that is not running. */
static int quiet(const struct st_ctx *c, const struct upm_box_inst *b, unsigned k)
{
	return b->spec_idx[k] >= c->quiet_from || (b->spec_idx[k] >= c->traffic_from && no_traffic(c));
}

/* How a box stops: its own freeze, else the platform's stop, else nothing. */
static int can_freeze(const struct upm_session *s, const struct upm_box_inst *b)
{
	return (b->type->session & UPM_SESS_BOX_FREEZE) || s->run->platform->global;
}

enum phase { P_READ_A, P_COUNT_FREEZE, P_FROZEN_DISABLE, P_DISABLED_RESET_PRELOAD, P_WRAP };

static void read_slots(struct st_ctx *c, struct upm_box_inst *b, unsigned bi, unsigned snap)
{
	for (unsigned k = 0; k < b->n; k++) {
		struct slot sl;
		if (b->place[k].pass != c->pass || !slot_of(c->s, b, k, &sl))
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
		n += b->place[k].pass == c->pass && !quiet(c, b, k);
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
		if (b->place[k].pass != c->pass || !slot_of(c->s, b, k, &sl))
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
	ctl_not_kept(sb, b, "box ctl", t->box_ctl, "enabled", " to count", want, r, r, lost);
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
		if (b->place[k].pass != c->pass || !slot_of(c->s, b, k, &sl))
			continue;
		uint64_t mask = sl.counter < 0 ? sl.en_mask : ctl_rw_mask(b->type) | sl.en_mask;
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
			if (note(&sb->t[T_CTL], UPM_RESULT_FAIL, "reading %s 0x%x while counting: %s", nm,
				 upm_box_reg_addr(b, sl.ctl), upm_status_name(rc)))
				upm_st_ev_reg(&sb->t[T_CTL].ev, b, nm, sl.ctl, 0, 0);
			continue;
		}
		ctl_not_kept(sb, b, nm, sl.ctl, "programmed", " to count", sl.ctl_value, r, r & mask, diff);
	}
	box_enables_kept(c, b, sb);
}

static void phase_box(struct st_ctx *c, struct upm_box_inst *b, unsigned bi)
{
	struct upm_session *s = c->s;
	struct st_box *sb = &c->sb[bi];
	const struct upm_box_type *t = b->type;
	char nm[12];
	if (c->phase == P_READ_A && sb->cls == UPM_CLASS_WORKING)
		controls_kept(c, b, sb);
	for (unsigned k = 0; k < b->n; k++) {
		struct slot sl;
		if (b->place[k].pass != c->pass || quiet(c, b, k) || !slot_of(s, b, k, &sl))
			continue;
		uint64_t *v = c->snap[bi][k];
		uint64_t now = 0;
		slot_name(&sl, nm, sizeof nm);
		switch (c->phase) {
		case P_READ_A:
			(void)upm_box_ctr_read(s, b, sl.ctr, sl.width, &v[0]);
			break;
		case P_COUNT_FREEZE: /* it ran for a while: did it count? */
			(void)upm_box_ctr_read(s, b, sl.ctr, sl.width, &now);
			sb->slots_tested++;
			if (upm_counter_delta(v[0], now, sl.width) == 0) {
				sb->silent |= 1ull << k;
				if (sl.counter >= 0 ? ((sb->ctl_bad >> sl.counter) & 1) != 0 : sb->fixed_ctl_bad != 0)
					sb->silent_ctl_bad |= 1ull << k;
				if (note(&sb->t[T_COUNT], UPM_RESULT_FAIL,
					 "%s 0x%x did not move in %u us with %s enabled (read 0x%llx twice)", nm,
					 upm_box_reg_addr(b, sl.ctr), (unsigned)(c->step_ns / 1000), s->specs[b->spec_idx[k]].name,
					 (unsigned long long)now))
					count_ev(&sb->t[T_COUNT].ev, b, &sl, 0, now);
			} else {
				sb->slots_counting++;
				/* The wait is the least it ran: enabling and reading each socket's
				 * boxes add to it, so the count is no rate over the wait. */
				if (note(&sb->t[T_COUNT], UPM_RESULT_PASS, "%s counted +%llu while enabled (a wait of %u us and the steps around it)", nm,
					 (unsigned long long)upm_counter_delta(v[0], now, sl.width), (unsigned)(c->step_ns / 1000)))
					count_ev(&sb->t[T_COUNT].ev, b, &sl, upm_counter_delta(v[0], now, sl.width), now);
			}
			break;
		case P_FROZEN_DISABLE:
			(void)upm_box_ctr_read(s, b, sl.ctr, sl.width, &now);
			if (!can_freeze(s, b))
				note(&sb->t[T_FREEZE], UPM_RESULT_NA, "the box has no freeze (000:296-301)");
			else if (now != v[1] ? note(&sb->t[T_FREEZE], UPM_RESULT_FAIL, "%s 0x%x moved +%llu while frozen", nm,
						    upm_box_reg_addr(b, sl.ctr),
						    (unsigned long long)upm_counter_delta(v[1], now, sl.width))
					     : sb->slots_counting && note(&sb->t[T_FREEZE], UPM_RESULT_PASS,
									  "frozen counters held still for %u us",
									  (unsigned)(c->step_ns / 1000)))
				held_ev(&sb->t[T_FREEZE].ev, b, &sl, v[1], now);
			break;
		case P_DISABLED_RESET_PRELOAD:
			(void)upm_box_ctr_read(s, b, sl.ctr, sl.width, &now);
			if (k < 64 && ((sb->disable_faulted >> k) & 1)) { /* never disabled: no finding on counting */
				if (note(&sb->t[T_DISABLE], UPM_RESULT_FAIL,
					 "write fault: clearing the enable bit of %s control 0x%x faulted (%s): the disable test could not run",
					 nm, upm_box_reg_addr(b, sl.ctl), upm_status_name(sb->disable_status))) {
					upm_st_ev_reg(&sb->t[T_DISABLE].ev, b, sl.counter < 0 ? "fixed ctl" : "ctl", sl.ctl, 0, 0);
					upm_st_ev_written(&sb->t[T_DISABLE].ev, sl.ctl_value & ~sl.en_mask);
				}
			} else if (now != v[2] ? note(&sb->t[T_DISABLE], UPM_RESULT_FAIL,
						       "%s 0x%x moved +%llu with its enable bit clear", nm,
						       upm_box_reg_addr(b, sl.ctr),
						       (unsigned long long)upm_counter_delta(v[2], now, sl.width))
						: sb->slots_counting && note(&sb->t[T_DISABLE], UPM_RESULT_PASS,
									     "disabled counters held still for %u us",
									     (unsigned)(c->step_ns / 1000))) {
				held_ev(&sb->t[T_DISABLE].ev, b, &sl, v[2], now);
			}
			break;
		case P_WRAP:
			break;
		}
	}

	/* What the box does before the next millisecond of clock. */
	switch (c->phase) {
	case P_READ_A:
		break;
	case P_COUNT_FREEZE:
		(void)upm_box_freeze(s, b, 1);
		read_slots(c, b, bi, 1);
		break;
	case P_FROZEN_DISABLE: /* thaw, then clear each enable bit */
		(void)upm_box_freeze(s, b, 0);
		for (unsigned k = 0; k < b->n; k++) {
			struct slot sl;
			if (!(b->place[k].pass == c->pass && slot_of(s, b, k, &sl)))
				continue;
			int st = upm_box_reg_write(s, b, sl.ctl, sl.ctl_value & ~sl.en_mask, 0);
			if (st != UPM_OK && k < 64) {
				if (!sb->disable_faulted)
					sb->disable_status = st;
				sb->disable_faulted |= 1ull << k;
			}
		}
		read_slots(c, b, bi, 2);
		break;
	case P_DISABLED_RESET_PRELOAD: {
		/* Reset and preload with the enable bits still clear: a clock in a box with no
		 * freeze of its own (the UBox's fixed UCLK) counts from its enable on, so a zero
		 * would not read back as zero. The enables come back after the preload. */
		(void)upm_box_freeze(s, b, 1);
		/* reset */
		int how = t->session & UPM_SESS_RESET_BIT ? 1 : t->ctr_writable ? 2 : 0;
		struct upm_st_ev first_read; /* the first counter read after its reset: the PASS's evidence */
		first_read.has_reg = 0;
		if (how == 1)
			(void)upm_box_reg_write(s, b, t->box_ctl, upm_box_ctl_value(t, 1, 1), 0);
		for (unsigned k = 0; k < b->n && how; k++) {
			struct slot sl;
			uint64_t now = 0;
			int zero_write = 0;
			if (b->place[k].pass != c->pass || !slot_of(s, b, k, &sl))
				continue;
			if (sl.counter < 0 && t->fixed_rst.width) /* fixed counters reset on their own */
				(void)upm_box_reg_write(s, b, sl.ctl,
							(sl.ctl_value & ~sl.en_mask) | upm_field_mask(t->fixed_rst), 0);
			else if (sl.counter < 0 && !t->ctr_writable)
				continue;
			else if (how == 2 || sl.counter < 0) {
				(void)upm_box_ctr_write(s, b, sl.ctr, sl.width, 0);
				zero_write = 1;
			}
			(void)upm_box_ctr_read(s, b, sl.ctr, sl.width, &now);
			slot_name(&sl, nm, sizeof nm);
			struct upm_st_ev e;
			upm_memset(&e, 0, sizeof e);
			upm_st_ev_exact(&e, (double)now, 0, "count");
			ev_counter(&e, b, &sl, now);
			if (zero_write)
				upm_st_ev_written(&e, 0);
			if (!first_read.has_reg)
				first_read = e;
			if (now != 0 && note(&sb->t[T_RESET], UPM_RESULT_FAIL, "%s 0x%x reads 0x%llx after the %s", nm,
					     upm_box_reg_addr(b, sl.ctr), (unsigned long long)now,
					     how == 1 ? "box reset" : "zero write"))
				sb->t[T_RESET].ev = e;
		}
		if (!how)
			note(&sb->t[T_RESET], UPM_RESULT_NA, "no reset bit and no documented counter writes");
		else if (note(&sb->t[T_RESET], UPM_RESULT_PASS, "counters read 0 after the %s",
			      how == 1 ? "box reset (box control bit 1)" : "zero writes") && first_read.has_reg)
			sb->t[T_RESET].ev = first_read;
		/* Start with a clear status, before anything is preloaded near its wrap: a box
		 * without a freeze of its own counts from its enable, and 1000 cycles pass in
		 * about a microsecond. */
		if (t->ovf_status && t->ovf_clear)
			(void)upm_box_reg_write(s, b, t->ovf_clear,
						width_mask(t->n_ctrs) << t->ovf_lo | upm_field_mask(t->ovf_fixed), 0);
		/* preload for the wrap */
		for (unsigned k = 0; k < b->n && t->ctr_writable; k++) {
			struct slot sl;
			if (b->place[k].pass == c->pass && !quiet(c, b, k) && slot_of(s, b, k, &sl)) {
				uint64_t pre = width_mask(sl.width) - (ST_PRELOAD_GAP - 1);
				(void)upm_box_ctr_write(s, b, sl.ctr, sl.width, pre);
				c->snap[bi][k][3] = pre;
			}
		}
		for (unsigned k = 0; k < b->n; k++) {
			struct slot sl;
			if (b->place[k].pass == c->pass && slot_of(s, b, k, &sl))
				(void)upm_box_reg_write(s, b, sl.ctl, sl.ctl_value, 0);
		}
		(void)upm_box_freeze(s, b, 0);
		break;
	}
	case P_WRAP:
		(void)upm_box_freeze(s, b, 1);
		if (!counting_slots(c, b)) {
			/* register-only: add_verdicts says why nothing was counted */
		} else if (!t->ctr_writable) {
			note(&sb->t[T_WRAP], UPM_RESULT_NA, "counters cannot be preloaded (no documented counter writes)");
		} else {
			uint64_t st = 0;
			int has_st = t->ovf_status && upm_box_reg_read(s, b, t->ovf_status, &st, 0) == UPM_OK;
			struct upm_st_ev first_wrap; /* the first counter seen wrapped: the PASS's evidence */
			first_wrap.has_reg = 0;
			unsigned judged = 0, width = 0; /* counters looked at (not silent), and their width */
			for (unsigned k = 0; k < b->n; k++) {
				struct slot sl;
				uint64_t now = 0;
				if (b->place[k].pass != c->pass || quiet(c, b, k) || !slot_of(s, b, k, &sl))
					continue;
				slot_name(&sl, nm, sizeof nm);
				if ((sb->silent >> k) & 1)
					continue; /* already failed the count test */
				judged++;
				width = sl.width;
				(void)upm_box_ctr_read(s, b, sl.ctr, sl.width, &now);
				/* Wrapped: below the preload (2^width - 1000) again. */
				struct upm_st_ev e;
				upm_memset(&e, 0, sizeof e);
				upm_st_ev_range(&e, (double)now, 0, (double)(c->snap[bi][k][3] - 1), "count");
				ev_counter(&e, b, &sl, now);
				upm_st_ev_written(&e, c->snap[bi][k][3]);
				if (!first_wrap.has_reg && now < c->snap[bi][k][3])
					first_wrap = e;
				if (now >= c->snap[bi][k][3] &&
				    note(&sb->t[T_WRAP], UPM_RESULT_FAIL, "%s 0x%x preloaded 0x%llx reads 0x%llx: no wrap at %u bits",
					 nm, upm_box_reg_addr(b, sl.ctr), (unsigned long long)c->snap[bi][k][3],
					 (unsigned long long)now, sl.width))
					sb->t[T_WRAP].ev = e;
				if (t->ovf_status && sl.counter >= 0) {
					unsigned bit = t->ovf_lo + (unsigned)sl.counter;
					uint64_t after = 0;
					if ((!has_st || !((st >> bit) & 1)) &&
					    note(&sb->t[T_WRAP], UPM_RESULT_FAIL, "%s wrapped but status 0x%x bit %u is clear",
						 nm, upm_box_reg_addr(b, t->ovf_status), bit))
						upm_st_ev_reg(&sb->t[T_WRAP].ev, b, "overflow status", t->ovf_status, has_st, st);
					(void)upm_box_reg_write(s, b, t->ovf_clear, 1ull << bit, 0);
					int rd = upm_box_reg_read(s, b, t->ovf_status, &after, 0);
					if ((rd != UPM_OK || ((after >> bit) & 1)) &&
					    note(&sb->t[T_WRAP], UPM_RESULT_FAIL, "status 0x%x bit %u did not clear",
						 upm_box_reg_addr(b, t->ovf_status), bit)) {
						upm_st_ev_reg(&sb->t[T_WRAP].ev, b, "overflow status", t->ovf_status, rd == UPM_OK, after);
						upm_st_ev_written(&sb->t[T_WRAP].ev, 1ull << bit); /* at the overflow control */
					}
				}
			}
			if (t->ovf_status && t->ovf_clear && t->ovf_fixed.width) /* the fixed counter's too */
				(void)upm_box_reg_write(s, b, t->ovf_clear, upm_field_mask(t->ovf_fixed), 0);
			/* No PASS over counters none of which was looked at (every one silent: the
			 * count test's finding). */
			if (judged &&
			    note(&sb->t[T_WRAP], UPM_RESULT_PASS, "counters preloaded 2^%u-%u wrapped%s", width,
				 ST_PRELOAD_GAP, t->ovf_status ? ", set and cleared their overflow status" : " (the guide defines no overflow status)") &&
			    first_wrap.has_reg)
				sb->t[T_WRAP].ev = first_wrap;
		}
		(void)upm_box_freeze(s, b, 0);
		break;
	}
}

static void stage_phase(void *arg)
{
	struct st_ctx *c = arg;
	struct upm_session *s = c->s;
	int uses_global = 0;
	for (unsigned i = 0; i < s->n_boxes; i++) {
		struct upm_box_inst *b = &s->boxes[i];
		if (b->socket != c->socket || b->state != UPM_BOX_OK)
			continue;
		phase_box(c, b, i);
		uses_global |= !(b->type->session & UPM_SESS_BOX_FREEZE);
	}
	const struct upm_global_ctl *g = s->run->platform->global;
	if (g && g->status_msr && c->socket < UPM_MAX_SOCKETS) {
		uint64_t now = 0;
		if (c->phase == P_FROZEN_DISABLE &&
		    upm_msr_read(s->run->backend, g->status_msr, &now) == UPM_OK)
			c->gstatus_before[c->socket] = now;
		if (c->phase == P_WRAP && g->status_clear_msr &&
		    upm_msr_read(s->run->backend, g->status_msr, &now) == UPM_OK && (now & ~c->gstatus_before[c->socket]))
			(void)upm_msr_write(s->run->backend, g->status_clear_msr, now & ~c->gstatus_before[c->socket]);
	}
	/* Boxes without a freeze of their own stop with the platform. */
	if (uses_global && c->phase == P_COUNT_FREEZE) {
		upm_session_global(s, c->socket, 0);
		for (unsigned i = 0; i < s->n_boxes; i++)
			if (s->boxes[i].socket == c->socket && s->boxes[i].state == UPM_BOX_OK &&
			    !(s->boxes[i].type->session & UPM_SESS_BOX_FREEZE))
				read_slots(c, &s->boxes[i], i, 1);
	}
	if (uses_global && c->phase == P_FROZEN_DISABLE)
		upm_session_global(s, c->socket, 1);
}

static uint64_t selftest_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	struct st_ctx *c = ctx;
	uint64_t t0 = upm_os_nanoseconds();
	c->pass = pass;
	for (int ph = P_READ_A; ph <= P_WRAP; ph++) {
		c->phase = ph;
		for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
			c->socket = sock;
			if (upm_os_run_on_socket(sock, stage_phase, c) != UPM_OK && !s->error[0])
				upm_snprintf(s->error, sizeof s->error, "socket %u did not run the self-test", sock);
		}
		if (ph != P_WRAP)
			feed(c);
	}
	return upm_os_nanoseconds() - t0;
}

/* --- assembling the spec list and the verdicts --- */

/* Every general spec of a profile list once per counter it may use, so each counter is
 * tested. Returns the number of specs appended to out, or -1. */
static int spec_copies(const struct upm_platform *p, const char *list, struct upm_buf *out, char *err,
		       size_t n)
{
	if (!list)
		return 0;
	struct upm_spec *specs = upm_os_alloc(UPM_SESSION_MAX_SPECS * sizeof *specs);
	if (!specs) {
		upm_strlcpy(err, "out of memory", n);
		return -1;
	}
	int k = upm_spec_parse_list(p, list, specs, UPM_SESSION_MAX_SPECS, err, n), added = 0;
	for (int i = 0; i < k; i++) {
		unsigned reps = 1;
		if (specs[i].kind == UPM_SPEC_GENERAL) {
			reps = 0;
			for (unsigned c = 0; c < specs[i].box->n_ctrs; c++)
				reps += (specs[i].counters >> c) & 1;
		}
		for (unsigned r = 0; r < reps; r++, added++)
			upm_buf_printf(out, "%s%s", out->len ? "," : "", specs[i].text);
	}
	upm_os_free(specs);
	return k < 0 ? -1 : added;
}

/* The self-test's spec list: clocks, traffic (from c->traffic_from), then register-only
 * specs (from c->quiet_from). */
static int selftest_specs(const struct upm_platform *p, struct upm_buf *out, struct st_ctx *c, char *err,
			  size_t n)
{
	int a = spec_copies(p, p->check->clocks, out, err, n);
	int b = a < 0 ? -1 : spec_copies(p, p->check->traffic, out, err, n);
	if (b < 0)
		return -1;
	c->traffic_from = (unsigned)a;
	c->quiet_from = (unsigned)(a + b);
	return spec_copies(p, p->check->registers_only, out, err, n) < 0 ? -1 : 0;
}

/* Why a box the session could not use is what it is. */
static void classify_unused(struct upm_session *s, struct upm_box_inst *b, struct st_box *sb)
{
	upm_strlcpy(sb->why, b->why, sizeof sb->why);
	const struct upm_box_type *t = b->type;
	if (b->state != UPM_BOX_OK && b->state != UPM_BOX_NO_BUS && t->space == UPM_SPACE_PCI && t->pci &&
	    b->instance < t->max_instances) {
		/* The evidence: what answers at the function's vendor and device ID (offset 0). */
		uint32_t ids = 0;
		const struct upm_pci_fn *fn = &t->pci[b->instance];
		struct upm_pci_addr a = { b->seg, b->bus, fn->dev, fn->fn, 0 };
		int rc = upm_pci_read32(s->run->backend, a, &ids);
		upm_st_ev_reg(&sb->presence, b, "vendor/device ID", 0, rc == UPM_OK, ids);
	}
	switch (b->state) {
	case UPM_BOX_OK:
		return;
	case UPM_BOX_MISMATCH:
		sb->cls = UPM_CLASS_MISMATCH;
		return;
	case UPM_BOX_NO_BUS:
		sb->cls = UPM_CLASS_ABSENT;
		return;
	case UPM_BOX_FAULT:
		sb->cls = UPM_CLASS_FAULTING;
		return;
	case UPM_BOX_NOT_ON_PART:
		sb->cls = UPM_CLASS_NOT_ON_PART;
		return;
	case UPM_BOX_ABSENT:
		break;
	}
	sb->cls = UPM_CLASS_ABSENT;
	if (b->type->space != UPM_SPACE_PCI)
		return;
	/* A function missing while another function of its device answers was hidden. */
	const struct upm_pci_fn *fn = &b->type->pci[b->instance];
	for (uint8_t f = 0; f < 8; f++) {
		uint32_t ids = 0xFFFFFFFFu;
		struct upm_pci_addr a = { b->seg, b->bus, fn->dev, f, 0 };
		if (f == fn->fn || upm_pci_read32(s->run->backend, a, &ids) != UPM_OK)
			continue;
		if ((ids & 0xFFFF) == UPM_PCI_VENDOR_INTEL) {
			sb->cls = UPM_CLASS_HIDDEN;
			char gone[16], here[16];
			upm_pci_format_fn(gone, sizeof gone, b->seg, b->bus, fn->dev, fn->fn);
			upm_pci_format_fn(here, sizeof here, b->seg, b->bus, fn->dev, f);
			upm_snprintf(sb->why, sizeof sb->why, "%s does not answer while %s does", gone, here);
			return;
		}
	}
}

static enum upm_result class_result(enum upm_box_class c)
{
	switch (c) {
	case UPM_CLASS_WORKING: return UPM_RESULT_PASS;
	case UPM_CLASS_ABSENT:
	case UPM_CLASS_HIDDEN:
	case UPM_CLASS_MISMATCH: return UPM_RESULT_WARN;
	case UPM_CLASS_UNPOPULATED:
	case UPM_CLASS_NOT_ON_PART: return UPM_RESULT_NA;
	default: return UPM_RESULT_FAIL;
	}
}

/* The socket's instance of the box holding its global control (the platform's
 * global->box), when that box's own presence is a FAIL: the control's failure is then
 * that box's finding, said there. NULL otherwise (an absent U-Box is only a WARN, so its
 * faulting global control stays the FAIL). */
static const struct upm_box_inst *global_holder_failing(const struct st_ctx *c, unsigned socket)
{
	const struct upm_global_ctl *g = c->s->run->platform ? c->s->run->platform->global : NULL;
	for (unsigned j = 0; g && g->box && j < c->s->n_boxes; j++) {
		const struct upm_box_inst *h = &c->s->boxes[j];
		if (h->socket == socket && h->instance == 0 && !h->by_global &&
		    upm_strcmp(h->type->name, g->box) == 0 && c->sb[j].cls != UPM_CLASS_WORKING &&
		    class_result(c->sb[j].cls) == UPM_RESULT_FAIL)
			return h;
	}
	return NULL;
}

/* Every counter that did not count sat behind a control that did not keep what was
 * programmed (selftest.ctl's finding). */
static int silent_behind_ctls(const struct st_box *sb)
{
	return sb->silent && (sb->silent & ~sb->silent_ctl_bad) == 0;
}

static void add_verdicts(const struct st_ctx *c, struct upm_verdicts *vs, const char *mem_clock_box,
			 const char *quiet_why)
{
	struct upm_session *s = c->s;
	struct st_box *sbs = c->sb;
	unsigned global_said = 0; /* sockets whose global control failed, said once */
	for (unsigned i = 0; i < s->n_boxes; i++) {
		const struct upm_box_inst *b = &s->boxes[i];
		struct st_box *sb = &sbs[i];
		/* One cause, one FAIL: without the socket's global control no box of it counts,
		 * which is the socket's finding, not each box's. */
		if (b->state == UPM_BOX_FAULT && b->by_global) {
			if (!(global_said & (1u << b->socket))) {
				global_said |= 1u << b->socket;
				const struct upm_box_inst *h = global_holder_failing(c, b->socket);
				if (h)
					upm_verdict_add(vs, b->socket, "pmu", -1, "global", UPM_RESULT_NA,
							"not judged: %s, a register of %s%u, whose presence fails (see it)",
							b->why, h->type->name, h->instance);
				else {
					struct upm_verdict *v = upm_verdict_add(vs, b->socket, "pmu", -1, "global",
										UPM_RESULT_FAIL,
										"%s: no box of the socket can count", b->why);
					if (b->failed.has_value) /* what it read: all ones, or no start kept */
						upm_verdict_evidence(v, b->failed.reg, b->failed.address, b->failed.value);
					else
						upm_verdict_evidence_fault(v, b->failed.reg, b->failed.address);
				}
			}
			upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[T_PRESENCE],
					UPM_RESULT_NA, "not judged: its socket's %s (see pmu global)", b->why);
			continue;
		}
		int registers_only = b->n > 0, starved = 0;
		for (unsigned k = 0; k < b->n; k++) {
			registers_only &= b->spec_idx[k] >= c->quiet_from;
			starved |= b->spec_idx[k] >= c->traffic_from && b->spec_idx[k] < c->quiet_from && no_traffic(c);
		}
		/* Every counter silent behind a control that did not keep what was programmed:
		 * selftest.ctl's finding, not a dead box. A box whose one control is its fixed
		 * counter's (Skylake's ncu) and read back without it keeps no write: locked. */
		int all_silent = sb->cls == UPM_CLASS_WORKING && sb->slots_tested && !sb->slots_counting;
		int ctl_explains = all_silent && silent_behind_ctls(sb);
		if (ctl_explains && !b->type->n_ctrs && !sb->fixed_ctl_unread) {
			ctl_explains = 0;
			sb->cls = UPM_CLASS_LOCKED;
			upm_snprintf(sb->why, sizeof sb->why, "its one control, the fixed counter's, keeps no write (%s)",
				     sb->t[T_CTL].reason);
		} else if (all_silent && !ctl_explains) {
			/* A memory channel without DRAM clocks has no DIMMs (000:289-292 speak of
			 * "each populated DRAM channel"): not a dead box. */
			sb->cls = mem_clock_box && upm_strcmp(b->type->name, mem_clock_box) == 0
					  ? UPM_CLASS_UNPOPULATED : UPM_CLASS_DEAD;
			upm_snprintf(sb->why, sizeof sb->why, "%s", sb->cls == UPM_CLASS_DEAD
				     ? "none of its programmed counters moved" : "its DRAM clock does not tick");
		}
		if (sb->cls == UPM_CLASS_WORKING && b->state != UPM_BOX_OK) {
			sb->cls = UPM_CLASS_FAULTING; /* failed during the session */
			upm_strlcpy(sb->why, b->why, sizeof sb->why);
			sb->presence.has_reg = 0; /* the probe's read was fine; the reason names the fault */
		}
		int optional = b->type->optional_from && b->instance >= b->type->optional_from &&
			       (sb->cls == UPM_CLASS_ABSENT || sb->cls == UPM_CLASS_HIDDEN);
		struct upm_verdict *pv;
		if (ctl_explains)
			pv = upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[T_PRESENCE],
					     UPM_RESULT_NA, "present; whether it counts is not judged: its counters "
					     "did not move behind controls that did not keep their event (see selftest.ctl)");
		else if (sb->cls == UPM_CLASS_WORKING)
			pv = upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[T_PRESENCE],
					     UPM_RESULT_PASS, "present and working");
		else if (optional)
			pv = upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[T_PRESENCE],
					     UPM_RESULT_NA, "%s: only some parts of this platform have it (%s)",
					     upm_box_class_name(sb->cls), sb->why);
		else
			pv = upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[T_PRESENCE],
					     class_result(sb->cls), "%s: %s", upm_box_class_name(sb->cls), sb->why);
		/* Dead or unpopulated: what the counting showed; locked: the control that kept
		 * no write; else the register probed. */
		upm_st_ev_apply(pv, (sb->cls == UPM_CLASS_DEAD || sb->cls == UPM_CLASS_UNPOPULATED) && sb->t[T_COUNT].set
				     ? &sb->t[T_COUNT].ev
				     : sb->cls == UPM_CLASS_LOCKED && sb->t[T_CTL].set ? &sb->t[T_CTL].ev : &sb->presence);
		if (sb->cls != UPM_CLASS_WORKING && sb->cls != UPM_CLASS_DEAD && sb->cls != UPM_CLASS_LOCKED &&
		    sb->cls != UPM_CLASS_UNPOPULATED)
			continue; /* nothing else was tested */
		for (unsigned t = T_CTL; t < T_N; t++) {
			struct st_result *r = &sb->t[t];
			if (sb->cls == UPM_CLASS_UNPOPULATED && t >= T_COUNT)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[t],
						UPM_RESULT_NA, "not judged: unpopulated channel");
			/* One cause, one FAIL: a locked box keeps no write, so every test of it
			 * failed, or passed on the values it kept (a 0 read as reset or wrapped);
			 * a dead one does not count, so its counting tests failed. Presence
			 * judged that. */
			else if (sb->cls == UPM_CLASS_LOCKED)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[t],
						UPM_RESULT_NA, "not judged: the box keeps no write (see presence)");
			else if (sb->cls == UPM_CLASS_DEAD && r->set && r->result == UPM_RESULT_FAIL && t >= T_COUNT &&
				 t != T_RESET)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[t],
						UPM_RESULT_NA, "not judged: the box does not count (see presence)");
			/* A counter whose control did not keep the event written (a stuck event-select
			 * bit) counts another event or none: selftest.ctl said so. */
			else if (t == T_COUNT && r->set && r->result == UPM_RESULT_FAIL && silent_behind_ctls(sb))
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[t],
						UPM_RESULT_NA, "not judged: %s (see selftest.ctl)", r->reason);
			else if (!r->set && starved && t >= T_COUNT && t != T_RESET)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[t],
						UPM_RESULT_INCOMPLETE, "not judged: the traffic it counts under did not run (%s)",
						c->traffic_err[0] ? c->traffic_err : "no workload");
			else if (!r->set && registers_only && t >= T_COUNT && t != T_RESET)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[t],
						UPM_RESULT_NA, "registers only: %s",
						quiet_why ? quiet_why : "no event of this box counts without a stimulus the self-test cannot make");
			else if (!r->set)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[t],
						UPM_RESULT_NA, "%s",
						sb->cls == UPM_CLASS_WORKING ? "nothing to test here"
						: sb->cls == UPM_CLASS_UNPOPULATED ? "not judged: unpopulated channel"
										  : "not judged: the box does not count (see presence)");
			else
				upm_st_ev_apply(upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, test_names[t],
							 r->result, "%s", r->reason),
					 &r->ev);
		}
	}
}

int upm_selftest(struct upm_run *r, struct upm_verdicts *vs, char *err, size_t err_size)
{
	const struct upm_platform *p = r->platform;
	if (!p || !p->check || !p->check->clocks) {
		upm_snprintf(err, err_size, "no self-test is defined for %s", p ? p->name : "this processor");
		return -1;
	}
	struct upm_buf specs;
	upm_buf_init(&specs);
	struct st_ctx c;
	upm_memset(&c, 0, sizeof c);
	if (selftest_specs(p, &specs, &c, err, err_size) < 0) {
		upm_buf_free(&specs);
		return -1;
	}
	struct upm_session *s = upm_os_alloc(sizeof *s);
	int rc = -1;
	if (!s) {
		upm_strlcpy(err, "out of memory", err_size);
		goto out;
	}
	if (upm_session_prepare(s, r, specs.data) < 0) {
		upm_snprintf(err, err_size, "%s", s->error);
		goto out_session;
	}
	c.s = s;
	if (p->check->traffic) {
		/* One reader per socket, one pass over a few MiB: every step moves lines
		 * through the LLC, the home agents and the memory controllers. */
		struct upm_workload w;
		upm_memset(&w, 0, sizeof w);
		w.kernel = "read";
		w.threads = r->n_sockets;
		w.memory_socket = -1;
		w.size = ST_TRAFFIC_BYTES * r->n_sockets;
		w.iterations = 1;
		if (upm_workload_prepare(r, &w, &c.plan, c.traffic_err, sizeof c.traffic_err) != UPM_OK) {
			c.plan = NULL;
			upm_say(r, "selftest: no traffic for the counting tests: %s", c.traffic_err);
		} else { /* each pass reads it once: the watchdog covers that at a slow pace */
			s->pass_estimate_ns = upm_plan_kernel_ns(w.size, w.iterations);
		}
	}
	c.sb = upm_os_alloc((s->n_boxes + 1) * sizeof *c.sb);
	c.snap = upm_os_alloc((s->n_boxes + 1) * sizeof *c.snap);
	if (!c.sb || !c.snap) {
		upm_strlcpy(err, "out of memory", err_size);
		goto out_session;
	}
	upm_memset(c.sb, 0, (s->n_boxes + 1) * sizeof *c.sb);
	upm_memset(c.snap, 0, (s->n_boxes + 1) * sizeof *c.snap);
	for (unsigned i = 0; i < s->n_boxes; i++)
		classify_unused(s, &s->boxes[i], &c.sb[i]);
	for (unsigned sock = 0; sock < r->n_sockets; sock++) {
		c.socket = sock;
		if (upm_os_run_on_socket(sock, stage_registers, &c) != UPM_OK) {
			upm_say(r, "selftest: socket %u did not run the register tests", sock);
			upm_check_safety_socket_lost(r, sock); /* "sockets_skipped" */
		}
	}
	if (upm_session_run(s, selftest_interval, &c) < 0 && s->error[0] && !s->error_not_replayed)
		upm_say(r, "selftest: %s", s->error);
	upm_check_safety_session(r, vs, s, "selftest"); /* NOT RESTORED by address, silent sockets, abort */
	struct upm_spec clk;
	char e2[120];
	const char *mem_clock_box = p->check->mem_clock && upm_spec_parse(p, p->check->mem_clock, &clk, e2, sizeof e2) == 0
					    ? clk.box->name : NULL;
	add_verdicts(&c, vs, mem_clock_box, p->check->registers_only_why);
	rc = 0;
out_session:
	if (c.traffic_failed)
		upm_say(r, "selftest: the traffic feed stopped: %s", c.traffic_err);
	if (c.plan)
		upm_workload_release(c.plan);
	upm_session_free(s);
out:
	upm_os_free(c.sb);
	upm_os_free(c.snap);
	upm_os_free(s);
	upm_buf_free(&specs);
	return rc;
}

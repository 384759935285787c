/* The self-test's verdicts (selftest_state.h): each box's class (working, absent,
 * hidden, locked, dead, ...), its presence verdict and its tests', one cause one FAIL. */
#include "core/check/selftest_state.h"
#include "platform/pci.h"

/* Why a box the session could not use is what it is. */
void upm_st_classify_unused(struct upm_session *s, struct upm_box_inst *b, struct st_box *sb)
{
	upm_strlcpy(sb->why, b->why, sizeof sb->why);
	const struct upm_box_type *t = b->type;
	if (b->state != UPM_BOX_OK && b->state != UPM_BOX_NO_BUS && t->space == UPM_SPACE_PCI &&
	    (b->where || (t->pci && b->instance < t->max_instances))) {
		/* The evidence: what answers at the function's vendor and device ID (offset 0). */
		uint32_t ids = 0;
		struct upm_pci_addr a = upm_box_pci_fn(b, 0);
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
	/* A placed type's instance no table placed has no function to look beside. */
	if (b->type->space != UPM_SPACE_PCI || (!b->where && (!t->pci || b->instance >= t->max_instances)))
		return;
	/* A function missing while another function of its device answers was hidden. */
	struct upm_pci_addr fn = upm_box_pci_fn(b, 0);
	for (uint8_t f = 0; f < 8; f++) {
		uint32_t ids = 0xFFFFFFFFu;
		struct upm_pci_addr a = { fn.seg, fn.bus, fn.dev, f, 0 };
		if (f == fn.fn || upm_pci_read32(s->run->backend, a, &ids) != UPM_OK)
			continue;
		if ((ids & 0xFFFF) == UPM_PCI_VENDOR_INTEL) {
			sb->cls = UPM_CLASS_HIDDEN;
			char gone[16], here[16];
			upm_pci_format_fn(gone, sizeof gone, fn.seg, fn.bus, fn.dev, fn.fn);
			upm_pci_format_fn(here, sizeof here, fn.seg, fn.bus, fn.dev, f);
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

/* How long test t of a box took: the counting tests the clock step they counted over,
 * the others their own steps (0 when it did not run). */
static uint64_t test_ns(const struct st_ctx *c, const struct st_box *sb, unsigned t)
{
	if (!sb->t[t].set)
		return 0;
	switch (t) {
	case T_COUNT: return c->phase_step_ns[P_READ_A];
	case T_FREEZE: return c->phase_step_ns[P_COUNT_FREEZE];
	case T_DISABLE: return c->phase_step_ns[P_FROZEN_DISABLE];
	case T_WRAP: return c->phase_step_ns[P_DISABLED_RESET_PRELOAD];
	default: return sb->ns[t];
	}
}

/* Every counter that did not count sat behind a control that did not keep what was
 * programmed (selftest.ctl's finding). */
static int silent_behind_ctls(const struct st_box *sb)
{
	return sb->silent && (sb->silent & ~sb->silent_ctl_bad) == 0;
}

void upm_st_add_verdicts(const struct st_ctx *c, struct upm_verdicts *vs, const char *mem_clock_box,
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
			upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[T_PRESENCE],
					UPM_RESULT_NA, "not judged: its socket's %s (see pmu global)", b->why);
			for (unsigned t = T_CTL; t < T_N; t++) /* every box has its tests on every run */
				upm_verdict_not_run(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[t],
						    "its socket's %s (see pmu global)", b->why);
			continue;
		}
		int registers_only = b->n > 0, starved = 0;
		for (unsigned k = 0; k < b->n; k++) {
			registers_only &= b->spec_idx[k] >= c->quiet_from;
			starved |= b->spec_idx[k] >= c->traffic_from && b->spec_idx[k] < c->quiet_from && upm_st_no_traffic(c);
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
			pv = upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[T_PRESENCE],
					     UPM_RESULT_NA, "present; whether it counts is not judged: its counters "
					     "did not move behind controls that did not keep their event (see selftest.ctl)");
		else if (sb->cls == UPM_CLASS_WORKING)
			pv = upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[T_PRESENCE],
					     UPM_RESULT_PASS, "present and working");
		else if (optional)
			pv = upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[T_PRESENCE],
					     UPM_RESULT_NA, "%s: only some parts of this platform have it (%s)",
					     upm_box_class_name(sb->cls), sb->why);
		else
			pv = upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[T_PRESENCE],
					     class_result(sb->cls), "%s: %s", upm_box_class_name(sb->cls), sb->why);
		/* Dead or unpopulated: what the counting showed; locked: the control that kept
		 * no write; else the register probed. */
		upm_st_ev_apply(pv, (sb->cls == UPM_CLASS_DEAD || sb->cls == UPM_CLASS_UNPOPULATED) && sb->t[T_COUNT].set
				     ? &sb->t[T_COUNT].ev
				     : sb->cls == UPM_CLASS_LOCKED && sb->t[T_CTL].set ? &sb->t[T_CTL].ev : &sb->presence);
		upm_verdict_time(pv, sb->ns[T_PRESENCE]);
		if (sb->cls != UPM_CLASS_WORKING && sb->cls != UPM_CLASS_DEAD && sb->cls != UPM_CLASS_LOCKED &&
		    sb->cls != UPM_CLASS_UNPOPULATED) {
			/* Nothing else was tested: each test is there all the same, not run, so a
			 * box has the same tests on every run whatever its presence found. */
			for (unsigned t = T_CTL; t < T_N && pv; t++)
				upm_verdict_not_run_after(vs, pv, upm_st_test_names[t]);
			continue;
		}
		for (unsigned t = T_CTL; t < T_N; t++) {
			struct st_result *r = &sb->t[t];
			unsigned first = vs->n;
			if (sb->cls == UPM_CLASS_UNPOPULATED && t >= T_COUNT)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[t],
						UPM_RESULT_NA, "not judged: unpopulated channel");
			/* One cause, one FAIL: a locked box keeps no write, so every test of it
			 * failed, or passed on the values it kept (a 0 read as reset or wrapped);
			 * a dead one does not count, so its counting tests failed. Presence
			 * judged that. */
			else if (sb->cls == UPM_CLASS_LOCKED)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[t],
						UPM_RESULT_NA, "not judged: the box keeps no write (see presence)");
			else if (sb->cls == UPM_CLASS_DEAD && r->set && r->result == UPM_RESULT_FAIL && t >= T_COUNT &&
				 t != T_RESET)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[t],
						UPM_RESULT_NA, "not judged: the box does not count (see presence)");
			/* A counter whose control did not keep the event written (a stuck event-select
			 * bit) counts another event or none: selftest.ctl said so. */
			else if (t == T_COUNT && r->set && r->result == UPM_RESULT_FAIL && silent_behind_ctls(sb))
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[t],
						UPM_RESULT_NA, "not judged: %s (see selftest.ctl)", r->reason);
			else if (!r->set && starved && t >= T_COUNT && t != T_RESET)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[t],
						UPM_RESULT_INCOMPLETE, "not judged: the traffic it counts under did not run (%s)",
						c->traffic_err[0] ? c->traffic_err : "no workload");
			else if (!r->set && registers_only && t >= T_COUNT && t != T_RESET)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[t],
						UPM_RESULT_NA, "registers only: %s",
						quiet_why ? quiet_why : "no event of this box counts without a stimulus the self-test cannot make");
			else if (!r->set)
				upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[t],
						UPM_RESULT_NA, "%s",
						sb->cls == UPM_CLASS_WORKING ? "nothing to test here"
						: sb->cls == UPM_CLASS_UNPOPULATED ? "not judged: unpopulated channel"
										  : "not judged: the box does not count (see presence)");
			else
				upm_st_ev_apply(upm_verdict_add(vs, b->socket, b->type->name, (int)b->instance, upm_st_test_names[t],
							 r->result, "%s", r->reason),
					 &r->ev);
			upm_verdicts_time_from(vs, first, test_ns(c, sb, t));
		}
	}
}

/* The health check's judgements (check_state.h): each measurement held to what its kernel
 * moved (the uncore clock, memory reads and writes per socket and channel, LLC lookups and
 * their balance, link flits), within tolerances; a box never read, or read over a part of
 * a socket, is said so and not judged. */
#include "core/check/check_state.h"

/* What socket's counts had taken off them (-1: every socket's), for the verdicts' reasons:
 * no baseline after an abort, nor on a socket whose processor stopped answering. */
static const char *baseline_note(const struct check *c, int socket)
{
	uint32_t lost = upm_ck_lost_sockets(c->r) & (socket < 0 ? ~0u : 1u << socket);
	return c->have_baseline && !lost ? "idle baseline removed" : "no idle baseline removed: it was not counted";
}

/* N/A for too little to judge: want (expected, in what's units) is under floor. 1 when so. */
static int too_little(struct check *c, const struct measure *m, unsigned sock, const char *box, int instance,
		      const char *check, double want, double floor, const char *what)
{
	if (want >= floor)
		return 0;
	upm_verdict_add(c->vs, sock, box, instance, check, UPM_RESULT_NA,
			"too little to judge: %s%llu %s expected%s from the %s kernel, under the %llu a judgement "
			"needs (give a larger --size)", instance >= 0 ? "about " : "", (unsigned long long)(want + 0.5),
			what, instance >= 0 ? " on each" : "", m->label, (unsigned long long)floor);
	c->too_little++;
	return 1;
}

/* Boxes of a type on a socket that the measurement could not use (absent, hidden,
 * faulting): their share of the traffic went uncounted. */
static unsigned unusable(const struct measure *m, const char *box, unsigned socket)
{
	unsigned n = 0;
	for (unsigned i = 0; i < m->s.n_boxes; i++)
		n += m->s.boxes[i].socket == socket && m->s.boxes[i].state != UPM_BOX_OK &&
		     upm_strcmp(m->s.boxes[i].type->name, box) == 0;
	return n;
}

/* A box instance's own verdicts: 2 when its presence FAILed (it was never read
 * properly), 1 when a self-test FAILed, else 0. */
int upm_ck_failed_own(const struct check *c, const char *box, unsigned socket, unsigned instance)
{
	int worst = 0;
	for (unsigned i = 0; i < c->vs->n; i++) {
		const struct upm_verdict *v = &c->vs->v[i];
		if (v->pass != upm_verdicts_pass(c->vs)) /* a burn-in's earlier passes judged theirs */
			continue;
		if (v->result != UPM_RESULT_FAIL || v->socket != socket || v->instance != (int)instance ||
		    !v->box || upm_strcmp(v->box, box) != 0)
			continue;
		if (upm_strcmp(v->check, "presence") == 0)
			return 2;
		if (upm_strncmp(v->check, "selftest.", 9) == 0)
			worst = 1;
	}
	return worst;
}

/* No part of a socket's total: beyond the part's cores, or an instance only some parts
 * have and this one lacks (the self-test's presence says N/A for it). */
static int not_on_part(const struct upm_box_inst *b)
{
	return b->state == UPM_BOX_NOT_ON_PART ||
	       (b->state == UPM_BOX_ABSENT && b->type->optional_from && b->instance >= b->type->optional_from);
}

/* A box instance the measurement never read: absent, another device in its place, no
 * bus, or faulting. */
static int never_read(const struct upm_box_inst *b)
{
	return b->state != UPM_BOX_OK && !not_on_part(b);
}

/* This pass's presence verdict on an instance, or NULL. */
static const struct upm_verdict *presence_of(const struct check *c, const char *box, unsigned socket,
					     unsigned instance)
{
	for (unsigned i = 0; i < c->vs->n; i++) {
		const struct upm_verdict *v = &c->vs->v[i];
		if (v->pass == upm_verdicts_pass(c->vs) && v->socket == socket && v->instance == (int)instance &&
		    v->box && upm_strcmp(v->box, box) == 0 &&
		    upm_strcmp(v->check, "presence") == 0)
			return v;
	}
	return NULL;
}

/* Whether the run has a presence verdict on this instance. */
static int has_presence(const struct check *c, const char *box, unsigned socket, unsigned instance)
{
	return presence_of(c, box, socket, instance) != NULL;
}

/* A judgement of one instance the measurement has nothing of: there all the same, not
 * run, so a box has the same checks on every run. Its presence says why where it did not
 * pass, else the measurement's state of the box. */
static void not_run_unread(struct check *c, const struct measure *m, const char *box, unsigned socket,
			   unsigned instance, const char *check)
{
	const struct upm_verdict *p = presence_of(c, box, socket, instance);
	if (p && p->result != UPM_RESULT_PASS) {
		upm_verdict_not_run_after(c->vs, p, check);
		return;
	}
	for (unsigned i = 0; i < m->s.n_boxes; i++) {
		const struct upm_box_inst *b = &m->s.boxes[i];
		if (b->socket == socket && b->instance == instance && upm_strcmp(b->type->name, box) == 0 &&
		    b->state != UPM_BOX_OK) {
			upm_verdict_not_run(c->vs, socket, box, (int)instance, check, "%s%u was not counted in the %s kernel "
					    "(%s: %s)", box, instance, m->label, upm_box_state_name(b->state), b->why);
			return;
		}
	}
	upm_verdict_not_run(c->vs, socket, box, (int)instance, check, "nothing of %s%u was read in the %s kernel", box,
			    instance, m->label);
}

/* One cause, one FAIL: a socket total of `box` is N/A, naming the instances, when one it
 * needs was never read (its presence FAILed, or the measurement could not use it), or
 * failed a self-test and the total would fail (its own verdict already says so). An
 * instance never read that has no presence verdict yet (a box the self-test does not
 * cover) gets one with the reason, once. */
static int not_judged_over_failed(struct check *c, const struct measure *m, const char *box, unsigned socket,
				  const char *check, int would_fail)
{
	char list[160];
	unsigned k = 0, read = 0;
	int mixed = 0;
	size_t at = 0;
	const char *why = "";
	list[0] = 0;
	for (unsigned i = 0; i < m->s.n_boxes; i++) {
		const struct upm_box_inst *b = &m->s.boxes[i];
		if (b->socket != socket || upm_strcmp(b->type->name, box) != 0 || not_on_part(b))
			continue;
		int own = upm_ck_failed_own(c, box, socket, b->instance);
		if (!never_read(b) && own < (would_fail ? 1 : 2)) {
			read++;
			continue;
		}
		if (never_read(b) && !has_presence(c, box, socket, b->instance)) {
			struct upm_verdict *v = upm_verdict_add(c->vs, socket, box, (int)b->instance, "presence",
								UPM_RESULT_WARN, "%s: %s: not counted, its checks are not judged",
								upm_box_state_name(b->state), b->why);
			/* The access that put it out of use, where the session knows it: the IDs read
			 * at its function, the count register, or the register whose access faulted. */
			if (b->failed.known && b->failed.has_value)
				upm_verdict_evidence(v, b->failed.reg, b->failed.address, b->failed.value);
			else if (b->failed.known)
				upm_verdict_evidence_fault(v, b->failed.reg, b->failed.address);
		}
		const char *this_why = never_read(b) ? upm_box_state_name(b->state)
				       : own == 2      ? "failed its presence"
						       : "failed its self-test";
		if (!why[0])
			why = this_why;
		else if (upm_strcmp(why, this_why) != 0)
			mixed = 1; /* one reason would be wrong for some: each presence says its own */
		if (at < sizeof list)
			at += (size_t)upm_snprintf(list + at, sizeof list - at, "%s%s%u", k ? ", " : "", box, b->instance);
		k++;
	}
	if (!k)
		return 0;
	upm_verdict_add(c->vs, socket, box, -1, check, UPM_RESULT_NA,
			"%s not counted (%s%s): the socket's total is not judged %s", list, mixed ? "" : why,
			mixed ? "see each presence" : k > 1 ? ", see each presence" : "",
			read ? "over the others" : "(nothing of it was read)");
	return 1;
}

/* A total judged with an instance in it that failed its own self-test (its count may be
 * wrong, within the tolerance all the same) says which, so the PASS is not read as theirs. */
static void note_failed_in_total(const struct check *c, const struct measure *m, struct upm_verdict *vd,
				 const char *box, unsigned socket)
{
	if (!vd)
		return;
	char list[64];
	size_t at = 0;
	unsigned k = 0;
	list[0] = 0;
	for (unsigned i = 0; i < m->s.n_boxes; i++) {
		const struct upm_box_inst *b = &m->s.boxes[i];
		if (b->socket != socket || upm_strcmp(b->type->name, box) != 0 || never_read(b) ||
		    upm_ck_failed_own(c, box, socket, b->instance) != 1)
			continue;
		if (at < sizeof list)
			at += (size_t)upm_snprintf(list + at, sizeof list - at, "%s%s%u", k ? ", " : "", box, b->instance);
		k++;
	}
	size_t len = upm_strlen(vd->reason);
	if (k && len < sizeof vd->reason)
		upm_snprintf(vd->reason + len, sizeof vd->reason - len, "; it includes %s, which failed %s self-test",
			     list, k == 1 ? "its" : "their");
}

/* A total that falls short because boxes could not be counted is a warning about those
 * boxes (their own verdicts say why), not a failure of the ones that counted. */
static enum upm_result shortfall(const struct measure *m, const char *box, unsigned socket, int within,
				 double measured, double expected)
{
	if (within)
		return UPM_RESULT_PASS;
	return measured < expected && unusable(m, box, socket) ? UPM_RESULT_WARN : UPM_RESULT_FAIL;
}

void upm_ck_judge_uclk(struct check *c, const struct measure *m)
{
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		struct sum k = upm_ck_sum_of(c, m, R_UCLK, sock, -1);
		if (!k.n || !k.ns) {
			/* Never read (absent, faulting, dead): N/A naming the box and why. */
			if (not_judged_over_failed(c, m, c->role_box[R_UCLK], sock, "uclk", 1))
				continue;
			upm_verdict_add(c->vs, sock, c->role_box[R_UCLK], -1, "uclk", UPM_RESULT_INCOMPLETE,
					"no uncore clock count during the %s kernel", m->label);
			continue;
		}
		double mhz = (double)k.delta * 1000.0 / (double)k.ns;
		char v[32], lo[32], hi[32];
		upm_format_double(v, sizeof v, mhz, 1);
		if (c->r->opts.backend == UPM_BACKEND_REPLAY) { /* a clock over another machine's time */
			upm_verdict_add(c->vs, sock, c->role_box[R_UCLK], -1, "uclk", UPM_RESULT_NA,
					"not judged in a replay: the ticks are the recording's (%llu), the window this "
					"machine's (%llu us, %s MHz over it)", (unsigned long long)k.delta,
					(unsigned long long)(k.ns / 1000), v);
			continue;
		}
		upm_format_double(lo, sizeof lo, c->uclk_min, 0);
		upm_format_double(hi, sizeof hi, c->uclk_max, 0);
		int ok = mhz >= c->uclk_min && mhz <= c->uclk_max;
		if (not_judged_over_failed(c, m, c->role_box[R_UCLK], sock, "uclk", !ok))
			continue;
		struct upm_verdict *vd = upm_verdict_add(c->vs, sock, c->role_box[R_UCLK], -1, "uclk", ok ? UPM_RESULT_PASS : UPM_RESULT_FAIL,
				"%s MHz (%llu ticks in %llu us); expected %s-%s MHz", v, (unsigned long long)k.delta,
				(unsigned long long)(k.ns / 1000), lo, hi);
		upm_verdict_range(vd, mhz, c->uclk_min, c->uclk_max, "MHz");
	}
}

/* judge_memory without placement: every socket's counts together against every line the
 * kernel moved, on socket 0; the other sockets say where it was judged. Short while a box
 * could not be counted, it is not judged (that box's own verdict says why), as per socket. */
static void judge_memory_together(struct check *c, const struct measure *m, const struct measure *idle,
				  enum role role, const char *check, int writes, const char *why)
{
	double counted = 0, expected = 0;
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		struct sum raw;
		counted += upm_ck_net(c, m, idle, role, sock, -1, &raw) * c->p->mem_bytes_per_count;
		const struct upm_activity *a = upm_ck_activity(m, raw.pass, sock);
		expected += (double)(writes ? a->lines_written : a->lines_read) * 64.0;
	}
	for (unsigned sock = 1; sock < c->r->n_sockets; sock++)
		upm_verdict_add(c->vs, sock, c->role_box[role], -1, check, UPM_RESULT_NA,
				"judged over every socket together, on socket 0: the %s kernel's buffers were not "
				"placed by socket (%s)", m->label, why);
	if (too_little(c, m, 0, c->role_box[role], -1, check, expected / 64.0, CK_MIN_EXPECTED,
		       writes ? "lines written" : "lines read"))
		return;
	double e = upm_ck_rel_err(counted, expected);
	enum upm_result result = e <= c->mem_tol ? UPM_RESULT_PASS : UPM_RESULT_FAIL;
	for (unsigned sock = 0; sock < c->r->n_sockets && result == UPM_RESULT_FAIL; sock++)
		if (counted < expected && unusable(m, c->role_box[role], sock))
			result = UPM_RESULT_NA; /* one cause, one finding: the box's */
	char mv[32], ev[32], tv[32], ov[32];
	upm_format_double(mv, sizeof mv, counted / 1048576.0, 2);
	upm_format_double(ev, sizeof ev, expected / 1048576.0, 2);
	upm_format_double(tv, sizeof tv, c->mem_tol * 100.0, 1);
	upm_format_double(ov, sizeof ov, e * 100.0, 1);
	struct upm_verdict *vd = upm_verdict_add(c->vs, 0, c->role_box[role], -1, check, result,
			"%severy socket together (buffers not placed by socket): %s MiB counted (%s x %u B, %s) vs %s MiB "
			"moved by %s: off by %s%% (tolerance %s%%)",
			result == UPM_RESULT_NA ? "not judged, boxes were not counted (see each presence): " : "", mv,
			c->p->mem_read && !writes ? "reads" : "writes",
			c->p->mem_bytes_per_count, baseline_note(c, -1), ev, m->label, ov, tv);
	upm_verdict_numbers(vd, counted, expected, c->mem_tol, "bytes");
}

/* Memory counted against what a kernel moved, per socket. */
void upm_ck_judge_memory(struct check *c, const struct measure *m, const struct measure *idle,
			 enum role role, const char *check, int writes)
{
	if (!c->role_mask[role])
		return;
	const char *why;
	if (!upm_ck_memory_attributed(c, m, &why)) {
		judge_memory_together(c, m, idle, role, check, writes, why);
		return;
	}
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		struct sum raw;
		double counted = upm_ck_net(c, m, idle, role, sock, -1, &raw) * c->p->mem_bytes_per_count;
		const struct upm_activity *a = upm_ck_activity(m, raw.pass, sock);
		double expected = (double)(writes ? a->lines_written : a->lines_read) * 64.0;
		char mv[32], ev[32], tv[32];
		upm_format_double(mv, sizeof mv, counted / 1048576.0, 2);
		upm_format_double(ev, sizeof ev, expected / 1048576.0, 2);
		upm_format_double(tv, sizeof tv, c->mem_tol * 100.0, 1);
		if (expected <= 0) {
			upm_verdict_add(c->vs, sock, c->role_box[role], -1, check, UPM_RESULT_NA,
					"the %s kernel moved no memory of this socket", m->label);
			continue;
		}
		if (too_little(c, m, sock, c->role_box[role], -1, check, expected / 64.0, CK_MIN_EXPECTED,
			       writes ? "lines written" : "lines read"))
			continue;
		double e = upm_ck_rel_err(counted, expected);
		if (not_judged_over_failed(c, m, c->role_box[role], sock, check, e > c->mem_tol))
			continue;
		char ov[32];
		upm_format_double(ov, sizeof ov, e * 100.0, 1);
		struct upm_verdict *vd = upm_verdict_add(c->vs, sock, c->role_box[role], -1, check,
				shortfall(m, c->role_box[role], sock, e <= c->mem_tol, counted, expected),
				"%s MiB counted (%s x %u B, %s) vs %s MiB moved by %s: off by %s%% (tolerance %s%%)",
				mv, c->p->mem_read && !writes ? "reads" : "writes", c->p->mem_bytes_per_count,
				baseline_note(c, (int)sock), ev, m->label, ov, tv);
		upm_verdict_numbers(vd, counted, expected, c->mem_tol, "bytes");
		note_failed_in_total(c, m, vd, c->role_box[role], sock);
	}
}

static unsigned instances_of(const struct measure *m, const char *box, unsigned socket)
{
	unsigned n = 0;
	for (unsigned i = 0; i < m->s.n_boxes; i++)
		if (m->s.boxes[i].socket == socket && upm_strcmp(m->s.boxes[i].type->name, box) == 0 &&
		    m->s.boxes[i].instance + 1 > n)
			n = m->s.boxes[i].instance + 1;
	return n;
}

/* The median of n values (n <= 64): the reference a box's share is judged against, so
 * one hot box is flagged without dragging its peers off the mean with it (the guides
 * advise checking each box's deviation rather than trusting the sum: 002:1073). */
static double median(const double *v, const int *use, unsigned n)
{
	double t[64];
	unsigned k = 0;
	for (unsigned i = 0; i < n && i < 64; i++)
		if (use[i])
			t[k++] = v[i];
	for (unsigned i = 1; i < k; i++) /* insertion sort: a few dozen values */
		for (unsigned j = i; j > 0 && t[j - 1] > t[j]; j--) {
			double x = t[j];
			t[j] = t[j - 1];
			t[j - 1] = x;
		}
	if (!k)
		return 0;
	return k % 2 ? t[k / 2] : (t[k / 2 - 1] + t[k / 2]) / 2;
}

/* Each channel under the read kernel: unpopulated, silent, or off the mean. */
void upm_ck_judge_channels(struct check *c, const struct measure *m, const struct measure *idle)
{
	if (!c->role_mask[R_MEM_RD])
		return;
	const char *box = c->role_box[R_MEM_RD];
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		unsigned n = instances_of(m, box, sock);
		double cas[32] = { 0 }, total = 0;
		int clocked[32] = { 0 }, answered[32] = { 0 }, busy_one[32] = { 0 };
		unsigned busy = 0, populated = 0; /* populated: the channels the lines spread over */
		for (unsigned i = 0; i < n && i < 32; i++) {
			struct sum raw, clk = upm_ck_sum_of(c, m, R_MEM_CLK, sock, (int)i);
			int own = upm_ck_failed_own(c, box, sock, i);
			cas[i] = upm_ck_net(c, m, idle, R_MEM_RD, sock, (int)i, &raw);
			answered[i] = raw.n > 0 && own < 2; /* never read: its presence says why */
			clocked[i] = !c->role_mask[R_MEM_CLK] || clk.delta > 0;
			populated += answered[i] && clocked[i];
			/* One that failed its own self-test is judged there, not the reference of its
			 * peers (its zero would make them look high). */
			busy_one[i] = answered[i] && clocked[i] && cas[i] > 0 && own == 0;
			if (busy_one[i]) {
				total += cas[i];
				busy++;
			}
		}
		double mean = busy ? total / busy : 0;
		double mid = median(cas, busy_one, n < 32 ? n : 32);
		/* Two channels have no majority: one off makes the other look off by as much.
		 * When the total is off too, the channel that is off is the one that misses its
		 * even share of the lines the kernel read. */
		const char *ref_name = "the median";
		struct sum first = upm_ck_sum_of(c, m, R_MEM_RD, sock, -1);
		const char *unplaced;
		/* Without placement the plan says nothing of this socket's share: the lines that
		 * came here are what its channels share. */
		double want = upm_ck_memory_attributed(c, m, &unplaced)
				      ? (double)upm_ck_activity(m, first.pass, sock)->lines_read * 64.0 / c->p->mem_bytes_per_count
				      : total;
		if (want <= 0) { /* no thread read this socket's memory (--threads): nothing to judge */
			for (unsigned i = 0; i < n && i < 32; i++)
				if (answered[i] && unplaced)
					upm_verdict_add(c->vs, sock, box, (int)i, "memory.channel", UPM_RESULT_NA,
							"no line of the %s kernel came to this socket's memory: its buffers "
							"were not placed by socket (%s)", m->label, unplaced);
				else if (answered[i])
					upm_verdict_add(c->vs, sock, box, (int)i, "memory.channel", UPM_RESULT_NA,
							"the %s kernel read no memory of this socket", m->label);
				else
					not_run_unread(c, m, box, sock, i, "memory.channel");
			continue;
		}
		if (busy == 2 && want > 0 && upm_ck_rel_err(total, want) > c->mem_tol) {
			/* Over every channel the lines spread to: those that could not be read
			 * took their share too, so theirs is not the healthy two's. */
			unsigned carrying = 0;
			for (unsigned i = 0; i < n && i < 32; i++)
				carrying += !answered[i] || clocked[i];
			mid = want / (carrying > busy ? carrying : busy);
			ref_name = "the even share";
		}
		for (unsigned i = 0; i < n && i < 32; i++) {
			if (!answered[i]) { /* the self-test's presence verdict says why */
				not_run_unread(c, m, box, sock, i, "memory.channel");
				continue;
			}
			if (!clocked[i] && cas[i] > 0) { /* CAS without a clock: the clock counter is broken */
				upm_verdict_add(c->vs, sock, box, (int)i, "memory.channel", UPM_RESULT_FAIL,
						"%llu CAS reads but its DRAM clock counter did not tick: the clock counter is broken",
						(unsigned long long)cas[i]);
				continue;
			}
			if (!clocked[i]) {
				upm_verdict_add(c->vs, sock, box, (int)i, "memory.channel", UPM_RESULT_NA,
						"unpopulated: its DRAM clock did not tick under the read kernel");
				continue;
			}
			if (too_little(c, m, sock, box, (int)i, "memory.channel", want / (populated ? populated : 1),
				       CK_MIN_EXPECTED_EACH, "CAS reads"))
				continue;
			if (cas[i] <= 0) {
				upm_verdict_add(c->vs, sock, box, (int)i, "memory.channel", UPM_RESULT_FAIL,
						"DRAM clock runs but no CAS reads under the read kernel (the other %u channels average %llu)",
						busy, (unsigned long long)mean);
				continue;
			}
			double share = cas[i] / mid;
			char sv[32], mv[32], tv[32];
			upm_format_double(sv, sizeof sv, share * 100.0, 1);
			upm_format_double(mv, sizeof mv, cas[i] / mean * 100.0, 1);
			upm_format_double(tv, sizeof tv, c->bal_tol * 100.0, 1);
			struct upm_verdict *vd = upm_verdict_add(c->vs, sock, box, (int)i, "memory.channel",
					upm_ck_rel_err(share, 1.0) <= c->bal_tol ? UPM_RESULT_PASS : UPM_RESULT_WARN,
					"%llu CAS reads, %s%% of %s (%s%% of the mean) of %u busy channels (tolerance %s%%)",
					(unsigned long long)cas[i], sv, ref_name, mv, busy, tv);
			upm_verdict_numbers(vd, cas[i], mid, c->bal_tol, "CAS reads");
		}
	}
}

/* The speed the firmware configured the installed DIMMs to (SMBIOS type 17): the slowest
 * and the fastest of them, 0 when no installed device gives one. */
static unsigned configured_speeds(const struct upm_machine *mc, unsigned *fastest, unsigned *devices)
{
	unsigned slowest = 0;
	*fastest = *devices = 0;
	for (unsigned i = 0; mc->available && i < mc->n_mem; i++) {
		const struct upm_memory_device *d = &mc->mem[i];
		if (!d->size_known || !d->size_mb)
			continue; /* an empty slot */
		(*devices)++;
		if (!d->configured_mts)
			continue;
		slowest = !slowest || d->configured_mts < slowest ? d->configured_mts : slowest;
		*fastest = d->configured_mts > *fastest ? d->configured_mts : *fastest;
	}
	return slowest;
}

#define MEM_SPEED_TOL 0.05 /* a clock measured over the kernel's window against a nominal speed */

void upm_ck_judge_mem_speed(struct check *c, const struct measure *m)
{
	unsigned per_clock = c->p->mem_transfers_per_clock;
	if (!per_clock || !c->role_mask[R_MEM_CLK])
		return;
	const char *box = c->role_box[R_MEM_CLK];
	unsigned fastest, devices, want = configured_speeds(&c->r->ident.machine, &fastest, &devices);
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		/* The socket's rate: the median of its ticking channels' (an unpopulated one does
		 * not tick and is judged by memory.channel). */
		double rate[32];
		int use[32] = { 0 };
		unsigned n = instances_of(m, box, sock), ticking = 0;
		for (unsigned i = 0; i < n && i < 32; i++) {
			struct sum k = upm_ck_sum_of(c, m, R_MEM_CLK, sock, (int)i);
			rate[i] = k.ns ? (double)k.delta * 1000.0 / (double)k.ns * per_clock : 0;
			use[i] = k.n && k.delta > 0 && upm_ck_failed_own(c, box, sock, i) == 0;
			ticking += use[i];
		}
		if (!ticking) {
			if (not_judged_over_failed(c, m, box, sock, "memory.speed", 1))
				continue;
			upm_verdict_add(c->vs, sock, box, -1, "memory.speed", UPM_RESULT_NA,
					"no channel's DRAM clock ticked during the %s kernel", m->label);
			continue;
		}
		double mts = median(rate, use, n < 32 ? n : 32);
		char v[32], w[32], f[32];
		upm_format_double(v, sizeof v, mts, 0);
		if (c->r->opts.backend == UPM_BACKEND_REPLAY) {
			upm_verdict_add(c->vs, sock, box, -1, "memory.speed", UPM_RESULT_NA,
					"not judged in a replay: the ticks are the recording's (%s MT/s over this "
					"machine's window)", v);
			continue;
		}
		if (!want) {
			upm_verdict_add(c->vs, sock, box, -1, "memory.speed", UPM_RESULT_NA,
					"channels run at %s MT/s (%u DRAM transfers a clock tick: %s); not judged: %s", v,
					per_clock, c->p->mem_transfers_source,
					!c->r->ident.machine.available ? "no SMBIOS tables to compare with"
					: devices ? "SMBIOS type 17 gives no configured speed"
						  : "SMBIOS type 17 lists no installed memory device");
			continue;
		}
		upm_format_double(w, sizeof w, (double)want, 0);
		upm_format_double(f, sizeof f, (double)fastest, 0);
		int ok = upm_ck_rel_err(mts, (double)want) <= MEM_SPEED_TOL;
		struct upm_verdict *vd = upm_verdict_add(c->vs, sock, box, -1, "memory.speed",
				ok ? UPM_RESULT_PASS : UPM_RESULT_WARN,
				"channels run at %s MT/s (%u DRAM transfers a clock tick); SMBIOS type 17: %s MT/s configured%s%s%s",
				v, per_clock, w, fastest != want ? " (DIMMs differ, up to " : "", fastest != want ? f : "",
				fastest != want ? ")" : "");
		upm_verdict_numbers(vd, mts, (double)want, MEM_SPEED_TOL, "MT/s");
	}
}

/* LLC lookups against a kernel's: their number, and the hit share. */
void upm_ck_judge_llc(struct check *c, const struct measure *m, const struct measure *idle,
		      const char *check)
{
	if (!c->role_mask[R_LLC_HIT] || !c->role_mask[R_LLC_MISS])
		return;
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		struct sum rh, rm;
		double hits = upm_ck_net(c, m, idle, R_LLC_HIT, sock, -1, &rh);
		double misses = upm_ck_net(c, m, idle, R_LLC_MISS, sock, -1, &rm);
		const struct upm_activity *ah = upm_ck_activity(m, rh.pass, sock), *am = upm_ck_activity(m, rm.pass, sock);
		double want_hits = (double)(ah->llc_lookups - ah->llc_misses), want_misses = (double)am->llc_misses;
		double want = want_hits + want_misses, got = hits + misses;
		if (want <= 0) {
			upm_verdict_add(c->vs, sock, c->role_box[R_LLC_HIT], -1, check, UPM_RESULT_NA,
					"the %s kernel made no LLC lookups on this socket", m->label);
			continue;
		}
		if (too_little(c, m, sock, c->role_box[R_LLC_HIT], -1, check, want, CK_MIN_EXPECTED, "lookups"))
			continue;
		double share_got = got > 0 ? hits / got : 0, share_want = want_hits / want;
		double e = upm_ck_rel_err(got, want), d = share_got - share_want;
		if (d < 0)
			d = -d;
		if (not_judged_over_failed(c, m, c->role_box[R_LLC_HIT], sock, check, e > c->llc_tol || d > c->llc_tol))
			continue;
		char ev[32], hv[32], wv[32], tv[32];
		upm_format_double(ev, sizeof ev, e * 100.0, 1);
		upm_format_double(hv, sizeof hv, share_got * 100.0, 1);
		upm_format_double(wv, sizeof wv, share_want * 100.0, 1);
		upm_format_double(tv, sizeof tv, c->llc_tol * 100.0, 1);
		struct upm_verdict *vd = upm_verdict_add(c->vs, sock, c->role_box[R_LLC_HIT], -1, check,
				shortfall(m, c->role_box[R_LLC_HIT], sock, e <= c->llc_tol && d <= c->llc_tol, got, want),
				"%llu lookups (%s%% hits) vs %llu made by %s (%s%% hits): off by %s%% (tolerance %s%%)",
				(unsigned long long)got, hv, (unsigned long long)want, m->label, wv, ev, tv);
		upm_verdict_numbers(vd, got, want, c->llc_tol, "lookups");
		note_failed_in_total(c, m, vd, c->role_box[R_LLC_HIT], sock);
	}
}

/* Each CBo's share of the lookups of the llc kernel against the mean. */
void upm_ck_judge_llc_balance(struct check *c, const struct measure *m, const struct measure *idle)
{
	if (!c->role_mask[R_LLC_HIT])
		return;
	const char *box = c->role_box[R_LLC_HIT];
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		unsigned n = instances_of(m, box, sock), counted = 0;
		double v[64] = { 0 }, total = 0;
		int answered[64] = { 0 }, reference[64] = { 0 };
		for (unsigned i = 0; i < n && i < 64; i++) {
			struct sum rh, rm;
			v[i] = upm_ck_net(c, m, idle, R_LLC_HIT, sock, (int)i, &rh) + upm_ck_net(c, m, idle, R_LLC_MISS, sock, (int)i, &rm);
			int own = upm_ck_failed_own(c, box, sock, i);
			answered[i] = rh.n > 0 && own < 2; /* never read: its presence says why */
			/* One that failed its own self-test is no reference for its peers. */
			reference[i] = answered[i] && own == 0;
			if (reference[i]) {
				total += v[i];
				counted++;
			}
		}
		double mean = counted ? total / counted : 0;
		double mid = median(v, reference, n < 64 ? n : 64);
		/* No thread of the kernel made lookups here (--threads): nothing to judge. */
		uint64_t lookups = upm_ck_activity(m, upm_ck_sum_of(c, m, R_LLC_HIT, sock, -1).pass, sock)->llc_lookups;
		int idle_here = lookups == 0;
		for (unsigned i = 0; i < n && i < 64; i++) {
			if (!answered[i]) {
				not_run_unread(c, m, box, sock, i, "llc.balance");
				continue;
			}
			if (idle_here) {
				upm_verdict_add(c->vs, sock, box, (int)i, "llc.balance", UPM_RESULT_NA,
						"the %s kernel made no LLC lookups on this socket", m->label);
				continue;
			}
			if (too_little(c, m, sock, box, (int)i, "llc.balance", counted ? (double)lookups / counted : 0,
				       CK_MIN_EXPECTED_EACH, "lookups"))
				continue;
			char sv[32], mv[32], tv[32];
			double share = mid > 0 ? v[i] / mid : 0;
			upm_format_double(sv, sizeof sv, share * 100.0, 1);
			upm_format_double(mv, sizeof mv, mean > 0 ? v[i] / mean * 100.0 : 0, 1);
			upm_format_double(tv, sizeof tv, c->bal_tol * 100.0, 1);
			struct upm_verdict *vd = upm_verdict_add(c->vs, sock, box, (int)i, "llc.balance",
					mid > 0 && upm_ck_rel_err(share, 1.0) <= c->bal_tol ? UPM_RESULT_PASS : UPM_RESULT_WARN,
					"%llu lookups, %s%% of the median (%s%% of the mean) of %u CBos (tolerance %s%%)",
					(unsigned long long)v[i], sv, mv, counted, tv);
			upm_verdict_numbers(vd, v[i], mid, c->bal_tol, "lookups");
		}
	}
}

/* Cross-socket reads: every link's flits rise, and they add up to the lines sent. */
void upm_ck_judge_links(struct check *c, const struct measure *m, const struct measure *idle)
{
	if (!c->role_mask[R_LINK])
		return;
	const char *box = c->role_box[R_LINK];
	const char *unplaced;
	if (!upm_ck_memory_attributed(c, m, &unplaced)) { /* which lines crossed is not known */
		for (unsigned sock = 0; sock < c->r->n_sockets; sock++)
			upm_verdict_add(c->vs, sock, box, -1, "link.flits", UPM_RESULT_NA,
					"not judged: the %s kernel's buffers were not placed by socket (%s), so which "
					"lines crossed between sockets is not known", m->label, unplaced);
		return;
	}
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		struct sum raw;
		double flits = upm_ck_net(c, m, idle, R_LINK, sock, -1, &raw);
		const struct upm_activity *a = upm_ck_activity(m, raw.pass, sock);
		double want = (double)a->remote_lines * c->p->link_flits_per_line;
		if (want <= 0)
			continue;
		if (too_little(c, m, sock, box, -1, "link.flits", want, CK_MIN_EXPECTED, "flits"))
			continue;
		/* Each port: a box instance, or a port of one (port=N specs, Xeon E7 R-Box). */
		unsigned n = instances_of(m, box, sock);
		for (unsigned j = 0; j < c->n_parsed; j++) {
			if (!((c->role_mask[R_LINK] >> j) & 1))
				continue;
			const struct upm_spec *sp = &c->parsed[j];
			for (unsigned i = 0; i < n; i++) {
				if (sp->instance >= 0 && (unsigned)sp->instance != i)
					continue; /* a port of another instance (port=N: rbox N / 4) */
				struct sum pr;
				double f = upm_ck_net_specs(m, idle, 1ull << j, sock, (int)i, &pr);
				char check[24] = "link.port";
				if (sp->index >= 0 && sp->box->index_term)
					upm_snprintf(check, sizeof check, "link.%s%u", sp->box->index_term,
						     i * sp->box->n_index + (unsigned)sp->index);
				if (!pr.n || upm_ck_failed_own(c, box, sock, i) == 2) {
					not_run_unread(c, m, box, sock, i, check); /* its presence says why */
					continue;
				}
				/* A silent port is a warning: with more sockets (or links) than the
				 * two the kernel uses, the route may not take it; link.flits judges
				 * whether the ports that did carry it counted every flit. */
				struct upm_verdict *vd = upm_verdict_add(c->vs, sock, box, (int)i, check,
						f > 0 ? UPM_RESULT_PASS : UPM_RESULT_WARN,
						"%llu flits sent under cross-socket reads (%s)%s", (unsigned long long)f,
						sp->text, f > 0 ? "" : ": not connected, not on the route, or not counting");
				upm_verdict_measured(vd, f, "flits");
			}
		}
		double e = upm_ck_rel_err(flits, want);
		if (not_judged_over_failed(c, m, box, sock, "link.flits", e > c->link_tol))
			continue;
		char ev[32], tv[32];
		upm_format_double(ev, sizeof ev, e * 100.0, 1);
		upm_format_double(tv, sizeof tv, c->link_tol * 100.0, 1);
		struct upm_verdict *vd = upm_verdict_add(c->vs, sock, box, -1, "link.flits",
				e <= c->link_tol ? UPM_RESULT_PASS : UPM_RESULT_FAIL,
				"%llu flits sent vs %llu for %llu lines x %u flits: off by %s%% (tolerance %s%%)",
				(unsigned long long)flits, (unsigned long long)want, (unsigned long long)a->remote_lines, c->p->link_flits_per_line, ev, tv);
		upm_verdict_numbers(vd, flits, want, c->link_tol, "flits");
		note_failed_in_total(c, m, vd, box, sock);
	}
}

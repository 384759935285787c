#include "core/check/check.h"
#include "core/check/check_safety.h"
#include "core/cli/config.h"
#include "core/base/os.h"
#include "core/base/human.h"
#include "core/cli/console_wrap.h"
#include "core/session/session.h"
#include "core/workload/workload.h"
#include "core/workload/caches.h"
#include "core/workload/watchdog_plan.h"
#include "kernels/kernel.h"

/* The standard event set, in this order in every session of the check. */
enum role { R_UCLK, R_MEM_RD, R_MEM_WR, R_MEM_CLK, R_LLC_HIT, R_LLC_MISS, R_LINK, R_N };

#define CK_MAX_PASSES 8
#define CK_QUICK_SIZE (4ull << 20)
#define CK_QUICK_ITERATIONS 2
#define CK_MIN_IDLE_NS 10000000ull
/* Below these expected counts a judgement would be noise, not a finding (a tiny --size):
 * one or two lines more or less on a channel is a whole tolerance. 4096 over a socket
 * against the 10% tolerance is 410 counts, 6 standard deviations of counting noise
 * (sqrt 4096 = 64); 512 an instance against the 25% balance tolerance is 128, 5.7. The
 * judgement is N/A and says why. */
#define CK_MIN_EXPECTED 4096.0
#define CK_MIN_EXPECTED_EACH 512.0

struct measure {
	const char *label;         /* "read", "idle" */
	struct upm_session s;
	int prepared;
	struct upm_workload_plan *plan;
	struct upm_workload_result res[CK_MAX_PASSES];
	uint64_t idle_ns;
	int failed;
	char err[200];
};

struct check {
	struct upm_run *r;
	const struct upm_check_profile *p;
	struct upm_verdicts *vs;
	struct upm_check_kernel_runs *kernels; /* NULL: not kept */
	uint64_t role_mask[R_N];   /* the specs (bit = index in the list) of each role; 0: none */
	const char *role_box[R_N]; /* the box type each role counts on */
	struct upm_spec *parsed;   /* the list, parsed (UPM_SESSION_MAX_SPECS) */
	unsigned n_parsed;
	struct upm_buf specs;
	double mem_tol, llc_tol, bal_tol, link_tol, uclk_min, uclk_max;
	const struct upm_check_opts *o;
	unsigned too_little;       /* judgements N/A for too little traffic (said once at the end) */
	int have_baseline;         /* the idle baseline was counted (not aborted, no socket lost) */
};

/* The sockets whose processor stopped answering during the command (bit s: socket s). */
static uint32_t lost_sockets(const struct upm_run *r)
{
	uint32_t lost = 0;
	for (unsigned s = 0; r->safety && s < r->n_sockets && s < UPM_MAX_SOCKETS; s++)
		lost |= (uint32_t)(r->safety->skipped[s] != 0) << s;
	return lost;
}

/* What socket's counts had taken off them (-1: every socket's), for the verdicts' reasons:
 * no baseline after an abort, nor on a socket whose processor stopped answering. */
static const char *baseline_note(const struct check *c, int socket)
{
	uint32_t lost = lost_sockets(c->r) & (socket < 0 ? ~0u : 1u << socket);
	return c->have_baseline && !lost ? "idle baseline removed" : "no idle baseline removed: it was not counted";
}

/* --- measuring --- */

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

static uint64_t measured_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	struct measure *m = ctx;
	if (!m->plan) /* the idle baseline: time passes, nothing runs */
		return upm_session_idle(s, m->idle_ns);
	if (pass >= CK_MAX_PASSES)
		return 0;
	if (upm_workload_execute(m->plan, &m->res[pass], m->err, sizeof m->err) != UPM_OK) {
		m->failed = 1;
		return 0;
	}
	return m->res[pass].window_ns;
}

/* Runs one session of the standard event set around a workload (or idle when w is
 * NULL). 0, or -1 with m->err. */
static int measure(struct check *c, struct measure *m, const struct upm_workload *w)
{
	struct upm_run *r = c->r;
	if (w && upm_workload_prepare(r, w, &m->plan, m->err, sizeof m->err) != UPM_OK)
		return -1;
	if (upm_session_prepare(&m->s, r, c->specs.data) < 0) {
		upm_strlcpy(m->err, m->s.error, sizeof m->err);
		return -1;
	}
	m->prepared = 1;
	for (uint32_t s = 0, lost = lost_sockets(r); lost >> s; s++)
		if ((lost >> s) & 1)
			upm_session_skip_lost_socket(&m->s, s);
	if (m->s.n_passes > CK_MAX_PASSES) {
		upm_snprintf(m->err, sizeof m->err, "the standard event set needs %u passes", m->s.n_passes);
		return -1;
	}
	if (w) { /* each pass runs the whole kernel: the watchdog covers it at a slow pace */
		struct upm_workload_info info;
		upm_workload_describe(m->plan, &info);
		m->s.pass_estimate_ns = upm_plan_kernel_ns(info.size_bytes, info.iterations);
	}
	if (w && !c->o->quiet) {
		struct upm_workload_info info;
		upm_workload_describe(m->plan, &info);
		char size[32], iters[32];
		upm_format_bytes(size, sizeof size, info.size_bytes);
		upm_format_count(iters, sizeof iters, info.iterations);
		upm_say_wrappedf(r, 7, 0, "check: kernel %s: %u thread%s, %s, %s iteration%s, %u pass%s", m->label,
				 info.threads, info.threads == 1 ? "" : "s", size, iters, info.iterations == 1 ? "" : "s",
				 m->s.n_passes, m->s.n_passes == 1 ? "" : "es");
	}
	int rc = upm_session_run(&m->s, measured_interval, m);
	upm_check_safety_session(r, c->vs, &m->s, m->label); /* NOT RESTORED, silent sockets, abort */
	if (m->s.aborted) { /* ESC/Ctrl-C: what it counted is partial */
		upm_snprintf(m->err, sizeof m->err, "aborted (ESC or Ctrl-C) in pass %u (of %u): not judged",
			     m->s.aborted_pass, m->s.n_passes);
		return -1;
	}
	if (m->failed)
		return -1;
	if (rc < 0) {
		upm_strlcpy(m->err, m->s.error, sizeof m->err);
		return -1;
	}
	return 0;
}

static void measure_free(struct measure *m)
{
	if (m->prepared)
		upm_session_free(&m->s);
	if (m->plan)
		upm_workload_release(m->plan);
	m->prepared = 0;
	m->plan = NULL;
}

/* --- reading a measurement --- */

struct sum {
	uint64_t delta;     /* summed over the matching counts */
	uint64_t ns;        /* the interval they were counted in */
	unsigned pass;
	unsigned n;         /* counts that matched and were taken */
};

/* The counts of the specs in `specs` (a role's mask, or one bit of it). */
static struct sum sum_specs(const struct measure *m, uint64_t specs, unsigned socket, int instance)
{
	struct sum s = { 0, 0, 0, 0 };
	if (!specs || !m->prepared)
		return s;
	for (unsigned i = 0; i < m->s.n_counts; i++) {
		const struct upm_count *k = &m->s.counts[i];
		if (k->spec >= 64 || !((specs >> k->spec) & 1) || k->socket != socket || k->status != UPM_OK)
			continue;
		if (instance >= 0 && k->instance != (unsigned)instance)
			continue;
		if (!s.n) { /* the first part's pass: the kernel's activity is read from it */
			s.ns = k->interval_ns;
			s.pass = k->pass;
		}
		s.delta += k->delta;
		s.n++;
	}
	return s;
}

static struct sum sum_of(const struct check *c, const struct measure *m, enum role role,
			 unsigned socket, int instance)
{
	return sum_specs(m, c->role_mask[role], socket, instance);
}

/* The counts of `specs` with the idle rate over the same time taken away, part by part
 * (parts may count in passes of different lengths); never below zero. */
static double net_specs(const struct measure *m, const struct measure *idle, uint64_t specs,
			unsigned socket, int instance, struct sum *raw)
{
	double v = 0;
	if (raw)
		*raw = sum_specs(m, specs, socket, instance);
	for (unsigned j = 0; j < 64; j++) {
		if (!((specs >> j) & 1))
			continue;
		struct sum k = sum_specs(m, 1ull << j, socket, instance);
		struct sum b = sum_specs(idle, 1ull << j, socket, instance);
		double base = b.ns ? (double)b.delta * (double)k.ns / (double)b.ns : 0.0;
		v += (double)k.delta - base;
	}
	return v > 0 ? v : 0;
}

static double net(const struct check *c, const struct measure *m, const struct measure *idle,
		  enum role role, unsigned socket, int instance, struct sum *raw)
{
	return net_specs(m, idle, c->role_mask[role], socket, instance, raw);
}

static const struct upm_activity *activity(const struct measure *m, unsigned pass, unsigned socket)
{
	return &m->res[pass < CK_MAX_PASSES ? pass : 0].per_socket[socket];
}

/* Whether a socket's memory counts can be held to what the kernel planned for that socket:
 * its buffers were placed by socket (SRAT), the backend's traffic follows the plan (the
 * mock), or there is one socket. Otherwise its lines are in whichever socket's memory the
 * firmware gave (all of them, interleaved, with node interleaving on). why: the reason
 * when not. */
static int memory_attributed(const struct check *c, const struct measure *m, const char **why)
{
	*why = NULL;
	if (c->r->n_sockets <= 1 || c->r->backend->memory_follows_plan)
		return 1;
	for (unsigned p = 0; p < m->s.n_passes && p < CK_MAX_PASSES; p++)
		if (m->res[p].threads && !m->res[p].placed) {
			*why = m->res[p].placement_why[0] ? m->res[p].placement_why : "no reason given";
			return 0;
		}
	return 1;
}

static double rel_err(double measured, double expected)
{
	double d = measured - expected;
	if (d < 0)
		d = -d;
	return expected > 0 ? d / expected : (measured > 0 ? 1.0 : 0.0);
}

static void keep_measure(struct check *c, const struct measure *m)
{
	const struct upm_workload_result *w = &m->res[0];
	struct upm_check_kernel_runs *ks = c->kernels;
	if (ks && ks->n < UPM_CHECK_MAX_KERNELS) {
		struct upm_check_kernel_run *k = &ks->k[ks->n++];
		upm_strlcpy(k->label, m->label, sizeof k->label);
		k->threads = w->threads;
		k->size_bytes = w->total.size_bytes;
		k->bytes_read = w->total.bytes_read;
		k->bytes_written = w->total.bytes_written;
		k->bus_bytes = w->total.bus_bytes;
		k->seconds = w->seconds;
		k->gbps = w->gbps;
		k->passes = m->s.n_passes;
	}
	struct upm_check_bandwidth *bw = c->o->bandwidth;
	if (bw && bw->n < UPM_CHECK_MAX_KERNELS) {
		upm_strlcpy(bw->k[bw->n].label, m->label, sizeof bw->k[bw->n].label);
		bw->k[bw->n].gbps = w->gbps;
		bw->k[bw->n].seconds = w->seconds;
		bw->n++;
	}
}

/* --- the judgements --- */

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
static int failed_own(const struct check *c, const char *box, unsigned socket, unsigned instance)
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

/* Whether the run has a presence verdict on this instance. */
static int has_presence(const struct check *c, const char *box, unsigned socket, unsigned instance)
{
	for (unsigned i = 0; i < c->vs->n; i++) {
		const struct upm_verdict *v = &c->vs->v[i];
		if (v->pass == upm_verdicts_pass(c->vs) && v->socket == socket && v->instance == (int)instance &&
		    v->box && upm_strcmp(v->box, box) == 0 &&
		    upm_strcmp(v->check, "presence") == 0)
			return 1;
	}
	return 0;
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
		int own = failed_own(c, box, socket, b->instance);
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
		    failed_own(c, box, socket, b->instance) != 1)
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

static void judge_uclk(struct check *c, const struct measure *m)
{
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		struct sum k = sum_of(c, m, R_UCLK, sock, -1);
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
		counted += net(c, m, idle, role, sock, -1, &raw) * c->p->mem_bytes_per_count;
		const struct upm_activity *a = activity(m, raw.pass, sock);
		expected += (double)(writes ? a->lines_written : a->lines_read) * 64.0;
	}
	for (unsigned sock = 1; sock < c->r->n_sockets; sock++)
		upm_verdict_add(c->vs, sock, c->role_box[role], -1, check, UPM_RESULT_NA,
				"judged over every socket together, on socket 0: the %s kernel's buffers were not "
				"placed by socket (%s)", m->label, why);
	if (too_little(c, m, 0, c->role_box[role], -1, check, expected / 64.0, CK_MIN_EXPECTED,
		       writes ? "lines written" : "lines read"))
		return;
	double e = rel_err(counted, expected);
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
static void judge_memory(struct check *c, const struct measure *m, const struct measure *idle,
			 enum role role, const char *check, int writes)
{
	if (!c->role_mask[role])
		return;
	const char *why;
	if (!memory_attributed(c, m, &why)) {
		judge_memory_together(c, m, idle, role, check, writes, why);
		return;
	}
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		struct sum raw;
		double counted = net(c, m, idle, role, sock, -1, &raw) * c->p->mem_bytes_per_count;
		const struct upm_activity *a = activity(m, raw.pass, sock);
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
		double e = rel_err(counted, expected);
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
static void judge_channels(struct check *c, const struct measure *m, const struct measure *idle)
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
			struct sum raw, clk = sum_of(c, m, R_MEM_CLK, sock, (int)i);
			int own = failed_own(c, box, sock, i);
			cas[i] = net(c, m, idle, R_MEM_RD, sock, (int)i, &raw);
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
		struct sum first = sum_of(c, m, R_MEM_RD, sock, -1);
		const char *unplaced;
		/* Without placement the plan says nothing of this socket's share: the lines that
		 * came here are what its channels share. */
		double want = memory_attributed(c, m, &unplaced)
				      ? (double)activity(m, first.pass, sock)->lines_read * 64.0 / c->p->mem_bytes_per_count
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
			continue;
		}
		if (busy == 2 && want > 0 && rel_err(total, want) > c->mem_tol) {
			/* Over every channel the lines spread to: those that could not be read
			 * took their share too, so theirs is not the healthy two's. */
			unsigned carrying = 0;
			for (unsigned i = 0; i < n && i < 32; i++)
				carrying += !answered[i] || clocked[i];
			mid = want / (carrying > busy ? carrying : busy);
			ref_name = "the even share";
		}
		for (unsigned i = 0; i < n && i < 32; i++) {
			if (!answered[i])
				continue; /* the self-test's presence verdict says why */
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
					rel_err(share, 1.0) <= c->bal_tol ? UPM_RESULT_PASS : UPM_RESULT_WARN,
					"%llu CAS reads, %s%% of %s (%s%% of the mean) of %u busy channels (tolerance %s%%)",
					(unsigned long long)cas[i], sv, ref_name, mv, busy, tv);
			upm_verdict_numbers(vd, cas[i], mid, c->bal_tol, "CAS reads");
		}
	}
}

/* LLC lookups against a kernel's: their number, and the hit share. */
static void judge_llc(struct check *c, const struct measure *m, const struct measure *idle,
		      const char *check)
{
	if (!c->role_mask[R_LLC_HIT] || !c->role_mask[R_LLC_MISS])
		return;
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		struct sum rh, rm;
		double hits = net(c, m, idle, R_LLC_HIT, sock, -1, &rh);
		double misses = net(c, m, idle, R_LLC_MISS, sock, -1, &rm);
		const struct upm_activity *ah = activity(m, rh.pass, sock), *am = activity(m, rm.pass, sock);
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
		double e = rel_err(got, want), d = share_got - share_want;
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
static void judge_llc_balance(struct check *c, const struct measure *m, const struct measure *idle)
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
			v[i] = net(c, m, idle, R_LLC_HIT, sock, (int)i, &rh) + net(c, m, idle, R_LLC_MISS, sock, (int)i, &rm);
			int own = failed_own(c, box, sock, i);
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
		uint64_t lookups = activity(m, sum_of(c, m, R_LLC_HIT, sock, -1).pass, sock)->llc_lookups;
		int idle_here = lookups == 0;
		for (unsigned i = 0; i < n && i < 64; i++) {
			if (!answered[i])
				continue;
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
					mid > 0 && rel_err(share, 1.0) <= c->bal_tol ? UPM_RESULT_PASS : UPM_RESULT_WARN,
					"%llu lookups, %s%% of the median (%s%% of the mean) of %u CBos (tolerance %s%%)",
					(unsigned long long)v[i], sv, mv, counted, tv);
			upm_verdict_numbers(vd, v[i], mid, c->bal_tol, "lookups");
		}
	}
}

/* Cross-socket reads: every link's flits rise, and they add up to the lines sent. */
static void judge_links(struct check *c, const struct measure *m, const struct measure *idle)
{
	if (!c->role_mask[R_LINK])
		return;
	const char *box = c->role_box[R_LINK];
	const char *unplaced;
	if (!memory_attributed(c, m, &unplaced)) { /* which lines crossed is not known */
		for (unsigned sock = 0; sock < c->r->n_sockets; sock++)
			upm_verdict_add(c->vs, sock, box, -1, "link.flits", UPM_RESULT_NA,
					"not judged: the %s kernel's buffers were not placed by socket (%s), so which "
					"lines crossed between sockets is not known", m->label, unplaced);
		return;
	}
	for (unsigned sock = 0; sock < c->r->n_sockets; sock++) {
		struct sum raw;
		double flits = net(c, m, idle, R_LINK, sock, -1, &raw);
		const struct upm_activity *a = activity(m, raw.pass, sock);
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
				struct sum pr;
				double f = net_specs(m, idle, 1ull << j, sock, (int)i, &pr);
				if (!pr.n || failed_own(c, box, sock, i) == 2)
					continue; /* never read: its presence verdict says why */
				char check[24] = "link.port";
				if (sp->index >= 0 && sp->box->index_term)
					upm_snprintf(check, sizeof check, "link.%s%u", sp->box->index_term,
						     i * sp->box->n_index + (unsigned)sp->index);
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
		double e = rel_err(flits, want);
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

/* --- the whole stage --- */

/* Every role's specs, in role order, into one list: a role's mask holds its specs'
 * positions. The parts of a role count on one box type. */
static int build_specs(struct check *c, char *err, size_t n)
{
	const struct upm_check_profile *p = c->p;
	const char *role_text[R_N] = { p->uclk, p->mem_read, p->mem_write, p->mem_clock,
				       p->llc_hits, p->llc_misses, p->link_flits };
	c->parsed = upm_os_alloc(UPM_SESSION_MAX_SPECS * sizeof *c->parsed);
	if (!c->parsed) {
		upm_strlcpy(err, "out of memory", n);
		return -1;
	}
	for (unsigned i = 0; i < R_N; i++) {
		c->role_mask[i] = 0;
		if (!role_text[i])
			continue;
		unsigned at = c->n_parsed;
		int k = upm_spec_parse_list(c->r->platform, role_text[i], c->parsed + at,
					    UPM_SESSION_MAX_SPECS - at, err, n);
		if (k <= 0 || at + (unsigned)k > 64) {
			if (k >= 0)
				upm_snprintf(err, n, "check profile of %s: role %u has no specs or too many",
					     c->r->platform->name, i);
			return -1;
		}
		for (unsigned j = 0; j < (unsigned)k; j++) {
			const struct upm_spec *sp = &c->parsed[at + j];
			if (sp->box != c->parsed[at].box) {
				upm_snprintf(err, n, "check profile of %s: '%s' mixes box types %s and %s",
					     c->r->platform->name, role_text[i], c->parsed[at].box->name, sp->box->name);
				return -1;
			}
			c->role_mask[i] |= 1ull << (at + j);
			upm_buf_printf(&c->specs, "%s%s", c->specs.len ? "," : "", sp->text);
		}
		c->role_box[i] = c->parsed[at].box->name;
		c->n_parsed = at + (unsigned)k;
	}
	return 0;
}

/* The working set fitted to the free memory, keeping the share the workload keeps free
 * (core/workload/workload.c: an eighth, at least 32 MiB) and a line per thread; said
 * when it shrinks, so a small machine still checks instead of ending INCOMPLETE. */
static void fit_size(const struct check *c, struct upm_workload *w)
{
	uint64_t total, free_bytes, size = w->size;
	if (upm_os_memory(&total, &free_bytes) != UPM_OK)
		return;
	if (!size) { /* the kernel's default on every socket taking part */
		struct upm_caches caches;
		upm_caches_read(c->r->backend, &caches);
		size = upm_kernel_default_size(w->kernel, caches.llc_bytes) * c->r->n_sockets;
	}
	uint64_t reserve = free_bytes / 8 > (32ull << 20) ? free_bytes / 8 : 32ull << 20;
	uint64_t usable = free_bytes > reserve + (1ull << 20) ? free_bytes - reserve - (1ull << 20) : 0;
	if (!size || size <= usable || usable < (1ull << 20))
		return;
	w->size = usable & ~((1ull << 20) - 1); /* whole MiB */
	if (!c->o->quiet) {
		char fitted[32], asked[32], free_mem[32];
		upm_format_bytes(fitted, sizeof fitted, w->size);
		upm_format_bytes(asked, sizeof asked, size);
		upm_format_bytes(free_mem, sizeof free_mem, free_bytes & ~((1ull << 20) - 1));
		upm_say_wrappedf(c->r, 7, 0, "check: kernel %s: %s, not %s: fitted to %s free memory", w->kernel,
				 fitted, asked, free_mem);
	}
}

/* The kernels on every processor asked for (read-remote and read-remote-back are read on
 * one socket's). */
static const char *const kernel_names[] = { "read", "ntwrite", "llc", "thrash" };

int upm_check_size_fits(struct upm_run *r, const struct upm_check_opts *o, char *err, size_t err_size)
{
	uint64_t need = 0;
	const char *needs = NULL;
	unsigned threads = 0;
	if (!o->size)
		return 0; /* each kernel's default, fitted to the memory */
	for (unsigned k = 0; k < UPM_ARRAY_LEN(kernel_names); k++) {
		struct upm_workload w;
		uint64_t bytes;
		unsigned n;
		upm_memset(&w, 0, sizeof w);
		w.kernel = kernel_names[k];
		w.threads = o->threads;
		w.memory_socket = -1;
		if (upm_workload_min_size(r, &w, &bytes, &n, err, err_size) != UPM_OK)
			return 0; /* the kernel's own refusal comes where it runs */
		if (bytes > need) {
			need = bytes;
			needs = kernel_names[k];
			threads = n;
		}
	}
	if (o->size >= need)
		return 0;
	upm_snprintf(err, err_size, "--size %llu is too small: kernel %s on %u thread%s needs at least %llu bytes; give --size %llu or more, or leave --size out",
		     (unsigned long long)o->size, needs, threads, threads == 1 ? "" : "s", (unsigned long long)need,
		     (unsigned long long)need);
	return -1;
}

static void workload_for(const struct check *c, struct upm_workload *w, const char *kernel)
{
	upm_memset(w, 0, sizeof *w);
	w->kernel = kernel;
	w->threads = c->o->threads;
	w->memory_socket = -1;
	if (c->o->quick) {
		w->size = CK_QUICK_SIZE;
		w->iterations = CK_QUICK_ITERATIONS;
	}
	if (c->o->size)
		w->size = c->o->size;
	/* No thread on a socket whose processor stopped answering (0: every socket). */
	uint32_t lost = lost_sockets(c->r);
	if (lost)
		w->socket_mask = ~lost & ((1u << c->r->n_sockets) - 1);
	fit_size(c, w);
}

/* The socket a two-socket kernel needs whose processor stopped answering; -1 when none. */
static int lost_socket_needed(const struct check *c, const struct upm_workload *w)
{
	uint32_t needed = w->socket_mask | (w->memory_socket >= 0 ? 1u << w->memory_socket : 0);
	uint32_t lost = lost_sockets(c->r) & needed;
	return lost ? __builtin_ctz(lost) : -1;
}

/* One cause, one FAIL: an instance whose self-test FAILed is not judged again by its own
 * plausibility checks (memory.channel, llc.balance, link.port...): a finding there is
 * N/A naming the self-test that already failed. */
static void not_judged_after_selftest(struct check *c, unsigned first)
{
	for (unsigned i = first; i < c->vs->n; i++) {
		struct upm_verdict *v = &c->vs->v[i];
		if (v->instance < 0 || (v->result != UPM_RESULT_FAIL && v->result != UPM_RESULT_WARN) ||
		    !v->box || failed_own(c, v->box, v->socket, (unsigned)v->instance) != 1)
			continue;
		char why[UPM_VERDICT_REASON];
		upm_snprintf(why, sizeof why, "not judged: %s%d failed its self-test (%s)", v->box, v->instance,
			     v->reason);
		upm_strlcpy(v->reason, why, sizeof v->reason);
		v->result = UPM_RESULT_NA;
	}
}

int upm_check_plausibility(struct upm_run *r, const struct upm_check_opts *o, struct upm_verdicts *vs,
			   struct upm_check_kernel_runs *kernels, char *err, size_t err_size)
{
	struct check c;
	unsigned first_verdict = vs->n; /* the self-test's come before */
	upm_memset(&c, 0, sizeof c);
	c.r = r;
	c.p = r->platform ? r->platform->check : NULL;
	c.vs = vs;
	c.kernels = kernels;
	c.o = o;
	if (!c.p) {
		upm_snprintf(err, err_size, "no health check is defined for %s",
			     r->platform ? r->platform->name : "this processor");
		return -1;
	}
	c.mem_tol = upm_config_tolerance(r, "memory_tolerance", 0.10);
	c.llc_tol = upm_config_tolerance(r, "llc_tolerance", 0.15);
	c.bal_tol = upm_config_tolerance(r, "balance_tolerance", 0.25);
	c.link_tol = upm_config_tolerance(r, "link_tolerance", 0.15);
	c.uclk_min = upm_config_tolerance(r, "uclk_min_mhz", c.p->uclk_min_mhz);
	c.uclk_max = upm_config_tolerance(r, "uclk_max_mhz", c.p->uclk_max_mhz);
	upm_buf_init(&c.specs);
	if (build_specs(&c, err, err_size) < 0) {
		upm_os_free(c.parsed);
		upm_buf_free(&c.specs);
		return -1;
	}

	enum { K_READ, K_NTWRITE, K_LLC, K_THRASH, K_REMOTE, K_REMOTE_BACK, K_N };
	struct measure *ms = upm_os_alloc((K_N + 1) * sizeof *ms);
	if (!ms) {
		upm_strlcpy(err, "out of memory", err_size);
		upm_os_free(c.parsed);
		upm_buf_free(&c.specs);
		return -1;
	}
	upm_memset(ms, 0, (K_N + 1) * sizeof *ms);
	struct measure *idle = &ms[K_N];
	idle->label = "idle";
	int ok[K_N + 1] = { 0 };
	if (kernels)
		kernels->stage_ran = 1;
	for (unsigned k = 0; k < K_N; k++) {
		struct upm_workload w;
		if (k == K_REMOTE) {
			if (r->n_sockets < 2 || !c.role_mask[R_LINK])
				continue;
			/* The threads on socket 0 read socket 1's memory (placed through the SRAT). */
			workload_for(&c, &w, "read");
			w.socket_mask = 1u;
			w.memory_socket = 1;
			ms[k].label = "read-remote";
		} else if (k == K_REMOTE_BACK) {
			if (r->n_sockets < 2 || !c.role_mask[R_LINK])
				continue;
			/* And back: socket 1's threads read socket 0's memory, so the ports of
			 * socket 0 send and every port's transmit side is judged. */
			workload_for(&c, &w, "read");
			w.socket_mask = 2u;
			w.memory_socket = 0;
			ms[k].label = "read-remote-back";
		} else {
			workload_for(&c, &w, kernel_names[k]);
			ms[k].label = kernel_names[k];
		}
		int needs_lost = k == K_REMOTE || k == K_REMOTE_BACK ? lost_socket_needed(&c, &w) : -1;
		if (needs_lost >= 0) { /* its one cause is the socket's "processor" verdict */
			upm_verdict_add(vs, (unsigned)needs_lost, "kernel", -1, ms[k].label, UPM_RESULT_INCOMPLETE,
					"not run: it needs socket %d, whose processor did not answer", needs_lost);
			continue;
		}
		if (upm_check_safety_stop(r, ms[k].label)) { /* ESC/Ctrl-C: no further kernel */
			upm_verdict_add(vs, 0, "kernel", -1, ms[k].label, UPM_RESULT_INCOMPLETE, "not run: aborted (ESC or Ctrl-C)");
			continue;
		}
		ok[k] = measure(&c, &ms[k], &w) == 0;
		/* Its buffers are done with: the judgements read the counts and results only,
		 * and the next kernel needs the memory (each is fitted to what is free). */
		if (ms[k].plan) {
			upm_workload_release(ms[k].plan);
			ms[k].plan = NULL;
		}
		if (!ok[k]) {
			upm_say(r, "check: kernel %s: %s", ms[k].label, ms[k].err);
			upm_verdict_add(vs, 0, "kernel", -1, ms[k].label, UPM_RESULT_INCOMPLETE, "%s", ms[k].err);
		} else {
			keep_measure(&c, &ms[k]);
		}
		if (k == K_READ && !upm_check_safety_stop(r, "idle")) {
			/* The baseline: as long as the read kernel's window, nothing running. */
			idle->idle_ns = ok[k] && ms[k].res[0].window_ns > CK_MIN_IDLE_NS ? ms[k].res[0].window_ns
											  : CK_MIN_IDLE_NS;
			if (!o->quiet) {
				char took[32];
				upm_format_duration(took, sizeof took, idle->idle_ns);
				upm_say(r, "check: idle baseline of %s", took);
			}
			ok[K_N] = measure(&c, idle, NULL) == 0;
			if (!ok[K_N])
				upm_say(r, "check: idle baseline: %s", idle->err);
		}
	}
	for (unsigned k = 0; k < K_N; k++) { /* said once: why the memory judgements change shape */
		const char *why;
		if (ok[k] && !memory_attributed(&c, &ms[k], &why)) {
			upm_say_wrappedf(r, 7, 0, "check: the kernels' buffers are not placed by socket (%s): memory is "
						  "judged over every socket together, links not at all", why);
			break;
		}
	}
	c.have_baseline = ok[K_N] && !idle->s.aborted;
	const struct measure *base = c.have_baseline ? idle : NULL;
	struct measure none;
	upm_memset(&none, 0, sizeof none);
	if (!base)
		base = &none;
	if (ok[K_READ]) {
		judge_uclk(&c, &ms[K_READ]);
		judge_memory(&c, &ms[K_READ], base, R_MEM_RD, "memory.read", 0);
		judge_channels(&c, &ms[K_READ], base);
	}
	if (ok[K_NTWRITE])
		judge_memory(&c, &ms[K_NTWRITE], base, R_MEM_WR, "memory.write", 1);
	if (ok[K_LLC]) {
		judge_llc(&c, &ms[K_LLC], base, "llc.hits");
		judge_llc_balance(&c, &ms[K_LLC], base);
	}
	if (ok[K_THRASH])
		judge_llc(&c, &ms[K_THRASH], base, "llc.misses");
	if (ok[K_REMOTE])
		judge_links(&c, &ms[K_REMOTE], base);
	if (ok[K_REMOTE_BACK])
		judge_links(&c, &ms[K_REMOTE_BACK], base);
	not_judged_after_selftest(&c, first_verdict);
	if (c.too_little) /* a PASS over judgements never made would mislead: said here too */
		upm_say_wrappedf(r, 7, 0, "check: %u judgement%s N/A: too little traffic at this --size to judge "
					  "against the tolerances; give a larger --size or leave it out", c.too_little,
				 c.too_little == 1 ? "" : "s");
	upm_check_link_rate(r, vs); /* link.rate: each port's rate status register (check_link_rate.c) */
	/* Registers not restored: said and judged by upm_check_safety_session, by address. */
	for (unsigned k = 0; k <= K_N; k++)
		measure_free(&ms[k]);
	upm_os_free(ms);
	upm_os_free(c.parsed);
	upm_buf_free(&c.specs);
	return 0;
}

/* The health check's measurements (check_state.h): one session of the standard event set
 * around a kernel or idle, and its counts read back by role, socket and instance, with
 * the idle rate taken off. */
#include "core/check/check_state.h"
#include "core/check/check_safety.h"
#include "platform/base/human.h"
#include "core/cli/console_wrap.h"
#include "core/workload/watchdog_plan.h"

/* The sockets whose processor stopped answering during the command (bit s: socket s). */
uint32_t upm_ck_lost_sockets(const struct upm_run *r)
{
	uint32_t lost = 0;
	for (unsigned s = 0; r->safety && s < r->n_sockets && s < UPM_MAX_SOCKETS; s++)
		lost |= (uint32_t)(r->safety->skipped[s] != 0) << s;
	return lost;
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
int upm_ck_measure(struct check *c, struct measure *m, const struct upm_workload *w)
{
	struct upm_run *r = c->r;
	if (w && upm_workload_prepare(r, w, &m->plan, m->err, sizeof m->err) != UPM_OK)
		return -1;
	/* The standard event set as check.c parsed it, once: the session takes it as it is. */
	struct upm_spec_list parsed = { c->parsed, c->n_parsed, 0 };
	if (upm_session_take(&m->s, r, &parsed, 0) < 0) {
		upm_strlcpy(m->err, m->s.error, sizeof m->err);
		return -1;
	}
	m->prepared = 1;
	for (uint32_t s = 0, lost = upm_ck_lost_sockets(r); lost >> s; s++)
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

void upm_ck_measure_free(struct measure *m)
{
	if (m->prepared)
		upm_session_free(&m->s);
	if (m->plan)
		upm_workload_release(m->plan);
	m->prepared = 0;
	m->plan = NULL;
}

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

struct sum upm_ck_sum_of(const struct check *c, const struct measure *m, enum role role,
			 unsigned socket, int instance)
{
	return sum_specs(m, c->role_mask[role], socket, instance);
}

/* The counts of `specs` with the idle rate over the same time taken away, part by part
 * (parts may count in passes of different lengths); never below zero. */
double upm_ck_net_specs(const struct measure *m, const struct measure *idle, uint64_t specs,
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

double upm_ck_net(const struct check *c, const struct measure *m, const struct measure *idle,
		  enum role role, unsigned socket, int instance, struct sum *raw)
{
	return upm_ck_net_specs(m, idle, c->role_mask[role], socket, instance, raw);
}

const struct upm_activity *upm_ck_activity(const struct measure *m, unsigned pass, unsigned socket)
{
	return &m->res[pass < CK_MAX_PASSES ? pass : 0].per_socket[socket];
}

/* Whether a socket's memory counts can be held to what the kernel planned for that socket:
 * its buffers were placed by socket (SRAT), the backend's traffic follows the plan (the
 * mock), or there is one socket. Otherwise its lines are in whichever socket's memory the
 * firmware gave (all of them, interleaved, with node interleaving on). why: the reason
 * when not. */
int upm_ck_memory_attributed(const struct check *c, const struct measure *m, const char **why)
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

double upm_ck_rel_err(double measured, double expected)
{
	double d = measured - expected;
	if (d < 0)
		d = -d;
	return expected > 0 ? d / expected : (measured > 0 ? 1.0 : 0.0);
}

void upm_ck_keep_measure(struct check *c, const struct measure *m)
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

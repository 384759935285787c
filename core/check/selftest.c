/* The self-test's run (selftest.h): its spec list and session, the register tests on
 * each socket, the counting steps inside the measured interval, then the verdicts. */
#include "core/check/selftest_state.h"
#include "core/check/check_safety.h"
#include "platform/base/os.h"
#include "core/workload/watchdog_plan.h"

static void stage_registers(void *arg)
{
	struct st_ctx *c = arg;
	for (unsigned i = 0; i < c->s->n_boxes; i++) {
		struct upm_box_inst *b = &c->s->boxes[i];
		if (b->socket != c->socket || b->state != UPM_BOX_OK)
			continue;
		upm_st_register_tests(c, b, &c->sb[i]);
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

static void stage_phase(void *arg)
{
	struct st_ctx *c = arg;
	struct upm_session *s = c->s;
	int uses_global = 0;
	for (unsigned i = 0; i < s->n_boxes; i++) {
		struct upm_box_inst *b = &s->boxes[i];
		if (b->socket != c->socket || b->state != UPM_BOX_OK)
			continue;
		upm_st_phase_box(c, b, i);
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
				upm_st_read_slots(c, &s->boxes[i], i, 1);
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
		if (ph != P_WRAP) {
			feed(c);
			c->phase_step_ns[ph] += c->step_ns;
		}
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
	for (unsigned i = 0; i < s->n_boxes; i++) {
		uint64_t t0 = upm_os_nanoseconds();
		upm_st_classify_unused(s, &s->boxes[i], &c.sb[i]);
		c.sb[i].ns[T_PRESENCE] = upm_os_nanoseconds() - t0;
	}
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
	upm_st_add_verdicts(&c, vs, mem_clock_box, p->check->registers_only_why);
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

/* The health check's plausibility stage (check.h): the standard event set around the
 * fixed kernels and an idle baseline, each measurement judged (check_judge.c) and its
 * kernel run kept; check_measure.c runs and reads the measurements. */
#include "core/check/check_state.h"
#include "core/check/check_safety.h"
#include "core/check/check_perf.h"
#include "core/cli/config.h"
#include "platform/base/os.h"
#include "platform/base/human.h"
#include "core/cli/console_wrap.h"
#include "core/session/session.h"
#include "core/workload/workload.h"
#include "core/workload/caches.h"
#include "core/workload/watchdog_plan.h"
#include "kernels/kernel.h"

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
		/* Through perf, a role with a spec perf cannot be given is left out whole, its
		 * judgements N/A with the reason (upm_ck_perf_not_counted). */
		char terms[200];
		for (unsigned j = 0; j < (unsigned)k && upm_backend_counts_by_pmu(c->r->backend); j++)
			if (upm_alias_perf_terms(c->r->platform, &c->parsed[at + j], terms, sizeof terms, c->perf_skipped[i],
						 sizeof c->perf_skipped[i]) < 0)
				break;
		if (c->perf_skipped[i][0]) {
			c->role_box[i] = c->parsed[at].box->name;
			continue;
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
		w.threads_fit = 1;
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
	w->threads_fit = 1; /* --threads above a kernel's sockets' processors: all of them (said up front) */
	w->memory_socket = -1;
	if (c->o->quick) {
		w->size = CK_QUICK_SIZE;
		w->iterations = CK_QUICK_ITERATIONS;
	}
	if (c->o->size)
		w->size = c->o->size;
	/* No thread on a socket whose processor stopped answering (0: every socket). */
	uint32_t lost = upm_ck_lost_sockets(c->r);
	if (lost)
		w->socket_mask = ~lost & ((1u << c->r->n_sockets) - 1);
	fit_size(c, w);
}

/* The socket a two-socket kernel needs whose processor stopped answering; -1 when none. */
static int lost_socket_needed(const struct check *c, const struct upm_workload *w)
{
	uint32_t needed = w->socket_mask | (w->memory_socket >= 0 ? 1u << w->memory_socket : 0);
	uint32_t lost = upm_ck_lost_sockets(c->r) & needed;
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
		    !v->box || upm_ck_failed_own(c, v->box, v->socket, (unsigned)v->instance) != 1)
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
	struct upm_ck_perf perf[2]; /* --against perf: read's and ntwrite's */
	upm_memset(perf, 0, sizeof perf);
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
		uint64_t t0 = upm_os_nanoseconds();
		ok[k] = upm_ck_measure(&c, &ms[k], &w) == 0;
		ms[k].ns = upm_os_nanoseconds() - t0;
		/* The same plan once more, counted by the kernel's perf (after upmon's session
		 * has restored every register: never both at once). */
		if (ok[k] && o->against_perf && (k == K_READ || k == K_NTWRITE) &&
		    !upm_check_safety_stop(r, "perf")) {
			if (!o->quiet)
				upm_say(r, "check: kernel %s once more, counted by the kernel's perf", ms[k].label);
			upm_ck_perf_count(&c, &ms[k], k == K_READ ? R_MEM_RD : R_MEM_WR, &perf[k == K_READ ? 0 : 1]);
		}
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
			upm_ck_keep_measure(&c, &ms[k]);
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
			ok[K_N] = upm_ck_measure(&c, idle, NULL) == 0;
			if (!ok[K_N])
				upm_say(r, "check: idle baseline: %s", idle->err);
		}
	}
	for (unsigned k = 0; k < K_N; k++) { /* said once: why the memory judgements change shape */
		const char *why;
		if (ok[k] && !upm_ck_memory_attributed(&c, &ms[k], &why)) {
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
	/* Each judgement's time is its measurement's (junit.xml): verdicts stamped after each. */
	unsigned from = vs->n;
	/* A role perf could not count is judged nowhere: its one N/A says why
	 * (upm_ck_perf_not_counted). */
#define COUNTED(role) (!c.perf_skipped[role][0])
	if (ok[K_READ]) {
		if (COUNTED(R_UCLK))
			upm_ck_judge_uclk(&c, &ms[K_READ]);
		if (COUNTED(R_MEM_RD))
			upm_ck_judge_memory(&c, &ms[K_READ], base, R_MEM_RD, "memory.read", 0);
		if (COUNTED(R_MEM_RD) && COUNTED(R_MEM_CLK))
			upm_ck_judge_channels(&c, &ms[K_READ], base);
		if (COUNTED(R_MEM_CLK))
			upm_ck_judge_mem_speed(&c, &ms[K_READ]);
	}
	upm_verdicts_time_from(vs, from, ms[K_READ].ns);
	from = vs->n;
	if (ok[K_NTWRITE] && COUNTED(R_MEM_WR))
		upm_ck_judge_memory(&c, &ms[K_NTWRITE], base, R_MEM_WR, "memory.write", 1);
	upm_verdicts_time_from(vs, from, ms[K_NTWRITE].ns);
	from = vs->n;
	upm_ck_perf_judge(&c, &ms[K_READ], &perf[0]);
	upm_ck_perf_judge(&c, &ms[K_NTWRITE], &perf[1]);
	from = vs->n;
	if (ok[K_LLC] && COUNTED(R_LLC_HIT) && COUNTED(R_LLC_MISS)) {
		upm_ck_judge_llc(&c, &ms[K_LLC], base, "llc.hits");
		upm_ck_judge_llc_balance(&c, &ms[K_LLC], base);
	}
	upm_verdicts_time_from(vs, from, ms[K_LLC].ns);
	from = vs->n;
	if (ok[K_THRASH] && COUNTED(R_LLC_HIT) && COUNTED(R_LLC_MISS))
		upm_ck_judge_llc(&c, &ms[K_THRASH], base, "llc.misses");
	upm_verdicts_time_from(vs, from, ms[K_THRASH].ns);
	from = vs->n;
	if (ok[K_REMOTE] && COUNTED(R_LINK))
		upm_ck_judge_links(&c, &ms[K_REMOTE], base);
	upm_verdicts_time_from(vs, from, ms[K_REMOTE].ns);
	from = vs->n;
	if (ok[K_REMOTE_BACK] && COUNTED(R_LINK))
		upm_ck_judge_links(&c, &ms[K_REMOTE_BACK], base);
#undef COUNTED
	upm_verdicts_time_from(vs, from, ms[K_REMOTE_BACK].ns);
	upm_ck_perf_not_counted(&c);
	not_judged_after_selftest(&c, first_verdict);
	if (c.too_little) /* a PASS over judgements never made would mislead: said here too */
		upm_say_wrappedf(r, 7, 0, "check: %u judgement%s N/A: too little traffic at this --size to judge "
					  "against the tolerances; give a larger --size or leave it out", c.too_little,
				 c.too_little == 1 ? "" : "s");
	from = vs->n;
	uint64_t t0 = upm_os_nanoseconds();
	upm_check_link_rate(r, vs); /* link.rate: each port's rate status register (check_link_rate.c) */
	upm_verdicts_time_from(vs, from, upm_os_nanoseconds() - t0);
	/* Registers not restored: said and judged by upm_check_safety_session, by address. */
	for (unsigned k = 0; k <= K_N; k++)
		upm_ck_measure_free(&ms[k]);
	upm_os_free(ms);
	upm_os_free(c.parsed);
	upm_buf_free(&c.specs);
	return 0;
}

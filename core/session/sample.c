#include "core/session/sample.h"
#include "core/session/session_pmu.h"
#include "platform/base/abort.h"
#include "platform/base/os.h"
#include "core/session/overflow.h"
#include "core/session/vouch.h"

/* --- which counts are read when --- */

/* Read between samples as well: a free-running counter narrow enough to wrap twice. */
static int guarded(const struct upm_session *s, const struct upm_count *c)
{
	unsigned width;
	(void)upm_count_ctr(s, c, &width);
	return c->counter == -2 && width <= 32;
}

/* 1 when the box instance has a count on a counter its controls govern (not free-running). */
static int box_governed(const struct upm_session *s, unsigned first, const struct upm_box_inst *b)
{
	for (unsigned j = 0; j < b->n; j++)
		if (s->counts[first + j].counter != -2)
			return 1;
	return 0;
}

/* --- one socket's reading (runs on a processor of that socket: it may not print) --- */

struct sampler {
	struct upm_session *s;
	uint64_t *acc;      /* per count: the difference since the last sample */
	uint8_t *flag;      /* per count: this sample's flags */
	uint8_t *failed;    /* per count: a reading failed at some time */
	unsigned socket;
	int guard_only;     /* a reading between samples: guarded counters only */
	int global[UPM_MAX_SOCKETS]; /* the socket is frozen at its global control */
};

static void read_count(struct sampler *z, struct upm_box_inst *b, unsigned k)
{
	struct upm_session *s = z->s;
	struct upm_count *c = &s->counts[k];
	uint64_t v;
	unsigned width;
	uint32_t addr = upm_count_ctr(s, c, &width);
	/* Through perf: the kernel's running 64-bit total; a multiplexed one is no count. */
	int rc = s->pmu_handles ? upm_session_pmu_read(s, k, &v) : upm_box_ctr_read(s, b, addr, width, &v);
	if (s->pmu_handles)
		width = 64;
	if (rc == UPM_EBUSY && s->pmu_handles) {
		z->flag[k] |= UPM_SAMPLE_FAILED;
		if (!s->error[0])
			upm_snprintf(s->error, sizeof s->error, "--backend perf: the kernel multiplexed %s's count "
				     "(another tool counts on its PMU): its samples are not given", s->specs[c->spec].text);
		return;
	}
	if (rc != UPM_OK) {
		z->flag[k] |= UPM_SAMPLE_FAILED;
		z->failed[k] = 1;
		/* Its box is not read again; the registers saved of it are still restored. */
		b->state = UPM_BOX_FAULT;
		b->not_replayed = rc == UPM_EDIVERGED;
		upm_box_failed_reg(b, "counter", addr, 0, 0);
		upm_snprintf(b->why, sizeof b->why, "reading counter 0x%x: %s", upm_box_reg_addr(b, addr),
			     upm_status_name(rc));
		if (!s->error[0]) {
			upm_snprintf(s->error, sizeof s->error, "socket %u %s%u: %s", b->socket, b->type->name,
				     b->instance, b->why);
			s->error_not_replayed = b->not_replayed;
		}
		return;
	}
	/* A dead box or function reads all ones every time: their difference, 0, would pass
	 * for a count of nothing (the whole run's count is judged the same way). */
	uint64_t ones = width >= 64 ? ~0ull : (1ull << width) - 1;
	if (v == ones || c->end == ones)
		z->flag[k] |= UPM_SAMPLE_ALL_ONES;
	z->acc[k] += upm_counter_delta(c->end, v, width);
	c->end = v;
	if (!z->failed[k])
		c->status = UPM_OK;
}

static void read_socket(void *arg)
{
	struct sampler *z = arg;
	struct upm_session *s = z->s;
	const struct upm_platform *p = s->run->platform;
	const struct upm_global_ctl *g = p->global;
	unsigned sock = z->socket;
	int global = z->global[sock] && !z->guard_only && !s->pmu_handles;

	if (global) {
		upm_session_global(s, sock, 0);
		/* Overflow status: read for the walk only, never written (write-1-to-clear). */
		if (p->overflow && g->status_msr)
			s->global_status_ok[sock] =
				upm_msr_read(s->run->backend, g->status_msr, &s->global_status[sock]) == UPM_OK;
	}
	unsigned k = 0;
	for (unsigned i = 0; i < s->n_boxes; k += s->boxes[i].n, i++) {
		struct upm_box_inst *b = &s->boxes[i];
		if (b->socket != sock)
			continue;
		if (b->state != UPM_BOX_OK) {
			for (unsigned j = 0; j < b->n && !z->guard_only; j++)
				z->flag[k + j] |= UPM_SAMPLE_FAILED;
			continue;
		}
		const struct upm_box_type *t = b->type;
		int freeze = !global && !z->guard_only && !s->pmu_handles && (t->session & UPM_SESS_BOX_FREEZE) &&
			     box_governed(s, k, b);
		if (freeze && upm_box_freeze(s, b, 1) != UPM_OK) {
			for (unsigned j = 0; j < b->n; j++)
				z->flag[k + j] |= UPM_SAMPLE_FAILED;
			continue;
		}
		for (unsigned j = 0; j < b->n; j++)
			if (!z->guard_only || guarded(s, &s->counts[k + j]))
				read_count(z, b, k + j);
		if (freeze)
			(void)upm_box_freeze(s, b, 0);
	}
	if (!z->guard_only && p->overflow && !s->pmu_handles) {
		for (unsigned c = 0; c < s->n_counts; c++)
			if (s->counts[c].socket == sock)
				s->counts[c].overflowed = 0;
		upm_overflow_walk(s, sock, 0, 0); /* marks, and clears at the box */
		for (unsigned c = 0; c < s->n_counts; c++)
			if (s->counts[c].socket == sock && s->counts[c].overflowed)
				z->flag[c] |= UPM_SAMPLE_OVERFLOWED;
	}
	if (global)
		upm_session_global(s, sock, 1);
}

static void read_all(struct sampler *z, int guard_only)
{
	struct upm_session *s = z->s;
	z->guard_only = guard_only;
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		if (s->socket_lost[sock])
			continue;
		z->socket = sock;
		int rc = upm_os_run_on_socket(sock, read_socket, z);
		if (rc != UPM_OK)
			upm_session_socket_lost(s, sock, 0, rc);
	}
}

/* --- keeping the samples --- */

static int keep(struct upm_samples *sm, const struct upm_sample_tick *t, const uint64_t *acc, const uint8_t *flag)
{
	if (sm->n_ticks >= UPM_SAMPLE_MAX_KEPT || (uint64_t)(sm->n_ticks + 1) * sm->n_counts > UPM_SAMPLE_MAX_VALUES)
		return 0;
	if (sm->n_ticks == sm->cap_ticks) {
		unsigned cap = sm->cap_ticks ? sm->cap_ticks * 2 : 64;
		if (cap > UPM_SAMPLE_MAX_KEPT)
			cap = UPM_SAMPLE_MAX_KEPT;
		size_t n = (size_t)cap * (sm->n_counts ? sm->n_counts : 1);
		struct upm_sample_tick *ticks = upm_os_alloc((size_t)cap * sizeof *ticks);
		uint64_t *values = upm_os_alloc(n * sizeof *values);
		uint8_t *flags = upm_os_alloc(n);
		if (!ticks || !values || !flags) {
			upm_os_free(ticks);
			upm_os_free(values);
			upm_os_free(flags);
			return 0;
		}
		size_t used = (size_t)sm->n_ticks * sm->n_counts;
		if (sm->n_ticks) {
			upm_memcpy(ticks, sm->ticks, sm->n_ticks * sizeof *ticks);
			upm_memcpy(values, sm->values, used * sizeof *values);
			upm_memcpy(flags, sm->flags, used);
		}
		upm_os_free(sm->ticks);
		upm_os_free(sm->values);
		upm_os_free(sm->flags);
		sm->ticks = ticks;
		sm->values = values;
		sm->flags = flags;
		sm->cap_ticks = cap;
	}
	size_t at = (size_t)sm->n_ticks * sm->n_counts;
	sm->ticks[sm->n_ticks] = *t;
	if (sm->n_counts) {
		upm_memcpy(&sm->values[at], acc, sm->n_counts * sizeof *acc);
		upm_memcpy(&sm->flags[at], flag, sm->n_counts);
	}
	sm->n_ticks++;
	return 1;
}

void upm_samples_free(struct upm_samples *sm)
{
	upm_os_free(sm->ticks);
	upm_os_free(sm->values);
	upm_os_free(sm->flags);
	sm->ticks = NULL;
	sm->values = NULL;
	sm->flags = NULL;
	sm->n_ticks = sm->cap_ticks = 0;
}

/* --- the loop --- */

static void idle_between(struct upm_session *s, uint64_t until_ns, void *ctx)
{
	(void)ctx;
	uint64_t now = upm_os_nanoseconds();
	if (until_ns > now)
		upm_session_idle(s, until_ns - now);
}

static const char *method_of(const struct upm_session *s, unsigned sock, int global)
{
	if (s->pmu_handles)
		return "perf"; /* the kernel's running totals, read as they run */
	int governed = 0, frozen = 0;
	unsigned k = 0;
	for (unsigned i = 0; i < s->n_boxes; k += s->boxes[i].n, i++) {
		const struct upm_box_inst *b = &s->boxes[i];
		if (b->socket != sock || b->state != UPM_BOX_OK || !box_governed(s, k, b))
			continue;
		governed = 1;
		frozen |= (b->type->session & UPM_SESS_BOX_FREEZE) != 0;
	}
	if (!governed)
		return "free-running";
	return global ? "global control" : frozen ? "box freeze" : "running";
}

static void arm_watchdog(uint64_t ns)
{
	uint64_t s = ns / 1000000000u + 1;
	upm_os_watchdog_arm((unsigned)s + UPM_WATCHDOG_MARGIN_S);
}

int upm_session_sample(struct upm_session *s, const struct upm_sample_opts *o, struct upm_samples *sm)
{
	upm_memset(sm, 0, sizeof *sm);
	sm->period_ns = o->period_ns;
	void (*between)(struct upm_session *, uint64_t, void *) = o->between ? o->between : idle_between;
	arm_watchdog(o->period_ns);
	int rc = upm_session_start(s);
	struct sampler z;
	upm_memset(&z, 0, sizeof z);
	z.s = s;
	sm->n_counts = s->n_counts;
	z.acc = upm_os_alloc(((size_t)s->n_counts + 1) * sizeof *z.acc);
	z.flag = upm_os_alloc((size_t)s->n_counts + 1);
	z.failed = upm_os_alloc((size_t)s->n_counts + 1);
	uint64_t *total = upm_os_alloc(((size_t)s->n_counts + 1) * sizeof *total);
	if (!z.acc || !z.flag || !z.failed || !total) {
		upm_strlcpy(s->error, "out of memory", sizeof s->error);
		rc = -1;
	}
	int any_guarded = 0;
	if (rc == 0) {
		upm_memset(z.acc, 0, s->n_counts * sizeof *z.acc);
		upm_memset(z.failed, 0, s->n_counts);
		upm_memset(total, 0, s->n_counts * sizeof *total);
		for (unsigned k = 0; k < s->n_counts; k++) {
			s->counts[k].end = s->counts[k].start; /* the first reading */
			any_guarded |= guarded(s, &s->counts[k]);
		}
		const struct upm_global_ctl *g = s->run->platform->global;
		for (unsigned sock = 0; sock < s->run->n_sockets && sock < UPM_MAX_SOCKETS; sock++) {
			unsigned k = 0;
			int governed = 0;
			for (unsigned i = 0; i < s->n_boxes; k += s->boxes[i].n, i++)
				governed |= s->boxes[i].socket == sock && s->boxes[i].state == UPM_BOX_OK &&
					    box_governed(s, k, &s->boxes[i]);
			z.global[sock] = g && s->global_saved[sock] && governed;
			sm->method[sock] = method_of(s, sock, z.global[sock]);
		}
	}
	uint64_t t0 = upm_os_nanoseconds(), prev = t0, guard_at = t0, grid = 1;
	/* The first sample's window opens where the counters started (their unfreeze, or
	 * the read of their start values), not here: what they counted before this is in
	 * its count, and a clock over the shorter window read fast. */
	uint64_t started = t0;
	for (unsigned sock = 0; sock < s->run->n_sockets && sock < UPM_MAX_SOCKETS; sock++) {
		uint64_t at = s->window_start_ns[sock] ? s->window_start_ns[sock] : s->window_read_ns[sock];
		if (at && at < started)
			started = at;
	}
	prev = started;
	sm->start_wall_ok = upm_os_wall_time(&sm->start_wall) == UPM_OK;
	for (unsigned taken = 0; rc == 0 && !s->aborted;) {
		uint64_t deadline = t0 + grid * o->period_ns;
		if (o->duration_ns && deadline > t0 + o->duration_ns)
			deadline = t0 + o->duration_ns;
		arm_watchdog(deadline - prev);
		for (uint64_t now = upm_os_nanoseconds(); now < deadline && !upm_abort_check();
		     now = upm_os_nanoseconds()) {
			uint64_t until = deadline;
			if (any_guarded && guard_at + UPM_SAMPLE_WRAP_GUARD_NS < until)
				until = guard_at + UPM_SAMPLE_WRAP_GUARD_NS;
			between(s, until, o->ctx);
			now = upm_os_nanoseconds();
			if (any_guarded && now >= guard_at + UPM_SAMPLE_WRAP_GUARD_NS && now < deadline) {
				read_all(&z, 1);
				sm->wrap_guard_reads++;
				guard_at = now;
			}
		}
		s->aborted = upm_abort_check();

		/* The sample: every socket read, its cost measured around it. */
		upm_memset(z.flag, 0, s->n_counts);
		uint64_t a0 = s->run->backend->accesses, c0 = upm_os_nanoseconds();
		read_all(&z, 0);
		uint64_t c1 = upm_os_nanoseconds();
		for (unsigned k = 0; k < s->n_counts && s->run->opts.dry_run; k++)
			z.flag[k] |= UPM_SAMPLE_DRY_RUN;
		/* A clock runs whenever its socket does: one that stood still over the sample
		 * is no value, not a socket's clock of 0 MHz averaged in with the others. */
		for (unsigned k = 0; k < s->n_counts; k++)
			if (!(z.flag[k] & UPM_SAMPLE_NO_VALUE) && z.acc[k] == 0 && c0 > prev &&
			    upm_spec_counts_clock(&s->specs[s->counts[k].spec]))
				z.flag[k] |= UPM_SAMPLE_STUCK;
		struct upm_sample_tick t = { c0 - t0, c0 - prev, s->run->backend->accesses - a0, c1 - c0, 0 };
		for (unsigned k = 0; k < s->n_counts; k++) {
			total[k] += z.acc[k];
			t.overflowed += (z.flag[k] & UPM_SAMPLE_OVERFLOWED) != 0;
			s->counts[k].overflowed |= (z.flag[k] & UPM_SAMPLE_OVERFLOWED) != 0;
		}
		if (!taken)
			sm->accesses_per_sample = t.accesses;
		sm->accesses_total += t.accesses;
		sm->cost_ns_total += t.cost_ns;
		if (t.cost_ns > sm->cost_ns_max)
			sm->cost_ns_max = t.cost_ns;
		int kept = keep(sm, &t, z.acc, z.flag);
		if (o->on_sample)
			o->on_sample(s, &t, z.acc, z.flag, kept, o->ctx);
		upm_memset(z.acc, 0, s->n_counts * sizeof *z.acc);
		sm->n_taken = ++taken;
		prev = guard_at = c0;
		if ((o->count && taken >= o->count) || (o->duration_ns && c0 - t0 >= o->duration_ns))
			break;
		/* A late sample (a workload's repetition ran past the tick) does not make the
		 * next ones crowd in: the ticks stay on the grid, the missed ones skipped. */
		for (grid++; t0 + grid * o->period_ns <= c1; grid++)
			sm->ticks_missed++;
	}
	upm_session_restore(s);
	for (unsigned k = 0; k < s->n_counts && total; k++) {
		struct upm_count *c = &s->counts[k];
		c->delta = total[k];
		c->interval_ns = prev - started;
		if (z.failed && z.failed[k] && c->status == UPM_OK)
			c->status = UPM_EFAULT;
	}
	upm_os_free(z.acc);
	upm_os_free(z.flag);
	upm_os_free(z.failed);
	upm_os_free(total);
	return rc < 0 || s->error[0] ? -1 : 0;
}

/* --- wall-clock arithmetic --- */

static unsigned days_in_month(unsigned year, unsigned month)
{
	static const uint8_t days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
	return month == 2 && leap ? 29 : month >= 1 && month <= 12 ? days[month - 1] : 31;
}

void upm_wall_time_add(const struct upm_wall_time *t, uint64_t ns, struct upm_wall_time *out, unsigned *ms)
{
	*out = *t;
	*ms = (unsigned)(ns / 1000000u % 1000u);
	uint64_t secs = ns / 1000000000u + out->second;
	out->second = (unsigned)(secs % 60);
	uint64_t mins = secs / 60 + out->minute;
	out->minute = (unsigned)(mins % 60);
	uint64_t hours = mins / 60 + out->hour;
	out->hour = (unsigned)(hours % 24);
	for (uint64_t days = hours / 24; days; days--) {
		if (++out->day > days_in_month(out->year, out->month)) {
			out->day = 1;
			if (++out->month > 12) {
				out->month = 1;
				out->year++;
			}
		}
	}
}

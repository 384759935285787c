/* A session counted through the kernel's perf PMUs (core/session/session_pmu.h). */
#include "core/session/session_pmu.h"
#include "core/events/alias_perf.h"
#include "core/session/own_passes.h"
#include "platform/base/abort.h"
#include "platform/base/os.h"

int upm_session_pmu_terms_check(struct upm_session *s, const struct upm_spec *sp)
{
	char terms[200], err[240];
	if (upm_alias_perf_terms(s->run->platform, sp, terms, sizeof terms, err, sizeof err) < 0) {
		upm_snprintf(s->error, sizeof s->error, "--backend perf: %s", err);
		return -1;
	}
	return 0;
}

int upm_session_pmu_instance(struct upm_session *s, struct upm_box_inst *b, const struct upm_spec *const *mine)
{
	char name[64], err[160];
	int named = 0;
	for (unsigned k = 0; k < b->n; k++)
		named |= mine[k]->instance >= 0;
	/* The PMU of the instance's first spec: its box's, or where perf defines that counter. */
	if (upm_alias_perf_spec_pmu(s->run->platform, mine[0], b->instance, name, sizeof name, err, sizeof err) < 0) {
		if (!named && b->instance > 0)
			return 1;
		b->state = UPM_BOX_ABSENT;
		upm_strlcpy(b->why, err, sizeof b->why);
		return 0;
	}
	if (upm_pmu_present(s->run->backend, b->socket, name))
		return 0;
	if (!named && b->instance > 0)
		return 1; /* the kernel has fewer: perf's PMUs are the instances there are */
	b->state = UPM_BOX_ABSENT;
	upm_snprintf(b->why, sizeof b->why, "the kernel has no perf PMU %s counting on socket %u", name, b->socket);
	return 0;
}

/* Opens count c (spec k of box b) on its PMU, stopped: *handle, or -1 with the box put
 * out of use and why (a missing PMU absent; a term or an open refused a fault, also the
 * session's error). */
static void open_count(struct upm_session *s, struct upm_box_inst *b, unsigned k, struct upm_count *c, int *handle)
{
	char name[64], terms[200], err[240];
	const struct upm_spec *sp = &s->specs[b->spec_idx[k]];
	*handle = -1;
	int rc = upm_alias_perf_spec_pmu(s->run->platform, sp, b->instance, name, sizeof name, err, sizeof err) < 0 ||
			 upm_alias_perf_terms(s->run->platform, sp, terms, sizeof terms, err, sizeof err) < 0
		 ? UPM_EINVAL
		 : upm_pmu_open(s->run->backend, b->socket, name, terms, handle, err, sizeof err);
	if (rc == UPM_OK)
		return;
	c->status = rc;
	b->state = rc == UPM_ENOTFOUND ? UPM_BOX_ABSENT : UPM_BOX_FAULT;
	upm_strlcpy(b->why, err, sizeof b->why);
	if (!s->error[0] && rc != UPM_ENOTFOUND)
		upm_snprintf(s->error, sizeof s->error, "--backend perf: %s", err);
}

/* One pass: every count of the pass on a box that is there, opened, started together,
 * the interval, stopped together, read. */
static void pmu_pass(struct upm_session *s, upm_interval_fn interval, void *ctx, unsigned pass, unsigned base,
		     int *handles)
{
	struct upm_backend *be = s->run->backend;
	unsigned idx = base;
	for (unsigned i = 0; i < s->n_boxes; i++) {
		struct upm_box_inst *b = &s->boxes[i];
		for (unsigned k = 0; k < b->n; k++, idx++) {
			handles[idx - base] = -1;
			if (s->counts[idx].pass == pass && b->state == UPM_BOX_OK)
				open_count(s, b, k, &s->counts[idx], &handles[idx - base]);
		}
	}
	unsigned n = idx - base;
	uint64_t t0 = upm_os_nanoseconds();
	for (unsigned i = 0; i < n; i++)
		if (handles[i] >= 0 && upm_pmu_enable(be, handles[i], 1) == UPM_OK)
			s->counts[base + i].unfrozen_ns = t0;
	uint64_t ns = interval(s, pass, ctx);
	s->aborted = upm_abort_check();
	if (s->aborted)
		s->aborted_pass = pass;
	uint64_t t1 = upm_os_nanoseconds();
	for (unsigned i = 0; i < n; i++)
		if (handles[i] >= 0)
			upm_pmu_enable(be, handles[i], 0);
	for (unsigned i = 0; i < n; i++) {
		struct upm_count *c = &s->counts[base + i];
		if (handles[i] < 0)
			continue;
		uint64_t count = 0, enabled = 0;
		int partial = 0;
		int rc = upm_pmu_read(be, handles[i], &count, &enabled, &partial);
		upm_pmu_close(be, handles[i]);
		c->stop_ns = t1;
		if (rc != UPM_OK) {
			c->status = rc;
			continue;
		}
		/* A multiplexed count is a part of the interval's: never given as the whole. */
		c->start = 0;
		c->end = c->delta = count;
		c->interval_ns = enabled ? enabled : ns;
		c->status = partial ? UPM_EBUSY : UPM_OK;
		if (partial && !s->error[0])
			upm_snprintf(s->error, sizeof s->error, "--backend perf: the kernel multiplexed %s's count "
				     "(another tool counts on its PMU): its count is not given", s->specs[c->spec].text);
	}
}

int upm_session_pmu_run(struct upm_session *s, upm_interval_fn interval, void *ctx, unsigned per_pass)
{
	int *handles = upm_os_alloc((per_pass + 1) * sizeof *handles);
	if (!handles) {
		upm_strlcpy(s->error, "out of memory", sizeof s->error);
		return -1;
	}
	s->aborted = upm_abort_check();
	for (unsigned p = 0; p < s->n_passes && !s->aborted; p++)
		pmu_pass(s, interval, ctx, p, p * per_pass, handles);
	upm_os_free(handles);
	upm_session_keep_own_passes(s, per_pass);
	return s->error[0] ? -1 : 0;
}

int upm_session_pmu_start(struct upm_session *s)
{
	s->pmu_handles = upm_os_alloc((s->n_counts + 1) * sizeof *s->pmu_handles);
	if (!s->pmu_handles) {
		upm_strlcpy(s->error, "out of memory", sizeof s->error);
		return -1;
	}
	s->aborted = upm_abort_check();
	/* The pass's opening and start as a run's (pmu_pass), without its interval and stop. */
	struct upm_backend *be = s->run->backend;
	unsigned idx = 0;
	for (unsigned i = 0; i < s->n_boxes; i++) {
		struct upm_box_inst *b = &s->boxes[i];
		for (unsigned k = 0; k < b->n; k++, idx++) {
			s->pmu_handles[idx] = -1;
			if (b->state == UPM_BOX_OK)
				open_count(s, b, k, &s->counts[idx], &s->pmu_handles[idx]);
		}
	}
	uint64_t t0 = upm_os_nanoseconds();
	for (unsigned k = 0; k < s->n_counts; k++) {
		s->counts[k].start = 0;
		if (s->pmu_handles[k] >= 0 && upm_pmu_enable(be, s->pmu_handles[k], 1) == UPM_OK)
			s->counts[k].unfrozen_ns = t0;
	}
	for (unsigned sock = 0; sock < s->run->n_sockets && sock < UPM_MAX_SOCKETS; sock++)
		s->window_start_ns[sock] = t0;
	return 0;
}

int upm_session_pmu_read(struct upm_session *s, unsigned k, uint64_t *v)
{
	uint64_t enabled;
	int partial;
	*v = 0;
	if (!s->pmu_handles || k >= s->n_counts || s->pmu_handles[k] < 0)
		return UPM_ENOTFOUND;
	int rc = upm_pmu_read(s->run->backend, s->pmu_handles[k], v, &enabled, &partial);
	return rc != UPM_OK ? rc : partial ? UPM_EBUSY : UPM_OK;
}

void upm_session_pmu_stop(struct upm_session *s)
{
	for (unsigned k = 0; s->pmu_handles && k < s->n_counts; k++)
		if (s->pmu_handles[k] >= 0) {
			upm_pmu_enable(s->run->backend, s->pmu_handles[k], 0);
			upm_pmu_close(s->run->backend, s->pmu_handles[k]);
			s->pmu_handles[k] = -1;
		}
	upm_os_free(s->pmu_handles);
	s->pmu_handles = NULL;
}

/* The platform's global control, one per socket (upm_platform.global): saved, written
 * around every step so that it brackets the boxes, read back after the start where a read
 * shows it, and restored (global_ctl.h). */
#include "core/session/global_ctl.h"

/* Boxes with only free-running counters are not under the global control. */
static int governed(const struct upm_box_inst *b)
{
	return b->type->n_ctrs || b->type->fixed_ctr != UPM_NO_REG;
}

static int socket_has_boxes(const struct upm_session *s, unsigned socket)
{
	for (unsigned i = 0; i < s->n_boxes; i++)
		if (s->boxes[i].socket == socket && s->boxes[i].state == UPM_BOX_OK &&
		    governed(&s->boxes[i]))
			return 1;
	return 0;
}

/* what: the access and rc its status ("reading", EFAULT), or rc UPM_OK and what says
 * it all ("reads all ones"), with the value read where there is one (has_value). */
static void global_fail(struct upm_session *s, unsigned socket, const char *what, int rc, int has_value,
			uint64_t value)
{
	const char *sp = rc != UPM_OK ? " " : "", *status = rc != UPM_OK ? upm_status_name(rc) : "";
	if (!s->error[0]) {
		upm_snprintf(s->error, sizeof s->error, "socket %u global control 0x%x: %s%s%s", socket,
			     s->run->platform->global->msr, what, sp, status);
		s->error_not_replayed = rc == UPM_EDIVERGED;
	}
	/* Without the global control no box of the socket can count: say so per box. */
	for (unsigned i = 0; i < s->n_boxes; i++) {
		struct upm_box_inst *b = &s->boxes[i];
		if (b->socket == socket && b->state == UPM_BOX_OK && governed(b)) {
			b->state = UPM_BOX_FAULT;
			b->not_replayed = rc == UPM_EDIVERGED;
			b->by_global = 1;
			upm_snprintf(b->why, sizeof b->why, "global control 0x%x: %s%s%s",
				     s->run->platform->global->msr, what, sp, status);
			char msr[16];
			upm_snprintf(msr, sizeof msr, "0x%x", s->run->platform->global->msr);
			upm_box_failed_access(b, "global control", msr, has_value, value);
		}
	}
}

/* The step's global value: `v` in the mask bits, the value found elsewhere. Box enables
 * that live here (UPM_SESS_ENABLE_IN_GLOBAL) ride along in every write. */
static uint64_t global_value(const struct upm_session *s, unsigned socket, uint64_t v)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	uint64_t keep = g->write_only ? g->restore : s->global_found[socket];
	return (keep & ~g->mask) | (v & g->mask) | s->global_extra[socket];
}

/* After the start: the enable a read can show must read set, or no box of the socket
 * counts (a control that keeps no write). Not in a dry run, whose start was never made. */
void upm_global_check_start(struct upm_session *s, unsigned socket)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	uint64_t want = g ? g->start & g->start_shows : 0, got = 0;
	if (!want || g->write_only || s->run->opts.dry_run)
		return;
	int rc = upm_msr_read(s->run->backend, g->msr, &got);
	if (rc != UPM_OK) {
		global_fail(s, socket, "reading it back after the start", rc, 0, 0);
		return;
	}
	if ((got & want) == want)
		return;
	char what[96];
	upm_snprintf(what, sizeof what, "keeps no start: reads 0x%llx after 0x%llx was written",
		     (unsigned long long)got, (unsigned long long)global_value(s, socket, g->start));
	global_fail(s, socket, what, UPM_OK, 1, got);
}

/* 1 when written. */
int upm_global_write(struct upm_session *s, unsigned socket, uint64_t v, const char *what)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	if (!g || !s->global_saved[socket])
		return 0;
	int rc = upm_msr_write(s->run->backend, g->msr, global_value(s, socket, v));
	s->global_may_run[socket] = rc != UPM_OK || v == g->start;
	if (rc != UPM_OK)
		global_fail(s, socket, what, rc, 0, 0);
	return rc == UPM_OK;
}

void upm_global_save(struct upm_session *s, unsigned socket)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	if (!g || !socket_has_boxes(s, socket))
		return;
	int rc = g->write_only ? UPM_OK : upm_msr_read(s->run->backend, g->msr, &s->global_found[socket]);
	if (rc != UPM_OK) {
		global_fail(s, socket, "reading", rc, 0, 0);
		return;
	}
	/* Every global control has reserved bits, which read 0: all ones is no working
	 * register (a dead U-Box), and none of the socket's boxes would count. */
	if (s->global_found[socket] == ~0ull) {
		global_fail(s, socket, "reads all ones", UPM_OK, 1, s->global_found[socket]);
		return;
	}
	s->global_saved[socket] = 1;
}

/* Before the boxes' found values go back: nothing may count while they do (a sampled run
 * leaves the global control started, a failed pass may too, and not every platform's
 * boxes have a freeze of their own). A failure here is no finding of its own: the global
 * restore that follows says whether the register came back. */
void upm_global_stop_for_restore(struct upm_session *s, unsigned socket)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	if (!g || !s->global_saved[socket] || !s->global_may_run[socket])
		return; /* stopped already (the last pass's stop) */
	s->global_may_run[socket] = 0;
	(void)upm_msr_write(s->run->backend, g->msr, global_value(s, socket, g->stop));
}

void upm_global_restore(struct upm_session *s, unsigned socket)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	if (!g || !s->global_saved[socket])
		return;
	uint64_t v = g->write_only ? g->restore : s->global_found[socket] | g->restore;
	s->global_restore_rc[socket] = upm_msr_write(s->run->backend, g->msr, v);
	if (s->global_restore_rc[socket] != UPM_OK)
		s->restore_failures++;
}

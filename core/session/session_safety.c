/* What the session does when the machine misbehaves: PCI functions that leave the bus,
 * processors that stop answering, registers that cannot be put back. */
#include "core/session/session.h"
#include "platform/base/os.h"
#include "platform/pci.h"
#include "platform/replay.h"

static struct upm_pci_addr fn_addr(const struct upm_box_inst *b, int filter_fn)
{
	return upm_box_pci_fn(b, filter_fn);
}

int upm_pci_box_gone(struct upm_session *s, const struct upm_box_inst *b)
{
	if (b->type->space != UPM_SPACE_PCI)
		return 0;
	if (upm_pci_gone(s->run->backend, fn_addr(b, 0)))
		return 1;
	return b->filter_used && b->type->filter_pci && upm_pci_gone(s->run->backend, fn_addr(b, 1));
}

void upm_session_mark_unrestored(struct upm_session *s, const struct upm_box_inst *b, int rc)
{
	for (unsigned i = 0; i < s->n_saved; i++) {
		if (s->saved[i].box != b || s->saved[i].restored != UPM_OK)
			continue;
		s->saved[i].restored = rc;
		s->restore_failures++;
	}
}

int upm_session_socket_saved(const struct upm_session *s, unsigned socket)
{
	if (socket < UPM_MAX_SOCKETS && s->global_saved[socket])
		return 1;
	for (unsigned i = 0; i < s->n_saved; i++)
		if (s->saved[i].box->socket == socket)
			return 1;
	return 0;
}

/* The socket's boxes not yet failed: a fault saying its processor did not answer (why). */
static void fail_socket_boxes(struct upm_session *s, unsigned socket, const char *why)
{
	for (unsigned i = 0; i < s->n_boxes; i++) {
		struct upm_box_inst *b = &s->boxes[i];
		if (b->socket != socket || b->state != UPM_BOX_OK)
			continue;
		b->state = UPM_BOX_FAULT;
		upm_strlcpy(b->why, why, sizeof b->why);
	}
}

void upm_session_socket_lost(struct upm_session *s, unsigned socket, int while_restoring, int rc)
{
	if (socket >= UPM_MAX_SOCKETS)
		return;
	if (!s->socket_lost[socket]) {
		s->socket_lost[socket] = 1;
		if (!s->error[0]) {
			upm_snprintf(s->error, sizeof s->error,
				     "socket %u: its processor did not answer within the timeout (%s): "
				     "socket skipped, the others go on",
				     socket, upm_status_name(rc));
			s->error_is_lost_socket = 1;
		}
		char why[sizeof s->boxes[0].why];
		upm_snprintf(why, sizeof why, "socket %u's processor did not answer (%s): skipped", socket,
			     upm_status_name(rc));
		fail_socket_boxes(s, socket, why);
	}
	if (!while_restoring)
		return;
	/* Nothing of this socket could be put back. */
	for (unsigned i = 0; i < s->n_saved; i++) {
		if (s->saved[i].box->socket != socket || s->saved[i].restored != UPM_OK)
			continue;
		s->saved[i].restored = rc;
		s->restore_failures++;
	}
	if (s->global_saved[socket] && s->global_restore_rc[socket] == UPM_OK) {
		s->global_restore_rc[socket] = rc;
		s->restore_failures++;
	}
}

void upm_unrestored_describe(const struct upm_box_inst *b, uint32_t addr, int on_filter_fn, unsigned dwords,
			     struct upm_unrestored *out)
{
	upm_memset(out, 0, sizeof *out);
	out->socket = b->socket;
	upm_snprintf(out->where, sizeof out->where, "%s%u", b->type->name, b->instance);
	if (b->type->space == UPM_SPACE_MSR) {
		upm_strlcpy(out->space, "msr", sizeof out->space);
		upm_snprintf(out->address, sizeof out->address, "0x%x", upm_box_reg_addr(b, addr));
	} else if (b->type->space == UPM_SPACE_MMIO && b->where) { /* a placed unit's memory */
		upm_strlcpy(out->space, "mmio", sizeof out->space);
		upm_snprintf(out->address, sizeof out->address, "0x%llx%s", (unsigned long long)(b->mmio_base + addr),
			     dwords == 2 ? " (2 dwords)" : "");
	} else {
		struct upm_pci_addr a = fn_addr(b, on_filter_fn);
		a.off = (uint16_t)upm_box_reg_addr(b, addr);
		upm_strlcpy(out->space, b->type->space == UPM_SPACE_PCI ? "pci" : "mmio", sizeof out->space);
		upm_pci_format(out->address, sizeof out->address, a);
		if (dwords == 2)
			upm_strlcpy(out->address + upm_strlen(out->address), " (2 dwords)",
				    sizeof out->address - upm_strlen(out->address));
	}
}

int upm_session_replay_diverged(const struct upm_session *s)
{
	struct upm_backend *replay = s->run ? upm_replay_find(s->run->backend) : NULL;
	return replay && upm_replay_divergence(replay);
}

void upm_session_skip_lost_socket(struct upm_session *s, unsigned socket)
{
	if (socket >= UPM_MAX_SOCKETS || s->socket_lost[socket])
		return;
	s->socket_lost[socket] = 1;
	char why[sizeof s->boxes[0].why];
	upm_snprintf(why, sizeof why, "socket %u's processor did not answer earlier: skipped", socket);
	fail_socket_boxes(s, socket, why);
}

void upm_session_say_error(const struct upm_session *s, const char *who)
{
	if (s->error[0] && !s->error_not_replayed)
		upm_error(s->run, "%s: %s", who, s->error);
}

int upm_session_unrestored(const struct upm_session *s, unsigned i, struct upm_unrestored *out)
{
	/* A replay that diverged answers nothing after it, restores included; it restores no
	 * hardware either: its failures are the divergence. */
	if (upm_session_replay_diverged(s))
		return -1;
	for (unsigned k = 0; k < s->n_saved; k++) {
		const struct upm_saved_reg *r = &s->saved[k];
		if (r->restored == UPM_OK || i--)
			continue;
		upm_unrestored_describe(r->box, r->addr, r->on_filter_fn, r->dwords, out);
		out->value = r->value;
		out->rc = r->restored;
		if (r->counts_on_ctl != UPM_NO_REG) {
			struct upm_unrestored ctl;
			upm_unrestored_describe(r->box, r->counts_on_ctl, 0, 1, &ctl);
			upm_strlcpy(out->counts_on, ctl.address, sizeof out->counts_on);
		}
		return 0;
	}
	const struct upm_global_ctl *g = s->run && s->run->platform ? s->run->platform->global : NULL;
	for (unsigned sock = 0; g && sock < UPM_MAX_SOCKETS; sock++) {
		if (!s->global_saved[sock] || s->global_restore_rc[sock] == UPM_OK || i--)
			continue;
		upm_memset(out, 0, sizeof *out);
		out->socket = sock;
		upm_strlcpy(out->where, "global control", sizeof out->where);
		upm_strlcpy(out->space, "msr", sizeof out->space);
		upm_snprintf(out->address, sizeof out->address, "0x%x", g->msr);
		out->value = g->write_only ? g->restore : s->global_found[sock];
		out->rc = s->global_restore_rc[sock];
		return 0;
	}
	return -1;
}

void upm_unrestored_say(struct upm_run *r, const struct upm_unrestored *u)
{
	char why[96];
	if (u->counts_on[0]) /* written back, but that control was not */
		upm_snprintf(why, sizeof why, "written back, but its control %s was not (%s): it may count on",
			     u->counts_on, upm_status_name(u->rc));
	else
		upm_strlcpy(why, upm_status_name(u->rc), sizeof why);
	upm_error(r, "NOT RESTORED: socket %u %s %s %s (%s): it should hold 0x%llx", u->socket, u->where, u->space,
		  u->address, why, (unsigned long long)u->value);
}

void upm_unrestored_say_total(struct upm_run *r, unsigned n)
{
	if (n)
		upm_error(r,
			  "%u register%s NOT RESTORED (listed above and in results.json): the uncore may "
			  "still be programmed; power-cycle this machine before other tools use its PMU",
			  n, n == 1 ? "" : "s");
}

unsigned upm_session_report_unrestored(struct upm_session *s)
{
	struct upm_unrestored u;
	unsigned n = 0;
	for (; upm_session_unrestored(s, n, &u) == 0; n++)
		upm_unrestored_say(s->run, &u);
	upm_unrestored_say_total(s->run, n);
	return n;
}

#include "core/check/check_safety.h"
#include "platform/base/abort.h"
#include "platform/base/os.h"
#include "core/check/box_class.h"

/* A stage as the console says it: "the self-test", "kernel read". */
static void stage_text(const char *stage, char *buf, size_t n)
{
	if (upm_strcmp(stage, "selftest") == 0)
		upm_strlcpy(buf, "the self-test", n);
	else if (upm_strcmp(stage, "idle") == 0)
		upm_strlcpy(buf, "the idle baseline", n);
	else if (upm_strcmp(stage, "kernels") == 0)
		upm_strlcpy(buf, "the kernels", n);
	else if (upm_starts_with(stage, "pass ")) /* a burn-in's next pass */
		upm_strlcpy(buf, stage, n);
	else
		upm_snprintf(buf, n, "kernel %s", stage);
}

static void note_abort(struct upm_check_safety *cs, const char *how, const char *stage)
{
	char t[32];
	if (cs->aborted)
		return; /* the first place it was seen is where it happened */
	cs->aborted = 1;
	stage_text(stage, t, sizeof t);
	upm_snprintf(cs->aborted_in, sizeof cs->aborted_in, "%s %s", how, t);
}

/* Each register once, with what it held first: a later session saved the value the
 * failed restore left behind, not the one the machine had. */
static void record(struct upm_check_safety *cs, const struct upm_unrestored *u, const char *stage)
{
	for (unsigned i = 0; i < cs->n; i++)
		if (cs->list[i].socket == u->socket && upm_strcmp(cs->list[i].space, u->space) == 0 &&
		    upm_strcmp(cs->list[i].address, u->address) == 0)
			return;
	if (cs->n == UPM_CHECK_MAX_UNRESTORED) {
		cs->dropped++;
		return;
	}
	cs->list[cs->n] = *u;
	stage_text(stage, cs->stage[cs->n], sizeof cs->stage[cs->n]);
	cs->n++;
}

void upm_check_safety_say_rest(struct upm_run *r, const struct upm_check_safety *cs, unsigned said,
			       unsigned dropped_said)
{
	unsigned from = said < cs->n ? said : cs->n;
	unsigned fresh = cs->n - from + (cs->dropped > dropped_said ? cs->dropped - dropped_said : 0);
	for (unsigned i = from; i < cs->n; i++)
		upm_unrestored_say(r, &cs->list[i]);
	upm_unrestored_say_total(r, fresh);
}

void upm_check_safety_say(struct upm_run *r)
{
	struct upm_check_safety *cs = r->safety;
	if (!cs)
		return;
	upm_check_safety_say_rest(r, cs, cs->said, cs->dropped_said);
	cs->said = cs->n;
	cs->dropped_said = cs->dropped;
}

static void restore_verdicts(const struct upm_check_safety *cs, struct upm_verdicts *vs);

void upm_check_safety_session(struct upm_run *r, struct upm_verdicts *vs, const struct upm_session *s,
			      const char *stage)
{
	struct upm_check_safety *mine = NULL;
	if (!r->safety) {
		mine = upm_os_alloc(sizeof *mine);
		if (!mine) { /* still said, by address: the session knows them */
			struct upm_unrestored u;
			unsigned n = 0;
			for (; upm_session_unrestored(s, n, &u) == 0; n++)
				upm_unrestored_say(r, &u);
			upm_unrestored_say_total(r, n);
			return;
		}
		upm_memset(mine, 0, sizeof *mine);
		r->safety = mine;
	}
	struct upm_check_safety *cs = r->safety;
	struct upm_unrestored u;
	for (unsigned i = 0; upm_session_unrestored(s, i, &u) == 0; i++)
		record(cs, &u, stage);
	for (unsigned sock = 0; sock < UPM_MAX_SOCKETS; sock++)
		cs->skipped[sock] |= s->socket_lost[sock];
	if (s->aborted)
		note_abort(cs, "during", stage);
	upm_check_safety_say(r);
	if (mine) {
		restore_verdicts(mine, vs);
		r->safety = NULL;
		upm_os_free(mine);
	}
}

void upm_check_safety_register(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
			       unsigned width, uint64_t value, int rc, const char *stage)
{
	struct upm_check_safety *cs = s->run->safety;
	struct upm_unrestored u;
	/* A replay's access after it diverged touched no hardware: the divergence is the cause,
	 * said once (upm_check_safety_replay_diverged). */
	if (!cs || rc == UPM_EDIVERGED)
		return;
	upm_unrestored_describe(b, addr, 0, b->type->space != UPM_SPACE_MSR && width > 32 ? 2 : 1, &u);
	u.value = value;
	u.rc = rc;
	record(cs, &u, stage);
}

void upm_check_safety_socket_lost(struct upm_run *r, unsigned socket)
{
	if (r->safety && socket < UPM_MAX_SOCKETS)
		r->safety->skipped[socket] = 1;
}

int upm_check_safety_stop(struct upm_run *r, const char *next)
{
	if (!upm_abort_check())
		return 0;
	if (r->safety)
		note_abort(r->safety, "before", next);
	return 1;
}

/* --- verdicts --- */

static int contains(const char *hay, const char *needle)
{
	size_t n = upm_strlen(needle);
	for (; *hay; hay++)
		if (upm_strncmp(hay, needle, n) == 0)
			return 1;
	return 0;
}

static void not_judged(struct upm_verdict *v, const char *why)
{
	char was[UPM_VERDICT_REASON];
	upm_strlcpy(was, v->reason, sizeof was);
	v->result = UPM_RESULT_INCOMPLETE;
	upm_snprintf(v->reason, sizeof v->reason, "not judged: %s (%s)", why, was);
}

void upm_check_safety_replay_diverged(struct upm_verdicts *vs, const char *divergence)
{
	for (unsigned i = 0; i < vs->n; i++) {
		struct upm_verdict *v = &vs->v[i];
		if (v->result != UPM_RESULT_PASS) /* an N/A's cause may be the divergence too */
			not_judged(v, "the replay diverged from its recording");
	}
	upm_verdict_add(vs, 0, "replay", -1, "divergence", UPM_RESULT_FAIL, "%s", divergence);
}

void upm_check_safety_void_counting(struct upm_verdicts *vs, unsigned first)
{
	static const char *const counting[] = { "selftest.count", "selftest.disable", "selftest.freeze",
						 "selftest.reset", "selftest.wrap" };
	const char *dead = upm_box_class_name(UPM_CLASS_DEAD);
	const char *unpopulated = upm_box_class_name(UPM_CLASS_UNPOPULATED);
	unsigned left_out[UPM_MAX_SOCKETS] = { 0 }, keep = first;
	for (unsigned i = first; i < vs->n; i++) {
		struct upm_verdict *v = &vs->v[i];
		int hit = 0;
		for (unsigned k = 0; k < UPM_ARRAY_LEN(counting); k++)
			hit |= upm_strcmp(v->check, counting[k]) == 0;
		if (hit) { /* one verdict per socket below says so, not hundreds of lines */
			left_out[v->socket < UPM_MAX_SOCKETS ? v->socket : 0]++;
			continue;
		}
		/* A presence judged from the counting: "dead: ...", "unpopulated: ..." */
		if (upm_strcmp(v->check, "presence") == 0 &&
		    ((upm_starts_with(v->reason, dead) && v->reason[upm_strlen(dead)] == ':') ||
		     (upm_starts_with(v->reason, unpopulated) && v->reason[upm_strlen(unpopulated)] == ':')))
			not_judged(v, "the self-test was aborted (ESC or Ctrl-C) while its counters ran");
		vs->v[keep++] = *v;
	}
	vs->n = keep;
	for (unsigned sock = 0; sock < UPM_MAX_SOCKETS; sock++)
		if (left_out[sock])
			upm_verdict_measured(upm_verdict_add(vs, sock, "selftest", -1, "selftest.counting",
							     UPM_RESULT_INCOMPLETE,
							     "not judged: ESC or Ctrl-C cut the counting tests short (count, disable, "
							     "freeze, reset, wrap): their %u verdicts are left out",
							     left_out[sock]),
					     (double)left_out[sock], "verdicts");
}

/* Per socket: "N registers NOT RESTORED: cbo0 msr 0xd10 (EFAULT after kernel read), ...",
 * as many as the reason holds, the rest counted (all are in results.json). */
static void restore_verdicts(const struct upm_check_safety *cs, struct upm_verdicts *vs)
{
	for (unsigned sock = 0; sock < UPM_MAX_SOCKETS; sock++) {
		char list[UPM_VERDICT_REASON], one[96];
		unsigned n = 0, shown = 0;
		size_t used = 0;
		const struct upm_unrestored *first = NULL;
		list[0] = 0;
		for (unsigned i = 0; i < cs->n; i++) {
			const struct upm_unrestored *u = &cs->list[i];
			if (u->socket != sock)
				continue;
			if (!first)
				first = u;
			n++;
			char why[48];
			if (u->counts_on[0]) /* written back behind that control, which was not */
				upm_snprintf(why, sizeof why, "counts on behind %s,", u->counts_on);
			else
				upm_strlcpy(why, upm_status_name(u->rc), sizeof why);
			int len = upm_snprintf(one, sizeof one, "%s%s %s %s (%s after %s)", shown ? ", " : "", u->where,
					       u->space, u->address, why, cs->stage[i]);
			if (used + (size_t)len + 48 < sizeof list) { /* room for the count and the rest */
				upm_strlcpy(list + used, one, sizeof list - used);
				used += (size_t)len;
				shown++;
			}
		}
		if (!n)
			continue;
		struct upm_verdict *v = upm_verdict_add(vs, sock, "pmu", -1, "restore", UPM_RESULT_FAIL,
							"%u register%s NOT RESTORED: %s%s", n, n == 1 ? "" : "s", list,
							shown < n ? ", more in results.json" : "");
		/* Registers left changed, none expected; the first of them: the value its restore
		 * wrote (what it should hold), none read back (the write failed). */
		upm_verdict_numbers(v, (double)n, 0, 0, "registers");
		if (first) {
			char reg[32];
			upm_snprintf(reg, sizeof reg, "%s %s", first->where, first->space);
			upm_verdict_evidence_fault(v, reg, first->address);
			upm_verdict_written(v, first->value);
		}
	}
	if (cs->dropped)
		upm_verdict_add(vs, 0, "pmu", -1, "restore", UPM_RESULT_FAIL,
				"%u more register(s) NOT RESTORED than results.json lists (said on the console)",
				cs->dropped);
}

void upm_check_safety_verdicts(const struct upm_check_safety *cs, struct upm_verdicts *vs,
			       const char *command, unsigned passes_done, unsigned passes_planned)
{
	restore_verdicts(cs, vs);
	for (unsigned sock = 0; sock < UPM_MAX_SOCKETS; sock++) {
		if (!cs->skipped[sock])
			continue;
		/* What failed on it because it did not answer (the session's words for its
		 * boxes, core/session/session_safety.c) was not judged; other failures stand. */
		for (unsigned i = 0; i < vs->n; i++) {
			struct upm_verdict *v = &vs->v[i];
			if (v->socket == sock && v->result == UPM_RESULT_FAIL && contains(v->reason, "processor did not answer"))
				not_judged(v, "the processor did not answer");
		}
		struct upm_verdict *v =
			upm_verdict_add(vs, sock, "socket", -1, "processor", UPM_RESULT_INCOMPLETE,
					"socket %u's processor did not answer within the timeout (%u ms): what was to "
					"run there was skipped (\"sockets_skipped\" in results.json)",
					sock, UPM_OS_SOCKET_TIMEOUT_MS);
		/* No answer: nothing measured; an answer was expected within the timeout. */
		upm_verdict_expected(v, UPM_OS_SOCKET_TIMEOUT_MS, 0, UPM_OS_SOCKET_TIMEOUT_MS, "ms");
	}
	if (cs->aborted) {
		char done[40];
		if (passes_planned)
			upm_snprintf(done, sizeof done, "%u of %u pass%s done", passes_done, passes_planned,
				     passes_planned == 1 ? "" : "es");
		else
			upm_snprintf(done, sizeof done, "%u pass%s done", passes_done, passes_done == 1 ? "" : "es");
		struct upm_verdict *v = upm_verdict_add(vs, 0, command, -1, "aborted", UPM_RESULT_INCOMPLETE,
							"ESC or Ctrl-C %s: nothing started after it; what it cut short "
							"is not judged (%s)", cs->aborted_in, done);
		/* The passes finished against those planned (a burn-in by duration plans none). */
		if (passes_planned)
			upm_verdict_numbers(v, passes_done, passes_planned, 0, "passes");
		else
			upm_verdict_measured(v, passes_done, "passes");
	}
}

void upm_check_safety_say_abort(struct upm_run *r, const struct upm_check_safety *cs, const char *command)
{
	if (!cs || !cs->aborted)
		return;
	unsigned left = cs->n + cs->dropped;
	if (left)
		upm_error(r, "%s: aborted (ESC or Ctrl-C) %s: %u register%s NOT RESTORED (listed above); the "
			     "verdicts so far are saved marked \"aborted\"", command, cs->aborted_in, left,
			  left == 1 ? "" : "s");
	else
		upm_error(r, "%s: aborted (ESC or Ctrl-C) %s: registers restored, the verdicts so far are "
			     "saved marked \"aborted\"", command, cs->aborted_in);
}

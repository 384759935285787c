#include "core/session/vouch.h"
#include "core/cli/invocation.h"
#include "platform/base/exit.h"

const char *upm_count_status_name(int status)
{
	switch (status) {
	case UPM_OK: return "ok";
	case UPM_ENOTFOUND: return "not counted";
	case UPM_COUNT_ALL_ONES: return "all-ones";
	case UPM_COUNT_STUCK: return "stuck";
	case UPM_COUNT_BOX_ABSENT: return "box-absent";
	case UPM_COUNT_BOX_MISMATCH: return "box-mismatch";
	case UPM_COUNT_BOX_FAULT: return "box-fault";
	case UPM_COUNT_NO_BUS: return "no-bus";
	case UPM_COUNT_NOT_REPLAYED: return "not-replayed";
	case UPM_COUNT_DRY_RUN: return "dry-run";
	case UPM_COUNT_NOT_ON_PART: return "not-on-part";
	}
	return upm_status_name(status);
}

int upm_count_untrusted(int status)
{
	return status >= UPM_COUNT_ALL_ONES && status <= UPM_COUNT_NOT_REPLAYED;
}

int upm_spec_counts_clock(const struct upm_spec *sp)
{
	if (sp->kind == UPM_SPEC_FIXED)
		return sp->box->fixed_clock;
	return sp->kind == UPM_SPEC_GENERAL && sp->event && sp->event->clock;
}

static unsigned count_width(const struct upm_session *s, const struct upm_count *c)
{
	const struct upm_spec *sp = &s->specs[c->spec];
	return sp->kind == UPM_SPEC_GENERAL ? c->box->ctr_width
	       : sp->kind == UPM_SPEC_FIXED ? c->box->fixed_width : sp->free_ctr->width;
}

static const struct upm_box_inst *box_of(const struct upm_session *s, const struct upm_count *c)
{
	for (unsigned i = 0; i < s->n_boxes; i++)
		if (s->boxes[i].type == c->box && s->boxes[i].socket == c->socket &&
		    s->boxes[i].instance == c->instance)
			return &s->boxes[i];
	return NULL;
}

static int box_status(const struct upm_box_inst *b)
{
	if (b->state != UPM_BOX_OK && b->state != UPM_BOX_NOT_ON_PART && b->not_replayed)
		return UPM_COUNT_NOT_REPLAYED;
	switch (b->state) {
	case UPM_BOX_OK: return UPM_OK;
	case UPM_BOX_ABSENT:
		/* EX-only links and the like: their absence is no finding. */
		return b->type->optional_from && b->instance >= b->type->optional_from ? UPM_COUNT_NOT_ON_PART
										    : UPM_COUNT_BOX_ABSENT;
	case UPM_BOX_MISMATCH: return UPM_COUNT_BOX_MISMATCH;
	case UPM_BOX_NO_BUS: return UPM_COUNT_NO_BUS;
	case UPM_BOX_FAULT: return UPM_COUNT_BOX_FAULT;
	case UPM_BOX_NOT_ON_PART: return UPM_COUNT_NOT_ON_PART; /* this part has no such box: no finding */
	}
	return UPM_OK;
}

static int judge(const struct upm_session *s, const struct upm_count *c)
{
	const struct upm_box_inst *b = box_of(s, c);
	int st = b ? box_status(b) : UPM_OK;
	if (st != UPM_OK)
		return st;
	if (c->status != UPM_OK)
		return c->status; /* not read (an aborted pass): nothing to vouch for */
	unsigned w = count_width(s, c);
	if (c->end == (w >= 64 ? ~0ull : (1ull << w) - 1))
		return UPM_COUNT_ALL_ONES;
	/* A clock runs whenever its socket does: one that stood still over a window cannot be
	 * trusted, nor anything else its counter says. */
	if (c->delta == 0 && c->interval_ns && upm_spec_counts_clock(&s->specs[c->spec]))
		return UPM_COUNT_STUCK;
	return UPM_OK;
}

static const char *why(int st)
{
	switch (st) {
	case UPM_COUNT_ALL_ONES: return "the counter reads all ones (a dead box or function)";
	case UPM_COUNT_STUCK: return "a clock that did not move over its window";
	default: return "its box was not counted";
	}
}

/* Whether a count before i already said st for the same cause: the same box instance
 * (a box that was not counted, a dead one reading all ones), or for a stuck clock the
 * same counter. One cause, one line; the total says how many counts it took. */
static int said_before(const struct upm_session *s, unsigned i, int st)
{
	const struct upm_count *c = &s->counts[i];
	for (unsigned j = 0; j < i; j++) {
		const struct upm_count *d = &s->counts[j];
		if (d->status == st && d->socket == c->socket && d->box == c->box && d->instance == c->instance &&
		    (st != UPM_COUNT_STUCK || (d->counter == c->counter && d->spec == c->spec)))
			return 1;
	}
	return 0;
}

unsigned upm_session_vouch(struct upm_session *s)
{
	unsigned n = 0, dry = 0;
	for (unsigned i = 0; i < s->n_counts; i++) {
		struct upm_count *c = &s->counts[i];
		int st = judge(s, c);
		/* A dry run started no counter: a clock that stood still is its doing, and a
		 * count that reads fine is no measurement. What its reads found stays. */
		if (s->run && s->run->opts.dry_run && (st == UPM_OK || st == UPM_COUNT_STUCK)) {
			c->status = UPM_COUNT_DRY_RUN;
			dry++;
			continue;
		}
		if (st == UPM_COUNT_NOT_ON_PART) { /* said once per box where it was found */
			c->status = st;
			continue;
		}
		if (!upm_count_untrusted(st))
			continue;
		c->status = st;
		/* After a replay diverged nothing was answered: those counts are marked, and
		 * their one cause is the divergence, said on its own line. */
		if (st == UPM_COUNT_NOT_REPLAYED)
			continue;
		n++;
		if (said_before(s, i, st))
			continue;
		const struct upm_box_inst *b = box_of(s, c);
		int boxed = st >= UPM_COUNT_BOX_ABSENT && b;
		upm_warn(s->run, "socket %u %s%u pass %u %s: %s: %s%s%s%s", c->socket, c->box->name,
			c->instance, c->pass, s->specs[c->spec].name, upm_count_status_name(st), why(st),
			boxed ? " (" : "", boxed ? b->why : "", boxed ? ")" : "");
	}
	if (dry)
		upm_say(s->run, "upmon: dry run: no counter ran, so %u count%s marked dry-run", dry,
			dry == 1 ? " is" : "s are");
	return n;
}

int upm_session_vouch_warn(struct upm_session *s, const char *who, const char *consequence, int status)
{
	unsigned untrusted = upm_session_vouch(s);
	if (!untrusted)
		return status;
	upm_warn(s->run, "%s: %u count%s cannot be trusted (status all-ones, stuck or box-*)%s%s", who,
		untrusted, untrusted == 1 ? "" : "s", consequence ? ": " : "", consequence ? consequence : "");
	return status == UPM_EXIT_OK ? UPM_EXIT_WARN : status;
}

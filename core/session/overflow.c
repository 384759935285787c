#include "core/session/overflow.h"

#define MAX_SUMMARIES 8

/* Whether b's overflow shows where its route points (no route: assume it may). */
static int flagged(const struct upm_box_inst *b, const struct upm_ovf_tree *t, uint64_t gs,
		   const uint64_t *sum, const uint8_t *have)
{
	const struct upm_ovf_route *r = b->type->ovf_route ? &b->type->ovf_route[b->instance] : NULL;
	if (!r)
		return 1;
	if (r->summary < 0 || (unsigned)r->summary >= t->n_summaries)
		return (gs >> r->bit) & 1;
	if (!have[r->summary]) /* unread (its global bit clear, or the read failed) */
		return (gs >> t->summaries[r->summary].global_bit) & 1;
	return (sum[r->summary] >> r->bit) & 1;
}

void upm_overflow_walk(struct upm_session *s, unsigned socket, unsigned pass, unsigned base)
{
	const struct upm_platform *p = s->run->platform;
	const struct upm_ovf_tree *t = p->overflow;
	const struct upm_global_ctl *g = p->global;
	if (!t || !g || !g->status_msr || !s->global_status_ok[socket])
		return;
	uint64_t gs = s->global_status[socket];
	if (!(gs & t->global_mask))
		return; /* nothing overflowed anywhere on the socket */

	uint64_t sum[MAX_SUMMARIES] = { 0 };
	uint8_t have[MAX_SUMMARIES] = { 0 };
	for (unsigned k = 0; k < t->n_summaries && k < MAX_SUMMARIES; k++)
		if ((gs >> t->summaries[k].global_bit) & 1)
			have[k] = upm_msr_read(s->run->backend, t->summaries[k].msr, &sum[k]) == UPM_OK;

	unsigned per_pass = 0;
	for (unsigned i = 0; i < s->n_boxes; i++)
		per_pass += s->boxes[i].n;
	for (unsigned i = 0; i < s->n_boxes; i++) {
		struct upm_box_inst *b = &s->boxes[i];
		const struct upm_box_type *bt = b->type;
		if (b->socket != socket || b->state != UPM_BOX_OK || !bt->ovf_status ||
		    !flagged(b, t, gs, sum, have))
			continue;
		/* The box's counts in this pass, and their bits in its status. */
		uint64_t mine = 0, st = 0, clear = 0;
		for (unsigned c = base; c < base + per_pass && c < s->n_counts; c++) {
			const struct upm_count *cn = &s->counts[c];
			if (cn->pass == pass && cn->socket == socket && cn->box == bt && cn->instance == b->instance)
				mine |= cn->counter >= 0 ? 1ull << (bt->ovf_lo + (unsigned)cn->counter)
					: cn->counter == -1 ? upm_field_mask(bt->ovf_fixed) : 0;
		}
		if (!mine)
			continue;
		if (bt->ovf_status == g->status_msr) /* the box reports straight to the global status */
			st = gs;
		else if (upm_box_reg_read(s, b, bt->ovf_status, &st, 0) != UPM_OK)
			continue;
		for (unsigned c = base; c < base + per_pass && c < s->n_counts; c++) {
			struct upm_count *cn = &s->counts[c];
			if (cn->pass != pass || cn->socket != socket || cn->box != bt || cn->instance != b->instance)
				continue;
			uint64_t bit = cn->counter >= 0 ? 1ull << (bt->ovf_lo + (unsigned)cn->counter)
				       : cn->counter == -1 ? upm_field_mask(bt->ovf_fixed) : 0;
			if (st & bit) {
				cn->overflowed = 1;
				clear |= bit;
			}
		}
		/* Cleared at the box only: the summaries above clear with it (002:468-474). */
		if (clear && bt->ovf_clear)
			(void)upm_box_reg_write(s, b, bt->ovf_clear, clear, 0);
	}
}

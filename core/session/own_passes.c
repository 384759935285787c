/* Each pass's own counts (core/session/own_passes.h). */
#include "core/session/own_passes.h"

void upm_session_keep_own_passes(struct upm_session *s, unsigned per_pass)
{
	unsigned keep = 0;
	for (unsigned i = 0; i < s->n_counts; i++) {
		unsigned pass_of_slot = per_pass ? i / per_pass : 0;
		if (s->counts[i].pass == pass_of_slot)
			s->counts[keep++] = s->counts[i];
	}
	s->n_counts = keep;
}

/* The pairing of a kernel's counts with its idle baseline's. */
#include "core/results/results_kernel.h"
#include "core/results/results.h"

const struct upm_count *upm_baseline_of(const struct upm_session *s, const struct upm_session *base,
					unsigned i)
{
	const struct upm_count *c = &s->counts[i];
	/* The same specs schedule the same way: normally the same index. */
	for (unsigned k = 0; k < base->n_counts; k++) {
		unsigned j = (i + k) % base->n_counts;
		const struct upm_count *b = &base->counts[j];
		if (b->pass == c->pass && b->socket == c->socket && b->box == c->box &&
		    b->instance == c->instance && b->counter == c->counter && b->spec == c->spec)
			return b;
	}
	return NULL;
}

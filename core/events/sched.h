/* Scheduling event specs onto one box instance's counters.
 *
 * Every restriction is honoured by exact bipartite matching (an event that may use
 * counters 0-1 yields counter 0 to an event that may use only counter 0), and specs
 * that need different values in one bit of a filter or sub-configuration register never
 * share a pass; a spec with a second home for its sub-configuration takes it when the
 * first clashes. What does not fit
 * in a pass goes to the next one; each pass re-runs the measured interval. */
#ifndef UPMON_CORE_SCHED_H
#define UPMON_CORE_SCHED_H

#include "core/events/spec.h"

#define UPM_MAX_PASSES 16

struct upm_placement {
	unsigned pass;
	int counter; /* general counter index; -1 for fixed and free-running counters */
	unsigned home; /* where its sub-configuration goes (core/events/subcfg.h); 0: the first */
};

/* Places n specs (all for this box type) on its counters: out[i] for specs[i].
 * Returns the number of passes, or -1 with err when a spec can never be counted. */
int upm_schedule(const struct upm_box_type *box, const struct upm_spec *const *specs, unsigned n,
		 struct upm_placement *out, char *err, unsigned long err_size);

#endif

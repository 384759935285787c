#include "core/events/sched.h"
#include "platform/base/str.h"
#include "core/events/subcfg.h"

/* Kuhn's augmenting-path matching over at most UPM_MAX_CTRS counters. */
static int augment(const uint8_t *masks, unsigned e, int *owner, unsigned *seen)
{
	for (unsigned c = 0; c < UPM_MAX_CTRS; c++) {
		if (!((masks[e] >> c) & 1) || ((*seen >> c) & 1))
			continue;
		*seen |= 1u << c;
		if (owner[c] < 0 || augment(masks, (unsigned)owner[c], owner, seen)) {
			owner[c] = (int)e;
			return 1;
		}
	}
	return 0;
}

/* A perfect matching of n events to counters; counter_of[e] filled on success. */
static int match(const uint8_t *masks, unsigned n, int *counter_of)
{
	int owner[UPM_MAX_CTRS];
	for (unsigned c = 0; c < UPM_MAX_CTRS; c++)
		owner[c] = -1;
	for (unsigned e = 0; e < n; e++) {
		unsigned seen = 0;
		if (!augment(masks, e, owner, &seen))
			return 0;
	}
	for (unsigned c = 0; c < UPM_MAX_CTRS; c++)
		if (owner[c] >= 0)
			counter_of[owner[c]] = (int)c;
	return 1;
}


int upm_schedule(const struct upm_box_type *box, const struct upm_spec *const *specs, unsigned n,
		 struct upm_placement *out, char *err, unsigned long err_size)
{
	/* Members of each pass (indices into specs) and their counter masks. */
	unsigned members[UPM_MAX_PASSES][UPM_MAX_CTRS];
	unsigned n_members[UPM_MAX_PASSES] = { 0 };
	unsigned n_passes = 0;
	const uint8_t all = (uint8_t)((1u << box->n_ctrs) - 1);

	for (unsigned i = 0; i < n; i++) {
		const struct upm_spec *s = specs[i];
		out[i].counter = -1;
		out[i].pass = 0;
		out[i].home = 0;
		if (s->kind != UPM_SPEC_GENERAL) {
			/* One fixed counter and each free-running counter once per box. */
			for (unsigned k = 0; k < i; k++) {
				/* A spec the engine added reads the same register as the user's: shared. */
				if (specs[k]->kind == s->kind && specs[k]->free_ctr == s->free_ctr && !s->engine &&
				    !specs[k]->engine) {
					upm_snprintf(err, err_size, "%s/%s/ is given twice", box->name, s->name);
					return -1;
				}
			}
			continue;
		}
		if (!(s->counters & all)) {
			upm_snprintf(err, err_size, "%s cannot be counted: no counter of box %s may count it",
				     s->name, box->name);
			return -1;
		}
		unsigned p;
		for (p = 0; p < UPM_MAX_PASSES; p++) {
			if (p == n_passes)
				n_passes++;
			if (n_members[p] >= box->n_ctrs)
				continue;
			uint8_t masks[UPM_MAX_CTRS];
			int counter_of[UPM_MAX_CTRS];
			for (unsigned k = 0; k < n_members[p]; k++)
				masks[k] = specs[members[p][k]]->counters & all;
			masks[n_members[p]] = s->counters & all;
			if (!match(masks, n_members[p] + 1, counter_of))
				continue;
			/* The first home whose sub-configuration agrees with the pass's. */
			unsigned home, homes = upm_spec_homes(s);
			for (home = 0; home < homes; home++) {
				int conflict = 0;
				for (unsigned k = 0; k < n_members[p] && !conflict; k++) {
					unsigned other = members[p][k];
					conflict = upm_specs_conflict(s, home, specs[other], out[other].home);
				}
				if (!conflict)
					break;
			}
			if (home == homes)
				continue;
			out[i].home = home;
			members[p][n_members[p]++] = i;
			for (unsigned k = 0; k < n_members[p]; k++) {
				out[members[p][k]].pass = p;
				out[members[p][k]].counter = counter_of[k];
			}
			break;
		}
		if (p == UPM_MAX_PASSES) {
			upm_snprintf(err, err_size, "box %s: the events need more than %u passes", box->name,
				     UPM_MAX_PASSES);
			return -1;
		}
	}
	return n_passes ? (int)n_passes : 1;
}

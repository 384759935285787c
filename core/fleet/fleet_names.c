/* The names a fleet source found (a tree's paths, a store's keys), each its own copy,
 * handed out again in the order found (fleet.h, struct upm_fleet_names). */
#include "core/fleet/fleet.h"
#include "platform/base/str.h"

int upm_fleet_names_add(struct upm_fleet_names *l, const char *name)
{
	if (l->n == l->cap) {
		unsigned cap = l->cap ? l->cap * 2 : 64;
		char **bigger = upm_os_alloc(cap * sizeof *bigger);
		if (!bigger)
			return -1;
		if (l->names) {
			upm_memcpy(bigger, l->names, l->n * sizeof *bigger);
			upm_os_free(l->names);
		}
		l->names = bigger;
		l->cap = cap;
	}
	if (!(l->names[l->n] = upm_strdup(name)))
		return -1;
	l->n++;
	return 0;
}

const char *upm_fleet_names_next(struct upm_fleet_names *l)
{
	return l->at < l->n ? l->names[l->at++] : NULL;
}

void upm_fleet_names_free(struct upm_fleet_names *l)
{
	for (unsigned i = 0; i < l->n; i++)
		upm_os_free(l->names[i]);
	upm_os_free(l->names);
	upm_memset(l, 0, sizeof *l);
}

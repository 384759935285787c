/* Looking names up in a box's tables (core/events/event_find.h): the lowest file of
 * room events, which the spec parser and the alias resolvers both stand on. */
#include "core/events/event_find.h"
#include "platform/base/str.h"

const struct upm_event_def *upm_event_find(const struct upm_box_type *box, const char *name)
{
	for (unsigned i = 0; box->events && i < *box->n_events; i++)
		if (upm_strcasecmp(box->events[i].name, name) == 0)
			return &box->events[i];
	return NULL;
}

uint64_t upm_ctl_code(const struct upm_box_type *box, uint64_t ctl)
{
	const struct upm_ctl_layout *l = &box->ctl_layout;
	uint64_t ext = upm_field_get(l->ev_sel_ext, ctl);
	if (ext && l->ev_sel_alt.width) /* the code sits in the second select */
		return 0x100 | upm_field_get(l->ev_sel_alt, ctl);
	return upm_field_get(l->ev_sel, ctl) | ext << 8;
}

const struct upm_umask *upm_umask_find(const struct upm_event_def *ev, const char *name)
{
	for (unsigned i = 0; i < ev->n_umasks; i++)
		if (upm_strcasecmp(ev->umasks[i].name, name) == 0)
			return &ev->umasks[i];
	return NULL;
}

int upm_fixed_named(const struct upm_box_type *box, const char *name)
{
	return box->fixed_ctr != UPM_NO_REG && box->fixed_event &&
	       (upm_strcasecmp(name, box->fixed_event) == 0 ||
		(box->fixed_alias && upm_strcasecmp(name, box->fixed_alias) == 0));
}

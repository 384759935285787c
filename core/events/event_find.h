/* A box's own names looked up in its tables (boxes/box.h): an event, a unit mask, the
 * fixed counter, and the event code a control value selects. The lowest file of room
 * events: the spec parser (spec.c) and the alias resolvers (alias*.c) all read the tables
 * through it, and it calls none of them. Part of room events. */
#ifndef UPMON_CORE_EVENTS_EVENT_FIND_H
#define UPMON_CORE_EVENTS_EVENT_FIND_H

#include "boxes/platform.h"

/* Looks an event up by guide name in a box's table (case-insensitive). */
const struct upm_event_def *upm_event_find(const struct upm_box_type *box, const char *name);
const struct upm_umask *upm_umask_find(const struct upm_event_def *ev, const char *name);
/* 1 when name (case-insensitive) is the box's fixed counter: its event or that alias. */
int upm_fixed_named(const struct upm_box_type *box, const char *name);
/* The event code a control value selects, as specs write it: ev_sel, plus 0x100 for the
 * extra select bit (the second select's value when the box has one, M-Box). */
uint64_t upm_ctl_code(const struct upm_box_type *box, uint64_t ctl);

#endif

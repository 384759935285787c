/* Shipped event groups (boxes/group.h): finding one by name and expanding a list of
 * names into event specs and metric names. Part of room events. */
#ifndef UPMON_CORE_EVENTS_GROUP_H
#define UPMON_CORE_EVENTS_GROUP_H

#include "boxes/platform.h"
#include "platform/base/str.h"

/* The platform's group of that name (case-insensitive), or NULL. */
const struct upm_group *upm_group_find(const struct upm_platform *p, const char *name);

/* Expands NAME[,NAME...]: each group's event specs are appended to events and its metric
 * names to metrics, comma-separated after what the buffers hold. -1 with one line in err
 * naming the unknown group and the platform's groups. */
int upm_group_expand(const struct upm_platform *p, const char *names, struct upm_buf *events,
		     struct upm_buf *metrics, char *err, unsigned long err_size);

/* 1 when g has an interval form (upm_group.interval_events, interval_metrics): the whole
 * group needs more than one pass. */
int upm_group_has_interval_form(const struct upm_group *g);
/* What `run --group` counts of g: with interval set, its interval form where it has one,
 * else the whole group. Either may be NULL (none). */
const char *upm_group_events(const struct upm_group *g, int interval);
const char *upm_group_metrics(const struct upm_group *g, int interval);
/* upm_group_expand, each group as upm_group_events/upm_group_metrics give it for
 * interval; the groups named, once each in the order given, in named (at most max; NULL:
 * not wanted), their number in *n_named. */
int upm_group_expand_as(const struct upm_platform *p, const char *names, int interval, struct upm_buf *events,
			struct upm_buf *metrics, const struct upm_group **named, unsigned max, unsigned *n_named,
			char *err, unsigned long err_size);

/* LIKWID's group NAME (case-insensitive) where upmon has no group of that name: what
 * LIKWID's counts, as a clause for an error line, into buf, and upmon's group that asks the
 * nearest question on p (NULL: none). buf is "" and NULL comes back when NAME is not one
 * of those LIKWID names. */
const char *upm_group_likwid(const struct upm_platform *p, const char *name, char *buf, unsigned long size);

#endif

/* Shipped event groups (boxes/group.h): finding one by name and expanding a list of
 * names into event specs and metric names. Part of room events. */
#ifndef UPMON_CORE_EVENTS_GROUP_H
#define UPMON_CORE_EVENTS_GROUP_H

#include "platform/platform.h"
#include "core/base/str.h"

/* The platform's group of that name (case-insensitive), or NULL. */
const struct upm_group *upm_group_find(const struct upm_platform *p, const char *name);

/* Expands NAME[,NAME...]: each group's event specs are appended to events and its metric
 * names to metrics, comma-separated after what the buffers hold. -1 with one line in err
 * naming the unknown group and the platform's groups. */
int upm_group_expand(const struct upm_platform *p, const char *names, struct upm_buf *events,
		     struct upm_buf *metrics, char *err, unsigned long err_size);

/* LIKWID's group NAME (case-insensitive) where upmon has no group of that name: what
 * LIKWID's counts, as a clause for an error line, into buf, and upmon's group that asks the
 * nearest question on p (NULL: none). buf is "" and NULL comes back when NAME is not one
 * of those LIKWID names. */
const char *upm_group_likwid(const struct upm_platform *p, const char *name, char *buf, unsigned long size);

#endif

/* Event groups: shipped sets of event specs and metric names, one question each, as
 * LIKWID's performance groups (`likwid-perfctr -g`). A platform lists its own groups in
 * boxes/<platform>/groups.c; `run --group NAME` expands a group (core/events/group.c)
 * and `list groups` prints them. */
#ifndef UPMON_BOXES_GROUP_H
#define UPMON_BOXES_GROUP_H

struct upm_group {
	const char *name;     /* "MEM" */
	const char *question; /* what it answers, one short line */
	const char *events;   /* event specs, comma-separated, as --events takes them */
	const char *metrics;  /* names of the platform's metrics (list metrics); NULL: none */
	/* Its interval form: what `run --group NAME --interval MS` counts, where the whole
	 * group (its events and its metrics' events, each count once) needs more than one
	 * pass and --interval counts everything at once. Event specs and metric names as
	 * above, chosen to answer the group's question as far as one pass of the boxes'
	 * counters holds. Both NULL: the whole group fits one pass (a test holds each). */
	const char *interval_events;
	const char *interval_metrics;
};

#endif

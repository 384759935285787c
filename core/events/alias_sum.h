/* perf's event aliases that are sums on a platform (struct upm_event_sum, boxes/names.h):
 * on Granite Rapids and Sierra Forest each memory channel has two command schedulers with
 * CAS counts of their own, and perf's cas_count_read means both. Such an alias is taken out
 * of an event list and counted as the platform's metric of the sum, so that its one number
 * is the whole channel's, never one scheduler's half. Part of room events. */
#ifndef UPMON_CORE_EVENTS_ALIAS_SUM_H
#define UPMON_CORE_EVENTS_ALIAS_SUM_H

#include "boxes/platform.h"
#include "platform/base/str.h"

/* The sum the spec s[0..len) names on p ("uncore_imc/cas_count_read/", "imc/cas_count_read/"
 * or "cas_count_read" alone: every instance, as perf counts a bare alias), or NULL. One
 * instance ("uncore_imc_2/cas_count_read/") or more terms after the alias are refused:
 * -1 with err, the spec to write instead. 1 found (*out set), 0 not a sum. */
int upm_alias_sum_find(const struct upm_platform *p, const char *s, unsigned long len,
		       const struct upm_event_sum **out, char *err, unsigned long err_size);

/* Splits the comma-separated spec list text: each spec that names a sum goes to metrics (its
 * metric's name, comma-separated after what metrics holds), the others to rest, in order;
 * said gets a line for each sum taken, what it is and what counts it. 0, or -1 with err. */
int upm_alias_take_sums(const struct upm_platform *p, const char *text, struct upm_buf *rest,
			struct upm_buf *metrics, struct upm_buf *said, char *err, unsigned long err_size);

#endif

/* Names across platforms: a name that is another platform's only, answered with where it
 * belongs and this platform's nearest event; a platform's own examples for messages.
 * Part of room events (core/events/alias_kin.c). */
#ifndef UPMON_CORE_EVENTS_ALIAS_KIN_H
#define UPMON_CORE_EVENTS_ALIAS_KIN_H

#include "boxes/platform.h"

/* A name that is not p's but another platform's (every platform's tables are searched):
 * "'UNC_M_CAS_COUNT.RD' is perfmon's name of an event of snbep, ivbep, not of skl: the
 * nearest on skl is imc/DRAM_DATA_READS/ (perf's uncore_imc/data_reads/)" into buf. box:
 * the box the name was given in on p (its namesakes elsewhere are searched), or NULL for
 * a name alone. 1 when it is another platform's, 0 (buf "") when not. */
int upm_alias_foreign(const struct upm_platform *p, const struct upm_box_type *box, const char *name, char *buf,
		      unsigned long size);

/* p's examples for messages, each "" where p has none: a spec ("imc/CAS_COUNT.RD/"),
 * a perf event alias alone ("cas_count_read") and a perfmon name ("UNC_M_CAS_COUNT.RD"). */
void upm_alias_examples(const struct upm_platform *p, char *spec, char *perf, char *perfmon, unsigned long size);

#endif

/* A platform for the tests of the Sapphire/Emerald Rapids event tables before the
 * platform is registered: one box type per unit of a boxes/spr/events.h unit list, with
 * the generic counter control of the discovery units (event 7:0, umask 15:8, edge 18,
 * invert 23, threshold 31:24; Linux uncore_discovery.c), the unit's extension fields,
 * 64-bit controls, 8 counters, and upm_spr_naming. */
#ifndef UPMON_TESTS_UNIT_SPR_PLATFORM_H
#define UPMON_TESTS_UNIT_SPR_PLATFORM_H

#include "boxes/platform.h"
#include "boxes/spr/events.h"

/* The test platform for upm_spr_units (emr 0) or upm_emr_units (emr 1). */
const struct upm_platform *upm_test_spr_platform(int emr);

#endif

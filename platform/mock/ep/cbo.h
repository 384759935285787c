/* The CBo traffic model the Sandy Bridge-EP and Ivy Bridge-EP mocks share: the two
 * guides define the same LLC_LOOKUP, LLC_VICTIMS, TOR and ingress events with the same
 * unit masks (000: Table 2-14 ff.; 003 and perfmon IVT), and only the filter registers
 * that select state and opcode differ (each model decodes its own, then asks here).
 * What counts is described in the models' header comments (platform/mock/snbep/model.c,
 * platform/mock/ivbep/model.c). */
#ifndef UPMON_PLATFORM_MOCK_CBO_E5_H
#define UPMON_PLATFORM_MOCK_CBO_E5_H

#include "platform/mock/pmon.h"

/* A CBo counter's count for control ctl over activity a. state: the state filter, one
 * bit per state (I 0x01, S 0x02, E 0x04, M 0x08, ...); opc: the TOR opcode filter;
 * tor_counts: whether ctl's unit mask counts TOR entries on this part. */
uint64_t mock_e5_cbo_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a,
			  unsigned state, unsigned opc, int tor_counts);

#endif

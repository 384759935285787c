/* Nehalem-EX (Xeon 7500) / Westmere-EX (Xeon E7) event tables of the U, C, B, S and W
 * boxes, and the derived metrics. Guide: Xeon E7 Family Uncore Performance Monitoring
 * Programming Guide 325294-001, seed 002_0a58b738de4f4a68.txt (cited as 002:LINES). */
#ifndef UPMON_BOXES_NHMEX_EVENTS_H
#define UPMON_BOXES_NHMEX_EVENTS_H

#include "boxes/event.h"
#include "boxes/group.h"
#include "boxes/metric.h"

#define UPM_NHMEX_EVTAB_(box)                                   \
	extern const struct upm_event_def upm_nhmex_##box##_events[]; \
	extern const unsigned upm_nhmex_##box##_n_events

UPM_NHMEX_EVTAB_(ubox);
UPM_NHMEX_EVTAB_(cbo);
UPM_NHMEX_EVTAB_(bbox);
UPM_NHMEX_EVTAB_(sbox);
UPM_NHMEX_EVTAB_(wbox);
#undef UPM_NHMEX_EVTAB_

/* The Xeon E7's C-Box and S-Box tables: the C-Box is the same array as the 7500's with
 * the E7-only events at its end (its own length), the S-Box its own array (ten C-Boxes
 * in the C-Box pair unit masks, the local NCS events). */
extern const unsigned upm_wsmex_cbo_n_events;
extern const struct upm_event_def upm_wsmex_sbox_events[];
extern const unsigned upm_wsmex_sbox_n_events;

/* One metric table: the 7500 uses its first upm_nhmex_n_metrics entries, the E7 all
 * upm_wsmex_n_metrics (the E7 guide's own metrics end it, metrics.c). */
extern const struct upm_metric upm_nhmex_metrics[];
extern const unsigned upm_nhmex_n_metrics;
extern const unsigned upm_wsmex_n_metrics;

/* Shipped event groups (groups.c). */
extern const struct upm_group upm_nhmex_groups[];
extern const unsigned upm_nhmex_n_groups;

#endif

/* Stand-in event tables until boxes/spr/events.h has the perfmon files' events. */
#ifndef UPMON_BOXES_SPR_EVENTS_BOOTSTRAP_H
#define UPMON_BOXES_SPR_EVENTS_BOOTSTRAP_H

#include "boxes/event.h"

#define UPM_SPR_EVENTS(u)                                    \
	extern const struct upm_event_def upm_spr_events_##u[]; \
	extern const unsigned upm_spr_n_events_##u;
UPM_SPR_EVENTS(cha)
UPM_SPR_EVENTS(iio)
UPM_SPR_EVENTS(irp)
UPM_SPR_EVENTS(m2pcie)
UPM_SPR_EVENTS(pcu)
UPM_SPR_EVENTS(imc)
UPM_SPR_EVENTS(m2m)
UPM_SPR_EVENTS(upi)
UPM_SPR_EVENTS(m3upi)
UPM_SPR_EVENTS(mdf)
UPM_SPR_EVENTS(cxlcm)
UPM_SPR_EVENTS(cxldp)
UPM_SPR_EVENTS(m2hbm)
UPM_SPR_EVENTS(mchbm)
UPM_SPR_EVENTS(ubox)
#undef UPM_SPR_EVENTS

#endif

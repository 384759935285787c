/* Unit-mask tables Sandy Bridge-EP and Ivy Bridge-EP share: defined once in the
 * boxes/snbep/events_*.c file of their box and referenced by the boxes/ivbep tables, so
 * a change to one is a change to both (tests/unit/boxes/test_tables_ivbep.c checks that both
 * platforms point at these arrays). Only tables whose names, values and filter needs
 * agree in the Sandy Bridge-EP guide (seed 000) and intel/perfmon IVT/events/
 * ivytown_uncore.json are here. The sizes are part of the declaration, so a table that
 * grows on one side without the other fails to compile. */
#ifndef UPMON_BOXES_SNBEP_UMASKS_SHARED_H
#define UPMON_BOXES_SNBEP_UMASKS_SHARED_H

#include "boxes/event.h"

#define UPM_SHARED_UMASKS(name, n) extern const struct upm_umask upm_snbep_um_##name[n]

/* CBo */
UPM_SHARED_UMASKS(cbo_rxr_queue, 4);     /* RxR_INSERTS, RxR_OCCUPANCY */
UPM_SHARED_UMASKS(cbo_llc_victims, 5);
UPM_SHARED_UMASKS(cbo_misc, 4);
UPM_SHARED_UMASKS(cbo_ring_bounces, 3);
UPM_SHARED_UMASKS(cbo_rxr_ipq_retry, 4);
UPM_SHARED_UMASKS(cbo_txr_inserts, 7);
/* HA */
UPM_SHARED_UMASKS(ha_igr_no_credit_cycles, 4);
UPM_SHARED_UMASKS(ha_imc_writes, 5);
UPM_SHARED_UMASKS(ha_channels, 4);       /* RPQ/WPQ credit events: CHN0..CHN3 */
UPM_SHARED_UMASKS(ha_tad_requests_g0, 8);
UPM_SHARED_UMASKS(ha_tad_requests_g1, 4);
UPM_SHARED_UMASKS(ha_egress_sched, 3);   /* SCHED0, SCHED1, ALL */
UPM_SHARED_UMASKS(ha_txr_bl, 3);
/* iMC */
UPM_SHARED_UMASKS(imc_dram_refresh, 2);
UPM_SHARED_UMASKS(imc_major_modes, 4);
UPM_SHARED_UMASKS(imc_rank, 8);
UPM_SHARED_UMASKS(imc_preemption, 2);
/* QPI */
UPM_SHARED_UMASKS(qpi_vn_classes, 6);    /* RxL_CREDITS_CONSUMED_VN0 (and VN1 on IVB-EP) */
UPM_SHARED_UMASKS(qpi_flits_g0, 3);
UPM_SHARED_UMASKS(qpi_flits_g1, 7);
UPM_SHARED_UMASKS(qpi_flits_g2, 6);
/* R2PCIe, R3QPI */
UPM_SHARED_UMASKS(r2pcie_iio_credits, 3);
UPM_SHARED_UMASKS(r2pcie_txr_rings, 3);
UPM_SHARED_UMASKS(r3qpi_msg_classes, 6);
/* UBox */
UPM_SHARED_UMASKS(ubox_event_msg, 5);
UPM_SHARED_UMASKS(ubox_filter_match, 4);
UPM_SHARED_UMASKS(ubox_u2c_events, 8);

#endif

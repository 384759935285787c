/* Granite Rapids and Sierra Forest event groups (boxes/group.h). A CHA, an IMC channel,
 * a UPI link and the PCU have 4 general counters each, an IIO unit 4 of which its data
 * request events take counters 0-1, and the CHA's TOR occupancy counter 0 only
 * (intel/perfmon GNR/events/graniterapids_uncore*.json at 6dadedf3, Counter fields). MEM
 * counts both command schedulers of each channel. */
#include "boxes/gnr/gnr.h"

#define GNR_DRD "DRD"
#define GNR_SIDE_LATENCIES "LLC_DRD_MISS_LATENCY_LOCAL_NS,LLC_DRD_MISS_LATENCY_REMOTE_NS,"
const struct upm_group upm_gnr_groups[] = {
#include "boxes/gnr/groups_list.h"
};
const unsigned upm_gnr_n_groups = UPM_ARRAY_LEN(upm_gnr_groups);
#undef GNR_DRD
#undef GNR_SIDE_LATENCIES

#define GNR_DRD "DRD_OPT"
#define GNR_SIDE_LATENCIES ""
const struct upm_group upm_srf_groups[] = {
#include "boxes/gnr/groups_list.h"
};
const unsigned upm_srf_n_groups = UPM_ARRAY_LEN(upm_srf_groups);

/* Granite Rapids and Sierra Forest derived metrics. Each is one of perfmon's
 * (intel/perfmon GNR/metrics/graniterapids_metrics.json at 6dadedf3, named in its source
 * field; SRF's from sierraforest_metrics.json, the same with its own demand-read opcode) in
 * upmon's form: a count is summed over
 * a socket's instances of its box, SECONDS is the counting window. Where perfmon divides
 * a CHA count by the CHA clock of "one unit" (UNC_CHA_CLOCKTICKS:one_unit), the clock
 * here is cha0's: every CHA of a socket runs on the one uncore clock. */
#include "boxes/gnr/gnr.h"

#define GNR_DRD "DRD"
#define GNR_HAS_SIDE_LATENCIES 1
#define GNR_METRICS_FILE "intel/perfmon GNR/metrics/graniterapids_metrics.json (6dadedf3): "
#define GNR_EVENTS_FILE "intel/perfmon GNR/events/graniterapids_uncore.json (6dadedf3): "
const struct upm_metric upm_gnr_metrics[] = {
#include "boxes/gnr/metrics_list.h"
};
const unsigned upm_gnr_n_metrics = UPM_ARRAY_LEN(upm_gnr_metrics);
#undef GNR_DRD
#undef GNR_HAS_SIDE_LATENCIES
#undef GNR_METRICS_FILE
#undef GNR_EVENTS_FILE

/* Sierra Forest: the demand data reads are DRd_Opt (sierraforest_metrics.json
 * llc_demand_data_read_miss_latency: UNC_CHA_TOR_OCCUPANCY.IA_MISS_DRD_OPT, ...). */
#define GNR_DRD "DRD_OPT"
#define GNR_HAS_SIDE_LATENCIES 0
#define GNR_METRICS_FILE "intel/perfmon SRF/metrics/sierraforest_metrics.json (6dadedf3): "
#define GNR_EVENTS_FILE "intel/perfmon SRF/events/sierraforest_uncore.json (6dadedf3): "
const struct upm_metric upm_srf_metrics[] = {
#include "boxes/gnr/metrics_list.h"
};
const unsigned upm_srf_n_metrics = UPM_ARRAY_LEN(upm_srf_metrics);

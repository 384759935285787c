/* Ivy Bridge-EP derived metrics. Where the formula and its events are the same as on
 * Sandy Bridge-EP (the events carry the same names, unit masks and filters in intel/
 * perfmon IVT), the Sandy Bridge-EP initialiser is used (boxes/snbep/metrics_shared.h).
 * Differences: the LLC state filter is six bits, one per state (I S E M F M', FILTER0
 * 22:17; perfmon "CBoGlCtrl[22:17] bits correspond to [M'FMESI]"; Linux perf ivytown
 * uncore-cache.json counts misses with filter_state=0x1), so hits are 0x3E and every
 * lookup 0x3F; and the Ivytown event list has no RPQ_OCCUPANCY, so there is no
 * read-queue latency metric. */
#include "boxes/metric.h"
#include "boxes/ivbep/ivbep.h"
#include "boxes/snbep/metrics_shared.h"

const struct upm_metric upm_ivbep_metrics[] = {
	UPM_METRIC_MEM_BW_READS,
	UPM_METRIC_MEM_BW_WRITES,
	UPM_METRIC_MEM_BW_TOTAL,
	{ "LLC_HIT_RATE", "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x3e/",
	  "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x3f/", 1.0, "ratio",
	  "LLC data-read lookups that hit, over all data-read lookups",
	  "perfmon IVT/events/ivytown_uncore.json UNC_C_LLC_LOOKUP", NULL, NULL },
	UPM_METRIC_LLC_DRD_MISS_LATENCY,
	UPM_METRIC_UNCORE_FREQ,
	UPM_METRIC_DRAM_CLOCK_FREQ,
	UPM_METRIC_CYC_FREQ_THERMAL_LTD,
	UPM_METRIC_CYC_FREQ_POWER_LTD,
	UPM_METRIC_CYC_FREQ_OS_LTD,
	UPM_METRIC_CYC_FREQ_CURRENT_LTD,
	UPM_METRIC_PCT_CYCLES_CONFLICT,
	UPM_METRICS_SHARED_ISSUE18,
	{ "LLC_DRD_MISS_PCT", "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1/",
	  "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x3f/", 1.0, "ratio",
	  "LLC data-read lookups that miss, over all data-read lookups",
	  "perfmon IVT/events/ivytown_uncore.json UNC_C_LLC_LOOKUP; Linux perf ivytown filter_state=0x1", NULL, NULL },
};
const unsigned upm_ivbep_n_metrics = UPM_ARRAY_LEN(upm_ivbep_metrics);

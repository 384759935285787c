/* Sandy Bridge-EP derived metrics, from the guide's definitions. Those Ivy Bridge-EP
 * shares are in boxes/snbep/metrics_shared.h. */
#include "boxes/metric.h"
#include "boxes/snbep/metrics_shared.h"
#include "boxes/snbep/snbep.h"

const struct upm_metric upm_snbep_metrics[] = {
	UPM_METRIC_MEM_BW_READS,
	UPM_METRIC_MEM_BW_WRITES,
	UPM_METRIC_MEM_BW_TOTAL,
	/* 000:865-873: state filter I (0x01) = misses, 0x1E = hits, 0x1F = every lookup. */
	{ "LLC_HIT_RATE", "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1e/",
	  "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/", 1.0, "ratio",
	  "LLC data-read lookups that hit, over all data-read lookups", "000:860-901", NULL, NULL },
	UPM_METRIC_LLC_DRD_MISS_LATENCY,
	UPM_METRIC_UNCORE_FREQ,
	UPM_METRIC_DRAM_CLOCK_FREQ,
	{ "RPQ_AVG_LATENCY", "imc/RPQ_OCCUPANCY/", "imc/RPQ_INSERTS/", 1.0, "DRAM cycles",
	  "average time a read waits in the read pending queue", "000:2600-2645", NULL, NULL },
	UPM_METRIC_CYC_FREQ_THERMAL_LTD,
	UPM_METRIC_CYC_FREQ_POWER_LTD,
	UPM_METRIC_CYC_FREQ_OS_LTD,
	UPM_METRIC_CYC_FREQ_CURRENT_LTD,
	UPM_METRIC_PCT_CYCLES_CONFLICT,
	UPM_METRICS_SHARED_ISSUE18,
	/* 000:804-806; state I (0x01) misses over every state (0x1F), as LLC_HIT_RATE. */
	{ "LLC_DRD_MISS_PCT", "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1/",
	  "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/", 1.0, "ratio",
	  "LLC data-read lookups that miss, over all data-read lookups",
	  "000:804-806, 860-901; pmu-tools jkt_uc.py CBO.LLC_DRD_MISS_PCT", NULL, NULL },
};
const unsigned upm_snbep_n_metrics = UPM_ARRAY_LEN(upm_snbep_metrics);

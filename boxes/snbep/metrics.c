/* Sandy Bridge-EP derived metrics, from the guide's definitions. Those Ivy Bridge-EP
 * shares are in boxes/snbep/metrics_shared.h. */
#include "boxes/metric.h"
#include "boxes/snbep/metrics_shared.h"
#include "boxes/snbep/metrics_guide.h"
#include "boxes/snbep/metrics_cbo.h"
#include "boxes/snbep/metrics_qpi.h"
#include "boxes/snbep/snbep.h"

const struct upm_metric upm_snbep_metrics[] = {
	UPM_METRIC_MEM_BW_READS,
	UPM_METRIC_MEM_BW_WRITES,
	UPM_METRIC_MEM_BW_TOTAL,
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
	/* 000:804-806; state I (0x01) misses over every state (0x1F), as LLC_DRD_HIT_PCT. */
	{ "LLC_DRD_MISS_PCT", "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1/",
	  "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/", 1.0, "ratio",
	  "LLC data-read lookups that miss, over all data-read lookups",
	  "000:804-806, 860-901; pmu-tools jkt_uc.py CBO.LLC_DRD_MISS_PCT", NULL, NULL },
	/* The formula engine's (boxes/snbep/metrics_guide.h), then what is Sandy Bridge-EP's
	 * alone: its LLC_LOOKUP has no ANY unit mask in the guide (000:860-901), so every lookup
	 * is the three kinds it lists; the read queue's occupancy (0x80) that Ivy Bridge-EP lacks. */
	UPM_METRICS_GUIDE_TOR,
	UPM_METRICS_GUIDE_INGRESS("IRQ_REJECTED"),
	UPM_METRICS_GUIDE_LLC("0x1e", "0x1f"),
	UPM_METRICS_GUIDE_IO,
	UPM_METRICS_GUIDE_QPI("SUCCESS"),
	UPM_METRICS_GUIDE_PAGES("imc/ACT_COUNT/"),
	UPM_METRICS_GUIDE_PCU,
	UPM_METRICS_GUIDE_RANKS,
	UPM_FMETRIC("LLC_MISS_PCT",
		    "(cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1/ + cbo/LLC_LOOKUP.WRITE,filter_state=0x1/ + "
		    "cbo/LLC_LOOKUP.REMOTE_SNOOP,filter_state=0x1/) / (cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/ + "
		    "cbo/LLC_LOOKUP.WRITE,filter_state=0x1f/ + cbo/LLC_LOOKUP.REMOTE_SNOOP,filter_state=0x1f/)",
		    "ratio", "LLC lookups that miss (state I), over all lookups (data reads, writes, snoops)",
		    "000:860-901"),
	UPM_FMETRIC("LLC_HIT_PCT",
		    "(cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1e/ + cbo/LLC_LOOKUP.WRITE,filter_state=0x1e/ + "
		    "cbo/LLC_LOOKUP.REMOTE_SNOOP,filter_state=0x1e/) / (cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/ + "
		    "cbo/LLC_LOOKUP.WRITE,filter_state=0x1f/ + cbo/LLC_LOOKUP.REMOTE_SNOOP,filter_state=0x1f/)",
		    "ratio", "LLC lookups that hit (states S E M F), over all lookups (data reads, writes, snoops)",
		    "000:860-901"),
	UPM_FMETRIC("RPQ_AVG_LATENCY_NS", "imc/RPQ_OCCUPANCY/ / imc/RPQ_INSERTS/ * SECONDS * 1e9 / imc0/DCLK/", "ns",
		    "average time a read waits in the read pending queue, through channel 0's DRAM clock",
		    "000:2600-2645, 2255-2258"),
	UPM_FMETRIC("RPQ_AVG_OCCUPANCY", "imc/RPQ_OCCUPANCY/ / imc/DCLK/", "entries",
		    "average reads in one channel's read pending queue per DRAM cycle", "000:2600-2645"),
	UPM_FMETRIC("WPQ_AVG_LATENCY", "imc/WPQ_OCCUPANCY/ / imc/WPQ_INSERTS/", "DRAM cycles",
		    "average time a write waits in the write pending queue", "000:2646-2700"),
	/* The guides' and pmu-tools ucevent's names beyond the above (boxes/snbep/
	 * metrics_cbo.h, metrics_qpi.h; tests/unit/metrics/test_metrics_ucevent_names.c holds the
	 * lists and what is left out). */
	UPM_METRIC_DIMM_SPEED,
	UPM_METRICS_CBO_WHEN_NE,
	UPM_METRIC_CYC_INGRESS_STARVED,
	UPM_METRICS_CBO_OPCODES,
	UPM_METRICS_CBO_PCIE,
	UPM_METRICS_CBO_RING_SNBEP,
	UPM_METRICS_QPI_DRS,
	UPM_METRICS_QPI_NODES,
	UPM_METRIC_QPI_SPEED,
};
const unsigned upm_snbep_n_metrics = UPM_ARRAY_LEN(upm_snbep_metrics);

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
#include "boxes/snbep/metrics_guide.h"
#include "boxes/snbep/metrics_cbo.h"
#include "boxes/snbep/metrics_qpi.h"

const struct upm_metric upm_ivbep_metrics[] = {
	UPM_METRIC_MEM_BW_READS,
	UPM_METRIC_MEM_BW_WRITES,
	UPM_METRIC_MEM_BW_TOTAL,
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
	/* The formula engine's (boxes/snbep/metrics_guide.h). Ivy Bridge-EP counts activates
	 * by cause (ACT_COUNT.RD/.WR/.BYP, perfmon IVT UNC_M_ACT_COUNT.*: every activate is
	 * one of them), Direct2Core successes as SUCCESS_RBT_HIT (pmu-tools ivt_uc.py
	 * QPI_LL.DATA_FROM_QPI_TO_LLC), and has LLC_LOOKUP.ANY (0x11) for every lookup. */
	UPM_METRICS_GUIDE_TOR,
	UPM_METRICS_GUIDE_INGRESS("IRQ_REJECTED"),
	UPM_METRICS_GUIDE_LLC("0x3e", "0x3f"),
	UPM_METRICS_GUIDE_IO,
	UPM_METRICS_GUIDE_QPI("SUCCESS_RBT_HIT"),
	UPM_METRICS_GUIDE_PAGES("(imc/ACT_COUNT.RD/ + imc/ACT_COUNT.WR/ + imc/ACT_COUNT.BYP/)"),
	UPM_METRICS_GUIDE_PCU,
	UPM_METRICS_GUIDE_RANKS,
	UPM_FMETRIC("LLC_MISS_PCT", "cbo/LLC_LOOKUP.ANY,filter_state=0x1/ / cbo/LLC_LOOKUP.ANY,filter_state=0x3f/",
		    "ratio", "LLC lookups that miss (state I), over all lookups",
		    "perfmon IVT UNC_C_LLC_LOOKUP.ANY; Linux perf ivytown filter_state=0x1"),
	UPM_FMETRIC("LLC_HIT_PCT", "cbo/LLC_LOOKUP.ANY,filter_state=0x3e/ / cbo/LLC_LOOKUP.ANY,filter_state=0x3f/",
		    "ratio", "LLC lookups that hit (states S E M F M'), over all lookups",
		    "perfmon IVT UNC_C_LLC_LOOKUP.ANY"),
	/* The guides' and pmu-tools ucevent's names beyond the above (boxes/snbep/
	 * metrics_cbo.h, metrics_qpi.h; tests/unit/metrics/test_metrics_ucevent_names.c holds the
	 * lists and what is left out). */
	UPM_METRIC_DIMM_SPEED,
	UPM_METRICS_CBO_WHEN_NE,
	UPM_METRIC_CYC_INGRESS_STARVED,
	UPM_METRICS_CBO_OPCODES,
	UPM_METRICS_CBO_PCIE,
	UPM_METRICS_CBO_RING_IVBEP,
	UPM_METRICS_CBO_LOCALITY_IVBEP,
	UPM_METRICS_QPI_DRS,
	UPM_METRICS_QPI_NODES,
	UPM_METRIC_QPI_SPEED,
};
const unsigned upm_ivbep_n_metrics = UPM_ARRAY_LEN(upm_ivbep_metrics);

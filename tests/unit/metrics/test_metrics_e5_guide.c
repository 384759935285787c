/* The Sandy Bridge-EP guide's metric names added for issue 18 (boxes/snbep/
 * metrics_shared.h), literally, on both E5 platforms: the equations are pmu-tools'
 * ucevent/jkt_uc.py ones, which the guide's extraction lost. */
#include "tests/unit/test.h"
#include "core/metrics/metrics.h"

static const struct {
	const char *name, *numerator, *denominator;
	double scale;
} want[] = {
	{ "PCT_RD_REQUESTS", "imc/RPQ_INSERTS/", "imc/RPQ_INSERTS/,imc/WPQ_INSERTS/", 1.0 },
	{ "PCT_WR_REQUESTS", "imc/WPQ_INSERTS/", "imc/RPQ_INSERTS/,imc/WPQ_INSERTS/", 1.0 },
	{ "PCT_REQUESTS_PAGE_MISS", "imc/PRE_COUNT.PAGE_MISS/", "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/", 1.0 },
	{ "PCT_CYCLES_SELF_REFRESH", "imc/POWER_SELF_REFRESH/", "imc/DCLK/", 1.0 },
	{ "PCT_CYCLES_PPD", "imc/POWER_CHANNEL_PPD/", "imc/DCLK/", 1.0 },
	{ "PCT_CYCLES_DLOFF", "imc/POWER_CHANNEL_DLLOFF/", "imc/DCLK/", 1.0 },
	{ "PCT_CYCLES_CRITICAL_THROTTLE", "imc/POWER_CRITICAL_THROTTLE_CYCLES/", "imc/DCLK/", 1.0 },
	/* RFO = opcode 0x180 (000:636); PCIItoM = 0x19C, a PCIe write (000:654). */
	{ "LLC_RFO_MISS_PCT", "cbo/TOR_INSERTS.MISS_OPCODE,filter_opc=0x180/",
	  "cbo/TOR_INSERTS.OPCODE,filter_opc=0x180/", 1.0 },
	{ "LLC_PCIE_DATA_BYTES", "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19c/", NULL, 64.0 },
	{ "PCT_CYCLES_BL_FULL", "ha/TxR_BL_CYCLES_FULL.ALL/", "ha/CLOCKTICKS/", 1.0 },
	{ "PCT_CYCLES_D2C_DISABLED", "ha/DIRECT2CORE_CYCLES_DISABLED/", "ha/CLOCKTICKS/", 1.0 },
	/* At most 2 flits a link clock: utilisation is flits / (2 x clocks). */
	{ "QPI_LINK_UTIL", "qpi/RxL_FLITS_G0.DATA/,qpi/RxL_FLITS_G0.NON_DATA/", "qpi/CLOCKTICKS/", 0.5 },
	{ "DRS_DATA_MSGS_FROM_QPI", "qpi/RxL_FLITS_G1.DRS_DATA/", NULL, 8.0 },
	{ "NCB_DATA_MSGS_FROM_QPI", "qpi/RxL_FLITS_G2.NCB_DATA/", NULL, 8.0 },
	{ "DATA_FROM_QPI", "qpi/RxL_FLITS_G1.DRS_DATA/,qpi/RxL_FLITS_G2.NCB_DATA/", NULL, 8.0 },
	{ "PCT_LINK_FULL_POWER_CYCLES", "qpi/RxL0_POWER_CYCLES/", "qpi/CLOCKTICKS/", 1.0 },
	{ "PCT_LINK_HALF_DISABLED_CYCLES", "qpi/RxL0P_POWER_CYCLES/", "qpi/CLOCKTICKS/", 1.0 },
	{ "PCT_LINK_SHUTDOWN_CYCLES", "qpi/L1_POWER_CYCLES/", "qpi/CLOCKTICKS/", 1.0 },
};

TEST(e5_guide_metrics_literal)
{
	static const char *const platforms[] = { "snbep", "ivbep" };
	for (unsigned k = 0; k < 2; k++) {
		const struct upm_platform *p = upm_platform_by_name(platforms[k]);
		for (unsigned i = 0; i < UPM_ARRAY_LEN(want); i++) {
			const struct upm_metric *m = upm_metric_find(p, want[i].name);
			if (!m) {
				upm_test_fail(__FILE__, __LINE__, "%s lacks %s", platforms[k], want[i].name);
				continue;
			}
			CHECK_STR(m->numerator, want[i].numerator);
			if (want[i].denominator)
				CHECK(m->denominator && strcmp(m->denominator, want[i].denominator) == 0);
			else
				CHECK(m->denominator == NULL);
			CHECK(m->scale == want[i].scale);
		}
	}
	/* The miss share of data reads: state I over every state, per platform's filter. */
	CHECK_STR(upm_metric_find(upm_platform_by_name("snbep"), "LLC_DRD_MISS_PCT")->denominator,
		  "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/");
	CHECK_STR(upm_metric_find(upm_platform_by_name("ivbep"), "LLC_DRD_MISS_PCT")->denominator,
		  "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x3f/");
}

/* The derived metrics the Intel guides define, by the guides' names, as pmu-tools ucevent
 * lists them (andikleen/pmu-tools, ucevent/jkt_uc.py and ivt_uc.py "derived", with
 * jkt_extra.py "extra_derived", which ucevent loads for both; ivt_extra.py is a link to
 * it), the box prefix dropped: upmon names a metric without its box. Sandy Bridge-EP's
 * list adds the guide's own metric tables (seed 000, Tables 2-15, 2-41, 2-65, 2-82, 2-95:
 * 000:737-833, 1716-1741, 2319-2363, 3001-3021, 3682-3724) where ucevent lacks a name. A
 * name resolves when upmon has a metric of that name or alias; RANKx and NODEx (the
 * guides' variable, 000:223-224) when every x of 0-7 does. At least 90% of each list must
 * resolve, every name not left out below must, and each left-out name has its reason.
 * Names that two boxes share (CYC_USED_*, RING_THRU_*_BYTES of the CBo and the R2PCIe;
 * PCT_RD/WR_REQUESTS of the HA and the iMC) are one name here and the first box's in
 * upmon (the CBo's, the iMC's). */
#include "tests/unit/test.h"
#include "core/metrics/metrics.h"
#include "platform/base/str.h"

struct left_out {
	const char *name, *why;
};

static const char *const snbep_names[] = {
	/* jkt_uc.py "derived" (69 names) */
	"AVG_INGRESS_DEPTH", "AVG_INGRESS_LATENCY", "AVG_INGRESS_LATENCY_WHEN_NE",
	"AVG_TOR_DRDS_MISS_WHEN_NE", "AVG_TOR_DRDS_WHEN_NE", "AVG_TOR_DRD_HIT_LATENCY",
	"AVG_TOR_DRD_LATENCY", "AVG_TOR_DRD_MISS_LATENCY", "CYC_INGRESS_BLOCKED",
	"CYC_USED_DNEVEN", "CYC_USED_DNODD", "CYC_USED_UPEVEN", "CYC_USED_UPODD", "DATA_FROM_QPI",
	"DATA_FROM_QPI_TO_HA_OR_IIO", "DATA_FROM_QPI_TO_LLC", "DATA_FROM_QPI_TO_NODEx",
	"DRS_DATA_MSGS_FROM_QPI", "DRS_DataC_FROM_QPI_TO_NODEx",
	"DRS_FULL_CACHELINE_MSGS_FROM_QPI", "DRS_F_OR_E_FROM_QPI", "DRS_M_FROM_QPI",
	"DRS_PTL_CACHELINE_MSGS_FROM_QPI", "DRS_WB_FROM_QPI", "DRS_WRITE_FROM_QPI_TO_NODEx",
	"DRS_WbE_FROM_QPI", "DRS_WbI_FROM_QPI", "DRS_WbS_FROM_QPI", "INGRESS_REJ_V_INS",
	"LLC_DRD_MISS_PCT", "LLC_PCIE_DATA_BYTES", "LLC_RFO_MISS_PCT", "MEM_BW_READS",
	"MEM_BW_TOTAL", "MEM_BW_WRITES", "MEM_WB_BYTES", "NCB_DATA_FROM_QPI_TO_NODEx",
	"NCB_DATA_MSGS_FROM_QPI", "PCIE_DATA_BYTES", "PCT_CYCLES_BL_FULL", "PCT_CYCLES_CONFLICT",
	"PCT_CYCLES_CRITICAL_THROTTLE", "PCT_CYCLES_D2C_DISABLED", "PCT_CYCLES_DLOFF",
	"PCT_CYCLES_DRAM_RANKx_IN_CKE", "PCT_CYCLES_DRAM_RANKx_IN_THR", "PCT_CYCLES_PPD",
	"PCT_CYCLES_SELF_REFRESH", "PCT_FREQ_BAND0", "PCT_FREQ_BAND1", "PCT_FREQ_BAND2",
	"PCT_FREQ_BAND3", "PCT_FREQ_CURRENT_LTD", "PCT_FREQ_OS_LTD", "PCT_FREQ_POWER_LTD",
	"PCT_FREQ_THERMAL_LTD", "PCT_LINK_FULL_POWER_CYCLES", "PCT_LINK_HALF_DISABLED_CYCLES",
	"PCT_LINK_SHUTDOWN_CYCLES", "PCT_RD_REQUESTS", "PCT_REQUESTS_PAGE_EMPTY",
	"PCT_REQUESTS_PAGE_HIT", "PCT_REQUESTS_PAGE_MISS", "PCT_WR_REQUESTS", "QPI_LINK_UTIL",
	"RING_THRU_DNEVEN_BYTES", "RING_THRU_DNODD_BYTES", "RING_THRU_UPEVEN_BYTES",
	"RING_THRU_UPODD_BYTES",
	/* jkt_extra.py "extra_derived" not above (9) */
	"AVG_LLC_DATA_READ_MISS_LATENCY", "DIMM_SPEED", "LLC_DDIO_MEM_READ_BYTES",
	"LLC_DDIO_MEM_TOTAL_BYTES", "LLC_DDIO_MEM_WRITE_BYTES", "LLC_PCIE_MEM_READ_BYTES",
	"LLC_PCIE_MEM_TOTAL_BYTES", "LLC_PCIE_MEM_WRITE_BYTES", "QPI_SPEED",
	/* the guide's tables, not above (11) */
	"AVG_TOR_DRD_LOC_MISS_LATENCY", "AVG_TOR_DRD_REM_MISS_LATENCY", "CYC_FREQ_CURRENT_LTD",
	"CYC_FREQ_OS_LTD", "CYC_FREQ_POWER_LTD", "CYC_FREQ_THERMAL_LTD", "CYC_INGRESS_STARVED",
	"LLC_DRD_RFO_MISS_TO_LOC_MEM", "LLC_DRD_RFO_MISS_TO_REM_MEM", "LLC_MPI",
	"PCT_LINK_CRC_RETRY_CYCLES",
};

static const char *const ivbep_names[] = {
	/* ivt_uc.py "derived" (77 names) */
	"AVG_INGRESS_DEPTH", "AVG_INGRESS_LATENCY", "AVG_INGRESS_LATENCY_WHEN_NE",
	"AVG_TOR_DRDS_MISS_WHEN_NE", "AVG_TOR_DRDS_WHEN_NE", "AVG_TOR_DRD_HIT_LATENCY",
	"AVG_TOR_DRD_LATENCY", "AVG_TOR_DRD_LOC_MISS_LATENCY", "AVG_TOR_DRD_MISS_LATENCY",
	"AVG_TOR_DRD_REM_MISS_LATENCY", "CYC_INGRESS_BLOCKED", "CYC_USED_DN", "CYC_USED_UP",
	"DATA_FROM_QPI", "DATA_FROM_QPI_TO_HA_OR_IIO", "DATA_FROM_QPI_TO_LLC",
	"DATA_FROM_QPI_TO_NODEx", "DRS_DATA_MSGS_FROM_QPI", "DRS_DataC_FROM_QPI_TO_NODEx",
	"DRS_DataC_M_FROM_QPI", "DRS_FULL_CACHELINE_MSGS_FROM_QPI", "DRS_F_OR_E_FROM_QPI",
	"DRS_M_FROM_QPI", "DRS_PTL_CACHELINE_MSGS_FROM_QPI", "DRS_WB_FROM_QPI",
	"DRS_WRITE_FROM_QPI_TO_NODEx", "DRS_WbE_FROM_QPI", "DRS_WbI_FROM_QPI", "DRS_WbS_FROM_QPI",
	"FAST_STR_LLC_MISS", "FAST_STR_LLC_REQ", "INGRESS_REJ_V_INS", "IO_READ_BW", "IO_WRITE_BW",
	"LLC_DRD_MISS_PCT", "LLC_DRD_RFO_MISS_TO_LOC_MEM", "LLC_DRD_RFO_MISS_TO_REM_MEM",
	"LLC_PCIE_DATA_BYTES", "LLC_RFO_MISS_PCT", "MEM_BW_READS", "MEM_BW_TOTAL", "MEM_BW_WRITES",
	"MEM_WB_BYTES", "NCB_DATA_FROM_QPI_TO_NODEx", "NCB_DATA_MSGS_FROM_QPI",
	"PARTIAL_PCI_READS", "PARTIAL_PCI_WRITES", "PCIE_DATA_BYTES", "PCT_CYCLES_BL_FULL",
	"PCT_CYCLES_CRITICAL_THROTTLE", "PCT_CYCLES_D2C_DISABLED", "PCT_CYCLES_DLLOFF",
	"PCT_CYCLES_DRAM_RANKx_IN_CKE", "PCT_CYCLES_DRAM_RANKx_IN_THR", "PCT_CYCLES_PPD",
	"PCT_CYCLES_SELF_REFRESH", "PCT_CYC_FREQ_CURRENT_LTD", "PCT_CYC_FREQ_OS_LTD",
	"PCT_CYC_FREQ_POWER_LTD", "PCT_CYC_FREQ_THERMAL_LTD", "PCT_LINK_FULL_POWER_CYCLES",
	"PCT_LINK_HALF_DISABLED_CYCLES", "PCT_LINK_SHUTDOWN_CYCLES", "PCT_RD_REQUESTS",
	"PCT_REQUESTS_PAGE_EMPTY", "PCT_REQUESTS_PAGE_HIT", "PCT_REQUESTS_PAGE_MISS",
	"PCT_WR_REQUESTS", "QPI_DATA_BW", "QPI_LINK_BW", "QPI_LINK_UTIL", "QPI_SPEED",
	"RING_THRU_DN_BYTES", "RING_THRU_UP_BYTES", "STREAMED_FULL_STORES", "STREAMED_PART_STORES",
	"UC_READS",
	/* jkt_extra.py "extra_derived" not above (12) */
	"AVG_LLC_DATA_READ_MISS_LATENCY", "DIMM_SPEED", "LLC_DDIO_MEM_READ_BYTES",
	"LLC_DDIO_MEM_TOTAL_BYTES", "LLC_DDIO_MEM_WRITE_BYTES", "LLC_PCIE_MEM_READ_BYTES",
	"LLC_PCIE_MEM_TOTAL_BYTES", "LLC_PCIE_MEM_WRITE_BYTES", "PCT_FREQ_BAND0", "PCT_FREQ_BAND1",
	"PCT_FREQ_BAND2", "PCT_FREQ_BAND3",
};

#define NEEDS_OWN_NODE                                                                     \
	"needs the socket's own node id in the CBo node filter (pmu-tools nid=my_node or "  \
	"other_nodes), a value that differs by socket, which one formula's specs cannot carry; " \
	"Sandy Bridge-EP's TOR has no local/remote unit masks (Ivy Bridge-EP's has them)"

static const struct left_out snbep_left_out[] = {
	{ "LLC_MPI", "needs core instructions retired (INST_RETIRED, 000:818-833): upmon counts the "
		     "uncore alone" },
	{ "AVG_TOR_DRD_LOC_MISS_LATENCY", NEEDS_OWN_NODE },
	{ "AVG_TOR_DRD_REM_MISS_LATENCY", NEEDS_OWN_NODE },
	{ "LLC_DRD_RFO_MISS_TO_LOC_MEM", NEEDS_OWN_NODE },
	{ "LLC_DRD_RFO_MISS_TO_REM_MEM", NEEDS_OWN_NODE },
	{ "PCT_LINK_CRC_RETRY_CYCLES", "its equation is lost in the guide (000:3722-3724) and no public "
				       "source gives one for Sandy Bridge-EP, whose QPI events count no "
				       "cycles in link-level retry (RxL_CRC_ERRORS counts errors)" },
};

/* Nothing on Ivy Bridge-EP. (ivt_uc.py listed CBO.LLC_MPI until pmu-tools commit 947d351
 * dropped it; it would be left out as on Sandy Bridge-EP.) */
static const struct left_out ivbep_left_out[] = { { NULL, NULL } };

/* 1 when name (with x standing for 0-7 in RANKx or NODEx) is a metric or alias of p. */
static int resolves(const struct upm_platform *p, const char *name)
{
	const char *x = strstr(name, "RANKx");
	x = x ? x : strstr(name, "NODEx");
	if (!x)
		return upm_metric_find(p, name) != NULL;
	for (unsigned v = 0; v < 8; v++) {
		char each[80];
		upm_snprintf(each, sizeof each, "%.*s%u%s", (int)(x + 4 - name), name, v, x + 5);
		if (!upm_metric_find(p, each))
			return 0;
	}
	return 1;
}

static const char *why_left_out(const struct left_out *lo, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n && lo[i].name; i++)
		if (!strcmp(lo[i].name, name))
			return lo[i].why;
	return NULL;
}

static void check_list(const char *platform, const char *const *names, unsigned n, const struct left_out *lo,
		       unsigned n_lo, unsigned want_n)
{
	const struct upm_platform *p = upm_platform_by_name(platform);
	unsigned found = 0;
	CHECK_EQ(n, want_n);
	for (unsigned i = 0; i < n; i++) {
		int ok = resolves(p, names[i]);
		const char *why = why_left_out(lo, n_lo, names[i]);
		found += (unsigned)ok;
		if (!ok && !why)
			upm_test_fail(__FILE__, __LINE__, "%s: %s resolves to no metric and is not left out", platform,
				      names[i]);
		if (ok && why)
			upm_test_fail(__FILE__, __LINE__, "%s: %s is left out but resolves", platform, names[i]);
		for (unsigned k = 0; k < i; k++)
			if (!strcmp(names[k], names[i]))
				upm_test_fail(__FILE__, __LINE__, "%s: %s twice in the list", platform, names[i]);
	}
	for (unsigned i = 0; i < n_lo && lo[i].name; i++) {
		int listed = 0;
		for (unsigned k = 0; k < n; k++)
			listed |= !strcmp(names[k], lo[i].name);
		CHECK(listed && lo[i].why && lo[i].why[0]);
	}
	if (found * 10 < n * 9)
		upm_test_fail(__FILE__, __LINE__, "%s: %u of %u ucevent names resolve, under 90%%", platform, found, n);
}

TEST(ucevent_names_snbep)
{
	check_list("snbep", snbep_names, UPM_ARRAY_LEN(snbep_names), snbep_left_out, UPM_ARRAY_LEN(snbep_left_out),
		   89);
}

TEST(ucevent_names_ivbep)
{
	check_list("ivbep", ivbep_names, UPM_ARRAY_LEN(ivbep_names), ivbep_left_out, UPM_ARRAY_LEN(ivbep_left_out),
		   89);
}

/* A name upmon had under another name is an alias of it: the same metric. */
TEST(ucevent_names_aliases)
{
	static const struct {
		const char *platform, *alias, *metric;
	} a[] = {
		{ "snbep", "PCT_FREQ_THERMAL_LTD", "CYC_FREQ_THERMAL_LTD" },
		{ "snbep", "PCT_FREQ_CURRENT_LTD", "CYC_FREQ_CURRENT_LTD" },
		{ "ivbep", "PCT_CYC_FREQ_OS_LTD", "CYC_FREQ_OS_LTD" },
		{ "ivbep", "PCT_CYC_FREQ_POWER_LTD", "CYC_FREQ_POWER_LTD" },
		{ "ivbep", "PCT_CYCLES_DLLOFF", "PCT_CYCLES_DLOFF" },
		{ "snbep", "AVG_LLC_DATA_READ_MISS_LATENCY", "AVG_TOR_DRD_MISS_LATENCY" },
		{ "ivbep", "DRS_DataC_M_FROM_QPI", "DRS_M_FROM_QPI" },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(a); i++) {
		const struct upm_metric *m = upm_metric_find(upm_platform_by_name(a[i].platform), a[i].alias);
		CHECK(m && !strcmp(m->name, a[i].metric));
	}
}

/* The guide's NODEx: x is the destination node in MATCH0 17:13 (000:3513), the rest of
 * each term as for node 0. */
TEST(ucevent_names_node_match)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	for (unsigned x = 0; x < 8; x++) {
		char name[64], want[80];
		upm_snprintf(name, sizeof name, "DRS_DataC_FROM_QPI_TO_NODE%u", x);
		const struct upm_metric *m = upm_metric_find(p, name);
		upm_snprintf(want, sizeof want, "qpi/CTO_COUNT,match0=0x%x,mask0=0x3ff80/ * 64 / SECONDS", 0x1c00u | x << 13);
		CHECK(m && m->formula && !strcmp(m->formula, want));
		upm_snprintf(name, sizeof name, "NCB_DATA_FROM_QPI_TO_NODE%u", x);
		m = upm_metric_find(p, name);
		upm_snprintf(want, sizeof want, "match0=0x%x,mask0=0x3fe00/ - qpi/CTO_COUNT,match0=0x%x,", 0x1800u | x << 13,
			     0x1900u | x << 13);
		CHECK(m && m->formula && strstr(m->formula, want));
	}
}

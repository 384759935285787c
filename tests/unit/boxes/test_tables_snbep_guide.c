/* The Sandy Bridge-EP tables against the guide's summary tables and field definitions,
 * value by value (327043-001, seed /work/shared/seeds/000_b315dbf0b9943fe1.txt, cited as
 * 000:LINE). The summary rows run their cells together as CODE [EXTRA-SELECT-BIT] CTRS
 * MAX; each row below is one such row, split. */
#include <string.h>
#include "tests/unit/test.h"
#include "tests/unit/lookup.h"
#include "core/events/spec.h"

static const struct upm_box_type *box(const char *name)
{
	return box_named("snbep", name);
}

/* One summary row: event, code, extra select bit, counter mask, max increment. */
struct row {
	const char *name;
	uint16_t code;
	uint8_t ext, counters, max_inc;
	unsigned line;
};

static void check_rows(const char *box_name, const struct row *rows, unsigned n)
{
	const struct upm_box_type *t = box(box_name);
	for (unsigned i = 0; t && i < n; i++) {
		const struct row *r = &rows[i];
		const struct upm_event_def *e = upm_event_find(t, r->name);
		if (!e) {
			upm_test_fail(__FILE__, __LINE__, "%s/%s (000:%u): missing", box_name, r->name, r->line);
			continue;
		}
		if (e->code != r->code || e->ext != r->ext || e->counters != r->counters ||
		    e->max_inc != r->max_inc)
			upm_test_fail(__FILE__, __LINE__,
				      "%s/%s (000:%u): code 0x%x ext %u ctrs 0x%x max %u, guide 0x%x %u 0x%x %u",
				      box_name, r->name, r->line, e->code, e->ext, e->counters, e->max_inc,
				      r->code, r->ext, r->counters, r->max_inc);
	}
}

/* One unit mask: event.umask and its value from the "bxxxxxxx1" pattern. */
struct um {
	const char *event, *umask;
	uint8_t value;
	unsigned line;
};

static void check_umasks(const char *box_name, const struct um *ums, unsigned n)
{
	const struct upm_box_type *t = box(box_name);
	for (unsigned i = 0; t && i < n; i++) {
		const struct upm_event_def *e = upm_event_find(t, ums[i].event);
		const struct upm_umask *u = e ? upm_umask_find(e, ums[i].umask) : NULL;
		if (!u || u->value != ums[i].value)
			upm_test_fail(__FILE__, __LINE__, "%s/%s.%s (000:%u): 0x%x, guide 0x%x", box_name,
				      ums[i].event, ums[i].umask, ums[i].line, u ? u->value : 0xFFFu,
				      ums[i].value);
	}
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

TEST(snbep_guide_cbo_events)
{
	/* Table 2-14 sheet 1 (000:709-724); sheet 2 is lost, the rest from the list. */
	static const struct row rows[] = {
		{ "CLOCKTICKS", 0x00, 0, 0xF, 1, 709 },
		{ "TxR_INSERTS", 0x02, 0, 0x3, 1, 710 },
		{ "TxR_ADS_USED", 0x04, 0, 0x3, 1, 711 },
		{ "RING_BOUNCES", 0x05, 0, 0x3, 1, 712 },
		{ "RING_SRC_THRTL", 0x07, 0, 0x3, 1, 713 },
		{ "RxR_OCCUPANCY", 0x11, 0, 0x1, 20, 714 },
		{ "RxR_EXT_STARVED", 0x12, 0, 0x3, 1, 715 },
		{ "RxR_INSERTS", 0x13, 0, 0x3, 1, 716 },
		{ "RING_AD_USED", 0x1B, 0, 0xC, 1, 717 },
		{ "RING_AK_USED", 0x1C, 0, 0xC, 1, 718 },
		{ "RING_BL_USED", 0x1D, 0, 0xC, 1, 719 },
		{ "RING_IV_USED", 0x1E, 0, 0xC, 1, 720 },
		{ "COUNTER0_OCCUPANCY", 0x1F, 0, 0xE, 20, 721 },
		{ "ISMQ_DRD_MISS_OCC", 0x21, 0, 0x3, 20, 722 },
		{ "RxR_IPQ_RETRY", 0x31, 0, 0x3, 1, 723 },
		{ "RxR_IRQ_RETRY", 0x32, 0, 0x3, 1, 724 },
		{ "RxR_ISMQ_RETRY", 0x33, 0, 0x3, 1, 1207 },
		{ "LLC_LOOKUP", 0x34, 0, 0x3, 1, 863 },
		{ "TOR_INSERTS", 0x35, 0, 0x3, 1, 1265 },
		{ "TOR_OCCUPANCY", 0x36, 0, 0x1, 20, 1350 },
		{ "LLC_VICTIMS", 0x37, 0, 0x3, 1, 905 },
		{ "MISC", 0x39, 0, 0x3, 1, 929 },
	};
	static const struct um ums[] = {
		{ "LLC_LOOKUP", "DATA_READ", 0x03, 876 }, { "LLC_LOOKUP", "WRITE", 0x05, 877 },
		{ "LLC_LOOKUP", "REMOTE_SNOOP", 0x09, 878 }, { "LLC_LOOKUP", "NID", 0x41, 879 },
		{ "LLC_VICTIMS", "M_STATE", 0x01, 911 }, { "LLC_VICTIMS", "E_STATE", 0x02, 912 },
		{ "LLC_VICTIMS", "S_STATE", 0x04, 920 }, { "LLC_VICTIMS", "MISS", 0x08, 921 },
		{ "LLC_VICTIMS", "NID", 0x40, 922 },
		{ "MISC", "RSPI_WAS_FSE", 0x01, 934 }, { "MISC", "WC_ALIASING", 0x02, 935 },
		{ "MISC", "STARTED", 0x04, 936 }, { "MISC", "RFO_HIT_S", 0x08, 937 },
		{ "RING_AD_USED", "UP_EVEN", 0x01, 973 }, { "RING_AD_USED", "DOWN_ODD", 0x08, 976 },
		{ "RING_AK_USED", "UP_ODD", 0x02, 1000 }, { "RING_BL_USED", "DOWN_EVEN", 0x04, 1029 },
		{ "RING_BOUNCES", "AK_CORE", 0x02, 1045 }, { "RING_BOUNCES", "BL_CORE", 0x04, 1046 },
		{ "RING_BOUNCES", "IV_CORE", 0x08, 1047 }, { "RING_IV_USED", "ANY", 0x0F, 1064 },
		{ "RxR_EXT_STARVED", "IRQ", 0x01, 1086 }, { "RxR_EXT_STARVED", "IPQ", 0x02, 1087 },
		{ "RxR_EXT_STARVED", "ISMQ", 0x04, 1088 }, { "RxR_EXT_STARVED", "ISMQ_BIDS", 0x08, 1089 },
		{ "RxR_IPQ_RETRY", "ANY", 0x01, 1125 }, { "RxR_IPQ_RETRY", "FULL", 0x02, 1126 },
		{ "RxR_IPQ_RETRY", "ADDR_CONFLICT", 0x04, 1127 }, { "RxR_IPQ_RETRY", "QPI_CREDITS", 0x10, 1128 },
		{ "RxR_IRQ_RETRY", "ANY", 0x01, 1153 }, { "RxR_IRQ_RETRY", "FULL", 0x02, 1154 },
		{ "RxR_IRQ_RETRY", "ADDR_CONFLICT", 0x04, 1155 }, { "RxR_IRQ_RETRY", "RTID", 0x08, 1186 },
		{ "RxR_IRQ_RETRY", "QPI_CREDITS", 0x10, 1187 },
		{ "RxR_ISMQ_RETRY", "ANY", 0x01, 1214 }, { "RxR_ISMQ_RETRY", "FULL", 0x02, 1215 },
		{ "RxR_ISMQ_RETRY", "RTID", 0x08, 1216 }, { "RxR_ISMQ_RETRY", "QPI_CREDITS", 0x10, 1217 },
		{ "RxR_ISMQ_RETRY", "IIO_CREDITS", 0x20, 1218 },
		{ "TOR_INSERTS", "OPCODE", 0x01, 1275 }, { "TOR_INSERTS", "EVICTION", 0x04, 1276 },
		{ "TOR_INSERTS", "WB", 0x10, 1277 }, { "TOR_INSERTS", "MISS_OPCODE", 0x03, 1299 },
		{ "TOR_INSERTS", "MISS_ALL", 0x0A, 1300 }, { "TOR_INSERTS", "NID_OPCODE", 0x41, 1301 },
		{ "TOR_INSERTS", "NID_EVICTION", 0x44, 1302 }, { "TOR_INSERTS", "NID_ALL", 0x48, 1303 },
		{ "TOR_INSERTS", "NID_WB", 0x50, 1304 }, { "TOR_INSERTS", "NID_MISS_OPCODE", 0x43, 1305 },
		{ "TOR_INSERTS", "NID_MISS_ALL", 0x4A, 1306 },
		{ "TOR_OCCUPANCY", "OPCODE", 0x01, 1360 }, { "TOR_OCCUPANCY", "EVICTION", 0x04, 1361 },
		{ "TOR_OCCUPANCY", "ALL", 0x08, 1380 }, { "TOR_OCCUPANCY", "MISS_OPCODE", 0x03, 1381 },
		{ "TOR_OCCUPANCY", "MISS_ALL", 0x0A, 1382 }, { "TOR_OCCUPANCY", "NID_OPCODE", 0x41, 1383 },
		{ "TOR_OCCUPANCY", "NID_EVICTION", 0x44, 1384 }, { "TOR_OCCUPANCY", "NID_ALL", 0x48, 1385 },
		{ "TOR_OCCUPANCY", "NID_MISS_OPCODE", 0x43, 1386 },
		{ "TOR_OCCUPANCY", "NID_MISS_ALL", 0x4A, 1387 },
		{ "TxR_INSERTS", "AD_CACHE", 0x01, 1456 }, { "TxR_INSERTS", "IV_CACHE", 0x08, 1459 },
		{ "TxR_INSERTS", "AD_CORE", 0x10, 1460 }, { "TxR_INSERTS", "AK_CORE", 0x20, 1461 },
		{ "TxR_INSERTS", "BL_CORE", 0x40, 1462 },
	};
	check_rows("cbo", rows, N(rows));
	check_umasks("cbo", ums, N(ums));
	/* Filter dependencies: state for LLC_LOOKUP (000:868-873, 876-886); opcode 31:23
	 * and node id 17:10 for the TOR NID/opcode unit masks (000:1299-1320). */
	const struct upm_event_def *e = upm_event_find(box("cbo"), "LLC_LOOKUP");
	CHECK(e && (e->filter & UPM_FILT_CBO_STATE));
	e = upm_event_find(box("cbo"), "TOR_INSERTS");
	const struct upm_umask *u = e ? upm_umask_find(e, "NID_MISS_OPCODE") : NULL;
	CHECK(u && u->filter == (UPM_FILT_CBO_OPC | UPM_FILT_CBO_NID));
	u = e ? upm_umask_find(e, "NID_EVICTION") : NULL;
	CHECK(u && u->filter == UPM_FILT_CBO_NID);
}

TEST(snbep_guide_ha_events)
{
	/* Table 2-40 (000:1683-1705). */
	static const struct row rows[] = {
		{ "CLOCKTICKS", 0x00, 0, 0xF, 1, 1683 },
		{ "REQUESTS", 0x01, 0, 0xF, 1, 1684 },
		{ "TRACKER_INSERTS", 0x06, 0, 0xF, 1, 1685 },
		{ "CONFLICT_CYCLES", 0x0B, 0, 0xF, 1, 1686 },
		{ "DIRECTORY_LOOKUP", 0x0C, 0, 0xF, 1, 1687 },
		{ "DIRECTORY_UPDATE", 0x0D, 0, 0xF, 1, 1688 },
		{ "TxR_AK_NDR", 0x0E, 0, 0xF, 1, 1689 },
		{ "TxR_AD", 0x0F, 0, 0xF, 1, 1690 },
		{ "TxR_BL", 0x10, 0, 0xF, 1, 1691 },
		{ "DIRECT2CORE_COUNT", 0x11, 0, 0xF, 1, 1692 },
		{ "DIRECT2CORE_CYCLES_DISABLED", 0x12, 0, 0xF, 1, 1693 },
		{ "DIRECT2CORE_TXN_OVERRIDE", 0x13, 0, 0xF, 1, 1694 },
		{ "RPQ_CYCLES_NO_REG_CREDITS", 0x15, 0, 0xF, 4, 1695 },
		{ "WPQ_CYCLES_NO_REG_CREDITS", 0x18, 0, 0xF, 4, 1696 },
		{ "IMC_WRITES", 0x1A, 0, 0xF, 1, 1697 },
		{ "TAD_REQUESTS_G0", 0x1B, 0, 0xF, 2, 1698 },
		{ "TAD_REQUESTS_G1", 0x1C, 0, 0xF, 2, 1699 },
		{ "IMC_RETRY", 0x1E, 0, 0xF, 1, 1700 },
		{ "ADDR_OPC_MATCH", 0x20, 0, 0xF, 1, 1701 },
		{ "IGR_NO_CREDIT_CYCLES", 0x22, 0, 0xF, 1, 1702 },
		{ "TxR_AD_CYCLES_FULL", 0x2A, 0, 0xF, 1, 1703 },
		{ "TxR_AK_CYCLES_FULL", 0x32, 0, 0xF, 1, 1704 },
		{ "TxR_BL_CYCLES_FULL", 0x36, 0, 0xF, 1, 1705 },
	};
	static const struct um ums[] = {
		{ "CONFLICT_CYCLES", "NO_CONFLICT", 0x01, 1756 }, { "CONFLICT_CYCLES", "CONFLICT", 0x02, 1757 },
		{ "DIRECTORY_LOOKUP", "SNP", 0x01, 1791 }, { "DIRECTORY_LOOKUP", "NO_SNP", 0x02, 1792 },
		{ "DIRECTORY_UPDATE", "SET", 0x01, 1812 }, { "DIRECTORY_UPDATE", "CLEAR", 0x02, 1813 },
		{ "DIRECTORY_UPDATE", "ANY", 0x03, 1814 },
		{ "IGR_NO_CREDIT_CYCLES", "AD_QPI0", 0x01, 1831 }, { "IGR_NO_CREDIT_CYCLES", "BL_QPI1", 0x08, 1834 },
		{ "IMC_WRITES", "FULL", 0x01, 1855 }, { "IMC_WRITES", "PARTIAL", 0x02, 1856 },
		{ "IMC_WRITES", "FULL_ISOCH", 0x04, 1857 }, { "IMC_WRITES", "PARTIAL_ISOCH", 0x08, 1858 },
		{ "IMC_WRITES", "ALL", 0x0F, 1859 },
		{ "REQUESTS", "READS", 0x03, 1872 }, { "REQUESTS", "WRITES", 0x0C, 1873 },
		{ "RPQ_CYCLES_NO_REG_CREDITS", "CHN0", 0x01, 1895 },
		{ "RPQ_CYCLES_NO_REG_CREDITS", "CHN3", 0x08, 1898 },
		{ "TAD_REQUESTS_G0", "REGION0", 0x01, 1921 }, { "TAD_REQUESTS_G0", "REGION7", 0x80, 1928 },
		{ "TAD_REQUESTS_G1", "REGION8", 0x01, 1953 }, { "TAD_REQUESTS_G1", "REGION10", 0x04, 1964 },
		{ "TRACKER_INSERTS", "ALL", 0x03, 1982 },
		{ "TxR_AD", "NDR", 0x01, 1996 }, { "TxR_AD", "SNP", 0x02, 1997 },
		{ "TxR_AD_CYCLES_FULL", "ALL", 0x03, 2020 }, { "TxR_AK_CYCLES_FULL", "SCHED1", 0x02, 2035 },
		{ "TxR_BL", "DRS_CACHE", 0x01, 2063 }, { "TxR_BL", "DRS_CORE", 0x02, 2064 },
		{ "TxR_BL", "DRS_QPI", 0x04, 2065 }, { "TxR_BL_CYCLES_FULL", "SCHED0", 0x01, 2079 },
		{ "WPQ_CYCLES_NO_REG_CREDITS", "CHN2", 0x04, 2106 },
	};
	check_rows("ha", rows, N(rows));
	check_umasks("ha", ums, N(ums));
}

TEST(snbep_guide_imc_events)
{
	/* Table 2-64 (000:2284-2307); POWER_SELF_REFRESH's max is blank in both places. */
	static const struct row rows[] = {
		{ "ACT_COUNT", 0x01, 0, 0xF, 1, 2284 },
		{ "PRE_COUNT", 0x02, 0, 0xF, 1, 2285 },
		{ "CAS_COUNT", 0x04, 0, 0xF, 1, 2286 },
		{ "DRAM_REFRESH", 0x05, 0, 0xF, 1, 2287 },
		{ "DRAM_PRE_ALL", 0x06, 0, 0xF, 1, 2288 },
		{ "MAJOR_MODES", 0x07, 0, 0xF, 1, 2289 },
		{ "PREEMPTION", 0x08, 0, 0xF, 1, 2290 },
		{ "ECC_CORRECTABLE_ERRORS", 0x09, 0, 0xF, 1, 2291 },
		{ "RPQ_INSERTS", 0x10, 0, 0xF, 1, 2292 },
		{ "RPQ_CYCLES_NE", 0x11, 0, 0xF, 1, 2293 },
		{ "RPQ_CYCLES_FULL", 0x12, 0, 0xF, 1, 2294 },
		{ "WPQ_INSERTS", 0x20, 0, 0xF, 1, 2295 },
		{ "WPQ_CYCLES_NE", 0x21, 0, 0xF, 1, 2296 },
		{ "WPQ_CYCLES_FULL", 0x22, 0, 0xF, 1, 2297 },
		{ "WPQ_READ_HIT", 0x23, 0, 0xF, 1, 2298 },
		{ "WPQ_WRITE_HIT", 0x24, 0, 0xF, 1, 2299 },
		{ "POWER_THROTTLE_CYCLES", 0x41, 0, 0xF, 1, 2300 },
		{ "POWER_SELF_REFRESH", 0x43, 0, 0xF, 0, 2301 },
		{ "RPQ_OCCUPANCY", 0x80, 0, 0xF, 22, 2302 },
		{ "WPQ_OCCUPANCY", 0x81, 0, 0xF, 32, 2303 },
		{ "POWER_CKE_CYCLES", 0x83, 0, 0xF, 16, 2304 },
		{ "POWER_CHANNEL_DLLOFF", 0x84, 0, 0xF, 1, 2305 },
		{ "POWER_CHANNEL_PPD", 0x85, 0, 0xF, 4, 2306 },
		{ "POWER_CRITICAL_THROTTLE_CYCLES", 0x86, 0, 0xF, 1, 2307 },
	};
	static const struct um ums[] = {
		{ "CAS_COUNT", "RD_REG", 0x01, 2383 }, { "CAS_COUNT", "RD_UNDERFILL", 0x02, 2384 },
		{ "CAS_COUNT", "RD", 0x03, 2385 }, { "CAS_COUNT", "WR_WMM", 0x04, 2386 },
		{ "CAS_COUNT", "WR_RMM", 0x08, 2387 }, { "CAS_COUNT", "WR", 0x0C, 2388 },
		{ "CAS_COUNT", "ALL", 0x0F, 2389 },
		{ "DRAM_REFRESH", "PANIC", 0x02, 2430 }, { "DRAM_REFRESH", "HIGH", 0x04, 2431 },
		{ "MAJOR_MODES", "READ", 0x01, 2451 }, { "MAJOR_MODES", "ISOCH", 0x08, 2454 },
		{ "POWER_CKE_CYCLES", "RANK0", 0x01, 2505 }, { "POWER_CKE_CYCLES", "RANK7", 0x80, 2512 },
		{ "POWER_THROTTLE_CYCLES", "RANK3", 0x08, 2548 },
		{ "PREEMPTION", "RD_PREEMPT_RD", 0x01, 2570 }, { "PREEMPTION", "RD_PREEMPT_WR", 0x02, 2571 },
		{ "PRE_COUNT", "PAGE_MISS", 0x01, 2587 }, { "PRE_COUNT", "PAGE_CLOSE", 0x02, 2588 },
	};
	check_rows("imc", rows, N(rows));
	check_umasks("imc", ums, N(ums));
}

TEST(snbep_guide_pcu_events)
{
	/* Table 2-81 (000:2938-2989; the three FREQ_MAX_* rows missing there come from the
	 * list, 000:3230, 3250, 3256). */
	static const struct row rows[] = {
		{ "CLOCKTICKS", 0x00, 0, 0xF, 1, 2938 },
		{ "VOLT_TRANS_CYCLES_INCREASE", 0x01, 0, 0xF, 1, 2939 },
		{ "VOLT_TRANS_CYCLES_DECREASE", 0x02, 0, 0xF, 1, 2940 },
		{ "VOLT_TRANS_CYCLES_CHANGE", 0x03, 0, 0xF, 1, 2941 },
		{ "FREQ_MAX_LIMIT_THERMAL_CYCLES", 0x04, 0, 0xF, 1, 2942 },
		{ "FREQ_MAX_POWER_CYCLES", 0x05, 0, 0xF, 1, 3256 },
		{ "FREQ_MAX_OS_CYCLES", 0x06, 0, 0xF, 1, 3250 },
		{ "FREQ_MAX_CURRENT_CYCLES", 0x07, 0, 0xF, 1, 3230 },
		{ "PROCHOT_INTERNAL_CYCLES", 0x09, 0, 0xF, 1, 2943 },
		{ "PROCHOT_EXTERNAL_CYCLES", 0x0A, 0, 0xF, 1, 2944 },
		{ "FREQ_BAND0_CYCLES", 0x0B, 0, 0xF, 1, 2945 },
		{ "FREQ_BAND1_CYCLES", 0x0C, 0, 0xF, 1, 2946 },
		{ "FREQ_BAND2_CYCLES", 0x0D, 0, 0xF, 1, 2947 },
		{ "FREQ_BAND3_CYCLES", 0x0E, 0, 0xF, 1, 2948 },
		{ "DEMOTIONS_CORE0", 0x1E, 0, 0xF, 1, 2949 },
		{ "DEMOTIONS_CORE7", 0x25, 0, 0xF, 1, 2956 },
		{ "MEMORY_PHASE_SHEDDING_CYCLES", 0x2F, 0, 0xF, 1, 2957 },
		{ "VR_HOT_CYCLES", 0x32, 0, 0xF, 1, 2970 },
		{ "POWER_STATE_OCCUPANCY", 0x80, 0, 0xF, 8, 2971 },
		{ "FREQ_TRANS_CYCLES", 0x00, 1, 0xF, 1, 2972 },
		{ "FREQ_MIN_IO_P_CYCLES", 0x01, 1, 0xF, 1, 2973 },
		{ "FREQ_MIN_PERF_P_CYCLES", 0x02, 1, 0xF, 1, 2974 },
		{ "CORE0_TRANSITION_CYCLES", 0x03, 1, 0xF, 1, 2975 },
		{ "CORE6_TRANSITION_CYCLES", 0x09, 1, 0xF, 1, 2981 },
		{ "CORE7_TRANSITION_CYCLES", 0x0A, 1, 0xF, 1, 2988 },
		{ "TOTAL_TRANSITION_CYCLES", 0x0B, 1, 0xF, 1, 2989 },
	};
	check_rows("pcu", rows, N(rows));
	/* Filter dependencies PCUFilter[7:0] / [31:24] (000:3107, 3214): each band event needs
	 * its own byte. */
	const struct upm_event_def *e = upm_event_find(box("pcu"), "FREQ_BAND3_CYCLES");
	CHECK(e && e->filter == UPM_FILT_PCU_BAND3);
	e = upm_event_find(box("pcu"), "DEMOTIONS_CORE0");
	CHECK(e && e->filter == UPM_FILT_PCU_BAND0);
}

TEST(snbep_guide_qpi_events)
{
	/* Table 2-94 sheet 1 (000:3635-3667) and the list (000:3737-3839). */
	static const struct row rows[] = {
		{ "TxL_FLITS_G0", 0x00, 0, 0xF, 2, 3635 },
		{ "RxL_FLITS_G0", 0x01, 0, 0xF, 2, 3636 },
		{ "TxL_INSERTS", 0x04, 0, 0xF, 1, 3637 },
		{ "TxL_BYPASSED", 0x05, 0, 0xF, 1, 3638 },
		{ "TxL_CYCLES_NE", 0x06, 0, 0xF, 1, 3639 },
		{ "TxL_OCCUPANCY", 0x07, 0, 0xF, 1, 3640 },
		{ "RxL_INSERTS", 0x08, 0, 0xF, 1, 3641 },
		{ "RxL_BYPASSED", 0x09, 0, 0xF, 1, 3642 },
		{ "RxL_CYCLES_NE", 0x0A, 0, 0xF, 1, 3643 },
		{ "RxL_OCCUPANCY", 0x0B, 0, 0xF, 128, 3644 },
		{ "TxL0_POWER_CYCLES", 0x0C, 0, 0xF, 1, 3645 },
		{ "TxL0P_POWER_CYCLES", 0x0D, 0, 0xF, 1, 3646 },
		{ "RxL0_POWER_CYCLES", 0x0F, 0, 0xF, 1, 3647 },
		{ "RxL0P_POWER_CYCLES", 0x10, 0, 0xF, 1, 3648 },
		{ "L1_POWER_CYCLES", 0x12, 0, 0xF, 1, 3649 },
		{ "DIRECT2CORE", 0x13, 0, 0xF, 1, 3650 },
		{ "CLOCKTICKS", 0x14, 0, 0xF, 1, 3651 },
		{ "TxL_FLITS_G1", 0x00, 1, 0xF, 2, 3652 },
		{ "TxL_FLITS_G2", 0x01, 1, 0xF, 2, 3653 },
		{ "RxL_FLITS_G1", 0x02, 1, 0xF, 2, 3654 },
		{ "RxL_FLITS_G2", 0x03, 1, 0xF, 2, 3655 },
		{ "RxL_INSERTS_DRS", 0x09, 1, 0xF, 1, 3656 },
		{ "RxL_INSERTS_NDR", 0x0E, 1, 0xF, 1, 3661 },
		{ "RxL_OCCUPANCY_DRS", 0x15, 1, 0xF, 128, 3662 },
		{ "RxL_OCCUPANCY_NDR", 0x1A, 1, 0xF, 128, 3667 },
		{ "RxL_CREDITS_CONSUMED_VNA", 0x1D, 1, 0xF, 1, 3839 },
		{ "RxL_CREDITS_CONSUMED_VN0", 0x1E, 1, 0xF, 1, 3813 },
		{ "CTO_COUNT", 0x38, 1, 0xF, 2, 3737 },
	};
	static const struct um ums[] = {
		{ "DIRECT2CORE", "FAILURE_CREDITS_RBT", 0x08, 3754 },
		{ "RxL_CREDITS_CONSUMED_VN0", "DRS", 0x01, 3821 },
		{ "RxL_CREDITS_CONSUMED_VN0", "NCB", 0x02, 3822 },
		{ "RxL_CREDITS_CONSUMED_VN0", "NCS", 0x04, 3823 },
		{ "RxL_CREDITS_CONSUMED_VN0", "HOM", 0x08, 3824 },
		{ "RxL_CREDITS_CONSUMED_VN0", "SNP", 0x10, 3825 },
		{ "RxL_CREDITS_CONSUMED_VN0", "NDR", 0x20, 3826 },
	};
	check_rows("qpi", rows, N(rows));
	check_umasks("qpi", ums, N(ums));
}

/* Counter control fields per box: Tables 2-2 (UBox, 000:339-350), 2-10 (CBo,
 * 000:553-572), 2-35 (HA, 000:1568-1600), 2-61 (iMC, 000:2221-2242), 2-75 (PCU,
 * 000:2796-2856), 2-86 (QPI, 000:3447-3474). */
TEST(snbep_guide_ctl_layouts)
{
	const struct upm_ctl_layout *l = &box("ubox")->ctl_layout;
	CHECK_EQ(upm_field_mask(l->thresh), 0x1Full << 24); /* thresh 28:24 */
	CHECK_EQ(upm_field_mask(l->tid_en), 0);             /* rsv 19 */
	CHECK_EQ(upm_field_mask(l->rst), 1u << 17);
	CHECK_EQ(upm_field_mask(box("ubox")->fixed_en), 1u << 22); /* Table 2-4, 000:380 */

	l = &box("cbo")->ctl_layout;
	CHECK_EQ(upm_field_mask(l->thresh), 0xFFull << 24); /* thresh 31:24 */
	CHECK_EQ(upm_field_mask(l->invert) | upm_field_mask(l->en) | upm_field_mask(l->tid_en) |
			 upm_field_mask(l->edge) | upm_field_mask(l->rst),
		 (1u << 23) | (1u << 22) | (1u << 19) | (1u << 18) | (1u << 17));
	CHECK_EQ(upm_field_mask(l->umask) | upm_field_mask(l->ev_sel), 0xFFFF);

	for (int i = 0; i < 2; i++) {
		l = &box(i ? "imc" : "ha")->ctl_layout;
		CHECK_EQ(upm_field_mask(l->thresh), 0xFFull << 24);
		CHECK_EQ(upm_field_mask(l->rst), 0);    /* rsv 17:16 */
		CHECK_EQ(upm_field_mask(l->tid_en), 0); /* rsv 19 */
		CHECK_EQ(upm_field_mask(l->edge) | upm_field_mask(l->en) | upm_field_mask(l->invert),
			 (1u << 18) | (1u << 22) | (1u << 23));
	}

	l = &box("pcu")->ctl_layout;
	CHECK_EQ(upm_field_mask(l->occ_edge), 1ull << 31);   /* occ_edge_det 31 */
	CHECK_EQ(upm_field_mask(l->occ_invert), 1ull << 30); /* occ_invert 30 */
	CHECK_EQ(upm_field_mask(l->thresh), 0x1Full << 24);  /* thresh 28:24 */
	CHECK_EQ(upm_field_mask(l->occ_sel), 3u << 14);      /* occ_sel 15:14 */
	CHECK_EQ(upm_field_mask(l->umask), 0);               /* rsv 13:8 */
	CHECK_EQ(upm_field_mask(l->rst), 1u << 17);

	l = &box("qpi")->ctl_layout;
	CHECK_EQ(upm_field_mask(l->ev_sel_ext), 1u << 21); /* ev_sel_ext 21 */
	CHECK_EQ(upm_field_mask(l->thresh), 0xFFull << 24);
	CHECK_EQ(upm_field_mask(l->rst), 1u << 17);
}

/* Filter and match registers: CBo Table 2-12 (000:608-629, with the umask tables'
 * CBoFilter[17:10] and [31:23]), HA Tables 2-37..2-39 (000:1616-1646), PCU Table 2-77
 * (000:2872-2878), QPI Table 2-84 (000:3414-3417). */
TEST(snbep_guide_filters)
{
	const struct upm_box_type *t = box("cbo");
	static const struct {
		const char *term;
		uint64_t mask;
	} cbo[] = {
		{ "filter_nid", 0xFFull << 10 }, { "filter_state", 0x1Full << 18 },
		{ "filter_opc", 0x1FFull << 23 },
	};
	for (unsigned i = 0; t && i < N(cbo); i++) {
		int found = 0;
		for (unsigned f = 0; f < t->n_filters; f++)
			if (!strcmp(t->filters[f].term, cbo[i].term)) {
				found = 1;
				CHECK_EQ(upm_field_mask(t->filters[f].field), cbo[i].mask);
			}
		CHECK(found);
	}
	t = box("ha");
	CHECK_EQ(t->filter_regs[0], 0x40); /* ADDRMATCH0, 000:1533 */
	CHECK_EQ(t->filter_regs[1], 0x44); /* ADDRMATCH1, 000:1532 */
	CHECK_EQ(t->filter_regs[2], 0x48); /* OPCODEMATCH, 000:1531 */
	CHECK_EQ(upm_field_mask(t->filters[0].field), 0xFFFFFFC0u); /* lo_addr 31:6 */
	CHECK_EQ(upm_field_mask(t->filters[1].field), 0x3FFFu);     /* hi_addr 13:0 */
	CHECK_EQ(upm_field_mask(t->filters[2].field), 0x3Fu);       /* opc 5:0 */
	t = box("pcu");
	CHECK_EQ(t->n_filters, 4);
	for (unsigned i = 0; i < 4 && i < t->n_filters; i++)
		CHECK_EQ(upm_field_mask(t->filters[i].field), 0xFFull << (8 * i));
	t = box("qpi");
	CHECK_EQ(t->filter_regs[0], 0x228); /* PKT_MATCH0 */
	CHECK_EQ(t->filter_regs[1], 0x22C); /* PKT_MATCH1 */
	CHECK_EQ(t->filter_regs[2], 0x238); /* PKT_MASK0 */
	CHECK_EQ(t->filter_regs[3], 0x23C); /* PKT_MASK1 */
	CHECK_STR(t->filters[0].term, "match0");
	CHECK_STR(t->filters[2].term, "mask0");
}

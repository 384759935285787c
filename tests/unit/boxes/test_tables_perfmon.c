/* The events taken from Intel's perfmon uncore event files (JKT for Sandy Bridge-EP, IVT
 * for Ivy Bridge-EP, SKL for Skylake client) where the guides have none: literal
 * encodings (event select, unit mask, extra select bit, enable bit 22) and counter masks
 * of a sample per box, transcribed from the files, and the number of events and of
 * event.unit-mask entries per box, so a dropped or duplicated entry fails. */
#include "tests/unit/test.h"
#include "core/events/spec.h"

static const struct upm_box_type *pbox(const char *platform, const char *name)
{
	const struct upm_box_type *t = upm_platform_box(upm_platform_by_name(platform), name);
	if (!t)
		upm_test_fail(__FILE__, __LINE__, "no box %s on %s", name, platform);
	return t;
}

/* The control value and counter mask a spec programs; ~0 when it does not parse. */
static uint64_t ctl(const char *platform, const char *text, unsigned *counters)
{
	struct upm_spec sp;
	char err[200];
	if (upm_spec_parse(upm_platform_by_name(platform), text, &sp, err, sizeof err) < 0) {
		upm_test_fail(__FILE__, __LINE__, "%s: %s", text, err);
		return ~0ull;
	}
	*counters = sp.counters;
	return sp.ctl;
}

#define EXPECT_CTL(platform, text, value, ctrs)                                  \
	do {                                                                     \
		unsigned c_ = 0;                                                 \
		CHECK_EQ(ctl(platform, text, &c_), (uint64_t)(value));           \
		CHECK_EQ(c_, (unsigned)(ctrs));                                  \
	} while (0)

/* Events and event.unit-mask entries (an event without unit masks is one entry). */
static void expect_counts(const char *platform, const char *name, unsigned n_events, unsigned n_entries)
{
	const struct upm_box_type *t = pbox(platform, name);
	if (!t)
		return;
	unsigned entries = 0;
	for (unsigned i = 0; i < *t->n_events; i++)
		entries += t->events[i].n_umasks ? t->events[i].n_umasks : 1;
	if (*t->n_events != n_events || entries != n_entries)
		upm_test_fail(__FILE__, __LINE__, "%s/%s: %u events, %u entries; want %u, %u", platform,
			      name, *t->n_events, entries, n_events, n_entries);
}

TEST(snbep_perfmon_event_counts)
{
	/* Before the JKT additions: cbo 22/88, ha 23/60, qpi 36/67 (+3 DIRECT2CORE umasks). */
	expect_counts("snbep", "cbo", 25, 97);
	expect_counts("snbep", "ha", 38, 109);
	expect_counts("snbep", "qpi", 41, 84);
	expect_counts("snbep", "imc", 25, 51);
	expect_counts("snbep", "pcu", 37, 37);
	expect_counts("snbep", "r2pcie", 13, 36);
	expect_counts("snbep", "r3qpi", 18, 63);
	expect_counts("snbep", "ubox", 8, 24);
}

TEST(snbep_perfmon_event_encodings)
{
	/* HA (JKT Unit "HA", counters 0-3). */
	EXPECT_CTL("snbep", "ha/BYPASS_IMC.TAKEN/", 0x400114, 0xF);
	EXPECT_CTL("snbep", "ha/BYPASS_IMC.NOT_TAKEN/", 0x400214, 0xF);
	EXPECT_CTL("snbep", "ha/RING_AD_USED.CCW_ODD/", 0x40083E, 0xF);
	EXPECT_CTL("snbep", "ha/RING_AK_USED.CW_EVEN/", 0x40013F, 0xF);
	EXPECT_CTL("snbep", "ha/RING_BL_USED.CCW_EVEN/", 0x400440, 0xF);
	EXPECT_CTL("snbep", "ha/RPQ_CYCLES_NO_SPEC_CREDITS.CHN2/", 0x400416, 0xF);
	EXPECT_CTL("snbep", "ha/WPQ_CYCLES_NO_SPEC_CREDITS.CHN3/", 0x400819, 0xF);
	EXPECT_CTL("snbep", "ha/TxR_AD_CYCLES_NE.ALL/", 0x400329, 0xF);
	EXPECT_CTL("snbep", "ha/TxR_AD_INSERTS.SCHED1/", 0x400227, 0xF);
	EXPECT_CTL("snbep", "ha/TxR_AD_OCCUPANCY.SCHED0/", 0x400128, 0xF);
	EXPECT_CTL("snbep", "ha/TxR_AK_CYCLES_NE.SCHED0/", 0x400131, 0xF);
	EXPECT_CTL("snbep", "ha/TxR_AK_INSERTS.ALL/", 0x40032F, 0xF);
	EXPECT_CTL("snbep", "ha/TxR_AK_OCCUPANCY.SCHED1/", 0x400230, 0xF);
	EXPECT_CTL("snbep", "ha/TxR_BL_CYCLES_NE.SCHED1/", 0x400235, 0xF);
	EXPECT_CTL("snbep", "ha/TxR_BL_INSERTS.ALL/", 0x400333, 0xF);
	EXPECT_CTL("snbep", "ha/TxR_BL_OCCUPANCY.ALL/", 0x400334, 0xF);
	/* CBo (Unit "CBO", counters 0-1). */
	EXPECT_CTL("snbep", "cbo/RING_SINK_STARVED.AD_CACHE/", 0x400106, 0x3);
	EXPECT_CTL("snbep", "cbo/RING_SINK_STARVED.IV_CORE/", 0x400806, 0x3);
	EXPECT_CTL("snbep", "cbo/RxR_INT_STARVED.IPQ/", 0x400414, 0x3);
	EXPECT_CTL("snbep", "cbo/RxR_INT_STARVED.ISMQ/", 0x400814, 0x3);
	EXPECT_CTL("snbep", "cbo/TxR_STARVED.AK/", 0x400203, 0x3);
	EXPECT_CTL("snbep", "cbo/TxR_STARVED.BL/", 0x400403, 0x3);
	/* QPI (Unit "QPI LL", counters 0-3; ExtSel is bit 21). */
	EXPECT_CTL("snbep", "qpi/DIRECT2CORE.SUCCESS/", 0x400113, 0xF);
	EXPECT_CTL("snbep", "qpi/DIRECT2CORE.FAILURE_RBT/", 0x400413, 0xF);
	EXPECT_CTL("snbep", "qpi/RxL_CRC_ERRORS.NORMAL_OP/", 0x400203, 0xF);
	EXPECT_CTL("snbep", "qpi/RxL_STALLS.BGF_HOM/", 0x400835, 0xF);
	EXPECT_CTL("snbep", "qpi/RxL_STALLS.GV/", 0x408035, 0xF);
	EXPECT_CTL("snbep", "qpi/TxL_CRC_NO_CREDITS.ALMOST_FULL/", 0x400202, 0xF);
	EXPECT_CTL("snbep", "qpi/VNA_CREDIT_RETURNS/", 0x60001C, 0xF);
	EXPECT_CTL("snbep", "qpi/VNA_CREDIT_RETURN_OCCUPANCY/", 0x60001B, 0xF);
}

TEST(ivbep_perfmon_event_counts)
{
	/* Before the IVT block additions: cbo 24/141, ha 52/182, imc 44/195, r3qpi 26/119,
	 * irp 27/37. Before the guide's RING_BOUNCES (AD_IRQ/AK/BL/IV for AK_CORE/BL_CORE/
	 * IV_CORE) and DIRECTORY_UPDATE (SET/CLEAR for I2S) tables: cbo 25/151, ha 53/191. */
	expect_counts("ivbep", "cbo", 25, 152);
	expect_counts("ivbep", "ha", 53, 192);
	expect_counts("ivbep", "imc", 45, 198);
	expect_counts("ivbep", "pcu", 71, 71);
	expect_counts("ivbep", "qpi", 63, 153);
	expect_counts("ivbep", "r2pcie", 16, 60);
	expect_counts("ivbep", "r3qpi", 26, 125);
	expect_counts("ivbep", "irp", 27, 38);
	expect_counts("ivbep", "ubox", 7, 21);
}

TEST(ivbep_perfmon_event_encodings)
{
	EXPECT_CTL("ivbep", "cbo/RING_SINK_STARVED.AD_IPQ/", 0x400206, 0x3);
	EXPECT_CTL("ivbep", "cbo/RING_SINK_STARVED.IV/", 0x401006, 0x3);
	EXPECT_CTL("ivbep", "cbo/RxR_EXT_STARVED.PRQ/", 0x400412, 0x3);
	EXPECT_CTL("ivbep", "cbo/RING_AD_USED.CW/", 0x40031B, 0xC);
	EXPECT_CTL("ivbep", "cbo/RING_BL_USED.CCW/", 0x400C1D, 0xC);
	/* The match registers are filter registers: the control value is the same. */
	EXPECT_CTL("ivbep", "ha/ADDR_OPC_MATCH.AK,filter_opc=0x1/", 0x401020, 0xF);
	EXPECT_CTL("ivbep", "ha/ADDR_OPC_MATCH.ADDR,filter_addr_lo=0x1/", 0x400120, 0xF);
	EXPECT_CTL("ivbep", "ha/BT_TO_HT_NOT_ISSUED.WBMDATA_HAZARD/", 0x401051, 0xF);
	EXPECT_CTL("ivbep", "ha/DIRECTORY_LOOKUP.SNOOP_S/", 0x40020C, 0xF);
	EXPECT_CTL("ivbep", "ha/TxR_AD.HOM/", 0x40040F, 0xF);
	EXPECT_CTL("ivbep", "imc/ACT_COUNT.BYP/", 0x400801, 0xF);
	EXPECT_CTL("ivbep", "imc/PRE_COUNT.BYP/", 0x401002, 0xF);
	EXPECT_CTL("ivbep", "imc/POWER_PCU_THROTTLING/", 0x400042, 0xF);
	EXPECT_CTL("ivbep", "r3qpi/RING_AK_USED.CW/", 0x403308, 0x7);
	EXPECT_CTL("ivbep", "r3qpi/RING_BL_USED.CCW/", 0x40CC09, 0x7);
	/* perfmon "0,1" per IRP sub-unit; both sub-units' counters (events_irp.c). */
	EXPECT_CTL("ivbep", "irp/TRANSACTIONS.RD_PREFETCHES/", 0x400415, 0xF);
}

TEST(skl_perfmon_event_counts)
{
	expect_counts("skl", "arb", 3, 8); /* 5 from the guide's Table 3-2, 3 from SKL */
	expect_counts("skl", "cbo", 2, 14);
}

TEST(skl_perfmon_arb_events)
{
	/* 0x80/0x02 counter 0; 0x81/0x02 counters 0-1 under two names. */
	EXPECT_CTL("skl", "arb/TRK_OCCUPANCY.DATA_READ/", 0x400280, 0x1);
	EXPECT_CTL("skl", "arb/TRK_REQUESTS.DATA_READ/", 0x400281, 0x3);
	EXPECT_CTL("skl", "arb/TRK_REQUESTS.DRD_DIRECT/", 0x400281, 0x3);
}

/* The value a parsed spec gives a filter term (match0, occ_sel is in the control); ~0
 * when the spec does not set it. */
static uint64_t filter_value(const char *platform, const char *text, const char *term)
{
	struct upm_spec sp;
	char err[200];
	if (upm_spec_parse(upm_platform_by_name(platform), text, &sp, err, sizeof err) < 0) {
		upm_test_fail(__FILE__, __LINE__, "%s: %s", text, err);
		return ~0ull;
	}
	for (unsigned i = 0; i < sp.n_filters; i++)
		if (strcmp(sp.filters[i].field->term, term) == 0)
			return sp.filters[i].value;
	return ~0ull;
}

#define EXPECT_QPI_MSG(name, m0, k0, m1, k1)                                       \
	do {                                                                       \
		EXPECT_CTL("ivbep", "UNC_Q_MESSAGE." name, 0x600038, 0xF);         \
		CHECK_EQ(filter_value("ivbep", "UNC_Q_MESSAGE." name, "match0"), m0); \
		CHECK_EQ(filter_value("ivbep", "UNC_Q_MESSAGE." name, "mask0"), k0);  \
		CHECK_EQ(filter_value("ivbep", "UNC_Q_MESSAGE." name, "match1"), m1); \
		CHECK_EQ(filter_value("ivbep", "UNC_Q_MESSAGE." name, "mask1"), k1);  \
	} while (0)

TEST(ivbep_perfmon_guide_and_second_name_encodings)
{
	/* CBo RING_BOUNCES per 329468-002 Table 2-25 (perfmon's block: 0x05, counters 0-1). */
	EXPECT_CTL("ivbep", "UNC_C_RING_BOUNCES.AD_IRQ", 0x400205, 0x3);
	EXPECT_CTL("ivbep", "UNC_C_RING_BOUNCES.AK", 0x400405, 0x3);
	EXPECT_CTL("ivbep", "UNC_C_RING_BOUNCES.BL", 0x400805, 0x3);
	EXPECT_CTL("ivbep", "cbo/RING_BOUNCES.IV/", 0x401005, 0x3);
	/* Second names: perfmon RxR_INSERTS.IRQ_REJ 0x13/0x02 counters 0-1, RxR_OCCUPANCY
	 * 0x11/0x02 counter 0. */
	EXPECT_CTL("ivbep", "UNC_C_RxR_INSERTS.IRQ_REJ", 0x400213, 0x3);
	EXPECT_CTL("ivbep", "UNC_C_RxR_OCCUPANCY.IRQ_REJ", 0x400211, 0x1);
	/* HA DIRECTORY_UPDATE per Table 2-49; IGR_CREDITS_*_QPI2 0x59/0x5A (p.64). */
	EXPECT_CTL("ivbep", "UNC_H_DIRECTORY_UPDATE.SET", 0x40010D, 0xF);
	EXPECT_CTL("ivbep", "ha/DIRECTORY_UPDATE.CLEAR/", 0x40020D, 0xF);
	EXPECT_CTL("ivbep", "UNC_H_IGR_CREDITS_AD_QPI2", 0x400059, 0xF);
	EXPECT_CTL("ivbep", "ha1/UNC_H_IGR_CREDITS_BL_QPI2/", 0x40005A, 0xF);
	/* PCU: 0x26 ExtSel 1; 0x80 with perfmon's unit masks 0x40/0x80/0xC0. */
	EXPECT_CTL("ivbep", "UNC_P_PKG_C_EXIT_LATENCY", 0x600026, 0xF);
	EXPECT_CTL("ivbep", "UNC_P_POWER_STATE_OCCUPANCY.CORES_C0", 0x404080, 0xF);
	EXPECT_CTL("ivbep", "UNC_P_POWER_STATE_OCCUPANCY.CORES_C3", 0x408080, 0xF);
	EXPECT_CTL("ivbep", "UNC_P_POWER_STATE_OCCUPANCY.CORES_C6", 0x40C080, 0xF);
	/* QPI MATCH_MASK = CTO_COUNT 0x38 ExtSel 1, with the user's match/mask. */
	EXPECT_CTL("ivbep", "qpi/UNC_Q_MATCH_MASK,match0=0x1C00,mask0=0x1F80/", 0x600038, 0xF);
	/* QPI MESSAGE.* per 329468-002 Table 2-137: Match0/Mask0, Match1/Mask1 RDS 19:16. */
	EXPECT_QPI_MSG("DRS.AnyDataC", 0x1C00, 0x1F80, ~0ull, ~0ull);
	EXPECT_QPI_MSG("DRS.DataC_M", 0x1C00, 0x1FE0, 0x80000, 0xF0000);
	EXPECT_QPI_MSG("DRS.DataC_E", 0x1C00, 0x1FE0, 0x40000, 0xF0000);
	EXPECT_QPI_MSG("DRS.DataC_F", 0x1C00, 0x1FE0, 0x10000, 0xF0000);
	EXPECT_QPI_MSG("DRS.DataC_E_Cmp", 0x1C40, 0x1FE0, 0x40000, 0xF0000);
	EXPECT_QPI_MSG("DRS.DataC_F_Cmp", 0x1C40, 0x1FE0, 0x10000, 0xF0000);
	EXPECT_QPI_MSG("DRS.DataC_E_FrcAckCnflt", 0x1C20, 0x1FE0, 0x40000, 0xF0000);
	EXPECT_QPI_MSG("DRS.DataC_F_FrcAckCnflt", 0x1C20, 0x1FE0, 0x10000, 0xF0000);
	EXPECT_QPI_MSG("DRS.WbIData", 0x1C80, 0x1FE0, ~0ull, ~0ull);
	EXPECT_QPI_MSG("DRS.WbSData", 0x1CA0, 0x1FE0, ~0ull, ~0ull);
	EXPECT_QPI_MSG("DRS.WbEData", 0x1CC0, 0x1FE0, ~0ull, ~0ull);
	EXPECT_QPI_MSG("DRS.AnyResp", 0x1C00, 0x1E00, ~0ull, ~0ull);
	EXPECT_QPI_MSG("DRS.AnyResp9flits", 0x1C00, 0x1F00, ~0ull, ~0ull);
	EXPECT_QPI_MSG("DRS.AnyResp11flits", 0x1D00, 0x1F00, ~0ull, ~0ull);
	EXPECT_QPI_MSG("NCB.AnyMsg", 0x1800, 0x1E00, ~0ull, ~0ull);
	EXPECT_QPI_MSG("NCB.AnyMsg9flits", 0x1800, 0x1F00, ~0ull, ~0ull);
	EXPECT_QPI_MSG("NCB.AnyMsg11flits", 0x1900, 0x1F00, ~0ull, ~0ull);
	EXPECT_QPI_MSG("NCB.AnyInt", 0x1900, 0x1F80, ~0ull, ~0ull);
	/* On one port, and with an edge term after the preset's own. */
	CHECK_EQ(filter_value("ivbep", "qpi1/UNC_Q_MESSAGE.DRS.WbIData,edge/", "match0"), 0x1C80);
	EXPECT_CTL("ivbep", "qpi1/UNC_Q_MESSAGE.DRS.WbIData,edge/", 0x640038, 0xF);
}

TEST(ivbep_perfmon_preset_keeps_its_name)
{
	/* Two presets are both CTO_COUNT: each is shown by the name it was given, while
	 * upmon's own spelling and a plain perfmon name keep the table's name. */
	const struct upm_platform *p = upm_platform_by_name("ivbep");
	struct upm_spec sp;
	char err[200];
	CHECK_EQ(upm_spec_parse(p, "qpi1/UNC_Q_MESSAGE.DRS.WbIData,edge/", &sp, err, sizeof err), 0);
	CHECK(strcmp(sp.name, "UNC_Q_MESSAGE.DRS.WbIData") == 0);
	CHECK_EQ(upm_spec_parse(p, "UNC_Q_MESSAGE.DRS.WbSData", &sp, err, sizeof err), 0);
	CHECK(strcmp(sp.name, "UNC_Q_MESSAGE.DRS.WbSData") == 0);
	CHECK_EQ(upm_spec_parse(p, "UNC_P_POWER_STATE_OCCUPANCY.CORES_C6", &sp, err, sizeof err), 0);
	CHECK(strcmp(sp.name, "UNC_P_POWER_STATE_OCCUPANCY.CORES_C6") == 0);
	CHECK_EQ(upm_spec_parse(p, "qpi/CTO_COUNT,match0=0x1C80,mask0=0x1FE0/", &sp, err, sizeof err), 0);
	CHECK(strcmp(sp.name, "CTO_COUNT") == 0);
	CHECK_EQ(upm_spec_parse(p, "UNC_C_RING_BOUNCES.AK", &sp, err, sizeof err), 0);
	CHECK(strcmp(sp.name, "RING_BOUNCES.AK") == 0);
	CHECK_EQ(upm_spec_parse(p, "UNC_Q_MATCH_MASK", &sp, err, sizeof err), -1); /* needs match0= */
}

/* The mocks' memory never moves more lines than the modelled machine's could
 * (platform/mock/dram_flow.h): a Sandy Bridge-EP iMC channel one line every 4 DRAM clocks
 * of 800 MHz, a Xeon E7 M-Box what its two SMI channels' lanes carry (300000 lines read and
 * 225000 written a millisecond), the Core i5-6400's IMC two DDR4-2133 channels (533333 a
 * millisecond). A report faster than that is held until the memory could have moved it,
 * at most 3 times its interval (platform/mock/mock.h, Links and memory), its clocks
 * counting the held time; the lines beyond are not counted. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/session/session.h"
#include "platform/mock/dram_flow.h"

TEST(mock_dram_fit_and_need)
{
	static const struct mock_dram_limit ddr3_1600 = MOCK_DDR_CHANNEL(800);
	static const struct mock_dram_limit smi = { 300000u, 225000u, 0 };
	CHECK_EQ(ddr3_1600.lines_per_ms, 200000u); /* 800 MHz / 4 clocks a line */
	static const struct {
		uint64_t rd, wr, ns;
		const struct mock_dram_limit *lim;
		uint64_t want_rd, want_wr;
	} fits[] = {
		/* Within the bound: everything. */
		{ 150000, 50000, 1000000, &ddr3_1600, 150000, 50000 },
		/* Beyond it: reads first, the writes in what is left. */
		{ 150000, 150000, 1000000, &ddr3_1600, 150000, 50000 },
		{ 300000, 10, 1000000, &ddr3_1600, 200000, 0 },
		/* Reads and writes bounded apart. */
		{ 400000, 400000, 2000000, &smi, 400000, 400000 },
		{ 700000, 700000, 2000000, &smi, 600000, 450000 },
		/* Whole lines in part of a millisecond: 1 ns is 0.2 lines. */
		{ 10, 0, 12, &ddr3_1600, 2, 0 },
	};
	for (unsigned k = 0; k < sizeof fits / sizeof fits[0]; k++) {
		uint64_t rd, wr;
		mock_dram_fit(fits[k].rd, fits[k].wr, fits[k].ns, fits[k].lim, &rd, &wr);
		CHECK_EQ(rd, fits[k].want_rd);
		CHECK_EQ(wr, fits[k].want_wr);
	}
	/* The least time, rounded up to a whole ns, the slower direction deciding. */
	CHECK_EQ(mock_dram_need_ns(200000, 0, &ddr3_1600), 1000000);
	CHECK_EQ(mock_dram_need_ns(100000, 100001, &ddr3_1600), 1000005);
	CHECK_EQ(mock_dram_need_ns(1, 0, &ddr3_1600), 5);
	CHECK_EQ(mock_dram_need_ns(300000, 450000, &smi), 2000000);
	CHECK_EQ(mock_dram_need_ns(0, 0, &smi), 0);
	/* A count no machine reaches saturates instead of wrapping. */
	CHECK_EQ(mock_dram_need_ns(UINT64_MAX, UINT64_MAX, &ddr3_1600), UINT64_MAX);
}

struct dram_case {
	struct feed feed;
	uint64_t lines[4], clocks[4]; /* per box, by its events */
};

/* Runs specs over fd on a one-socket mock of platform; the deltas of lines_ev and (when
 * named) clock_ev on boxes box 0..n-1 (~0: not found). */
static void run_case(const char *platform, const char *specs, const struct feed *fd, const char *box,
		     unsigned n, const char *lines_ev, const char *clock_ev, uint64_t *lines, uint64_t *clocks)
{
	struct fixture f;
	struct upm_session s;
	for (unsigned i = 0; i < n; i++) {
		lines[i] = ~0ull;
		if (clock_ev)
			clocks[i] = ~0ull;
	}
	if (fixture_init(&f, platform, 1, NULL) < 0)
		return;
	if (upm_session_prepare(&s, &f.run, specs) < 0) {
		upm_test_fail(__FILE__, __LINE__, "prepare: %s", s.error);
		fixture_free(&f);
		return;
	}
	upm_session_run(&s, feed_interval, (void *)fd);
	for (unsigned i = 0; i < n; i++) {
		const struct upm_count *l = find_count(&s, 0, box, i, lines_ev);
		const struct upm_count *c = clock_ev ? find_count(&s, 0, box, i, clock_ev) : NULL;
		CHECK(l != NULL);
		CHECK(!clock_ev || c != NULL);
		if (l)
			lines[i] = l->delta;
		if (c)
			clocks[i] = c->delta;
	}
	upm_session_free(&s);
	fixture_free(&f);
}

/* Runs each case on boxes 0..n-1: its lines and clocks as the case says, and, when
 * clocks_per_line is not 0, never more than a line every clocks_per_line clocks. */
static void check_cases(const char *platform, const char *specs, const char *box, unsigned n,
			const char *lines_ev, const char *clock_ev, const struct dram_case *cases,
			unsigned n_cases, uint64_t clocks_per_line)
{
	for (unsigned k = 0; k < n_cases; k++) {
		uint64_t lines[4], clocks[4];
		run_case(platform, specs, &cases[k].feed, box, n, lines_ev, clock_ev, lines, clocks);
		for (unsigned i = 0; i < n; i++) {
			CHECK_EQ(lines[i], cases[k].lines[i]);
			CHECK_EQ(clocks[i], cases[k].clocks[i]);
			if (clocks_per_line)
				CHECK(lines[i] * clocks_per_line <= clocks[i]);
		}
	}
}

TEST(snbep_mock_imc_channel_within_its_dram_clocks)
{
	/* 1 ms: 800000 DRAM clocks a channel, 200000 lines. At the bound: no hold. Twice it:
	 * held 1 ms (its reads 300000 of its 400000 lines a channel). A flood: held 3 ms, then
	 * 4 ms of lines, 800000 a channel. A line takes 4 DRAM clocks. */
	static const struct dram_case cases[] = {
		{ { 1000000u, 800000u, 0, 0, 0, 0 }, { 200000u, 200000u, 200000u, 200000u },
		  { 800000u, 800000u, 800000u, 800000u } },
		{ { 1000000u, 1200000u, 400000u, 0, 0, 0 }, { 300000u, 300000u, 300000u, 300000u },
		  { 1600000u, 1600000u, 1600000u, 1600000u } },
		{ { 1000000u, 8000000000u, 0, 0, 0, 0 }, { 800000u, 800000u, 800000u, 800000u },
		  { 3200000u, 3200000u, 3200000u, 3200000u } },
	};
	check_cases("snbep", "imc/CAS_COUNT.RD/,imc/DCLK/", "imc", 4, "CAS_COUNT.RD", "DCLK", cases,
		    sizeof cases / sizeof cases[0], 4);
}

TEST(snbep_mock_imc_writes_after_reads_in_a_flood)
{
	/* Reads and writes together beyond even the held 4 ms: reads take every slot. */
	static const struct feed flood = { 1000000u, 4000000000u, 4000000000u, 0, 0, 0 };
	uint64_t wr[4], rd[4];
	run_case("snbep", "imc/CAS_COUNT.WR/", &flood, "imc", 4, "CAS_COUNT.WR", NULL, wr, NULL);
	run_case("snbep", "imc/CAS_COUNT.RD/", &flood, "imc", 4, "CAS_COUNT.RD", NULL, rd, NULL);
	for (unsigned c = 0; c < 4; c++) {
		CHECK_EQ(rd[c], 800000u);
		CHECK_EQ(wr[c], 0);
	}
}

TEST(ivbep_mock_imc_channel_within_its_dram_clocks)
{
	/* Eight channels of 200000 lines a millisecond: 1.6e6 lines at the bound, 3.2e6 held
	 * 1 ms. */
	static const struct feed at_bound = { 1000000u, 1600000u, 0, 0, 0, 0 };
	static const struct feed twice = { 1000000u, 3200000u, 0, 0, 0, 0 };
	uint64_t cas[8], dclk[8];
	run_case("ivbep", "imc/CAS_COUNT.RD/,imc/DCLK/", &at_bound, "imc", 8, "CAS_COUNT.RD", "DCLK", cas, dclk);
	for (unsigned c = 0; c < 8; c++) {
		CHECK_EQ(cas[c], 200000u);
		CHECK_EQ(dclk[c], 800000u);
	}
	run_case("ivbep", "imc/CAS_COUNT.RD/,imc/DCLK/", &twice, "imc", 8, "CAS_COUNT.RD", "DCLK", cas, dclk);
	for (unsigned c = 0; c < 8; c++) {
		CHECK_EQ(cas[c], 400000u);
		CHECK_EQ(dclk[c], 1600000u);
	}
}

TEST(wsmex_mock_mbox_within_its_smi_lanes)
{
	/* Two M-Boxes; CYCLES at 800 MHz; TRANS_CMDS = the lines the box moved. Reads at the
	 * bound (300000 a box in 1 ms); reads twice it (held 1 ms); a read flood and a write
	 * flood (held 3 ms: 4 ms of reads, 1.2e6, or of writes, 900000). */
	static const struct dram_case cases[] = {
		{ { 1000000u, 600000u, 0, 0, 0, 0 }, { 300000u, 300000u }, { 800000u, 800000u } },
		{ { 1000000u, 1200000u, 0, 0, 0, 0 }, { 600000u, 600000u }, { 1600000u, 1600000u } },
		{ { 1000000u, 6000000000u, 0, 0, 0, 0 }, { 1200000u, 1200000u }, { 3200000u, 3200000u } },
		{ { 1000000u, 0, 6000000000u, 0, 0, 0 }, { 900000u, 900000u }, { 3200000u, 3200000u } },
	};
	check_cases("wsmex", "mbox/TRANS_CMDS/,mbox/CYCLES/", "mbox", 2, "TRANS_CMDS", "CYCLES", cases,
		    sizeof cases / sizeof cases[0], 0);
}

TEST(skl_mock_imc_within_two_ddr4_2133_channels)
{
	/* 533333 lines a millisecond: at the bound all of them; twice it held 1 ms, all of
	 * them; a flood held 3 ms, 4 ms of lines. The uncore clock counts the held time. */
	static const struct dram_case cases[] = {
		{ { 1000000u, 533333u, 0, 0, 0, 0 }, { 533333u }, { 2000000u } },
		{ { 1000000u, 1066666u, 0, 0, 0, 0 }, { 1066666u }, { 4000000u } },
		{ { 1000000u, 2000000000u, 0, 0, 0, 0 }, { 2133332u }, { 8000000u } },
	};
	for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		uint64_t reads[1], uclk[1];
		run_case("skl", "imc/DRAM_DATA_READS/", &cases[k].feed, "imc", 1, "DRAM_DATA_READS", NULL, reads,
			 NULL);
		CHECK_EQ(reads[0], cases[k].lines[0]);
		run_case("skl", "ncu/UCLK/", &cases[k].feed, "ncu", 1, "UCLK", NULL, uclk, NULL);
		CHECK_EQ(uclk[0], cases[k].clocks[0]);
	}
}

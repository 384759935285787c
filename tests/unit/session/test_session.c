/* The session engine on the mocked Sandy Bridge-EP: the documented write sequence of
 * every box type on two sockets (addresses held literally from the guide), saved and
 * restored state, passes, traffic, absent boxes and faults. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/metrics/metrics.h"
#include "platform/mock/pmon.h"
#include <stdlib.h>

static struct feed idle = { 1000000, 0, 0, 0, 0, 0 }; /* 1 ms */

/* Runs specs on a fresh two-socket mock; returns the trace's writes. */
static char *writes_of(const char *specs)
{
	return fixture_writes("snbep", 2, specs);
}

/* The expected trace: each phase's block for socket 0, then for socket 1. The blocks
 * are printf formats taking the socket number (several times) and the socket's bus. */
static char *per_socket(const char *const *blocks, unsigned n, int pci)
{
	static const unsigned bus[2] = { 0x7F, 0xFF };
	struct upm_buf b;
	upm_buf_init(&b);
	for (unsigned i = 0; i < n; i++) {
		for (unsigned s = 0; s < 2; s++) {
			char line[4096];
			if (pci)
				snprintf(line, sizeof line, blocks[i], s, bus[s], s, bus[s], s, bus[s], s, bus[s], s,
					 bus[s], s, bus[s], s, bus[s], s, bus[s]);
			else
				snprintf(line, sizeof line, blocks[i], s, s, s, s, s, s, s, s, s, s);
			upm_buf_puts(&b, line);
		}
	}
	char *r = upm_strdup(b.data);
	upm_buf_free(&b);
	return r;
}

static void check_sequence(const char *specs, const char *const *blocks, unsigned n, int pci)
{
	char *got = writes_of(specs), *want = per_socket(blocks, n, pci);
	if (strcmp(got, want) != 0)
		upm_test_fail(__FILE__, __LINE__, "%s\n--- got\n%s--- want\n%s", specs, got, want);
	upm_os_free(got);
	upm_os_free(want);
}

TEST(session_sequence_cbo)
{
	/* CBo 3: box control 0xD64, control 0 0xD70, filter 0xD74, counter 0 0xD76
	 * (Table 2-8, 000:484-489). (a) frz_en, (b) frz, (c) en, (d) event, filter,
	 * (e) BOX_CTL[1:0]=0x2 with frz_en|frz kept, (f) unfreeze; read: freeze; then restore. */
	static const char *const blocks[] = {
		"%u:msr:0xd64=0x10000\n%u:msr:0xd64=0x10100\n%u:msr:0xd70=0x400000\n"
		"%u:msr:0xd70=0x400334\n%u:msr:0xd74=0x7c0000\n%u:msr:0xd64=0x10102\n",
		"%u:msr:0xd64=0x10000\n",
		"%u:msr:0xd64=0x10100\n",
		"%u:msr:0xd64=0x10100\n%u:msr:0xd70=0x0\n%u:msr:0xd76=0x0\n%u:msr:0xd74=0x0\n"
		"%u:msr:0xd64=0x0\n",
	};
	check_sequence("cbo3/LLC_LOOKUP.DATA_READ,filter_state=0x1f/", blocks, 4, 0);
}

TEST(session_sequence_cbo7_last_counter)
{
	/* CBo 7 counter 3 is 0xDF9 and its control 0xDF3 (Table 1-2, 000:146-149):
	 * RING_AD_USED may use counters 2-3; with three ring events 2 and 3 fill up. */
	char *got = writes_of("cbo7/RING_AD_USED.UP_EVEN/,cbo7/RING_AK_USED.UP_EVEN/");
	/* RING_AD_USED is 0x1B, RING_AK_USED 0x1C (000:956-1068). */
	CHECK_CONTAINS(got, "0:msr:0xdf3=0x40011b\n");
	CHECK_CONTAINS(got, "1:msr:0xdf2=0x40011c\n");
	CHECK_CONTAINS(got, "0:msr:0xdf9=0x0\n"); /* restored */
	upm_os_free(got);
}

TEST(session_sequence_ubox_parks_event_select)
{
	/* UBox: no box control. Control 0 0xC10, counter 0 0xC16, fixed 0xC08/0xC09. The event
	 * select stays 0 until just before the other boxes unfreeze (000:298-301); counters
	 * are cleared by writing 0 (000:290-293). */
	static const char *const blocks[] = {
		"%u:msr:0xc10=0x400000\n%u:msr:0xc10=0x400100\n%u:msr:0xc09=0x0\n"
		"%u:msr:0xc08=0x400000\n%u:msr:0xc16=0x0\n",
		"%u:msr:0xc10=0x400142\n",
		"%u:msr:0xc10=0x400100\n",
		"%u:msr:0xc10=0x0\n%u:msr:0xc16=0x0\n%u:msr:0xc08=0x0\n%u:msr:0xc09=0x0\n",
	};
	check_sequence("ubox/event=0x42,umask=0x1/,ubox/UCLK/", blocks, 4, 0);
}

TEST(session_sequence_pcu_and_filter)
{
	/* PCU: box 0xC24, control 0 0xC30, filter 0xC34, counter 0 0xC36. */
	static const char *const blocks[] = {
		"%u:msr:0xc24=0x10000\n%u:msr:0xc24=0x10100\n%u:msr:0xc30=0x400000\n"
		"%u:msr:0xc30=0x40000b\n%u:msr:0xc34=0x14\n%u:msr:0xc24=0x10102\n",
		"%u:msr:0xc24=0x10000\n",
		"%u:msr:0xc24=0x10100\n",
		"%u:msr:0xc24=0x10100\n%u:msr:0xc30=0x0\n%u:msr:0xc36=0x0\n%u:msr:0xc34=0x0\n"
		"%u:msr:0xc24=0x0\n",
	};
	check_sequence("pcu/FREQ_BAND0_CYCLES,filter_band0=0x14/", blocks, 4, 0);
}

TEST(session_sequence_ha_zero_writes)
{
	/* HA at D14:F1: box 0xF4 keeps bits 1:0 zero (no reset bit); counters cleared by
	 * writing zero to both dwords (000:290-293). */
	static const char *const blocks[] = {
		"%u:pci:%02x:0e.1+0xf4=0x10000\n%u:pci:%02x:0e.1+0xf4=0x10100\n"
		"%u:pci:%02x:0e.1+0xd8=0x400000\n%u:pci:%02x:0e.1+0xd8=0x400000\n"
		"%u:pci:%02x:0e.1+0xa0=0x0\n%u:pci:%02x:0e.1+0xa4=0x0\n",
		"%u:pci:%02x:0e.1+0xf4=0x10000\n",
		"%u:pci:%02x:0e.1+0xf4=0x10100\n",
		"%u:pci:%02x:0e.1+0xf4=0x10100\n%u:pci:%02x:0e.1+0xd8=0x0\n"
		"%u:pci:%02x:0e.1+0xa0=0x0\n%u:pci:%02x:0e.1+0xa4=0x0\n%u:pci:%02x:0e.1+0xf4=0x0\n",
	};
	check_sequence("ha/CLOCKTICKS/", blocks, 4, 1);
}

TEST(session_sequence_imc_fixed_counter)
{
	/* iMC channel 2 at D16:F4: fixed control 0xF0 with rst (19) then en (22); fixed
	 * counter 0xD0/0xD4 (000:2259-2270). */
	static const char *const blocks[] = {
		"%u:pci:%02x:10.4+0xf4=0x10000\n%u:pci:%02x:10.4+0xf4=0x10100\n"
		"%u:pci:%02x:10.4+0xf0=0x480000\n%u:pci:%02x:10.4+0xf0=0x400000\n",
		"%u:pci:%02x:10.4+0xf4=0x10000\n",
		"%u:pci:%02x:10.4+0xf4=0x10100\n",
		"%u:pci:%02x:10.4+0xf4=0x10100\n%u:pci:%02x:10.4+0xf0=0x0\n"
		"%u:pci:%02x:10.4+0xd0=0x0\n%u:pci:%02x:10.4+0xd4=0x0\n%u:pci:%02x:10.4+0xf4=0x0\n",
	};
	check_sequence("imc2/DCLK/", blocks, 4, 1);
}

TEST(session_sequence_qpi_match_on_filter_function)
{
	/* QPI port 1 at D9:F2; its MATCH0/MASK0 at 0x228/0x238 on D9:F6 (000:3406-3417);
	 * CTO_COUNT 0x38 with the extra select bit 21. */
	static const char *const blocks[] = {
		"%u:pci:%02x:09.2+0xf4=0x10000\n%u:pci:%02x:09.2+0xf4=0x10100\n"
		"%u:pci:%02x:09.2+0xd8=0x400000\n%u:pci:%02x:09.2+0xd8=0x600038\n"
		"%u:pci:%02x:09.6+0x228=0x1c00\n%u:pci:%02x:09.6+0x238=0x1f80\n"
		"%u:pci:%02x:09.2+0xf4=0x10102\n",
		"%u:pci:%02x:09.2+0xf4=0x10000\n",
		"%u:pci:%02x:09.2+0xf4=0x10100\n",
		"%u:pci:%02x:09.2+0xf4=0x10100\n%u:pci:%02x:09.2+0xd8=0x0\n"
		"%u:pci:%02x:09.2+0xa0=0x0\n%u:pci:%02x:09.2+0xa4=0x0\n%u:pci:%02x:09.6+0x228=0x0\n"
		"%u:pci:%02x:09.6+0x238=0x0\n%u:pci:%02x:09.2+0xf4=0x0\n",
	};
	check_sequence("qpi1/CTO_COUNT,match0=0x1c00,mask0=0x1f80/", blocks, 4, 1);
}

TEST(session_sequence_r2pcie_r3qpi)
{
	/* R2PCIe at D19:F1 and R3QPI link 1 at D19:F6 (Table 1-3, 000:172-179), reset bit. */
	char *got = writes_of("r2pcie/event=0x01/,r3qpi1/event=0x01/");
	CHECK_CONTAINS(got, "0:pci:7f:13.1+0xf4=0x10102\n");
	CHECK_CONTAINS(got, "1:pci:ff:13.6+0xf4=0x10102\n");
	CHECK_CONTAINS(got, "1:pci:ff:13.6+0xd8=0x400001\n");
	upm_os_free(got);
}

TEST(session_reads_pci_counters_frozen_low_then_high)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "ha/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &idle), 0);
	/* After the freeze write, the next two accesses read 0xA0 then 0xA4. */
	int seen = 0;
	for (uint32_t i = 0; i + 2 < f.trace->n; i++) {
		const struct upm_trace_record *r = f.trace->records;
		if (r[i].op == 'W' && r[i].addr == 0xF4 && r[i].value == 0x10100 && i > 10 &&
		    r[i + 1].op == 'R' && r[i + 1].addr == 0xA0 && r[i + 2].op == 'R' && r[i + 2].addr == 0xA4)
			seen = 1;
	}
	CHECK(seen);
	upm_session_free(&s);
	fixture_free(&f);
}

/* Every register of the mock, as a checksum-free list of values. */
static void snapshot(struct upm_mock *m, struct upm_buf *out)
{
	for (unsigned s = 0; s < m->n_sockets; s++) {
		for (unsigned i = 0; i < m->sockets[s].n_msrs; i++)
			upm_buf_printf(out, "%u msr %x %llx\n", s, m->sockets[s].msrs[i]->addr,
				       (unsigned long long)m->sockets[s].msrs[i]->value);
		for (unsigned d = 0; d < m->sockets[s].n_devs; d++) {
			struct upm_mock_pci_dev *dev = m->sockets[s].devs[d];
			for (unsigned i = 0; i < dev->n_regs; i++)
				upm_buf_printf(out, "%u pci %x:%x.%x+%x %llx\n", s, dev->bus, dev->dev, dev->fn,
					       dev->regs[i]->addr, (unsigned long long)dev->regs[i]->value);
		}
	}
}

TEST(session_restores_every_register)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	/* What another tool might have left: programmed controls, counts, filters. */
	for (unsigned sock = 0; sock < 2; sock++) {
		upm_mock_msr(f.mock, sock, 0xD10)->value = 0x400012;
		upm_mock_msr(f.mock, sock, 0xD16)->value = 0x123456789ull;
		upm_mock_msr(f.mock, sock, 0xD14)->value = 0x3 << 18;
		upm_mock_msr(f.mock, sock, 0xC10)->value = 0x400001;
		upm_mock_msr(f.mock, sock, 0xC09)->value = 0xABCDEF;
	}
	upm_mock_pci_reg(upm_mock_pci_dev(f.mock, 0x7F, 16, 0, NULL), 0xA4)->value = 0x12;
	struct upm_buf before, after;
	upm_buf_init(&before);
	upm_buf_init(&after);
	snapshot(f.mock, &before);
	CHECK_EQ(upm_session_prepare(&s, &f.run,
				     "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/,cbo/CLOCKTICKS/,ubox/UCLK/,"
				     "ubox/event=0x42,umask=1/,imc/CAS_COUNT.RD/,imc/DCLK/,ha/CLOCKTICKS/,"
				     "pcu/FREQ_BAND0_CYCLES,filter_band0=0x14/,qpi/CTO_COUNT,match0=1/,"
				     "r2pcie/event=1/,r3qpi/event=1/"), 0);
	struct feed busy = { 5000000, 1000, 500, 800, 100, 50 };
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	CHECK_EQ(s.restore_failures, 0);
	snapshot(f.mock, &after);
	CHECK_STR(after.data, before.data);
	CHECK_EQ(mock_pmon_of(f.mock)->violations, 0);
	upm_buf_free(&before);
	upm_buf_free(&after);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(session_counts_traffic_and_clocks)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_metrics_prepare(&s, &f.run,
				     "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,cbo/CLOCKTICKS/,imc0/DCLK/,ubox/UCLK/,"
				     "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1e/,"
				     "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/", "MEM_BW_READS,LLC_HIT_RATE"), 0);
	/* 10 ms, 4001 lines read and 998 written per socket. */
	struct feed traffic = { 10000000, 4001, 998, 8000, 2000, 0 };
	CHECK_EQ(upm_session_run(&s, feed_interval, &traffic), 0);
	uint64_t rd = 0, wr = 0;
	for (unsigned ch = 0; ch < 4; ch++) {
		rd += find_count(&s, 1, "imc", ch, "CAS_COUNT.RD")->delta;
		wr += find_count(&s, 1, "imc", ch, "CAS_COUNT.WR")->delta;
	}
	CHECK_EQ(rd, 4001);
	CHECK_EQ(wr, 998);
	/* Clocks: 10 ms at the model's 2.0 GHz uncore clock and 800 MHz DRAM clock. */
	CHECK_EQ(find_count(&s, 0, "cbo", 5, "CLOCKTICKS")->delta, 20000000);
	CHECK_EQ(find_count(&s, 1, "imc", 0, "DCLK")->delta, 8000000);
	CHECK_EQ(find_count(&s, 0, "ubox", 0, "UCLK")->delta, 20000000);

	struct upm_metric_value mv[64];
	unsigned n = upm_metrics_compute(&s, mv, 64);
	int seen_bw = 0, seen_hit = 0;
	for (unsigned i = 0; i < n; i++) {
		if (!strcmp(mv[i].metric->name, "MEM_BW_READS") && mv[i].socket == 1) {
			/* 4001 lines x 64 bytes in 10 ms, from the user's counts (one per channel) */
			CHECK(rate_over_windows(mv[i].value, 64, &s, 1, "CAS_COUNT.RD", 0, traffic.ns));
			seen_bw = 1;
		}
		if (!strcmp(mv[i].metric->name, "LLC_DRD_HIT_PCT") && mv[i].socket == 0) {
			CHECK(mv[i].value > 0.7499 && mv[i].value < 0.7501);
			seen_hit = 1;
		}
	}
	CHECK(seen_bw);
	CHECK(seen_hit);
	upm_session_free(&s);
	fixture_free(&f);
}

static unsigned intervals_run;
static uint64_t count_intervals(struct upm_session *s, unsigned pass, void *ctx)
{
	intervals_run++;
	CHECK_EQ(pass, intervals_run - 1);
	return feed_interval(s, pass, ctx);
}

TEST(session_multi_pass_reruns_the_interval)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run,
				     "cbo0/TOR_OCCUPANCY.ALL/,cbo0/TOR_OCCUPANCY.EVICTION/,cbo0/CLOCKTICKS/"), 0);
	CHECK_EQ(s.n_passes, 2);
	intervals_run = 0;
	CHECK_EQ(upm_session_run(&s, count_intervals, &idle), 0);
	CHECK_EQ(intervals_run, 2);
	CHECK_EQ(find_count(&s, 0, "cbo", 0, "TOR_OCCUPANCY.ALL")->pass, 0);
	CHECK_EQ(find_count(&s, 0, "cbo", 0, "TOR_OCCUPANCY.EVICTION")->pass, 1);
	CHECK_EQ(find_count(&s, 0, "cbo", 0, "CLOCKTICKS")->delta, 2000000);
	CHECK_EQ(s.n_counts, 3);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(session_absent_device_is_reported_and_never_written)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, "absent=7f:10.4") < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/CAS_COUNT.RD/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &idle), 0);
	const struct upm_count *c = find_count(&s, 0, "imc", 2, "CAS_COUNT.RD");
	CHECK(c && c->status != UPM_OK);
	CHECK(find_count(&s, 1, "imc", 2, "CAS_COUNT.RD")->status == UPM_OK);
	for (unsigned i = 0; i < s.n_boxes; i++)
		if (s.boxes[i].socket == 0 && !strcmp(s.boxes[i].type->name, "imc") && s.boxes[i].instance == 2) {
			CHECK_EQ(s.boxes[i].state, UPM_BOX_ABSENT);
			CHECK_CONTAINS(s.boxes[i].why, "7f:10.4 does not answer");
		}
	struct upm_buf w;
	upm_buf_init(&w);
	trace_writes(f.trace, &w);
	CHECK(!strstr(w.data, "7f:10.4"));
	upm_buf_free(&w);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(session_fault_mid_setup_restores_and_reports)
{
	struct fixture f;
	struct upm_session s;
	/* CBo 3's box control faults on write on socket 1. */
	if (fixture_init(&f, "snbep", 2, "s1.gpw=0xD64") < 0)
		return;
	upm_mock_msr(f.mock, 1, 0xD70)->value = 0x400055;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &idle), -1);
	CHECK_CONTAINS(s.error, "socket 1 cbo3: box control 0xd64: EFAULT");
	CHECK(s.restore_failures > 0); /* and said so: the box control still faults */
	CHECK(find_count(&s, 1, "cbo", 2, "CLOCKTICKS")->status == UPM_OK);
	CHECK(find_count(&s, 1, "cbo", 3, "CLOCKTICKS")->status != UPM_OK);
	CHECK_EQ(upm_mock_msr(f.mock, 1, 0xD70)->value, 0x400055);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(session_msr_box_that_faults_everywhere_is_absent)
{
	struct fixture f;
	struct upm_session s;
	/* A part with fewer LLC slices: CBo 6's registers fault. */
	if (fixture_init(&f, "snbep", 1, "absent=cbo6") < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &idle), 0);
	unsigned seen = 0;
	for (unsigned i = 0; i < s.n_boxes; i++)
		if (s.boxes[i].instance == 6) {
			seen++;
			CHECK_EQ(s.boxes[i].state, UPM_BOX_ABSENT);
			CHECK_STR(s.boxes[i].why, "reading 0xdd0: EFAULT (not on this part)");
		}
	CHECK_EQ(seen, 1);
	upm_session_free(&s);
	fixture_free(&f);

	/* One register faults where its neighbour (ctr0, 0xDD6) answers: the box is there and
	 * faulting, as the self-test's presence probe judges it. */
	if (fixture_init(&f, "snbep", 1, "gp=0xDD0") < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &idle), 0);
	seen = 0;
	for (unsigned i = 0; i < s.n_boxes; i++)
		if (s.boxes[i].instance == 6) {
			seen++;
			CHECK_EQ(s.boxes[i].state, UPM_BOX_FAULT);
			CHECK_STR(s.boxes[i].why, "reading 0xdd0: EFAULT (0xdd6 answers: the box is there)");
		}
	CHECK_EQ(seen, 1);
	CHECK(find_count(&s, 0, "cbo", 6, "CLOCKTICKS")->status != UPM_OK);
	CHECK(find_count(&s, 0, "cbo", 5, "CLOCKTICKS")->status == UPM_OK);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(session_qpi_match_needs_ecam)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 1, "noecam") < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "qpi/CTO_COUNT,match0=0x1c00/"), -1);
	CHECK_CONTAINS(s.error, "match0 is at config offset 0x228, reachable only through ECAM");
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(counter_delta_wraps_at_width)
{
	CHECK_EQ(upm_counter_delta(0xFFFFFFFFF00ull, 0x100, 44), 0x200);
	CHECK_EQ(upm_counter_delta(0xFFFFFFFFFFF0ull, 0x10, 48), 0x20);
	CHECK_EQ(upm_counter_delta(5, 9, 48), 4);
	CHECK_EQ(upm_counter_delta(~0ull, 1, 64), 2);
	CHECK_EQ(upm_counter_delta(0xFFFFFFF0u, 0x10, 32), 0x20);
}

TEST(session_counter_wraps_inside_interval)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo0/CLOCKTICKS/,imc0/DCLK/"), 0);
	/* 2^43 + 8 ns at 2 GHz: 2^44 + 16 ticks on a 44-bit counter reads 16 after one wrap. */
	struct feed huge = { (1ull << 43) + 8, 0, 0, 0, 0, 0 };
	CHECK_EQ(upm_session_run(&s, feed_interval, &huge), 0);
	CHECK_EQ(find_count(&s, 0, "cbo", 0, "CLOCKTICKS")->delta, 16);
	/* The 48-bit DRAM clock has not wrapped: 0.8 x (2^43 + 8). */
	CHECK_EQ(find_count(&s, 0, "imc", 0, "DCLK")->delta, ((1ull << 43) + 8) * 800 / 1000);
	upm_session_free(&s);
	fixture_free(&f);
}

/* The session engine on the mocked two-socket Ivy Bridge-EP: the write sequence of the
 * CBo (both filter MSRs), a PCI box, the UBox and the global control, with addresses held
 * literally (K = Linux uncore_snbep.c, LWR/LWD = likwid registers/accessDaemon, guide
 * 329468-002 by page); counts under traffic; the EX-only QPI port 2 absent and never
 * written; every register restored; the health check on the clean and faulted mock. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/check/check.h"
#include "core/metrics/metrics.h"
#include "core/check/selftest.h"
#include "platform/mock/pmon.h"
#include <stdlib.h>

static struct feed idle = { 1000000, 0, 0, 0, 0, 0 }; /* 1 ms */

static char *writes_of(const char *specs, unsigned sockets)
{
	return fixture_writes("ivbep", sockets, specs);
}

TEST(ivbep_session_sequence_cbo_both_filters_and_global)
{
	/* CBo 3: box control 0xD64, control 0 0xD70, FILTER0 0xD74, counter 0 0xD76, FILTER1
	 * 0xD7A (K SNBEP_C0_MSR_* + 3 x 0x20; FILTER1 = FILTER0 + 6, K ivbep_cbox_enable_event).
	 * Global control 0xC00: frz_all 0x80000000, unfrz_all 0x20000000 (Table 2-2, p.19).
	 * Box control values carry bits 17:16 (Table 2-13, p.33): 0x30000 | frz 0x100 |
	 * rst_ctrs 0x2. LLC_LOOKUP.NID = 0x34 / 0x41; state I = FILTER0 bit 17, nid 2 =
	 * FILTER1 bits 15:0. */
	char *got = writes_of("cbo3/LLC_LOOKUP.NID,filter_state=0x1,filter_nid=0x2/", 1);
	CHECK_STR(got,
		  /* setup: global freeze, box frozen and reset, event and both filters */
		  "0:msr:0xc00=0x80000000\n"
		  "0:msr:0xd64=0x30000\n0:msr:0xd64=0x30100\n0:msr:0xd70=0x400000\n"
		  "0:msr:0xd70=0x404134\n0:msr:0xd74=0x20000\n0:msr:0xd7a=0x2\n0:msr:0xd64=0x30102\n"
		  /* start: box unfreeze, then the global unfreeze */
		  "0:msr:0xd64=0x30000\n0:msr:0xc00=0x20000000\n"
		  /* stop: global freeze, then the box */
		  "0:msr:0xc00=0x80000000\n0:msr:0xd64=0x30100\n"
		  /* restore: the box's registers (every counter the reset cleared: 0xD76-0xD79),
		   * then the global control unfrozen */
		  "0:msr:0xd64=0x30100\n0:msr:0xd70=0x0\n0:msr:0xd76=0x0\n0:msr:0xd77=0x0\n"
		  "0:msr:0xd78=0x0\n0:msr:0xd79=0x0\n0:msr:0xd74=0x0\n"
		  "0:msr:0xd7a=0x0\n0:msr:0xd64=0x30000\n0:msr:0xc00=0x20000000\n");
	upm_os_free(got);
}

TEST(ivbep_session_sequence_pci_box_second_ha)
{
	/* HA 1 at 1C.1 (K ivbep_uncore_pci_ids 0x0E38; LWD), on socket 1's bus 0xFF: box
	 * control 0xF4, control 0 0xD8, counter 0 0xA0/0xA4. REQUESTS.READS = 0x01 / 0x03.
	 * Unlike Sandy Bridge-EP's HA, this one has the reset bits (Table 2-38, p.56). */
	char *got = writes_of("ha1/REQUESTS.READS/", 2);
	static const char *const want[] = {
		"1:pci:ff:1c.1+0xf4=0x30000\n1:pci:ff:1c.1+0xf4=0x30100\n1:pci:ff:1c.1+0xd8=0x400000\n"
		"1:pci:ff:1c.1+0xd8=0x400301\n1:pci:ff:1c.1+0xf4=0x30102\n",
		"1:pci:ff:1c.1+0xf4=0x30000\n1:msr:0xc00=0x20000000\n",
		"1:msr:0xc00=0x80000000\n1:pci:ff:1c.1+0xf4=0x30100\n",
		/* restore: control 0, then every counter the reset cleared (0xA0-0xBC, two
		 * dwords each) */
		"1:pci:ff:1c.1+0xf4=0x30100\n1:pci:ff:1c.1+0xd8=0x0\n1:pci:ff:1c.1+0xa0=0x0\n"
		"1:pci:ff:1c.1+0xa4=0x0\n1:pci:ff:1c.1+0xa8=0x0\n",
		"1:pci:ff:1c.1+0xbc=0x0\n1:pci:ff:1c.1+0xf4=0x30000\n1:msr:0xc00=0x20000000\n",
		"0:pci:7f:1c.1+0xd8=0x400301\n",
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(want); i++)
		CHECK_CONTAINS(got, want[i]);
	CHECK(strstr(got, "0e.1") == NULL); /* HA 0 is not asked for */
	upm_os_free(got);
}

TEST(ivbep_session_sequence_irp_uneven_counters)
{
	/* IRP at 05.6 (0x0E39): counters 0xA0, 0xB0, 0xB8, 0xC0 (K ivbep_uncore_irp_ctrs);
	 * four events fill them, each cleared by the box reset and restored as two dwords. */
	char *got = writes_of("irp/CLOCKTICKS/,irp/TRANSACTIONS.READS/,irp/TRANSACTIONS.WRITES/,"
			      "irp/TICKLES.LOST_OWNERSHIP/",
			      1);
	static const char *const want[] = { "0:pci:7f:05.6+0xf4=0x30102\n", "0:pci:7f:05.6+0xa0=0x0\n",
					    "0:pci:7f:05.6+0xb0=0x0\n",   "0:pci:7f:05.6+0xb4=0x0\n",
					    "0:pci:7f:05.6+0xb8=0x0\n",   "0:pci:7f:05.6+0xc0=0x0\n",
					    "0:pci:7f:05.6+0xc4=0x0\n",   "0:pci:7f:05.6+0xe4=0x0\n" };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(want); i++)
		CHECK_CONTAINS(got, want[i]);
	CHECK(strstr(got, "05.6+0xa8") == NULL); /* not a counter of this box */
	upm_os_free(got);
}

TEST(ivbep_session_sequence_ubox_under_the_global_control)
{
	/* UBox: no box control; control 0 0xC10, counter 0 0xC16, UCLK 0xC08/0xC09 (K). Its
	 * event select is parked at 0 until the start (329468-002 2.1.2 (f), p.17); the global
	 * unfreeze comes after it. */
	char *got = writes_of("ubox/EVENT_MSG.VLW_RCVD/,ubox/UCLK/", 1);
	CHECK_STR(got,
		  "0:msr:0xc00=0x80000000\n"
		  "0:msr:0xc10=0x400000\n0:msr:0xc10=0x400100\n0:msr:0xc09=0x0\n0:msr:0xc08=0x400000\n"
		  "0:msr:0xc16=0x0\n"
		  "0:msr:0xc10=0x400142\n0:msr:0xc00=0x20000000\n"
		  "0:msr:0xc00=0x80000000\n0:msr:0xc10=0x400100\n"
		  "0:msr:0xc10=0x0\n0:msr:0xc16=0x0\n0:msr:0xc08=0x0\n0:msr:0xc09=0x0\n"
		  "0:msr:0xc00=0x20000000\n");
	upm_os_free(got);
}

TEST(ivbep_global_control_keeps_its_read_write_fields)
{
	/* wk_on_pmi (30) and pmi_core_sel (14:0) are read-write (Table 2-2): kept in every
	 * write, and the value found goes back with unfrz_all at the end. */
	struct fixture f;
	struct upm_session s;
	struct upm_buf w;
	if (fixture_init(&f, "ivbep", 1, NULL) < 0)
		return;
	upm_mock_msr(f.mock, 0, 0xC00)->value = 0x40000005;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "pcu/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &idle), 0);
	upm_buf_init(&w);
	trace_writes(f.trace, &w);
	CHECK_CONTAINS(w.data, "0:msr:0xc00=0xc0000005\n0:msr:0xc24=0x30000\n");
	CHECK_CONTAINS(w.data, "0:msr:0xc24=0x30000\n0:msr:0xc00=0x60000005\n0:msr:0xc00=0xc0000005\n");
	/* The last write: the value found, unfrozen. */
	const char *last = "0:msr:0xc00=0x60000005\n";
	size_t n = strlen(w.data), k = strlen(last);
	CHECK(n > k && strcmp(w.data + n - k, last) == 0);
	CHECK_EQ(upm_mock_msr(f.mock, 0, 0xC00)->value, 0x40000005);
	CHECK_EQ(s.global_status_ok[0], 1); /* 0xC01 was read after the stop */
	upm_buf_free(&w);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(ivbep_box_reset_restores_the_counters_not_in_use)
{
	/* BOX_CTL[1:0] = 0x2 resets all four counters of CBo 0 (2.1.1 e); its counters take
	 * writes (ctr_writable): counter 2 (0xD18), not in use, goes back as found. */
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "ivbep", 1, NULL) < 0)
		return;
	upm_mock_msr(f.mock, 0, 0xD18)->value = 0x123456789ull;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo0/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &idle), 0);
	struct upm_buf w;
	upm_buf_init(&w);
	trace_writes(f.trace, &w);
	CHECK_CONTAINS(w.data, "0:msr:0xd18=0x123456789\n");
	CHECK_EQ(upm_mock_msr(f.mock, 0, 0xD18)->value, 0x123456789ull);
	upm_buf_free(&w);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(ivbep_session_counts_traffic_on_two_sockets)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "ivbep", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_metrics_prepare(&s, &f.run,
				     "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,ha/REQUESTS.READS/,ha/REQUESTS.WRITES/,"
				     "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x3e/,"
				     "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x3f/,qpi/TxL_FLITS_G0.DATA/,"
				     "ubox/UCLK/,imc5/DCLK/,pcu/CLOCKTICKS/,irp/CLOCKTICKS/,cbo14/CLOCKTICKS/",
				     "MEM_BW_READS"),
		 0);
	/* 10 ms; per socket 8003 lines read, 998 written, 9000 lookups of which 3000 miss,
	 * 101 lines over QPI. */
	struct feed traffic = { 10000000, 8003, 998, 9000, 3000, 101 };
	CHECK_EQ(upm_session_run(&s, feed_interval, &traffic), 0);
	for (unsigned sock = 0; sock < 2; sock++) {
		uint64_t rd = 0, wr = 0, hrd = 0, hwr = 0, hit = 0, all = 0, flits = 0;
		for (unsigned ch = 0; ch < 8; ch++) {
			rd += find_count(&s, sock, "imc", ch, "CAS_COUNT.RD")->delta;
			wr += find_count(&s, sock, "imc", ch, "CAS_COUNT.WR")->delta;
		}
		for (unsigned h = 0; h < 2; h++) {
			hrd += find_count(&s, sock, "ha", h, "REQUESTS.READS")->delta;
			hwr += find_count(&s, sock, "ha", h, "REQUESTS.WRITES")->delta;
		}
		for (unsigned c = 0; c < 15; c++) {
			const struct upm_count *a = NULL, *b = NULL;
			for (unsigned i = 0; i < s.n_counts; i++) {
				const struct upm_count *k = &s.counts[i];
				if (k->socket != sock || strcmp(k->box->name, "cbo") || k->instance != c)
					continue;
				if (strstr(s.specs[k->spec].text, "0x3e"))
					a = k;
				else if (strstr(s.specs[k->spec].text, "0x3f"))
					b = k;
			}
			CHECK(a && b);
			if (a && b) {
				hit += a->delta;
				all += b->delta;
			}
		}
		for (unsigned p = 0; p < 2; p++)
			flits += find_count(&s, sock, "qpi", p, "TxL_FLITS_G0.DATA")->delta;
		CHECK_EQ(rd, 8003);
		CHECK_EQ(wr, 998);
		CHECK_EQ(hrd, 8003);
		CHECK_EQ(hwr, 998);
		CHECK_EQ(hit, 6000);
		CHECK_EQ(all, 9000);
		CHECK_EQ(flits, 808);
		/* Clocks over 10 ms: uncore 2.0 GHz, DRAM 800 MHz, PCU 800 MHz. */
		CHECK_EQ(find_count(&s, sock, "ubox", 0, "UCLK")->delta, 20000000);
		CHECK_EQ(find_count(&s, sock, "imc", 5, "DCLK")->delta, 8000000);
		CHECK_EQ(find_count(&s, sock, "pcu", 0, "CLOCKTICKS")->delta, 8000000);
		CHECK_EQ(find_count(&s, sock, "irp", 0, "CLOCKTICKS")->delta, 20000000);
		CHECK_EQ(find_count(&s, sock, "cbo", 14, "CLOCKTICKS")->delta, 20000000);
	}
	struct upm_metric_value mv[64];
	unsigned n = upm_metrics_compute(&s, mv, 64);
	int seen = 0;
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(mv[i].metric->name, "MEM_BW_READS") && mv[i].socket == 1) {
			/* 8003 x 64 over about 10 ms */
			CHECK(rate_over_windows(mv[i].value, 64, &s, 1, "CAS_COUNT.RD", 0, 10000000u));
			seen = 1;
		}
	CHECK(seen);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(ivbep_qpi_port2_absent_and_never_written)
{
	/* An E5-2600 v2 has two QPI ports; port 2 (0x0E3A, EX only, 003:24-26) and R3QPI
	 * link 2 (0x0E3E at 12.5) do not answer on the mock, so they are reported absent and
	 * neither they nor port 2's mask/match function (0A.6) are ever written. */
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "ivbep", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "qpi/TxL_FLITS_G0.DATA/,qpi/CTO_COUNT,match0=0x1/,r3qpi/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &idle), 0);
	for (unsigned sock = 0; sock < 2; sock++) {
		CHECK(find_count(&s, sock, "qpi", 1, "TxL_FLITS_G0.DATA")->status == UPM_OK);
		const struct upm_count *c = find_count(&s, sock, "qpi", 2, "TxL_FLITS_G0.DATA");
		CHECK(c && c->status != UPM_OK);
		c = find_count(&s, sock, "r3qpi", 2, "CLOCKTICKS");
		CHECK(c && c->status != UPM_OK);
	}
	int seen = 0;
	for (unsigned i = 0; i < s.n_boxes; i++)
		if (!strcmp(s.boxes[i].type->name, "qpi") && s.boxes[i].instance == 2) {
			CHECK_EQ(s.boxes[i].state, UPM_BOX_ABSENT);
			CHECK_CONTAINS(s.boxes[i].why, ":0a.2 does not answer");
			seen++;
		}
	CHECK_EQ(seen, 2);
	struct upm_buf w;
	upm_buf_init(&w);
	trace_writes(f.trace, &w);
	CHECK(!strstr(w.data, ":0a.2"));
	CHECK(!strstr(w.data, ":0a.6"));
	CHECK(!strstr(w.data, ":12.5"));
	CHECK_CONTAINS(w.data, "1:pci:ff:09.6+0x228=0x1\n"); /* port 1's match register is */
	upm_buf_free(&w);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(ivbep_session_restores_every_register)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "ivbep", 2, NULL) < 0)
		return;
	for (unsigned sock = 0; sock < 2; sock++) {
		upm_mock_msr(f.mock, sock, 0xD10)->value = 0x400012;
		upm_mock_msr(f.mock, sock, 0xEDA)->value = 0x18200000; /* CBo 14 FILTER1: opc 0x182 */
		upm_mock_msr(f.mock, sock, 0xD14)->value = 0x3 << 17;
		upm_mock_msr(f.mock, sock, 0xC00)->value = 0x1;
	}
	upm_mock_snapshot(f.mock);
	CHECK_EQ(upm_session_prepare(&s, &f.run,
				     "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x3f/,cbo/TOR_INSERTS.MISS_OPCODE,"
				     "filter_opc=0x182/,ubox/UCLK/,ubox/EVENT_MSG.MSI_RCVD/,imc/CAS_COUNT.RD/,"
				     "imc/DCLK/,ha/CLOCKTICKS/,pcu/FREQ_BAND0_CYCLES,filter_band0=0x14/,"
				     "qpi/CTO_COUNT,match0=1/,r2pcie/CLOCKTICKS/,r3qpi/CLOCKTICKS/,irp/CLOCKTICKS/"),
		 0);
	struct feed busy = { 5000000, 1000, 500, 800, 100, 50 };
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	CHECK_EQ(s.restore_failures, 0);
	char diff[600];
	unsigned changed = upm_mock_compare(f.mock, UPM_MOCK_CMP_SKIP_COUNTERS, diff, sizeof diff);
	if (changed)
		upm_test_fail(__FILE__, __LINE__, "%u registers changed:\n%s", changed, diff);
	CHECK_EQ(mock_pmon_of(f.mock)->violations, 0);
	upm_session_free(&s);
	fixture_free(&f);
}

/* --- the health check on ivbep --- */

static int selftest_on(const char *faults, struct upm_verdicts *vs, unsigned *not_restored)
{
	struct fixture f;
	char err[200], diff[4096];
	if (fixture_init(&f, "ivbep", 2, faults) < 0)
		return -1;
	fixture_real_time(&f); /* time really passes in the self-test */
	upm_mock_snapshot(f.mock);
	upm_verdicts_init(vs, 4096);
	int rc = upm_selftest(&f.run, vs, err, sizeof err);
	if (rc < 0)
		upm_test_fail(__FILE__, __LINE__, "selftest: %s", err);
	if (mock_pmon_of(f.mock)->violations) /* e.g. a box control without bits 17:16 */
		upm_test_fail(__FILE__, __LINE__, "mock violation: %s", mock_pmon_of(f.mock)->last_violation);
	*not_restored = 0;
	/* Everything the self-test touched is back, except (KNOWN, reported) the iMC status
	 * bit 0 its fixed-counter wrap sets (E7 v2 datasheet 13.2.4.6 "iMC: [0] = Fixed"):
	 * the self-test clears only the general counters' bits, not the table's ovf_fixed. */
	char *line = diff;
	upm_mock_compare(f.mock, 0, diff, sizeof diff);
	while (line && *line) {
		char *end = strchr(line, '\n');
		if (end)
			*end = 0;
		int imc_fixed_ovf = (strstr(line, ":10.") || strstr(line, ":1e.")) &&
				    strstr(line, "+0xf8: was 0x0, now 0x1 ");
		if (!imc_fixed_ovf) {
			(*not_restored)++;
			upm_test_fail(__FILE__, __LINE__, "not restored: %s", line);
		}
		line = end ? end + 1 : NULL;
	}
	fixture_free(&f);
	return rc;
}

static const struct upm_verdict *verdict(const struct upm_verdicts *vs, unsigned socket, const char *box,
					 int instance, const char *check)
{
	for (unsigned i = 0; i < vs->n; i++)
		if (vs->v[i].socket == socket && !strcmp(vs->v[i].box, box) && vs->v[i].instance == instance &&
		    !strcmp(vs->v[i].check, check))
			return &vs->v[i];
	return NULL;
}

TEST(ivbep_selftest_clean_mock_passes_with_the_ex_only_ports_not_applicable)
{
	struct upm_verdicts vs;
	unsigned nr = 0;
	if (selftest_on(NULL, &vs, &nr) < 0)
		return;
	for (unsigned i = 0; i < vs.n; i++) {
		const struct upm_verdict *v = &vs.v[i];
		int ex_only = v->instance == 2 && (!strcmp(v->box, "qpi") || !strcmp(v->box, "r3qpi"));
		if (ex_only) {
			/* Absent on this (EP) part: not a finding (box table optional_from = 2). */
			if (v->result != UPM_RESULT_NA || !strstr(v->reason, "only some parts"))
				upm_test_fail(__FILE__, __LINE__, "%s2: %s", v->box, v->reason);
		} else if (v->result != UPM_RESULT_PASS && v->result != UPM_RESULT_NA) {
			upm_test_fail(__FILE__, __LINE__, "socket %u %s%d %s: %s", v->socket, v->box, v->instance,
				      v->check, v->reason);
		}
	}
	/* The tests ran: CBo 14 froze (box frz alone, no frz_en), the IRP and iMC 7 wrapped
	 * and set their status bits, the UBox counted under the global control. */
	CHECK_EQ(verdict(&vs, 1, "cbo", 14, "selftest.freeze")->result, UPM_RESULT_PASS);
	CHECK_EQ(verdict(&vs, 0, "irp", 0, "selftest.wrap")->result, UPM_RESULT_PASS);
	CHECK_EQ(verdict(&vs, 1, "imc", 7, "selftest.wrap")->result, UPM_RESULT_PASS);
	CHECK_EQ(verdict(&vs, 0, "ubox", 0, "selftest.count")->result, UPM_RESULT_PASS);
	upm_verdicts_free(&vs);
}

TEST(ivbep_selftest_fails_on_injected_faults)
{
	static const struct {
		const char *faults;
		unsigned socket;
		const char *box;
		int instance;
		const char *check, *reason;
	} cases[] = {
		/* CBo 12 control 1 is 0xD04 + 12 x 0x20 + 0xD = 0xE91. */
		{ "stuck=cbo12.ctr1", 0, "cbo", 12, "selftest.count", "did not move" },
		{ "s1.nofreeze=ha1", 1, "ha", 1, "selftest.freeze", "while frozen" },
		{ "stuckbit=irp0.ctl2:18", 0, "irp", 0, "selftest.ctl", "0xe0 bit 18 does not set" },
		{ "dead=imc6", 0, "imc", 6, "presence", "all ones" },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(cases); i++) {
		struct upm_verdicts vs;
		unsigned nr = 0;
		if (selftest_on(cases[i].faults, &vs, &nr) < 0)
			continue;
		const struct upm_verdict *v =
			verdict(&vs, cases[i].socket, cases[i].box, cases[i].instance, cases[i].check);
		if (!v || v->result != UPM_RESULT_FAIL || !strstr(v->reason, cases[i].reason))
			upm_test_fail(__FILE__, __LINE__, "%s: %s", cases[i].faults, v ? v->reason : "no verdict");
		CHECK_EQ(upm_verdicts_overall(&vs), UPM_RESULT_FAIL);
		upm_verdicts_free(&vs);
	}
}

/* Box-level mock faults and the snapshot/compare API, at register level on the mocked
 * Sandy Bridge-EP (two sockets). Addresses are the guide's (seed 000, 327043-001), cited
 * per use; buses 0x7F (socket 0) and 0xFF (socket 1) are the mock's choice (the guide
 * gives device and function only). Each fault is checked on its box, on a neighbour
 * instance and on the same box of the other socket. */
#include "tests/unit/test.h"
#include "tests/unit/mock_backend.h"
#include "tests/unit/test_clock.h"
#include "tests/unit/fixture.h"
#include "platform/mock/mock.h"
#include "platform/mock/pmon.h"
#include "platform/pci.h"
#include "platform/base/os.h"

/* Counter control fields (Table 2-10, 000:560-572): en 22, umask 15:8, ev_sel 7:0. */
#define EN (1ull << 22)
#define CTL(ev, um) (EN | (uint64_t)(um) << 8 | (ev))
/* Box control (Table 2-9, 000:531-547): frz_en 16, frz 8, rst_ctrs 1, rst_ctrl 0. */
#define FRZ_EN (1ull << 16)
#define FRZ (1ull << 8)

/* CBo n: box control 0xD04+0x20n, control i 0xD10+0x20n+i, filter 0xD14+0x20n,
 * counter i 0xD16+0x20n+i. Table 2-8 (000:461-519) lists every box control and control;
 * Table 1-2 (000:146-164) the counters and filters of CBo 3-7; the 0x20 stride gives
 * CBo 0-2's (seeds-digest 1.2.1). */
#define CBO_BOX(n) (0xD04u + 0x20u * (n))
#define CBO_CTL(n, i) (0xD10u + 0x20u * (n) + (i))
#define CBO_FILTER(n) (0xD14u + 0x20u * (n))
#define CBO_CTR(n, i) (0xD16u + 0x20u * (n) + (i))

/* PCI boxes (Table 1-3, 000:168-198): box control 0xF4, controls 0xD8+4i, counters
 * 0xA0+8i (two dwords); iMC fixed control 0xF0, fixed counter 0xD0/0xD4. iMC channels
 * on D16:F0,1,4,5 (000:180-184), HA on D14:F1 (000:189), QPI ports D8,9:F2 and their
 * mask/match functions D8,9:F6 (000:190-191). */
static const uint8_t bus_of[2] = { 0x7F, 0xFF };
static const uint8_t imc_fn[4] = { 0, 1, 4, 5 };

/* The mocks here run on a test clock: time passes only in feed(), so counts are exact. */
static struct test_clock clock;

static struct upm_backend *mock(const char *faults)
{
	return mock_backend("snbep", 2, faults, &clock);
}

static int spec_error(const char *faults, char *err, size_t n)
{
	struct upm_backend *b = upm_mock_create("snbep", 2, faults, err, n);
	if (b) {
		upm_backend_destroy(b);
		snprintf(err, n, "(accepted)");
		return 0;
	}
	return 1;
}

static int msr_rd(struct upm_backend *b, unsigned s, uint32_t msr, uint64_t *v)
{
	struct upm_mock *m = upm_mock_of(b);
	m->forced_socket = (int)s;
	int rc = upm_msr_read(b, msr, v);
	m->forced_socket = -1;
	return rc;
}

static uint64_t rd(struct upm_backend *b, unsigned s, uint32_t msr)
{
	uint64_t v = 0xBAD;
	if (msr_rd(b, s, msr, &v) != UPM_OK)
		upm_test_fail(__FILE__, __LINE__, "s%u rdmsr 0x%x faulted", s, msr);
	return v;
}

static int wr(struct upm_backend *b, unsigned s, uint32_t msr, uint64_t v)
{
	struct upm_mock *m = upm_mock_of(b);
	m->forced_socket = (int)s;
	int rc = upm_msr_write(b, msr, v);
	m->forced_socket = -1;
	return rc;
}

static struct upm_pci_addr at(unsigned s, unsigned dev, unsigned fn, unsigned off)
{
	return (struct upm_pci_addr){ 0, bus_of[s], (uint8_t)dev, (uint8_t)fn, (uint16_t)off };
}

static uint32_t prd(struct upm_backend *b, struct upm_pci_addr a)
{
	uint32_t v = 0xBAD;
	if (upm_pci_read32(b, a, &v) != UPM_OK)
		upm_test_fail(__FILE__, __LINE__, "pci read failed");
	return v;
}

static void pwr(struct upm_backend *b, struct upm_pci_addr a, uint32_t v)
{
	if (upm_pci_write32(b, a, v) != UPM_OK)
		upm_test_fail(__FILE__, __LINE__, "pci write failed");
}

/* 48-bit PCI counter i of a function: low dword at 0xA0+8i, high at 0xA4+8i. */
static uint64_t pctr(struct upm_backend *b, unsigned s, unsigned dev, unsigned fn, unsigned off)
{
	return prd(b, at(s, dev, fn, off)) | (uint64_t)prd(b, at(s, dev, fn, off + 4)) << 32;
}

/* ns of time, and the same traffic on both sockets. */
static void feed(struct upm_backend *b, uint64_t ns, uint64_t lines_read, uint64_t llc_lookups)
{
	test_clock_advance(b, ns);
	for (unsigned s = 0; s < 2; s++) {
		struct upm_activity a = { s, ns, lines_read, 0, llc_lookups, 0, 0 };
		upm_activity(b, &a);
	}
}

/* CBo CLOCKTICKS is event 0x00 (Table 2-14, 000:709). */
static void cbo_clocks(struct upm_backend *b, unsigned s, unsigned n, unsigned ctr)
{
	CHECK_EQ(wr(b, s, CBO_CTL(n, ctr), CTL(0x00, 0)), UPM_OK);
}

TEST(mock_fault_stuck_counter)
{
	struct upm_backend *b = mock("stuck=cbo3.ctr0");
	for (unsigned s = 0; s < 2; s++) {
		cbo_clocks(b, s, 3, 0);
		cbo_clocks(b, s, 3, 1);
		cbo_clocks(b, s, 4, 0);
	}
	CHECK_EQ(wr(b, 0, CBO_CTR(3, 0), 0x55), UPM_OK); /* software can still write it */
	feed(b, 1000, 0, 0);
	CHECK_EQ(rd(b, 0, CBO_CTR(3, 0)), 0x55);          /* 0xD76: never moves */
	uint64_t moved = rd(b, 0, CBO_CTR(3, 1));          /* 0xD77: same box, other counter */
	CHECK(moved > 0);
	CHECK_EQ(rd(b, 0, CBO_CTR(4, 0)), moved);          /* 0xD96: neighbour CBo */
	CHECK_EQ(rd(b, 1, CBO_CTR(3, 0)), moved);          /* the other socket */
	upm_backend_destroy(b);
}

TEST(mock_fault_stuck_fixed)
{
	/* iMC fixed control 0xF0: en 22 (Table 2-62, 000:2259-2266); counter 0xD0/0xD4. */
	struct upm_backend *b = mock("s1.stuck=imc1.fixed");
	for (unsigned s = 0; s < 2; s++)
		for (unsigned c = 0; c < 2; c++)
			pwr(b, at(s, 16, imc_fn[c], 0xF0), (uint32_t)EN);
	feed(b, 1000, 0, 0);
	CHECK_EQ(pctr(b, 1, 16, 1, 0xD0), 0);
	uint64_t dclk = pctr(b, 1, 16, 0, 0xD0);
	CHECK(dclk > 0);
	CHECK_EQ(pctr(b, 0, 16, 1, 0xD0), dclk);
	upm_backend_destroy(b);
}

TEST(mock_fault_dead_msr_box)
{
	struct upm_backend *b = mock("dead=cbo3");
	struct upm_mock *m = upm_mock_of(b);
	/* Every MSR of CBo 3: box 0xD64, controls 0xD70-73, filter 0xD74, counters 0xD76-79. */
	const uint32_t regs[] = { CBO_BOX(3), CBO_CTL(3, 0), CBO_CTL(3, 3), CBO_FILTER(3),
				  CBO_CTR(3, 0), CBO_CTR(3, 3) };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(regs); i++) {
		CHECK_EQ(rd(b, 0, regs[i]), ~0ull);
		/* Writes are dropped without #GP, even with reserved bits set (bit 16 of a control). */
		CHECK_EQ(wr(b, 0, regs[i], 0x10001), UPM_OK);
		CHECK_EQ(upm_mock_msr(m, 0, regs[i])->value, 0);
	}
	CHECK_EQ(wr(b, 0, CBO_CTL(4, 0), CTL(0x34, 0x03)), UPM_OK); /* neighbour: 0xD90 */
	CHECK_EQ(rd(b, 0, CBO_CTL(4, 0)), CTL(0x34, 0x03));
	CHECK_EQ(wr(b, 0, CBO_CTL(4, 0), 1ull << 16), UPM_EFAULT);  /* still #GPs on reserved */
	CHECK_EQ(wr(b, 1, CBO_CTL(3, 0), CTL(0x34, 0x03)), UPM_OK); /* other socket: 0xD70 */
	CHECK_EQ(rd(b, 1, CBO_CTL(3, 0)), CTL(0x34, 0x03));
	upm_backend_destroy(b);
}

TEST(mock_fault_dead_pci_box)
{
	struct upm_backend *b = mock("s1.dead=imc2");
	/* iMC channel 2 is D16:F4, device ID 0x3CB4 (boxes/PUBLIC_FACTS.md, Linux PCI IDs). */
	CHECK_EQ(prd(b, at(1, 16, 4, 0)), 0x3CB48086u); /* still answers with its IDs */
	CHECK_EQ(prd(b, at(1, 16, 4, 0xF4)), 0xFFFFFFFFu);
	CHECK_EQ(prd(b, at(1, 16, 4, 0xD8)), 0xFFFFFFFFu);
	CHECK_EQ(prd(b, at(1, 16, 4, 0xA0)), 0xFFFFFFFFu);
	CHECK_EQ(prd(b, at(1, 16, 4, 0xF0)), 0xFFFFFFFFu);
	pwr(b, at(1, 16, 4, 0xD8), (uint32_t)CTL(0x04, 0x03));
	struct upm_mock_pci_dev *d = upm_mock_pci_dev(upm_mock_of(b), 0xFF, 16, 4, NULL);
	CHECK_EQ(upm_mock_pci_reg(d, 0xD8)->value, 0); /* the write was dropped */
	/* Neighbour channel 3 (D16:F5) and channel 2 of socket 0 behave. */
	pwr(b, at(1, 16, 5, 0xD8), (uint32_t)CTL(0x04, 0x03));
	CHECK_EQ(prd(b, at(1, 16, 5, 0xD8)), CTL(0x04, 0x03));
	pwr(b, at(0, 16, 4, 0xD8), (uint32_t)CTL(0x04, 0x03));
	CHECK_EQ(prd(b, at(0, 16, 4, 0xD8)), CTL(0x04, 0x03));
	upm_backend_destroy(b);
}

TEST(mock_fault_absent_msr_box)
{
	/* CBo 7: box 0xDE4, controls 0xDF0-0xDF3 (000:514-519), counters 0xDF6-0xDF9 (000:146). */
	struct upm_backend *b = mock("s1.absent=cbo7");
	uint64_t v;
	CHECK_EQ(msr_rd(b, 1, CBO_BOX(7), &v), UPM_EFAULT);
	CHECK_EQ(msr_rd(b, 1, CBO_CTL(7, 0), &v), UPM_EFAULT);
	CHECK_EQ(msr_rd(b, 1, CBO_CTR(7, 3), &v), UPM_EFAULT);
	CHECK_EQ(wr(b, 1, CBO_CTL(7, 0), CTL(0x00, 0)), UPM_EFAULT);
	CHECK_EQ(wr(b, 1, CBO_CTL(6, 0), CTL(0x00, 0)), UPM_OK); /* neighbour 0xDD0 */
	CHECK_EQ(wr(b, 0, CBO_CTL(7, 0), CTL(0x00, 0)), UPM_OK); /* socket 0 */
	CHECK_EQ(msr_rd(b, 0, CBO_CTR(7, 3), &v), UPM_OK);
	upm_backend_destroy(b);
}

TEST(mock_fault_absent_pci_box)
{
	/* QPI port 1: D9:F2 (0x3C42) and its mask/match function D9:F6, match0 at 0x228
	 * (000:190-198). Port 0 is D8:F2 (0x3C41; PUBLIC_FACTS.md). */
	struct upm_backend *b = mock("absent=qpi1");
	CHECK_EQ(prd(b, at(0, 9, 2, 0)), UPM_PCI_ABSENT);
	CHECK_EQ(prd(b, at(0, 9, 2, 0xF4)), UPM_PCI_ABSENT);
	CHECK_EQ(prd(b, at(0, 9, 6, 0x228)), UPM_PCI_ABSENT);
	pwr(b, at(0, 9, 2, 0xD8), (uint32_t)CTL(0x14, 0));
	struct upm_mock_pci_dev *d = upm_mock_pci_dev(upm_mock_of(b), 0x7F, 9, 2, NULL);
	CHECK_EQ(upm_mock_pci_reg(d, 0xD8)->value, 0);
	CHECK_EQ(prd(b, at(0, 8, 2, 0)), 0x3C418086u);
	CHECK_EQ(prd(b, at(1, 9, 2, 0)), 0x3C428086u);
	pwr(b, at(1, 9, 2, 0xD8), (uint32_t)CTL(0x14, 0));
	CHECK_EQ(prd(b, at(1, 9, 2, 0xD8)), CTL(0x14, 0));
	upm_backend_destroy(b);
}

TEST(mock_fault_absent_pci_address_form_still_works)
{
	struct upm_backend *b = mock("s1.absent=ff:0e.1");
	CHECK_EQ(prd(b, at(1, 14, 1, 0)), UPM_PCI_ABSENT);
	CHECK_EQ(prd(b, at(0, 14, 1, 0)), 0x3C468086u); /* HA D14:F1 (000:189), ID 0x3C46 */
	upm_backend_destroy(b);
}

TEST(mock_fault_nofreeze)
{
	struct upm_backend *b = mock("nofreeze=cbo3");
	for (unsigned s = 0; s < 2; s++) {
		for (unsigned n = 3; n <= 4; n++) {
			cbo_clocks(b, s, n, 0);
			CHECK_EQ(wr(b, s, CBO_BOX(n), FRZ_EN | FRZ), UPM_OK); /* frozen */
		}
	}
	feed(b, 1000, 0, 0);
	CHECK(rd(b, 0, CBO_CTR(3, 0)) > 0);   /* ignores the freeze */
	CHECK_EQ(rd(b, 0, CBO_CTR(4, 0)), 0); /* neighbour stays frozen */
	CHECK_EQ(rd(b, 1, CBO_CTR(3, 0)), 0); /* other socket stays frozen */
	upm_backend_destroy(b);
}

TEST(mock_fault_stuckbit_counter_control)
{
	/* Bit 22 (en) of CBo 3 control 1 (0xD71) never sets: reads back 0, counter 0xD77 idle. */
	struct upm_backend *b = mock("stuckbit=cbo3.ctl1:22,s1.stuckbit=ha0.ctl0:8");
	for (unsigned s = 0; s < 2; s++) {
		cbo_clocks(b, s, 3, 1);
		cbo_clocks(b, s, 4, 1);
	}
	CHECK_EQ(rd(b, 0, CBO_CTL(3, 1)), 0);
	CHECK_EQ(rd(b, 0, CBO_CTL(4, 1)), CTL(0x00, 0));
	CHECK_EQ(rd(b, 1, CBO_CTL(3, 1)), CTL(0x00, 0));
	/* Other bits of the same register still work. */
	CHECK_EQ(wr(b, 0, CBO_CTL(3, 1), CTL(0x34, 0x03)), UPM_OK);
	CHECK_EQ(rd(b, 0, CBO_CTL(3, 1)), 0x0334);
	feed(b, 1000, 0, 0);
	CHECK_EQ(rd(b, 0, CBO_CTR(3, 1)), 0);
	CHECK(rd(b, 0, CBO_CTR(4, 1)) > 0);
	CHECK(rd(b, 1, CBO_CTR(3, 1)) > 0);
	/* HA control 0 (D14:F1 0xD8; Table 2-35, 000:1568-1600, umask 15:8): umask bit 0 stuck
	 * on socket 1. */
	pwr(b, at(1, 14, 1, 0xD8), 0x400301);
	CHECK_EQ(prd(b, at(1, 14, 1, 0xD8)), 0x400201);
	pwr(b, at(0, 14, 1, 0xD8), 0x400301);
	CHECK_EQ(prd(b, at(0, 14, 1, 0xD8)), 0x400301);
	upm_backend_destroy(b);
}

TEST(mock_fault_stuckbit_fixed_control)
{
	/* iMC channel 0 fixed control (D16:F0 0xF0): en 22 never sets, DCLK stays 0. */
	struct upm_backend *b = mock("stuckbit=imc0.fixed:22");
	for (unsigned s = 0; s < 2; s++)
		for (unsigned c = 0; c < 2; c++)
			pwr(b, at(s, 16, imc_fn[c], 0xF0), (uint32_t)EN);
	CHECK_EQ(prd(b, at(0, 16, 0, 0xF0)), 0);
	CHECK_EQ(prd(b, at(0, 16, 1, 0xF0)), EN);
	feed(b, 1000, 0, 0);
	CHECK_EQ(pctr(b, 0, 16, 0, 0xD0), 0);
	CHECK(pctr(b, 0, 16, 1, 0xD0) > 0);
	CHECK(pctr(b, 1, 16, 0, 0xD0) > 0);
	upm_backend_destroy(b);
}

/* SNB-EP box controls are write-only (Table 2-9), so stuckbit=BOX.box needs a model
 * whose box control reads back: a box registered here the way a model would, on an MSR
 * no SNB-EP register uses. */
TEST(mock_fault_stuckbit_box_control_where_readable)
{
	struct upm_backend *b = mock(NULL);
	struct upm_mock *m = upm_mock_of(b);
	struct mock_box *box = mock_pmon_add_box(m, "tst", 99, 1, 0);
	struct upm_mock_reg *ctl = upm_mock_add_msr(m, 1, 0xE10, 0, 0xFF);
	CHECK(box && ctl);
	mock_box_set_box_ctl(box, ctl, 0);
	upm_mock_seal(m);
	CHECK_EQ(upm_mock_apply_fault(m, "s1.stuckbit=tst0.box:3"), 0);
	CHECK_EQ(wr(b, 1, 0xE10, 0xFF), UPM_OK);
	CHECK_EQ(rd(b, 1, 0xE10), 0xF7);
	CHECK_EQ(upm_mock_apply_fault(m, "stuckbit=tst0.box:3"), -1); /* only on socket 1 */
	CHECK_CONTAINS(m->error, "socket 0 has ubox0");
	upm_backend_destroy(b);
}

/* iMC CAS_COUNT.RD: event 0x04, umask 0x03 (Table 2-66, 000:2375-2388). */
static void imc_cas(struct upm_backend *b)
{
	for (unsigned s = 0; s < 2; s++) {
		for (unsigned c = 0; c < 4; c++) {
			pwr(b, at(s, 16, imc_fn[c], 0xD8), (uint32_t)CTL(0x04, 0x03));
			pwr(b, at(s, 16, imc_fn[c], 0xF0), (uint32_t)EN);
		}
	}
}

TEST(mock_fault_nochannel)
{
	struct upm_backend *b = mock("nochannel=imc1");
	imc_cas(b);
	/* 3000 lines in 10 us (19.2 GB/s): within what three channels move (38.4). */
	feed(b, 10000, 3000, 0);
	uint64_t cas[2][4], sum = 0;
	for (unsigned s = 0; s < 2; s++)
		for (unsigned c = 0; c < 4; c++)
			cas[s][c] = pctr(b, s, 16, imc_fn[c], 0xA0);
	CHECK_EQ(cas[0][1], 0);
	CHECK_EQ(cas[0][0], 1000); /* the other three take the whole traffic */
	CHECK_EQ(cas[0][2], 1000);
	CHECK_EQ(cas[0][3], 1000);
	for (unsigned c = 0; c < 4; c++)
		sum += cas[1][c];
	CHECK_EQ(sum, 3000);
	CHECK_EQ(cas[1][1], 750); /* socket 1: even */
	CHECK(pctr(b, 0, 16, 1, 0xD0) > 0); /* its DRAM clock still runs */
	upm_backend_destroy(b);
}

TEST(mock_fault_unpopulated)
{
	struct upm_backend *b = mock("s1.unpopulated=imc3");
	imc_cas(b);
	feed(b, 10000, 3000, 0);
	CHECK_EQ(pctr(b, 1, 16, 5, 0xA0), 0);
	CHECK_EQ(pctr(b, 1, 16, 5, 0xD0), 0); /* no DRAM clock */
	CHECK_EQ(pctr(b, 1, 16, 0, 0xA0) + pctr(b, 1, 16, 1, 0xA0) + pctr(b, 1, 16, 4, 0xA0), 3000);
	uint64_t dclk = pctr(b, 1, 16, 4, 0xD0);
	CHECK(dclk > 0);
	CHECK_EQ(pctr(b, 0, 16, 5, 0xD0), dclk);
	CHECK_EQ(pctr(b, 0, 16, 5, 0xA0), 750);
	upm_backend_destroy(b);
}

/* LLC_LOOKUP.DATA_READ: event 0x34 umask 0x03 (Table 2-16, 000:860-878) with the filter's
 * state field 22:18 (000:613) = 0x1F, any state. */
static void cbo_lookups(struct upm_backend *b)
{
	for (unsigned s = 0; s < 2; s++) {
		for (unsigned n = 0; n < 8; n++) {
			CHECK_EQ(wr(b, s, CBO_FILTER(n), 0x1Full << 18), UPM_OK);
			CHECK_EQ(wr(b, s, CBO_CTL(n, 0), CTL(0x34, 0x03)), UPM_OK);
		}
	}
}

static void check_skew(const char *fault, uint64_t want_cbo2)
{
	struct upm_backend *b = mock(fault);
	cbo_lookups(b);
	feed(b, 1000, 0, 8000);
	uint64_t sum = 0;
	for (unsigned n = 0; n < 8; n++) {
		uint64_t v = rd(b, 0, CBO_CTR(n, 0));
		sum += v;
		if (n != 2) /* the others shrink evenly: (8000 - cbo2) / 7, give or take one */
			CHECK(v * 7 + 7 > 8000 - want_cbo2 && v * 7 < 8000 - want_cbo2 + 7);
		CHECK_EQ(rd(b, 1, CBO_CTR(n, 0)), 1000);
	}
	CHECK_EQ(rd(b, 0, CBO_CTR(2, 0)), want_cbo2);
	CHECK_EQ(sum, 8000);
	upm_backend_destroy(b);
}

TEST(mock_fault_skew)
{
	check_skew("skew=cbo2:3", 3000);
	check_skew("skew=cbo2:0.5", 500);
	check_skew("skew=cbo2:1.25", 1250);
}

TEST(mock_fault_spec_errors_name_what_exists)
{
	char e[320];
	static const struct {
		const char *spec, *want;
	} cases[] = {
		{ "stuck=cbo9.ctr0", "mock fault: stuck=cbo9.ctr0: socket 0 has cbo0..cbo7" },
		{ "s1.dead=imc4", "mock fault: s1.dead=imc4: socket 1 has imc0..imc3" },
		{ "dead=cbo", "socket 0 has cbo0..cbo7" },
		{ "dead=foo0", "socket 0 has ubox0, pcu0, ha0, imc0..imc3, qpi0..qpi1, r2pcie0, "
			       "r3qpi0..r3qpi1, cbo0..cbo7" },
		{ "stuck=cbo3.ctr4", "cbo3 has ctr0..ctr3, no fixed counter" },
		/* The advice names only what the box has: cbo3 has no fixed counter. */
		{ "stuck=cbo3.fixed", "cbo3 has ctr0..ctr3, no fixed counter (use cbo3.ctr0..cbo3.ctr3)" },
		{ "stuck=cbo3", "(use cbo3.ctr0..cbo3.ctr3)" },
		{ "stuck=imc0.ctr4", "(use imc0.ctr0..imc0.ctr3 or imc0.fixed)" },
		{ "stuck=ubox0.ctr2", "ubox0 has ctr0..ctr1 and fixed" },
		{ "stuckbit=cbo3.ctl0:16", "bit 16 of cbo3.ctl0 is not a read-write bit "
					   "(read-write: 0-15,18-19,22-31)" },
		{ "stuckbit=cbo3.ctl0:17", "bit 17 of cbo3.ctl0 is not a read-write bit" },
		{ "stuckbit=cbo3.ctl0:64", "bit 64 of cbo3.ctl0" },
		{ "stuckbit=cbo3.box:16", "bit 16 of cbo3.box is not a read-write bit (read-write: none)" },
		{ "stuckbit=ubox0.box:0", "ubox0 has no box control (use ubox0.ctl0..ubox0.ctl1 or ubox0.fixed)" },
		{ "stuckbit=cbo3.fixed:22", "cbo3 has no fixed counter control (use cbo3.ctl0..cbo3.ctl3 or cbo3.box)" },
		{ "stuckbit=cbo3.ctl5:1", "cbo3 has ctr0..ctr3, no fixed counter (use cbo3.ctl0..cbo3.ctl3 or cbo3.box)" },
		{ "stuckbit=cbo3.ctl0", "use cbo3.ctl0..cbo3.ctl3 or cbo3.box, then :BIT" },
		{ "nofreeze=ubox0", "ubox0 has no box-level freeze" },
		{ "nochannel=ha0", "ha0 is the only ha on socket 0" },
		{ "skew=cbo3:9", "use cbo3:F with F from 0 to 8" },
		{ "skew=cbo3:x", "use cbo3:F" },
		{ "skew=cbo3:0.1234", "use cbo3:F" },
		{ "skew=cbo3", "use cbo3:F" },
		{ "skew=cbo3:5,skew=cbo4:4", "the cbos of socket 0 would take more than all the traffic" },
		{ "dead=cbo3.ctr0", "name the box alone (cbo3)" },
		{ "absent=zz", "socket 0 has ubox0" },
		{ "s1.nofreeze=", "is not NAME=VALUE" },
		{ "wobble=cbo3", "unknown fault 'wobble'" },
		/* A misspelt fault or box gets its closest valid choice and what to do. */
		{ "s0.stuk=cbo3.ctr0", "mock fault: unknown fault 'stuk' (closest: stuck; known: gp gpr gpw absent "
				       "ones onesat noecam badecam interleave segment cores stuck stuckbit dead nofreeze "
				       "locked nochannel unpopulated skew linkrate): use one of those (see 'upmon help')" },
		{ "s0.stuck=imc7.ctr0", "mock fault: s0.stuck=imc7.ctr0: socket 0 has imc0..imc3: name one of those" },
		{ "dead=cbx3", "socket 0 has ubox0, pcu0, ha0, imc0..imc3, qpi0..qpi1, r2pcie0, r3qpi0..r3qpi1, "
			       "cbo0..cbo7 (closest: cbo): name one of those" },
		/* The socket written on the box, not before the fault: the right spelling. */
		{ "nochannel=s1.imc0", "mock fault: nochannel=s1.imc0: the socket goes before the fault's name: s1.nochannel=imc0" },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(cases); i++) {
		CHECK(spec_error(cases[i].spec, e, sizeof e));
		if (!strstr(e, cases[i].want))
			upm_test_fail(__FILE__, __LINE__, "%s: got \"%s\", want \"%s\"", cases[i].spec, e,
				      cases[i].want);
		CHECK(!strchr(e, '\n'));
	}
	/* Every fault accepts a valid target. */
	CHECK_EQ(spec_error("stuck=ubox0.fixed,s1.stuck=qpi1.ctr3,stuckbit=r3qpi1.ctl2:23,"
			    "dead=pcu0,s1.dead=qpi0,absent=r2pcie0,nofreeze=ha0,unpopulated=imc0,"
			    "s1.nochannel=imc2,skew=cbo0:0,skew=cbo1:8", e, sizeof e), 0);
}

TEST(mock_snapshot_compare_finds_changes)
{
	struct upm_backend *b = mock(NULL);
	struct upm_mock *m = upm_mock_of(b);
	char out[512];
	upm_mock_snapshot(m);
	CHECK_EQ(upm_mock_compare(m, 0, out, sizeof out), 0);
	CHECK_STR(out, "");
	/* CBo 3 control 0 (0xD70) on socket 1 and HA control 0 (7f:0e.1+0xD8) on socket 0. */
	CHECK_EQ(wr(b, 1, CBO_CTL(3, 0), CTL(0x00, 0)), UPM_OK);
	pwr(b, at(0, 14, 1, 0xD8), 0x400001);
	CHECK_EQ(upm_mock_compare(m, 0, out, sizeof out), 2);
	CHECK_CONTAINS(out, "s1 msr 0xd70: was 0x0, now 0x400000 (1 writes)\n");
	CHECK_CONTAINS(out, "s0 pci 7f:0e.1+0xd8: was 0x0, now 0x400001 (1 writes)\n");
	/* A counter that counted: listed, unless counters are skipped. */
	feed(b, 1000, 0, 0);
	CHECK_EQ(upm_mock_compare(m, 0, out, sizeof out), 3);
	CHECK_CONTAINS(out, "s1 msr 0xd76: was 0x0, now 0x");
	CHECK_EQ(upm_mock_compare(m, UPM_MOCK_CMP_SKIP_COUNTERS, out, sizeof out), 2);
	/* Changed without being written (rst_ctrl of box control 0xD64 clears the controls):
	 * listed normally, not with WRITTEN_ONLY unless written. */
	CHECK_EQ(wr(b, 0, CBO_CTL(3, 1), CTL(0x00, 0)), UPM_OK);
	upm_mock_snapshot(m);
	CHECK_EQ(wr(b, 0, CBO_BOX(3), 0x1), UPM_OK);
	CHECK_EQ(upm_mock_compare(m, 0, out, sizeof out), 1);
	CHECK_CONTAINS(out, "s0 msr 0xd71: was 0x400000, now 0x0 (0 writes)");
	CHECK_EQ(upm_mock_compare(m, UPM_MOCK_CMP_WRITTEN_ONLY, out, sizeof out), 0);
	/* Truncation keeps the count and terminates the text. */
	CHECK_EQ(upm_mock_compare(m, 0, out, 8), 1);
	CHECK_EQ(strlen(out), 7);
	upm_backend_destroy(b);
}

TEST(mock_snapshot_compare_none_after_restore)
{
	struct upm_backend *b = mock(NULL);
	struct upm_mock *m = upm_mock_of(b);
	char out[512];
	upm_mock_snapshot(m);
	CHECK_EQ(wr(b, 0, CBO_FILTER(3), 0x1Full << 18), UPM_OK);
	CHECK_EQ(wr(b, 0, CBO_CTL(3, 0), CTL(0x34, 0x03)), UPM_OK);
	pwr(b, at(1, 16, 0, 0xF0), (uint32_t)EN);
	feed(b, 1000, 100, 800);
	CHECK(upm_mock_compare(m, 0, out, sizeof out) >= 4);
	/* Put back what was found (zero): controls, then counters. */
	CHECK_EQ(wr(b, 0, CBO_FILTER(3), 0), UPM_OK);
	CHECK_EQ(wr(b, 0, CBO_CTL(3, 0), 0), UPM_OK);
	CHECK_EQ(wr(b, 0, CBO_CTR(3, 0), 0), UPM_OK);
	pwr(b, at(1, 16, 0, 0xF0), 0);
	CHECK_EQ(upm_mock_compare(m, UPM_MOCK_CMP_SKIP_COUNTERS, out, sizeof out), 0);
	CHECK_EQ(upm_mock_compare(m, 0, out, sizeof out), 1); /* the DCLK counter D0 */
	pwr(b, at(1, 16, 0, 0xD0), 0);
	pwr(b, at(1, 16, 0, 0xD4), 0);
	CHECK_EQ(upm_mock_compare(m, 0, out, sizeof out), 0);
	CHECK_STR(out, "");
	CHECK_EQ(upm_mock_compare(m, UPM_MOCK_CMP_WRITTEN_ONLY, out, sizeof out), 0);
	upm_backend_destroy(b);
}

/* A whole session on the mock leaves every register as it found it. */
TEST(mock_snapshot_compare_clean_after_session)
{
	static struct feed traffic = { 1000000, 1000, 500, 4000, 1000, 100 };
	struct fixture f;
	struct upm_session s;
	char out[1024];
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	upm_mock_snapshot(f.mock);
	if (upm_session_prepare(&s, &f.run,
				"cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/,imc/CAS_COUNT.RD/,"
				"imc0/DCLK/,ha/REQUESTS.READS/") < 0) {
		upm_test_fail(__FILE__, __LINE__, "prepare: %s", s.error);
	} else {
		if (upm_session_run(&s, feed_interval, &traffic) < 0)
			upm_test_fail(__FILE__, __LINE__, "run: %s", s.error);
		upm_session_free(&s);
	}
	CHECK(upm_mock_compare(f.mock, UPM_MOCK_CMP_WRITTEN_ONLY, NULL, 0) == 0);
	unsigned n = upm_mock_compare(f.mock, 0, out, sizeof out);
	if (n)
		upm_test_fail(__FILE__, __LINE__, "%u registers not restored:\n%s", n, out);
	fixture_free(&f);
}

/* The Ivy Bridge-EP mock's control hierarchy, driven through the backend with literal
 * addresses: the global freeze at U_MSR_PMON_GLOBAL_CTL 0xC00 gates every box (frz_all
 * 31, unfrz_all 29: 329468-002 Table 2-2, p.19), the box freeze is bit 8 alone (no
 * frz_en), box-control writes must carry bits 17:16 (Tables 2-13/2-38/2-72), and an
 * overflow sets the box status (write 1 to clear) and, with ov_en, freezes the socket
 * (003:50-56; 329468-002 2.1.1). */
#include "tests/unit/test.h"
#include "tests/unit/mock_backend.h"
#include "tests/unit/test_clock.h"
#include "platform/mock/mock.h"
#include "platform/mock/pmon.h"
#include "platform/base/os.h"

/* The mocks here run on a test clock: time passes only in tick(), so counts are exact. */
static struct test_clock clock;

static struct upm_backend *ivbep(unsigned sockets, const char *faults)
{
	return mock_backend("ivbep", sockets, faults, &clock);
}

/* ns pass on every socket (the socket the test watches is named for the reader). */
static void tick(struct upm_backend *b, unsigned socket, uint64_t ns)
{
	(void)socket;
	test_clock_advance(b, ns);
}

static uint64_t rd(struct upm_backend *b, uint32_t msr)
{
	uint64_t v = 0;
	if (upm_msr_read(b, msr, &v) != UPM_OK)
		upm_test_fail(__FILE__, __LINE__, "read 0x%x faulted", msr);
	return v;
}

static uint32_t pci_rd(struct upm_backend *b, uint8_t bus, uint8_t dev, uint8_t fn, uint16_t off)
{
	struct upm_pci_addr a = { 0, bus, dev, fn, off };
	uint32_t v = 0;
	(void)upm_pci_read32(b, a, &v);
	return v;
}

static int pci_wr(struct upm_backend *b, uint8_t bus, uint8_t dev, uint8_t fn, uint16_t off, uint32_t v)
{
	struct upm_pci_addr a = { 0, bus, dev, fn, off };
	return upm_pci_write32(b, a, v);
}

TEST(ivbep_mock_global_freeze_gates_every_box)
{
	struct upm_backend *b = ivbep(2, NULL);
	struct upm_mock *m = upm_mock_of(b);
	m->forced_socket = 1;
	/* CBo 14 (box 0xEC4, control 0 0xED0, counter 0 0xED6), UBox UCLK (0xC08/0xC09), and
	 * HA 1 on socket 1's bus 0xFF (1C.1: box 0xF4, control 0 0xD8, counter 0xA0). */
	CHECK_EQ(upm_msr_write(b, 0xEC4, 0x30000), UPM_OK);
	CHECK_EQ(upm_msr_write(b, 0xED0, 0x400000), UPM_OK); /* CLOCKTICKS */
	CHECK_EQ(upm_msr_write(b, 0xC08, 0x400000), UPM_OK);
	CHECK_EQ(pci_wr(b, 0xFF, 0x1C, 1, 0xF4, 0x30000), UPM_OK);
	CHECK_EQ(pci_wr(b, 0xFF, 0x1C, 1, 0xD8, 0x400000), UPM_OK);
	tick(b, 1, 1000); /* 1 us at 2.0 GHz */
	CHECK_EQ(rd(b, 0xED6), 2000);
	CHECK_EQ(rd(b, 0xC09), 2000);
	CHECK_EQ(pci_rd(b, 0xFF, 0x1C, 1, 0xA0), 2000);
	/* frz_all: nothing on socket 1 moves; socket 0 is not frozen. */
	CHECK_EQ(upm_msr_write(b, 0xC00, 1ull << 31), UPM_OK);
	CHECK_EQ(rd(b, 0xC00), 0); /* write-only */
	tick(b, 1, 1000);
	CHECK_EQ(rd(b, 0xED6), 2000);
	CHECK_EQ(rd(b, 0xC09), 2000);
	CHECK_EQ(pci_rd(b, 0xFF, 0x1C, 1, 0xA0), 2000);
	m->forced_socket = 0;
	CHECK_EQ(upm_msr_write(b, 0xC08, 0x400000), UPM_OK);
	tick(b, 0, 1000);
	CHECK_EQ(rd(b, 0xC09), 2000);
	/* unfrz_all on socket 1: counting resumes. */
	m->forced_socket = 1;
	CHECK_EQ(upm_msr_write(b, 0xC00, 1ull << 29), UPM_OK);
	tick(b, 1, 1000);
	CHECK_EQ(rd(b, 0xED6), 4000);
	CHECK_EQ(pci_rd(b, 0xFF, 0x1C, 1, 0xA0), 4000);
	/* Reserved bits of the global control fault (28:15); wk_on_pmi and pmi_core_sel are
	 * read-write. Both actions at once is a violation. */
	CHECK_EQ(upm_msr_write(b, 0xC00, 1ull << 27), UPM_EFAULT);
	CHECK_EQ(upm_msr_write(b, 0xC00, (1ull << 30) | 0x7FFF), UPM_OK);
	CHECK_EQ(rd(b, 0xC00), (1ull << 30) | 0x7FFF);
	CHECK_EQ(mock_pmon_of(m)->violations, 0);
	CHECK_EQ(upm_msr_write(b, 0xC00, (1ull << 31) | (1ull << 29)), UPM_OK);
	CHECK_EQ(mock_pmon_of(m)->violations, 1);
	upm_backend_destroy(b);
}

TEST(ivbep_mock_box_freeze_needs_no_frz_en_and_bits_17_16)
{
	struct upm_backend *b = ivbep(1, NULL);
	struct upm_mock *m = upm_mock_of(b);
	m->forced_socket = 0;
	/* PCU: box 0xC24, control 0 0xC30, counter 0 0xC36; CLOCKTICKS at 800 MHz. */
	CHECK_EQ(upm_msr_write(b, 0xC30, 0x400000), UPM_OK);
	CHECK_EQ(upm_msr_write(b, 0xC24, 0x30100), UPM_OK); /* frz with the ones, no frz_en */
	tick(b, 0, 1000);
	CHECK_EQ(rd(b, 0xC36), 0);
	CHECK_EQ(upm_msr_write(b, 0xC24, 0x30000), UPM_OK);
	tick(b, 0, 1000);
	CHECK_EQ(rd(b, 0xC36), 800);
	CHECK_EQ(upm_msr_write(b, 0xC24, 0x30002), UPM_OK); /* rst_ctrs */
	CHECK_EQ(rd(b, 0xC36), 0);
	CHECK_EQ(mock_pmon_of(m)->violations, 0);
	/* Sandy Bridge-EP's value (frz_en 16 without bit 17) breaks the rule. */
	CHECK_EQ(upm_msr_write(b, 0xC24, 0x10100), UPM_OK);
	CHECK_EQ(mock_pmon_of(m)->violations, 1);
	CHECK_CONTAINS(mock_pmon_of(m)->last_violation, "pcu0 box control 0xc24: bits 17:16");
	/* A bit outside the box control's fields faults (MSR) or is a violation (PCI). */
	CHECK_EQ(upm_msr_write(b, 0xC24, 0x70000), UPM_EFAULT);
	CHECK_EQ(pci_wr(b, 0x7F, 0x13, 1, 0xF4, 0x70000), UPM_OK);
	CHECK_EQ(mock_pmon_of(m)->violations, 2);
	upm_backend_destroy(b);
}

TEST(ivbep_mock_overflow_sets_status_and_ov_en_freezes_the_socket)
{
	struct upm_backend *b = ivbep(1, NULL);
	struct upm_mock *m = upm_mock_of(b);
	m->forced_socket = 0;
	/* iMC channel 2 at 10.0 (0x0EB0): counter 1 at 0xA8/0xAC, 48 bits, preloaded 16 below
	 * the wrap; DCLOCKTICKS (0x00) at 800 MHz. Status 0xF8: bit 1 + i = counter i. */
	CHECK_EQ(pci_rd(b, 0x7F, 0x10, 0, 0x00), 0x0EB08086);
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xF4, 0x30000), UPM_OK);
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xA8, 0xFFFFFFF0u), UPM_OK);
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xAC, 0xFFFF), UPM_OK);
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xDC, 0x400000), UPM_OK);
	tick(b, 0, 100); /* 80 ticks: wraps */
	CHECK_EQ(pci_rd(b, 0x7F, 0x10, 0, 0xA8), 64);
	CHECK_EQ(pci_rd(b, 0x7F, 0x10, 0, 0xF8), 1u << 2);
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xF8, 1u << 2), UPM_OK); /* write 1 to clear */
	CHECK_EQ(pci_rd(b, 0x7F, 0x10, 0, 0xF8), 0);
	/* Without ov_en the socket kept counting: the UBox clock moves. */
	CHECK_EQ(upm_msr_write(b, 0xC08, 0x400000), UPM_OK);
	tick(b, 0, 10);
	CHECK_EQ(rd(b, 0xC09), 20);
	/* With ov_en (bit 20) the overflow reaches the UBox, which freezes every box. */
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xA8, 0xFFFFFFF0u), UPM_OK);
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xAC, 0xFFFF), UPM_OK);
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xDC, 0x500000), UPM_OK);
	tick(b, 0, 100);
	CHECK_EQ(pci_rd(b, 0x7F, 0x10, 0, 0xF8), 1u << 2);
	uint64_t frozen_at = rd(b, 0xC09);
	tick(b, 0, 1000);
	CHECK_EQ(rd(b, 0xC09), frozen_at);
	CHECK_EQ(upm_msr_write(b, 0xC00, 1ull << 29), UPM_OK); /* unfrz_all */
	tick(b, 0, 10);
	CHECK_EQ(rd(b, 0xC09), frozen_at + 20);
	/* The fixed DRAM clock's overflow is bit 0 (E7 v2 datasheet 13.2.4.6). */
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xD0, 0xFFFFFFF0u), UPM_OK);
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xD4, 0xFFFF), UPM_OK);
	CHECK_EQ(pci_wr(b, 0x7F, 0x10, 0, 0xF0, 0x400000), UPM_OK);
	tick(b, 0, 100);
	CHECK_EQ(pci_rd(b, 0x7F, 0x10, 0, 0xF8) & 1u, 1u);
	upm_backend_destroy(b);
}

TEST(ivbep_mock_population)
{
	struct upm_backend *b = ivbep(2, NULL);
	struct upm_mock *m = upm_mock_of(b);
	m->forced_socket = 1;
	/* 15 CBos: CBo 14's FILTER1 is 0xEDA (LWR), and there is no CBo 15 (0xEE4). */
	CHECK_EQ(upm_msr_write(b, 0xEDA, 0x18200000), UPM_OK);
	uint64_t v;
	CHECK_EQ(upm_msr_read(b, 0xEE4, &v), UPM_EFAULT);
	/* Global status 0xC01 exists and reads 0. */
	CHECK_EQ(rd(b, 0xC01), 0);
	/* PCI IDs on socket 1's bus 0xFF (K ivbep_uncore_pci_ids; LWD). */
	CHECK_EQ(pci_rd(b, 0xFF, 0x0B, 0, 0), 0x0E1E8086);
	CHECK_EQ(pci_rd(b, 0xFF, 0x0E, 1, 0), 0x0E308086);
	CHECK_EQ(pci_rd(b, 0xFF, 0x1C, 1, 0), 0x0E388086);
	CHECK_EQ(pci_rd(b, 0xFF, 0x1E, 1, 0), 0x0EF18086);
	CHECK_EQ(pci_rd(b, 0xFF, 0x09, 6, 0), 0x0E968086);
	CHECK_EQ(pci_rd(b, 0xFF, 0x13, 6, 0), 0x0E378086);
	CHECK_EQ(pci_rd(b, 0xFF, 0x05, 6, 0), 0x0E398086);
	/* EX-only: QPI port 2 and R3QPI link 2 do not answer on this part. */
	CHECK_EQ(pci_rd(b, 0xFF, 0x0A, 2, 0), 0xFFFFFFFFu);
	CHECK_EQ(pci_rd(b, 0xFF, 0x12, 5, 0), 0xFFFFFFFFu);
	/* Node ids: socket 1 is node 1 (CPUNODEID 0x40). */
	CHECK_EQ(pci_rd(b, 0xFF, 0x0B, 0, 0x40) & 7, 1);
	upm_backend_destroy(b);
	/* Four sockets (an E5-4600 v2 machine): sockets 2 and 3 on buses 0xBF and 0x3F;
	 * five are more than the model has. */
	char err[160];
	b = upm_mock_create("ivbep", 4, NULL, err, sizeof err);
	CHECK(b != NULL);
	if (b) {
		CHECK_EQ(pci_rd(b, 0xBF, 0x05, 6, 0), 0x0E398086);
		CHECK_EQ(pci_rd(b, 0x3F, 0x05, 6, 0), 0x0E398086);
		upm_backend_destroy(b);
	}
	CHECK(upm_mock_create("ivbep", 5, NULL, err, sizeof err) == NULL);
}

/* The Sapphire/Emerald Rapids mock read through the backend with literal addresses: the
 * DVSEC, the BAR, the discovery table's records decoded by hand (every unit type the mock
 * places), the broken third UPI record, dead=cha3, and what the IMC's fixed counter, the
 * M2M, the PCU and the receiving UPI link count. */
#include "tests/unit/test.h"
#include "tests/unit/mock_backend.h"
#include "tests/unit/test_clock.h"
#include "platform/mock/model.h"

extern const struct upm_mock_model upm_mock_model_spr, upm_mock_model_emr;

TEST(mock_spr_dvsec_bar_and_table)
{
	struct upm_backend *b = mock_backend("spr", 2, NULL, NULL);
	if (!b)
		return;
	CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0), 0x09A78086u);
	CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0x100) & 0xFFFF, 0x0001); /* another capability first */
	CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0x100) >> 20, 0x200);
	CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0x200) & 0xFFFF, 0x23);   /* DVSEC */
	CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0x208) & 0xFFFF, 1);      /* entry type PMON */
	CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0x20C) & 7, 0);           /* BIR 0: BAR at 0x10 */
	CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0x10), 0xF8100004u);      /* 64-bit memory BAR */
	CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0x14), 0);
	uint64_t t = 0xF8100000ull;
	uint64_t g = mock_mmio64(b, t);
	CHECK_EQ(g >> 8 & 0xFF, 4);        /* stride: 4 x 8 bytes */
	/* 8 cha + 8 imc + 4 upi + 4 iio + 1 pcu + 4 irp + 4 m2pcie + 4 m2m + 4 m3upi */
	CHECK_EQ(g >> 16 & 0x3FF, 41);
	CHECK_EQ(g >> 62, 0);              /* MSR */
	CHECK_EQ(mock_mmio64(b, t + 8), 0x2FF0);
	uint64_t c0 = mock_mmio64(b, t + 32);        /* CHA0 */
	CHECK_EQ(c0 & 0xFF, 4);
	CHECK_EQ(c0 >> 8 & 0xFF, 2);
	CHECK_EQ(c0 >> 16 & 0xFF, 48);
	CHECK_EQ(c0 >> 24 & 0xFF, 8);
	CHECK_EQ(c0 >> 62, 0);
	CHECK_EQ(mock_mmio64(b, t + 40), 0x2000);
	CHECK_EQ(mock_mmio64(b, t + 48), 0);         /* type 0, id 0 */
	uint64_t i0 = mock_mmio64(b, t + 9 * 32);    /* IMC channel 0 */
	CHECK_EQ(i0 >> 62, 1);             /* MMIO */
	CHECK_EQ(mock_mmio64(b, t + 9 * 32 + 8), 0xFA100000ull);
	CHECK_EQ(mock_mmio64(b, t + 9 * 32 + 16), 6);
	uint64_t u2 = mock_mmio64(b, t + 19 * 32 + 8); /* third UPI record */
	CHECK_EQ(mock_mmio64(b, t + 19 * 32) >> 62, 2); /* PCI */
	CHECK_EQ(u2 >> 20 & 0xFF, 0xFF);
	CHECK_EQ(mock_cfg(b, 0xFF, (uint8_t)((u2 >> 15) & 31), (uint8_t)((u2 >> 12) & 7), 0), 0xFFFFFFFFu);
	uint64_t u1 = mock_mmio64(b, t + 18 * 32 + 8);  /* second: a real UPI function */
	CHECK_EQ(mock_cfg(b, 0xFF, (uint8_t)((u1 >> 15) & 31), (uint8_t)((u1 >> 12) & 7), 0), 0x32418086u);
	upm_backend_destroy(b);
}

/* Records 26-41 (after the PCU's 25): IRP 0 (MSR 0x3400, type 2), M2PCIe 0 (MSR, type 3),
 * M2M 0 (PCI 80:0c.0+0x438 on socket 1, type 7, control +0x30, counter +0x8, device
 * 0x324A), M3UPI 0 (PCI ff:05.1+0xA0, type 9, control +0x38, counter +0x8, device
 * 0x3246), each with its registers where the record says. */
TEST(mock_spr_table_irp_m2pcie_m2m_m3upi)
{
	struct upm_backend *b = mock_backend("spr", 2, NULL, NULL);
	if (!b)
		return;
	uint64_t t = 0xF8100000ull, v = 0;
	CHECK_EQ(mock_mmio64(b, t + 26 * 32) >> 62, 0);
	CHECK_EQ(mock_mmio64(b, t + 26 * 32 + 8), 0x3400);
	CHECK_EQ(mock_mmio64(b, t + 26 * 32 + 16), 2);
	CHECK_EQ(mock_mmio64(b, t + 29 * 32 + 8), 0x3430);                  /* IRP 3 */
	CHECK_EQ(mock_mmio64(b, t + 29 * 32 + 16), 3u << 16 | 2);
	CHECK_EQ(upm_msr_read(b, 0x3402, &v), UPM_OK);             /* IRP 0 control 0 */
	CHECK_EQ(mock_mmio64(b, t + 30 * 32 + 16), 3);                      /* M2PCIe 0 */
	uint64_t m0 = mock_mmio64(b, t + 34 * 32);
	CHECK_EQ(m0 >> 62, 2);                                    /* PCI */
	CHECK_EQ(m0 >> 8 & 0xFF, 0x30);
	CHECK_EQ(m0 >> 24 & 0xFF, 0x8);
	CHECK_EQ(mock_mmio64(b, t + 34 * 32 + 8), 0x80ull << 20 | 0x60ull << 12 | 0x438);
	CHECK_EQ(mock_mmio64(b, t + 34 * 32 + 16), 7);
	CHECK_EQ(mock_cfg(b, 0x80, 12, 0, 0), 0x324A8086u);
	CHECK_EQ(mock_cfg(b, 0x80, 15, 0, 0), 0x324A8086u);            /* M2M 3 */
	uint64_t u0 = mock_mmio64(b, t + 38 * 32);
	CHECK_EQ(u0 >> 8 & 0xFF, 0x38);
	CHECK_EQ(mock_mmio64(b, t + 38 * 32 + 8), 0xFFull << 20 | 0x29ull << 12 | 0xA0);
	CHECK_EQ(mock_mmio64(b, t + 38 * 32 + 16), 9);
	CHECK_EQ(mock_cfg(b, 0xFF, 5, 1, 0), 0x32468086u);
	CHECK_EQ(mock_cfg(b, 0xFF, 8, 1, 0), 0x32468086u);             /* M3UPI 3 */
	CHECK_EQ(mock_mmio64(b, t + 42 * 32), 0);                           /* past the last record */
	upm_backend_destroy(b);
}

/* The IMC's fixed counter (control +0x54, enable bit 22; counter +0x38) counts the DRAM
 * clock, 2400 MHz in the mock, only while enabled and not frozen. */
TEST(mock_spr_imc_fixed_dclk)
{
	struct upm_backend *b = mock_backend("spr", 2, NULL, NULL);
	if (!b)
		return;
	struct test_clock clock = { 0 };
	test_clock_install(b, &clock);
	uint64_t u = 0xFA000000ull, v = 1;
	test_clock_advance(b, 1000);
	CHECK_EQ(upm_mmio_read64(b, u + 0x38, &v), UPM_OK);
	CHECK_EQ(v, 0);                                          /* not enabled */
	CHECK_EQ(upm_mmio_write32(b, u + 0x54, 1u << 22), UPM_OK);
	test_clock_advance(b, 1000);
	CHECK_EQ(upm_mmio_read64(b, u + 0x38, &v), UPM_OK);
	CHECK_EQ(v, 2400);                                       /* 1 us of 2400 MHz */
	CHECK_EQ(upm_mmio_write32(b, u, 0x1), UPM_OK);           /* FRZ */
	test_clock_advance(b, 1000);
	CHECK_EQ(upm_mmio_read64(b, u + 0x38, &v), UPM_OK);
	CHECK_EQ(v, 2400);
	upm_backend_destroy(b);
}

/* M2M 0 of socket 0 (00:0c.0): IMC_READS.ALL (0x24/0x04, extension 0x3) counts its two
 * channels' reads, .CH0_ALL (extension 0x1) the first's; IMC_WRITES.ALL (0x25/0x10,
 * extension 0x18) the writes. Controls at 0x468 + 8i (high dword +4), counters at 0x440. */
TEST(mock_spr_m2m_counts_its_channels)
{
	struct upm_backend *b = mock_backend("spr", 2, NULL, NULL);
	if (!b)
		return;
	struct upm_pci_addr a = { 0, 0x00, 12, 0, 0 };
	uint32_t lo = 0;
	const uint16_t ctl[3] = { 0x468, 0x470, 0x478 };
	const uint32_t low[3] = { 0x0424, 0x0424, 0x1025 }, high[3] = { 0x3, 0x1, 0x18 };
	for (unsigned i = 0; i < 3; i++) {
		a.off = (uint16_t)(ctl[i] + 4);
		CHECK_EQ(upm_pci_write32(b, a, high[i]), UPM_OK);
		a.off = ctl[i];
		CHECK_EQ(upm_pci_write32(b, a, low[i]), UPM_OK);
	}
	struct upm_activity act = { .socket = 0, .lines_read = 8000, .lines_written = 1600 };
	upm_activity(b, &act);
	const uint32_t want[3] = { 2000, 1000, 400 }; /* 8000 over 4 M2Ms, half of it; 1600 / 4 */
	for (unsigned i = 0; i < 3; i++) {
		a.off = (uint16_t)(0x440 + 8 * i);
		CHECK_EQ(upm_pci_read32(b, a, &lo), UPM_OK);
		CHECK_EQ(lo, want[i]);
	}
	upm_backend_destroy(b);
}

/* The PCU (MSR 0x2FC0, controls +2, counters +8): CLOCKTICKS at 1000 MHz, cores in C0
 * (0x35) 8 a clock, in C6 (0x37) none. */
TEST(mock_spr_pcu_core_power_states)
{
	struct upm_backend *b = mock_backend("spr", 2, NULL, NULL);
	if (!b)
		return;
	struct test_clock clock = { 0 };
	test_clock_install(b, &clock);
	uint64_t v = 0;
	CHECK_EQ(upm_msr_write(b, 0x2FC2, 0x01), UPM_OK);
	CHECK_EQ(upm_msr_write(b, 0x2FC3, 0x35), UPM_OK);
	CHECK_EQ(upm_msr_write(b, 0x2FC4, 0x37), UPM_OK);
	test_clock_advance(b, 1000);
	CHECK_EQ(upm_msr_read(b, 0x2FC8, &v), UPM_OK);
	CHECK_EQ(v, 1000);
	CHECK_EQ(upm_msr_read(b, 0x2FC9, &v), UPM_OK);
	CHECK_EQ(v, 8000);
	CHECK_EQ(upm_msr_read(b, 0x2FCA, &v), UPM_OK);
	CHECK_EQ(v, 0);
	upm_backend_destroy(b);
}

/* What socket 0's link 1 sends (TxL_FLITS.ALL_DATA 0x02/0x0F, 9 flits a line), socket 1's
 * link 1 receives (RxL_FLITS.ALL_DATA 0x03/0x0F); socket 0's own receive counter stays 0.
 * UPI link 1: ff:02.1 on socket 1, 7f:02.1 on socket 0; controls 0x350, counters 0x320. */
TEST(mock_spr_upi_received_flits)
{
	struct upm_backend *b = mock_backend("spr", 2, NULL, NULL);
	if (!b)
		return;
	struct upm_pci_addr tx = { 0, 0x7F, 2, 1, 0x350 }, rx = { 0, 0xFF, 2, 1, 0x350 };
	struct upm_pci_addr rx0 = { 0, 0x7F, 2, 1, 0x358 };
	CHECK_EQ(upm_pci_write32(b, tx, 0x0F02), UPM_OK);
	CHECK_EQ(upm_pci_write32(b, rx, 0x0F03), UPM_OK);
	CHECK_EQ(upm_pci_write32(b, rx0, 0x0F03), UPM_OK);
	struct upm_activity act = { .socket = 0, .nanoseconds = 1000000, .remote_lines = 400 };
	upm_activity(b, &act);
	uint32_t v = 0;
	tx.off = 0x320;
	rx.off = 0x320;
	rx0.off = 0x328;
	CHECK_EQ(upm_pci_read32(b, tx, &v), UPM_OK);
	CHECK_EQ(v, 900); /* 400 lines x 9 flits over 4 links */
	CHECK_EQ(upm_pci_read32(b, rx, &v), UPM_OK);
	CHECK_EQ(v, 900);
	CHECK_EQ(upm_pci_read32(b, rx0, &v), UPM_OK);
	CHECK_EQ(v, 0);
	upm_backend_destroy(b);
}

TEST(mock_spr_dead_cha3_only)
{
	struct upm_backend *b = mock_backend("spr", 2, "dead=cha3", NULL);
	if (!b)
		return;
	uint64_t v;
	CHECK_EQ(upm_msr_read(b, 0x2038, &v), UPM_OK);
	CHECK_EQ(v, ~0ull);
	CHECK_EQ(upm_msr_read(b, 0x2028, &v), UPM_OK);
	CHECK_EQ(v, 0);
	upm_backend_destroy(b);
}

TEST(mock_emr_identity)
{
	char err[200] = "";
	struct upm_backend *b = upm_mock_create_model(&upm_mock_model_emr, 1, NULL, err, sizeof err);
	CHECK(b != NULL);
	if (!b)
		return;
	struct upm_cpuid_regs r;
	CHECK_EQ(upm_cpuid(b, 1, 0, &r), UPM_OK);
	CHECK_EQ((r.eax >> 4 & 0xF) | (r.eax >> 12 & 0xF0), 0xCF);
	upm_backend_destroy(b);
}

/* IMC channel 0 of socket 0: unit ctl 0xFA000000, ctl0 +0x40, ctr0 +0x08 (64-bit). */
TEST(mock_spr_imc_cas_counts_lines_and_freeze)
{
	struct upm_backend *b = mock_backend("spr", 2, NULL, NULL);
	if (!b)
		return;
	uint64_t u = 0xFA000000ull, v = 0;
	CHECK_EQ(upm_mmio_write32(b, u, 0x1), UPM_OK);          /* FRZ */
	CHECK_EQ(upm_mmio_write32(b, u + 0x40, 0xCF05), UPM_OK); /* cas_count_read */
	CHECK_EQ(upm_mmio_write32(b, u + 0x44, 0xF005), UPM_OK); /* cas_count_write */
	struct upm_activity act = { .socket = 0, .lines_read = 8000, .lines_written = 1600 };
	upm_activity(b, &act);
	CHECK_EQ(upm_mmio_read64(b, u + 0x08, &v), UPM_OK);
	CHECK_EQ(v, 0); /* frozen */
	CHECK_EQ(upm_mmio_write32(b, u, 0x0), UPM_OK);           /* unfreeze */
	upm_activity(b, &act);
	CHECK_EQ(upm_mmio_read64(b, u + 0x08, &v), UPM_OK);
	CHECK_EQ(v, 1000); /* 8000 lines over 8 channels, one CAS per line */
	CHECK_EQ(upm_mmio_read64(b, u + 0x10, &v), UPM_OK);
	CHECK_EQ(v, 200);
	CHECK_EQ(upm_msr_write(b, 0x2FF0, 1), UPM_OK);           /* global freeze */
	upm_activity(b, &act);
	CHECK_EQ(upm_mmio_read64(b, u + 0x08, &v), UPM_OK);
	CHECK_EQ(v, 1000);
	CHECK_EQ(upm_mmio_write32(b, u, 0x200), UPM_OK);         /* RST_CTRS */
	CHECK_EQ(upm_mmio_read64(b, u + 0x08, &v), UPM_OK);
	CHECK_EQ(v, 0);
	uint32_t c;
	CHECK_EQ(upm_mmio_read32(b, u + 0x40, &c), UPM_OK);
	CHECK_EQ(c, 0xCF05); /* controls kept */
	CHECK_EQ(upm_mmio_write32(b, u, 0x100), UPM_OK);         /* RST_CTRL */
	CHECK_EQ(upm_mmio_read32(b, u + 0x40, &c), UPM_OK);
	CHECK_EQ(c, 0);
	upm_backend_destroy(b);
}

/* Each table fault changes exactly its record (or the BAR): every other word of socket
 * 0's table reads as on the clean mock. */
static void table_words(struct upm_backend *b, uint64_t *w)
{
	for (unsigned i = 0; i < 42 * 4; i++) {
		uint64_t v = 0;
		/* past a truncated table nothing answers: a word no table holds */
		int rc = i % 4 == 3 ? UPM_OK : upm_mmio_read64(b, 0xF8000000ull + 8ull * i, &v);
		w[i] = rc == UPM_OK ? v : 0x5A5A5A5A5A5A5A5Aull;
	}
}

static unsigned words_differing(const char *fault, uint64_t *first)
{
	uint64_t clean[168], broken[168];
	struct upm_backend *a = mock_backend("spr", 2, NULL, NULL), *b = mock_backend("spr", 2, fault, NULL);
	if (!a || !b)
		return 999;
	table_words(a, clean);
	table_words(b, broken);
	unsigned n = 0;
	*first = 0;
	for (unsigned i = 0; i < 168; i++)
		if (clean[i] != broken[i]) {
			if (!n)
				*first = i;
			n++;
		}
	upm_backend_destroy(a);
	upm_backend_destroy(b);
	return n;
}

TEST(mock_spr_table_faults_break_one_record)
{
	uint64_t at;
	/* record N's words sit at 4 * (N + 1) .. +2 (8-byte words, stride 4) */
	CHECK_EQ(words_differing("disc.ones=3", &at), 3);
	CHECK_EQ(at, 16);
	CHECK_EQ(words_differing("disc.zeroctl=3", &at), 1);
	CHECK_EQ(at, 17);
	CHECK_EQ(words_differing("disc.dup=3", &at), 1);
	CHECK_EQ(at, 18);
	CHECK_EQ(words_differing("disc.truncate=18", &at), 69); /* records 18-40 no longer answer */
	CHECK_EQ(at, 76);
	CHECK_EQ(words_differing("s1.disc.ones=3", &at), 0); /* socket 1's table, not 0's */
	struct upm_backend *b = mock_backend("spr", 2, "disc.bar=0", NULL);
	if (b) {
		CHECK_EQ(mock_cfg(b, 0x00, 3, 1, 0x10), 0); /* socket 0's */
		CHECK_EQ(mock_cfg(b, 0x00, 3, 1, 0x14), 0);
		CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0x10), 0xF8100004u); /* socket 1's kept */
		upm_backend_destroy(b);
	}
	char err[200] = "";
	CHECK(upm_mock_create_model(&upm_mock_model_spr, 2, "disc.ones=99", err, sizeof err) == NULL);
	CHECK_CONTAINS(err, "disc.ones=99");
}

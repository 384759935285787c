/* The Granite Rapids mock read through the backend with literal addresses: a discovery
 * device and table for each of a socket's two dies, each numbering its units from 0, the
 * records decoded by hand, and what an IMC channel's two command schedulers count (SCH0
 * event 0x05, SCH1 0x06; reads umask 0xCF: perfmon UNC_M_CAS_COUNT_SCH0/SCH1.RD). */
#include "tests/unit/test.h"
#include "tests/unit/mock_backend.h"
#include "platform/mock/model.h"

extern const struct upm_mock_model upm_mock_model_gnr, upm_mock_model_srf;

TEST(mock_gnr_two_dies_each_its_table)
{
	struct upm_backend *b = mock_backend("gnr", 2, NULL, NULL);
	if (!b)
		return;
	/* Socket 1: die 0 on bus 0x80 (device beside the MSM, 03.1), die 1 on bus 0xC0 (03.0). */
	CHECK_EQ(mock_cfg(b, 0x80, 3, 0, 0), 0x09A68086u);            /* the MSM */
	CHECK_EQ(mock_cfg(b, 0x80, 3, 0, 0x1A0), 0x7);                 /* three buses valid */
	CHECK_EQ(mock_cfg(b, 0x80, 3, 0, 0x190), 0xFFC080u);           /* 0x80, 0xC0, 0xFF */
	CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0), 0x09A78086u);
	CHECK_EQ(mock_cfg(b, 0xC0, 3, 0, 0), 0x09A78086u);
	CHECK_EQ(mock_cfg(b, 0xC0, 3, 0, 0x200) & 0xFFFF, 0x23);       /* DVSEC */
	CHECK_EQ(mock_cfg(b, 0x80, 3, 1, 0x10), 0xF8100004u);          /* die 0's table */
	CHECK_EQ(mock_cfg(b, 0xC0, 3, 0, 0x10), 0xF8140004u);          /* die 1's table */
	uint64_t t0 = 0xF8100000ull, t1 = 0xF8140000ull;
	CHECK_EQ(mock_mmio64(b, t0) >> 16 & 0x3FF, 16);   /* 4 cha + 4 imc + 2 b2cmi + pcu + ubox + 2 upi + 2 b2upi */
	CHECK_EQ(mock_mmio64(b, t1) >> 16 & 0x3FF, 14);   /* 4 cha + 4 imc + 2 b2cmi + 2 iio + 2 irp */
	CHECK_EQ(mock_mmio64(b, t0 + 8), 0x2FF0);
	/* cha0 of each die: ids from 0, the socket's MSRs run on (PCM SPR_CHA0 + 0x10 * n) */
	CHECK_EQ(mock_mmio64(b, t0 + 32 + 8), 0x2000);
	CHECK_EQ(mock_mmio64(b, t0 + 32 + 16), 0);
	CHECK_EQ(mock_mmio64(b, t1 + 32 + 8), 0x2040);
	CHECK_EQ(mock_mmio64(b, t1 + 32 + 16), 0);        /* type 0 id 0 again, on die 1 */
	/* imc0 of die 1: MMIO, controls +0x40, counters +0x08; channels 0x4000 apart */
	uint64_t i0 = mock_mmio64(b, t1 + 5 * 32);
	CHECK_EQ(i0 >> 62, 1);
	CHECK_EQ(i0 >> 8 & 0xFF, 0x40);
	CHECK_EQ(mock_mmio64(b, t1 + 5 * 32 + 8), 0xFA140000ull);
	CHECK_EQ(mock_mmio64(b, t1 + 6 * 32 + 8), 0xFA144000ull);
	CHECK_EQ(mock_mmio64(b, t1 + 5 * 32 + 16), 6);
	/* b2cmi0 of die 0: PCI 80:05.1+0x438 (PCM BHS_M2M_0, SERVER_M2M_PCI_PMON_BOX_CTL), type 16 */
	CHECK_EQ(mock_mmio64(b, t0 + 9 * 32 + 8), 0x80ull << 20 | 0x29ull << 12 | 0x438);
	CHECK_EQ(mock_mmio64(b, t0 + 9 * 32 + 16), 16);
	/* iio0 of die 1: MSR 0x2900 (PCM BHS_M2IOSF_IIO_UNIT_CTL), type 1 */
	CHECK_EQ(mock_mmio64(b, t1 + 11 * 32 + 8), 0x2900);
	CHECK_EQ(mock_mmio64(b, t1 + 11 * 32 + 16), 1);
	upm_backend_destroy(b);
}

/* IMC channel 0 of socket 0's die 0 (0xFA000000): SCH0.RD 0x05/0xCF at control 0, SCH1.RD
 * 0x06/0xCF at control 1; 8000 lines over the socket's 8 channels, half to each scheduler. */
TEST(mock_gnr_imc_schedulers_each_half)
{
	struct upm_backend *b = mock_backend("gnr", 2, NULL, NULL);
	if (!b)
		return;
	uint64_t u = 0xFA000000ull, v = 0;
	CHECK_EQ(upm_mmio_write32(b, u + 0x40, 0xCF05), UPM_OK);
	CHECK_EQ(upm_mmio_write32(b, u + 0x44, 0xCF06), UPM_OK);
	CHECK_EQ(upm_mmio_write32(b, u + 0x48, 0xF006), UPM_OK);
	struct upm_activity act = { .socket = 0, .lines_read = 8000, .lines_written = 1600 };
	upm_activity(b, &act);
	CHECK_EQ(upm_mmio_read64(b, u + 0x08, &v), UPM_OK);
	CHECK_EQ(v, 500);
	CHECK_EQ(upm_mmio_read64(b, u + 0x10, &v), UPM_OK);
	CHECK_EQ(v, 500);
	CHECK_EQ(upm_mmio_read64(b, u + 0x18, &v), UPM_OK);
	CHECK_EQ(v, 100);
	upm_backend_destroy(b);
}

/* dead=cha5 is die 1's cha1 (MSR 0x2050): the socket's numbering across its dies. */
TEST(mock_gnr_dead_cha5_is_die1s_second)
{
	struct upm_backend *b = mock_backend("gnr", 2, "dead=cha5", NULL);
	if (!b)
		return;
	uint64_t v = 0;
	CHECK_EQ(upm_msr_read(b, 0x2050, &v), UPM_OK);
	CHECK_EQ(v, ~0ull);
	CHECK_EQ(upm_msr_read(b, 0x2040, &v), UPM_OK);
	CHECK_EQ(v, 0);
	upm_backend_destroy(b);
	char err[200] = "";
	CHECK(upm_mock_create_model(&upm_mock_model_gnr, 2, "disc1.ones=14", err, sizeof err) == NULL);
	CHECK_CONTAINS(err, "0-13 of die 1's table");
}

TEST(mock_srf_identity)
{
	char err[200] = "";
	struct upm_backend *b = upm_mock_create_model(&upm_mock_model_srf, 1, NULL, err, sizeof err);
	CHECK(b != NULL);
	if (!b)
		return;
	struct upm_cpuid_regs r;
	CHECK_EQ(upm_cpuid(b, 1, 0, &r), UPM_OK);
	CHECK_EQ((r.eax >> 4 & 0xF) | (r.eax >> 12 & 0xF0), 0xAF);
	upm_backend_destroy(b);
}

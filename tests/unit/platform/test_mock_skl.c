/* The Skylake client mock on its own (platform/mock/skl/model.c): the global enable
 * gates every PMON counter, overflow sets GLOBAL_STATUS bits that clear on writing one,
 * the IMC counters run free, and the model's options. Addresses from seed 001. */
#include "tests/unit/test.h"
#include "tests/unit/mock_backend.h"
#include "tests/unit/test_clock.h"
#include "core/host/os_host.h"
#include "platform/mock/mock.h"

/* The mocks here run on a test clock: time passes only when a test says, so counts are
 * exact. */
static struct test_clock clock;

static struct upm_backend *skl_mock(const char *faults)
{
	upm_host_simulate(1, 2);
	return mock_backend("skl", 0, faults, &clock);
}

static void advance(struct upm_backend *b, uint64_t ns, uint64_t lines_read)
{
	struct upm_activity a = { 0 };
	a.socket = 0;
	a.nanoseconds = ns;
	a.lines_read = lines_read;
	test_clock_activity(b, &a);
}

static uint64_t rd(struct upm_backend *b, uint32_t msr)
{
	uint64_t v = ~0ull;
	if (upm_msr_read(b, msr, &v) != UPM_OK)
		upm_test_fail(__FILE__, __LINE__, "reading MSR 0x%x faulted", msr);
	return v;
}

TEST(skl_mock_global_enable_gates_every_counter)
{
	struct upm_backend *b = skl_mock(NULL);
	if (!b)
		return;
	/* Locally enabled: fixed CNT_EN (0x394 bit 22), CBo 0 and ARB event selects with EN. */
	CHECK_EQ(upm_msr_write(b, 0x394, 1ull << 22), UPM_OK);
	CHECK_EQ(upm_msr_write(b, 0x700, 0x408F34), UPM_OK);
	CHECK_EQ(upm_msr_write(b, 0x3B3, 0x400181), UPM_OK);
	advance(b, 1000000, 100);
	CHECK_EQ(rd(b, 0x395), 0); /* GLOBAL_CTRL.EN clear: nothing counts (001:217-223) */
	CHECK_EQ(rd(b, 0x3B1), 0);
	CHECK_EQ(upm_msr_write(b, 0xE01, 1ull << 29), UPM_OK);
	advance(b, 1000000, 100);
	CHECK_EQ(rd(b, 0x395), 2000000);
	CHECK_EQ(rd(b, 0x3B1), 100);
	/* Locally disabled counters stay put even with EN set. */
	CHECK_EQ(rd(b, 0x3B0), 0);
	upm_backend_destroy(b);
	upm_host_simulate(2, 2);
}

TEST(skl_mock_overflow_status_write_one_to_clear)
{
	struct upm_backend *b = skl_mock(NULL);
	if (!b)
		return;
	CHECK_EQ(upm_msr_write(b, 0xE01, 1ull << 29), UPM_OK);
	CHECK_EQ(upm_msr_write(b, 0x394, 1ull << 22), UPM_OK);
	CHECK_EQ(upm_msr_write(b, 0x395, (1ull << 48) - 10), UPM_OK); /* 48 bits (001:318) */
	CHECK_EQ(upm_msr_write(b, 0x706, (1ull << 44) - 1), UPM_OK);  /* 44 bits (001:419) */
	CHECK_EQ(upm_msr_write(b, 0x700, 0x401834), UPM_OK);          /* READ_I */
	struct upm_activity a = { 0 };
	a.nanoseconds = 1000;
	a.llc_lookups = 8;
	a.llc_misses = 8;
	test_clock_activity(b, &a);
	CHECK_EQ(rd(b, 0x395), 2000 - 10); /* wrapped at 48 bits */
	CHECK_EQ(rd(b, 0x706), 1);         /* 2 misses on CBo 0, wrapped at 44 bits */
	/* FIXED_CTR_OVF is bit 0, CBO_CTR_OVF bit 3 (Table 2-3, 001:260-280). */
	CHECK_EQ(rd(b, 0xE02), 0x9);
	CHECK_EQ(upm_msr_write(b, 0xE02, 0x2), UPM_OK); /* ARB bit: nothing to clear */
	CHECK_EQ(rd(b, 0xE02), 0x9);
	CHECK_EQ(upm_msr_write(b, 0xE02, 0x1), UPM_OK);
	CHECK_EQ(rd(b, 0xE02), 0x8);
	CHECK_EQ(upm_msr_write(b, 0xE02, 0x0), UPM_OK); /* writing 0 is ignored */
	CHECK_EQ(rd(b, 0xE02), 0x8);
	CHECK_EQ(upm_msr_write(b, 0xE02, 0x8), UPM_OK);
	CHECK_EQ(rd(b, 0xE02), 0);
	/* Reserved bits fault (63:4 and 2). */
	CHECK_EQ(upm_msr_write(b, 0xE02, 0x4), UPM_EFAULT);
	upm_backend_destroy(b);
	upm_host_simulate(2, 2);
}

TEST(skl_mock_arb_occupancy_counter0_only)
{
	struct upm_backend *b = skl_mock(NULL);
	if (!b)
		return;
	CHECK_EQ(upm_msr_write(b, 0xE01, 1ull << 29), UPM_OK);
	CHECK_EQ(upm_msr_write(b, 0x3B2, 0x400180), UPM_OK); /* TRK_OCCUPANCY.ALL on ctr 0 */
	CHECK_EQ(upm_msr_write(b, 0x3B3, 0x400180), UPM_OK); /* ... and on ctr 1 */
	advance(b, 1000000, 10);
	CHECK_EQ(rd(b, 0x3B0), 1000);
	CHECK_EQ(rd(b, 0x3B1), 0);
	upm_backend_destroy(b);
	upm_host_simulate(2, 2);
}

TEST(skl_mock_registers_and_free_running_imc)
{
	struct upm_backend *b = skl_mock(NULL);
	if (!b)
		return;
	uint64_t v;
	/* The previous generation's global registers do not exist here (001:140-141). */
	CHECK_EQ(upm_msr_read(b, 0x391, &v), UPM_EFAULT);
	CHECK_EQ(upm_msr_read(b, 0x392, &v), UPM_EFAULT);
	CHECK_EQ(rd(b, 0x396), 5); /* four CBos, plus one */
	/* Event-select reserved bits (21, 19, 17:16, 63:29) fault. */
	CHECK_EQ(upm_msr_write(b, 0x700, 1ull << 21), UPM_EFAULT);
	CHECK_EQ(upm_msr_write(b, 0x701, 1ull << 17), UPM_EFAULT);
	CHECK_EQ(upm_msr_write(b, 0x737, 1ull << 44), UPM_EFAULT); /* CBo 3 PERFCTR1, 44 bits */
	/* MCHBAR = 0xFED10000, enabled; the IMC counts with the global enable clear. */
	struct upm_pci_addr host = { 0, 0, 0, 0, 0x48 };
	uint32_t lo = 0, before = 0, after = 0;
	CHECK_EQ(upm_pci_read32(b, host, &lo), UPM_OK);
	CHECK_EQ(lo, 0xFED10001u);
	CHECK_EQ(upm_mmio_read32(b, 0xFED15050, &before), UPM_OK);
	advance(b, 1000000, 77);
	CHECK_EQ(upm_mmio_read32(b, 0xFED15050, &after), UPM_OK);
	CHECK_EQ(after - before, 77);
	upm_backend_destroy(b);
	upm_host_simulate(2, 2);
}

TEST(skl_mock_options)
{
	char err[200];
	struct upm_backend *b = skl_mock("cbos=2,hostbridge=0x0c00,mchbar=off");
	if (!b)
		return;
	uint64_t v;
	uint32_t d = 0;
	CHECK_EQ(rd(b, 0x396), 3);
	CHECK_EQ(upm_msr_read(b, 0x716, &v), UPM_OK);     /* CBo 1 */
	CHECK_EQ(upm_msr_read(b, 0x720, &v), UPM_EFAULT); /* CBo 2: absent */
	struct upm_pci_addr host = { 0, 0, 0, 0, 0 };
	CHECK_EQ(upm_pci_read32(b, host, &d), UPM_OK);
	CHECK_EQ(d, 0x0C008086u);
	host.off = 0x48;
	CHECK_EQ(upm_pci_read32(b, host, &d), UPM_OK);
	CHECK_EQ(d, 0xFED10000u);
	upm_backend_destroy(b);
	upm_host_simulate(2, 2);

	upm_host_simulate(1, 2);
	CHECK(upm_mock_create("skl", 0, "cbos=7", err, sizeof err) == NULL);
	CHECK_CONTAINS(err, "1 to 4 CBos");
	CHECK(upm_mock_create("skl", 0, "mchbar=on", err, sizeof err) == NULL);
	CHECK_CONTAINS(err, "mchbar=off");
	/* E5's cores=N (fewer cores than the die's CBos) is no Skylake client: cbos=N is. */
	CHECK(upm_mock_create("skl", 0, "cores=2", err, sizeof err) == NULL);
	CHECK_CONTAINS(err, "mock fault: cores=2: skl has one CBo a core and counts them in MSR_UNC_CBO_CONFIG: use cbos=N");
	CHECK(upm_mock_create("skl", 2, NULL, err, sizeof err) == NULL);
	/* The generic box faults reach the model's boxes by name. */
	b = upm_mock_create("skl", 0, "stuck=ncu0.fixed", err, sizeof err);
	CHECK(b != NULL);
	if (b) {
		CHECK_EQ(upm_msr_write(b, 0xE01, 1ull << 29), UPM_OK);
		CHECK_EQ(upm_msr_write(b, 0x394, 1ull << 22), UPM_OK);
		advance(b, 1000000, 0);
		CHECK_EQ(rd(b, 0x395), 0);
		upm_backend_destroy(b);
	}
	upm_host_simulate(2, 2);
}

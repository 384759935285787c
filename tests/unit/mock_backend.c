#include "tests/unit/mock_backend.h"
#include "tests/unit/test.h"

struct upm_backend *mock_backend(const char *platform, unsigned sockets, const char *faults,
				 struct test_clock *clock)
{
	char err[200];
	struct upm_backend *b = upm_mock_create(platform, sockets, faults, err, sizeof err);
	if (!b) {
		upm_test_fail(__FILE__, __LINE__, "mock: %s", err);
		return NULL;
	}
	if (clock) {
		clock->ns = 0;
		test_clock_install(b, clock);
	}
	return b;
}

uint32_t mock_cfg(struct upm_backend *b, uint8_t bus, uint8_t dev, uint8_t fn, uint16_t off)
{
	uint32_t v = 0;
	CHECK_EQ(upm_pci_read32(b, (struct upm_pci_addr){ 0, bus, dev, fn, off }, &v), UPM_OK);
	return v;
}

uint64_t mock_mmio64(struct upm_backend *b, uint64_t addr)
{
	uint64_t v = 0;
	CHECK_EQ(upm_mmio_read64(b, addr, &v), UPM_OK);
	return v;
}

/* A mock backend of its own (no fixture, no trace), for the tests of the mock's register
 * semantics. */
#ifndef UPMON_TESTS_UNIT_MOCK_BACKEND_H
#define UPMON_TESTS_UNIT_MOCK_BACKEND_H

#include "boxes/platform.h"
#include "platform/mock/mock.h"
#include "tests/unit/test_clock.h"

/* The mock of platform with sockets and faults (NULL for none), on clock set to 0 when
 * clock is not NULL (else on the environment's); NULL after failing the test when the
 * mock cannot be built. upm_backend_destroy ends it. */
struct upm_backend *mock_backend(const char *platform, unsigned sockets, const char *faults,
				 struct test_clock *clock);

/* A dword of PCI configuration space (segment 0) and an 8-byte MMIO load through b, for the
 * tests that read a mock's registers by their literal addresses; a failed access fails the
 * test (and reads as 0). */
uint32_t mock_cfg(struct upm_backend *b, uint8_t bus, uint8_t dev, uint8_t fn, uint16_t off);
uint64_t mock_mmio64(struct upm_backend *b, uint64_t addr);

#endif

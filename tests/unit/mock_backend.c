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

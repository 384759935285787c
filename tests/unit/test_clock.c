#include "tests/unit/test_clock.h"
#include "platform/mock/mock.h"

static uint64_t test_clock_now(void *ctx)
{
	return ((const struct test_clock *)ctx)->ns;
}

void test_clock_install(struct upm_backend *b, struct test_clock *c)
{
	struct upm_mock *m = upm_mock_find(b);
	if (m)
		upm_mock_set_clock(m, test_clock_now, c);
}

int test_clock_advance(struct upm_backend *b, uint64_t ns)
{
	struct upm_mock *m = upm_mock_find(b);
	if (!m || m->clock_now != test_clock_now)
		return 0;
	((struct test_clock *)m->clock_ctx)->ns += ns;
	return 1;
}

void test_clock_activity(struct upm_backend *b, const struct upm_activity *a)
{
	test_clock_advance(b, a->nanoseconds);
	upm_activity(b, a);
}

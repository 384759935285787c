#include "tests/unit/test.h"
#include <stdarg.h>
#include <stdlib.h>

#define MAX_TESTS 1024

static struct upm_test tests[MAX_TESTS];
static unsigned n_tests;
int upm_test_failed_now;

void upm_test_register(const char *name, void (*fn)(void))
{
	if (n_tests < MAX_TESTS)
		tests[n_tests++] = (struct upm_test){ name, fn };
}

void upm_test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	if (!upm_test_failed_now)
		printf("\n");
	upm_test_failed_now = 1;
	printf("    %s:%d: ", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

/* UPM_TEST_SHARD=K/N runs every Nth test from the Kth (1 <= K <= N), so N processes share
 * the binary's tests (tests/run.sh runs the shards side by side); unset, all of them. */
static int shard_of(unsigned *k, unsigned *n)
{
	const char *s = getenv("UPM_TEST_SHARD");
	char *end;
	*k = 1;
	*n = 1;
	if (!s || !*s)
		return 0;
	*k = (unsigned)strtoul(s, &end, 10);
	if (*end != '/')
		return -1;
	*n = (unsigned)strtoul(end + 1, &end, 10);
	return (*end || *n == 0 || *k == 0 || *k > *n) ? -1 : 0;
}

int main(int argc, char **argv)
{
	unsigned passed = 0, failed = 0, k, n, picked = 0;
	if (shard_of(&k, &n) != 0) {
		printf("upmon-tests: UPM_TEST_SHARD='%s' is not K/N with 1 <= K <= N (e.g. 1/2): "
		       "set it so, or unset it to run every test\n", getenv("UPM_TEST_SHARD"));
		return 4;
	}
	for (unsigned i = 0; i < n_tests; i++) {
		if (argc > 1 && !strstr(tests[i].name, argv[1]))
			continue;
		if (picked++ % n != k - 1)
			continue;
		upm_test_failed_now = 0;
		tests[i].fn();
		if (upm_test_failed_now) {
			printf("FAIL unit/%s\n", tests[i].name);
			failed++;
		} else {
			printf("PASS unit/%s\n", tests[i].name);
			passed++;
		}
	}
	printf("unit: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}

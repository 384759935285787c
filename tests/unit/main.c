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

int main(int argc, char **argv)
{
	unsigned passed = 0, failed = 0;
	for (unsigned i = 0; i < n_tests; i++) {
		if (argc > 1 && !strstr(tests[i].name, argv[1]))
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

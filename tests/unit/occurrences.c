#include "tests/unit/occurrences.h"
#include <string.h>

unsigned occurrences(const char *hay, const char *needle)
{
	unsigned n = 0;
	for (const char *p = hay ? strstr(hay, needle) : NULL; p; p = strstr(p + 1, needle))
		n++;
	return n;
}

#include "tests/unit/lookup.h"
#include "tests/unit/test.h"

const struct upm_platform *platform_named(const char *name)
{
	const struct upm_platform *p = upm_platform_by_name(name);
	if (!p)
		upm_test_fail(__FILE__, __LINE__, "no platform %s", name);
	return p;
}

const struct upm_box_type *box_named(const char *platform, const char *name)
{
	const struct upm_platform *p = platform_named(platform);
	const struct upm_box_type *t = p ? upm_platform_box(p, name) : NULL;
	if (!t)
		upm_test_fail(__FILE__, __LINE__, "no box %s on %s", name, platform);
	return t;
}

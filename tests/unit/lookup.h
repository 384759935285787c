/* Platforms and box types by name for the table tests: a missing one fails the test. */
#ifndef UPMON_TESTS_UNIT_LOOKUP_H
#define UPMON_TESTS_UNIT_LOOKUP_H

#include "boxes/platform.h"

/* The platform named name; NULL after failing the test when there is none. */
const struct upm_platform *platform_named(const char *name);
/* Box type name of platform; NULL after failing the test when there is none. */
const struct upm_box_type *box_named(const char *platform, const char *name);

#endif

/* junit.xml of `check` and `selftest` (README "junit.xml"): a <testsuites> root with
 * one <testsuite> per socket and box type and one <testcase> per verdict. FAIL is a
 * <failure>, INCOMPLETE an <error>, N/A <skipped>, WARN a passing test whose
 * <system-out> starts with "WARN: "; each carries the reason and the numbers. */
#ifndef UPMON_CORE_RESULTS_JUNIT_H
#define UPMON_CORE_RESULTS_JUNIT_H

#include "core/check/verdict.h"

/* command names the root ("upmon check"); folder, when not NULL, its id. */
void upm_junit_xml(const struct upm_verdicts *vs, const char *command, const char *folder,
		   struct upm_buf *out);

#endif

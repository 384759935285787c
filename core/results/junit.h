/* junit.xml of `check` and `selftest` (docs/results.md, junit.xml): a <testsuites> root with
 * one <testsuite> per socket and box type and one <testcase> per verdict, with its time.
 * FAIL is a <failure>, INCOMPLETE an <error>, N/A <skipped>, WARN a passing test whose
 * <system-out> starts with "WARN: "; each carries the reason and the numbers. A check not
 * run on its box (its presence failed) is <skipped> with the reason, so a box has the
 * same cases on every run. */
#ifndef UPMON_CORE_RESULTS_JUNIT_H
#define UPMON_CORE_RESULTS_JUNIT_H

#include "core/check/verdict.h"

/* What the run is, on every <testsuite> as JUnit readers take it (Ant's junit XML:
 * timestamp and hostname attributes, a <properties> list first). */
struct upm_junit_about {
	const char *timestamp;  /* "2026-11-26T06:00:00": the schema's form, no zone; or NULL */
	const char *hostname;   /* the machine, or NULL */
	const char *properties; /* <property/> lines (upm_junit_property), or NULL */
	uint64_t elapsed_ns;    /* the run's length, the root's time (0: not known) */
};

/* Appends one <property name value/> line of a <properties> list. */
void upm_junit_property(struct upm_buf *out, const char *name, const char *value);

/* command names the root ("upmon check"); folder, when not NULL, its id; about, when
 * not NULL, what the run is. */
void upm_junit_xml(const struct upm_verdicts *vs, const char *command, const char *folder,
		   const struct upm_junit_about *about, struct upm_buf *out);

#endif

/* The health check's tables as parts of its files: the verdicts (results.json members and
 * verdicts.csv rows), the burn-in and the safety facts, each rendered from what the check
 * or the session recorded (core/check/verdict.h, burnin.h, check_safety.h) and computing
 * nothing. The check's results record (check_record.h) joins them into whole files. */
#ifndef UPMON_CORE_RESULTS_CHECK_PARTS_H
#define UPMON_CORE_RESULTS_CHECK_PARTS_H

#include "core/check/burnin.h"
#include "core/check/check_safety.h"
#include "core/results/unrestored_json.h"

/* "verdicts": [...] and "verdict": "PASS" members of a JSON object (no braces). */
void upm_verdicts_json(const struct upm_verdicts *vs, struct upm_buf *out);
/* The verdicts as CSV (verdicts.csv), each row opening with r's identity columns
 * (UPM_IDENT_CSV_COLUMNS). */
void upm_verdicts_csv(const struct upm_verdicts *vs, const struct upm_run *r, struct upm_buf *out);
/* ,"burnin": {...} for results.json (nothing without a burn-in). */
void upm_burnin_json(const struct upm_burnin *b, struct upm_buf *out);
/* ,"aborted": ..., "sockets_skipped": [...], "unrestored": [...] members for results.json. */
void upm_check_safety_json(const struct upm_check_safety *cs, struct upm_buf *out);

#endif

/* A register the session could not write back, as results.json says it: the same entry in
 * every command's file (`run`'s record_json.c, the health check's safety_json.c). */
#ifndef UPMON_CORE_RESULTS_UNRESTORED_JSON_H
#define UPMON_CORE_RESULTS_UNRESTORED_JSON_H

#include "core/session/session.h"

/* One entry of results.json's "unrestored" list: {"socket", "where", "space", "address",
 * "expected", "error"}; `run`, `check` and `selftest` share it, so a parser reads all alike. */
void upm_unrestored_json(const struct upm_unrestored *u, struct upm_buf *out);

#endif

/* ocptv.jsonl: a health check's record in the OCP Test and Validation output
 * specification (github.com/opencomputeproject/ocp-diag-core json_spec, schema version
 * 2.0), one JSON object a line, so that fleet tools which ingest OCP diagnostics take
 * upmon's without glue. Part of room results: it renders the check record and computes
 * nothing.
 *
 * The lines, each with its sequenceNumber (from 0) and timestamp (the run's start; the
 * run's end for testRunEnd):
 *   schemaVersion {major 2, minor 0};
 *   testRunArtifact.testRunStart: name "upmon check" (or selftest), version, commandLine,
 *     parameters (platform, backend, dry run, mock faults, sockets), dutInfo (the SMBIOS
 *     serial as dutInfoId, the product, the processor and platform as platformInfos,
 *     upmon and the BIOS as softwareInfos, each socket's processor as a hardwareInfo);
 *   testRunArtifact.log WARNING: what the run was not (a mock, a replay, a dry run);
 *   per socket and box (instance, or the socket's boxes of a type): testStepStart
 *     ("socket 0 cbo3"), a diagnosis per verdict (PASS, FAIL; WARN, INCOMPLETE and N/A as
 *     UNKNOWN with the verdict's word), a measurement per verdict with numbers (its range
 *     as GREATER_THAN_OR_EQUAL / LESS_THAN_OR_EQUAL validators), testStepEnd COMPLETE;
 *   testRunArtifact.testRunEnd: status COMPLETE (ERROR when the check was aborted or
 *     INCOMPLETE), result PASS, FAIL or NOT_APPLICABLE. */
#ifndef UPMON_CORE_RESULTS_OCPTV_H
#define UPMON_CORE_RESULTS_OCPTV_H

#include "core/results/check_record.h"

void upm_check_record_ocptv(const struct upm_check_record *rec, struct upm_buf *out);

#endif

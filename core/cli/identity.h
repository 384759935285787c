/* What a run is, said first on the console and in every results file: when (start, end,
 * duration), how (command line as given, configuration file path and content), which
 * upmon (version, source revision), on what (machine from SMBIOS, the firmware's Secure
 * Boot state, processor, platform, backend with its mock fault spec) and whether anything
 * in it is not a measurement (dry run, mock backend, injected faults). Part of the
 * invocation (invocation.h). */
#ifndef UPMON_CORE_IDENTITY_H
#define UPMON_CORE_IDENTITY_H

#include "platform/base/os.h"
#include "platform/base/str.h"
#include "core/machine/machine.h"
#include "core/machine/secure_boot.h"

/* results.json's "schema": raised whenever a key changes meaning or goes away
 * (docs/results.schema.json describes it). */
#define UPM_RESULTS_SCHEMA 2

struct upm_ident {
	int argc;                    /* the command line as given */
	char **argv;
	struct upm_wall_time start, end;
	int start_ok, end_ok;        /* the clock answered */
	uint64_t start_ns, end_ns;   /* monotonic, for the duration */
	const char *config_path;     /* the configuration file read, or NULL */
	char *config_text;           /* its content (NUL-terminated), or NULL */
	struct upm_machine machine;  /* SMBIOS, or why not */
	struct upm_secure_boot secure_boot; /* whether the firmware starts signed images only */
	uint32_t microcode[UPM_MAX_SOCKETS]; /* per socket measured (upm_read_microcode) */
	int microcode_ok[UPM_MAX_SOCKETS];
	const char *verdict;         /* check/selftest: the overall result name; else NULL */
	int exit_status;             /* upm_main's, for runs.csv */
	int stopped;                 /* end taken */
};

/* "2026-11-23T04:52:45Z", "...+01:00", or without zone when the firmware has none;
 * "unknown" when the clock did not answer. */
void upm_wall_time_iso(const struct upm_wall_time *t, int ok, char *buf, size_t size);
/* The same moment in UTC when the zone is known (else as given). */
void upm_wall_time_utc(const struct upm_wall_time *in, struct upm_wall_time *out);

#endif

/* What a medium that refused a file means to the person at the machine, by the status
 * the environment gave (UPM_ENOSPC, UPM_EROFS, or anything else), and what to do: the
 * words every "cannot write"/"cannot create" line shares. */
#ifndef UPMON_CORE_CLI_MEDIUM_H
#define UPMON_CORE_CLI_MEDIUM_H

/* "the medium is full", "the medium is write-protected", or `otherwise` (the causes
 * the caller cannot tell apart, such as "the medium may be read-only or full"). */
const char *upm_medium_problem(int status, const char *otherwise);
/* What to do about it on that medium: "free space on the medium", "turn the medium's
 * write protection off", or, when the status does not say, "free space on the medium". */
const char *upm_medium_fix(int status);

#endif

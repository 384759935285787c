/* The medium results go to: what a refusal means to the person at the machine, by the
 * status the environment gave (UPM_ENOSPC, UPM_EROFS, or anything else), and what to do
 * (the words every "cannot write"/"cannot create" line shares); and how a file is written
 * whole on media whose drivers refuse renames or lose the renamed entry (older vendor
 * FAT drivers). */
#ifndef UPMON_CORE_CLI_MEDIUM_H
#define UPMON_CORE_CLI_MEDIUM_H

#include <stddef.h>

/* "the medium is full", "the medium is write-protected", or `otherwise` (the causes
 * the caller cannot tell apart, such as "the medium may be read-only or full"). */
const char *upm_medium_problem(int status, const char *otherwise);
/* What to do about it on that medium: "free space on the medium", "turn the medium's
 * write protection off", or, when the status does not say, "free space on the medium". */
const char *upm_medium_fix(int status);

/* What a run learnt of the medium's renames, kept across its files (zero: not yet
 * known). */
struct upm_medium_renames {
	int refused;     /* a rename failed or lost its file: later files go in place at once */
	int status;      /* the first refusal's status (UPM_OK: the file vanished in it) */
	char file[272];  /* the file whose rename was refused first */
};
/* Writes path whole: under PATH.tmp, then renamed over path, so that a cut never leaves
 * a partial file under the real name. When the medium refuses the rename, or reports it
 * done while path is not there, path is written in place (directly under its name, from
 * data: whatever the rename did to path, nothing is lost) and PATH.tmp is removed;
 * m->refused is set then, and every later call writes in place at once. UPM_OK, or the
 * status of the write that failed: path is then whole or absent, and a PATH.tmp that
 * holds the whole file stays. UPM_EINVAL: path is too long for its temporary name
 * (UPM_MEDIUM_PATH_MAX). */
#define UPM_MEDIUM_PATH_MAX 267
int upm_medium_write_file(struct upm_medium_renames *m, const char *path, const void *data, size_t len);

#endif

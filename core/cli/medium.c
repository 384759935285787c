/* Medium refusals in words, and files written whole whether or not the medium renames
 * (core/cli/medium.h). */
#include "core/cli/medium.h"
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/backend.h"

const char *upm_medium_problem(int status, const char *otherwise)
{
	switch (status) {
	case UPM_ENOSPC: return "the medium is full";
	case UPM_EROFS: return "the medium is write-protected";
	default: return otherwise;
	}
}

const char *upm_medium_fix(int status)
{
	return status == UPM_EROFS ? "turn the medium's write protection off" : "free space on the medium";
}

int upm_medium_write_file(struct upm_medium_renames *m, const char *path, const void *data, size_t len)
{
	char tmp[UPM_MEDIUM_PATH_MAX + 5];
	int rc;

	if (upm_strlen(path) > UPM_MEDIUM_PATH_MAX)
		return UPM_EINVAL;
	if (m->refused)
		return upm_os_write_file(path, data, len);
	upm_snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if ((rc = upm_os_write_file(tmp, data, len)) != UPM_OK)
		return rc; /* the medium refused the file itself: no rename was tried */
	rc = upm_os_rename(tmp, path);
	/* Older vendor FAT drivers refuse SetInfo's new name, or take it and lose the entry:
	 * only a file there under its name counts. */
	if (rc == UPM_OK && upm_os_exists(path))
		return UPM_OK;
	/* A read-only or full medium refuses everything: that is no rename's doing, and the
	 * caller says it as such. */
	if (rc == UPM_EROFS || rc == UPM_ENOSPC)
		return rc;
	m->refused = 1;
	m->status = rc;
	upm_strlcpy(m->file, path, sizeof m->file);
	if ((rc = upm_os_write_file(path, data, len)) == UPM_OK)
		(void)upm_os_remove(tmp); /* a copy of path now: nothing is lost if it stays */
	return rc;
}

/* Medium refusals in words (core/cli/medium.h). */
#include "core/cli/medium.h"
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

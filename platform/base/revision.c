/* The one file the source revision is compiled into (revision.h). */
#include "platform/base/revision.h"

#ifndef UPM_REVISION
#define UPM_REVISION "unknown" /* a build that did not say: not from the Makefile */
#endif

const char *upm_revision(void)
{
	return UPM_REVISION;
}

/* Which upmon this is: the version people quote and the source revision it was built
 * from. The revision is compiled into platform/base/revision.c alone, which the build
 * recompiles whenever the revision changes (Makefile, build/revision), so no results
 * file names a revision other than the one its program was built from. */
#ifndef UPMON_CORE_REVISION_H
#define UPMON_CORE_REVISION_H

#define UPM_VERSION "0.1.0"

/* `git describe --always --dirty` of the tree the program was built from ("-dirty":
 * with changes not committed), or "unknown" outside a git checkout. */
const char *upm_revision(void);

#endif

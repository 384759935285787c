/* Cache geometry from CPUID leaf 4 (deterministic cache parameters), read through the
 * backend so the mock and the trace see it like every other CPUID. */
#ifndef UPMON_CORE_CACHES_H
#define UPMON_CORE_CACHES_H

#include "platform/backend.h"

#define UPM_MAX_CACHES 8

struct upm_cache {
	unsigned level;      /* 1, 2, 3 */
	char type;           /* 'd' data, 'i' instruction, 'u' unified */
	unsigned ways, partitions, line, sets;
	unsigned sharing;    /* logical processors sharing it (an upper bound, per CPUID) */
	uint64_t bytes;      /* ways x partitions x line x sets */
};

struct upm_caches {
	unsigned n;
	struct upm_cache c[UPM_MAX_CACHES];
	uint64_t llc_bytes;  /* the highest-level data or unified cache; 0 when unknown */
};

/* Reads every leaf-4 subleaf. UPM_OK; UPM_EUNSUPPORTED when the processor does not
 * have leaf 4 (maximum basic leaf below 4, not GenuineIntel, or no cache reported):
 * out is then empty with llc_bytes 0. */
int upm_caches_read(struct upm_backend *b, struct upm_caches *out);

#endif

/* The register spaces a backend reaches: the box tables (boxes/box.h) place each box in
 * one, and the trace and replay backends (platform/trace.h, platform/replay.h) record
 * each access under it. */
#ifndef UPMON_PLATFORM_SPACE_H
#define UPMON_PLATFORM_SPACE_H

enum upm_space {
	UPM_SPACE_MSR = 0,
	UPM_SPACE_PCI = 1,
	UPM_SPACE_MMIO = 2,
};

#endif

/* Stand-ins for the backend's MMIO write and 64-bit read until the backend has them
 * (platform/backend.h): the write refuses, the read is two dword loads, low first. */
#ifndef UPMON_PLATFORM_MMIO_BOOTSTRAP_H
#define UPMON_PLATFORM_MMIO_BOOTSTRAP_H

#include "platform/backend.h"

int upm_mmio_write32(struct upm_backend *b, uint64_t addr, uint32_t val);
int upm_mmio_read64(struct upm_backend *b, uint64_t addr, uint64_t *val);

#endif

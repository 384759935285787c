/* Stand-ins for the backend's MMIO write and 64-bit read (platform/mmio_bootstrap.h). */
#include "platform/mmio_bootstrap.h"

int upm_mmio_write32(struct upm_backend *b, uint64_t addr, uint32_t val)
{
	(void)b;
	(void)addr;
	(void)val;
	return UPM_EUNSUPPORTED;
}

int upm_mmio_read64(struct upm_backend *b, uint64_t addr, uint64_t *val)
{
	uint32_t lo = 0, hi = 0;
	int rc = upm_mmio_read32(b, addr, &lo);
	if (rc == UPM_OK)
		rc = upm_mmio_read32(b, addr + 4, &hi);
	*val = (uint64_t)hi << 32 | lo;
	return rc;
}

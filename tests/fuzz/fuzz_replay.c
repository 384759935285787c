/* libFuzzer target: trace files given to --backend replay:FILE (platform/replay.c), then
 * a few accesses against whatever it accepted: CPUID, the ECAM windows, an MSR read and
 * write, a PCI read, until the first divergence. */
#include "platform/replay.h"
#include "platform/pci.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[200];
	struct upm_backend *b = upm_replay_create((const char *)data, size, err, sizeof err);
	if (!b)
		return 0;
	struct upm_cpuid_regs regs;
	struct upm_ecam_window w;
	uint64_t v64;
	uint32_t v32;
	upm_cpuid(b, 0, 0, &regs);
	upm_cpuid(b, 1, 0, &regs);
	for (unsigned i = 0; upm_ecam_window_at(b, i, &w) == UPM_OK && i < 8; i++)
		;
	upm_msr_read(b, 0xc00, &v64);
	upm_msr_write(b, 0xc00, 0x10000);
	upm_pci_read32(b, (struct upm_pci_addr){ 0, 0xff, 0x0b, 0, 0x54 }, &v32);
	upm_mmio_write32(b, 0xfed15040, 0x100);
	upm_mmio_read64(b, 0xfed15040, &v64);
	upm_mmio_read32(b, 0xfed15040, &v32);
	upm_msr_read(b, 0xc00, &v64);
	(void)upm_replay_divergence(b);
	(void)upm_replay_unused(b);
	upm_backend_destroy(b);
	return 0;
}

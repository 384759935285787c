/* The hw backend object: struct upm_backend ops over the raw accesses. */
#include "platform/hw/hw.h"
#include "platform/hw/guarded.h"
#include "platform/hw/pci_config.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

struct hw_ctx {
	struct upm_backend backend;
	struct upm_ecam_window ecam[UPM_ECAM_MAX_WINDOWS];
	unsigned n_ecam;
};

static struct hw_ctx *ctx_of(struct upm_backend *b)
{
	return (struct hw_ctx *)b->ctx;
}


static int hw_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t subleaf,
		    struct upm_cpuid_regs *out)
{
	(void)b;
	__asm__ volatile("cpuid"
			 : "=a"(out->eax), "=b"(out->ebx), "=c"(out->ecx), "=d"(out->edx)
			 : "a"(leaf), "c"(subleaf));
	return UPM_OK;
}

static int hw_msr_read(struct upm_backend *b, uint32_t msr, uint64_t *val)
{
	(void)b;
	return upm_hw_rdmsr(msr, val);
}

static int hw_msr_write(struct upm_backend *b, uint32_t msr, uint64_t val)
{
	(void)b;
	return upm_hw_wrmsr(msr, val);
}

static int hw_pci_read32(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			 uint32_t *val)
{
	return upm_hw_pci_read32(ctx_of(b)->ecam, ctx_of(b)->n_ecam, mech, a, val);
}

static int hw_pci_write32(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			  uint32_t val)
{
	return upm_hw_pci_write32(ctx_of(b)->ecam, ctx_of(b)->n_ecam, mech, a, val);
}

static int hw_mmio_read32(struct upm_backend *b, uint64_t addr, uint32_t *val)
{
	(void)b;
	if (addr & 3)
		return UPM_EINVAL;
	return upm_hw_load32(addr, val);
}

static int hw_mmio_write32(struct upm_backend *b, uint64_t addr, uint32_t val)
{
	(void)b;
	if (addr & 3)
		return UPM_EINVAL;
	return upm_hw_store32(addr, val);
}

static int hw_mmio_read64(struct upm_backend *b, uint64_t addr, uint64_t *val)
{
	(void)b;
	if (addr & 7)
		return UPM_EINVAL;
	return upm_hw_load64(addr, val);
}

static int hw_ecam_window(struct upm_backend *b, unsigned index, struct upm_ecam_window *out)
{
	struct hw_ctx *c = ctx_of(b);
	if (index >= c->n_ecam)
		return UPM_ENOTFOUND;
	*out = c->ecam[index];
	return UPM_OK;
}

/* Real counters count real activity: nothing to model. */
static void hw_activity(struct upm_backend *b, const struct upm_activity *act)
{
	(void)b;
	(void)act;
}

static void hw_destroy(struct upm_backend *b)
{
	upm_os_free(ctx_of(b));
}

static const struct upm_backend_ops hw_ops = {
	.cpuid = hw_cpuid,
	.msr_read = hw_msr_read,
	.msr_write = hw_msr_write,
	.pci_read32 = hw_pci_read32,
	.pci_write32 = hw_pci_write32,
	.mmio_read32 = hw_mmio_read32,
	.mmio_write32 = hw_mmio_write32,
	.mmio_read64 = hw_mmio_read64,
	.ecam_window = hw_ecam_window,
	.activity = hw_activity,
	.destroy = hw_destroy,
};

struct upm_backend *upm_hw_backend_create(const struct upm_ecam_window *ecam, unsigned n_ecam,
					  unsigned n_dropped, const char *mcfg_refused)
{
	struct hw_ctx *c = upm_os_alloc(sizeof *c);
	if (!c)
		return NULL;
	upm_memset(c, 0, sizeof *c); /* every field a creator zeroes (platform/backend.h) */
	c->n_ecam = n_ecam < UPM_ECAM_MAX_WINDOWS ? n_ecam : UPM_ECAM_MAX_WINDOWS;
	for (unsigned i = 0; i < c->n_ecam; i++)
		c->ecam[i] = ecam[i];
	c->backend.ecam_entries_dropped = n_dropped + (n_ecam - c->n_ecam);
	c->backend.mcfg_refused = mcfg_refused;
	c->backend.lock_finding = upm_hw_pci_lock_finding();
	c->backend.name = "hw";
	c->backend.ops = &hw_ops;
	c->backend.ctx = c;
	return &c->backend;
}

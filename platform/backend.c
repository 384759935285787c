#include "platform/backend.h"
#include "platform/base/str.h"

const char *upm_status_name(int status)
{
	switch (status) {
	case UPM_OK: return "ok";
	case UPM_EFAULT: return "EFAULT";
	case UPM_EABSENT: return "EABSENT";
	case UPM_EUNSUPPORTED: return "EUNSUPPORTED";
	case UPM_ERANGE: return "ERANGE";
	case UPM_EINVAL: return "EINVAL";
	case UPM_ENOMEM: return "ENOMEM";
	case UPM_EIO: return "EIO";
	case UPM_ENOTFOUND: return "ENOTFOUND";
	case UPM_EDIVERGED: return "EDIVERGED";
	case UPM_ENOSPC: return "ENOSPC";
	case UPM_EROFS: return "EROFS";
	case UPM_EBUSY: return "EBUSY";
	default: return "E?";
	}
}

int upm_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t subleaf, struct upm_cpuid_regs *out)
{
	return b->ops->cpuid(b, leaf, subleaf, out);
}

int upm_backend_counts_by_pmu(const struct upm_backend *b)
{
	return b && b->ops->pmu_open != NULL;
}

int upm_pmu_present(struct upm_backend *b, unsigned socket, const char *pmu)
{
	return b->ops->pmu_present ? b->ops->pmu_present(b, socket, pmu) : 0;
}

int upm_pmu_open(struct upm_backend *b, unsigned socket, const char *pmu, const char *terms, int *handle, char *err,
		 unsigned long err_size)
{
	if (!b->ops->pmu_open) {
		upm_snprintf(err, err_size, "the %s backend counts through registers, not perf", b->name);
		return UPM_EUNSUPPORTED;
	}
	b->accesses++;
	return b->ops->pmu_open(b, socket, pmu, terms, handle, err, err_size);
}

int upm_pmu_enable(struct upm_backend *b, int handle, int on)
{
	b->accesses++;
	return b->ops->pmu_enable ? b->ops->pmu_enable(b, handle, on) : UPM_EUNSUPPORTED;
}

int upm_pmu_read(struct upm_backend *b, int handle, uint64_t *count, uint64_t *enabled_ns, int *partial)
{
	b->accesses++;
	return b->ops->pmu_read ? b->ops->pmu_read(b, handle, count, enabled_ns, partial) : UPM_EUNSUPPORTED;
}

void upm_pmu_close(struct upm_backend *b, int handle)
{
	if (b->ops->pmu_close)
		b->ops->pmu_close(b, handle);
}

int upm_msr_read(struct upm_backend *b, uint32_t msr, uint64_t *val)
{
	b->accesses++;
	return b->ops->msr_read(b, msr, val);
}

int upm_msr_write(struct upm_backend *b, uint32_t msr, uint64_t val)
{
	b->accesses++;
	return b->ops->msr_write(b, msr, val);
}

/* A load from addr can only raise #GP, never #PF: it is non-canonical even with
 * 5-level paging (bits 63:57 differ from bit 56; Intel SDM vol. 1, 3.3.7.1), so it is
 * non-canonical with 4-level paging too. */
static int never_mapped(uint64_t addr)
{
	return (uint64_t)((int64_t)(addr << 7) >> 7) != addr;
}

/* The mechanism an access may take: with loads_unguarded, CF8/CFC, or none (-1) for an
 * explicit ECAM access. */
static int mech_allowed(const struct upm_backend *b, enum upm_pci_mech mech)
{
	if (!b->loads_unguarded || mech == UPM_PCI_CF8)
		return (int)mech;
	return mech == UPM_PCI_AUTO ? (int)UPM_PCI_CF8 : -1;
}

int upm_pci_read32_via(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
		       uint32_t *val)
{
	int allowed = mech_allowed(b, mech);
	if (allowed < 0)
		return UPM_EUNSUPPORTED;
	mech = (enum upm_pci_mech)allowed;
	b->accesses++;
	return b->ops->pci_read32(b, mech, a, val);
}

int upm_pci_write32_via(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			uint32_t val)
{
	int allowed = mech_allowed(b, mech);
	if (allowed < 0)
		return UPM_EUNSUPPORTED;
	mech = (enum upm_pci_mech)allowed;
	b->accesses++;
	return b->ops->pci_write32(b, mech, a, val);
}

int upm_backend_ecam_refused(const struct upm_backend *b, uint16_t seg)
{
	for (unsigned i = 0; i < b->n_ecam_refused; i++)
		if (b->ecam_refused_seg[i] == seg)
			return 1;
	return 0;
}

int upm_pci_read32(struct upm_backend *b, struct upm_pci_addr a, uint32_t *val)
{
	return upm_pci_read32_via(b, upm_backend_ecam_refused(b, a.seg) ? UPM_PCI_CF8 : UPM_PCI_AUTO, a, val);
}

int upm_pci_write32(struct upm_backend *b, struct upm_pci_addr a, uint32_t val)
{
	return upm_pci_write32_via(b, upm_backend_ecam_refused(b, a.seg) ? UPM_PCI_CF8 : UPM_PCI_AUTO, a, val);
}

void upm_backend_refuse_ecam(struct upm_backend *b, uint16_t seg)
{
	if (!upm_backend_ecam_refused(b, seg) && b->n_ecam_refused < UPM_ECAM_MAX_WINDOWS)
		b->ecam_refused_seg[b->n_ecam_refused++] = seg;
}

int upm_mmio_read32(struct upm_backend *b, uint64_t addr, uint32_t *val)
{
	if (b->loads_unguarded && !never_mapped(addr))
		return UPM_EUNSUPPORTED;
	b->accesses++;
	return b->ops->mmio_read32(b, addr, val);
}

int upm_mmio_write32(struct upm_backend *b, uint64_t addr, uint32_t val)
{
	if (b->loads_unguarded && !never_mapped(addr))
		return UPM_EUNSUPPORTED;
	b->accesses++;
	return b->ops->mmio_write32(b, addr, val);
}

int upm_mmio_read64(struct upm_backend *b, uint64_t addr, uint64_t *val)
{
	if (b->loads_unguarded && !never_mapped(addr))
		return UPM_EUNSUPPORTED;
	b->accesses++;
	return b->ops->mmio_read64(b, addr, val);
}

int upm_ecam_window_at(struct upm_backend *b, unsigned index, struct upm_ecam_window *out)
{
	/* The index-th window of a segment not refused: each window is judged on its own. */
	if (b->loads_unguarded)
		return UPM_ENOTFOUND;
	for (unsigned raw = 0, kept = 0; raw < UPM_ECAM_MAX_WINDOWS; raw++) {
		int rc = b->ops->ecam_window(b, raw, out);
		if (rc != UPM_OK)
			return rc;
		if (upm_backend_ecam_refused(b, out->seg))
			continue;
		if (kept++ == index)
			return UPM_OK;
	}
	return UPM_ENOTFOUND;
}

int upm_backend_raw_ecam_window(struct upm_backend *b, unsigned index, struct upm_ecam_window *out)
{
	return b->ops->ecam_window(b, index, out);
}

int upm_backend_has_mcfg(struct upm_backend *b)
{
	struct upm_ecam_window w;
	return upm_backend_raw_ecam_window(b, 0, &w) == UPM_OK;
}

int upm_ecam_window(struct upm_backend *b, struct upm_ecam_window *out)
{
	return upm_ecam_window_at(b, 0, out);
}

int upm_ecam_window_for(struct upm_backend *b, uint16_t seg, uint8_t bus,
			struct upm_ecam_window *out)
{
	for (unsigned i = 0; upm_ecam_window_at(b, i, out) == UPM_OK; i++)
		if (out->seg == seg && bus >= out->bus_start && bus <= out->bus_end)
			return UPM_OK;
	return UPM_ENOTFOUND;
}

void upm_activity(struct upm_backend *b, const struct upm_activity *act)
{
	if (b->ops->activity)
		b->ops->activity(b, act);
}

void upm_backend_pass_begins(struct upm_backend *b, unsigned pass)
{
	if (b && b->ops->pass_begins)
		b->ops->pass_begins(b, pass);
}

void upm_backend_destroy(struct upm_backend *b)
{
	if (b && b->ops->destroy)
		b->ops->destroy(b);
}

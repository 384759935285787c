/* The mock's register file: the MSRs, PCI functions and MMIO windows a model adds, kept
 * sorted for lookup, and the lookups models, faults and tests find registers by. */
#include "platform/mock/mock.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

static void *grow(void *arr, unsigned *cap, unsigned n, unsigned elem)
{
	if (n < *cap)
		return arr;
	unsigned ncap = *cap ? *cap * 2 : 16;
	void *p = upm_os_alloc((size_t)ncap * elem);
	if (!p)
		return NULL;
	upm_memset(p, 0, (size_t)ncap * elem);
	if (arr)
		upm_memcpy(p, arr, (size_t)n * elem);
	upm_os_free(arr);
	*cap = ncap;
	return p;
}

static void *oom(struct upm_mock *m)
{
	upm_strlcpy(m->error, "mock: out of memory", sizeof m->error);
	return NULL;
}

static struct upm_mock_reg *new_reg(struct upm_mock *m, struct upm_mock_reg ***arr, unsigned *n,
				    unsigned *cap, uint32_t addr, uint64_t reset, uint64_t rw_mask)
{
	struct upm_mock_reg **p = grow(*arr, cap, *n, sizeof **arr);
	if (!p)
		return oom(m);
	*arr = p;
	struct upm_mock_reg *r = upm_os_alloc(sizeof *r);
	if (!r)
		return oom(m);
	upm_memset(r, 0, sizeof *r);
	r->addr = addr;
	r->value = r->reset = reset;
	r->rw_mask = rw_mask;
	p[(*n)++] = r;
	return r;
}

struct upm_mock_reg *upm_mock_add_msr(struct upm_mock *m, unsigned socket, uint32_t msr,
				      uint64_t reset, uint64_t rw_mask)
{
	struct upm_mock_socket *s = &m->sockets[socket];
	struct upm_mock_reg *r = new_reg(m, &s->msrs, &s->n_msrs, &s->cap_msrs, msr, reset, rw_mask);
	if (r) {
		r->space = UPM_MOCK_MSR;
		r->socket = (uint8_t)socket;
	}
	return r;
}

struct upm_mock_pci_dev *upm_mock_add_pci_dev(struct upm_mock *m, unsigned socket, uint8_t bus,
					      uint8_t dev, uint8_t fn, uint16_t vendor,
					      uint16_t device)
{
	struct upm_mock_socket *s = &m->sockets[socket];
	struct upm_mock_pci_dev **p = grow(s->devs, &s->cap_devs, s->n_devs, sizeof *p);
	if (!p)
		return oom(m);
	s->devs = p;
	struct upm_mock_pci_dev *d = upm_os_alloc(sizeof *d);
	if (!d)
		return oom(m);
	upm_memset(d, 0, sizeof *d);
	d->bus = bus;
	d->dev = dev;
	d->fn = fn;
	d->vendor = vendor;
	d->device = device;
	d->socket = socket;
	p[s->n_devs++] = d;
	return d;
}

struct upm_mock_reg *upm_mock_add_pci_reg(struct upm_mock *m, struct upm_mock_pci_dev *d,
					  uint16_t off, uint32_t reset, uint32_t rw_mask)
{
	struct upm_mock_reg *r = new_reg(m, &d->regs, &d->n_regs, &d->cap_regs, off, reset, rw_mask);
	if (r) {
		r->space = UPM_MOCK_PCI;
		r->socket = (uint8_t)d->socket;
		r->dev = d;
	}
	return r;
}

struct upm_mock_mmio *upm_mock_add_mmio(struct upm_mock *m, uint64_t base, uint64_t size)
{
	if (m->n_mmio >= UPM_ARRAY_LEN(m->mmio))
		return NULL;
	struct upm_mock_mmio *w = &m->mmio[m->n_mmio++];
	upm_memset(w, 0, sizeof *w);
	w->base = base;
	w->size = size;
	return w;
}

struct upm_mock_reg *upm_mock_add_mmio_reg(struct upm_mock *m, struct upm_mock_mmio *w,
					   uint32_t off, uint32_t reset, uint32_t rw_mask)
{
	struct upm_mock_reg *r = new_reg(m, &w->regs, &w->n_regs, &w->cap_regs, off, reset, rw_mask);
	if (r)
		r->space = UPM_MOCK_MMIO;
	return r;
}

void upm_mock_seal(struct upm_mock *m)
{
	/* Insertion sort: tables are built once and are mostly in order already. */
	for (unsigned s = 0; s < m->n_sockets; s++) {
		struct upm_mock_reg **a = m->sockets[s].msrs;
		for (unsigned i = 1; i < m->sockets[s].n_msrs; i++) {
			struct upm_mock_reg *key = a[i];
			unsigned j = i;
			while (j > 0 && a[j - 1]->addr > key->addr) {
				a[j] = a[j - 1];
				j--;
			}
			a[j] = key;
		}
	}
}

struct upm_mock_reg *upm_mock_msr(struct upm_mock *m, unsigned socket, uint32_t msr)
{
	if (socket >= m->n_sockets)
		return NULL;
	struct upm_mock_socket *s = &m->sockets[socket];
	unsigned lo = 0, hi = s->n_msrs;
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		if (s->msrs[mid]->addr < msr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->n_msrs && s->msrs[lo]->addr == msr ? s->msrs[lo] : NULL;
}

struct upm_mock_pci_dev *upm_mock_pci_dev(struct upm_mock *m, uint8_t bus, uint8_t dev, uint8_t fn,
					  unsigned *socket)
{
	for (unsigned s = 0; s < m->n_sockets; s++) {
		for (unsigned i = 0; i < m->sockets[s].n_devs; i++) {
			struct upm_mock_pci_dev *d = m->sockets[s].devs[i];
			if (d->bus == bus && d->dev == dev && d->fn == fn) {
				if (socket)
					*socket = s;
				return d;
			}
		}
	}
	return NULL;
}

struct upm_mock_reg *upm_mock_pci_reg(struct upm_mock_pci_dev *d, uint16_t off)
{
	for (unsigned i = 0; i < d->n_regs; i++)
		if (d->regs[i]->addr == off)
			return d->regs[i];
	return NULL;
}

/* A box instance's registers (session.h): MSR, PCI configuration or MMIO by the box
 * type's space, counters split into dwords where they are, the Xeon E7 read erratum, and
 * the box control's freeze, and whether a PCI function left the bus. Every write of a
 * counter control tells the save record (save_record.h) whether the session enabled it. */
#include "core/session/session.h"
#include "core/session/save_record.h"
#include "core/events/subcfg.h"
#include "platform/pci.h"

const struct upm_unit_place *upm_box_place(const struct upm_box_type *t, unsigned socket, unsigned inst)
{
	if (!t->places || socket >= t->places_sockets || inst >= t->max_instances)
		return NULL;
	const struct upm_unit_place *p = &t->places[socket * t->max_instances + inst];
	return p->present ? p : NULL;
}

struct upm_pci_addr upm_box_pci_fn(const struct upm_box_inst *b, int filter_fn)
{
	if (b->where) {
		struct upm_pci_addr a = b->where->pci;
		a.off = 0;
		return a;
	}
	const struct upm_pci_fn *fn = filter_fn && b->type->filter_pci ? &b->type->filter_pci[b->instance]
									: &b->type->pci[b->instance];
	struct upm_pci_addr a = { b->seg, b->bus, fn->dev, fn->fn, 0 };
	return a;
}

static struct upm_pci_addr pci_addr(const struct upm_box_inst *b, uint32_t off, int filter_fn)
{
	struct upm_pci_addr a = upm_box_pci_fn(b, filter_fn);
	a.off = (uint16_t)(off + (b->where ? b->where->pci.off : 0));
	return a;
}

/* A placed box's counter control of 64 bits on PCI or MMIO: two dwords. */
static int ctl64_dwords(const struct upm_box_inst *b, uint32_t addr)
{
	const struct upm_box_type *t = b->type;
	if (!b->where || t->space == UPM_SPACE_MSR || t->ctl_width != 64)
		return 0;
	for (unsigned i = 0; i < t->n_ctrs; i++)
		if (t->ctl[i] == addr)
			return 1;
	return 0;
}

/* Whether the PCI function at id_addr left the bus: its IDs do not read, or read all ones. */
int upm_pci_gone(struct upm_backend *be, struct upm_pci_addr id_addr)
{
	uint32_t ids = UPM_PCI_ABSENT;
	id_addr.off = 0;
	return upm_pci_read32(be, id_addr, &ids) != UPM_OK || (ids & 0xFFFF) == 0xFFFF;
}

static uint32_t msr_addr(const struct upm_box_inst *b, uint32_t addr)
{
	if (b->where) /* placed: offsets from the unit control */
		return (uint32_t)b->where->addr + addr;
	return upm_box_msr_addr(b->type, b->instance, addr); /* stride, instance_base or filter steps */
}

/* One dword of a PCI or placed MMIO box. */
static int dword_write(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr, uint32_t v,
		       int filter_fn)
{
	if (b->type->space == UPM_SPACE_MMIO)
		return upm_mmio_write32(s->run->backend, b->mmio_base + addr, v);
	return upm_pci_write32(s->run->backend, pci_addr(b, addr, filter_fn), v);
}

int upm_box_reg_write(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		      uint64_t v, int filter_fn)
{
	int rc;
	if (b->type->space == UPM_SPACE_MSR)
		rc = upm_msr_write(s->run->backend, msr_addr(b, addr), v);
	else if (b->type->space == UPM_SPACE_MMIO && !b->where)
		return UPM_EUNSUPPORTED; /* memory-mapped counters run free: never written */
	else if (ctl64_dwords(b, addr)) { /* high dword first (spr_uncore_pci_enable_event) */
		rc = dword_write(s, b, addr + 4, (uint32_t)(v >> 32), filter_fn);
		if (rc == UPM_OK)
			rc = dword_write(s, b, addr, (uint32_t)v, filter_fn);
	} else
		rc = dword_write(s, b, addr, (uint32_t)v, filter_fn);
	if (rc == UPM_OK && !filter_fn)
		upm_session_note_enabled(s, b, addr, v);
	return rc;
}

int upm_box_reg_read(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		     uint64_t *v, int filter_fn)
{
	if (b->type->space == UPM_SPACE_MSR)
		return upm_msr_read(s->run->backend, msr_addr(b, addr), v);
	if (ctl64_dwords(b, addr)) { /* low dword, then high */
		uint32_t lo = 0, hi = 0;
		int rc = b->type->space == UPM_SPACE_MMIO ? upm_mmio_read32(s->run->backend, b->mmio_base + addr, &lo)
							   : upm_pci_read32(s->run->backend, pci_addr(b, addr, 0), &lo);
		if (rc == UPM_OK)
			rc = b->type->space == UPM_SPACE_MMIO
				     ? upm_mmio_read32(s->run->backend, b->mmio_base + addr + 4, &hi)
				     : upm_pci_read32(s->run->backend, pci_addr(b, addr + 4, 0), &hi);
		*v = (uint64_t)hi << 32 | lo;
		if (rc == UPM_OK && lo == UPM_PCI_ABSENT && b->type->space == UPM_SPACE_PCI &&
		    upm_pci_gone(s->run->backend, pci_addr(b, 0, 0)))
			rc = UPM_EABSENT;
		return rc;
	}
	uint32_t d = 0;
	int rc = b->type->space == UPM_SPACE_MMIO
			 ? upm_mmio_read32(s->run->backend, b->mmio_base + addr, &d)
			 : upm_pci_read32(s->run->backend, pci_addr(b, addr, filter_fn), &d);
	*v = d;
	/* All ones from a function whose IDs read all ones too: it left the bus mid-run. */
	if (rc == UPM_OK && d == UPM_PCI_ABSENT && addr != 0 && b->type->space == UPM_SPACE_PCI &&
	    upm_pci_gone(s->run->backend, pci_addr(b, 0, filter_fn)))
		rc = UPM_EABSENT;
	return rc;
}

/* Counters: one MSR, or two dwords on PCI and MMIO (low first; the box is frozen when
 * read). */
int upm_box_ctr_read(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		     unsigned width, uint64_t *v)
{
	uint64_t lo, hi = 0;
	int rc;
	if (b->where && b->type->space == UPM_SPACE_MMIO && width > 32) { /* one 64-bit load */
		rc = upm_mmio_read64(s->run->backend, b->mmio_base + addr, &lo);
		*v = lo & (width >= 64 ? ~0ull : (1ull << width) - 1);
		return rc;
	}
	rc = upm_box_reg_read(s, b, addr, &lo, 0);
	if (rc == UPM_OK && b->type->space != UPM_SPACE_MSR && width > 32)
		rc = upm_box_reg_read(s, b, addr + 4, &hi, 0);
	*v = (lo | hi << 32) & (width >= 64 ? ~0ull : (1ull << width) - 1);
	/* Xeon E7 erratum (002:5626-5629): a read ending in 0x000000 or 0x000001 is
	 * 0x1000000 too high. Below 0x1000000 it cannot be, so such a value is left alone. */
	if ((b->type->session & UPM_SESS_READ_ERRATUM_24) && (*v & 0xFFFFFFu) <= 1 && *v >= 0x1000000u)
		*v -= 0x1000000u;
	return rc;
}

int upm_box_ctr_write(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		      unsigned width, uint64_t v)
{
	if (b->type->space == UPM_SPACE_MSR)
		return upm_box_reg_write(s, b, addr, v, 0);
	int rc = upm_box_reg_write(s, b, addr, v & 0xFFFFFFFFu, 0);
	if (rc == UPM_OK && width > 32)
		rc = upm_box_reg_write(s, b, addr + 4, v >> 32, 0);
	return rc;
}

uint32_t upm_box_reg_addr(const struct upm_box_inst *b, uint32_t addr)
{
	if (b->type->space == UPM_SPACE_PCI && b->where)
		return b->where->pci.off + addr;
	return b->type->space == UPM_SPACE_MSR ? msr_addr(b, addr) : addr;
}

uint64_t upm_box_ctl_value(const struct upm_box_type *t, int frz, int rst_ctrs)
{
	const struct upm_box_ctl_layout *l = &t->box_ctl_layout;
	/* Every write carries frz_en: the fields are write-only (000:530-547); and the
	 * bits the guide says must be written as 1, where the box has any. */
	return upm_field_put(l->frz_en, 1) | upm_field_put(l->frz, (uint64_t)frz) |
	       upm_field_put(l->rst_ctrs, (uint64_t)rst_ctrs) | upm_field_mask(l->write_ones);
}

uint32_t upm_count_ctr(const struct upm_session *s, const struct upm_count *c, unsigned *width)
{
	const struct upm_box_type *t = c->box;
	const struct upm_spec *sp = &s->specs[c->spec];
	if (sp->kind == UPM_SPEC_GENERAL) {
		*width = t->ctr_width;
		return t->ctr[c->counter];
	}
	if (sp->kind == UPM_SPEC_FIXED) {
		*width = t->fixed_width;
		return t->fixed_ctr;
	}
	*width = sp->free_ctr->width;
	return sp->free_ctr->addr;
}

int upm_box_freeze(struct upm_session *s, const struct upm_box_inst *b, int frz)
{
	const struct upm_box_type *t = b->type;
	if (!(t->session & UPM_SESS_BOX_FREEZE))
		return UPM_OK;
	return upm_box_reg_write(s, b, t->box_ctl, upm_box_ctl_value(t, frz, 0), 0);
}

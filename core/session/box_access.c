/* Where a box's registers are, and the access that put a box out of use (session.h):
 * the evidence a presence verdict shows. */
#include "core/session/session.h"
#include "platform/base/str.h"

void upm_box_reg_where(const struct upm_box_inst *b, uint32_t reg, char *out, size_t n)
{
	const struct upm_box_type *t = b->type;
	if (t->space == UPM_SPACE_PCI && (b->where || (t->pci && b->instance < t->max_instances))) {
		struct upm_pci_addr fn = upm_box_pci_fn(b, 0);
		reg = upm_box_reg_addr(b, reg);
		if (fn.seg)
			upm_snprintf(out, n, "%04x:%02x:%02x.%u+0x%x", fn.seg, fn.bus, fn.dev, fn.fn, reg);
		else
			upm_snprintf(out, n, "%02x:%02x.%u+0x%x", fn.bus, fn.dev, fn.fn, reg);
	} else if (t->space == UPM_SPACE_MMIO) {
		upm_snprintf(out, n, "0x%llx", (unsigned long long)(b->mmio_base + reg));
	} else {
		upm_snprintf(out, n, "0x%x", upm_box_reg_addr(b, reg));
	}
}

void upm_box_failed_access(struct upm_box_inst *b, const char *reg, const char *address, int has_value,
			   uint64_t value)
{
	struct upm_box_access *a = &b->failed;
	a->known = 1;
	upm_strlcpy(a->reg, reg, sizeof a->reg);
	upm_strlcpy(a->address, address, sizeof a->address);
	a->has_value = has_value;
	a->value = has_value ? value : 0;
}

void upm_box_failed_reg(struct upm_box_inst *b, const char *name, uint32_t reg, int has_value, uint64_t value)
{
	char where[32];
	upm_box_reg_where(b, reg, where, sizeof where);
	upm_box_failed_access(b, name, where, has_value, value);
}

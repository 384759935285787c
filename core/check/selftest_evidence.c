#include "core/check/selftest_evidence.h"
#include "core/base/str.h"

/* Where a box's register is: the MSR, BB:DD.F+0xOFF (SSSS: first off segment 0), or the
 * memory address. */
void upm_st_reg_where(const struct upm_box_inst *b, uint32_t reg, char *out, size_t n)
{
	const struct upm_box_type *t = b->type;
	if (t->space == UPM_SPACE_PCI && t->pci && b->instance < t->max_instances) {
		const struct upm_pci_fn *fn = &t->pci[b->instance];
		if (b->seg)
			upm_snprintf(out, n, "%04x:%02x:%02x.%u+0x%x", b->seg, b->bus, fn->dev, fn->fn, reg);
		else
			upm_snprintf(out, n, "%02x:%02x.%u+0x%x", b->bus, fn->dev, fn->fn, reg);
	} else if (t->space == UPM_SPACE_MMIO) {
		upm_snprintf(out, n, "0x%llx", (unsigned long long)(b->mmio_base + reg));
	} else {
		upm_snprintf(out, n, "0x%x", upm_box_reg_addr(b, reg));
	}
}

/* The register of the evidence, its value read (read 0: the read faulted). */
void upm_st_ev_reg(struct upm_st_ev *e, const struct upm_box_inst *b, const char *name, uint32_t reg, int read,
		uint64_t value)
{
	e->has_reg = 1;
	upm_strlcpy(e->reg, name, sizeof e->reg);
	upm_st_reg_where(b, reg, e->where, sizeof e->where);
	e->has_value = read;
	e->value = read ? value : 0;
}

void upm_st_ev_written(struct upm_st_ev *e, uint64_t written)
{
	e->has_written = 1;
	e->written = written;
}

void upm_st_ev_exact(struct upm_st_ev *e, double measured, double expected, const char *unit)
{
	e->numbers = 1;
	e->measured = measured;
	e->expected = e->low = e->high = expected;
	e->unit = unit;
}

void upm_st_ev_range(struct upm_st_ev *e, double measured, double low, double high, const char *unit)
{
	e->numbers = 2;
	e->measured = measured;
	e->low = low;
	e->high = high;
	e->unit = unit;
}

/* Puts a test's numbers and register on its verdict. */
void upm_st_ev_apply(struct upm_verdict *v, const struct upm_st_ev *e)
{
	if (!v)
		return;
	if (e->numbers == 1)
		upm_verdict_numbers(v, e->measured, e->expected, 0, e->unit);
	else if (e->numbers == 2)
		upm_verdict_range(v, e->measured, e->low, e->high, e->unit);
	if (e->has_reg && e->has_value)
		upm_verdict_evidence(v, e->reg, e->where, e->value);
	else if (e->has_reg)
		upm_verdict_evidence_fault(v, e->reg, e->where);
	if (e->has_reg && e->has_written)
		upm_verdict_written(v, e->written);
}

#include "core/check/selftest_evidence.h"
#include "platform/base/str.h"

void upm_st_reg_where(const struct upm_box_inst *b, uint32_t reg, char *out, size_t n)
{
	upm_box_reg_where(b, reg, out, n); /* core/session/session.h */
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

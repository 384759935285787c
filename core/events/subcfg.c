#include "core/events/subcfg.h"

unsigned upm_sub_n_ids(const struct upm_box_type *t)
{
	return t->n_filter_regs * UPM_MAX_SUB_INDEX;
}

static const struct upm_filter_reg_info *info_of(const struct upm_box_type *t, unsigned reg)
{
	return t->filter_info && reg < t->n_filter_regs ? &t->filter_info[reg] : NULL;
}

uint32_t upm_sub_addr0(const struct upm_box_type *t, unsigned id)
{
	unsigned reg = id / UPM_MAX_SUB_INDEX, index = id % UPM_MAX_SUB_INDEX;
	const struct upm_filter_reg_info *in = info_of(t, reg);
	return t->filter_regs[reg] + (in ? in->index_step * index : 0);
}

uint32_t upm_box_msr_addr(const struct upm_box_type *t, unsigned inst, uint32_t addr)
{
	/* A filter register with its own steps: find it by its instance-0 addresses (they
	 * never coincide with the box's other registers). */
	for (unsigned r = 0; t->filter_info && r < t->n_filter_regs; r++) {
		const struct upm_filter_reg_info *in = &t->filter_info[r];
		uint32_t base = t->filter_regs[r];
		unsigned ports = in->index_step ? (t->n_index ? t->n_index : 1) : 1;
		for (unsigned k = 0; k < ports; k++)
			if (addr == base + in->index_step * k)
				return addr + in->inst_step * inst;
	}
	return addr + (t->instance_base ? t->instance_base[inst] : t->stride * inst);
}

int upm_sub_id_valid(const struct upm_box_type *t, unsigned id)
{
	unsigned reg = id / UPM_MAX_SUB_INDEX, index = id % UPM_MAX_SUB_INDEX;
	const struct upm_filter_reg_info *in = info_of(t, reg);
	if (reg >= t->n_filter_regs)
		return 0;
	return index == 0 || (in && in->index_step && index < t->n_index);
}

uint64_t upm_sub_gate(const struct upm_box_type *t, unsigned id)
{
	const struct upm_filter_reg_info *in = info_of(t, id / UPM_MAX_SUB_INDEX);
	return in && upm_sub_id_valid(t, id) ? upm_field_mask(in->gate) : 0;
}

unsigned upm_spec_homes(const struct upm_spec *sp)
{
	return sp->n_homes > 1 ? sp->n_homes : 1;
}

static const struct upm_sub_slot *slot_from(const struct upm_box_type *t, unsigned reg)
{
	for (unsigned i = 0; i < t->n_alt_slots; i++)
		if (t->alt_slots[i].from == reg)
			return &t->alt_slots[i];
	return NULL;
}

void upm_spec_filter_place(const struct upm_spec *sp, unsigned f, unsigned home, unsigned *id,
			   struct upm_bitfield *field)
{
	const struct upm_box_type *t = sp->box;
	unsigned reg = sp->filters[f].field->reg;
	*field = sp->filters[f].field->field;
	if (home > 0) {
		const struct upm_sub_slot *sl = slot_from(t, reg);
		if (sl) {
			reg = sl->to;
			field->lo = (uint8_t)(field->lo + sl->shift);
		}
	}
	const struct upm_filter_reg_info *in = info_of(t, reg);
	unsigned index = in && in->index_step && sp->index > 0 ? (unsigned)sp->index : 0;
	*id = reg * UPM_MAX_SUB_INDEX + index;
}

uint64_t upm_spec_sub_value(const struct upm_spec *sp, unsigned home, unsigned id)
{
	uint64_t v = 0;
	for (unsigned f = 0; f < sp->n_filters; f++) {
		unsigned fid;
		struct upm_bitfield field;
		upm_spec_filter_place(sp, f, home, &fid, &field);
		if (fid == id)
			v |= upm_field_put(field, sp->filters[f].value);
	}
	return v;
}

int upm_spec_uses(const struct upm_spec *sp, unsigned home, unsigned id)
{
	for (unsigned f = 0; f < sp->n_filters; f++) {
		unsigned fid;
		struct upm_bitfield field;
		upm_spec_filter_place(sp, f, home, &fid, &field);
		if (fid == id)
			return 1;
	}
	return 0;
}

uint64_t upm_spec_ctl(const struct upm_spec *sp, unsigned home)
{
	const struct upm_bitfield ev = sp->box->ctl_layout.ev_sel;
	if (!home || !sp->box->alt_ev_add)
		return sp->ctl;
	uint64_t sel = upm_field_get(ev, sp->ctl) + (uint64_t)sp->box->alt_ev_add * home;
	return (sp->ctl & ~upm_field_mask(ev)) | upm_field_put(ev, sel);
}

/* The bits of register id a spec claims: its fields, widened to whole groups. */
static uint64_t claimed(const struct upm_spec *sp, unsigned home, unsigned id)
{
	const struct upm_filter_reg_info *in = info_of(sp->box, id / UPM_MAX_SUB_INDEX);
	uint64_t m = 0;
	for (unsigned f = 0; f < sp->n_filters; f++) {
		unsigned fid;
		struct upm_bitfield field;
		upm_spec_filter_place(sp, f, home, &fid, &field);
		if (fid != id)
			continue;
		uint64_t fm = upm_field_mask(field);
		if (in && in->group) {
			uint64_t g = in->group >= 64 ? ~0ull : (1ull << in->group) - 1;
			for (unsigned lo = 0; lo < 64; lo += in->group)
				if (fm & (g << lo))
					m |= g << lo;
		} else {
			m |= fm;
		}
	}
	return m;
}

int upm_specs_conflict(const struct upm_spec *a, unsigned ha, const struct upm_spec *b,
		       unsigned hb)
{
	for (unsigned f = 0; f < a->n_filters; f++) {
		unsigned id;
		struct upm_bitfield field;
		upm_spec_filter_place(a, f, ha, &id, &field);
		if (!upm_spec_uses(b, hb, id))
			continue;
		uint64_t both = claimed(a, ha, id) & claimed(b, hb, id);
		if ((upm_spec_sub_value(a, ha, id) ^ upm_spec_sub_value(b, hb, id)) & both)
			return 1;
	}
	return 0;
}

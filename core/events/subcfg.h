/* Filter and sub-configuration registers as the engine places them.
 *
 * A spec's filter terms (given by the user, or implied by its event and unit mask:
 * struct upm_sub_setting) name fields of the box's filter registers. Where a box has
 * per-port registers (upm_box_type.index_term), the spec's port picks the register;
 * where it has a second home for them (upm_box_type.alt_slots), the scheduler picks the
 * home that does not clash with the pass's other specs. A register instance is named by
 * an id: reg * UPM_MAX_SUB_INDEX + port index. */
#ifndef UPMON_CORE_SUBCFG_H
#define UPMON_CORE_SUBCFG_H

#include "core/events/spec.h"

/* Ids run below this for box type t. */
unsigned upm_sub_n_ids(const struct upm_box_type *t);
/* The address of register id on instance 0 (MSR number or config offset). */
uint32_t upm_sub_addr0(const struct upm_box_type *t, unsigned id);
/* The MSR an access to instance-0 address `addr` reaches on instance `inst`: the
 * filter register's own step where the table gives one, else instance_base or stride. */
uint32_t upm_box_msr_addr(const struct upm_box_type *t, unsigned inst, uint32_t addr);
/* 1 when id names a register of t (a per-port register's port, or index 0). */
int upm_sub_id_valid(const struct upm_box_type *t, unsigned id);
/* The gate field of register id (a mask), 0 when it has none. */
uint64_t upm_sub_gate(const struct upm_box_type *t, unsigned id);

/* How many homes spec sp may use (at least 1). */
unsigned upm_spec_homes(const struct upm_spec *sp);
/* Where filter f of sp lands in home `home`. */
void upm_spec_filter_place(const struct upm_spec *sp, unsigned f, unsigned home, unsigned *id,
			   struct upm_bitfield *field);
/* What sp writes into register id in home `home` (0 when it does not use it). */
uint64_t upm_spec_sub_value(const struct upm_spec *sp, unsigned home, unsigned id);
/* 1 when sp uses register id in home `home`. */
int upm_spec_uses(const struct upm_spec *sp, unsigned home, unsigned id);
/* sp's counter control value in home `home`. */
uint64_t upm_spec_ctl(const struct upm_spec *sp, unsigned home);
/* 1 when a (in home ha) and b (in home hb) need different values in some bit of one
 * register, counting a grouped register's whole group (upm_filter_reg_info.group). */
int upm_specs_conflict(const struct upm_spec *a, unsigned ha, const struct upm_spec *b,
		       unsigned hb);

#endif

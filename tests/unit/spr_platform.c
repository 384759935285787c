/* The Sapphire/Emerald Rapids test platform (tests/unit/spr_platform.h). */
#include "tests/unit/spr_platform.h"

#define MAX_UNITS 24

struct test_plat {
	struct upm_box_type types[MAX_UNITS];
	const struct upm_box_type *ptrs[MAX_UNITS];
	struct upm_platform p;
	int built;
};

static struct test_plat plats[2];

const struct upm_platform *upm_test_spr_platform(int emr)
{
	struct test_plat *t = &plats[emr ? 1 : 0];
	const struct upm_spr_unit_events *units = emr ? upm_emr_units : upm_spr_units;
	unsigned n = emr ? upm_emr_n_units : upm_spr_n_units;
	if (t->built)
		return &t->p;
	for (unsigned i = 0; i < n && i < MAX_UNITS; i++) {
		struct upm_box_type *b = &t->types[i];
		b->name = units[i].unit;
		b->title = units[i].perfmon_unit;
		b->space = UPM_SPACE_MSR;
		b->max_instances = 64; /* a name for every instance the tests give */
		b->box_ctl = UPM_NO_REG;
		b->n_ctrs = 8;
		b->ctr_width = 48;
		b->ctl_width = 64;
		b->fixed_ctr = UPM_NO_REG;
		b->ctl_layout.ev_sel = (struct upm_bitfield)UPM_FIELD(0, 8);
		b->ctl_layout.umask = (struct upm_bitfield)UPM_FIELD(8, 8);
		b->ctl_layout.edge = (struct upm_bitfield)UPM_BIT(18);
		b->ctl_layout.invert = (struct upm_bitfield)UPM_BIT(23);
		b->ctl_layout.thresh = (struct upm_bitfield)UPM_FIELD(24, 8);
		b->ctl_layout.umask_ext = units[i].umask_ext;
		b->ctl_layout.port_mask = units[i].port_mask;
		b->ctl_layout.fc_mask = units[i].fc_mask;
		b->events = units[i].events;
		b->n_events = units[i].n_events;
		b->source = "tests/unit/spr_platform.c";
		t->ptrs[i] = b;
	}
	t->p.name = emr ? "emr-test" : "spr-test";
	t->p.title = "Sapphire/Emerald Rapids event tables under test";
	t->p.family = 6;
	t->p.boxes = t->ptrs;
	t->p.n_boxes = n < MAX_UNITS ? n : MAX_UNITS;
	t->p.naming = &upm_spr_naming;
	t->built = 1;
	return &t->p;
}

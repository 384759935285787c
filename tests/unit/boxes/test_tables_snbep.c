/* The Sandy Bridge-EP tables against the guide's literal addresses (seed 000, cited),
 * and public facts where the guide lost them (boxes/PUBLIC_FACTS.md). */
#include "core/metrics/formula.h"
#include "core/metrics/metrics.h"
#include "tests/unit/test.h"
#include "tests/unit/lookup.h"
#include "core/events/spec.h"

static const struct upm_box_type *box(const char *name)
{
	return box_named("snbep", name);
}

#define MSR_OF(t, reg, n) ((reg) + (t)->stride * (n))

TEST(snbep_cbo_msr_map)
{
	const struct upm_box_type *c = box("cbo");
	CHECK_EQ(c->max_instances, 8);
	CHECK_EQ(MSR_OF(c, c->box_ctl, 0), 0xD04);    /* 000:461 */
	CHECK_EQ(MSR_OF(c, c->box_ctl, 4), 0xD84);    /* 000:490 */
	CHECK_EQ(MSR_OF(c, c->box_ctl, 7), 0xDE4);    /* 000:519 */
	CHECK_EQ(MSR_OF(c, c->ctl[0], 3), 0xD70);     /* 000:162-164 */
	CHECK_EQ(MSR_OF(c, c->ctr[3], 7), 0xDF9);     /* 000:146 "0xDF9-0xDF6" */
	CHECK_EQ(MSR_OF(c, c->ctr[0], 6), 0xDD6);     /* 000:150 */
	CHECK_EQ(MSR_OF(c, c->filter_regs[0], 2), 0xD54); /* 000:476-483 */
	CHECK_EQ(MSR_OF(c, c->filter_regs[0], 5), 0xDB4); /* 000:155 */
	CHECK_EQ(c->ctr_width, 44);                   /* 000:591 */
	CHECK_EQ(c->session, UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT);
	CHECK_EQ(upm_field_mask(c->ctl_layout.tid_en), 1u << 19);
	CHECK_EQ(upm_field_mask(c->box_ctl_layout.frz_en) | upm_field_mask(c->box_ctl_layout.frz) |
			 upm_field_mask(c->box_ctl_layout.rst_ctrs),
		 0x10102);
}

TEST(snbep_ubox_pcu_msr_map)
{
	const struct upm_box_type *u = box("ubox"), *p = box("pcu");
	CHECK_EQ(u->box_ctl, UPM_NO_REG); /* no unit control (000:290-301) */
	CHECK_EQ(u->ctl[0], 0xC10);
	CHECK_EQ(u->ctl[1], 0xC11);
	CHECK_EQ(u->ctr[0], 0xC16);
	CHECK_EQ(u->fixed_ctl, 0xC08);
	CHECK_EQ(u->fixed_ctr, 0xC09);
	CHECK_EQ(u->fixed_width, 48);
	CHECK_EQ(u->session, UPM_SESS_PARK_EVSEL | UPM_SESS_ZERO_CTRS);
	CHECK_EQ(upm_field_mask(u->ctl_layout.thresh), 0x1Full << 24);
	CHECK_EQ(p->box_ctl, 0xC24); /* 000:2758 */
	CHECK_EQ(p->ctl[3], 0xC33);  /* 000:2753-2756 */
	CHECK_EQ(p->ctr[0], 0xC36);
	CHECK_EQ(p->filter_regs[0], 0xC34);
	CHECK_EQ(p->ctr_width, 48);
	CHECK_EQ(upm_field_mask(p->ctl_layout.occ_sel), 3u << 14); /* Table 2-75 */
}

TEST(snbep_pci_map)
{
	const struct upm_box_type *ha = box("ha"), *imc = box("imc"), *q = box("qpi"),
				  *r2 = box("r2pcie"), *r3 = box("r3qpi");
	/* HA at D14:F1, box control 0xF4 (000:1520-1533). */
	CHECK_EQ(ha->pci[0].dev, 14);
	CHECK_EQ(ha->pci[0].fn, 1);
	CHECK_EQ(ha->pci[0].device_id, 0x3C46);
	CHECK_EQ(ha->box_ctl, 0xF4);
	CHECK_EQ(ha->ctl[0], 0xD8);
	CHECK_EQ(ha->ctr[3], 0xB8);
	CHECK_EQ(ha->filter_regs[2], 0x48);
	CHECK_EQ(ha->session, UPM_SESS_BOX_FREEZE | UPM_SESS_ZERO_CTRS);
	CHECK_EQ(upm_field_mask(ha->box_ctl_layout.rst_ctrs), 0); /* bits 1:0 reserved */
	/* iMC channels at D16:F0, F1, F4, F5 (000:180-184); fixed control 0xF0, counter 0xD0. */
	static const uint8_t fns[4] = { 0, 1, 4, 5 };
	static const uint16_t ids[4] = { 0x3CB0, 0x3CB1, 0x3CB4, 0x3CB5 };
	for (unsigned i = 0; i < 4; i++) {
		CHECK_EQ(imc->pci[i].dev, 16);
		CHECK_EQ(imc->pci[i].fn, fns[i]);
		CHECK_EQ(imc->pci[i].device_id, ids[i]);
	}
	CHECK_EQ(imc->fixed_ctl, 0xF0);
	CHECK_EQ(imc->fixed_ctr, 0xD0);
	CHECK_EQ(upm_field_mask(imc->fixed_rst), 1u << 19);
	/* QPI ports at D8:F2/D9:F2, mask/match at D8:F6/D9:F6 0x228-0x23C (000:186-206). */
	CHECK_EQ(q->pci[1].dev, 9);
	CHECK_EQ(q->pci[1].fn, 2);
	CHECK_EQ(q->filter_pci[0].dev, 8);
	CHECK_EQ(q->filter_pci[0].fn, 6);
	CHECK_EQ(q->filter_pci[1].device_id, 0x3C96);
	CHECK_EQ(q->filter_regs[0], 0x228);
	CHECK_EQ(q->filter_regs[3], 0x23C);
	CHECK_EQ(upm_field_mask(q->ctl_layout.ev_sel_ext), 1u << 21); /* Table 2-86 */
	/* R2PCIe D19:F1 with 4 counters, R3QPI D19:F5/F6 with 3 (000:172-179), 44 bits. */
	CHECK_EQ(r2->pci[0].dev, 19);
	CHECK_EQ(r2->pci[0].fn, 1);
	CHECK_EQ(r2->n_ctrs, 4);
	CHECK_EQ(r3->pci[1].fn, 6);
	CHECK_EQ(r3->n_ctrs, 3);
	CHECK_EQ(r3->ctr[2], 0xB0);
	CHECK_EQ(r3->ctr_width, 44);
}

TEST(snbep_platform_identity_and_bus_map)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	struct upm_cpu_ident id = { .vendor = "GenuineIntel", .family = 6, .model = 0x2D };
	CHECK(upm_platform_by_cpu(&id) == p);
	id.model = 0x3A;
	CHECK(upm_platform_by_cpu(&id) == NULL);
	CHECK_EQ(p->bus_map->ubox.device_id, 0x3CE0);
	CHECK_EQ(p->bus_map->ubox.dev, 11);
	CHECK_EQ(p->bus_map->cpunodeid_off, 0x40);
	CHECK_EQ(p->bus_map->gidnidmap_off, 0x54);
}

TEST(snbep_event_encodings)
{
	const struct upm_event_def *e = upm_event_find(box("imc"), "CAS_COUNT");
	CHECK(e && e->code == 0x04);
	CHECK(e && upm_umask_find(e, "RD")->value == 0x03 && upm_umask_find(e, "WR")->value == 0x0C);
	e = upm_event_find(box("cbo"), "TOR_OCCUPANCY");
	CHECK(e && e->code == 0x36 && e->counters == 0x1); /* counter 0 only */
	e = upm_event_find(box("cbo"), "LLC_LOOKUP");
	CHECK(e && e->code == 0x34 && e->counters == 0x3 && upm_umask_find(e, "DATA_READ")->value == 0x03);
	/* Lost from the seed (Tables 2-25/2-29); perfmon JKT gives the queue selects. */
	e = upm_event_find(box("cbo"), "RxR_OCCUPANCY");
	CHECK(e && e->code == 0x11 && e->counters == 0x1 && upm_umask_find(e, "IPQ")->value == 0x04);
	e = upm_event_find(box("cbo"), "RING_BL_USED");
	CHECK(e && e->code == 0x1D && e->counters == 0xC);
	e = upm_event_find(box("qpi"), "CTO_COUNT");
	CHECK(e && e->code == 0x38 && e->ext == 1 && e->filter == UPM_FILT_QPI_MATCH);
	/* Same code, told apart by the extra select bit (perfmon JKT). */
	e = upm_event_find(box("qpi"), "TxL_FLITS_G1");
	CHECK(e && e->code == 0x00 && e->ext == 1 && upm_umask_find(e, "DRS_DATA")->value == 0x08);
	e = upm_event_find(box("qpi"), "TxL_FLITS_G0");
	CHECK(e && e->code == 0x00 && e->ext == 0 && upm_umask_find(e, "DATA")->value == 0x02);
	e = upm_event_find(box("pcu"), "POWER_STATE_OCCUPANCY");
	CHECK(e && e->code == 0x80 && e->max_inc == 8);
	/* Every event of every box fits its box's fields and counters. */
	const struct upm_platform *p = upm_platform_by_name("snbep");
	for (unsigned b = 0; b < p->n_boxes; b++) {
		const struct upm_box_type *t = p->boxes[b];
		CHECK(*t->n_events > 0);
		for (unsigned i = 0; i < *t->n_events; i++) {
			const struct upm_event_def *ev = &t->events[i];
			if ((ev->counters & ~((1u << t->n_ctrs) - 1)) || !ev->counters)
				upm_test_fail(__FILE__, __LINE__, "%s/%s: counters 0x%x", t->name, ev->name,
					      ev->counters);
			if (ev->code > 0xFF || (ev->ext && !t->ctl_layout.ev_sel_ext.width && strcmp(t->name, "ubox")))
				upm_test_fail(__FILE__, __LINE__, "%s/%s: code 0x%x ext %u", t->name, ev->name,
					      ev->code, ev->ext);
			for (unsigned u = 0; u < ev->n_umasks; u++)
				if (ev->umasks[u].value > 0xFF)
					upm_test_fail(__FILE__, __LINE__, "%s/%s.%s umask", t->name, ev->name,
						      ev->umasks[u].name);
		}
	}
}

TEST(snbep_every_metric_parses)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	static struct upm_formula f;
	static struct upm_spec s[UPM_METRIC_FORMULA_TERMS];
	char err[200];
	for (unsigned i = 0; i < *p->n_metrics; i++) {
		const struct upm_metric *m = &p->metrics[i];
		if (upm_metric_compile(p, m, &f, s, err, sizeof err) < 0)
			upm_test_fail(__FILE__, __LINE__, "%s: %s", m->name, err);
	}
}

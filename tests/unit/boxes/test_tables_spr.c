/* The box types of a run on "spr" and "emr" (upm_platform_spr, upm_platform_emr), built
 * from hand-built discovery tables (boxes/discovered.c with boxes/spr/quirks.c): the
 * registers a record names, the quirk table's steps, names and fixed counter, the UPI and
 * M3UPI replacement and its finding for a broken entry, a type no quirk knows, and the
 * global control. Numbers held literally: PCM types.h (CHA0 0x2000, 0x2002, 0x2008),
 * Linux uncore_snbep.c (UPI 8086:3241 devfn 0x9, M3UPI 8086:3246 devfn 0x29, box controls
 * 0x318 and 0xA0). */
#include "tests/unit/test.h"
#include "tests/unit/disc_tables.h"
#include "boxes/spr/events.h"
#include "platform/base/os.h"
#include <stdlib.h>

extern const struct upm_platform upm_platform_spr, upm_platform_emr;

TEST(spr_disc_cha0_registers_from_its_record)
{
	struct upm_disc_set set = { 0 };
	struct upm_disc_table *t = set.tables[set.n_tables++] = disc_table(0);
	disc_add(t, 0, 0, UPM_DISC_ACCESS_MSR, 0x2000, 4, 2, 8);
	disc_add(t, 0, 1, UPM_DISC_ACCESS_MSR, 0x2010, 4, 2, 8);
	struct notes n;
	struct upm_platform *p = disc_build(&upm_platform_spr, &set, 1, &n);
	if (!p)
		return;
	const struct upm_box_type *cha = disc_box(p, "cha");
	CHECK_EQ(p->n_boxes, 1);
	CHECK_EQ(n.n, 0);
	CHECK(cha->placed && cha->space == UPM_SPACE_MSR && cha->max_instances == 2);
	const struct upm_unit_place *c0 = disc_place(cha, 0, 0), *c1 = disc_place(cha, 0, 1);
	CHECK(c0 && c1);
	if (c0 && c1) {
		CHECK_EQ(c0->addr + cha->box_ctl, 0x2000);
		CHECK_EQ(c0->addr + cha->ctl[0], 0x2002);
		CHECK_EQ(c0->addr + cha->ctl[3], 0x2005); /* MSR units: one MSR apart */
		CHECK_EQ(c0->addr + cha->ctr[0], 0x2008);
		CHECK_EQ(c0->addr + cha->ctr[3], 0x200B);
		CHECK_EQ(c0->addr + cha->filter_regs[0], 0x200E);
		CHECK_EQ(c1->addr + cha->ctl[0], 0x2012);
	}
	CHECK_EQ(cha->n_ctrs, 4);
	CHECK_EQ(cha->ctr_width, 48);
	CHECK_EQ(cha->ctl_width, 64);
	CHECK(cha->events == upm_spr_events_cha);
	CHECK_EQ(cha->ctl_layout.umask_ext.lo, 32);
	CHECK_EQ(cha->ctl_layout.tid_en.lo, 16);
	/* The generic unit: freeze bit 0, reset counters bit 9, reset controls bit 8, no enable. */
	CHECK_EQ(upm_field_mask(cha->box_ctl_layout.frz), 0x1);
	CHECK_EQ(upm_field_mask(cha->box_ctl_layout.rst_ctrs), 0x200);
	CHECK_EQ(upm_field_mask(cha->box_ctl_layout.rst_ctrl), 0x100);
	CHECK_EQ(cha->ctl_layout.en.width, 0);
	CHECK_EQ(upm_field_mask(cha->ctl_layout.edge) | upm_field_mask(cha->ctl_layout.invert) |
			 upm_field_mask(cha->ctl_layout.thresh) | upm_field_mask(cha->ctl_layout.umask) |
			 upm_field_mask(cha->ctl_layout.ev_sel),
		 0xFF84FFFFull);
	/* The table's global control: an MSR frozen with bit 0, restored as found. */
	CHECK(p->global && p->global->msr == 0x2FF0 && p->global->mask == 1 && p->global->setup == 1 &&
	      p->global->stop == 1 && p->global->start == 0 && !p->global->write_only);
	upm_os_free(p);
	disc_free_set(&set);
}

TEST(spr_disc_imc_and_cxl_control_steps)
{
	struct upm_disc_set set = { 0 };
	struct upm_disc_table *t = set.tables[set.n_tables++] = disc_table(0);
	disc_add(t, 6, 0, UPM_DISC_ACCESS_MMIO, 0xC8022800ull, 4, 0x40, 0x08);
	disc_add(t, 12, 0, UPM_DISC_ACCESS_MMIO, 0xC9000000ull, 4, 0x40, 0x08);
	disc_add(t, 1, 0, UPM_DISC_ACCESS_MSR, 0x3000, 4, 8, 1);
	struct notes n;
	struct upm_platform *p = disc_build(&upm_platform_emr, &set, 1, &n);
	if (!p)
		return;
	const struct upm_box_type *imc = disc_box(p, "imc"), *cxl = disc_box(p, "cxlcm"), *iio = disc_box(p, "iio");
	CHECK(imc->space == UPM_SPACE_MMIO);
	CHECK_EQ(disc_place(imc, 0, 0)->addr, 0xC8022800ull);
	CHECK_EQ(imc->ctl[0], 0x40);
	CHECK_EQ(imc->ctl[1] - imc->ctl[0], 4); /* PCM registerStep quirk: SPR IMC controls 4 apart */
	CHECK_EQ(imc->ctr[1] - imc->ctr[0], 8); /* 48-bit counters: 8 bytes */
	CHECK_EQ(imc->ctl_width, 32);
	CHECK_EQ(imc->fixed_ctl, 0x54);
	CHECK_EQ(imc->fixed_ctr, 0x38);
	CHECK_EQ(upm_field_mask(imc->fixed_en), 1u << 22);
	CHECK_EQ(cxl->ctl[1] - cxl->ctl[0], 8);
	CHECK_EQ(iio->ctl[0], 8);
	CHECK_EQ(iio->ctr[2], 3);
	CHECK_EQ(iio->ctl_layout.port_mask.lo, 36);
	/* Box types in the tables' type order. */
	CHECK_STR(p->boxes[0]->name, "iio");
	CHECK_STR(p->boxes[1]->name, "imc");
	CHECK_STR(p->boxes[2]->name, "cxlcm");
	upm_os_free(p);
	disc_free_set(&set);
}

/* UPI links 0, 1 and 3 where the replacement puts them, link 2's entry pointing at no
 * device (Linux's "the third UPI table may include a wrong address"). */
TEST(spr_disc_upi_replacement_and_the_broken_entry)
{
	struct upm_disc_set set = { 0 };
	struct upm_disc_table *t = set.tables[set.n_tables++] = disc_table(0);
	disc_add(t, 8, 0, UPM_DISC_ACCESS_PCI, disc_pci_enc(0x3a, 1, 1, 0x318), 4, 0x38, 0x08);
	disc_add(t, 8, 1, UPM_DISC_ACCESS_PCI, disc_pci_enc(0x3a, 2, 1, 0x318), 4, 0x38, 0x08);
	disc_add(t, 8, 2, UPM_DISC_ACCESS_PCI, disc_pci_enc(0x3a, 0x1f, 7, 0x318), 4, 0x38, 0x08);
	disc_add(t, 8, 3, UPM_DISC_ACCESS_PCI, disc_pci_enc(0x3a, 4, 1, 0x318), 4, 0x38, 0x08);
	disc_add(t, 9, 0, UPM_DISC_ACCESS_PCI, disc_pci_enc(0x3a, 5, 1, 0xA0), 4, 0x38, 0x08);
	struct notes n;
	struct upm_platform *p = disc_build(&upm_platform_spr, &set, 1, &n);
	if (!p)
		return;
	const struct upm_box_type *upi = disc_box(p, "upi"), *m3 = disc_box(p, "m3upi");
	CHECK_EQ(upi->max_instances, 4);
	for (unsigned i = 0; i < 4; i++) {
		const struct upm_unit_place *pl = disc_place(upi, 0, i);
		CHECK(pl != NULL);
		if (!pl)
			continue;
		/* devfn 0x9 + link * 8 (offsets 0, 0x8000, 0x10000, 0x18000 of the encoding) */
		CHECK_EQ((unsigned)(pl->pci.dev << 3 | pl->pci.fn), 0x9 + 8 * i);
		CHECK_EQ(pl->pci.bus, 0x3a);
		CHECK_EQ(pl->pci.off, 0x318);
		CHECK_EQ(pl->device_id, 0x3241);
		CHECK_EQ(pl->pci.off + upi->ctl[0], 0x350);
		CHECK_EQ(pl->pci.off + upi->ctr[0], 0x320);
		CHECK_EQ(pl->pci.off + upi->ctl[1], 0x358);
	}
	CHECK_EQ(upi->ctl_width, 64);
	const struct upm_unit_place *m0 = disc_place(m3, 0, 0), *m2 = disc_place(m3, 0, 2);
	CHECK(m0 && m2);
	if (m0 && m2) {
		CHECK_EQ((unsigned)(m0->pci.dev << 3 | m0->pci.fn), 0x29);
		CHECK_EQ((unsigned)(m2->pci.dev << 3 | m2->pci.fn), 0x29 + 16);
		CHECK_EQ(m0->device_id, 0x3246);
		CHECK_EQ(m0->pci.off + m3->box_ctl, 0xA0);
		CHECK_EQ(m0->pci.off + m3->ctl[0], 0xD8);
		CHECK_EQ(m0->pci.off + m3->ctr[0], 0xA8);
	}
	/* Exactly one finding, naming the broken entry and where it pointed. */
	CHECK_EQ(n.n, 1);
	CHECK_CONTAINS(n.text, "record 2 (upi2)");
	CHECK_CONTAINS(n.text, "0000:3a:1f.7+0x318");
	CHECK_CONTAINS(n.text, "upi2 is placed at 0000:3a:03.1+0x318");
	upm_os_free(p);
	disc_free_set(&set);
}

TEST(spr_disc_unknown_type_is_generic)
{
	struct upm_disc_set set = { 0 };
	struct upm_disc_table *t = set.tables[set.n_tables++] = disc_table(0);
	disc_add(t, 5, 0, UPM_DISC_ACCESS_MSR, 0x1000, 2, 2, 8);
	disc_add(t, 20, 3, UPM_DISC_ACCESS_PCI, disc_pci_enc(0x7e, 9, 2, 0x400), 4, 0x20, 0x40);
	struct notes n;
	struct upm_platform *p = disc_build(&upm_platform_spr, &set, 1, &n);
	if (!p)
		return;
	const struct upm_box_type *t5 = disc_box(p, "type5"), *t20 = disc_box(p, "type20");
	CHECK(t5->space == UPM_SPACE_MSR && t5->n_ctrs == 2 && t5->ctl[1] == 3 && t5->ctr[1] == 9);
	CHECK(t5->session & UPM_SESS_BOX_FREEZE);
	CHECK(t20->space == UPM_SPACE_PCI && t20->max_instances == 4 && t20->ctl_width == 32);
	CHECK_EQ(t20->ctl[1] - t20->ctl[0], 8);
	CHECK(disc_place(t20, 0, 3) && !disc_place(t20, 0, 0));
	CHECK_EQ(disc_place(t20, 0, 3)->pci.dev, 9);
	upm_os_free(p);
	disc_free_set(&set);
}

/* Each socket's table places its own instances; a record unlike the others of its type
 * is a finding, not used. */
TEST(spr_disc_two_sockets_and_a_record_unlike_its_type)
{
	struct upm_disc_set set = { 0 };
	struct upm_disc_table *a = set.tables[set.n_tables++] = disc_table(0);
	struct upm_disc_table *b = set.tables[set.n_tables++] = disc_table(1);
	disc_add(a, 0, 0, UPM_DISC_ACCESS_MSR, 0x2000, 4, 2, 8);
	disc_add(b, 0, 0, UPM_DISC_ACCESS_MSR, 0x2000, 4, 2, 8);
	disc_add(b, 0, 1, UPM_DISC_ACCESS_MSR, 0x2010, 4, 2, 8);
	disc_add(b, 0, 2, UPM_DISC_ACCESS_MSR, 0x2020, 2, 2, 8);
	struct notes n;
	struct upm_platform *p = disc_build(&upm_platform_spr, &set, 2, &n);
	if (!p)
		return;
	const struct upm_box_type *cha = disc_box(p, "cha");
	CHECK_EQ(cha->max_instances, 2);
	CHECK(disc_place(cha, 0, 0) && !disc_place(cha, 0, 1) && disc_place(cha, 1, 1));
	CHECK_EQ(n.n, 1);
	CHECK_CONTAINS(n.text, "socket 1 discovery table 0 record 2 (cha2)");
	upm_os_free(p);
	disc_free_set(&set);
}

/* Offline, the registration's templates list every known type with its events. */
TEST(spr_templates_offline)
{
	const struct upm_platform *p = upm_platform_by_name("spr");
	CHECK(p == &upm_platform_spr);
	CHECK(upm_platform_by_name("sapphirerapids") == &upm_platform_spr);
	CHECK(upm_platform_by_name("EMR") == &upm_platform_emr);
	CHECK(upm_platform_by_name("emeraldrapids") == &upm_platform_emr);
	CHECK_EQ(upm_platform_spr.models[0], 0x8F);
	CHECK_EQ(upm_platform_emr.models[0], 0xCF);
	const char *names[] = { "cha", "iio", "irp", "m2pcie", "pcu", "imc", "m2m", "upi", "m3upi", "mdf", "cxlcm", "cxldp", "mchbm",
				"m2hbm", "ubox" };
	CHECK_EQ(p->n_boxes, sizeof names / sizeof names[0]);
	for (unsigned i = 0; i < p->n_boxes && i < sizeof names / sizeof names[0]; i++) {
		CHECK_STR(p->boxes[i]->name, names[i]);
		CHECK(p->boxes[i]->placed && !p->boxes[i]->places);
		CHECK(p->boxes[i]->events && *p->boxes[i]->n_events > 0);
	}
}

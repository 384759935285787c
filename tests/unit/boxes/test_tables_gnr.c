/* The box types of a run on "gnr" and "srf" (upm_platform_gnr, upm_platform_srf) from
 * hand-built discovery tables, one per die: each die numbers its units from 0 and a
 * socket's instances are its dies' in table order (cha4 is die 1's cha0), at the registers
 * each record names; the quirk table's names and steps (the IMC's 4-byte controls,
 * B2CXL's 8, the B2CMI's 8-byte PCI controls) and SRF's own CHA events. On spr, where ids
 * are the socket's, a second table naming an id again is a finding, as before. Numbers:
 * PCM types.h (CHA MSRs 0x2000 + 0x10 * n, BHS_M2IOSF_IIO_UNIT_CTL 0x2900), Linux
 * uncore_snbep.c gnr_uncores[] type ids. */
#include "tests/unit/test.h"
#include "tests/unit/disc_tables.h"
#include "platform/base/os.h"

extern const struct upm_platform upm_platform_gnr, upm_platform_srf, upm_platform_spr;

/* Socket 0 with two dies (4 CHAs, 2 IMC channels each), socket 1 with one die of 3 CHAs. */
static void two_dies(struct upm_disc_set *set)
{
	struct upm_disc_table *d0 = set->tables[set->n_tables++] = disc_table(0);
	struct upm_disc_table *d1 = set->tables[set->n_tables++] = disc_table(0);
	struct upm_disc_table *s1 = set->tables[set->n_tables++] = disc_table(1);
	d1->die = 1;
	for (unsigned n = 0; n < 4; n++) {
		disc_add(d0, 0, (uint16_t)n, UPM_DISC_ACCESS_MSR, 0x2000 + 0x10 * n, 4, 2, 8);
		disc_add(d1, 0, (uint16_t)n, UPM_DISC_ACCESS_MSR, 0x2040 + 0x10 * n, 4, 2, 8);
	}
	for (unsigned n = 0; n < 3; n++)
		disc_add(s1, 0, (uint16_t)n, UPM_DISC_ACCESS_MSR, 0x2000 + 0x10 * n, 4, 2, 8);
	for (unsigned c = 0; c < 2; c++) {
		disc_add(d0, 6, (uint16_t)c, UPM_DISC_ACCESS_MMIO, 0xFA000000ull + 0x4000 * c, 4, 0x40, 0x08);
		disc_add(d1, 6, (uint16_t)c, UPM_DISC_ACCESS_MMIO, 0xFA040000ull + 0x4000 * c, 4, 0x40, 0x08);
	}
	disc_add(d1, 1, 0, UPM_DISC_ACCESS_MSR, 0x2900, 4, 2, 8);                           /* iio0 */
	disc_add(d0, 16, 0, UPM_DISC_ACCESS_PCI, disc_pci_enc(0x00, 5, 1, 0x438), 4, 0x30, 0x08); /* b2cmi0 */
	disc_add(d1, 16, 0, UPM_DISC_ACCESS_PCI, disc_pci_enc(0x40, 5, 1, 0x438), 4, 0x30, 0x08); /* b2cmi1 */
	disc_add(d1, 17, 0, UPM_DISC_ACCESS_MMIO, 0xFB000000ull, 4, 0x40, 0x08);             /* b2cxl0 */
}

TEST(gnr_disc_ids_per_die_run_on_across_the_socket)
{
	struct upm_disc_set set = { 0 };
	two_dies(&set);
	struct notes n;
	struct upm_platform *p = disc_build(&upm_platform_gnr, &set, 2, &n);
	if (!p)
		return;
	const struct upm_box_type *cha = disc_box(p, "cha"), *imc = disc_box(p, "imc"), *b2cmi = disc_box(p, "b2cmi");
	if (!cha || !imc || !b2cmi)
		return;
	CHECK_EQ(cha->max_instances, 8); /* socket 0: 4 + 4 */
	for (unsigned i = 0; i < 8; i++) {
		const struct upm_unit_place *pl = disc_place(cha, 0, i);
		CHECK(pl != NULL);
		if (pl)
			CHECK_EQ(pl->addr, 0x2000 + 0x10 * i); /* die 1's cha0 is the socket's cha4 */
	}
	CHECK(disc_place(cha, 1, 2) && !disc_place(cha, 1, 3));
	CHECK_EQ(imc->max_instances, 4);
	CHECK(disc_place(imc, 0, 2) && disc_place(imc, 0, 2)->addr == 0xFA040000ull);
	CHECK_EQ(imc->ctl[1] - imc->ctl[0], 4);  /* the IMC's 4-byte control step */
	CHECK_EQ(imc->fixed_ctl, 0x54);
	CHECK(disc_place(b2cmi, 0, 1) && disc_place(b2cmi, 0, 1)->pci.bus == 0x40);
	CHECK_EQ(b2cmi->ctl[1] - b2cmi->ctl[0], 8);
	CHECK_EQ(disc_box(p, "b2cxl")->ctl[1] - disc_box(p, "b2cxl")->ctl[0], 8);
	CHECK(disc_place(disc_box(p, "iio"), 0, 0) != NULL);
	CHECK_EQ(n.n, 0); /* nothing dropped */
	upm_os_free(p);
	disc_free_set(&set);
}

/* Sapphire Rapids numbers a socket's units across its tables: the same tables there give
 * one finding per repeated id and the first table's units only. */
TEST(spr_disc_second_table_repeating_ids_is_a_finding)
{
	struct upm_disc_set set = { 0 };
	two_dies(&set);
	struct notes n;
	struct upm_platform *p = disc_build(&upm_platform_spr, &set, 2, &n);
	if (!p)
		return;
	const struct upm_box_type *cha = disc_box(p, "cha");
	CHECK_EQ(cha->max_instances, 4);
	CHECK(disc_place(cha, 0, 3) && disc_place(cha, 0, 3)->addr == 0x2030);
	CHECK_CONTAINS(n.text, "socket 0 discovery table 1 record 0 (cha0): another of the socket's tables has cha0 already");
	upm_os_free(p);
	disc_free_set(&set);
}

/* Sierra Forest's CHA takes its own file's entries (DRd_Opt); Granite Rapids' refuses them. */
TEST(srf_disc_cha_has_its_own_events)
{
	struct upm_disc_set set = { 0 };
	two_dies(&set);
	struct notes n;
	struct upm_platform *p = disc_build(&upm_platform_srf, &set, 2, &n);
	if (!p)
		return;
	const struct upm_box_type *cha = disc_box(p, "cha");
	int opt = 0, plain = 0;
	for (unsigned k = 0; cha && k < *cha->n_events; k++)
		for (unsigned m = 0; m < cha->events[k].n_umasks; m++) {
			opt |= strcmp(cha->events[k].umasks[m].name, "IA_MISS_DRD_OPT") == 0;
			plain |= strcmp(cha->events[k].umasks[m].name, "IA_HIT_DRD") == 0;
		}
	CHECK(opt && !plain);
	upm_os_free(p);
	disc_free_set(&set);
}

/* More units across a socket's dies than the instances kept (256): the ones past it are
 * one finding each, never dropped unseen. */
TEST(gnr_disc_units_past_the_instances_kept_are_findings)
{
	struct upm_disc_set set = { 0 };
	struct upm_disc_table *d0 = set.tables[set.n_tables++] = disc_table(0);
	struct upm_disc_table *d1 = set.tables[set.n_tables++] = disc_table(0);
	d1->die = 1;
	for (unsigned n = 0; n < 200; n++)
		disc_add(d0, 0, (uint16_t)n, UPM_DISC_ACCESS_MSR, 0x2000 + 0x10 * n, 4, 2, 8);
	for (unsigned n = 0; n < 60; n++)
		disc_add(d1, 0, (uint16_t)n, UPM_DISC_ACCESS_MSR, 0x4000 + 0x10 * n, 4, 2, 8);
	struct notes n;
	struct upm_platform *p = disc_build(&upm_platform_gnr, &set, 1, &n);
	if (!p)
		return;
	const struct upm_box_type *cha = disc_box(p, "cha");
	CHECK_EQ(cha->max_instances, 256);
	CHECK(disc_place(cha, 0, 255) && disc_place(cha, 0, 255)->addr == 0x4000 + 0x10 * 55);
	CHECK_EQ(n.n, 4); /* die 1's cha56-59 */
	CHECK_CONTAINS(n.text, "socket 0 discovery table 1 record 56 (cha56): the socket's dies number more than 256 cha units");
	upm_os_free(p);
	disc_free_set(&set);
}

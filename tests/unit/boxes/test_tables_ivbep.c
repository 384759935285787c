/* The Ivy Bridge-EP tables against literal addresses and device IDs, each with its
 * source (the guide excerpt seed 003, guide 329468-002 by page, Linux uncore_snbep.c
 * "K", likwid registers "LWR" and accessDaemon "LWD", PCM; boxes/PUBLIC_FACTS.md
 * "Ivy Bridge-EP"), and the tables Sandy Bridge-EP and Ivy Bridge-EP share. */
#include "core/metrics/formula.h"
#include "core/metrics/metrics.h"
#include "tests/unit/test.h"
#include "core/events/spec.h"
#include "boxes/snbep/umasks_shared.h"

static const struct upm_platform *plat(const char *name)
{
	const struct upm_platform *p = upm_platform_by_name(name);
	if (!p)
		upm_test_fail(__FILE__, __LINE__, "no platform %s", name);
	return p;
}

static const struct upm_box_type *box_of(const char *platform, const char *name)
{
	const struct upm_box_type *t = upm_platform_box(plat(platform), name);
	if (!t)
		upm_test_fail(__FILE__, __LINE__, "no box %s on %s", name, platform);
	return t;
}

static const struct upm_box_type *box(const char *name)
{
	return box_of("ivbep", name);
}

#define MSR_OF(t, reg, n) ((reg) + (t)->stride * (n))

TEST(ivbep_cbo_msr_map)
{
	const struct upm_box_type *c = box("cbo");
	CHECK_EQ(c->max_instances, 15);                   /* K ivbep_uncore_cbox num_boxes 15 */
	CHECK_EQ(MSR_OF(c, c->box_ctl, 0), 0xD04);        /* K SNBEP_C0_MSR_PMON_BOX_CTL */
	CHECK_EQ(MSR_OF(c, c->box_ctl, 14), 0xEC4);       /* LWR MSR_UNC_C14_PMON_BOX_CTL */
	CHECK_EQ(MSR_OF(c, c->ctl[0], 0), 0xD10);         /* K SNBEP_C0_MSR_PMON_CTL0 */
	CHECK_EQ(MSR_OF(c, c->ctr[0], 0), 0xD16);         /* K SNBEP_C0_MSR_PMON_CTR0 */
	CHECK_EQ(MSR_OF(c, c->ctr[3], 14), 0xED9);        /* 0xD19 + 14 x 0x20 */
	CHECK_EQ(MSR_OF(c, c->filter_regs[0], 0), 0xD14); /* K SNBEP_C0_MSR_PMON_BOX_FILTER */
	CHECK_EQ(MSR_OF(c, c->filter_regs[1], 0), 0xD1A); /* PCM IVT_C0_MSR_PMON_BOX_FILTER1 */
	CHECK_EQ(MSR_OF(c, c->filter_regs[1], 14), 0xEDA); /* LWR MSR_UNC_C14_PMON_BOX_FILTER1 */
	CHECK_EQ(c->n_filter_regs, 2);
	CHECK_EQ(c->ctr_width, 44);                       /* K perf_ctr_bits 44 */
	CHECK_EQ(upm_field_mask(c->ctl_layout.tid_en), 1u << 19); /* 329468-002 Table 2-14 */
	CHECK_EQ(upm_field_mask(c->ctl_layout.invert), 0);       /* bit 23 reserved there */
	/* The 64-bit filter (K IVBEP_CB0_MSR_PMON_BOX_FILTER_*): tid 4:0, link 8:5, state
	 * 22:17 in FILTER0; nid 47:32, opc 60:52, c6 61, nc 62, isoc 63 in FILTER1. */
	static const struct {
		const char *term;
		unsigned reg;
		uint64_t mask;
	} f[] = {
		{ "filter_tid", 0, 0x1F },          { "filter_link", 0, 0x1E0 },
		{ "filter_state", 0, 0x7E0000 },    { "filter_nid", 1, 0xFFFF },
		{ "filter_opc", 1, 0x1FF00000 },    { "filter_c6", 1, 1u << 29 },
		{ "filter_nc", 1, 1u << 30 },       { "filter_isoc", 1, 1u << 31 },
	};
	CHECK_EQ(c->n_filters, 8);
	for (unsigned i = 0; i < UPM_ARRAY_LEN(f); i++) {
		int found = 0;
		for (unsigned k = 0; k < c->n_filters; k++)
			if (!strcmp(c->filters[k].term, f[i].term)) {
				found = 1;
				CHECK_EQ(c->filters[k].reg, f[i].reg);
				CHECK_EQ(upm_field_mask(c->filters[k].field), f[i].mask);
			}
		if (!found)
			upm_test_fail(__FILE__, __LINE__, "no CBo filter term %s", f[i].term);
	}
}

TEST(ivbep_box_control_has_no_frz_en_and_writes_ones)
{
	/* 329468-002 Tables 2-13 (p.33), 2-38 (p.56), 2-72 (p.79): rst_ctrl 0, rst_ctrs 1,
	 * frz 8, bits 17:16 reserved "SW must write to 1"; no frz_en. */
	const struct upm_platform *p = plat("ivbep");
	for (unsigned i = 0; i < p->n_boxes; i++) {
		const struct upm_box_type *t = p->boxes[i];
		if (t->box_ctl == UPM_NO_REG)
			continue;
		const struct upm_box_ctl_layout *l = &t->box_ctl_layout;
		CHECK_EQ(upm_field_mask(l->frz_en), 0);
		CHECK_EQ(upm_field_mask(l->frz), 0x100);
		CHECK_EQ(upm_field_mask(l->rst_ctrs) | upm_field_mask(l->rst_ctrl), 0x3);
		CHECK_EQ(upm_field_mask(l->write_ones), 0x30000);
		CHECK_EQ(t->session, UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT);
	}
}

TEST(ivbep_ubox_pcu_and_global_control)
{
	const struct upm_box_type *u = box("ubox"), *pc = box("pcu");
	/* K ivbep_uncore_ubox uses SNBEP_U_MSR_PMON_CTL0 0xc10, _CTR0 0xc16, UCLK 0xc08/0xc09. */
	CHECK_EQ(u->box_ctl, UPM_NO_REG);
	CHECK_EQ(u->ctl[1], 0xC11);
	CHECK_EQ(u->ctr[0], 0xC16);
	CHECK_EQ(u->fixed_ctl, 0xC08);
	CHECK_EQ(u->fixed_ctr, 0xC09);
	CHECK_EQ(u->session, UPM_SESS_PARK_EVSEL | UPM_SESS_ZERO_CTRS); /* 329468-002 p.17 (f) */
	/* K SNBEP_PCU_MSR_PMON_BOX_CTL 0xc24, _CTL0 0xc30, _CTR0 0xc36, _BOX_FILTER 0xc34;
	 * LWR MSR_UNC_PCU_PMON_BOX_STATUS 0xc35. */
	CHECK_EQ(pc->box_ctl, 0xC24);
	CHECK_EQ(pc->ctl[3], 0xC33);
	CHECK_EQ(pc->ctr[3], 0xC39);
	CHECK_EQ(pc->filter_regs[0], 0xC34);
	CHECK_EQ(pc->ovf_status, 0xC35);
	CHECK_EQ(upm_field_mask(pc->ctl_layout.occ_sel), 3u << 14); /* 329468-002 p.113 */
	/* U_MSR_PMON_GLOBAL_CTL 0xC00, GLOBAL_STATUS 0xC01 (Table 2-1, p.18); frz_all 31,
	 * unfrz_all 29 (Table 2-2, p.19; K IVBEP_U_PMON_GLOBAL_FRZ_ALL/UNFRZ_ALL). */
	const struct upm_global_ctl *g = plat("ivbep")->global;
	CHECK(g != NULL);
	if (!g)
		return;
	CHECK_EQ(g->msr, 0xC00);
	CHECK_EQ(g->status_clear_msr, 0xC01); /* write 1 to clear ([RECON] 003:57-58) */
	CHECK_EQ(g->mask, 0xA0000000ull);
	CHECK_EQ(g->setup, 0x80000000ull);
	CHECK_EQ(g->stop, 0x80000000ull);
	CHECK_EQ(g->start, 0x20000000ull);
	CHECK_EQ(g->write_only, 0); /* wk_on_pmi 30 and pmi_core_sel 14:0 are RW */
	CHECK_EQ(g->restore, 0x20000000ull);
	CHECK_EQ(g->status_msr, 0xC01);
}

TEST(ivbep_pci_map)
{
	const struct upm_box_type *ha = box("ha"), *imc = box("imc"), *q = box("qpi"),
				  *r2 = box("r2pcie"), *r3 = box("r3qpi"), *irp = box("irp");
	/* HA0 0x0E30 at 0E.1, HA1 0x0E38 at 1C.1 (K ivbep_uncore_pci_ids; LWD). */
	CHECK_EQ(ha->max_instances, 2);
	CHECK_EQ(ha->pci[0].dev, 0x0E);
	CHECK_EQ(ha->pci[0].fn, 1);
	CHECK_EQ(ha->pci[0].device_id, 0x0E30);
	CHECK_EQ(ha->pci[1].dev, 0x1C);
	CHECK_EQ(ha->pci[1].fn, 1);
	CHECK_EQ(ha->pci[1].device_id, 0x0E38);
	CHECK_EQ(ha->box_ctl, 0xF4); /* K SNBEP_PCI_PMON_BOX_CTL */
	CHECK_EQ(ha->ovf_status, 0xF8); /* LWR PCI_UNC_HA_PMON_BOX_STATUS */
	CHECK_EQ(ha->filter_regs[0], 0x40); /* K SNBEP_HA_PCI_PMON_BOX_ADDRMATCH0 */
	/* iMC in K's box order (ivbep_uncore_pci_ids), dev.fn from LWD / PCM. */
	static const uint8_t idev[8] = { 0x10, 0x10, 0x10, 0x10, 0x1E, 0x1E, 0x1E, 0x1E };
	static const uint8_t ifn[8] = { 4, 5, 0, 1, 4, 5, 0, 1 };
	static const uint16_t iid[8] = { 0x0EB4, 0x0EB5, 0x0EB0, 0x0EB1, 0x0EF4, 0x0EF5, 0x0EF0, 0x0EF1 };
	CHECK_EQ(imc->max_instances, 8);
	for (unsigned i = 0; i < 8; i++) {
		CHECK_EQ(imc->pci[i].dev, idev[i]);
		CHECK_EQ(imc->pci[i].fn, ifn[i]);
		CHECK_EQ(imc->pci[i].device_id, iid[i]);
	}
	CHECK_EQ(imc->fixed_ctl, 0xF0);  /* K SNBEP_MC_CHy_PCI_PMON_FIXED_CTL */
	CHECK_EQ(imc->fixed_ctr, 0xD0);  /* K SNBEP_MC_CHy_PCI_PMON_FIXED_CTR */
	CHECK_EQ(upm_field_mask(imc->fixed_en), 1u << 22); /* PCM MC_CH_PCI_PMON_FIXED_CTL_EN */
	CHECK_EQ(upm_field_mask(imc->fixed_rst), 1u << 19);
	CHECK_EQ(imc->ovf_lo, 1); /* E7 v2 datasheet 13.2.4.6: "[0] = Fixed; 1 = Counter0" */
	/* QPI: 0x0E32 at 08.2, 0x0E33 at 09.2, 0x0E3A (K); filters 0x0E86 at 08.6, 0x0E96 at
	 * 09.6 (K), 0x0EC6 (LWD); port 2 at 0A.2/0A.6 per LWD (PCM: dev 24, a conflict). */
	CHECK_EQ(q->max_instances, 3);
	CHECK_EQ(q->pci[0].dev, 8);
	CHECK_EQ(q->pci[0].device_id, 0x0E32);
	CHECK_EQ(q->pci[1].dev, 9);
	CHECK_EQ(q->pci[1].fn, 2);
	CHECK_EQ(q->pci[1].device_id, 0x0E33);
	CHECK_EQ(q->pci[2].dev, 0x0A);
	CHECK_EQ(q->pci[2].device_id, 0x0E3A);
	CHECK_EQ(q->filter_pci[0].fn, 6);
	CHECK_EQ(q->filter_pci[0].device_id, 0x0E86);
	CHECK_EQ(q->filter_pci[1].device_id, 0x0E96);
	CHECK_EQ(q->filter_pci[2].device_id, 0x0EC6);
	CHECK_EQ(q->filter_regs[0], 0x228); /* K SNBEP_Q_Py_PCI_PMON_PKT_MATCH0 */
	CHECK_EQ(q->filter_regs[3], 0x23C); /* K SNBEP_Q_Py_PCI_PMON_PKT_MASK1 */
	CHECK_EQ(q->ctr_width, 48);         /* 003:35 "four 48b wide counters" */
	CHECK_EQ(upm_field_mask(q->ctl_layout.ev_sel_ext), 1u << 21); /* K IVBEP_QPI_..._MASK */
	CHECK_EQ(upm_field_mask(q->ctl_layout.ov_en), 1u << 20);      /* 003:50-52 ov_en */
	/* R2PCIe 0x0E34 at 13.1; R3QPI 0x0E36 at 13.5, 0x0E37 at 13.6, 0x0E3E at 12.5. */
	CHECK_EQ(r2->pci[0].dev, 0x13);
	CHECK_EQ(r2->pci[0].fn, 1);
	CHECK_EQ(r2->pci[0].device_id, 0x0E34);
	CHECK_EQ(r3->max_instances, 3);
	CHECK_EQ(r3->pci[0].fn, 5);
	CHECK_EQ(r3->pci[0].device_id, 0x0E36);
	CHECK_EQ(r3->pci[1].fn, 6);
	CHECK_EQ(r3->pci[1].device_id, 0x0E37);
	CHECK_EQ(r3->pci[2].dev, 0x12);
	CHECK_EQ(r3->pci[2].device_id, 0x0E3E);
	CHECK_EQ(r3->n_ctrs, 3);
	CHECK_EQ(r3->ctr_width, 44);
	/* IRP 0x0E39 at 05.6 (K; LWD PCI_IRP_DEVICE "05.6"); unevenly spaced registers
	 * (K ivbep_uncore_irp_ctls/_ctrs). */
	CHECK_EQ(irp->pci[0].dev, 5);
	CHECK_EQ(irp->pci[0].fn, 6);
	CHECK_EQ(irp->pci[0].device_id, 0x0E39);
	static const uint32_t ictl[4] = { 0xD8, 0xDC, 0xE0, 0xE4 }, ictr[4] = { 0xA0, 0xB0, 0xB8, 0xC0 };
	for (unsigned i = 0; i < 4; i++) {
		CHECK_EQ(irp->ctl[i], ictl[i]);
		CHECK_EQ(irp->ctr[i], ictr[i]);
	}
	CHECK_EQ(irp->ctr_width, 48);
}

TEST(ivbep_platform_identity_and_bus_map)
{
	const struct upm_platform *p = plat("ivbep");
	struct upm_cpu_ident id = { .vendor = "GenuineIntel", .family = 6, .model = 0x3E };
	CHECK(upm_platform_by_cpu(&id) == p); /* INTEL_IVYBRIDGE_X 0x3E */
	id.model = 0x2D;
	CHECK(upm_platform_by_cpu(&id) == plat("snbep"));
	/* K ivbep_uncore_pci_init: snbep_pci2phy_map_init(0x0e1e, CPUNODEID 0x40, GIDNIDMAP 0x54). */
	CHECK_EQ(p->bus_map->ubox.device_id, 0x0E1E);
	CHECK_EQ(p->bus_map->ubox.dev, 0x0B);
	CHECK_EQ(p->bus_map->ubox.fn, 0);
	CHECK_EQ(p->bus_map->cpunodeid_off, 0x40);
	CHECK_EQ(p->bus_map->gidnidmap_off, 0x54);
	static const char *const names[] = { "ubox", "cbo", "pcu", "ha", "imc",
					     "qpi", "r2pcie", "r3qpi", "irp" };
	CHECK_EQ(p->n_boxes, UPM_ARRAY_LEN(names));
	for (unsigned i = 0; i < UPM_ARRAY_LEN(names); i++)
		CHECK(upm_platform_box(p, names[i]) != NULL);
}

static uint64_t ctl_of(const char *platform, const char *spec)
{
	struct upm_spec s;
	char err[200];
	if (upm_spec_parse(plat(platform), spec, &s, err, sizeof err) < 0) {
		upm_test_fail(__FILE__, __LINE__, "%s %s: %s", platform, spec, err);
		return 0;
	}
	return s.ctl;
}

TEST(ivbep_standard_events_and_encodings)
{
	/* The events the health check uses, with their codes and unit masks (perfmon IVT;
	 * Linux ivbep_uncore_imc_events cas_count_read 0x0304 / _write 0x0C04). */
	CHECK_EQ(ctl_of("ivbep", "cbo0/CLOCKTICKS/"), 0x400000);
	CHECK_EQ(ctl_of("ivbep", "cbo0/LLC_LOOKUP.DATA_READ,filter_state=0x1/"), 0x400334);
	CHECK_EQ(ctl_of("ivbep", "cbo0/LLC_VICTIMS.M_STATE/"), 0x400137);
	CHECK_EQ(ctl_of("ivbep", "imc0/CAS_COUNT.RD/"), 0x400304);
	CHECK_EQ(ctl_of("ivbep", "imc0/CAS_COUNT.WR/"), 0x400C04);
	CHECK_EQ(ctl_of("ivbep", "ha0/REQUESTS.READS/"), 0x400301);
	CHECK_EQ(ctl_of("ivbep", "ha0/REQUESTS.WRITES/"), 0x400C01);
	CHECK_EQ(ctl_of("ivbep", "qpi0/TxL_FLITS_G0.DATA/"), 0x400200);
	CHECK_EQ(ctl_of("ivbep", "qpi0/RxL_FLITS_G0.DATA/"), 0x400201);
	CHECK_EQ(ctl_of("ivbep", "qpi0/TxL_FLITS_G1.DRS_DATA/"), 0x600800); /* ExtSel: bit 21 */
	CHECK_EQ(ctl_of("ivbep", "pcu/CLOCKTICKS/"), 0x400000);
	CHECK_EQ(ctl_of("ivbep", "irp/CLOCKTICKS/"), 0x400000);
	CHECK_EQ(ctl_of("ivbep", "r3qpi0/CLOCKTICKS/"), 0x400001);
	struct upm_spec s;
	char err[200];
	CHECK_EQ(upm_spec_parse(plat("ivbep"), "ubox/UCLK/", &s, err, sizeof err), 0);
	CHECK_EQ(s.kind, UPM_SPEC_FIXED);
	CHECK_EQ(upm_spec_parse(plat("ivbep"), "imc3/DCLK/", &s, err, sizeof err), 0);
	CHECK_EQ(s.kind, UPM_SPEC_FIXED);
	/* LLC_LOOKUP needs the state filter (perfmon: "One must ALWAYS ... select a state"). */
	CHECK(upm_spec_parse(plat("ivbep"), "cbo0/LLC_LOOKUP.DATA_READ/", &s, err, sizeof err) < 0);
	/* Counter restrictions: TOR_OCCUPANCY counter 0 only, RING_AD_USED counters 2-3,
	 * COUNTER0_OCCUPANCY 1-3, R3QPI RxR_OCCUPANCY 0 (perfmon "Counter"). */
	CHECK_EQ(upm_event_find(box("cbo"), "TOR_OCCUPANCY")->counters, 0x1);
	CHECK_EQ(upm_event_find(box("cbo"), "RING_AD_USED")->counters, 0xC);
	CHECK_EQ(upm_event_find(box("cbo"), "COUNTER0_OCCUPANCY")->counters, 0xE);
	CHECK_EQ(upm_event_find(box("r3qpi"), "RxR_OCCUPANCY")->counters, 0x1);
	CHECK_EQ(upm_event_find(box("r2pcie"), "TxR_CYCLES_NE")->counters, 0x1);
	/* New on this generation: PCU core-transition events at 0x70+, IRP, QLRU. */
	CHECK_EQ(upm_event_find(box("pcu"), "CORE14_TRANSITION_CYCLES")->code, 0x7E);
	CHECK_EQ(upm_event_find(box("pcu"), "DELAYED_C_STATE_ABORT_CORE0")->ext, 1);
	CHECK_EQ(upm_event_find(box("cbo"), "QLRU")->code, 0x3C);
	CHECK_EQ(upm_event_find(box("irp"), "TRANSACTIONS")->code, 0x15);
	/* Filters: TOR opcode and node id land in FILTER1 (opc 28:20, nid 15:0). */
	CHECK_EQ(upm_spec_parse(plat("ivbep"), "cbo2/TOR_INSERTS.NID_OPCODE,filter_opc=0x182,filter_nid=0x2/",
				&s, err, sizeof err), 0);
	CHECK_EQ(s.n_filters, 2);
	CHECK(upm_spec_parse(plat("ivbep"), "cbo2/TOR_INSERTS.NID_OPCODE,filter_opc=0x182/", &s, err,
			     sizeof err) < 0); /* needs the node id as well */
}

TEST(ivbep_every_event_fits_its_box)
{
	const struct upm_platform *p = plat("ivbep");
	for (unsigned b = 0; b < p->n_boxes; b++) {
		const struct upm_box_type *t = p->boxes[b];
		CHECK(*t->n_events > 0);
		for (unsigned i = 0; i < *t->n_events; i++) {
			const struct upm_event_def *ev = &t->events[i];
			if ((ev->counters & ~((1u << t->n_ctrs) - 1)) || !ev->counters)
				upm_test_fail(__FILE__, __LINE__, "%s/%s: counters 0x%x", t->name, ev->name,
					      ev->counters);
			if (ev->code > 0xFF || (ev->ext && !t->ctl_layout.ev_sel_ext.width))
				upm_test_fail(__FILE__, __LINE__, "%s/%s: code 0x%x ext %u", t->name, ev->name,
					      ev->code, ev->ext);
			/* No two events of a box select the same code and extra bit. */
			for (unsigned k = 0; k < i; k++)
				if (t->events[k].code == ev->code && t->events[k].ext == ev->ext)
					upm_test_fail(__FILE__, __LINE__, "%s: %s and %s share code 0x%x", t->name,
						      t->events[k].name, ev->name, ev->code);
			for (unsigned u = 0; u < ev->n_umasks; u++)
				if (ev->umasks[u].value > 0xFF || !ev->umasks[u].value)
					upm_test_fail(__FILE__, __LINE__, "%s/%s.%s umask", t->name, ev->name,
						      ev->umasks[u].name);
		}
	}
}

TEST(ivbep_every_metric_and_check_spec_parses)
{
	const struct upm_platform *p = plat("ivbep");
	static struct upm_spec s[16];
	static struct upm_formula f;
	char err[200];
	for (unsigned i = 0; i < *p->n_metrics; i++) {
		const struct upm_metric *m = &p->metrics[i];
		if (upm_metric_compile(p, m, &f, s, err, sizeof err) < 0)
			upm_test_fail(__FILE__, __LINE__, "%s: %s", m->name, err);
	}
	const struct upm_check_profile *c = p->check;
	CHECK(c != NULL);
	if (!c)
		return;
	const char *const lists[] = { c->clocks, c->uclk, c->mem_read, c->mem_write, c->mem_clock,
				      c->llc_hits, c->llc_misses, c->link_flits };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(lists); i++)
		if (upm_spec_parse_list(p, lists[i], s, 16, err, sizeof err) < 0)
			upm_test_fail(__FILE__, __LINE__, "check spec %s: %s", lists[i], err);
	/* Every box type's clock, and the iMC's twice: fixed DCLK and DCLOCKTICKS on its
	 * general counters (so those are count-tested and a stuck DCLK is not "unpopulated"). */
	CHECK_EQ(upm_spec_parse_list(p, c->clocks, s, 16, err, sizeof err), 10);
}

/* --- tables shared with Sandy Bridge-EP --- */

static const struct upm_umask *umasks_of(const char *platform, const char *box_name, const char *event)
{
	const struct upm_event_def *e = upm_event_find(box_of(platform, box_name), event);
	if (!e) {
		upm_test_fail(__FILE__, __LINE__, "%s: no %s/%s", platform, box_name, event);
		return NULL;
	}
	return e->umasks;
}

TEST(ivbep_snbep_share_unit_mask_tables)
{
	/* Where the two generations agree, both event tables point at one array
	 * (boxes/snbep/umasks_shared.h), so a change for one is a change for the other. */
	static const struct {
		const char *box, *event;
		const struct upm_umask *shared;
	} s[] = {
		{ "cbo", "LLC_VICTIMS", upm_snbep_um_cbo_llc_victims },
		{ "cbo", "MISC", upm_snbep_um_cbo_misc },
		{ "cbo", "RxR_INSERTS", upm_snbep_um_cbo_rxr_queue },
		{ "cbo", "RxR_OCCUPANCY", upm_snbep_um_cbo_rxr_queue },
		{ "cbo", "RxR_IPQ_RETRY", upm_snbep_um_cbo_rxr_ipq_retry },
		{ "cbo", "TxR_INSERTS", upm_snbep_um_cbo_txr_inserts },
		{ "ha", "IGR_NO_CREDIT_CYCLES", upm_snbep_um_ha_igr_no_credit_cycles },
		{ "ha", "IMC_WRITES", upm_snbep_um_ha_imc_writes },
		{ "ha", "RPQ_CYCLES_NO_REG_CREDITS", upm_snbep_um_ha_channels },
		{ "ha", "WPQ_CYCLES_NO_REG_CREDITS", upm_snbep_um_ha_channels },
		{ "ha", "TAD_REQUESTS_G0", upm_snbep_um_ha_tad_requests_g0 },
		{ "ha", "TAD_REQUESTS_G1", upm_snbep_um_ha_tad_requests_g1 },
		{ "ha", "TxR_AD_CYCLES_FULL", upm_snbep_um_ha_egress_sched },
		{ "ha", "TxR_BL", upm_snbep_um_ha_txr_bl },
		{ "imc", "DRAM_REFRESH", upm_snbep_um_imc_dram_refresh },
		{ "imc", "MAJOR_MODES", upm_snbep_um_imc_major_modes },
		{ "imc", "POWER_CKE_CYCLES", upm_snbep_um_imc_rank },
		{ "imc", "PREEMPTION", upm_snbep_um_imc_preemption },
		{ "qpi", "RxL_CREDITS_CONSUMED_VN0", upm_snbep_um_qpi_vn_classes },
		{ "qpi", "RxL_FLITS_G0", upm_snbep_um_qpi_flits_g0 },
		{ "qpi", "TxL_FLITS_G1", upm_snbep_um_qpi_flits_g1 },
		{ "qpi", "RxL_FLITS_G2", upm_snbep_um_qpi_flits_g2 },
		{ "r2pcie", "IIO_CREDITS_ACQUIRED", upm_snbep_um_r2pcie_iio_credits },
		{ "r2pcie", "TxR_CYCLES_NE", upm_snbep_um_r2pcie_txr_rings },
		{ "r3qpi", "RxR_INSERTS", upm_snbep_um_r3qpi_msg_classes },
		{ "r3qpi", "VN0_CREDITS_USED", upm_snbep_um_r3qpi_msg_classes },
		{ "ubox", "EVENT_MSG", upm_snbep_um_ubox_event_msg },
		{ "ubox", "FILTER_MATCH", upm_snbep_um_ubox_filter_match },
		{ "ubox", "U2C_EVENTS", upm_snbep_um_ubox_u2c_events },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(s); i++) {
		const struct upm_umask *a = umasks_of("snbep", s[i].box, s[i].event);
		const struct upm_umask *b = umasks_of("ivbep", s[i].box, s[i].event);
		if (a != s[i].shared || b != s[i].shared)
			upm_test_fail(__FILE__, __LINE__, "%s/%s: snbep %p ivbep %p shared %p", s[i].box,
				      s[i].event, (const void *)a, (const void *)b, (const void *)s[i].shared);
	}
}

TEST(ivbep_snbep_shared_tables_encode_alike_on_each_platform)
{
	/* One encoding test per platform through a shared table: the same spec text gives
	 * the same control value, as perfmon JKT and IVT both list it (LLC_VICTIMS.NID 0x40
	 * with the node-id filter; MAJOR_MODES.ISOCH 0x08; RxL_FLITS_G0.DATA 0x02). */
	static const struct {
		const char *spec;
		uint64_t ctl;
	} e[] = {
		{ "cbo1/LLC_VICTIMS.E_STATE/", 0x400237 },
		{ "imc1/MAJOR_MODES.ISOCH/", 0x400807 },
		{ "qpi1/RxL_FLITS_G0.DATA/", 0x400201 },
		{ "qpi1/TxL_FLITS_G1.HOM/", 0x600600 },
		{ "ha0/IMC_WRITES.ALL/", 0x400F1A },
		{ "r3qpi1/RxR_INSERTS.NCS/", 0x402011 },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(e); i++) {
		CHECK_EQ(ctl_of("snbep", e[i].spec), e[i].ctl);
		CHECK_EQ(ctl_of("ivbep", e[i].spec), e[i].ctl);
	}
	/* LLC_VICTIMS.NID needs the node-id field, wherever that field lies on each. */
	struct upm_spec s;
	char err[200];
	CHECK(upm_spec_parse(plat("snbep"), "cbo0/LLC_VICTIMS.NID/", &s, err, sizeof err) < 0);
	CHECK(upm_spec_parse(plat("ivbep"), "cbo0/LLC_VICTIMS.NID/", &s, err, sizeof err) < 0);
	CHECK_EQ(upm_spec_parse(plat("ivbep"), "cbo0/LLC_VICTIMS.NID,filter_nid=0x1/", &s, err, sizeof err), 0);
}

static const struct upm_metric *metric_of(const char *platform, const char *name)
{
	const struct upm_platform *p = plat(platform);
	for (unsigned i = 0; i < *p->n_metrics; i++)
		if (!strcmp(p->metrics[i].name, name))
			return &p->metrics[i];
	upm_test_fail(__FILE__, __LINE__, "%s: no metric %s", platform, name);
	return NULL;
}

/* The metric's formula as text (short forms written out), in a static buffer. */
static const char *formula_of(const char *platform, const struct upm_metric *m)
{
	static char text[2][512];
	static unsigned which;
	struct upm_buf b;
	char err[200];
	char *out = text[which++ % 2];
	upm_buf_init(&b);
	if (!m || upm_metric_formula_text(plat(platform), m, &b, err, sizeof err) < 0)
		snprintf(out, 512, "(none)");
	else
		snprintf(out, 512, "%s", b.data ? b.data : "");
	upm_buf_free(&b);
	return out;
}

TEST(ivbep_snbep_share_metric_definitions)
{
	/* boxes/snbep/metrics_shared.h: one initialiser in both tables. */
	static const char *const shared[] = {
		"MEM_BW_READS", "MEM_BW_WRITES", "MEM_BW_TOTAL", "AVG_TOR_DRD_MISS_LATENCY", "UNCORE_FREQ",
		"DRAM_CLOCK_FREQ", "CYC_FREQ_THERMAL_LTD", "CYC_FREQ_POWER_LTD", "CYC_FREQ_OS_LTD",
		"CYC_FREQ_CURRENT_LTD", "PCT_CYCLES_CONFLICT",
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(shared); i++) {
		const struct upm_metric *a = metric_of("snbep", shared[i]), *b = metric_of("ivbep", shared[i]);
		if (!a || !b)
			continue;
		CHECK_STR(formula_of("snbep", a), formula_of("ivbep", b));
	}
	/* Different on purpose: six state bits on Ivy Bridge-EP, five on Sandy Bridge-EP. */
	CHECK_STR(formula_of("ivbep", metric_of("ivbep", "LLC_DRD_HIT_PCT")),
		  "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x3e/ / cbo/LLC_LOOKUP.DATA_READ,filter_state=0x3f/");
	CHECK_STR(formula_of("snbep", metric_of("snbep", "LLC_DRD_HIT_PCT")),
		  "cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1e/ / cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/");
}

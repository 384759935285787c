/* The 6th-generation Core (Skylake client) tables against the guide's literal addresses
 * (seed 001, cited by line), and the public facts where the guide gives none
 * (boxes/PUBLIC_FACTS.md, Skylake section). */
#include "core/metrics/formula.h"
#include "core/metrics/metrics.h"
#include "platform/mock/model.h"
#include "tests/unit/test.h"
#include "tests/unit/lookup.h"
#include "core/events/spec.h"

static const struct upm_platform *skl(void)
{
	return platform_named("skl");
}

static const struct upm_box_type *box(const char *name)
{
	return box_named("skl", name);
}

#define MSR_OF(t, reg, n) ((reg) + (t)->stride * (n))

TEST(skl_platform_identity)
{
	const struct upm_platform *p = skl();
	struct upm_cpu_ident id;
	memset(&id, 0, sizeof id);
	strcpy(id.vendor, "GenuineIntel");
	id.family = 6;
	id.model = 0x5E; /* desktop; 0x4E mobile (PUBLIC_FACTS.md section 1) */
	CHECK(upm_platform_by_cpu(&id) == p);
	id.model = 0x4E;
	CHECK(upm_platform_by_cpu(&id) == p);
	id.model = 0x55; /* Skylake-SP: another uncore */
	CHECK(upm_platform_by_cpu(&id) != p);
	/* Model 0x5E is also the Xeon E3-1200 v5: the guide "does not apply to Intel Xeon
	 * processors" (001:85), so its brand string rules skl out. */
	id.model = 0x5E;
	strcpy(id.brand, "Intel(R) Xeon(R) CPU E3-1230 v5 @ 3.40GHz");
	CHECK(upm_platform_by_cpu(&id) == NULL);
	strcpy(id.brand, "Intel(R) Core(TM) i7-6700K CPU @ 4.00GHz");
	CHECK(upm_platform_by_cpu(&id) == p);
	/* One socket: a client part (the mock model's own count, platform/mock/skl/model.c). */
	CHECK(upm_mock_model_find("skl") && upm_mock_model_find("skl")->default_sockets == 1);
	CHECK(p->bus_map == NULL);
}

TEST(skl_global_control)
{
	const struct upm_global_ctl *g = skl()->global;
	CHECK(g != NULL);
	if (!g)
		return;
	CHECK_EQ(g->msr, 0xE01);        /* 001:166 "MSR_UNC_PERF_GLOBAL_CTRL E01H" */
	CHECK_EQ(g->status_msr, 0xE02); /* 001:167 "MSR_UNC_PERF_GLOBAL_STATUS E02H" */
	CHECK_EQ(g->status_clear_msr, 0xE02); /* RW1C (Table 2-3, 001:260-280) */
	CHECK_EQ(g->mask, 1ull << 29);  /* 001:217 "EN 29 RW" */
	CHECK_EQ(g->setup, 0);
	CHECK_EQ(g->stop, 0);
	CHECK_EQ(g->start, 1ull << 29);
	CHECK(!g->write_only);          /* 001:201-244: every field RW */
	/* Table 1-1 (001:140-141): 0x391/0x392 belong to the previous generation. */
	CHECK(g->msr != 0x391 && g->status_msr != 0x392);
}

TEST(skl_fixed_counter)
{
	const struct upm_box_type *n = box("ncu");
	if (!n)
		return;
	CHECK_EQ(n->space, UPM_SPACE_MSR);
	CHECK_EQ(n->fixed_ctl, 0x394);   /* 001:168 "MSR_UNC_PERF_FIXED_CTRL 394H" */
	CHECK_EQ(n->fixed_ctr, 0x395);   /* 001:169 "MSR_UNC_PERF_FIXED_CTR 395H" */
	CHECK_EQ(n->fixed_width, 48);    /* 001:318-319 "CTR_VAL 47:0" */
	CHECK_EQ(upm_field_mask(n->fixed_en), 1ull << 22); /* 001:284 "CNT_EN 22 RW" */
	CHECK_EQ(n->fixed_rst.width, 0); /* no reset bit: cleared by writing zero */
	CHECK_EQ(n->n_ctrs, 0);
	CHECK_STR(n->fixed_event, "UCLK");
	CHECK_STR(n->fixed_alias, "CLOCK.SOCKET"); /* 001:538 "UNC_CLOCK.SOCKET" */
}

TEST(skl_cbo_msr_map)
{
	const struct upm_box_type *c = box("cbo");
	if (!c)
		return;
	CHECK_EQ(c->max_instances, 4);              /* 001:147 "CBo 2 1 to 4 44" */
	CHECK_EQ(c->n_ctrs, 2);
	CHECK_EQ(c->ctr_width, 44);                 /* 001:419 "CTR_VAL 43:0" */
	CHECK_EQ(MSR_OF(c, c->ctl[0], 0), 0x700);   /* 001:175 */
	CHECK_EQ(MSR_OF(c, c->ctl[1], 0), 0x701);   /* 001:176 */
	CHECK_EQ(MSR_OF(c, c->ctr[0], 0), 0x706);   /* 001:177 */
	CHECK_EQ(MSR_OF(c, c->ctr[1], 0), 0x707);   /* 001:178 */
	CHECK_EQ(MSR_OF(c, c->ctl[0], 1), 0x710);   /* 001:179 */
	CHECK_EQ(MSR_OF(c, c->ctr[1], 1), 0x717);   /* 001:182 */
	CHECK_EQ(MSR_OF(c, c->ctl[1], 2), 0x721);   /* 001:184 */
	CHECK_EQ(MSR_OF(c, c->ctr[0], 2), 0x726);   /* 001:185 */
	CHECK_EQ(MSR_OF(c, c->ctl[0], 3), 0x730);   /* 001:187 */
	CHECK_EQ(MSR_OF(c, c->ctr[0], 3), 0x736);   /* 001:189 "CB0_3_PERFCTR0 736H" */
	CHECK_EQ(MSR_OF(c, c->ctr[1], 3), 0x737);   /* 001:190 */
	CHECK_EQ(c->box_ctl, UPM_NO_REG);
	CHECK_EQ(c->session, UPM_SESS_ZERO_CTRS);
	CHECK(c->count != NULL);
	if (c->count) {
		CHECK_EQ(c->count->msr, 0x396);                      /* 001:170 "396H" */
		CHECK_EQ(upm_field_mask(c->count->field), 0xF);      /* 001:324 "NO_CBO_BANKS 3:0" */
		CHECK_EQ(c->count->minus, 1);                        /* 001:300 "subtract one" */
	}
}

TEST(skl_arb_msr_map)
{
	const struct upm_box_type *a = box("arb");
	if (!a)
		return;
	CHECK_EQ(a->max_instances, 1);
	CHECK_EQ(a->n_ctrs, 2);
	CHECK_EQ(a->ctr[0], 0x3B0); /* 001:171 "MSR_UNC_ARB_PERFCTR0 3B0H" */
	CHECK_EQ(a->ctr[1], 0x3B1); /* 001:172 */
	CHECK_EQ(a->ctl[0], 0x3B2); /* 001:173 "MSR_UNC_ARB_PERFEVTSEL0 3B2H" */
	CHECK_EQ(a->ctl[1], 0x3B3); /* 001:174 */
	CHECK_EQ(a->ctr_width, 44); /* 001:382 "44 bit counter" */
	CHECK(a->count == NULL);
}

TEST(skl_event_select_fields)
{
	/* Table 2-7 (001:344-413), the same for the CBo and the ARB (001:332-343). */
	const char *names[2] = { "cbo", "arb" };
	for (unsigned i = 0; i < 2; i++) {
		const struct upm_box_type *t = box(names[i]);
		if (!t)
			return;
		const struct upm_ctl_layout *l = &t->ctl_layout;
		CHECK_EQ(upm_field_mask(l->ev_sel), 0xFF);          /* 001:412 EVT_SEL 7:0 */
		CHECK_EQ(upm_field_mask(l->umask), 0xFF00);         /* 001:409 UMASK 15:8 */
		CHECK_EQ(upm_field_mask(l->edge), 1ull << 18);      /* 001:398 E 18 */
		CHECK_EQ(upm_field_mask(l->ov_en), 1ull << 20);     /* 001:369 OVF_EN 20 */
		CHECK_EQ(upm_field_mask(l->en), 1ull << 22);        /* 001:365 EN 22 */
		CHECK_EQ(upm_field_mask(l->invert), 1ull << 23);    /* 001:355 INV 23 */
		CHECK_EQ(upm_field_mask(l->thresh), 0x1Full << 24); /* 001:347 THR 28:24 */
		CHECK_EQ(upm_field_mask(l->rst) | upm_field_mask(l->tid_en) |
				 upm_field_mask(l->ev_sel_ext),
			 0); /* 001:368, 377, 408: 21, 19, 17:16 reserved */
	}
}

TEST(skl_imc_mmio_map)
{
	const struct upm_box_type *m = box("imc");
	if (!m)
		return;
	CHECK_EQ(m->space, UPM_SPACE_MMIO);
	CHECK_EQ(m->n_ctrs, 0);
	CHECK(m->mmio != NULL);
	if (!m->mmio)
		return;
	/* 001:556-557: "Bus 0; Device 0; Function 0; Offset 48H", mask 0x0007FFFFF8000. */
	CHECK_EQ(m->mmio->bus, 0);
	CHECK_EQ(m->mmio->dev, 0);
	CHECK_EQ(m->mmio->fn, 0);
	CHECK_EQ(m->mmio->bar_off, 0x48);
	CHECK_EQ(m->mmio->bar_mask, 0x0007FFFFF8000ull);
	CHECK_EQ(upm_field_mask(m->mmio->enable), 1); /* Linux uncore_snb.c: BIT(0) */
	/* Host bridge IDs: Linux uncore_snb.c PCI_DEVICE_ID_INTEL_SKL_{Y,U,HD,HQ,SD,SQ}_IMC;
	 * not SKL_E3 0x1918 (Xeon E3 v5; the guide excludes Xeon, 001:85). */
	static const uint16_t want[] = { 0x190C, 0x1904, 0x1900, 0x1910, 0x190F, 0x191F };
	CHECK_EQ(m->mmio->n_device_ids, 6);
	for (unsigned i = 0; i < 6; i++) {
		int found = 0;
		for (unsigned k = 0; k < m->mmio->n_device_ids; k++)
			found |= m->mmio->device_ids[k] == want[i];
		CHECK(found);
	}
	for (unsigned k = 0; k < m->mmio->n_device_ids; k++)
		CHECK(m->mmio->device_ids[k] != 0x1918);
	/* Table 3-3 (001:559-594); 32 bits (Table 1-2, 001:150 "IMC Fixed5132"). */
	static const struct { const char *name; uint32_t off; } ctrs[] = {
		{ "DRAM_GT_REQUESTS", 0x5040 },  /* 001:561 */
		{ "DRAM_IA_REQUESTS", 0x5044 },  /* 001:569 */
		{ "DRAM_IO_REQUESTS", 0x5048 },  /* 001:578 */
		{ "DRAM_DATA_READS", 0x5050 },   /* 001:587 */
		{ "DRAM_DATA_WRITES", 0x5054 },  /* 001:591 */
	};
	CHECK_EQ(m->n_free_ctrs, 5);
	for (unsigned i = 0; i < 5 && i < m->n_free_ctrs; i++) {
		CHECK_STR(m->free_ctrs[i].name, ctrs[i].name);
		CHECK_EQ(m->free_ctrs[i].addr, ctrs[i].off);
		CHECK_EQ(m->free_ctrs[i].width, 32);
	}
}

/* The control value a spec programs, or ~0 when it does not parse. */
static uint64_t ctl_of(const char *text, struct upm_spec *sp)
{
	char err[200];
	if (upm_spec_parse(skl(), text, sp, err, sizeof err) < 0) {
		upm_test_fail(__FILE__, __LINE__, "%s: %s", text, err);
		return ~0ull;
	}
	return sp->ctl;
}

TEST(skl_cbo_events)
{
	struct upm_spec sp;
	/* EN (22) | UMASK | EVT_SEL; 001:439-505. */
	CHECK_EQ(ctl_of("cbo/CACHE_LOOKUP.ANY_MESI/", &sp), 0x408F34);   /* 0x34/0x8F, 001:490 */
	CHECK_EQ(sp.counters, 0x3);                                      /* "0, 1" */
	CHECK_EQ(ctl_of("cbo/CACHE_LOOKUP.WRITE_M/", &sp), 0x402134);    /* 001:462 */
	CHECK_EQ(ctl_of("cbo/CACHE_LOOKUP.READ_I/", &sp), 0x401834);     /* 001:470 */
	CHECK_EQ(ctl_of("cbo/CACHE_LOOKUP.ANY_I/", &sp), 0x408834);      /* 001:474 */
	CHECK_EQ(ctl_of("cbo/CACHE_LOOKUP.READ_ES/", &sp), 0x401634);    /* 001:498 */
	CHECK_EQ(ctl_of("cbo2/CACHE_LOOKUP.WRITE_ES/", &sp), 0x402634);  /* 001:502 */
	CHECK_EQ(sp.instance, 2);
	CHECK_EQ(ctl_of("cbo/XSNP_RESPONSE.MISS_XCORE/", &sp), 0x404122);    /* 001:439 */
	CHECK_EQ(ctl_of("cbo/XSNP_RESPONSE.MISS_EVICTION/", &sp), 0x408122); /* 001:445 */
	CHECK_EQ(ctl_of("cbo/XSNP_RESPONSE.HITM_XCORE/", &sp), 0x404822);    /* 001:456 */
}

TEST(skl_arb_events)
{
	struct upm_spec sp;
	CHECK_EQ(ctl_of("arb/TRK_OCCUPANCY.ALL/", &sp), 0x400180);   /* 0x80/0x01, 001:514 */
	CHECK_EQ(sp.counters, 0x1);                                  /* "0" (001:515) */
	CHECK_EQ(ctl_of("arb/TRK_REQUESTS.ALL/", &sp), 0x400181);    /* 001:516 */
	CHECK_EQ(sp.counters, 0x3);
	CHECK_EQ(ctl_of("arb/TRK_REQUESTS.WRITES/", &sp), 0x402081); /* 001:521 */
	CHECK_EQ(ctl_of("arb/COH_TRK_REQUESTS.ALL/", &sp), 0x400184); /* 001:526 */
	/* 001:528-537 prints the same code and unit mask as ALL; the threshold of 1 is
	 * intel/perfmon's CounterMask (PUBLIC_FACTS.md). */
	CHECK_EQ(ctl_of("arb/TRK_OCCUPANCY.CYCLES_WITH_ANY_REQUEST/", &sp), 0x1400180);
	CHECK_EQ(sp.counters, 0x1);
	CHECK_EQ(ctl_of("arb/event=0x81,umask=0x20,thresh=3,edge/", &sp), 0x3442081);
}

TEST(skl_fixed_and_free_specs)
{
	struct upm_spec sp;
	char err[200];
	CHECK_EQ(upm_spec_parse(skl(), "ncu/UCLK/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.kind, UPM_SPEC_FIXED);
	CHECK_EQ(upm_spec_parse(skl(), "ncu/clock.socket/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.kind, UPM_SPEC_FIXED);
	CHECK_STR(sp.name, "UCLK");
	CHECK_EQ(upm_spec_parse(skl(), "imc/DRAM_DATA_READS/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.kind, UPM_SPEC_FREE);
	CHECK_EQ(sp.free_ctr ? sp.free_ctr->addr : 0, 0x5050);
	CHECK_EQ(upm_spec_parse(skl(), "imc/DRAM_IO_REQUESTS/", &sp, err, sizeof err), 0);
	CHECK_EQ(sp.free_ctr ? sp.free_ctr->addr : 0, 0x5048);
	/* No programmable counters on the IMC; no CBo 4. */
	CHECK(upm_spec_parse(skl(), "imc/event=0x1/", &sp, err, sizeof err) < 0);
	CHECK(upm_spec_parse(skl(), "cbo4/CACHE_LOOKUP.ANY_MESI/", &sp, err, sizeof err) < 0);
	CHECK_CONTAINS(err, "instances 0-3");
}

TEST(skl_metrics)
{
	const struct upm_platform *p = skl();
	int bw_r = 0, bw_w = 0, freq = 0;
	for (unsigned i = 0; i < *p->n_metrics; i++) {
		const struct upm_metric *m = &p->metrics[i];
		struct upm_spec sp;
		char err[200];
		if (m->formula) {
			static struct upm_formula f;
			static struct upm_spec specs[UPM_METRIC_FORMULA_TERMS];
			CHECK_EQ(upm_metric_compile(p, m, &f, specs, err, sizeof err), 0);
			continue;
		}
		CHECK_EQ(upm_spec_parse(p, m->numerator, &sp, err, sizeof err), 0);
		if (strcmp(m->name, "MEM_BW_READS") == 0)
			bw_r = strcmp(m->numerator, "imc/DRAM_DATA_READS/") == 0 && m->scale == 64.0 &&
			       !m->denominator;
		if (strcmp(m->name, "MEM_BW_WRITES") == 0)
			bw_w = strcmp(m->numerator, "imc/DRAM_DATA_WRITES/") == 0 && m->scale == 64.0;
		if (strcmp(m->name, "UNCORE_FREQ") == 0)
			freq = strcmp(m->numerator, "ncu/UCLK/") == 0 && !m->denominator;
	}
	CHECK(bw_r); /* 001:587-594: 64-byte transfers */
	CHECK(bw_w);
	CHECK(freq);
}

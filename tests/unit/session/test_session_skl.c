/* The session engine on the mocked 6th-generation Core: the exact access sequence
 * (addresses held literally from the guide, seed 001), the global enable bracketing the
 * boxes and left as found, the CBo count from MSR_UNC_CBO_CONFIG, and the memory-mapped
 * IMC counters: their 32-bit wrap and the checks before any MMIO is touched. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/metrics/metrics.h"
#include <stdlib.h>

/* 1 ms; per CBo (4 of them) 250 lookups, 50 of them misses, 25 lines written. */
static struct feed traffic = { 1000000, 400, 100, 1000, 200, 0 };

/* The session's accesses, one per line: "R msr 0x396 0x5", "W msr 0x700 0x400000",
 * "R pci 00:00.0+0x48 0xfed10001", "R mmio 0xfed15050 0x7000000". The configuration
 * reads of device IDs at offset 0 (the PCI access path's own probes) are left out. */
static void accesses(const struct upm_trace *t, struct upm_buf *out)
{
	for (uint32_t i = 0; i < t->n; i++) {
		const struct upm_trace_record *r = &t->records[i];
		if (r->space == UPM_SPACE_PCI && r->op == 'R' && r->addr == 0)
			continue;
		if (r->space == UPM_SPACE_MSR)
			upm_buf_printf(out, "%c msr 0x%x 0x%llx\n", r->op, r->addr, (unsigned long long)r->value);
		else if (r->space == UPM_SPACE_PCI)
			upm_buf_printf(out, "%c pci %02x:%02x.%u+0x%x 0x%llx\n", r->op, r->bus, r->dev, r->fn,
				       r->addr, (unsigned long long)r->value);
		else
			upm_buf_printf(out, "%c mmio 0x%llx 0x%llx\n", r->op, (unsigned long long)r->mmio_addr,
				       (unsigned long long)r->value);
	}
}

static int touched(const struct upm_trace *t, unsigned space, uint32_t lo, uint32_t hi)
{
	for (uint32_t i = 0; i < t->n; i++)
		if (t->records[i].space == space && t->records[i].addr >= lo && t->records[i].addr <= hi)
			return 1;
	return 0;
}

/* Index of the first access to this address in the trace, or -1. */
static long first(const struct upm_trace *t, unsigned space, uint32_t addr)
{
	for (uint32_t i = 0; i < t->n; i++)
		if (t->records[i].space == space && t->records[i].addr == addr)
			return (long)i;
	return -1;
}

static struct upm_mock_reg *imc_reg(struct upm_mock *m, uint32_t off)
{
	for (unsigned w = 0; w < m->n_mmio; w++)
		for (unsigned i = 0; i < m->mmio[w].n_regs; i++)
			if (m->mmio[w].regs[i]->addr == off)
				return m->mmio[w].regs[i];
	upm_test_fail(__FILE__, __LINE__, "no mocked MMIO register at 0x%x", off);
	return NULL;
}

struct skl_run {
	struct fixture f;
	struct upm_session s;
	int prepared, rc;
	struct upm_buf trace;
};

/* Prepares and runs specs on the mock with these faults; `poke` may set registers
 * first. The caller ends with skl_done. */
static int skl_run(struct skl_run *r, const char *faults, const char *specs,
		   void (*poke)(struct upm_mock *m))
{
	memset(r, 0, sizeof *r);
	upm_buf_init(&r->trace);
	if (fixture_init(&r->f, "skl", 1, faults) < 0)
		return -1;
	if (poke)
		poke(r->f.mock);
	upm_mock_snapshot(r->f.mock);
	r->rc = upm_session_prepare(&r->s, &r->f.run, specs);
	r->prepared = 1;
	if (r->rc == 0)
		r->rc = upm_session_run(&r->s, feed_interval, &traffic);
	accesses(r->f.trace, &r->trace);
	return 0;
}

static void skl_done(struct skl_run *r)
{
	if (r->prepared)
		upm_session_free(&r->s);
	fixture_free(&r->f);
	upm_buf_free(&r->trace);
}

static const struct upm_box_inst *inst_of(const struct upm_session *s, const char *name, unsigned i)
{
	for (unsigned k = 0; k < s->n_boxes; k++)
		if (strcmp(s->boxes[k].type->name, name) == 0 && s->boxes[k].instance == i)
			return &s->boxes[k];
	return NULL;
}

static void pmi_setup_found(struct upm_mock *m)
{
	/* WAKE_ON_PMI (30) and PMI_SEL_CORE3..0 (3:0) set by someone else, EN clear. */
	upm_mock_msr(m, 0, 0xE01)->value = 0x4000000F;
}

TEST(skl_session_sequence)
{
	struct skl_run r;
	if (skl_run(&r, NULL, "cbo1/CACHE_LOOKUP.ANY_MESI/,arb/TRK_OCCUPANCY.ALL/,ncu/UCLK/",
		    pmi_setup_found) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	/* Addresses: CBO_CONFIG 0x396 (001:170), FIXED_CTRL/CTR 0x394/0x395 (001:168-169),
	 * CBo 1 PERFEVTSEL0 0x710 and PERFCTR0 0x716 (001:179-181), ARB PERFEVTSEL0 0x3B2 and
	 * PERFCTR0 0x3B0 (001:171-173), GLOBAL_CTRL 0xE01 and GLOBAL_STATUS 0xE02 (001:166-167).
	 * EN is bit 29 (001:217); CNT_EN and the event selects' EN bit 22 (001:284, 365). */
	static const char want[] =
		/* the CBo count: 5 - 1 = 4 */
		"R msr 0x396 0x5\n"
		/* save what will be touched, the global control last */
		"R msr 0x394 0x0\nR msr 0x395 0x0\n"
		"R msr 0x710 0x0\nR msr 0x716 0x0\n"
		"R msr 0x3b2 0x0\nR msr 0x3b0 0x0\n"
		"R msr 0xe01 0x4000000f\n"
		/* global disable (other bits kept), program and locally enable, clear counters */
		"W msr 0xe01 0x4000000f\n"
		"W msr 0x395 0x0\nW msr 0x394 0x400000\nR msr 0x395 0x0\n"
		"W msr 0x710 0x400000\nW msr 0x710 0x408f34\nW msr 0x716 0x0\nR msr 0x716 0x0\n"
		"W msr 0x3b2 0x400000\nW msr 0x3b2 0x400180\nW msr 0x3b0 0x0\nR msr 0x3b0 0x0\n"
		/* global enable for the interval */
		"W msr 0xe01 0x6000000f\n"
		"R msr 0xe01 0x6000000f\n" /* EN read back: it kept the start */
		/* global disable, the overflow status (read only), then the counters:
		 * 1 ms of 2 GHz UCLK; 50 misses + 200 hits + 25 writes; 400 reads x 100 cycles */
		"W msr 0xe01 0x4000000f\nR msr 0xe02 0x0\n"
		"R msr 0x395 0x1e8480\nR msr 0x716 0x113\nR msr 0x3b0 0x9c40\n"
		/* everything back as found, the global control last */
		"W msr 0x394 0x0\nW msr 0x395 0x0\n"
		"W msr 0x710 0x0\nW msr 0x716 0x0\n"
		"W msr 0x3b2 0x0\nW msr 0x3b0 0x0\n"
		"W msr 0xe01 0x4000000f\n";
	if (strcmp(r.trace.data ? r.trace.data : "", want) != 0)
		upm_test_fail(__FILE__, __LINE__, "--- got\n%s--- want\n%s", r.trace.data, want);
	/* Never the previous generation's global registers (Table 1-1, 001:140-141). */
	CHECK(!touched(r.f.trace, UPM_SPACE_MSR, 0x391, 0x392));
	/* Every register written is back as found (the IMC's free-running counters moved,
	 * but nothing wrote them). */
	char diff[512];
	CHECK_EQ(upm_mock_compare(r.f.mock, UPM_MOCK_CMP_WRITTEN_ONLY, diff, sizeof diff), 0);
	const struct upm_count *c = find_count(&r.s, 0, "arb", 0, "TRK_OCCUPANCY.ALL");
	CHECK(c && c->counter == 0 && c->delta == 40000);
	skl_done(&r);
}

static void enabled_found(struct upm_mock *m)
{
	/* Someone left the uncore counting: EN and PMI_SEL_CORE0. */
	upm_mock_msr(m, 0, 0xE01)->value = 0x20000001;
}

TEST(skl_session_leaves_global_enable_as_found)
{
	struct skl_run r;
	if (skl_run(&r, NULL, "ncu/UCLK/", enabled_found) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	CHECK_CONTAINS(r.trace.data, "W msr 0xe01 0x1\n");          /* disabled for setup */
	CHECK_CONTAINS(r.trace.data, "W msr 0xe01 0x20000001\n");   /* enabled, then restored */
	CHECK_EQ(upm_mock_msr(r.f.mock, 0, 0xE01)->value, 0x20000001);
	/* No CBo spec: CBO_CONFIG is not even read. */
	CHECK(!touched(r.f.trace, UPM_SPACE_MSR, 0x396, 0x396));
	const struct upm_count *c = find_count(&r.s, 0, "ncu", 0, "UCLK");
	CHECK(c && c->delta == 2000000);
	skl_done(&r);
}

static void enable_stuck_clear(struct upm_mock *m)
{
	upm_mock_msr(m, 0, 0xE01)->stuck0_mask = 1ull << 29; /* EN never sets */
}

/* A global control that keeps no start leaves every box silent: the session says it once,
 * on the control, and no box's zero is taken for a count. */
TEST(skl_global_enable_that_keeps_no_start)
{
	struct skl_run r;
	if (skl_run(&r, NULL, "ncu/UCLK/,cbo0/CACHE_LOOKUP.ANY_MESI/", enable_stuck_clear) < 0)
		return;
	CHECK(r.rc < 0);
	CHECK_CONTAINS(r.s.error, "socket 0 global control 0xe01: keeps no start: reads 0x0 after 0x20000000 was written");
	CHECK_CONTAINS(r.trace.data, "W msr 0xe01 0x20000000\nR msr 0xe01 0x0\n");
	for (unsigned k = 0; k < r.s.n_boxes; k++) {
		const struct upm_box_inst *b = &r.s.boxes[k];
		CHECK(b->state == UPM_BOX_FAULT && b->by_global);
		CHECK(b->failed.has_value && b->failed.value == 0);
		CHECK_CONTAINS(b->why, "keeps no start");
	}
	/* Everything touched is back as found. */
	char diff[512];
	CHECK_EQ(upm_mock_compare(r.f.mock, UPM_MOCK_CMP_WRITTEN_ONLY, diff, sizeof diff), 0);
	skl_done(&r);
}

TEST(skl_cbo_count_from_cbo_config)
{
	struct skl_run r;
	/* CBO_CONFIG reads 3: two CBos. CBo 2 and 3 (0x720-0x737) are never touched. */
	if (skl_run(&r, "cbos=2", "cbo/CACHE_LOOKUP.READ_I/", NULL) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	CHECK_CONTAINS(r.trace.data, "R msr 0x396 0x3\n");
	CHECK(!touched(r.f.trace, UPM_SPACE_MSR, 0x720, 0x737));
	CHECK_EQ(r.s.n_boxes, 2);
	/* The traffic splits over the two present slices: 200 misses, 100 each. */
	const struct upm_count *c0 = find_count(&r.s, 0, "cbo", 0, "CACHE_LOOKUP.READ_I");
	const struct upm_count *c1 = find_count(&r.s, 0, "cbo", 1, "CACHE_LOOKUP.READ_I");
	CHECK(c0 && c0->delta == 100);
	CHECK(c1 && c1->delta == 100);
	CHECK(find_count(&r.s, 0, "cbo", 2, "CACHE_LOOKUP.READ_I") == NULL);
	skl_done(&r);

	/* Named explicitly, an absent slice is reported and still not touched. */
	if (skl_run(&r, "cbos=2", "cbo3/CACHE_LOOKUP.READ_I/,cbo0/CACHE_LOOKUP.READ_I/", NULL) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	const struct upm_box_inst *b = inst_of(&r.s, "cbo", 3);
	CHECK(b && b->state == UPM_BOX_ABSENT);
	CHECK_CONTAINS(b ? b->why : NULL, "MSR_UNC_CBO_CONFIG.NO_CBO_BANKS (MSR 0x396) is 3, minus 1");
	CHECK(!touched(r.f.trace, UPM_SPACE_MSR, 0x720, 0x737));
	b = inst_of(&r.s, "cbo", 0);
	CHECK(b && b->state == UPM_BOX_OK);
	skl_done(&r);
}

TEST(skl_cbo_count_read_fault_is_reported)
{
	struct skl_run r;
	if (skl_run(&r, "gpr=0x396", "cbo/CACHE_LOOKUP.ANY_MESI/", NULL) < 0)
		return;
	CHECK_EQ(r.s.n_boxes, 4);
	const struct upm_box_inst *b = inst_of(&r.s, "cbo", 2);
	CHECK(b && b->state == UPM_BOX_FAULT);
	CHECK_CONTAINS(b ? b->why : NULL, "reading MSR_UNC_CBO_CONFIG.NO_CBO_BANKS (MSR 0x396): EFAULT");
	CHECK(!touched(r.f.trace, UPM_SPACE_MSR, 0x700, 0x737));
	CHECK(!touched(r.f.trace, UPM_SPACE_MSR, 0xE01, 0xE01));
	skl_done(&r);
}

static void near_wrap(struct upm_mock *m)
{
	/* 0x100 below 2^32: the interval's 400 reads and 100 writes cross it. */
	imc_reg(m, 0x5050)->value = 0xFFFFFF00u;
	imc_reg(m, 0x5054)->value = 0xFFFFFFC0u;
}

TEST(skl_imc_free_running_32bit_wrap)
{
	struct skl_run r;
	if (skl_run(&r, NULL, "imc/DRAM_DATA_READS/,imc/DRAM_DATA_WRITES/,imc/DRAM_IA_REQUESTS/",
		    near_wrap) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	/* MCHBAR from 00:00.0+0x48/0x4C (001:556-557), then only reads of MCHBAR + 0x5050,
	 * 0x5054, 0x5044 (Table 3-3), before and after the interval. Nothing is written,
	 * and with only free-running counters the global enable is not touched either. */
	static const char want[] =
		"R pci 00:00.0+0x48 0xfed10001\nR pci 00:00.0+0x4c 0x0\n"
		"R mmio 0xfed15050 0xffffff00\nR mmio 0xfed15054 0xffffffc0\nR mmio 0xfed15044 0xa000000\n"
		"R mmio 0xfed15050 0x90\nR mmio 0xfed15054 0x24\nR mmio 0xfed15044 0xa0001f4\n";
	if (strcmp(r.trace.data ? r.trace.data : "", want) != 0)
		upm_test_fail(__FILE__, __LINE__, "--- got\n%s--- want\n%s", r.trace.data, want);
	/* The host bridge's IDs were checked before its BAR was read. */
	CHECK(first(r.f.trace, UPM_SPACE_PCI, 0) >= 0 &&
	      first(r.f.trace, UPM_SPACE_PCI, 0) < first(r.f.trace, UPM_SPACE_PCI, 0x48));
	const struct upm_count *rd = find_count(&r.s, 0, "imc", 0, "DRAM_DATA_READS");
	const struct upm_count *wr = find_count(&r.s, 0, "imc", 0, "DRAM_DATA_WRITES");
	CHECK(rd && rd->start == 0xFFFFFF00u && rd->end == 0x90 && rd->delta == 400);
	CHECK(wr && wr->end == 0x24 && wr->delta == 100);
	/* The memory plausibility figure: 400 x 64 bytes in 1 ms. */
	struct upm_metric_value mv[16];
	/* The session's specs taken as the metric's own (no trace of extra reads here). */
	r.s.metrics[0] = upm_metric_find(r.f.run.platform, "MEM_BW_READS");
	r.s.n_metrics = 1;
	r.s.metric_specs_from = 0;
	unsigned n = upm_metrics_compute(&r.s, mv, 16);
	int seen = 0;
	for (unsigned i = 0; i < n; i++) {
		if (strcmp(mv[i].metric->name, "MEM_BW_READS") == 0) {
			seen = 1;
			CHECK(mv[i].valid && rate_over_windows(mv[i].value, 64, &r.s, 0, "DRAM_DATA_READS", 0, 1000000u));
		}
	}
	CHECK(seen);
	skl_done(&r);
}

TEST(skl_imc_other_host_bridge_not_touched)
{
	struct skl_run r;
	/* 8086:0C00 is a 4th-generation Core host bridge (Linux PCI_DEVICE_ID_INTEL_HSW_IMC). */
	if (skl_run(&r, "hostbridge=0x0c00", "imc/DRAM_DATA_READS/,ncu/UCLK/", NULL) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	const struct upm_box_inst *b = inst_of(&r.s, "imc", 0);
	CHECK(b && b->state == UPM_BOX_MISMATCH);
	CHECK_CONTAINS(b ? b->why : NULL,
		       "host bridge 00:00.0 8086:0c00 is not a 6th-generation Core host bridge: imc not touched");
	/* Neither its BAR nor any MMIO is read. */
	CHECK(!touched(r.f.trace, UPM_SPACE_PCI, 0x48, 0x4C));
	CHECK(!touched(r.f.trace, UPM_SPACE_MMIO, 0, 0xFFFFFFFFu));
	/* The MSR boxes run as usual. */
	const struct upm_count *c = find_count(&r.s, 0, "ncu", 0, "UCLK");
	CHECK(c && c->status == UPM_OK && c->delta == 2000000);
	c = find_count(&r.s, 0, "imc", 0, "DRAM_DATA_READS");
	CHECK(c && c->status != UPM_OK);
	skl_done(&r);
}

TEST(skl_imc_mchbar_disabled_not_touched)
{
	struct skl_run r;
	if (skl_run(&r, "mchbar=off", "imc/DRAM_DATA_WRITES/", NULL) < 0)
		return;
	CHECK_EQ(r.rc, 0);
	const struct upm_box_inst *b = inst_of(&r.s, "imc", 0);
	CHECK(b && b->state == UPM_BOX_ABSENT);
	CHECK_CONTAINS(b ? b->why : NULL, "MCHBAR disabled (00:00.0+0x48 = 0xfed10000): imc not touched");
	CHECK(!touched(r.f.trace, UPM_SPACE_MMIO, 0, 0xFFFFFFFFu));
	skl_done(&r);
}

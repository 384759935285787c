/* Room platform/mock/skl: the Skylake client mock model.
 * Includes platform/mock, platform and base. */
/* Mock model of the 6th-generation Core (Skylake client) uncore (guide 334060-001, seed
 * 001), written from the guide's register definitions independently of boxes/skl.
 *
 * One socket (Core i5-6400, the part the seed was published with: CPUID 0x506E3).
 * MSRs (Table 2-1, 001:164-190): MSR_UNC_PERF_GLOBAL_CTRL 0xE01, GLOBAL_STATUS 0xE02,
 * FIXED_CTRL 0x394, FIXED_CTR 0x395, CBO_CONFIG 0x396, ARB PERFCTR0/1 0x3B0/0x3B1 and
 * PERFEVTSEL0/1 0x3B2/0x3B3, CBo n PERFEVTSEL0/1 0x700 + 0x10n (+1), PERFCTR0/1 +6/+7.
 * The previous generation's 0x391/0x392 (Table 1-1) do not exist here: touching them
 * faults. The host bridge 00:00.0 (8086:191F, a desktop quad-core Skylake) holds MCHBAR
 * at 0x48/0x4C = 0xFED10000 | enable; the MCHBAR window holds the five IMC counters of
 * Table 3-3 (001:559-594) at 0x5040..0x5054.
 *
 * Behaviour:
 *   every CBo, ARB and fixed counter counts only when locally enabled and GLOBAL_CTRL.EN
 *   (bit 29) is set (001:217-223, 284-287); counters are RW, wrap at their width (44,
 *   44, 48 bits), and a wrap sets its GLOBAL_STATUS bit (FIXED 0, ARB 1, CBO 3), which
 *   writing one clears (RW1C, 001:260-280). OVF_EN only forwards a PMI (001:369-376),
 *   which is not modelled, so the status is set whatever OVF_EN says.
 *   The IMC counters are free-running and always running (001:551-553): the global
 *   enable does not reach them; they are 32 bits and wrap.
 *   CBO_CONFIG.NO_CBO_BANKS reads the CBo count plus one ("subtract one", 001:296-301).
 *
 * What counts (clocks by elapsed time, the rest by the traffic reported; mock.h, Time):
 *   fixed UCLK = 2.0 GHz x elapsed time
 *   CBo CACHE_LOOKUP (0x34), spread over the CBos: reads (umask bit 4, or any bit 7) are
 *     the LLC lookups, found in state I (0x8) when they missed and E/S (0x6) otherwise;
 *     writes (bit 5, or any) are the lines written, found in M (0x1)
 *   ARB TRK_REQUESTS (0x81) ALL (0x01) = lines read + written, WRITES (0x20) = written;
 *     COH_TRK_REQUESTS (0x84) ALL = lines read + written; TRK_OCCUPANCY (0x80) = lines
 *     read x 100 uncore cycles each (with a threshold: the cycles with any, at most those
 *     of the time the traffic took), on counter 0 only (Table 3-2, 001:514-537)
 *   IMC DRAM_DATA_READS = lines read, DRAM_DATA_WRITES = lines written (64 bytes each,
 *     001:587-594), DRAM_IA_REQUESTS = both (the workload runs on the cores), GT and IO
 *     stay 0; no more lines than two DDR4-2133 channels move, 34.1 GB/s (skl_dram)
 *   everything else stays at 0; edge and invert are not modelled.
 *
 * Options, as fault terms: cbos=N (1-4 CBos, default 4: CBO_CONFIG reads N+1, the others'
 * MSRs fault), hostbridge=0xDDDD (00:00.0's device ID), mchbar=off (MCHBAR enable clear). */
#include "platform/mock/model.h"
#include "platform/mock/pmon.h"
#include "platform/mock/model_rates.h"
#include "platform/mock/dram_flow.h"
#include "platform/pci.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

enum skl_kind { K_NCU, K_CBO, K_ARB };

#define MAX_CBO 4
#define UCLK_MHZ 2000u
#define OCCUPANCY_PER_READ 100u
#define MCHBAR 0xFED10000ull
#define MCHBAR_SIZE 0x8000u
#define HOST_BRIDGE 0x191Fu

/* PERFEVTSEL (Table 2-7): EVT_SEL 7:0, UMASK 15:8, E 18, OVF_EN 20, EN 22, INV 23, THR
 * 28:24; 63:29, 21, 19, 17:16 reserved. */
#define EVTSEL_RW (0xFFFFull | 1ull << 18 | 1ull << 20 | 1ull << 22 | 1ull << 23 | 0x1Full << 24)
#define EVTSEL_EN 22
/* GLOBAL_CTRL (Table 2-2): FRZ_ON_PMI 31, WAKE_ON_PMI 30, EN 29, PMI_SEL_CORE3..0 3:0. */
#define GLOBAL_RW (1ull << 31 | 1ull << 30 | 1ull << 29 | 0xFull)
#define GLOBAL_EN 29
/* GLOBAL_STATUS (Table 2-3): the CBo row prints bit "31", but the same table reserves
 * 63:4 and leaves 3 unnamed, so CBO_CTR_OVF is read as bit 3. */
#define ST_FIXED 0
#define ST_ARB 1
#define ST_CBO 3
/* FIXED_CTRL (Table 2-4): CNT_EN 22, OVF_EN 20. */
#define FIXED_RW (1ull << 22 | 1ull << 20)

enum imc_ctr { IMC_GT, IMC_IA, IMC_IO, IMC_READS, IMC_WRITES, N_IMC };
static const uint32_t imc_off[N_IMC] = { 0x5040, 0x5044, 0x5048, 0x5050, 0x5054 };
/* Free-running since power-on: arbitrary starting values. */
static const uint32_t imc_reset[N_IMC] = { 0x00012340, 0x0A000000, 0x00003000, 0x07000000,
					   0x03000000 };

struct skl_state {
	struct upm_mock_reg *global, *status, *cbo_config;
	struct upm_mock_pci_dev *host;
	struct upm_mock_reg *mchbar_lo;
	struct upm_mock_reg *imc[N_IMC];
	struct mock_box *cbo[MAX_CBO];
};

static struct skl_state *state_of(const struct mock_box *b)
{
	return mock_pmon_of(b->mock)->model;
}

static unsigned thr(uint64_t ctl)
{
	return (unsigned)((ctl >> 24) & 0x1F);
}

/* Nothing counts while the global enable is clear; the ARB's counter 1 never counts
 * occupancy. */
static int skl_stops(const struct mock_box *b, const struct mock_ctr *c)
{
	if (!((state_of(b)->global->value >> GLOBAL_EN) & 1))
		return 1;
	return b->kind == K_ARB && c != &b->ctrs[0] && ev(c->ctl->value) == 0x80;
}

static void skl_overflow(const struct mock_box *b, const struct mock_ctr *c)
{
	(void)c;
	unsigned bit = b->kind == K_NCU ? ST_FIXED : b->kind == K_ARB ? ST_ARB : ST_CBO;
	state_of(b)->status->value |= 1ull << bit;
}

static uint64_t uclk_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	(void)b;
	(void)ctl;
	return cycles(a, UCLK_MHZ);
}

static uint64_t cbo_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	if (ev(ctl) != 0x34)
		return 0;
	uint64_t lookups = mock_box_share(b, a->llc_lookups);
	uint64_t misses = mock_box_share(b, a->llc_misses);
	uint64_t writes = mock_box_share(b, a->lines_written);
	if (misses > lookups)
		misses = lookups;
	unsigned req = umask(ctl) >> 4, st = umask(ctl) & 0xF;
	uint64_t n = 0;
	if (req & 0x9) /* read, or any request */
		n += (st & 0x8 ? misses : 0) + (st & 0x6 ? lookups - misses : 0);
	if (req & 0xA) /* write, or any request */
		n += st & 0x1 ? writes : 0;
	return n;
}

static uint64_t arb_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	uint64_t all = a->lines_read + a->lines_written;
	switch (ev(ctl)) {
	case 0x80: {
		if (!(umask(ctl) & 0x01))
			return 0;
		uint64_t occ = a->lines_read * OCCUPANCY_PER_READ;
		uint64_t clk = b->mock->traffic_ns * UCLK_MHZ / 1000u; /* cycles the traffic took */
		return thr(ctl) ? (occ < clk ? occ : clk) : occ;
	}
	case 0x81:
		return (umask(ctl) & 0x01 ? all : 0) + (umask(ctl) & 0x20 ? a->lines_written : 0);
	case 0x84:
		return umask(ctl) & 0x01 ? all : 0;
	default:
		return 0;
	}
}

/* The memory the i5-6400 drives: two DDR4 channels at up to 2133 MT/s, 8 bytes a
 * transfer (Intel's product specification of the part: DDR4-1866/2133, 2 channels, 34.1
 * GB/s): 2 x 2133.33 MT/s x 8 B / 64 B = 533333 lines a millisecond, reads and writes
 * together. */
static const struct mock_dram_limit skl_dram = { 0, 0, 533333u };

/* The IMC's free-running counters (the global enable does not reach them), counting
 * what the memory moved (skl_dram; a faster report is held, mock.h, Links and memory). */
static void imc_advance(struct upm_mock *m, const struct upm_activity *a)
{
	struct skl_state *st = mock_pmon_of(m)->model;
	uint64_t rd, wr;
	if (a->socket != 0)
		return;
	mock_dram_fit(a->lines_read, a->lines_written, mock_took_ns(m, a), &skl_dram, &rd, &wr);
	const uint64_t add[N_IMC] = { 0, rd + wr, 0, rd, wr };
	for (unsigned i = 0; i < N_IMC; i++)
		st->imc[i]->value = (st->imc[i]->value + add[i]) & 0xFFFFFFFFu;
}

static uint64_t skl_carry_ns(struct upm_mock *m, const struct upm_activity *act)
{
	(void)m;
	return act->socket == 0 ? mock_dram_need_ns(act->lines_read, act->lines_written, &skl_dram) : 0;
}

/* --- options --- */

static int opt_error(struct upm_mock *m, const char *term, const char *what)
{
	upm_snprintf(m->error, sizeof m->error, "mock fault: '%s': %s", term, what);
	return -1;
}

static int opt_cbos(struct upm_mock *m, struct skl_state *st, const char *term, const char *value)
{
	uint64_t n;
	if (upm_parse_u64(value, &n) < 0 || n < 1 || n > MAX_CBO)
		return opt_error(m, term, "the skl mock has 1 to 4 CBos");
	st->cbo_config->value = n + 1;
	for (unsigned i = (unsigned)n; i < MAX_CBO; i++) {
		struct mock_box *b = st->cbo[i];
		struct upm_mock_reg *regs[16];
		unsigned k = mock_box_regs(b, regs, UPM_ARRAY_LEN(regs));
		while (k--)
			regs[k]->flags |= UPM_MOCK_FAULT_READ | UPM_MOCK_FAULT_WRITE;
		b->share_set = 1; /* an absent slice takes no traffic */
		b->share_milli = 0;
	}
	return 1;
}

static int skl_option(struct upm_mock *m, unsigned socket, const char *term, const char *key,
		      const char *value)
{
	struct skl_state *st = mock_pmon_of(m)->model;
	uint64_t v;
	(void)socket;
	if (upm_strcmp(key, "cbos") == 0)
		return opt_cbos(m, st, term, value);
	if (upm_strcmp(key, "hostbridge") == 0) {
		if (upm_parse_u64(value, &v) < 0 || v > 0xFFFF)
			return opt_error(m, term, "give a PCI device ID, e.g. hostbridge=0x0c00");
		st->host->device = (uint16_t)v;
		return 1;
	}
	if (upm_strcmp(key, "mchbar") == 0) {
		if (upm_strcmp(value, "off") != 0)
			return opt_error(m, term, "only mchbar=off (enable bit clear) is known");
		st->mchbar_lo->value &= ~1ull;
		return 1;
	}
	return 0;
}

/* --- registers --- */

static struct upm_mock_reg *msr(struct upm_mock *m, uint32_t addr, uint64_t rw)
{
	return upm_mock_add_msr(m, 0, addr, 0, rw);
}

static struct mock_box *pmon_box(struct upm_mock *m, const char *name, unsigned kind,
				 unsigned instance, mock_rate_fn rate)
{
	struct mock_box *b = mock_pmon_add_box(m, name, kind, 0, instance);
	if (b) {
		b->rate = rate;
		b->stops = skl_stops;
		b->overflow = skl_overflow;
	}
	return b;
}

/* Two event selects and two 44-bit counters (Table 2-7, 2-8). */
static int add_ctrs(struct upm_mock *m, struct mock_box *b, uint32_t sel, uint32_t ctr)
{
	for (unsigned i = 0; i < 2; i++) {
		struct upm_mock_reg *ctl = msr(m, sel + i, EVTSEL_RW);
		struct upm_mock_reg *lo = msr(m, ctr + i, upm_mock_width_mask(44));
		if (!ctl || !lo)
			return -1;
		mock_box_add_ctr(b, ctl, lo, NULL, 44, EVTSEL_EN, MOCK_NO_BIT);
	}
	return 0;
}

static int build_msrs(struct upm_mock *m, struct skl_state *st)
{
	st->global = msr(m, 0xE01, GLOBAL_RW);
	st->status = msr(m, 0xE02, 0);
	st->cbo_config = upm_mock_add_msr(m, 0, 0x396, MAX_CBO + 1, 0); /* read-only */
	if (!st->global || !st->status || !st->cbo_config)
		return -1;
	st->status->w1c_mask = 1ull << ST_FIXED | 1ull << ST_ARB | 1ull << ST_CBO;

	struct mock_box *ncu = pmon_box(m, "ncu", K_NCU, 0, NULL);
	struct upm_mock_reg *fctl = msr(m, 0x394, FIXED_RW);
	struct upm_mock_reg *fctr = msr(m, 0x395, upm_mock_width_mask(48));
	if (!ncu || !fctl || !fctr)
		return -1;
	mock_box_set_fixed(ncu, fctl, fctr, NULL, 48, 22, MOCK_NO_BIT);
	ncu->fixed_rate = uclk_rate;

	struct mock_box *arb = pmon_box(m, "arb", K_ARB, 0, arb_rate);
	if (!arb || add_ctrs(m, arb, 0x3B2, 0x3B0) < 0)
		return -1;
	for (unsigned n = 0; n < MAX_CBO; n++) {
		struct mock_box *b = pmon_box(m, "cbo", K_CBO, n, cbo_rate);
		if (!b || add_ctrs(m, b, 0x700 + 0x10 * n, 0x706 + 0x10 * n) < 0)
			return -1;
		st->cbo[n] = b;
	}
	return 0;
}

static int build_imc(struct upm_mock *m, struct skl_state *st)
{
	st->host = upm_mock_add_pci_dev(m, 0, 0, 0, 0, UPM_PCI_VENDOR_INTEL, HOST_BRIDGE);
	if (!st->host)
		return -1;
	/* MCHBAR low and high dwords: address bits 38:15 (001:556-557), enable bit 0. */
	st->mchbar_lo = upm_mock_add_pci_reg(m, st->host, 0x48, (uint32_t)MCHBAR | 1u, 0);
	if (!st->mchbar_lo || !upm_mock_add_pci_reg(m, st->host, 0x4C, (uint32_t)(MCHBAR >> 32), 0))
		return -1;
	struct upm_mock_mmio *w = upm_mock_add_mmio(m, MCHBAR, MCHBAR_SIZE);
	if (!w)
		return -1;
	for (unsigned i = 0; i < N_IMC; i++) {
		st->imc[i] = upm_mock_add_mmio_reg(m, w, imc_off[i], imc_reset[i], 0);
		if (!st->imc[i])
			return -1;
		st->imc[i]->flags |= UPM_MOCK_COUNTER;
	}
	return 0;
}

static int build_skl(struct upm_mock *m)
{
	m->cpuid_signature = 0x000506E3; /* family 6, model 0x5E, stepping 3 */
	upm_strlcpy(m->brand, "upmon mock Core i5-6400 (Skylake)", sizeof m->brand);
	m->n_ecam = 1;
	m->ecam[0].base = 0xE0000000ull;
	m->ecam[0].seg = 0;
	m->ecam[0].bus_start = 0;
	m->ecam[0].bus_end = 255;
	if (mock_pmon_init(m) < 0)
		return -1;
	struct mock_pmon *p = mock_pmon_of(m);
	struct skl_state *st = upm_os_alloc(sizeof *st);
	if (!st)
		return -1;
	upm_memset(st, 0, sizeof *st);
	p->model = st;
	p->model_advance = imc_advance;
	p->model_carry_ns = skl_carry_ns;
	p->model_fault = skl_option;
	if (build_msrs(m, st) < 0 || build_imc(m, st) < 0)
		return -1;
	return 0;
}

/* A client part: one socket. */
const struct upm_mock_model upm_mock_model_skl = {
	.platform = "skl",
	.default_sockets = 1,
	.max_sockets = 1,
	.build = build_skl,
};

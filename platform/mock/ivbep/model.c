/* Room platform/mock/ivbep: the Ivy Bridge-EP mock model.
 * Includes platform/mock/ep, platform/mock, platform and base. */
/* Mock model of the Ivy Bridge-EP uncore (Xeon E5-2600 v2), written from the published
 * register facts (guide 329468-002 as excerpted in seed 003 and read in its public copy,
 * Linux uncore_snbep.c, boxes/PUBLIC_FACTS.md "Ivy Bridge-EP") independently of the
 * tables in boxes/ivbep.
 *
 * Population per socket (buses 0x7F and 0xFF): UBox with the global control 0xC00 and
 * status 0xC01, 15 CBos, PCU by MSR; on the uncore bus the UBox node-id function 0x0E1E
 * at 0B.0, two home agents, eight iMC channels (two controllers), QPI ports 0 and 1 with
 * their mask/match functions and their misc functions (08.0 holds QPI_RATE_STATUS, 0x5:
 * 8.0 GT/s, for both ports), R2PCIe, R3QPI links 0 and 1, and the IRP. QPI port 2
 * (0A.2/0A.6) and R3QPI link 2 (12.5) are EX-only and absent here: nothing answers
 * there. Host bridge 8086:0E00 at 00:00.0. ECAM window at 0x80000000, buses 0-255.
 *
 * Control hierarchy: a counter counts when its enable bit (22) is set, its box is not
 * frozen (box control bit 8: this generation has no frz_en) and the socket is not
 * globally frozen (U_MSR_PMON_GLOBAL_CTL 0xC00: frz_all 31 freezes every box, the UBox
 * included; unfrz_all 29 unfreezes; both write-only; 329468-002 Table 2-2). The global
 * freeze is off after reset. Every box-control write must set bits 17:16 ("reserved;
 * SW must write to 1", Tables 2-13, 2-38, 2-72): a write without them is a violation.
 * Box control 0x3 bits reset controls (0) and counters (1), bit 8 freezes.
 *
 * Overflow: a wrapping counter sets its bit in its box's status register (PCI 0xF8,
 * PCU 0xC35; write 1 to clear; bit i = counter i, on the iMC bit 0 = the fixed counter
 * and bit 1 + i = counter i; IRP counters 0-3 = bits 0-3), as the datasheets' PmonUnit
 * Status says "whenever a register overflows" (SNB datasheet vol. 2 4.6.2.6, E7 v2
 * 13.2.4.6). With ov_en (bit 20) set in its control the overflow also goes to the UBox,
 * which freezes the socket (329468-002 2.1.1; 003:50-56). Which ov_q bit of 0xC01 a box
 * sets is not published, so the model sets none; 0xC01 reads 0 and clears by 1s.
 *
 * What counts (clocks by elapsed time, the rest by the traffic reported; mock.h, Time):
 *   uncore clock (UBox fixed UCLK, CBo/HA/IRP CLOCKTICKS 0x00, R2PCIe/R3QPI 0x01) 2.0 GHz
 *   iMC fixed DCLK and DCLOCKTICKS (0x00) 800 MHz; PCU CLOCKTICKS 800 MHz (perfmon IVT:
 *     "The PCU runs off a fixed 800 MHz clock"); QPI CLOCKTICKS (0x14) 1.0 GHz
 *   iMC CAS_COUNT (0x04): RD_REG (umask bit 0) = lines read, WR_WMM (bit 2) = lines
 *     written, spread over the eight channels, at most a line a channel every 4 DRAM
 *     clocks (platform/mock/dram_flow.h; a faster report is held: mock.h, Links and
 *     memory); the activates, page misses and queue inserts below count what it moved
 *   HA REQUESTS (0x01): READS_LOCAL (bit 0) = lines read, WRITES_LOCAL (bit 2) = lines
 *     written, spread over the two HAs
 *   CBo, spread over the 15 CBos: LLC_LOOKUP (0x34) DATA_READ (0x03) = lookups, misses
 *     in state I and the rest in E, as FILTER0 state (bits 22:17, one bit per state
 *     I S E M F M') selects; WRITE (0x05) = lines written, in state M; LLC_VICTIMS (0x37)
 *     M_STATE = lines written, E_STATE = misses; TOR_INSERTS/TOR_OCCUPANCY (0x35/0x36)
 *     with FILTER1 opc (28:20): data reads 0x182, OPCODE (0x01) = lookups, MISS_OPCODE
 *     (0x03) = misses, a hit holding its entry HIT_CYCLES, a miss MISS_CYCLES; PCIRdCur
 *     0x19E one line per IO_READ_NS and PCIItoM 0x19C one per IO_WRITE_NS whatever the
 *     workload, LLC hits (DDIO), HIT_CYCLES each; occupancy at most the TOR's 20
 *     entries a cycle; RxR_INSERTS/RxR_OCCUPANCY (0x13/0x11) IRQ (0x01) = lookups and
 *     lines written, INGRESS_CYCLES each (the CBo model and its
 *     constants: platform/mock/ep/cbo.c, shared with Sandy Bridge-EP); the TOR's
 *     LOCAL_OPCODE (0x21) and MISS_LOCAL_OPCODE (0x23) count as OPCODE and MISS_OPCODE
 *     (every miss goes to local memory), the REMOTE_ ones stay 0; COUNTER0_OCCUPANCY
 *     (0x1F) and RING_BL_USED (0x1D, virtual ring 0 alone) as on Sandy Bridge-EP
 *     (platform/mock/snbep/model.c)
 *   iMC per channel of C CAS commands (R reads, W writes): ACT_COUNT (0x01) RD (0x01)
 *     3R/8, WR (0x02) 3W/8, BYP (0x08) 0; PRE_COUNT (0x02) PAGE_MISS (0x01) C/8;
 *     RPQ_INSERTS (0x10) R, WPQ_INSERTS (0x20) W
 *   QPI flits per port, sent and received, of the lines each socket sends over the
 *     interconnect (platform/mock/ep/qpi_flow.h): 9 flits a line one way, 1 back, never
 *     above 2 flits a clock; RxL0_POWER_CYCLES (0x0F) = the clock; CTO_COUNT (0x38,
 *     ext) on the receiving port as on Sandy Bridge-EP
 * Everything else stays at 0. Threshold and edge are not modelled but in
 * COUNTER0_OCCUPANCY. */
#include "platform/mock/model.h"
#include "platform/mock/pmon.h"
#include "platform/mock/model_rates.h"
#include "platform/mock/ep/cbo.h"
#include "platform/mock/ep/model.h"
#include "platform/mock/ep/qpi_flow.h"
#include "platform/mock/dram_flow.h"
#include "platform/pci.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

enum ivbep_kind { K_UBOX, K_CBO, K_PCU, K_HA, K_IMC, K_QPI, K_R2PCIE, K_R3QPI, K_IRP };

#define N_SOCKETS_MAX 4
#define N_CBO 15
#define N_HA 2
#define N_IMC 8
#define N_QPI 2
#define N_R3QPI 2
#define UCLK_MHZ MOCK_EP_UCLK_MHZ
#define DCLK_MHZ MOCK_EP_DCLK_MHZ
#define PCLK_MHZ MOCK_EP_PCLK_MHZ

/* Counter-control fields (329468-002 Table 2-14 for the CBo; the PCI boxes as Linux's
 * IVBEP_PMON_RAW_EVENT_MASK plus ov_en). */
#define EV_UMASK 0xFFFFull
#define RST (1ull << 17)
#define EDGE (1ull << 18)
#define TID_EN (1ull << 19)
#define OV_EN (1ull << 20)
#define EXT (1ull << 21)
#define EN (1ull << 22)
#define INV (1ull << 23)
#define THRESH8 (0xFFull << 24)
#define THRESH5 (0x1Full << 24)
/* Box control: rst_ctrl 0, rst_ctrs 1, frz 8, and the must-be-one bits 17:16, all
 * write-only. */
#define BOX_ONES (3ull << 16)
#define BOX_CTL_WO (BOX_ONES | (1ull << 8) | 3ull)
/* Global control (Table 2-2). */
#define G_FRZ_ALL (1ull << 31)
#define G_WK_ON_PMI (1ull << 30)
#define G_UNFRZ_ALL (1ull << 29)
#define G_PMI_CORE_SEL 0x7FFFull

struct ivbep_state {
	uint8_t frozen[N_SOCKETS_MAX]; /* the global freeze of each socket */
};

static struct ivbep_state *state_of(struct upm_mock *m)
{
	struct mock_pmon *p = mock_pmon_of(m);
	return p ? p->model : NULL;
}

static int ext(uint64_t ctl)
{
	return (int)((ctl >> 21) & 1);
}

/* --- the control hierarchy --- */

/* The box stops when its own freeze bit or the socket's global freeze is set. */
static int ivbep_stops(const struct mock_box *b, const struct mock_ctr *c)
{
	struct ivbep_state *st = state_of(b->mock);
	(void)c;
	return (b->box_ctl && b->frz) || (st && b->socket < N_SOCKETS_MAX && st->frozen[b->socket]);
}

static void on_global_ctl(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r, uint64_t w)
{
	struct ivbep_state *st = state_of(m);
	(void)r;
	if ((w & G_FRZ_ALL) && (w & G_UNFRZ_ALL)) {
		mock_pmon_violation(m, "U_MSR_PMON_GLOBAL_CTL 0xc00: frz_all and unfrz_all written together");
		return;
	}
	if (!st || socket >= N_SOCKETS_MAX)
		return;
	if (w & G_FRZ_ALL)
		st->frozen[socket] = 1;
	if (w & G_UNFRZ_ALL)
		st->frozen[socket] = 0;
}

/* pmon.c's box-control hook (freeze and resets), wrapped by the bits 17:16 check. */
static upm_mock_write_hook pmon_box_ctl_hook;

static void on_box_ctl(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r, uint64_t w)
{
	if ((w & BOX_ONES) != BOX_ONES) {
		const struct mock_box *b = r->model;
		char msg[96];
		upm_snprintf(msg, sizeof msg, "%s%u box control 0x%x: bits 17:16 not written as 1 (0x%llx)",
			     b->name, b->instance, r->addr, (unsigned long long)w);
		mock_pmon_violation(m, msg);
	}
	if (pmon_box_ctl_hook)
		pmon_box_ctl_hook(m, socket, r, w);
}

static void set_box_ctl(struct mock_box *b, struct upm_mock_reg *r)
{
	r->wo_mask = BOX_CTL_WO;
	mock_box_set_box_ctl(b, r, 1);
	pmon_box_ctl_hook = r->on_write;
	r->on_write = on_box_ctl;
	b->stops = ivbep_stops;
}

/* The box's status register is its first extra register; iMC bit 0 is the fixed counter. */
static void on_overflow(const struct mock_box *b, const struct mock_ctr *c)
{
	int fixed = c == &b->fixed;
	unsigned i = fixed ? 0 : (unsigned)(c - b->ctrs);
	if (b->n_extra) {
		unsigned bit = b->kind == K_IMC ? (fixed ? 0 : 1 + i) : i;
		if (!fixed || b->kind == K_IMC)
			b->extra[0]->value |= 1ull << bit;
	}
	if (!fixed && c->ctl && (c->ctl->value & OV_EN)) {
		struct ivbep_state *st = state_of(b->mock);
		if (st && b->socket < N_SOCKETS_MAX)
			st->frozen[b->socket] = 1;
	}
}

/* --- what counts --- */

static uint64_t cbo_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	/* FILTER0 state 22:17 (I S E M F M' = bits 0..5), FILTER1 opc 28:20; the TOR counts
	 * with OPCODE (0x01) and MISS_OPCODE (0x03), and their LOCAL_ forms (0x21, 0x23):
	 * every miss goes to the socket's own memory, so the REMOTE_ ones (0x81, 0x83) stay 0. */
	uint64_t f0 = b->filters[0] ? b->filters[0]->value : 0;
	uint64_t f1 = b->filters[1] ? b->filters[1]->value : 0;
	unsigned tor = umask(ctl) & ~0x20u;
	return mock_e5_cbo_rate(b, ctl, a, (unsigned)((f0 >> 17) & 0x3F), (unsigned)((f1 >> 20) & 0x1FF),
				tor == 0x01 || tor == 0x03);
}

static uint64_t pcu_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	(void)b;
	return ev(ctl) == 0x00 && !ext(ctl) ? cycles(a, PCLK_MHZ) : 0;
}

static uint64_t ha_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	switch (ev(ctl)) {
	case 0x00:
		return cycles(a, UCLK_MHZ);
	case 0x01:
		return (umask(ctl) & 0x01 ? mock_box_share(b, a->lines_read) : 0) +
		       (umask(ctl) & 0x04 ? mock_box_share(b, a->lines_written) : 0);
	default:
		return 0;
	}
}

static uint64_t imc_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	uint64_t rd, wr;
	mock_dram_box_lines(b, a, &mock_ep_imc_channel, &rd, &wr);
	switch (ev(ctl)) {
	case 0x00:
		return cycles(a, DCLK_MHZ);
	case 0x04:
		return (umask(ctl) & 0x01 ? rd : 0) + (umask(ctl) & 0x04 ? wr : 0);
	case 0x01: /* ACT_COUNT: RD, WR (BYP stays 0) */
		return (umask(ctl) & 0x01 ? rd * 3 / 8 : 0) + (umask(ctl) & 0x02 ? wr * 3 / 8 : 0);
	case 0x02: /* PRE_COUNT.PAGE_MISS */
		return umask(ctl) & 0x01 ? (rd + wr) / 8 : 0;
	case 0x10:
		return rd;
	case 0x20:
		return wr;
	default:
		return 0;
	}
}

static uint64_t ivbep_carry_ns(struct upm_mock *m, const struct upm_activity *act)
{
	return mock_ep_carry_ns(m, act, N_IMC);
}

static uint64_t clock_at(unsigned code, uint64_t ctl, const struct upm_activity *a)
{
	return ev(ctl) == code ? cycles(a, UCLK_MHZ) : 0;
}

static uint64_t ring_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	(void)b;
	return clock_at(0x01, ctl, a);
}

static uint64_t irp_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	(void)b;
	return clock_at(0x00, ctl, a);
}

/* --- MSR boxes --- */

static int build_ubox(struct upm_mock *m, unsigned s)
{
	/* Counters 0xC10/0xC11 -> 0xC16/0xC17 (44 bits), fixed 0xC08 (en 22) / 0xC09 (48
	 * bits); threshold 5 bits, no invert (Linux ivbep_uncore_ubox,
	 * IVBEP_U_MSR_PMON_RAW_EVENT_MASK). No box control. */
	const uint64_t rw = EV_UMASK | EDGE | EN | THRESH5;
	struct mock_box *b = mock_pmon_add_box(m, "ubox", K_UBOX, s, 0);
	if (!b)
		return -1;
	b->stops = ivbep_stops; /* the global freeze reaches the UBox too */
	if (mock_ep_ubox_counters(m, s, b, rw) < 0)
		return -1;

	/* Global control 0xC00 and status 0xC01 (329468-002 Tables 2-1, 2-2). */
	struct upm_mock_reg *g = mock_ep_msr(m, s, 0xC00, G_WK_ON_PMI | G_PMI_CORE_SEL);
	struct upm_mock_reg *gs = mock_ep_msr(m, s, 0xC01, 0);
	if (!g || !gs)
		return -1;
	g->wo_mask = G_FRZ_ALL | G_UNFRZ_ALL;
	g->on_write = on_global_ctl;
	gs->w1c_mask = 0xFFFFFFFFull; /* ov_q bits, their assignment unpublished */
	return mock_box_add_reg(b, g) < 0 || mock_box_add_reg(b, gs) < 0 ? -1 : 0;
}

static int build_cbo(struct upm_mock *m, unsigned s, unsigned n)
{
	/* CBo n: box control 0xD04 + 0x20n, controls +0xC..0xF, FILTER0 +0x10, counters
	 * +0x12..0x15 (44 bits), FILTER1 +0x16 (Linux SNBEP_C0_MSR_PMON_*, the high filter
	 * half at FILTER0 + 6; PCM IVT_C0_MSR_PMON_BOX_FILTER1 0xD1A). Control: Table 2-14. */
	const uint32_t box = 0xD04 + 0x20 * n;
	const uint64_t rw = EV_UMASK | EDGE | TID_EN | EN | THRESH8;
	/* FILTER0: tid 4:0, link 8:5, state 22:17; FILTER1: nid 15:0, opc 28:20, c6 29,
	 * nc 30, isoc 31 (Linux IVBEP_CB0_MSR_PMON_BOX_FILTER_*; the guide's Tables 2-16/17
	 * show no link and no c6, Linux programs them). */
	const uint64_t f0_rw = 0x1Full | 0xFull << 5 | 0x3Full << 17;
	const uint64_t f1_rw = 0xFFFFull | 0x1FFull << 20 | 7ull << 29;
	struct mock_box *b = mock_pmon_add_box(m, "cbo", K_CBO, s, n);
	if (!b)
		return -1;
	b->rate = cbo_rate;
	b->n_peers = N_CBO;
	struct upm_mock_reg *bc = mock_ep_msr(m, s, box, 0);
	struct upm_mock_reg *f0 = mock_ep_msr(m, s, box + 0x10, f0_rw);
	struct upm_mock_reg *f1 = mock_ep_msr(m, s, box + 0x16, f1_rw);
	if (!bc || !f0 || !f1)
		return -1;
	set_box_ctl(b, bc);
	b->filters[0] = f0;
	b->filters[1] = f1;
	return mock_ep_cbo_counters(m, s, n, b, rw);
}

static int build_pcu(struct upm_mock *m, unsigned s)
{
	/* Box control 0xC24, controls 0xC30-0xC33, filter 0xC34, status 0xC35, counters
	 * 0xC36-0xC39 (48 bits), C3/C6 residency 0x3FC/0x3FD (Linux ivbep_uncore_pcu with
	 * the SNBEP_PCU_MSR_* addresses; likwid MSR_UNC_PCU_PMON_BOX_STATUS). Control:
	 * ev_sel 7:0, occ_sel 15:14 (329468-002 p.113), rst 17, edge 18, extra select 21,
	 * en 22, thresh 28:24, occ_invert 30, occ_edge 31 (IVBEP_PCU_MSR_PMON_RAW_EVENT_MASK). */
	const uint64_t rw = 0xFFull | 3ull << 14 | EDGE | EXT | EN | THRESH5 | 1ull << 30 | 1ull << 31;
	struct mock_box *b = mock_pmon_add_box(m, "pcu", K_PCU, s, 0);
	if (!b)
		return -1;
	b->rate = pcu_rate;
	struct upm_mock_reg *bc = mock_ep_msr(m, s, 0xC24, 0);
	struct upm_mock_reg *st = mock_ep_msr(m, s, 0xC35, 0);
	struct upm_mock_reg *filter = mock_ep_msr(m, s, 0xC34, 0xFFFFFFFFull);
	if (!bc || !st || !filter || mock_ep_pcu_residency(m, s) < 0)
		return -1;
	st->w1c_mask = 0xF;
	set_box_ctl(b, bc);
	b->filters[0] = filter;
	if (mock_box_add_reg(b, st) < 0)
		return -1;
	b->overflow = on_overflow;
	return mock_ep_pcu_counters(m, s, b, rw);
}

/* --- PCI boxes --- */

/* Where a PCI box's counters are: controls and counter low dwords (high at +4). */
struct pci_layout {
	unsigned n;
	uint16_t ctl[4], ctr[4];
	unsigned width;
	uint64_t ctl_rw;
	uint8_t status_bits; /* overflow bits of the status register */
};

/* HA, iMC, QPI, R2PCIe, R3QPI: box control 0xF4, status 0xF8, controls 0xD8 + 4i,
 * counters 0xA0 + 8i (Linux SNBEP_PCI_PMON_BOX_CTL/_CTL0/_CTR0 in the ivbep PCI types;
 * likwid PCI_UNC_*_PMON_BOX_STATUS 0xF8). Control: ev 7:0, umask 15:8, rst 17, edge 18,
 * ov_en 20, en 22, thresh 31:24 (IVBEP_PMON_RAW_EVENT_MASK; no invert). */
#define PCI_RW (EV_UMASK | EDGE | OV_EN | EN | THRESH8)
static const struct pci_layout generic4_48 = {
	4, { 0xD8, 0xDC, 0xE0, 0xE4 }, { 0xA0, 0xA8, 0xB0, 0xB8 }, 48, PCI_RW, 0xF
};
/* The iMC also takes invert (E7 v2 datasheet vol. 2 13.2.4.4 PMONCNTRCFG); bit 0 of its
 * status is the fixed counter (13.2.4.6). */
static const struct pci_layout imc_layout = {
	4, { 0xD8, 0xDC, 0xE0, 0xE4 }, { 0xA0, 0xA8, 0xB0, 0xB8 }, 48, PCI_RW | INV, 0x1F
};
static const struct pci_layout qpi_layout = {
	4, { 0xD8, 0xDC, 0xE0, 0xE4 }, { 0xA0, 0xA8, 0xB0, 0xB8 }, 48, PCI_RW | EXT, 0xF
};
static const struct pci_layout r2pcie_layout = {
	4, { 0xD8, 0xDC, 0xE0, 0xE4 }, { 0xA0, 0xA8, 0xB0, 0xB8 }, 44, PCI_RW, 0xF
};
static const struct pci_layout r3qpi_layout = {
	3, { 0xD8, 0xDC, 0xE0 }, { 0xA0, 0xA8, 0xB0 }, 44, PCI_RW, 0x7
};
/* IRP: counters at 0xA0, 0xB0, 0xB8, 0xC0 (Linux ivbep_uncore_irp_ctrs), 48 bits. */
static const struct pci_layout irp_layout = {
	4, { 0xD8, 0xDC, 0xE0, 0xE4 }, { 0xA0, 0xB0, 0xB8, 0xC0 }, 48, PCI_RW, 0xF
};

static struct mock_box *pci_box(struct upm_mock *m, struct upm_mock_pci_dev *d, const char *name,
				unsigned kind, unsigned s, unsigned inst, const struct pci_layout *l)
{
	struct mock_box *b = mock_pmon_add_box(m, name, kind, s, inst);
	if (!b || !d)
		return NULL;
	struct upm_mock_reg *bc = upm_mock_add_pci_reg(m, d, 0xF4, 0, 0);
	struct upm_mock_reg *st = upm_mock_add_pci_reg(m, d, 0xF8, 0, 0);
	if (!bc || !st)
		return NULL;
	set_box_ctl(b, bc);
	st->w1c_mask = l->status_bits;
	if (mock_box_add_reg(b, st) < 0)
		return NULL;
	b->overflow = on_overflow;
	for (unsigned i = 0; i < l->n; i++) {
		struct upm_mock_reg *ctl = upm_mock_add_pci_reg(m, d, l->ctl[i], 0, (uint32_t)l->ctl_rw);
		struct upm_mock_reg *lo = upm_mock_add_pci_reg(m, d, l->ctr[i], 0, 0xFFFFFFFFu);
		struct upm_mock_reg *hi = upm_mock_add_pci_reg(
			m, d, (uint16_t)(l->ctr[i] + 4), 0, (uint32_t)(upm_mock_width_mask(l->width) >> 32));
		if (!ctl || !lo || !hi)
			return NULL;
		ctl->wo_mask = RST;
		mock_box_add_ctr(b, ctl, lo, hi, l->width, 22, 17);
	}
	return b;
}

static int build_pci(struct upm_mock *m, unsigned s)
{
	/* UBox node-id function 0x0E1E at 0B.0: CPUNODEID 0x40 (bits 2:0) and GIDNIDMAP
	 * 0x54, three bits per node (Linux ivbep_uncore_pci_init). Socket s is node s. */
	if (mock_ep_node_ids(m, s, 0x0E1E) < 0)
		return -1;

	/* Home agents: 0x0E30 at 0E.1, 0x0E38 at 1C.1; match registers 0x40 (addr 31:6),
	 * 0x44 (addr 13:0), 0x48 (opcode 5:0) (Linux ivbep_uncore_pci_ids; SNBEP_HA_PCI_
	 * PMON_BOX_ADDRMATCH0/1, _OPCODEMATCH). */
	static const uint8_t ha_dev[N_HA] = { 14, 28 };
	static const uint16_t ha_id[N_HA] = { 0x0E30, 0x0E38 };
	for (unsigned h = 0; h < N_HA; h++) {
		struct upm_mock_pci_dev *d = mock_ep_dev(m, s, ha_dev[h], 1, ha_id[h]);
		struct mock_box *b = pci_box(m, d, "ha", K_HA, s, h, &generic4_48);
		if (!b)
			return -1;
		b->rate = ha_rate;
		b->n_peers = N_HA;
		if (mock_ep_ha_match(m, d, b) < 0)
			return -1;
	}

	/* iMC channels in Linux's box order: 10.4, 10.5, 10.0, 10.1, 1E.4, 1E.5, 1E.0, 1E.1
	 * (0x0EB4, 0x0EB5, 0x0EB0, 0x0EB1, 0x0EF4, 0x0EF5, 0x0EF0, 0x0EF1). Fixed DRAM clock:
	 * control 0xF0 (en 22, rst 19 write-only), counter 0xD0/0xD4, 48 bits. */
	static const uint8_t imc_dev[N_IMC] = { 16, 16, 16, 16, 30, 30, 30, 30 };
	static const uint8_t imc_fn[N_IMC] = { 4, 5, 0, 1, 4, 5, 0, 1 };
	static const uint16_t imc_id[N_IMC] = { 0x0EB4, 0x0EB5, 0x0EB0, 0x0EB1,
						0x0EF4, 0x0EF5, 0x0EF0, 0x0EF1 };
	for (unsigned c = 0; c < N_IMC; c++) {
		struct upm_mock_pci_dev *d = mock_ep_dev(m, s, imc_dev[c], imc_fn[c], imc_id[c]);
		struct mock_box *b = pci_box(m, d, "imc", K_IMC, s, c, &imc_layout);
		if (!b)
			return -1;
		b->rate = imc_rate;
		b->n_peers = N_IMC;
		if (mock_ep_imc_fixed(m, d, b) < 0)
			return -1;
	}

	/* QPI ports 0 and 1: PMON 0x0E32 at 08.2, 0x0E33 at 09.2; mask/match 0x0E86 at 08.6,
	 * 0x0E96 at 09.6 with MATCH0/1 0x228/0x22C and MASK0/1 0x238/0x23C. */
	static const uint16_t qpi_id[N_QPI] = { 0x0E32, 0x0E33 }, qpi_filt_id[N_QPI] = { 0x0E86, 0x0E96 };
	for (unsigned p = 0; p < N_QPI; p++) {
		struct upm_mock_pci_dev *d = mock_ep_dev(m, s, (uint8_t)(8 + p), 2, qpi_id[p]);
		struct mock_box *b = pci_box(m, d, "qpi", K_QPI, s, p, &qpi_layout);
		if (!b)
			return -1;
		b->rate = mock_ep_qpi_rate;
		b->n_peers = N_QPI;
		if (mock_ep_qpi_match(m, s, p, qpi_filt_id[p], b) < 0)
			return -1;
	}
	/* The ports' misc functions, as public lspci logs show them: 0x0E80 at 08.0 ("QPI Link
	 * 0"), 0x0E90 at 09.0 ("QPI Link 1"). The rate status QPI_RATE_STATUS is 08.0's 0xD4
	 * alone, for both ports (likwid reads ports 0 and 1 there; PCM: "link 1 does not have
	 * own speed register"); 09.0 has no register modelled (reads 0). Bits 2:0 = 5: 8.0 GT/s
	 * (likwid and PCM decode, 4.0 + 0.8 x 5), which MOCK_EP_QPI_MHZ (8.0 GT/s / 8) matches. */
	struct upm_mock_pci_dev *misc0 = mock_ep_dev(m, s, 8, 0, 0x0E80);
	struct upm_mock_reg *rate = misc0 ? upm_mock_add_pci_reg(m, misc0, 0xD4, 0x5, 0) : NULL;
	struct mock_box *q0 = mock_pmon_find(m, s, "qpi", 0);
	if (!rate || !mock_ep_dev(m, s, 9, 0, 0x0E90) || !q0 || mock_box_add_reg(q0, rate) < 0)
		return -1;
	q0->rate_status = rate;

	/* R2PCIe 0x0E34 at 13.1; R3QPI 0x0E36 at 13.5, 0x0E37 at 13.6; IRP 0x0E39 at 05.6. */
	struct mock_box *b = pci_box(m, mock_ep_dev(m, s, 19, 1, 0x0E34), "r2pcie", K_R2PCIE, s, 0, &r2pcie_layout);
	if (!b)
		return -1;
	b->rate = ring_rate;
	static const uint16_t r3_id[N_R3QPI] = { 0x0E36, 0x0E37 };
	for (unsigned l = 0; l < N_R3QPI; l++) {
		b = pci_box(m, mock_ep_dev(m, s, 19, (uint8_t)(5 + l), r3_id[l]), "r3qpi", K_R3QPI, s, l, &r3qpi_layout);
		if (!b)
			return -1;
		b->rate = ring_rate;
		b->n_peers = N_R3QPI;
	}
	b = pci_box(m, mock_ep_dev(m, s, 5, 6, 0x0E39), "irp", K_IRP, s, 0, &irp_layout);
	if (!b)
		return -1;
	b->rate = irp_rate;
	return 0;
}

static int build_ivbep(struct upm_mock *m)
{
	m->cpuid_signature = 0x000306E4; /* family 6, model 0x3E, stepping 4 */
	upm_strlcpy(m->brand, "upmon mock Xeon E5-2600 v2 (Ivy Bridge-EP)", sizeof m->brand);
	mock_ep_ecam(m);
	if (m->n_sockets > N_SOCKETS_MAX) {
		upm_snprintf(m->error, sizeof m->error, "mock ivbep: at most %u sockets", N_SOCKETS_MAX);
		return -1;
	}
	if (mock_pmon_init(m) < 0)
		return -1;
	struct mock_pmon *p = mock_pmon_of(m);
	p->model = upm_os_alloc(sizeof(struct ivbep_state));
	if (!p->model)
		return -1;
	upm_memset(p->model, 0, sizeof(struct ivbep_state));
	p->model_advance = mock_ep_qpi_advance;
	p->model_carry_ns = ivbep_carry_ns;
	/* Host bridge: Xeon E5 v2 DMI2 (8086:0E00, pci.ids). */
	static const struct mock_ep_builders builders = { build_ubox, build_pcu, build_pci, build_cbo, N_CBO };
	return mock_ep_build_sockets(m, 0x0E00, &builders);
}

/* Two sockets unless --sockets says otherwise, at most four. */
const struct upm_mock_model upm_mock_model_ivbep = {
	.platform = "ivbep",
	.default_sockets = 2,
	.max_sockets = 4,
	.build = build_ivbep,
};

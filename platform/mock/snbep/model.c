/* Room platform/mock/snbep: the Sandy Bridge-EP mock model.
 * Includes platform/mock/ep, platform/mock, platform and base. */
/* Mock model of the Sandy Bridge-EP uncore (guide 327043-001, seed 000), written from
 * the guide's register definitions independently of the tables in boxes/snbep.
 *
 * Population per socket: UBox, 8 CBos, PCU by MSR; on the socket's uncore bus (0x7F for
 * socket 0, 0xFF for socket 1, then 0xBF, 0x3F) the UBox node-id function, HA, four iMC
 * channels, two QPI ports with their mask/match and misc functions, R2PCIe and two
 * R3QPI links. Host bridge at 00:00.0. ECAM window at 0x80000000, buses 0-255.
 *
 * What counts (clocks by elapsed time, the rest by the traffic reported; mock.h, Time):
 *   uncore clock (UBox fixed, CBo/HA/R2PCIe/R3QPI CLOCKTICKS) = 2.0 GHz x elapsed time
 *   iMC DRAM clock (fixed counter, and event 0x00 on a general counter) = 800 MHz x
 *     elapsed time; PCU CLOCKTICKS = 800 MHz pclk (000:3029-3031)
 *   QPI CLOCKTICKS = 1.0 GHz (8.0 GT/s / 8, 000:3732-3733; QPI_RATE_STATUS 0xD4 of each
 *     port's misc function 08.0/09.0 reads 0x5: 8.0 GT/s, not in slow mode)
 *   iMC CAS_COUNT (0x04): RD_REG (umask bit 0) = lines read, WR_WMM (bit 2) = lines
 *     written, spread evenly over the four channels; RD_UNDERFILL and WR_RMM stay 0.
 *     A channel moves at most a line every 4 DRAM clocks (a DDR burst of 8, the dclk
 *     being half the DDR rate, 000:2255; platform/mock/dram_flow.h): a report faster
 *     than that is held (mock.h, Links and memory), and what the channel's queues and
 *     page events below count is what it moved
 *   HA REQUESTS (0x01): READS (umask 0x03) = lines read, WRITES (0x0C) = lines written
 *   CBo LLC_LOOKUP (0x34) spread evenly over the CBos: DATA_READ (umask 0x03) = LLC
 *     lookups, of which llc_misses are in state I and the rest hit in state E (the state
 *     filter selects); WRITE (0x05) = lines written, all in state M
 *   CBo LLC_VICTIMS (0x37): M_STATE (0x01) = lines written, E_STATE (0x02) = misses
 *   QPI flits per port, sent and received, of the lines each socket sends over the
 *     interconnect (platform/mock/ep/qpi_flow.h): 9 flits a line one way, 1 back, never
 *     above 2 flits a clock; RxL0_POWER_CYCLES (0x0F) = the clock (the link never
 *     leaves L0); L0p and L1 stay 0.
 *   CBo TOR (TOR_INSERTS 0x35, TOR_OCCUPANCY 0x36; OPCODE umask 0x01, MISS_OPCODE
 *     0x03, opcode filter 31:23): data reads (0x182) are the LLC lookups, misses the
 *     LLC misses; a hit holds its entry HIT_CYCLES cycles, a miss MISS_CYCLES; IO at
 *     a steady rate, whatever the workload: PCIRdCur (0x19E) one line per IO_READ_NS,
 *     PCIItoM (0x19C) one per IO_WRITE_NS, spread over the CBos, all LLC hits (DDIO:
 *     they touch no memory), each entry held HIT_CYCLES. Occupancy never exceeds the
 *     TOR's 20 entries a cycle (max inc 20, 000:591).
 *   CBo ingress (RxR_INSERTS 0x13, RxR_OCCUPANCY 0x11, IRQ umask 0x01): every lookup and
 *     every line written is a core request; each waits INGRESS_CYCLES cycles (the CBo
 *     model and its constants: platform/mock/ep/cbo.c, shared with Ivy Bridge-EP).
 *   CBo COUNTER0_OCCUPANCY (0x1F): counter 0's ingress or TOR queue through the
 *     counter's threshold and edge, entries never overlapping (threshold 1: the
 *     occupancy's cycles; with edge detect: the inserts).
 *   CBo RING_BL_USED (0x1D): a line takes the BL ring two cycles at its CBo's stop, one
 *     even and one odd: UP_EVEN (0x01) and UP_ODD (0x02) each = the lookups, DOWN_EVEN
 *     (0x04) and DOWN_ODD (0x08) each = the lines written.
 *   QPI CTO_COUNT (0x38, ext) on the receiving port: the lines received, each a DRS
 *     DataC of a full line for this socket's node, where the match/mask registers
 *     select them (platform/mock/ep/qpi_flow.h).
 *   iMC queues: RPQ_INSERTS (0x10) = lines read, RPQ_OCCUPANCY (0x80) = RPQ_DCLK DRAM
 *     cycles each (capped at the 22 entries, max inc 22); WPQ_INSERTS (0x20) = lines
 *     written, WPQ_OCCUPANCY (0x81) = WPQ_DCLK each (capped at 32). Pages, per
 *     channel of C CAS commands: ACT_COUNT (0x01) 3C/8, PRE_COUNT.PAGE_MISS (0x02/0x01)
 *     C/8: a page miss share of 1/8, empty 1/4, hit 5/8.
 *   everything else stays at 0. Threshold, invert and edge are not modelled but in
 *   COUNTER0_OCCUPANCY. */
#include "platform/mock/model.h"
#include "platform/mock/pmon.h"
#include "platform/mock/model_rates.h"
#include "platform/mock/ep/cbo.h"
#include "platform/mock/ep/model.h"
#include "platform/mock/ep/qpi_flow.h"
#include "platform/mock/dram_flow.h"
#include "platform/pci.h"
#include "platform/base/str.h"

enum snbep_kind { K_UBOX, K_CBO, K_PCU, K_HA, K_IMC, K_QPI, K_R2PCIE, K_R3QPI };

#define N_CBO 8
#define UCLK_MHZ MOCK_EP_UCLK_MHZ
#define DCLK_MHZ MOCK_EP_DCLK_MHZ
#define PCLK_MHZ MOCK_EP_PCLK_MHZ
#define RPQ_DCLK 40u       /* DRAM cycles a read waits in the read pending queue */
#define RPQ_ENTRIES 22u
#define WPQ_DCLK 80u
#define WPQ_ENTRIES 32u

/* Control-register writable bits (tables cited at each use). */
#define EV_UMASK 0xFFFFull
#define EDGE (1ull << 18)
#define EN (1ull << 22)
#define INV (1ull << 23)
#define RST (1ull << 17)
#define THRESH8 (0xFFull << 24)
#define THRESH5 (0x1Full << 24)
#define BOX_CTL_WO ((1ull << 16) | (1ull << 8) | 3ull) /* frz_en, frz, rst_ctrs, rst_ctrl */
#define BOX_CTL_WO_NORST ((1ull << 16) | (1ull << 8))

/* CBo filter state bits (Table 2-12, 000:617-622): I 0x01, S 0x02, E 0x04, M 0x08, F 0x10. */
static uint64_t cbo_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	/* State 22:18 of the filter, opcode 31:23 (Table 2-12). */
	uint64_t filter = b->filters[0] ? b->filters[0]->value : 0;
	return mock_e5_cbo_rate(b, ctl, a, (unsigned)((filter >> 18) & 0x1F), (unsigned)((filter >> 23) & 0x1FF),
				(umask(ctl) & 0x01) != 0);
}

static uint64_t pcu_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	(void)b;
	return ev(ctl) == 0x00 ? cycles(a, PCLK_MHZ) : 0;
}

static uint64_t ha_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	(void)b;
	switch (ev(ctl)) {
	case 0x00:
		return cycles(a, UCLK_MHZ);
	case 0x01:
		return (umask(ctl) & 0x03 ? a->lines_read : 0) + (umask(ctl) & 0x0C ? a->lines_written : 0);
	default:
		return 0;
	}
}

/* Event 0x00 on a general counter is the channel's clock (perfmon JKT UNC_M_CLOCKTICKS,
 * counters 0-3; not in the guide's Table 2-64): the same DRAM clock the fixed counter
 * counts (000:2255). */
static uint64_t imc_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	uint64_t rd, wr;
	mock_dram_box_lines(b, a, &mock_ep_imc_channel, &rd, &wr);
	uint64_t dclk = cycles(a, DCLK_MHZ), took = traffic_cycles(b, a, DCLK_MHZ), occ;
	switch (ev(ctl)) {
	case 0x00:
		return dclk;
	case 0x04:
		return (umask(ctl) & 0x01 ? rd : 0) + (umask(ctl) & 0x04 ? wr : 0);
	case 0x01: /* ACT_COUNT */
		return (rd + wr) * 3 / 8;
	case 0x02: /* PRE_COUNT */
		return umask(ctl) & 0x01 ? (rd + wr) / 8 : 0;
	case 0x10:
		return rd;
	case 0x20:
		return wr;
	case 0x80:
		occ = rd * RPQ_DCLK;
		return occ < RPQ_ENTRIES * took ? occ : RPQ_ENTRIES * took;
	case 0x81:
		occ = wr * WPQ_DCLK;
		return occ < WPQ_ENTRIES * took ? occ : WPQ_ENTRIES * took;
	default:
		return 0;
	}
}

static uint64_t snbep_carry_ns(struct upm_mock *m, const struct upm_activity *act)
{
	return mock_ep_carry_ns(m, act, 4);
}

/* R2PCIe and R3QPI: only their clock (event 0x01) counts here. */
static uint64_t ring_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	(void)b;
	return ev(ctl) == 0x01 ? cycles(a, UCLK_MHZ) : 0;
}

/* --- MSR boxes --- */

static int build_ubox(struct upm_mock *m, unsigned s)
{
	/* Table 2-2 (000:339-368): thresh is 5 bits. Addresses 0xC10/0xC11, 0xC16/0xC17,
	 * fixed 0xC08/0xC09 (the guide's Table 2-1 is lost; Linux uncore_snbep.c). */
	const uint64_t rw = EV_UMASK | EDGE | EN | INV | THRESH5;
	struct mock_box *b = mock_pmon_add_box(m, "ubox", K_UBOX, s, 0);
	if (!b)
		return -1;
	b->rate = NULL; /* no modelled UBox events */
	return mock_ep_ubox_counters(m, s, b, rw);
}

static int build_cbo(struct upm_mock *m, unsigned s, unsigned n)
{
	/* Table 2-8 (000:460-524) and Table 1-2 (000:138-164): base 0xD00 + 0x20n; box control
	 * +4, controls +0x10..0x13, filter +0x14, counters +0x16..0x19; Table 2-10 fields. */
	const uint32_t base = 0xD00 + 0x20 * n;
	const uint64_t rw = EV_UMASK | EDGE | (1ull << 19) | EN | INV | THRESH8;
	/* Filter: tid 4:0, nid 17:10, state 22:18, opc 31:23 (Table 2-12, reconstructed). */
	const uint64_t filter_rw = 0x1Full | 0xFFull << 10 | 0x1Full << 18 | 0x1FFull << 23;
	struct mock_box *b = mock_pmon_add_box(m, "cbo", K_CBO, s, n);
	if (!b)
		return -1;
	b->rate = cbo_rate;
	b->n_peers = N_CBO;
	struct upm_mock_reg *box = mock_ep_msr(m, s, base + 0x4, 0);
	struct upm_mock_reg *filter = mock_ep_msr(m, s, base + 0x14, filter_rw);
	if (!box || !filter)
		return -1;
	box->wo_mask = BOX_CTL_WO;
	mock_box_set_box_ctl(b, box, 1);
	b->filters[0] = filter;
	return mock_ep_cbo_counters(m, s, n, b, rw);
}

static int build_pcu(struct upm_mock *m, unsigned s)
{
	/* Table 2-73 sheet 1 (000:2752-2758): box 0xC24, controls 0xC30-0xC33. Counters
	 * 0xC36-0xC39, filter 0xC34 and the residency counters 0x3FC/0x3FD are on the lost
	 * sheet 2 (Linux uncore_snbep.c). Table 2-75 fields; extra select bit 21 (Linux). */
	const uint64_t rw = 0xFFull | 3ull << 14 | EDGE | (1ull << 21) | EN | INV | THRESH5 |
			    1ull << 30 | 1ull << 31;
	struct mock_box *b = mock_pmon_add_box(m, "pcu", K_PCU, s, 0);
	if (!b)
		return -1;
	b->rate = pcu_rate;
	struct upm_mock_reg *box = mock_ep_msr(m, s, 0xC24, 0);
	struct upm_mock_reg *filter = mock_ep_msr(m, s, 0xC34, 0xFFFFFFFFull);
	if (!box || !filter || mock_ep_pcu_residency(m, s) < 0)
		return -1;
	box->wo_mask = BOX_CTL_WO;
	mock_box_set_box_ctl(b, box, 1);
	b->filters[0] = filter;
	return mock_ep_pcu_counters(m, s, b, rw);
}

/* --- PCI boxes --- */

/* Box control 0xF4, controls 0xD8.., counters 0xA0.. as two dwords (Table 1-3,
 * 000:168-208). */
static struct mock_box *pci_box(struct upm_mock *m, struct upm_mock_pci_dev *d, const char *name,
				unsigned kind, unsigned s, unsigned inst, unsigned n_ctrs,
				unsigned width, uint64_t ctl_rw, uint64_t ctl_wo, int has_reset)
{
	struct mock_box *b = mock_pmon_add_box(m, name, kind, s, inst);
	if (!b || !d)
		return NULL;
	struct upm_mock_reg *box = upm_mock_add_pci_reg(m, d, 0xF4, 0, 0);
	if (!box)
		return NULL;
	box->wo_mask = has_reset ? BOX_CTL_WO : BOX_CTL_WO_NORST;
	mock_box_set_box_ctl(b, box, has_reset);
	for (unsigned i = 0; i < n_ctrs; i++) {
		struct upm_mock_reg *ctl = upm_mock_add_pci_reg(m, d, (uint16_t)(0xD8 + 4 * i), 0,
								(uint32_t)ctl_rw);
		struct upm_mock_reg *lo = upm_mock_add_pci_reg(m, d, (uint16_t)(0xA0 + 8 * i), 0,
							       0xFFFFFFFFu);
		struct upm_mock_reg *hi = upm_mock_add_pci_reg(
			m, d, (uint16_t)(0xA4 + 8 * i), 0, (uint32_t)(upm_mock_width_mask(width) >> 32));
		if (!ctl || !lo || !hi)
			return NULL;
		ctl->wo_mask = ctl_wo;
		mock_box_add_ctr(b, ctl, lo, hi, width, 22, ctl_wo ? 17 : MOCK_NO_BIT);
	}
	return b;
}

static int build_pci(struct upm_mock *m, unsigned s)
{
	/* HA, iMC control: Tables 2-35/2-61 (no tid_en, no rst). QPI: Table 2-86 (ext 21, rst
	 * 17). R2PCIe/R3QPI: lost chapters; Linux gives the generic layout with rst 17. */
	const uint64_t ha_imc_rw = EV_UMASK | EDGE | EN | INV | THRESH8;
	const uint64_t qpi_rw = ha_imc_rw | (1ull << 21);

	/* UBox node-id function (device 0x3CE0 at 11.0): CPUNODEID 0x40 bits 2:0 and
	 * GIDNIDMAP 0x54, three bits per socket (Linux uncore_snbep.c). Socket s is node s. */
	if (mock_ep_node_ids(m, s, 0x3CE0) < 0)
		return -1;

	struct upm_mock_pci_dev *ha = mock_ep_dev(m, s, 14, 1, 0x3C46);
	struct mock_box *b = pci_box(m, ha, "ha", K_HA, s, 0, 4, 48, ha_imc_rw, 0, 0);
	if (!b)
		return -1;
	b->rate = ha_rate;
	if (mock_ep_ha_match(m, ha, b) < 0) /* 000:1609-1651 */
		return -1;

	static const uint8_t imc_fn[4] = { 0, 1, 4, 5 };
	static const uint16_t imc_id[4] = { 0x3CB0, 0x3CB1, 0x3CB4, 0x3CB5 };
	for (unsigned c = 0; c < 4; c++) {
		struct upm_mock_pci_dev *d = mock_ep_dev(m, s, 16, imc_fn[c], imc_id[c]);
		b = pci_box(m, d, "imc", K_IMC, s, c, 4, 48, ha_imc_rw, 0, 0);
		if (!b)
			return -1;
		b->rate = imc_rate;
		b->n_peers = 4;
		if (mock_ep_imc_fixed(m, d, b) < 0) /* Table 2-62, 000:2259-2270 */
			return -1;
	}

	static const uint16_t qpi_id[2] = { 0x3C41, 0x3C42 }, qpi_filt_id[2] = { 0x3C86, 0x3C96 };
	for (unsigned p = 0; p < 2; p++) {
		struct upm_mock_pci_dev *d = mock_ep_dev(m, s, (uint8_t)(8 + p), 2, qpi_id[p]);
		b = pci_box(m, d, "qpi", K_QPI, s, p, 4, 48, qpi_rw, RST, 1);
		if (!b)
			return -1;
		b->rate = mock_ep_qpi_rate;
		b->n_peers = 2;
		/* Mask/match function (000:3406-3417). */
		if (mock_ep_qpi_match(m, s, p, qpi_filt_id[p], b) < 0)
			return -1;
		/* Misc function of the port: "QPI Misc D8,9:F0" with "D4 QPI Rate Status" (Table
		 * 1-3, 000:192, 207); IDs 0x3C80 (08.0) and 0x3C90 (09.0) as public lspci logs of
		 * E5-2600 systems show. QPI_RATE_STATUS (Table 2-93, 000:3594-3614) is read-only:
		 * qpi_rate 2:0 = 101b, 8 GT/s (qfclk = 8.0 GT/s / 8 = MOCK_EP_QPI_MHZ), slow_mode 4 clear
		 * (the link left slow mode at training). */
		static const uint16_t misc_id[2] = { 0x3C80, 0x3C90 };
		struct upm_mock_pci_dev *mi = mock_ep_dev(m, s, (uint8_t)(8 + p), 0, misc_id[p]);
		struct upm_mock_reg *rate = mi ? upm_mock_add_pci_reg(m, mi, 0xD4, 0x5, 0) : NULL;
		if (!rate || mock_box_add_reg(b, rate) < 0)
			return -1;
		b->rate_status = rate;
	}

	struct upm_mock_pci_dev *r2 = mock_ep_dev(m, s, 19, 1, 0x3C43);
	b = pci_box(m, r2, "r2pcie", K_R2PCIE, s, 0, 4, 44, ha_imc_rw, RST, 1);
	if (!b)
		return -1;
	b->rate = ring_rate;
	static const uint16_t r3_id[2] = { 0x3C44, 0x3C45 };
	for (unsigned l = 0; l < 2; l++) {
		struct upm_mock_pci_dev *d = mock_ep_dev(m, s, 19, (uint8_t)(5 + l), r3_id[l]);
		b = pci_box(m, d, "r3qpi", K_R3QPI, s, l, 3, 44, ha_imc_rw, RST, 1);
		if (!b)
			return -1;
		b->rate = ring_rate;
		b->n_peers = 2;
	}
	return 0;
}

static int build_snbep(struct upm_mock *m)
{
	m->cpuid_signature = 0x000206D7; /* family 6, model 0x2D, stepping 7 */
	upm_strlcpy(m->brand, "upmon mock Xeon E5-2600 (Sandy Bridge-EP)", sizeof m->brand);
	mock_ep_ecam(m);
	if (mock_pmon_init(m) < 0)
		return -1;
	mock_pmon_of(m)->model_advance = mock_ep_qpi_advance;
	mock_pmon_of(m)->model_carry_ns = snbep_carry_ns;
	/* Host bridge: Xeon E5/Core i7 DMI2 (8086:3C00). */
	static const struct mock_ep_builders builders = { build_ubox, build_pcu, build_pci, build_cbo, N_CBO };
	return mock_ep_build_sockets(m, 0x3C00, &builders);
}

/* Two sockets unless --sockets says otherwise, at most four. */
const struct upm_mock_model upm_mock_model_snbep = {
	.platform = "snbep",
	.default_sockets = 2,
	.max_sockets = 4,
	.build = build_snbep,
};

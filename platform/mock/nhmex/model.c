/* Room platform/mock/nhmex: the Xeon 7500 and Xeon E7 mock model.
 * Includes platform/mock and base. */
/* Mock model of the Xeon 7500 (Nehalem-EX, nhmex) and Xeon E7 (Westmere-EX, wsmex)
 * uncore, written from the E7 guide (seed 002) independently of the tables in
 * boxes/nhmex; the 7500's differences (8 C-Boxes instead of 10, ZDP_CTL_FVC fields one
 * bit lower) are the ones Linux uncore_nhmex.c shows (boxes/PUBLIC_FACTS.md).
 *
 * Population per socket, all MSRs: U_MSR_PMON_GLOBAL_CTL/STATUS/OVF_CTL 0xC00-0xC02 and
 * the U-Box counter; C-Boxes at their non-linear bases; B-Box, S-Box, M-Box 0/1; the
 * R-Box halves with every port's IPERF, QLX and XBR registers; the W-Box with its fixed
 * counter 0x394/0x395.
 *
 * What it enforces:
 *  - a counter counts only when enabled locally, at its box (the *_GLOBAL_CTL bit; the
 *    U-Box counter: bit 0 of 0xC00) and globally (en_all, bit 28 of 0xC00, with rst_all
 *    clear); writing rst_all = 1 zeroes every counter of the socket (002:414-458);
 *  - overflow sets the box's GLOBAL_STATUS bit; the S-Box SUMMARY and U GLOBAL_STATUS
 *    bits are computed from the box bits when read, so clearing at the box (OVF_CTL)
 *    clears them too (002:462-474, 2440-2453);
 *  - S-Box MATCH/MASK raise #GP when written while MM_CFG[63] is set (002:2532);
 *  - an S-Box counter enabled without reset_occ_cnt in the same write counts a stale
 *    occupancy (3 entries a cycle) in occupancy events and records a violation (002:2390);
 *  - an M-Box counter with wrap_mode = 0 stops at overflow until its overflow is cleared
 *    (002:4646); M-Box MM_CFG[63] ("debug mode, disables PMON", 002:4680) stops the box;
 *  - reserved ("rsv") bits fault, ignored ("ig") bits are accepted and read as zero;
 *  - wsmex: W-Box counter reads ending in 0x000000 or 0x000001 come back 0x1000000 high
 *    (the erratum, 002:5626-5629).
 *
 * What counts (clocks and refresh by elapsed time, the rest by the traffic reported;
 * mock.h, Time), per socket: the uncore clock, 2.4 GHz (W-Box fixed); the
 * M-Box clock, 800 MHz (CYCLES); memory lines read and written split evenly over the two
 * B/M-Boxes: B-Box IMT_INSERTS_RD/_WR/_ALL, M-Box DRAM_CMD and DRAM_MISC (scheduled) CAS
 * commands (three quarters of the lines in open-page CAS, one quarter in closed-page CAS,
 * read or write by direction) counted only for the PLD.dram_cmd(1) that selects them,
 * an M-Box moving at most what its SMI lanes carry (mbox_smi: a faster report is held,
 * mock.h, Links and memory; the M-Box events count what it moved),
 * FVC BBOX_CMDS.READS/WRITES and BBOX_RSP.ACK, BBOX_CMDS_ALL, TRANS_CMDS, PAGE_HIT/MISS;
 * C-Box LLC_HITS (E state) = lookups - misses, LLC_MISSES (I) and LLC_S_FILLS (E) =
 * misses, spread over the C-Boxes; S-Box PKTS_SENT_HOM = lines, PKTS_RCVD_DRS_FROM_B =
 * lines read, PKTS_RCVD_DRS_FROM_R = remote lines, TO_R_PROG_EV = lines read while
 * MM_CFG[63] is set; R-Box FLITS_SENT (IPERF bit 31) = 9 flits per remote line on the QPI
 * ports 0, 1, 4, 5 (at most as many whole lines as the port's flit slots hold over the
 * time the traffic took), NULL_IDLE (bit 30) = 1.6 G flit slots a second of elapsed time
 * less the flits sent (traffic is reported after the time it took: its flits are taken
 * back off the idle slots when it arrives, rbox_idle_taken), XBAR_MM
 * with mm_trig_en = the remote lines per QPI port whose DRS message matches the set
 * (writebacks in the socket's share of written lines, the rest data responses:
 * xbar_mm_count). Everything else stays 0. Threshold,
 * invert and edge are not modelled. */
#include "platform/mock/model.h"
#include "platform/mock/pmon.h"
#include "platform/mock/dram_flow.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

enum nhmex_kind { K_UBOX, K_CBO, K_BBOX, K_SBOX, K_MBOX, K_RBOX, K_WBOX };

#define UCLK_MHZ 2400u
#define MCLK_MHZ 800u
#define QPI_FLITS_PER_US 1600u /* 6.4 GT/s, 80-bit flits over 20 lanes */
#define MAX_SOCKETS UPM_MOCK_MAX_SOCKETS

#define U_GLOBAL_CTL 0xC00
#define U_GLOBAL_STATUS 0xC01
#define U_GLOBAL_OVF_CTL 0xC02
#define EN_ALL (1ull << 28)
#define RST_ALL (1ull << 29)
#define BIT(n) (1ull << (n))
#define MASK(hi, lo) ((~0ull >> (63 - (hi))) & ~((1ull << (lo)) - 1))

struct nhmex_model {
	unsigned n_cbo;     /* 8 (7500) or 10 (E7) */
	unsigned fvc_evnt0; /* low bit of ZDP_CTL_FVC.evnt0: 11 (7500) or 12 (E7) */
	int erratum;        /* E7 W-Box read erratum */
	uint8_t stale[MAX_SOCKETS][2][4]; /* S-Box occupancy tally not reset at enable */
	/* Each socket's U_GLOBAL_CTL: every counter's gating reads it at every access. */
	struct upm_mock_reg *global_ctl[MAX_SOCKETS];
};

static struct nhmex_model *model_of(struct upm_mock *m)
{
	return mock_pmon_of(m)->model;
}

static uint64_t cycles(const struct upm_activity *a, unsigned mhz)
{
	return a->nanoseconds * mhz / 1000u;
}

static uint64_t msr_value(struct upm_mock *m, unsigned s, uint32_t addr)
{
	struct upm_mock_reg *r = upm_mock_msr(m, s, addr);
	return r ? r->value : 0;
}

/* Register with read-write bits rw, ignored bits ig (accepted, read as zero); any other
 * bit is reserved and faults. */
static struct upm_mock_reg *reg(struct upm_mock *m, unsigned s, uint32_t addr, uint64_t rw, uint64_t ig)
{
	struct upm_mock_reg *r = upm_mock_add_msr(m, s, addr, 0, rw);
	if (r)
		r->wo_mask = ig;
	return r;
}

/* --- the box hierarchy --- */

static unsigned ctr_index(const struct mock_box *b, const struct mock_ctr *c)
{
	return c == &b->fixed ? 31 : (unsigned)(c - b->ctrs);
}

/* The status register of a box: extra[0] (the U-Box's is bit 0 of 0xC01). */
static struct upm_mock_reg *status_of(const struct mock_box *b)
{
	return b->n_extra ? b->extra[0] : NULL;
}

static int box_stops(const struct mock_box *b, const struct mock_ctr *c)
{
	struct upm_mock *m = b->mock;
	const struct upm_mock_reg *global = model_of(m)->global_ctl[b->socket];
	uint64_t g = global ? global->value : 0;
	if (!(g & EN_ALL) || (g & RST_ALL))
		return 1;
	unsigned i = ctr_index(b, c);
	if (b->kind == K_UBOX)
		return !(g & 1);
	if (!b->box_ctl || !((b->box_ctl->value >> i) & 1))
		return 1;
	if (b->kind == K_MBOX) {
		if (msr_value(m, b->socket, 0xE54 + 8 * b->instance) & BIT(63))
			return 1; /* debug mode disables PMON */
		/* wrap_mode = 0: stopped from its overflow until the overflow is cleared */
		if (!(c->ctl->value & BIT(6)) && status_of(b) && ((status_of(b)->value >> i) & 1))
			return 1;
	}
	return 0;
}

static void box_overflow(const struct mock_box *b, const struct mock_ctr *c)
{
	unsigned i = ctr_index(b, c);
	if (b->kind == K_UBOX) {
		struct upm_mock_reg *st = upm_mock_msr(b->mock, b->socket, U_GLOBAL_STATUS);
		if (st)
			st->value |= 1;
		return;
	}
	if (status_of(b))
		status_of(b)->value |= 1ull << i;
	if (b->kind == K_MBOX && !(c->ctl->value & BIT(6)))
		c->lo->value = 0; /* stops at the overflow instead of counting on */
}

/* *_GLOBAL_OVF_CTL: writing one clears that overflow bit (extra[1] of the box). */
static void on_ovf_ctl(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r, uint64_t w)
{
	struct mock_box *b = r->model;
	(void)m;
	(void)socket;
	if (status_of(b))
		status_of(b)->value &= ~w;
}

static const struct mock_box *find(struct upm_mock *m, unsigned s, const char *name, unsigned i)
{
	return mock_pmon_find(m, s, name, i);
}

static int ov(struct upm_mock *m, unsigned s, const char *name, unsigned i)
{
	const struct mock_box *b = find(m, s, name, i);
	return b && status_of(b) && status_of(b)->value;
}

/* S{0,1}_MSR_PMON_SUMMARY (Table 2-26), from the box bits when read. */
static void on_summary_read(struct upm_mock *m, unsigned s, struct upm_mock_reg *r)
{
	unsigned side = r->model_index; /* 0: S-Box 0's side, 1: S-Box 1's */
	unsigned c0 = side ? 5 : 0;
	uint64_t v = 0;
	v |= (uint64_t)(ov(m, s, "cbo", c0) || ov(m, s, "cbo", c0 + 1)) << 0;
	v |= (uint64_t)(ov(m, s, "cbo", c0 + 2) || ov(m, s, "cbo", c0 + 3)) << 2;
	v |= (uint64_t)(ov(m, s, "mbox", side) || ov(m, s, "bbox", side)) << 16;
	v |= (uint64_t)ov(m, s, "sbox", side) << 18;
	v |= (uint64_t)ov(m, s, "rbox", side) << 19;
	v |= (uint64_t)ov(m, s, "cbo", c0 + 4) << 20;
	r->value = v;
}

/* U_MSR_PMON_GLOBAL_STATUS (Table 2-3): ov_u is stored; ov_w, ov_s1, ov_s0 are the
 * W-Box status and the summaries. */
static void on_global_status_read(struct upm_mock *m, unsigned s, struct upm_mock_reg *r)
{
	uint64_t v = r->value & (BIT(31) | BIT(30) | 1);
	struct upm_mock_reg *s0 = upm_mock_msr(m, s, 0xC43), *s1 = upm_mock_msr(m, s, 0xCC3);
	if (s0) {
		on_summary_read(m, s, s0);
		v |= (uint64_t)(s0->value != 0) << 3;
	}
	if (s1) {
		on_summary_read(m, s, s1);
		v |= (uint64_t)(s1->value != 0) << 2;
	}
	v |= (uint64_t)ov(m, s, "wbox", 0) << 1;
	r->value = v;
}

/* U_MSR_PMON_GLOBAL_OVF_CTL: clr_ov_u clears ov_u (clr_ov_s0/s1/w have nothing of their
 * own to clear: those bits follow the boxes). */
static void on_global_ovf_ctl(struct upm_mock *m, unsigned s, struct upm_mock_reg *r, uint64_t w)
{
	struct upm_mock_reg *st = upm_mock_msr(m, s, U_GLOBAL_STATUS);
	(void)r;
	if (st)
		st->value &= ~(w & (BIT(31) | BIT(30) | 1));
}

static void on_global_ctl(struct upm_mock *m, unsigned s, struct upm_mock_reg *r, uint64_t w)
{
	struct mock_pmon *p = mock_pmon_of(m);
	(void)r;
	if (!(w & RST_ALL))
		return;
	/* rst_all: every PMON counter of the socket to zero. */
	for (unsigned i = 0; i < p->n_boxes; i++) {
		struct mock_box *b = &p->boxes[i];
		if (b->socket != s)
			continue;
		for (unsigned k = 0; k < b->n_ctrs; k++) {
			mock_ctr_set(&b->ctrs[k], 0);
			b->ctrs[k].lo->model_index = 0;
		}
		if (b->fixed.lo) {
			mock_ctr_set(&b->fixed, 0);
			b->fixed.lo->model_index = 0;
		}
	}
}

/* --- erratum (wsmex W-Box) --- */

#define ERRATUM 0x1000000ull

/* The stored value carries the error of the last read (model_index 1), so the count
 * underneath stays right. */
static void on_erratum_read(struct upm_mock *m, unsigned s, struct upm_mock_reg *r)
{
	(void)m;
	(void)s;
	uint64_t mask = upm_mock_width_mask(48);
	uint64_t v = (r->value - (r->model_index ? ERRATUM : 0)) & mask;
	r->model_index = (v & 0xFFFFFF) <= 1;
	r->value = (v + (r->model_index ? ERRATUM : 0)) & mask;
}

static void on_erratum_write(struct upm_mock *m, unsigned s, struct upm_mock_reg *r, uint64_t w)
{
	(void)m;
	(void)s;
	(void)w;
	r->model_index = 0;
}

/* --- S-Box: match/mask gate and occupancy reset --- */

static void on_sbox_mm_cfg(struct upm_mock *m, unsigned s, struct upm_mock_reg *r, uint64_t w)
{
	(void)w;
	for (uint32_t k = 1; k <= 2; k++) {
		struct upm_mock_reg *mm = upm_mock_msr(m, s, r->addr + k);
		if (!mm)
			continue;
		if (r->value & BIT(63)) { /* enabled: match/mask writes fault */
			if (!(mm->flags & UPM_MOCK_FAULT_WRITE)) {
				mm->flags |= UPM_MOCK_FAULT_WRITE;
				mm->model_index = 1;
			}
		} else if (mm->model_index) {
			mm->flags &= ~(unsigned)UPM_MOCK_FAULT_WRITE;
			mm->model_index = 0;
		}
	}
}

static void on_sbox_ctl(struct upm_mock *m, unsigned s, struct upm_mock_reg *r, uint64_t w)
{
	struct mock_box *b = r->model;
	struct nhmex_model *md = model_of(m);
	unsigned i = r->model_index;
	uint8_t *stale = &md->stale[s][b->instance][i];
	int was_en = (*stale & 2) != 0, en = (w >> 22) & 1;
	if (w & BIT(17)) { /* reset_occ_cnt: the tally restarts from empty */
		*stale &= (uint8_t)~1u;
	} else if (en && !was_en) {
		*stale |= 1;
		char msg[96];
		upm_snprintf(msg, sizeof msg, "sbox%u ctl%u enabled without reset_occ_cnt in the same write",
			     b->instance, i);
		mock_pmon_violation(m, msg);
	}
	*stale = (uint8_t)((*stale & ~2u) | (unsigned)en << 1);
}

/* --- building --- */

static struct mock_box *box(struct upm_mock *m, const char *name, unsigned kind, unsigned s,
			    unsigned inst, unsigned peers)
{
	struct mock_box *b = mock_pmon_add_box(m, name, kind, s, inst);
	if (b) {
		b->n_peers = peers;
		b->stops = box_stops;
		b->overflow = box_overflow;
	}
	return b;
}

/* GLOBAL_CTL (enable bits `en`), GLOBAL_STATUS and GLOBAL_OVF_CTL at base..base+2. */
static int box_globals(struct upm_mock *m, struct mock_box *b, unsigned s, uint32_t base, uint64_t en)
{
	struct upm_mock_reg *ctl = reg(m, s, base, en, ~en & MASK(31, 0));
	struct upm_mock_reg *st = reg(m, s, base + 1, en, ~en & MASK(31, 0));
	struct upm_mock_reg *oc = reg(m, s, base + 2, 0, MASK(31, 0));
	if (!ctl || !st || !oc)
		return -1;
	mock_box_set_box_ctl(b, ctl, 0);
	ctl->on_write = NULL; /* an enable mask: nothing acts on the write */
	oc->model = b;
	oc->on_write = on_ovf_ctl;
	if (mock_box_add_reg(b, st) < 0) /* extra[0]: status_of() */
		return -1;
	return mock_box_add_reg(b, oc);
}

/* General counter i: control ctl with rw/ig bits, 48-bit counter ctr. */
static int counter(struct upm_mock *m, struct mock_box *b, unsigned s, uint32_t ctl, uint32_t ctr,
		   uint64_t rw, uint64_t ig, uint8_t en_bit)
{
	struct upm_mock_reg *c = reg(m, s, ctl, rw, ig);
	struct upm_mock_reg *d = reg(m, s, ctr, upm_mock_width_mask(48), 0);
	if (!c || !d)
		return -1;
	mock_box_add_ctr(b, c, d, NULL, 48, en_bit, MOCK_NO_BIT);
	c->on_write = NULL; /* no per-counter reset bit on these parts */
	return 0;
}

/* Control layout of the C, S and W-Box (Tables 2-13, 2-30, 2-97): ev_sel, umask, edge 18,
 * pmi_en 20, en 22, invert 23, threshold 31:24. */
#define GEN_RW (MASK(15, 0) | BIT(18) | BIT(20) | BIT(22) | BIT(23) | MASK(31, 24))

static int build_ubox(struct upm_mock *m, unsigned s)
{
	/* 0xC00 (Table 2-2): frz_all 31, rst_all 29, en_all 28, pmi_core_sel 10:1, en 0; ig
	 * 30 and 27:11. 0xC01 (Table 2-3): cond 31, pmi 30, ov 3:0; 0xC02 (Table 2-4) clr. */
	struct upm_mock_reg *g = reg(m, s, U_GLOBAL_CTL, BIT(31) | RST_ALL | EN_ALL | MASK(10, 0),
				     BIT(30) | MASK(27, 11));
	struct upm_mock_reg *st = reg(m, s, U_GLOBAL_STATUS, BIT(31) | BIT(30) | MASK(3, 0), MASK(29, 4));
	struct upm_mock_reg *oc = reg(m, s, U_GLOBAL_OVF_CTL, 0, MASK(31, 0));
	struct mock_box *b = box(m, "ubox", K_UBOX, s, 0, 1);
	if (!g || !st || !oc || !b)
		return -1;
	model_of(m)->global_ctl[s] = g;
	st->on_read = on_global_status_read;
	oc->on_write = on_global_ovf_ctl;
	/* The U-Box counter's box enable is 0xC00 bit 0: registered as its box control so
	 * box faults reach it; writes act through on_global_ctl. */
	mock_box_set_box_ctl(b, g, 0);
	g->on_write = on_global_ctl;
	if (mock_box_add_reg(b, st) < 0 || mock_box_add_reg(b, oc) < 0)
		return -1;
	/* EVT_SEL 0xC10 (Table 2-6): ev_sel 7:0, edge 18, pmi_en 20, en 22; rsv 62; the rest ig. */
	return counter(m, b, s, 0xC10, 0xC11, MASK(7, 0) | BIT(18) | BIT(20) | BIT(22),
		       BIT(63) | MASK(61, 23) | BIT(21) | BIT(19) | MASK(17, 8), 22);
}

static int build_cbo(struct upm_mock *m, unsigned s, unsigned n, unsigned n_cbo)
{
	/* Table 2-9: C-Box bases 0xD00, 0xD80, 0xD40, 0xDC0, 0xD20, 0xDA0, 0xD60, 0xDE0,
	 * 0xF40, 0xFC0 for C-Box 0-9. */
	static const uint32_t base[10] = { 0xD00, 0xD80, 0xD40, 0xDC0, 0xD20,
					   0xDA0, 0xD60, 0xDE0, 0xF40, 0xFC0 };
	struct mock_box *b = box(m, "cbo", K_CBO, s, n, n_cbo);
	if (!b || box_globals(m, b, s, base[n], MASK(5, 0)) < 0)
		return -1;
	for (unsigned i = 0; i < 6; i++)
		if (counter(m, b, s, base[n] + 0x10 + 2 * i, base[n] + 0x11 + 2 * i, GEN_RW,
			    BIT(63) | MASK(60, 32) | BIT(21) | BIT(19) | MASK(17, 16), 22) < 0)
			return -1;
	return 0;
}

static int build_bbox(struct upm_mock *m, unsigned s, unsigned n)
{
	/* Table 2-16: 0xC20/0xC60 globals, PERF_CTL 0xC30+2i, CNT 0xC31+2i (+0x40 for B1);
	 * MATCH/MASK 0xE45/0xE46, 0xE4D/0xE4E. EVT_SEL (Table 2-20): en 0, ev_sel 5:1,
	 * pmi_en 20; rsv 62:61 and 50. */
	uint32_t g = 0xC20 + 0x40 * n;
	struct mock_box *b = box(m, "bbox", K_BBOX, s, n, 2);
	if (!b || box_globals(m, b, s, g, MASK(3, 0)) < 0)
		return -1;
	for (unsigned i = 0; i < 4; i++)
		if (counter(m, b, s, g + 0x10 + 2 * i, g + 0x11 + 2 * i, MASK(5, 0) | BIT(20),
			    BIT(63) | MASK(60, 51) | MASK(49, 21) | MASK(19, 6), 0) < 0)
			return -1;
	/* MATCH/MASK fields end at bit 59 (Tables 2-22, 2-23). */
	if (!(b->filters[0] = reg(m, s, 0xE45 + 8 * n, MASK(59, 0), 0)) ||
	    !(b->filters[1] = reg(m, s, 0xE46 + 8 * n, MASK(59, 0), 0)))
		return -1;
	return 0;
}

static int build_sbox(struct upm_mock *m, unsigned s, unsigned n)
{
	/* Table 2-25: globals 0xC40 (0xCC0), SUMMARY 0xC43 (0xCC3), CTL 0xC50+2i, CTR
	 * 0xC51+2i; MM_CFG/MATCH/MASK 0xE48-0xE4A (0xE58-0xE5A). CTL (Table 2-30): generic,
	 * reset_occ_cnt 17 (acts when written); rsv 62:61. */
	uint32_t g = 0xC40 + 0x80 * n;
	struct mock_box *b = box(m, "sbox", K_SBOX, s, n, 2);
	if (!b || box_globals(m, b, s, g, MASK(3, 0)) < 0)
		return -1;
	struct upm_mock_reg *sum = reg(m, s, g + 3, 0, 0); /* read-only: writes fault */
	if (!sum || mock_box_add_reg(b, sum) < 0)
		return -1;
	sum->model_index = n;
	sum->on_read = on_summary_read;
	for (unsigned i = 0; i < 4; i++) {
		if (counter(m, b, s, g + 0x10 + 2 * i, g + 0x11 + 2 * i, GEN_RW,
			    BIT(63) | MASK(60, 32) | BIT(21) | BIT(19) | BIT(16), 22) < 0)
			return -1;
		b->ctrs[i].ctl->wo_mask |= BIT(17);
		b->ctrs[i].ctl->on_write = on_sbox_ctl;
	}
	/* MM_CFG mm_en 63 (Table 2-32); MATCH all bits (Table 2-33); MASK 38:0, 62:39 ig
	 * (Table 2-35). */
	uint32_t mm = 0xE48 + 0x10 * n;
	struct upm_mock_reg *cfg = reg(m, s, mm, BIT(63), MASK(62, 0));
	if (!cfg || !(b->filters[0] = reg(m, s, mm + 1, ~0ull, 0)) ||
	    !(b->filters[1] = reg(m, s, mm + 2, MASK(38, 0), MASK(62, 39))))
		return -1;
	b->filters[2] = cfg;
	cfg->on_write = on_sbox_mm_cfg;
	return 0;
}

static int build_mbox(struct upm_mock *m, unsigned s, unsigned n, const struct nhmex_model *md)
{
	/* Table 2-63: globals 0xCA0 (0xCE0), TIMESTAMP 0xCA4, DSP..ZDP_CTL_FVC 0xCA5-0xCAB,
	 * CNT_CTL 0xCB0+2i, CNT 0xCB1+2i; MM_CFG/ADDR_MATCH/ADDR_MASK 0xE54-0xE56
	 * (0xE5C-0xE5E). CNT_CTL (Table 2-67): en 0, pmi 1, count_mode 3:2, storage 5:4,
	 * wrap 6, flag 7, inc_sel 13:9, set_flag_sel 21:19; rsv 62:61, 24:22, 18:14, 8. */
	uint32_t g = 0xCA0 + 0x40 * n;
	struct mock_box *b = box(m, "mbox", K_MBOX, s, n, 2);
	if (!b || box_globals(m, b, s, g, MASK(5, 0)) < 0)
		return -1;
	for (unsigned i = 0; i < 6; i++)
		if (counter(m, b, s, g + 0x10 + 2 * i, g + 0x11 + 2 * i,
			    MASK(7, 0) | MASK(13, 9) | MASK(21, 19), BIT(63) | MASK(60, 25), 0) < 0)
			return -1;
	/* Sub-controls (Tables 2-69, 2-73..2-80): TIMESTAMP 15:0, DSP 10:0, ISS 10:0, MAP
	 * 12:0, MSC_THR 10:0, PGT 11:0, PLD 23:0, ZDP_CTL_FVC 24:0 (E7) or 23:0 (7500); the
	 * rest ig. */
	static const uint8_t top[8] = { 15, 10, 10, 12, 10, 11, 23, 24 };
	for (unsigned k = 0; k < 8; k++) {
		unsigned hi = k == 7 && md->fvc_evnt0 == 11 ? 23 : top[k];
		struct upm_mock_reg *r = reg(m, s, g + 4 + k, MASK(hi, 0), MASK(63, hi + 1));
		if (!r)
			return -1;
		if (k >= 1 && k <= 4)
			b->filters[k - 1] = r;
		else if (k > 4 && mock_box_add_reg(b, r) < 0)
			return -1;
	}
	/* MM_CFG: enable 63 (debug mode); ADDR_MATCH 33:0; ADDR_MASK 27:0 (Tables 2-70..2-72). */
	uint32_t mm = 0xE54 + 8 * n;
	struct upm_mock_reg *cfg = reg(m, s, mm, BIT(63), MASK(62, 0));
	if (!cfg || !reg(m, s, mm + 1, MASK(33, 0), MASK(63, 34)) ||
	    !reg(m, s, mm + 2, MASK(27, 0), MASK(63, 28)) || mock_box_add_reg(b, cfg) < 0)
		return -1;
	return 0;
}

static int build_rbox(struct upm_mock *m, unsigned s, unsigned n)
{
	/* Table 2-39: half n at 0xE00 + 0x20n: globals, CTL 0xE10+2i, CTR 0xE11+2i (i < 8).
	 * CTL (Table 2-44): en 0, ev_sel 5:1, pmi_en 6; rsv 62:61. */
	uint32_t g = 0xE00 + 0x20 * n;
	struct mock_box *b = box(m, "rbox", K_RBOX, s, n, 2);
	if (!b || box_globals(m, b, s, g, MASK(7, 0)) < 0)
		return -1;
	for (unsigned i = 0; i < 8; i++)
		if (counter(m, b, s, g + 0x10 + 2 * i, g + 0x11 + 2 * i, MASK(6, 0),
			    BIT(63) | MASK(60, 7), 0) < 0)
			return -1;
	for (unsigned k = 0; k < 4; k++) {
		unsigned port = 4 * n + k;
		/* IPERF_CFG0/1 0xE04+p / 0xE24+p (Table 2-48: 31:24 and 21:0; 23:22 ig);
		 * QLX_CFG 0xE0C+p or 0xE2C+p-4 (Table 2-49: 15:0); XBR sets 0xE60/0xE70 + 4p,
		 * right half 0xE80/0xE90 + 4(p-4): MM_CFG 63 and 21:0, MATCH/MASK (Tables
		 * 2-51, 2-52: 51:48, 35:31, 17:13, 12:3; the other bits must be 0). */
		const uint64_t iperf = MASK(31, 24) | MASK(21, 0);
		const uint64_t mm = MASK(51, 48) | MASK(35, 31) | MASK(17, 3);
		uint32_t xbr = 0xE60 + 0x20 * n + 4 * k;
		struct upm_mock_reg *i0 = reg(m, s, 0xE04 + port, iperf, MASK(23, 22));
		struct upm_mock_reg *i1 = reg(m, s, 0xE24 + port, iperf, MASK(23, 22));
		struct upm_mock_reg *q = reg(m, s, 0xE0C + 0x20 * n + k, MASK(15, 0), MASK(31, 16));
		if (!i0 || !i1 || !q)
			return -1;
		for (unsigned set = 0; set < 2; set++) {
			uint32_t a = xbr + 0x10 * set;
			if (!reg(m, s, a, BIT(63) | MASK(21, 0), MASK(62, 22)) || !reg(m, s, a + 1, mm, 0) ||
			    !reg(m, s, a + 2, mm, 0))
				return -1;
		}
		if (k < 2) {
			b->filters[2 * k] = i0;
			b->filters[2 * k + 1] = i1;
		}
	}
	return 0;
}

static int build_wbox(struct upm_mock *m, unsigned s, const struct nhmex_model *md)
{
	/* Table 2-93: globals 0xC80-0xC82 (ctr_en 3:0, fixed_en 31), CTRL 0xC90+2i, COUNTER
	 * 0xC91+2i; fixed counter 0x394, its control 0x395 (Table 2-98: en 0, pmi_en 1, rsv 2). */
	struct mock_box *b = box(m, "wbox", K_WBOX, s, 0, 1);
	if (!b || box_globals(m, b, s, 0xC80, MASK(3, 0) | BIT(31)) < 0)
		return -1;
	for (unsigned i = 0; i < 4; i++)
		if (counter(m, b, s, 0xC90 + 2 * i, 0xC91 + 2 * i, GEN_RW,
			    BIT(63) | MASK(60, 51) | MASK(49, 32) | BIT(21) | BIT(19) | MASK(17, 16), 22) < 0)
			return -1;
	struct upm_mock_reg *fctl = reg(m, s, 0x395, MASK(1, 0), MASK(63, 3));
	struct upm_mock_reg *fctr = reg(m, s, 0x394, upm_mock_width_mask(48), 0);
	if (!fctl || !fctr)
		return -1;
	mock_box_set_fixed(b, fctl, fctr, NULL, 48, 0, MOCK_NO_BIT);
	fctl->on_write = NULL;
	if (md->erratum) {
		for (unsigned i = 0; i < 4; i++) {
			b->ctrs[i].lo->on_read = on_erratum_read;
			b->ctrs[i].lo->on_write = on_erratum_write;
		}
		fctr->on_read = on_erratum_read;
		fctr->on_write = on_erratum_write;
	}
	return 0;
}

/* --- counting --- */

static unsigned ev8(uint64_t ctl)
{
	return (unsigned)(ctl & 0xFF);
}

static unsigned umask8(uint64_t ctl)
{
	return (unsigned)((ctl >> 8) & 0xFF);
}

static uint64_t lines(const struct upm_activity *a)
{
	return a->lines_read + a->lines_written;
}

/* An M-Box moves its lines over two Intel SMI channels in lockstep (002:4448-4452), each
 * 12 data lanes northbound (to the processor: reads) and 9 southbound (writes) at up to
 * 6.4 Gb/s a lane (002:4464-4467): at most 2 x 12 x 6.4 Gb/s = 19.2 GB/s read, 300000
 * lines a millisecond, and 2 x 9 x 6.4 Gb/s = 14.4 GB/s written, 225000. These are the
 * lanes' raw rates, an upper bound: frames carry CRC, ECC and commands too (what they
 * leave for data is not pinned down here). The buffers' DDR3 buses (two each, at most
 * 1066 MT/s, 002:4472-4477: 34.1 GB/s an M-Box) carry more than both together. */
static const struct mock_dram_limit mbox_smi = { 300000u, 225000u, 0 };

/* What one CAS command type counts: three quarters of the lines open-page, one quarter
 * closed-page, split over the M-Boxes (PLD.dram_cmd encodings of DRAM_CMD, 002:5080-5094). */
static uint64_t dram_cmds(const struct mock_box *b, unsigned cmd, const struct upm_activity *a)
{
	uint64_t rd, wr;
	mock_dram_box_lines(b, a, &mbox_smi, &rd, &wr);
	switch (cmd) {
	case 0x2: return rd / 4 + wr / 4;   /* RAS: the closed-page accesses */
	case 0x3: return rd - rd / 4;       /* CAS_RD_OPN */
	case 0x4: return wr - wr / 4;       /* CAS_WR_OPN */
	case 0x5: return rd / 4;            /* CAS_RD_CLS */
	case 0x6: return wr / 4;            /* CAS_WR_CLS */
	case 0x9: return a->nanoseconds / 7800; /* RFR: one per 7.8 us refresh interval */
	default: return 0;
	}
}

static uint64_t mbox_count(struct upm_mock *m, const struct mock_box *b, uint64_t ctl,
			   const struct upm_activity *a)
{
	const struct nhmex_model *md = model_of(m);
	uint32_t g = 0xCA0 + 0x40 * b->instance;
	uint64_t pld = msr_value(m, b->socket, g + 0xA), iss = msr_value(m, b->socket, g + 6);
	uint64_t fvc = msr_value(m, b->socket, g + 0xB);
	uint64_t rd, wr;
	mock_dram_box_lines(b, a, &mbox_smi, &rd, &wr);
	if (ctl & BIT(7))
		return 0; /* set_flag_sel events: no modelled activity */
	unsigned inc = (unsigned)((ctl >> 9) & 0x1F);
	switch (inc) {
	case 0x0A: /* DRAM_CMD: PLD.dram_cmd 12:8; cmd 0 qualifies by ISS.sched_mode_pld_trig */
		if (pld & (BIT(13) | BIT(7)))
			return 0; /* address-match or single-FVID filtering: nothing matches */
		if ((pld & 1) && ((iss >> 7) & 7) != 0)
			return 0; /* the model schedules in trade-off mode (0) only */
		return dram_cmds(b, (unsigned)((pld >> 8) & 0x1F), a);
	case 0x0B: /* DRAM_MISC: dram_cmd1_cnt 16 with dram_cmd1 23:19; vld_cmd_cnt 17 */
		if (pld & BIT(16))
			return dram_cmds(b, (unsigned)((pld >> 19) & 0x1F), a);
		return pld & BIT(17) ? rd + wr : 0;
	case 0x0D: case 0x0E: case 0x0F: case 0x10: { /* FVC_EV0..3 */
		unsigned lo = md->fvc_evnt0 + 3 * (inc - 0x0D), bl = md->fvc_evnt0 - 6;
		unsigned ev = (unsigned)((fvc >> lo) & 7);
		unsigned bcmd = (unsigned)((fvc >> bl) & 7), resp = (unsigned)((fvc >> (bl + 3)) & 7);
		if (ev == 5)
			return bcmd == 0 ? rd : bcmd == 1 ? wr : 0;
		if (ev == 6)
			return resp == 0 ? rd : 0;
		return 0;
	}
	case 0x12: return rd + wr;                       /* TRANS_CMDS */
	case 0x13: return rd / 4 + wr / 4;               /* PAGE_MISS */
	case 0x14: return rd + wr - rd / 4 - wr / 4;     /* PAGE_HIT */
	case 0x1A: return rd + wr;                       /* BBOX_CMDS_ALL */
	case 0x1B: return cycles(a, MCLK_MHZ);           /* CYCLES */
	default: return 0;
	}
}

/* The packets a QPI port sends are DRS messages, 9 flits each (a full line): of its
 * remote lines, the socket's share of written lines are writebacks WbIData (match
 * 0x1C80, 002:4071), the rest data responses DataC_E (0x1C00, response data state E:
 * match bits 51:48 = b0100, Table 2-51). A message matches the set when its bits under
 * MASK equal MATCH's (002:4005-4086); with mm_trig_en the set counts each matching
 * packet once when match_flit_cnt picks one of its 9 flits, every flit with
 * ig_flit_cnt, and (match_flit_cnt 0) every flit too. */
#define DRS_DATAC_E (0x1C00ull | 4ull << 48)
#define DRS_WBIDATA 0x1C80ull

static uint64_t xbar_mm_count(struct upm_mock *m, unsigned s, uint32_t set, uint64_t remote,
			      const struct upm_activity *a)
{
	uint64_t cfg = msr_value(m, s, set), match = msr_value(m, s, set + 1), mask = msr_value(m, s, set + 2);
	if ((cfg & BIT(63)) || !(cfg & BIT(21)))
		return 0;
	uint64_t all = lines(a), wb = 0;
	if (all)
		wb = remote / all * a->lines_written + remote % all * a->lines_written / all;
	uint64_t n = 0;
	if ((DRS_WBIDATA & mask) == (match & mask))
		n += wb;
	if ((DRS_DATAC_E & mask) == (match & mask))
		n += remote - wb;
	unsigned flit = (unsigned)((cfg >> 16) & 0xF);
	if ((cfg & BIT(20)) || flit == 0)
		return 9 * n;
	return flit <= 9 ? n : 0;
}

static uint64_t rbox_count(struct upm_mock *m, const struct mock_box *b, uint64_t ctl,
			   const struct upm_activity *a)
{
	unsigned sel = (unsigned)((ctl >> 1) & 0x1F);
	if (sel >= 0x18)
		return 0;
	unsigned k = sel / 6, kind = sel % 6, port = 4 * b->instance + k;
	/* QPI ports are 0, 1 (left) and 4, 5 (right) (Table 2-40); the others are on-die. */
	int qpi = k < 2;
	uint64_t remote = qpi ? mock_share(a->remote_lines, 2 * b->instance + k, 4) : 0;
	/* A port carries at most its flit slots: 9 flits a line. The report was held until
	 * the port could carry it (mock.h, Links and memory); lines beyond even that are not
	 * counted. */
	uint64_t cap = mock_took_ns(m, a) * QPI_FLITS_PER_US / 1000;
	if (remote > cap / 9)
		remote = cap / 9;
	uint64_t slots = a->nanoseconds * QPI_FLITS_PER_US / 1000; /* elapsed time: idle slots */
	uint64_t flits = 9 * remote;
	if (kind <= 1) {
		uint64_t iperf = msr_value(m, b->socket, (kind ? 0xE24u : 0xE04u) + port);
		return (iperf & BIT(31) ? flits : 0) +
		       (iperf & BIT(30) && qpi && slots > flits ? slots - flits : 0);
	}
	if (kind >= 4) {
		uint32_t set = 0xE60 + 0x20 * b->instance + 4 * k + 0x10 * (kind - 4);
		return xbar_mm_count(m, b->socket, set, remote, a);
	}
	return 0;
}

/* The slots a port's NULL_IDLE counted as idle while traffic, reported after the time it
 * took, was in fact crossing: the flits sent (platform/mock/mock.h, Time). They are taken
 * back when the traffic arrives, so sent + idle never exceed the port's slots. */
static uint64_t rbox_idle_taken(struct upm_mock *m, const struct mock_box *b, uint64_t ctl,
				const struct upm_activity *a)
{
	unsigned sel = (unsigned)((ctl >> 1) & 0x1F);
	if (sel >= 0x18 || !m->traffic_ns || a->nanoseconds)
		return 0;
	unsigned k = sel / 6, kind = sel % 6, port = 4 * b->instance + k;
	if (k >= 2 || kind > 1)
		return 0;
	uint64_t iperf = msr_value(m, b->socket, (kind ? 0xE24u : 0xE04u) + port);
	if (!(iperf & BIT(30)) || (iperf & BIT(31)))
		return 0;
	uint64_t remote = mock_share(a->remote_lines, 2 * b->instance + k, 4);
	uint64_t cap = m->traffic_ns * QPI_FLITS_PER_US / 1000;
	if (remote > cap / 9)
		remote = cap / 9;
	return 9 * remote;
}

static uint64_t general_count(struct upm_mock *m, const struct mock_box *b, unsigned i,
			      const struct upm_activity *a)
{
	uint64_t ctl = b->ctrs[i].ctl->value;
	const struct nhmex_model *md = model_of(m);
	switch (b->kind) {
	case K_CBO: {
		uint64_t look = mock_box_share(b, a->llc_lookups), miss = mock_box_share(b, a->llc_misses);
		if (miss > look)
			miss = look;
		if (ev8(ctl) == 0x15) /* LLC_HITS: the model's hits are all in E */
			return umask8(ctl) & 0x02 ? look - miss : 0;
		if (ev8(ctl) == 0x14) /* LLC_MISSES: all to lines in I */
			return umask8(ctl) & 0x04 ? miss : 0;
		if (ev8(ctl) == 0x16) /* LLC_S_FILLS: misses filled in E */
			return umask8(ctl) & 0x02 ? miss : 0;
		return 0;
	}
	case K_BBOX: {
		/* Each counter has its own event set (Table 2-24). */
		unsigned ev = (unsigned)((ctl >> 1) & 0x1F);
		uint64_t rd = mock_box_share(b, a->lines_read), wr = mock_box_share(b, a->lines_written);
		if (i == 1 && ev == 0x07)
			return rd + wr; /* IMT_INSERTS_ALL */
		if (i == 1 && ev == 0x1D)
			return rd;      /* IMT_INSERTS_RD */
		if (i == 1 && ev == 0x0C)
			return wr;      /* IMT_INSERTS_WR */
		return 0;
	}
	case K_SBOX: {
		static const uint8_t occupancy[] = { 0x07, 0x0A, 0x0D, 0x10, 0x13, 0x16, 0x26,
						     0x29, 0x2C, 0x2F, 0x31, 0x8E };
		unsigned ev = ev8(ctl);
		uint64_t mm_en = msr_value(m, b->socket, 0xE48 + 0x10 * b->instance) & BIT(63);
		for (unsigned k = 0; k < sizeof occupancy; k++)
			if (ev == occupancy[k])
				return md->stale[b->socket][b->instance][i] & 1 ? 3 * cycles(a, UCLK_MHZ) : 0;
		switch (ev) {
		case 0x00: return mm_en ? mock_box_share(b, a->lines_read) : 0; /* TO_R_PROG_EV */
		case 0x60: return mock_box_share(b, lines(a));                    /* PKTS_SENT_HOM */
		case 0x72: return mock_box_share(b, a->remote_lines);             /* ..._DRS_FROM_R */
		case 0x73: return mock_box_share(b, a->lines_read);               /* ..._DRS_FROM_B */
		default: return 0;
		}
	}
	case K_MBOX:
		return mbox_count(m, b, ctl, a);
	case K_RBOX:
		return rbox_count(m, b, ctl, a);
	default:
		return 0;
	}
}

/* The time the busiest of the socket's four QPI ports takes to send its share of the
 * remote lines, 9 flits a line at QPI_FLITS_PER_US (rbox_count's cap then allows them),
 * or the busiest M-Box its share of the memory lines (mbox_smi), whichever is longer. */
static uint64_t nhmex_carry_ns(struct upm_mock *m, const struct upm_activity *act)
{
	uint64_t most = 0;
	for (unsigned j = 0; j < 4; j++) {
		uint64_t lines = mock_share(act->remote_lines, j, 4);
		if (lines > most)
			most = lines;
	}
	uint64_t links = (9 * most * 1000 + QPI_FLITS_PER_US - 1) / QPI_FLITS_PER_US;
	uint64_t dram = mock_dram_socket_ns(m, act, "mbox", 2, &mbox_smi);
	return links > dram ? links : dram;
}

static void nhmex_advance(struct upm_mock *m, const struct upm_activity *act)
{
	struct mock_pmon *p = mock_pmon_of(m);
	for (unsigned i = 0; i < p->n_boxes; i++) {
		struct mock_box *b = &p->boxes[i];
		if (b->socket != act->socket)
			continue;
		for (unsigned k = 0; k < b->n_ctrs; k++) {
			struct mock_ctr *c = &b->ctrs[k];
			if (!mock_ctr_counting(b, c))
				continue;
			mock_ctr_advance(b, c, general_count(m, b, k, act));
			uint64_t take = b->kind == K_RBOX ? rbox_idle_taken(m, b, c->ctl->value, act) : 0;
			if (take && !b->unclocked && !(c->lo->flags & UPM_MOCK_NO_COUNT)) {
				uint64_t v = mock_ctr_get(c);
				mock_ctr_set(c, v - (take < v ? take : v));
			}
		}
		if (b->fixed.lo && mock_ctr_counting(b, &b->fixed))
			mock_ctr_advance(b, &b->fixed, cycles(act, UCLK_MHZ));
	}
}

static int build(struct upm_mock *m, unsigned n_cbo, unsigned fvc_evnt0, int erratum, uint32_t sig,
		 const char *brand)
{
	m->cpuid_signature = sig;
	upm_strlcpy(m->brand, brand, sizeof m->brand);
	m->n_ecam = 0; /* no PCI uncore: configuration space is not needed */
	if (mock_pmon_init(m) < 0)
		return -1;
	struct mock_pmon *p = mock_pmon_of(m);
	struct nhmex_model *md = upm_os_alloc(sizeof *md);
	if (!md)
		return -1;
	upm_memset(md, 0, sizeof *md);
	md->n_cbo = n_cbo;
	md->fvc_evnt0 = fvc_evnt0;
	md->erratum = erratum;
	p->model = md;
	p->model_advance = nhmex_advance;
	p->model_carry_ns = nhmex_carry_ns;
	/* A host bridge so info has a device to read; its device ID is the model's own
	 * placeholder, not a fact about these platforms. */
	if (!upm_mock_add_pci_dev(m, 0, 0, 0, 0, 0x8086, 0x0000))
		return -1;
	for (unsigned s = 0; s < m->n_sockets; s++) {
		if (build_ubox(m, s) < 0 || build_wbox(m, s, md) < 0)
			return -1;
		for (unsigned n = 0; n < n_cbo; n++)
			if (build_cbo(m, s, n, n_cbo) < 0)
				return -1;
		for (unsigned n = 0; n < 2; n++)
			if (build_bbox(m, s, n) < 0 || build_sbox(m, s, n) < 0 || build_mbox(m, s, n, md) < 0 ||
			    build_rbox(m, s, n) < 0)
				return -1;
	}
	return 0;
}

/* Xeon 7500: family 6 model 0x2E; Xeon E7: model 0x2F (CPUID.1:EAX 0x206E6, 0x206F2). */
static int build_nhmex(struct upm_mock *m)
{
	return build(m, 8, 11, 0, 0x000206E6, "upmon mock Xeon 7500 (Nehalem-EX)");
}

static int build_wsmex(struct upm_mock *m)
{
	return build(m, 10, 12, 1, 0x000206F2, "upmon mock Xeon E7 (Westmere-EX)");
}

/* Two sockets unless --sockets says otherwise, at most four. */
const struct upm_mock_model upm_mock_model_nhmex = {
	.platform = "nhmex",
	.default_sockets = 2,
	.max_sockets = 4,
	.build = build_nhmex,
};

const struct upm_mock_model upm_mock_model_wsmex = {
	.platform = "wsmex",
	.default_sockets = 2,
	.max_sockets = 4,
	.build = build_wsmex,
};

/* mock_e5_cbo_rate: the Sandy/Ivy Bridge-EP CBo traffic model (ep/cbo.h). */
#include "platform/mock/ep/cbo.h"
#include "platform/mock/ep/model.h"
#include "platform/mock/model_rates.h"

#define UCLK_MHZ MOCK_EP_UCLK_MHZ /* the models' uncore clock (ep/model.h) */
#define DRD_OPCODE 0x182u  /* data read */
#define PCIRDCUR 0x19Eu
#define PCIITOM 0x19Cu
#define HIT_CYCLES 40u     /* uncore cycles a data read that hits holds its TOR entry */
#define MISS_CYCLES 200u   /* ... one that misses, to memory and back */
#define TOR_ENTRIES 20u    /* max inc 20 (000:591) */
#define INGRESS_CYCLES 4u
#define IO_READ_NS 64u     /* one PCIe read line per 64 ns: 1 GB/s */
#define IO_WRITE_NS 128u   /* one PCIe write line per 128 ns: 0.5 GB/s */

/* COUNTER0_OCCUPANCY: counter 0's queue (the IRQ ingress or the TOR, as its control
 * selects, with the box's filters) through this counter's threshold and edge detect. The
 * model's queues are light: entries never overlap, so each entry is a stretch of its own
 * that the queue is not empty. Threshold 0 passes the occupancy, 1 the cycles not empty
 * (with edge detect: the stretches, one an entry), 2 and up nothing; invert is not
 * modelled (0). */
static uint64_t counter0(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	uint64_t c0 = b->n_ctrs && b->ctrs[0].ctl ? b->ctrs[0].ctl->value : 0;
	unsigned inserts = ev(c0) == 0x11 ? 0x13 : ev(c0) == 0x36 ? 0x35 : 0; /* RxR, TOR */
	unsigned thresh = (unsigned)((ctl >> 24) & 0xFF);
	if (!inserts || !b->rate || (ctl >> 23) & 1 || thresh > 1)
		return 0;
	uint64_t occ = b->rate(b, c0, a), busy = traffic_cycles(b, a, UCLK_MHZ);
	if (thresh == 0)
		return occ;
	if ((ctl >> 18) & 1)
		return b->rate(b, (c0 & ~0xFFull) | inserts, a);
	return occ < busy ? occ : busy;
}

uint64_t mock_e5_cbo_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a,
			  unsigned state, unsigned opc, int tor_counts)
{
	uint64_t lookups = mock_box_share(b, a->llc_lookups);
	uint64_t misses = mock_box_share(b, a->llc_misses);
	uint64_t writes = mock_box_share(b, a->lines_written);
	if (misses > lookups)
		misses = lookups;

	switch (ev(ctl)) {
	case 0x00: /* CLOCKTICKS */
		return cycles(a, UCLK_MHZ);
	case 0x34: { /* LLC_LOOKUP */
		uint64_t n = 0;
		if ((umask(ctl) & 0x03) == 0x03)
			n += (state & 0x01 ? misses : 0) + (state & 0x04 ? lookups - misses : 0);
		if ((umask(ctl) & 0x05) == 0x05)
			n += state & 0x08 ? writes : 0;
		return n;
	}
	case 0x37: /* LLC_VICTIMS */
		return (umask(ctl) & 0x01 ? writes : 0) + (umask(ctl) & 0x02 ? misses : 0);
	case 0x35: /* TOR_INSERTS */
	case 0x36: { /* TOR_OCCUPANCY */
		uint64_t hits = 0, miss = 0;
		if (!tor_counts)
			return 0;
		if (opc == DRD_OPCODE) {
			hits = lookups - misses;
			miss = misses;
		} else if (opc == PCIRDCUR) {
			hits = mock_box_share(b, a->nanoseconds / IO_READ_NS);
		} else if (opc == PCIITOM) {
			hits = mock_box_share(b, a->nanoseconds / IO_WRITE_NS);
		}
		if ((umask(ctl) & 0x03) == 0x03) /* MISS_OPCODE */
			hits = 0;
		if (ev(ctl) == 0x35)
			return hits + miss;
		uint64_t occ = hits * HIT_CYCLES + miss * MISS_CYCLES, cap = TOR_ENTRIES * traffic_cycles(b, a, UCLK_MHZ);
		return occ < cap ? occ : cap;
	}
	case 0x1D: /* RING_BL_USED: low nibble UP even/odd, DOWN even/odd (the same bits on
		    * both parts; Ivy Bridge-EP's second virtual ring, 0xF0, carries nothing) */
		return ((umask(ctl) & 0x01 ? lookups : 0) + (umask(ctl) & 0x02 ? lookups : 0) +
			(umask(ctl) & 0x04 ? writes : 0) + (umask(ctl) & 0x08 ? writes : 0));
	case 0x1F: /* COUNTER0_OCCUPANCY */
		return counter0(b, ctl, a);
	case 0x13: /* RxR_INSERTS */
	case 0x11: { /* RxR_OCCUPANCY */
		uint64_t n = umask(ctl) & 0x01 ? lookups + writes : 0;
		return ev(ctl) == 0x13 ? n : n * INGRESS_CYCLES;
	}
	default:
		return 0;
	}
}

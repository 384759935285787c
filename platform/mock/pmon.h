/* A model of freeze-style PMON boxes (Sandy Bridge-EP generation): counters that count
 * only when locally enabled and their box is not frozen (frz needs frz_en), write-only
 * box-control bits that act when written (freeze, reset counters, reset controls),
 * per-counter reset bits, and counters that wrap at their width.
 * The platform model supplies the registers and a function that says how much an
 * event counts for a given activity.
 *
 * How a model registers its boxes (and so gets every box fault of mock.h for free):
 *   b = mock_pmon_add_box(m, "cbo", kind, socket, instance);   the fault specs' BOXn
 *   mock_box_set_box_ctl(b, reg, has_reset_bits);               when the box has one
 *   mock_box_add_ctr(b, ctl, lo, hi, width, en_bit, rst_bit);   each general counter
 *   mock_box_set_fixed(b, ctl, lo, hi, width, en_bit, rst_bit); the fixed counter
 *   b->filters[k] = reg;  mock_box_add_reg(b, reg);             filters; any other
 *                                                                register of the box
 *   b->rate / b->fixed_rate                                     what events count
 * Rate functions spread traffic over a box type's instances with mock_box_share(b, n)
 * (nochannel, unpopulated and skew act there). A model with its own counting loop
 * advances counters with mock_ctr_advance() and gates them with mock_ctr_counting();
 * one whose boxes stop by an enable bit rather than freeze sets b->stops. Register-level
 * faults (stuckbit, dead, absent, stuck) work on the registers wired above. */
#ifndef UPMON_PLATFORM_MOCK_PMON_H
#define UPMON_PLATFORM_MOCK_PMON_H

#include "platform/mock/mock.h"

#define MOCK_MAX_CTRS 8
#define MOCK_MAX_FILTERS 4
#define MOCK_NO_BIT 0xFF

struct mock_box;

/* A counter register: one 64-bit MSR, or two PCI dwords (low, high). */
struct mock_ctr {
	struct upm_mock_reg *ctl;
	/* A 64-bit control held as two PCI dwords: its high one (NULL otherwise). */
	struct upm_mock_reg *ctl_hi;
	struct upm_mock_reg *lo, *hi;
	unsigned width;
	uint8_t en_bit;   /* in ctl */
	uint8_t rst_bit;  /* in ctl, write-only; MOCK_NO_BIT when none */
	uint8_t frozen_by_box; /* 0 for counters the box freeze does not reach */
};

/* What an event counts: the model's reading of the guide, for one counter. */
typedef uint64_t (*mock_rate_fn)(const struct mock_box *box, uint64_t ctl,
				 const struct upm_activity *act);
/* A box-level stop other than freeze (an enable bit in a box or global control):
 * nonzero when it stops counter c. */
typedef int (*mock_stop_fn)(const struct mock_box *box, const struct mock_ctr *c);
/* Called when counter c of the box wraps past its width (an overflow status to set). */
typedef void (*mock_overflow_fn)(const struct mock_box *box, const struct mock_ctr *c);

#define MOCK_MAX_EXTRA 8

struct mock_box {
	const char *name;   /* "cbo" — for fault specs and messages */
	unsigned instance;
	unsigned socket;
	unsigned kind;      /* the platform model's own box kind */
	struct upm_mock_reg *box_ctl; /* NULL when the box has none */
	uint8_t frz_en, frz;          /* state set by write-only box-control bits */
	uint8_t has_reset_bits;       /* box control bits 1:0 reset counters/controls */
	struct mock_ctr ctrs[MOCK_MAX_CTRS];
	unsigned n_ctrs;
	struct mock_ctr fixed;        /* fixed.lo == NULL when absent */
	struct upm_mock_reg *filters[MOCK_MAX_FILTERS];
	mock_rate_fn rate;            /* general counters */
	mock_rate_fn fixed_rate;      /* the fixed counter */
	unsigned n_peers;             /* instances of this box type on the socket (for shares) */
	mock_stop_fn stops;           /* NULL: the box stops when frz_en and frz are set */
	mock_overflow_fn overflow;    /* NULL: overflow sets nothing */
	struct upm_mock_reg *extra[MOCK_MAX_EXTRA]; /* other registers (mock_box_add_reg) */
	unsigned n_extra;
	/* A link box's rate status register (QPI_RATE_STATUS), also one of its extras, or
	 * NULL: what the linkrate= fault sets. */
	struct upm_mock_reg *rate_status;
	struct upm_mock *mock;        /* owner, for peer lookups */
	/* Fault state, set by fault specs (pmon_faults.c). */
	uint8_t ignores_freeze;       /* nofreeze */
	uint8_t unclocked;            /* unpopulated: nothing in the box counts */
	uint8_t share_set;            /* nochannel/unpopulated/skew: share_milli applies */
	uint32_t share_milli;         /* its share, in thousandths of an even share */
};

struct mock_pmon {
	struct mock_box *boxes;
	unsigned n_boxes, cap;
	unsigned violations;     /* writes the guide forbids (reserved bits on PCI, ...) */
	char last_violation[120];
	/* Optional, set by the platform model: its state, counters of its own beyond the
	 * boxes (free-running ones: advanced after the boxes), and option or fault terms
	 * neither the register file nor the box faults know (the contract of
	 * upm_mock_model_ops.apply_fault). `model` is freed with the pmon state. */
	void *model;
	void (*model_advance)(struct upm_mock *m, const struct upm_activity *act);
	int (*model_fault)(struct upm_mock *m, unsigned socket, const char *term, const char *key,
			   const char *value);
	/* The least time the model's links and memory channels take to carry a report
	 * (upm_mock_model_ops.carry_ns). */
	uint64_t (*model_carry_ns)(struct upm_mock *m, const struct upm_activity *act);
	/* mock_pmon_box's index (pmon_boxes.c): box number + 1 by (socket, name, instance),
	 * open addressing, index_size a power of two. The mock looks boxes up on every access
	 * (a link's peer, a box's share); a linear search with a string compare per box was a
	 * tenth of a sanitized check's time. Rebuilt when boxes were added since (indexed <
	 * n_boxes) or one was renumbered (mock_box_renumber). */
	uint16_t *index;
	unsigned index_size, indexed;
	uint8_t index_stale;
	/* Every wired counter of every box in table order, as the advance on each access
	 * reads them (pmon.c): a flat list instead of a walk over the boxes' whole
	 * structures. Rebuilt when a box is added or a counter wired (refs_stale). */
	struct mock_ctr_ref *refs;
	unsigned n_refs;
	uint8_t refs_stale;
};

/* One counter in mock_pmon.refs: its control's value and enable bit taken out, so a
 * counter that is not enabled costs one read. */
struct mock_ctr_ref {
	const uint64_t *ctl_value; /* c->ctl->value */
	uint64_t en_mask;          /* its enable bit there; 0: it has none */
	struct mock_box *box;
	struct mock_ctr *ctr;
	unsigned socket;
	uint8_t fixed;             /* the box's fixed counter: fixed_rate applies */
};

struct mock_pmon *mock_pmon_of(struct upm_mock *m);
/* Installs the pmon state and its model ops on m. */
int mock_pmon_init(struct upm_mock *m);
struct mock_box *mock_pmon_add_box(struct upm_mock *m, const char *name, unsigned kind,
				   unsigned socket, unsigned instance);
/* Wires a register to a box: hooks for box control, counter control and counters. */
void mock_box_set_box_ctl(struct mock_box *b, struct upm_mock_reg *r, int has_reset_bits);
void mock_box_add_ctr(struct mock_box *b, struct upm_mock_reg *ctl, struct upm_mock_reg *lo,
		      struct upm_mock_reg *hi, unsigned width, uint8_t en_bit, uint8_t rst_bit);
void mock_box_set_fixed(struct mock_box *b, struct upm_mock_reg *ctl, struct upm_mock_reg *lo,
			struct upm_mock_reg *hi, unsigned width, uint8_t en_bit, uint8_t rst_bit);

/* Registers a register that is part of the box but none of the above (a status, a
 * second filter), so that dead= and absent= reach it. 0, or -1 when full. */
int mock_box_add_reg(struct mock_box *b, struct upm_mock_reg *r);

uint64_t mock_ctr_get(const struct mock_ctr *c);
/* The counter's whole control: its register, with the high dword above bit 32 where it
 * has one (ctl_hi). What rate functions are given. */
uint64_t mock_ctr_ctl(const struct mock_ctr *c);
void mock_ctr_set(struct mock_ctr *c, uint64_t v);
/* Locally enabled and not stopped by the box (freeze, or b->stops), unless nofreeze. */
int mock_ctr_counting(const struct mock_box *b, const struct mock_ctr *c);
/* Adds n events (wrapping at the width) unless the counter is stuck or the box unclocked. */
void mock_ctr_advance(const struct mock_box *b, struct mock_ctr *c, uint64_t n);

void mock_pmon_violation(struct upm_mock *m, const char *what);
/* Fractional share of n for instance i of n_peers, so the shares add up to n exactly.
 * Ignores faults: rate functions use mock_box_share instead. */
uint64_t mock_share(uint64_t n, unsigned i, unsigned n_peers);
/* Box b's share of n spread over the boxes of its name on its socket, evenly unless a
 * nochannel/unpopulated/skew fault says otherwise; the shares add up to n exactly. */
uint64_t mock_box_share(const struct mock_box *b, uint64_t n);
/* The time the traffic being delivered took (platform/mock/mock.h, Time): its interval
 * and what holds added (m->traffic_ns) while a report is delivered, else the activity's
 * own interval. */
static inline uint64_t mock_took_ns(const struct upm_mock *m, const struct upm_activity *a)
{
	return m->traffic_ns ? m->traffic_ns : a->nanoseconds;
}
/* The box of that socket, name and instance; NULL when there is none (or m is no pmon). */
struct mock_box *mock_pmon_find(struct upm_mock *m, unsigned socket, const char *name,
				unsigned instance);
/* The same in a pmon state's box table (pmon_boxes.c). */
struct mock_box *mock_pmon_box(struct mock_pmon *p, unsigned socket, const char *name,
			       unsigned instance);
/* Gives box b of p another instance number (a model that numbers a socket's boxes across
 * its dies once they are made); the box index is rebuilt at the next lookup. */
void mock_box_renumber(struct mock_pmon *p, struct mock_box *b, unsigned instance);
/* The register list of a box (controls, counters, fixed, filters, extras), for faults
 * (pmon_boxes.c). */
unsigned mock_box_regs(const struct mock_box *b, struct upm_mock_reg **out, unsigned cap);
/* The pmon side of upm_mock_apply_fault (model ops apply_fault; pmon_faults.c), on m's
 * pmon state p, which the caller passes so that the faults need not look it up. */
int mock_pmon_apply_fault(struct upm_mock *m, struct mock_pmon *p, unsigned socket, const char *term,
			  const char *key, const char *value);

#endif

/* A model of freeze-style PMON boxes (Sandy Bridge-EP generation): counters that count
 * only when locally enabled and their box is not frozen (frz needs frz_en), write-only
 * box-control bits that act when written (freeze, reset counters, reset controls),
 * per-counter reset bits, and counters that wrap at their width.
 * The platform model supplies the registers and a function that says how much an
 * event counts for a given activity. */
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
	struct upm_mock_reg *lo, *hi;
	unsigned width;
	uint8_t en_bit;   /* in ctl */
	uint8_t rst_bit;  /* in ctl, write-only; MOCK_NO_BIT when none */
	uint8_t frozen_by_box; /* 0 for counters the box freeze does not reach */
};

/* What an event counts: the model's reading of the guide, for one counter. */
typedef uint64_t (*mock_rate_fn)(const struct mock_box *box, uint64_t ctl,
				 const struct upm_activity *act);

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
	uint8_t stuck_mask;           /* fault: these counters never move */
};

struct mock_pmon {
	struct mock_box *boxes;
	unsigned n_boxes, cap;
	unsigned violations;     /* writes the guide forbids (reserved bits on PCI, ...) */
	char last_violation[120];
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

uint64_t mock_ctr_get(const struct mock_ctr *c);
void mock_ctr_set(struct mock_ctr *c, uint64_t v);
int mock_ctr_counting(const struct mock_box *b, const struct mock_ctr *c);

void mock_pmon_violation(struct upm_mock *m, const char *what);
/* Fractional share of n for instance i of n_peers, so the shares add up to n exactly. */
uint64_t mock_share(uint64_t n, unsigned i, unsigned n_peers);
struct mock_box *mock_pmon_find(struct upm_mock *m, unsigned socket, const char *name,
				unsigned instance);

#endif

/* Box types as data: where a PMON box's registers are, what their fields mean, and
 * which steps of the monitoring session apply. The session engine (core/session.c)
 * reads these tables; it holds no per-box special cases. */
#ifndef UPMON_BOXES_BOX_H
#define UPMON_BOXES_BOX_H

#include <stdint.h>
#include "boxes/event.h"

#define UPM_MAX_CTRS 8
#define UPM_MAX_FILTER_REGS 4
#define UPM_NO_REG 0xFFFFFFFFu

enum upm_space {
	UPM_SPACE_MSR = 0,
	UPM_SPACE_PCI = 1,
	UPM_SPACE_MMIO = 2,
};

/* A bit field of a register; width 0 means the register has no such field. */
struct upm_bitfield {
	uint8_t lo;
	uint8_t width;
};

#define UPM_FIELD(lo_, width_) { .lo = (lo_), .width = (width_) }
#define UPM_BIT(b) UPM_FIELD(b, 1)

static inline uint64_t upm_field_mask(struct upm_bitfield f)
{
	return f.width ? (f.width >= 64 ? ~0ULL : ((1ULL << f.width) - 1)) << f.lo : 0;
}

static inline uint64_t upm_field_put(struct upm_bitfield f, uint64_t v)
{
	return f.width ? (v << f.lo) & upm_field_mask(f) : 0;
}

static inline uint64_t upm_field_get(struct upm_bitfield f, uint64_t reg)
{
	return f.width ? (reg & upm_field_mask(f)) >> f.lo : 0;
}

/* 1 when v fits the field. */
static inline int upm_field_fits(struct upm_bitfield f, uint64_t v)
{
	return f.width && (f.width >= 64 || (v >> f.width) == 0);
}

/* Fields of a counter control register (the guide's PMON_CTL tables). */
struct upm_ctl_layout {
	struct upm_bitfield ev_sel, umask, ev_sel_ext, en, edge, invert, thresh, tid_en,
		rst, ov_en, occ_sel, occ_invert, occ_edge;
};

/* Fields of a box control register. All of them are write-only on the parts that have
 * them, so the engine writes whole values and never reads them back. */
struct upm_box_ctl_layout {
	struct upm_bitfield frz_en, frz, rst_ctrs, rst_ctrl;
};

/* A modifier term of an event spec that lands in a filter register. */
struct upm_filter_field {
	const char *term;          /* "filter_opc" */
	uint8_t reg;               /* index into upm_box_type.filter_regs */
	struct upm_bitfield field;
	uint8_t satisfies;         /* enum upm_filter_need this field provides */
};

/* A PCI function of a box instance on a socket's uncore bus. */
struct upm_pci_fn {
	uint8_t dev;
	uint8_t fn;
	uint16_t device_id;
};

/* A counter outside the PMON control scheme (free-running, read-only). */
struct upm_free_ctr {
	const char *name;  /* spec name: "CORE_C3_CTR" */
	uint32_t addr;     /* MSR, config offset, or MMIO offset */
	unsigned width;
	const char *source;
};

/* Which steps of the session apply (flags). */
enum upm_session_flags {
	UPM_SESS_BOX_FREEZE = 1u << 0,  /* box control has frz/frz_en: freeze while programming */
	UPM_SESS_RESET_BIT = 1u << 1,   /* box control resets counters (BOX_CTL[1:0] = 0x2) */
	UPM_SESS_ZERO_CTRS = 1u << 2,   /* no reset bit: clear counters by writing zero */
	UPM_SESS_PARK_EVSEL = 1u << 3,  /* no box control: program ev_sel=0 and set the real event
					  * just before the other boxes unfreeze (000:298-301) */
};

struct upm_box_type {
	const char *name;      /* spec and file name: "cbo" */
	const char *title;     /* "Caching agent (CBo)" */
	enum upm_space space;
	unsigned max_instances;

	/* MSR boxes: addresses of instance 0; instance i adds i * stride. PCI boxes: config
	 * offsets, the same for every instance; pci[i] locates instance i. */
	uint32_t stride;
	const struct upm_pci_fn *pci; /* max_instances entries for PCI boxes */

	uint32_t box_ctl;             /* UPM_NO_REG when the box has none */
	uint32_t ctl[UPM_MAX_CTRS];
	uint32_t ctr[UPM_MAX_CTRS];   /* PCI: offset of the low dword; the high dword follows */
	unsigned n_ctrs;
	unsigned ctr_width;
	unsigned ctl_width;           /* 32 or 64: register size of counter controls */

	/* Fixed counter (UCLK or DCLK); fixed_ctr == UPM_NO_REG when absent. */
	uint32_t fixed_ctl, fixed_ctr;
	unsigned fixed_width;
	struct upm_bitfield fixed_en, fixed_rst;
	const char *fixed_event;      /* name it is selected by in specs: "UCLK" */

	/* Filter registers (MSR addresses of instance 0, or config offsets; on PCI boxes
	 * filter_pci, when set, gives the function that holds them). */
	uint32_t filter_regs[UPM_MAX_FILTER_REGS];
	unsigned n_filter_regs;
	unsigned filter_width;        /* 32 or 64 */
	const struct upm_pci_fn *filter_pci;
	const struct upm_filter_field *filters;
	unsigned n_filters;

	struct upm_ctl_layout ctl_layout;
	struct upm_box_ctl_layout box_ctl_layout;
	unsigned session; /* enum upm_session_flags */

	const struct upm_free_ctr *free_ctrs;
	unsigned n_free_ctrs;

	const struct upm_event_def *events;
	const unsigned *n_events;

	const char *source; /* where the register facts come from */
};

#endif

/* Room boxes: the shapes every platform's tables fill: box types (box.h), events
 * (event.h), groups (group.h), metrics (metric.h) and event names (names.h). The registration of a
 * processor (platform.h) and the registry (platforms.c) live here too, and the builder of
 * the box types a discovery table places (discovered.h). Includes platform,
 * base and platform/mock.
 *
 * Box types as data: where a PMON box's registers are, what their fields mean, and
 * which steps of the monitoring session apply. The session engine (core/session/session.c)
 * reads these tables; it holds no per-box special cases. */
#ifndef UPMON_BOXES_BOX_H
#define UPMON_BOXES_BOX_H

#include <stdint.h>
#include "boxes/event.h"
#include "platform/backend.h"
#include "platform/space.h"

#define UPM_MAX_CTRS 8
#define UPM_MAX_FILTER_REGS 12
/* Sub-configuration registers that exist once per port (R-Box IPERF, QLX, mask/match):
 * at most this many ports per box instance. */
#define UPM_MAX_SUB_INDEX 4
#define UPM_NO_REG 0xFFFFFFFFu

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
	/* A second event select (M-Box set_flag_sel): events with `ext` put their code here
	 * instead of ev_sel, and set ev_sel_ext (there the field that enables it). */
	struct upm_bitfield ev_sel_alt;
	/* Set in every control value, so in the write that enables the counter: occ_rst
	 * resets the counter's occupancy sub-counter (S-Box reset_occ_cnt), wrap makes the
	 * counter wrap at overflow instead of stopping (M-Box wrap_mode). */
	struct upm_bitfield occ_rst, wrap;
	/* Control fields above the unit mask (Sapphire Rapids on; width 0 on the older
	 * platforms): the unit-mask extension (perfmon's UMaskExt; spec term umask_ext=),
	 * the IIO's port mask (PortMask; ch_mask=) and function-class mask (FCMask;
	 * fc_mask=). A box with any of them set at bit 32 or above has ctl_width 64. */
	struct upm_bitfield umask_ext, port_mask, fc_mask;
};

/* Fields of a box control register. All of them are write-only on the parts that have
 * them, so the engine writes whole values and never reads them back. */
struct upm_box_ctl_layout {
	struct upm_bitfield frz_en, frz, rst_ctrs, rst_ctrl;
	/* Reserved bits the guide says software must write as 1 in every write (Ivy
	 * Bridge-EP: bits 17:16); the engine sets them in every box-control value, the
	 * restoring one included. Width 0: none. */
	struct upm_bitfield write_ones;
	/* Boxes whose box control is a per-counter enable (UPM_SESS_BOX_ENABLE_MASK): bit
	 * ctr_en.lo + i enables counter i, fixed_ctr_en the fixed counter. */
	struct upm_bitfield ctr_en, fixed_ctr_en;
};

/* A filter or sub-configuration register that is not addressed like the box's other
 * registers: instance i adds inst_step * i, port k (the spec's index term) adds
 * index_step * k. group: the register holds one event's settings per group of that
 * many bits (an R-Box IPERF register selects one event: 32), so two specs that touch a
 * group conflict unless they set it alike; 0: its fields are independent. gate: a
 * field of this register that enables the box's other filter registers, which may be
 * written only while it is clear (S-Box MM_CFG.mm_en): the engine writes this register
 * with the field clear first, then the others, then this one with the field set. */
struct upm_filter_reg_info {
	const char *name;          /* the guide's name: "PLD", "IPERF_CFG0" */
	uint32_t inst_step;
	uint32_t index_step;       /* 0: one register for the whole instance */
	uint8_t group;
	struct upm_bitfield gate;
};

/* A second home for an event's sub-configuration (R-Box: IPERF_CFG1 beside IPERF_CFG0,
 * the ev1 half of QLX_CFG beside ev0): settings in register `from` move to register
 * `to`, `shift` bits up, and the event select grows by the box's alt_ev_add. */
struct upm_sub_slot {
	uint8_t from, to, shift;
};

/* Where a box instance's overflow shows in the platform's overflow summary
 * (upm_platform.overflow): summary register `summary` (index into its list), bit `bit`;
 * summary -1: straight in the global status, bit `bit`. */
struct upm_ovf_route {
	int8_t summary;
	uint8_t bit;
};

/* A modifier term of an event spec that lands in a filter register. */
struct upm_filter_field {
	const char *term;          /* "filter_opc" */
	uint8_t reg;               /* index into upm_box_type.filter_regs */
	struct upm_bitfield field;
	uint16_t satisfies;        /* enum upm_filter_need this field provides */
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

/* How many instances of a box a socket really has, read at run time from a register
 * of the socket: the value of `field` in MSR `msr`, minus `minus`, at most
 * max_instances (Skylake: MSR_UNC_CBO_CONFIG, "read and subtract one"). The register
 * is only read, and only when a spec names the box. */
struct upm_instance_count {
	uint32_t msr;
	struct upm_bitfield field;
	unsigned minus;
	const char *name;   /* "MSR_UNC_CBO_CONFIG.NO_CBO_BANKS", for messages */
	const char *source;
};

/* Where a memory-mapped box's registers are: a 64-bit base address register (two
 * dwords, low first) in the configuration space of one PCI function. The BAR is read
 * only after the function's IDs are Intel and one of device_ids, and the MMIO only
 * after the BAR's enable bit is set. The engine only reads MMIO registers. */
struct upm_mmio_base {
	uint8_t bus, dev, fn;
	const uint16_t *device_ids;
	unsigned n_device_ids;
	const char *device_name;    /* "host bridge" */
	const char *device_kind;    /* "6th-generation Core" */
	uint16_t bar_off;           /* config offset of the low dword */
	uint64_t bar_mask;          /* address bits of the 64-bit BAR value */
	struct upm_bitfield enable; /* in the BAR value */
	const char *bar_name;       /* "MCHBAR" */
	const char *source;
};

/* Where one box instance's registers are on one socket, for box types placed at run time
 * (upm_box_type.places: Intel's uncore discovery table, boxes/discovered/). The box type's
 * register addresses are then offsets from the unit control this names. */
struct upm_unit_place {
	uint8_t present;         /* 0: the socket has no such instance */
	uint64_t addr;           /* MSR: the unit control's MSR; MMIO: its physical address */
	struct upm_pci_addr pci; /* PCI: the function, and in off the unit control's config offset */
	uint16_t device_id;      /* PCI: the device ID the function must show; 0: any Intel function */
	uint16_t record;         /* the table record it came from (messages), 0xFFFF: none */
	uint8_t table;           /* and that table's die among its socket's */
};

/* Which steps of the session apply (flags). */
enum upm_session_flags {
	UPM_SESS_BOX_FREEZE = 1u << 0,  /* box control has frz/frz_en: freeze while programming */
	UPM_SESS_RESET_BIT = 1u << 1,   /* box control resets counters (BOX_CTL[1:0] = 0x2) */
	UPM_SESS_ZERO_CTRS = 1u << 2,   /* no reset bit: clear counters by writing zero */
	UPM_SESS_PARK_EVSEL = 1u << 3,  /* no box control: program ev_sel=0 and set the real event
					  * just before the other boxes unfreeze (000:298-301) */
	/* The box control is a per-counter enable (box_ctl_layout.ctr_en): the counters
	 * are programmed and enabled locally in one write each, then enabled at the box
	 * (Xeon E7, 002:414-458); the box control is readable and restored as found. */
	UPM_SESS_BOX_ENABLE_MASK = 1u << 4,
	/* ... and that enable lives in the platform's global control register (U-Box: bit 0
	 * of U_MSR_PMON_GLOBAL_CTL): it is carried in every global-control write instead. */
	UPM_SESS_ENABLE_IN_GLOBAL = 1u << 5,
	/* The platform's global control resets every counter (rst_all): no per-box reset. */
	UPM_SESS_GLOBAL_RESET = 1u << 6,
	/* Counter reads whose low 24 bits are 0x000000 or 0x000001 are 0x1000000 too high
	 * (Xeon E7 erratum, 002:5626-5629): the engine subtracts it. */
	UPM_SESS_READ_ERRATUM_24 = 1u << 7,
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
	const char *fixed_alias;      /* another name for it (the guide's), or NULL */
	uint8_t fixed_clock;          /* 1: it counts a clock (as upm_event_def.clock) */

	/* Filter registers (MSR addresses of instance 0, or config offsets; on PCI boxes
	 * filter_pci, when set, gives the function that holds them). */
	uint32_t filter_regs[UPM_MAX_FILTER_REGS];
	unsigned n_filter_regs;
	unsigned filter_width;        /* 32 or 64 */
	const struct upm_pci_fn *filter_pci;
	const struct upm_filter_field *filters;
	unsigned n_filters;

	/* Overflow status, where the guide defines one (the health check's wrap test reads
	 * it): bit ovf_lo + i belongs to counter i, and it clears by writing one to that bit
	 * of ovf_clear (the status register itself when it is write-1-to-clear). MSR
	 * address (instance 0) or config offset; 0 when the guide defines none. */
	uint32_t ovf_status, ovf_clear;
	uint8_t ovf_lo;
	/* The guide lets software write the counters (zeroing, preloading a sample). */
	uint8_t ctr_writable;
	/* Instances from this one on exist only on some parts of the platform (EX-only
	 * links): absent, they are not a finding. 0: every instance is expected. */
	uint8_t optional_from;

	struct upm_ctl_layout ctl_layout;
	struct upm_box_ctl_layout box_ctl_layout;
	unsigned session; /* enum upm_session_flags */

	const struct upm_free_ctr *free_ctrs;
	unsigned n_free_ctrs;

	/* MSR boxes whose instances are not evenly spaced: instance i's registers are at the
	 * instance-0 addresses plus instance_base[i] (max_instances entries); NULL: i * stride. */
	const uint32_t *instance_base;
	/* Per filter register (n_filter_regs entries), when they are addressed otherwise
	 * than the box's registers or hold a gate; NULL: like the box's registers. */
	const struct upm_filter_reg_info *filter_info;
	/* A spec term that picks the port an event watches ("port"): port N is port
	 * N % n_index of instance N / n_index, selects the per-port filter registers and adds
	 * index_ev_step * (N % n_index) to the event select. NULL: no such term. */
	const char *index_term;
	unsigned n_index;
	uint8_t index_ev_step;
	/* Second homes for sub-configuration (see struct upm_sub_slot); alt_ev_add is what the
	 * second home adds to the event select. */
	const struct upm_sub_slot *alt_slots;
	unsigned n_alt_slots;
	uint8_t alt_ev_add;
	/* Overflow: where each instance shows in the platform's summary (max_instances
	 * entries; NULL: read the box's status whenever the global status shows any), and
	 * the fixed counter's bit in ovf_status/ovf_clear (width 0: none). */
	const struct upm_ovf_route *ovf_route;
	struct upm_bitfield ovf_fixed;

	/* NULL: all max_instances exist. Else the socket says how many (see above). */
	const struct upm_instance_count *count;
	/* A part has no more instances than cores per package (CPUID): a die's CBos beyond
	 * a smaller part's cores are not there (Linux clamps the CBo count likewise:
	 * uncore_snbep.c snbep_/ivbep_uncore_cpu_init, uncore_nhmex.c nhmex_uncore_cpu_init:
	 * num_boxes > boot_cpu_data.x86_max_cores sets num_boxes to x86_max_cores). The rest
	 * are "not present on this part", never touched. */
	uint8_t count_clamped_to_cores;
	/* MMIO boxes: how the base address is found; register addresses are offsets. */
	const struct upm_mmio_base *mmio;

	const struct upm_event_def *events;
	const unsigned *n_events;

	/* Instances placed at run time (Intel's uncore discovery table): the registers above
	 * are offsets from each instance's unit control, found at places[socket *
	 * max_instances + instance] (places_sockets sockets); stride, instance_base, pci and
	 * mmio are unused. places NULL: no table placed any (a template shown offline, or
	 * none found). Counter controls of 64 bits (ctl_width) on PCI and MMIO are two dwords,
	 * the high one written first (Linux uncore_snbep.c spr_uncore_pci_enable_event), and
	 * MMIO counters are read as one 64-bit load. */
	uint8_t placed;
	const struct upm_unit_place *places;
	unsigned places_sockets;

	const char *source; /* where the register facts come from */
};

#endif

/* Box types built at run time from Intel's uncore discovery tables (platform/discovery.h),
 * one per box type a table has, merged with the model's quirk table (boxes/spr/quirks.c)
 * that adds what the tables lack. Generic: it knows no model, so a later part needs only
 * its quirk table; it lives with the shapes it fills (box.h, platform.h), beside the
 * registry, for every generation whose boxes a table places.
 *
 * Facts: Linux arch/x86/events/intel/uncore_discovery.c (the generic unit: freeze bit 0,
 * reset bits 8 and 9, event 7:0, umask 15:8, edge 18, invert 23, threshold 31:24), Intel
 * PCM src/uncore_pmu_discovery.h (registerStep: consecutive MSRs, else by the counter
 * width in bytes). */
#ifndef UPMON_BOXES_DISCOVERED_H
#define UPMON_BOXES_DISCOVERED_H

#include <stddef.h>
#include "boxes/platform.h"
#include "platform/discovery.h"

/* The generic unit (Linux uncore_discovery.h GENERIC_PMON_*), the layout every discovery
 * platform's units share: counter control event 7:0, umask 15:8, edge 18, invert 23,
 * threshold 31:24 and no enable bit (the unit freeze gates counting); unit control freeze
 * bit 0, reset controls bit 8, reset counters bit 9. For templates' initializers. */
#define UPM_DISC_CTL_LAYOUT                                                               \
	.ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .edge = UPM_BIT(18),        \
	.invert = UPM_BIT(23), .thresh = UPM_FIELD(24, 8)
#define UPM_DISC_BOX_CTL_LAYOUT { .frz = UPM_BIT(0), .rst_ctrl = UPM_BIT(8), .rst_ctrs = UPM_BIT(9) }
#define UPM_DISC_SESSION (UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT)

/* A type no model's quirk names: the generic unit, counters and offsets from its record
 * (a model's struct upm_disc_model.generic). */
extern const struct upm_box_type upm_disc_generic;

/* Units a model places itself instead of the tables (Sapphire Rapids' UPI and M3UPI,
 * whose table entries may point at no device): link i is the PCI function dev0 + i, fn,
 * on the bus the table's own records of that type name, its unit control at unit_ctl, and
 * the function must show device_id. The tables' records of the type are compared with
 * these places and each that differs is a finding naming it. */
struct upm_disc_replacement {
	uint16_t device_id;
	uint8_t dev0, fn;
	uint8_t n;            /* links */
	uint16_t unit_ctl;    /* config offset of the unit control */
	const char *source;
};

/* What a model adds to one box type of the tables. */
struct upm_disc_quirk {
	uint16_t box_type;               /* the tables' type id */
	/* Name, title, events, layouts, fixed counter and filter registers (offsets from the
	 * unit control), max_instances (an upper bound for offline listing), session flags. */
	const struct upm_box_type *tmpl;
	/* Bytes between counter controls on PCI and MMIO where they do not step by the
	 * counter width (SPR IMC: 4, CXL: 8); 0: by the counter width. */
	uint8_t ctl_step;
	/* Non-NULL: the tables' records of this type are not used; these places are. The
	 * template then holds every register, count and width. */
	const struct upm_disc_replacement *replace;
};

struct upm_disc_model {
	const struct upm_disc_quirk *quirks;
	unsigned n_quirks;
	/* The layout of a type the quirks do not know ("type5"): named from its type id, no
	 * events of its own (raw event=,umask= terms count on it). */
	const struct upm_box_type *generic;
	/* 1: each die's table numbers its units of a type from 0 (Granite Rapids: a socket's
	 * compute dies each list their own CHAs and IMC channels), so a socket's instances
	 * are its dies' in table order, die k's ids after every earlier die's; 0: ids are the
	 * socket's, and a second table naming an id again is a finding. */
	uint8_t ids_per_die;
	const char *source;
};

/* A finding of the build, one line (a table record not used, a replacement's, a socket's
 * table that disagrees with another's). */
typedef void (*upm_disc_note_fn)(void *ctx, const char *line);

/* The run's platform: tmpl with one box type per type the tables of set have (sockets
 * below n_sockets; quirk templates merged in, types ignored by a replacement placed by
 * it), each instance placed per socket, and the global control from the tables' global
 * record (an MSR freeze at bit 0). One allocation: upm_os_free releases it. NULL with err
 * when nothing could be built (no table, out of memory). */
struct upm_platform *upm_disc_build(const struct upm_platform *tmpl, const struct upm_disc_model *model,
				    const struct upm_disc_set *set, unsigned n_sockets, upm_disc_note_fn note,
				    void *ctx, char *err, size_t err_size);

/* upm_platform.discovered of a platform whose disc_model is its quirk table:
 * upm_disc_build(self, self->disc_model, ...). */
struct upm_platform *upm_disc_discovered(const struct upm_platform *self, const struct upm_disc_set *set,
					 unsigned n_sockets, void (*note)(void *ctx, const char *line), void *ctx,
					 char *err, unsigned long err_size);

/* The byte step of registers of a counter this wide on PCI and MMIO (PCM registerStep):
 * 4 up to 32 bits, else 8. */
unsigned upm_disc_width_step(unsigned ctr_width);

#endif

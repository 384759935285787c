/* perf's names for upmon's specs (part of room events): the kernel's uncore PMU type and
 * the event aliases its driver defines that count what a list of upmon specs counts
 * ("imc/CAS_COUNT.RD/" is perf's uncore_imc cas_count_read on Sandy Bridge-EP), read from
 * the platform's naming tables (boxes/names.h). For check --against perf, which asks the
 * kernel for the same count by the kernel's own definition. */
#ifndef UPMON_CORE_EVENTS_ALIAS_PERF_H
#define UPMON_CORE_EVENTS_ALIAS_PERF_H

#include "boxes/platform.h"

#define UPM_ALIAS_PERF_MAX 4

/* specs: upmon's spelling, comma-separated, each a whole box type ("imc/CAS_COUNT.RD/",
 * or Granite Rapids' two schedulers). pmu gets perf's type ("imc"), aliases[0..*n) the
 * alias of each spec, in order (pointers into the tables). 0, or -1 with a line in err:
 * a spec perf has no alias for on this platform (and the aliases the box has). */
int upm_alias_perf_of(const struct upm_platform *p, const char *specs, const char **pmu, const char **aliases,
		      unsigned max, unsigned *n, char *err, unsigned long err_size);

/* The kernel's PMU for one box instance: "uncore_" + perf's type, then "_N" unless perf
 * names the type's one box without it ("uncore_ha"). 0, or -1 with a line in err when perf
 * has no PMU for the box type. */
int upm_alias_perf_pmu_name(const struct upm_platform *p, const struct upm_box_type *t, unsigned instance, char *buf,
			    unsigned long size, char *err, unsigned long err_size);

struct upm_spec;
/* The kernel's PMU a spec counts on for box instance `instance`: its box's
 * (upm_alias_perf_pmu_name), or, for a counter perf defines on another box (Skylake's ncu
 * UCLK is perf's uncore_cbox_0 clockticks), that box's first. 0, or -1 with err. */
int upm_alias_perf_spec_pmu(const struct upm_platform *p, const struct upm_spec *sp, unsigned instance, char *buf,
			    unsigned long size, char *err, unsigned long err_size);

/* A parsed spec as perf's terms, the kernel's format names for the control fields
 * (event, umask, edge, inv, thresh, tid_en, occ_sel, occ_invert, occ_edge) and the filter
 * terms by their own names ("event=0x35,umask=0x3,filter_opc=0x182"). The PMU's format
 * decides what it takes. A fixed or free-running counter is "@ALIAS", perf's event alias
 * for it, which the kernel defines (events/ALIAS). 0, or -1 with a line in err: such a
 * counter perf names nothing for, or a control field perf's formats name per processor
 * (the unit-mask extension, port and function masks). */
int upm_alias_perf_terms(const struct upm_platform *p, const struct upm_spec *sp, char *buf, unsigned long size, char *err,
			 unsigned long err_size);

#endif

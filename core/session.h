/* The monitoring session (guide 327043-001 section 2.1, and its equivalents), driven by
 * the box tables: save what will be touched; per pass freeze, program, reset, unfreeze,
 * run the measured interval, freeze, read; restore everything, also after an error.
 * Each socket's registers are accessed from a processor of that socket. */
#ifndef UPMON_CORE_SESSION_H
#define UPMON_CORE_SESSION_H

#include "core/discover.h"
#include "core/sched.h"
#include "core/spec.h"

#define UPM_SESSION_MAX_SPECS 64

enum upm_box_state {
	UPM_BOX_OK = 0,
	UPM_BOX_ABSENT,    /* PCI function missing or hidden; MSR box whose registers fault */
	UPM_BOX_MISMATCH,  /* another device answers where the box should be: never written */
	UPM_BOX_NO_BUS,    /* no uncore bus found for this socket */
	UPM_BOX_FAULT,     /* an access failed during the session */
};

/* One box instance on one socket that takes part. */
struct upm_box_inst {
	const struct upm_box_type *type;
	unsigned socket;
	unsigned instance;
	uint8_t bus;
	enum upm_box_state state;
	char why[96];
	/* Which registers the session touches (bit i: counter i). */
	uint8_t ctr_used;
	uint8_t filter_used; /* bit i: filter register i */
	uint8_t fixed_used;
	/* Specs of this instance and where they run. */
	unsigned spec_idx[UPM_SESSION_MAX_SPECS];
	struct upm_placement place[UPM_SESSION_MAX_SPECS];
	unsigned n;
};

struct upm_count {
	unsigned pass;
	unsigned socket;
	const struct upm_box_type *box;
	unsigned instance;
	int counter;        /* general counter index; -1 fixed; -2 free-running */
	unsigned spec;      /* index into the session's specs */
	uint64_t start, end, delta;
	int status;         /* UPM_OK, or why there is no count */
	uint64_t interval_ns;
};

struct upm_saved_reg {
	struct upm_box_inst *box;
	uint32_t addr;      /* MSR number or config offset */
	uint8_t on_filter_fn; /* PCI: the register is on the box's filter function */
	uint8_t dwords;     /* PCI: 1, or 2 for a 48-bit counter */
	uint8_t write_only; /* box control: restored to its reset value, not read */
	uint64_t value;
	int restored;       /* UPM_OK, or the error restoring it */
};

struct upm_session;

/* The measured interval of a pass: runs the workload (or waits) and reports the
 * activity to the backend. Returns the interval's length in nanoseconds. */
typedef uint64_t (*upm_interval_fn)(struct upm_session *s, unsigned pass, void *ctx);

struct upm_session {
	struct upm_run *run;
	struct upm_spec specs[UPM_SESSION_MAX_SPECS];
	unsigned n_specs;
	struct upm_socket_bus buses[UPM_MAX_SOCKETS];
	int has_ecam;
	struct upm_box_inst *boxes;
	unsigned n_boxes;
	unsigned n_passes;
	struct upm_count *counts;
	unsigned n_counts;
	struct upm_saved_reg *saved;
	unsigned n_saved, cap_saved;
	/* The platform's global control, per socket (platform->global). */
	uint64_t global_found[UPM_MAX_SOCKETS];
	uint8_t global_saved[UPM_MAX_SOCKETS];
	unsigned restore_failures;
	char error[200];
};

/* Parses and schedules the specs and finds the box instances. 0, or -1 with error. */
int upm_session_prepare(struct upm_session *s, struct upm_run *r, const char *spec_list);
/* Runs every pass. Counts land in s->counts. Hardware is restored whatever happens.
 * 0, or -1 with error (counts gathered so far are kept). */
int upm_session_run(struct upm_session *s, upm_interval_fn interval, void *ctx);
void upm_session_free(struct upm_session *s);

const char *upm_box_state_name(enum upm_box_state st);
/* end - start for a counter of this width that may have wrapped once. */
uint64_t upm_counter_delta(uint64_t start, uint64_t end, unsigned width);

#endif

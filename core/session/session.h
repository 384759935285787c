/* Room session: the monitoring-session engine: finding the uncore (PCI bus per socket, box
 * presence, the configuration-access path), then per pass freeze, program, reset,
 * unfreeze, read, restore, with the overflow walk and the safety record. Includes base,
 * platform, cli, events and workload (the watchdog's length for a pass: watchdog_plan.h).
 *
 * The monitoring session (guide 327043-001 section 2.1, and its equivalents), driven by
 * the box tables: save what will be touched; per pass freeze, program, reset, unfreeze,
 * run the measured interval, freeze, read; restore everything, also after an error.
 * Each socket's registers are accessed from a processor of that socket. */
#ifndef UPMON_CORE_SESSION_H
#define UPMON_CORE_SESSION_H

#include "core/session/discover.h"
#include "core/session/present.h"
#include "core/events/sched.h"
#include "core/events/spec.h"
#include "core/events/once.h"

#define UPM_SESSION_MAX_SPECS 64
#define UPM_SESSION_MAX_METRICS 32 /* x UPM_MAX_SOCKETS values fit the 256 the writers hold */

enum upm_box_state {
	UPM_BOX_OK = 0,
	UPM_BOX_ABSENT,    /* PCI function missing or hidden; MSR box whose registers fault */
	UPM_BOX_MISMATCH,  /* another device answers where the box should be: never written */
	UPM_BOX_NO_BUS,    /* no uncore bus found for this socket */
	UPM_BOX_FAULT,     /* an access failed during the session */
	UPM_BOX_NOT_ON_PART, /* beyond the part's cores (count_clamped_to_cores): never touched */
};

/* One box instance on one socket that takes part. */
struct upm_box_inst {
	const struct upm_box_type *type;
	unsigned socket;
	unsigned instance;
	uint16_t seg; /* PCI boxes: the segment and bus of the socket's uncore */
	uint8_t bus;
	uint64_t mmio_base;  /* MMIO boxes: the base address found (upm_mmio_base) */
	/* Box types placed at run time (upm_box_type.places): this instance's place on its
	 * socket, or NULL (then the type's stride, pci[] or mmio place it). */
	const struct upm_unit_place *where;
	enum upm_box_state state;
	char why[112]; /* room for a segment-qualified function: 0001:ff:10.1 */
	struct upm_box_access failed; /* what set state, when an access did */
	int not_replayed;     /* that access came after a replay diverged (UPM_EDIVERGED): the
			       * divergence is the cause, said once on its own */
	int by_global;        /* that access was its socket's global control's: the cause is
			       * the socket's, not the box's */
	/* Which registers the session touches (bit i: counter i). */
	uint8_t ctr_used;
	uint64_t filter_used; /* bit i: filter register instance i (core/events/subcfg.h ids) */
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
	uint64_t interval_ns; /* its counting window (unfreeze to freeze), timed on its socket */
	/* Where its own window was timed (upm_os_nanoseconds; 0: not reached): its start
	 * value read, its box unfrozen, its box about to freeze. Boxes of a socket are
	 * stepped one after another, so each count's edges are its box's, not the step's. */
	uint64_t read_ns, unfrozen_ns, stop_ns;
	unsigned home;      /* where its sub-configuration went (core/events/subcfg.h) */
	uint8_t overflowed; /* its box's overflow status showed it (platform->overflow) */
};

struct upm_saved_reg {
	struct upm_box_inst *box;
	uint32_t addr;      /* MSR number or config offset */
	uint8_t on_filter_fn; /* PCI: the register is on the box's filter function */
	uint8_t dwords;     /* PCI: 1, or 2 for a 48-bit counter */
	uint8_t write_only; /* box control: restored to its reset value, not read */
	uint64_t value;
	int restored;       /* UPM_OK, or the error restoring it */
	/* A counter written back whose control was not (restored is then the control's
	 * error): the control may still enable it, so its value does not stay. The control's
	 * address as saved, else UPM_NO_REG. */
	uint32_t counts_on_ctl;
	uint8_t enabled; /* a counter control: a write of it with its enable set took */
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
	uint64_t pass_estimate_ns; /* a pass's expected length, for the watchdog (0: unknown) */
	struct upm_count *counts;
	unsigned n_counts;
	struct upm_saved_reg *saved;
	unsigned n_saved, cap_saved;
	/* The platform's global control, per socket (platform->global). */
	uint64_t global_found[UPM_MAX_SOCKETS];
	uint8_t global_saved[UPM_MAX_SOCKETS];
	/* Its start was the last write, or a write of it failed: it may be counting. */
	uint8_t global_may_run[UPM_MAX_SOCKETS];
	/* Box enables that live in the global control (UPM_SESS_ENABLE_IN_GLOBAL). */
	uint64_t global_extra[UPM_MAX_SOCKETS];
	/* Its overflow status (global->status_msr) after the last pass's stop, when read. */
	uint64_t global_status[UPM_MAX_SOCKETS];
	uint8_t global_status_ok[UPM_MAX_SOCKETS];
	unsigned restore_failures;
	char error[1024]; /* one line; the unsupported-processor one lists every platform */
	/* Robustness (core/session/session_safety.c). */
	int global_restore_rc[UPM_MAX_SOCKETS]; /* the global control's restore, when saved */
	uint8_t socket_lost[UPM_MAX_SOCKETS];   /* its processor stopped answering: skipped */
	int aborted;                            /* ESC/Ctrl-C: no pass started after it */
	unsigned aborted_pass;                  /* the pass it interrupted */
	uint8_t error_is_lost_socket;           /* error[] says only that a socket was lost */
	uint8_t error_not_replayed;             /* error[] is an access after a replay diverged */
	/* Each socket's counting window of the current pass, timed on that socket: where its
	 * start values were read (counters that run from their enable), where it unfroze, and
	 * where it froze. Sockets are stepped one after another and waking a processor can
	 * take milliseconds (EDK2 MP services), so the interval the workload measured is not
	 * what a socket counted over. 0: not measured (the interval's length stands). */
	uint64_t window_read_ns[UPM_MAX_SOCKETS], window_start_ns[UPM_MAX_SOCKETS],
		window_end_ns[UPM_MAX_SOCKETS];
	/* Metrics asked for (core/metrics/metrics.h): the specs they add are
	 * specs[metric_specs_from...] (those no user's spec counts already), and they read
	 * whichever count on an instance counts their term. */
	const struct upm_metric *metrics[UPM_SESSION_MAX_METRICS];
	unsigned n_metrics;
	unsigned metric_specs_from;
	/* The metrics' formulas and terms, compiled once when the metrics were taken
	 * (core/metrics/metrics.c; NULL: none): freed with the session. */
	struct upm_metric_parts *metric_parts;
	/* --backend perf, a started session (upm_session_start): each count's perf counter,
	 * -1 where none opened (core/session/session_pmu.c); NULL otherwise. */
	int *pmu_handles;
	/* The user's specs left out because another of theirs counts the same
	 * (upm_session_take with once), for the note the command says
	 * (upm_session_say_doubled); n_doubled counts them all, doubled holds the first. */
	struct upm_spec_double doubled[4];
	unsigned n_doubled;
};

/* Takes a run's spec list (core/events/spec_list.h), parsed once by whoever built it,
 * schedules its specs and finds the box instances; the list is copied as it is (the
 * caller keeps it, for a baseline or the next kernel). The user's and the groups' specs
 * are the ones asked for, the metrics' the engine's own (metric_specs_from on). once:
 * each count once per run (core/events/once.h): a spec another counts is dropped (a
 * user's double is kept in s->doubled), and a box instance that two kept specs of the
 * same count apply to (a user's imc0/X/ and a metric's imc/X/) is programmed once, with
 * the first; without it every spec is counted as given (the self-test counts one spec on
 * every counter it may use). 0, or -1 with error. */
int upm_session_take(struct upm_session *s, struct upm_run *r, const struct upm_spec_list *list, int once);
/* upm_session_take of the specs in spec_list (text, all the user's), without once: for
 * callers whose specs are a fixed text (the health check's profile, tests). */
int upm_session_prepare(struct upm_session *s, struct upm_run *r, const char *spec_list);
/* "WHO: note: imc/CAS_COUNT.RD/ is asked for twice: counted once", one line per user's
 * double of the session (s->doubled), nothing when none. */
void upm_session_say_doubled(const struct upm_session *s, const char *who);
/* Runs every pass. Counts land in s->counts. Hardware is restored whatever happens.
 * 0, or -1 with error (counts gathered so far are kept). */
int upm_session_run(struct upm_session *s, upm_interval_fn interval, void *ctx);
/* A session kept counting, for sampling (core/session/sample.h): upm_session_start lays
 * out the counts, saves, programs and starts the one pass (start values read, as
 * upm_session_run's first pass does) and leaves it running; -1 with error only when it
 * cannot start (the specs need more than one pass, out of memory): a box or socket that
 * fails is left in its state and error, as a pass leaves it, and the others count. Call
 * upm_session_restore in every case.
 * upm_session_restore writes back everything saved, whatever happened. */
int upm_session_start(struct upm_session *s);
void upm_session_restore(struct upm_session *s);
/* The measured interval when nothing runs: waits ns (ESC/Ctrl-C ends it early) and
 * reports it to the backend, with no traffic, on every socket. Returns the time that
 * really passed. */
uint64_t upm_session_idle(struct upm_session *s, uint64_t ns);
/* Reports to the backend that ns passed on every socket, with no traffic. */
void upm_session_time_passed(struct upm_session *s, uint64_t ns);
/* The platform's global control on one socket, inside a session: the start (run = 1) or
 * stop value, written as the session writes it. For the self-test's freeze test. */
void upm_session_global(struct upm_session *s, unsigned socket, int run);
void upm_session_free(struct upm_session *s);

/* core/session/box_regs.c: register access for one box instance exactly as the session
 * does it (MSR address of the instance, or the instance's PCI function; filter_fn picks
 * the box's filter function where it has one; counters as one MSR or two dwords). For
 * the self-test and the health check, which work on prepared sessions' box instances.
 * Each returns UPM_OK or the backend's status. */
int upm_box_reg_read(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		     uint64_t *v, int filter_fn);
int upm_box_reg_write(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		      uint64_t v, int filter_fn);
int upm_box_ctr_read(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		     unsigned width, uint64_t *v);
int upm_box_ctr_write(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		      unsigned width, uint64_t v);
/* The address an access to `addr` of this instance reaches (MSR: with the stride; PCI:
 * the config offset; MMIO: the offset from the base). */
uint32_t upm_box_reg_addr(const struct upm_box_inst *b, uint32_t addr);
/* The PCI function of a PCI box instance (offset 0): its place's, else pci[] (or
 * filter_pci[] with filter_fn) on the socket's uncore bus. */
struct upm_pci_addr upm_box_pci_fn(const struct upm_box_inst *b, int filter_fn);
/* The place of instance inst of placed box type t on socket (NULL: none there). */
const struct upm_unit_place *upm_box_place(const struct upm_box_type *t, unsigned socket, unsigned inst);
/* Where a box's register is, as the evidence says it: the MSR, BB:DD.F+0xOFF (SSSS:
 * first off segment 0) on the box's function, or the memory address. */
void upm_box_reg_where(const struct upm_box_inst *b, uint32_t reg, char *out, size_t n);
/* Records the access that put b out of use (b->failed): has_value 0 when it faulted. */
void upm_box_failed_access(struct upm_box_inst *b, const char *reg, const char *address, int has_value,
			   uint64_t value);
/* The same for box register reg (upm_box_reg_where says where it is). */
void upm_box_failed_reg(struct upm_box_inst *b, const char *name, uint32_t reg, int has_value, uint64_t value);
/* The box-control value with frz_en set and the given freeze and reset bits. */
uint64_t upm_box_ctl_value(const struct upm_box_type *t, int frz, int rst_ctrs);
/* Where count c's counter is: its address as instance 0 has it (the instance's stride is
 * the access's business) and its width in *width; a general counter, the fixed one or the
 * free-running one its spec names. */
uint32_t upm_count_ctr(const struct upm_session *s, const struct upm_count *c, unsigned *width);
/* Freezes (frz 1) or unfreezes (frz 0) a box that has a freeze of its own
 * (UPM_SESS_BOX_FREEZE), writing its box control; UPM_OK, writing nothing, for a box
 * without. Else UPM_OK or the backend's status. */
int upm_box_freeze(struct upm_session *s, const struct upm_box_inst *b, int frz);

/* core/session/session_safety.c: what the session does when hardware or processors fail. */
/* 1 when the function no longer answers: its vendor ID reads all ones. */
int upm_pci_gone(struct upm_backend *be, struct upm_pci_addr id_addr);
/* 1 when a PCI box's function (or its filter function, when saved from) is gone. */
int upm_pci_box_gone(struct upm_session *s, const struct upm_box_inst *b);
/* Every saved register of b not yet recorded as not restored is, with rc. */
void upm_session_mark_unrestored(struct upm_session *s, const struct upm_box_inst *b, int rc);
/* 1 when anything of the socket was saved (so it needs restoring). */
int upm_session_socket_saved(const struct upm_session *s, unsigned socket);
/* The socket's processor did not answer (rc): its boxes are marked, later steps skip
 * it; when it happened while restoring, what it held is recorded as not restored. */
void upm_session_socket_lost(struct upm_session *s, unsigned socket, int while_restoring, int rc);
/* Registers left as upmon programmed them: each on the console ("upmon: error: NOT
 * RESTORED ..."), by address, with the value it should hold. Returns how many. Every
 * command that runs a session calls it after upm_session_run. */
unsigned upm_session_report_unrestored(struct upm_session *s);
/* One unrestored register, described for the console and results.json. */
struct upm_unrestored {
	unsigned socket;
	char where[48];   /* "cbo0" or "global" */
	char space[8];    /* "msr", "pci" */
	char address[32]; /* "0xd10" or "7f:10.0+0x0a0" */
	uint64_t value;   /* what it should hold */
	int rc;
	/* A counter written back behind its control that was not: that control's address
	 * ("0xd10"), whose rc this is; "" otherwise. */
	char counts_on[32];
};
/* 1 when the session's registers are a replay's that diverged from its recording: every
 * access after it failed, for that one cause (core/commands/app.c says it). */
int upm_session_replay_diverged(const struct upm_session *s);
/* "WHO: ERROR" for a session that failed, as an error line; nothing when the error is an
 * access after a replay diverged (the divergence is the cause, said once on its own). */
void upm_session_say_error(const struct upm_session *s, const char *who);
/* Before the session runs: a socket whose processor did not answer in an earlier session
 * of the command is skipped without being asked again (each ask waits out the timeout);
 * its boxes say so, as a socket lost now does, and the session has no error for it. */
void upm_session_skip_lost_socket(struct upm_session *s, unsigned socket);
/* The i-th unrestored register (0 <= i < restore_failures); 0, or -1 past the end. */
int upm_session_unrestored(const struct upm_session *s, unsigned i, struct upm_unrestored *out);
/* The same description for register addr of box b (as saved: on its filter function,
 * one or two dwords); value and rc are left 0 for the caller. For registers written back
 * outside a session (the self-test's register tests: core/check/check_safety.h). */
void upm_unrestored_describe(const struct upm_box_inst *b, uint32_t addr, int on_filter_fn, unsigned dwords,
			     struct upm_unrestored *out);
/* "upmon: error: NOT RESTORED: socket 0 cbo0 msr 0xd10 (EFAULT): it should hold 0x0", and
 * the closing "N registers NOT RESTORED ... power-cycle" line (nothing for n == 0). */
void upm_unrestored_say(struct upm_run *r, const struct upm_unrestored *u);
void upm_unrestored_say_total(struct upm_run *r, unsigned n);

const char *upm_box_state_name(enum upm_box_state st);
/* end - start for a counter of this width that may have wrapped once. */
uint64_t upm_counter_delta(uint64_t start, uint64_t end, unsigned width);

#endif

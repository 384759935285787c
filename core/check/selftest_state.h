/* The self-test's state while it runs, and what its parts share: selftest.c (the run),
 * selftest_registers.c (presence and the register tests, before the session),
 * selftest_counting.c (the counting tests, inside the session's measured interval) and
 * selftest_verdicts.c (each box's class and its verdicts). Private to the check room. */
#ifndef UPMON_CORE_CHECK_SELFTEST_STATE_H
#define UPMON_CORE_CHECK_SELFTEST_STATE_H

#include "core/check/selftest.h"
#include "core/check/selftest_evidence.h"
#include "core/workload/workload.h"

/* The tests, in verdict order (their names: upm_st_test_names). */
enum st_test { T_PRESENCE, T_CTL, T_CTR, T_COUNT, T_DISABLE, T_FREEZE, T_RESET, T_WRAP, T_N };

/* One test of one box: the worst result given and the first reason for it. */
struct st_result {
	int set;
	enum upm_result result;
	char reason[UPM_VERDICT_REASON];
	struct upm_st_ev ev; /* for the reason kept */
};

/* What the tests found of one box instance. */
struct st_box {
	struct st_result t[T_N];
	enum upm_box_class cls;
	char why[UPM_VERDICT_REASON];
	struct upm_st_ev presence; /* the register that showed whether the box answers */
	unsigned slots_counting, slots_tested;
	uint64_t silent; /* slots (bit k) that did not count */
	uint64_t ctl_bad; /* counter controls (bit i) that did not read back what was written */
	int fixed_ctl_bad; /* the fixed counter's control did not keep its enable */
	int fixed_ctl_unread; /* ... because reading it back faulted */
	uint64_t silent_ctl_bad; /* silent slots whose control is one of those */
	uint64_t disable_faulted; /* slots (bit k) whose enable-clearing write faulted */
	int disable_status;       /* the first such write's status */
	/* How long its tests took (presence, the register tests, the reset): junit.xml's
	 * times. The other counting tests take the clock steps they counted over (st_ctx). */
	uint64_t ns[T_N];
};

#define ST_SNAPS 4
#define ST_PRELOAD_GAP 1000u /* the wrap test preloads 2^width - 1000 */
#define ST_FEED_NS 1000000u  /* each counting step lets the clock run 1 ms (at least) */
#define ST_TRAFFIC_BYTES (4ull << 20) /* per socket: the traffic feed's read, one pass */

/* The counting steps, each on every socket with a clock step between them: read the
 * start, count then freeze, frozen then disable, disabled then reset and preload, wrap. */
enum phase { P_READ_A, P_COUNT_FREEZE, P_FROZEN_DISABLE, P_DISABLED_RESET_PRELOAD, P_WRAP, P_N };

/* The run: its session, each box's findings and counter snapshots, where it is. */
struct st_ctx {
	struct upm_session *s;
	struct st_box *sb;      /* parallel to s->boxes */
	uint64_t (*snap)[UPM_SESSION_MAX_SPECS][ST_SNAPS]; /* per box, slot */
	unsigned socket, pass;
	int phase;
	/* Specs from traffic_from count under the traffic feed (profile traffic); from
	 * quiet_from on they are register-only (profile registers_only). */
	unsigned traffic_from, quiet_from;
	/* The traffic feed (profile traffic): a read workload run in every counting step. */
	struct upm_workload_plan *plan;
	int traffic_failed;
	uint64_t step_ns; /* how long the last counting step ran */
	uint64_t phase_step_ns[P_N]; /* the steps after each phase, over the session's passes */
	char traffic_err[160];
	/* The platform's overflow status before the wrap test, so the bits the test set
	 * (and only those) are cleared after it: write-1-to-clear (e.g. 0xE02 on Skylake). */
	uint64_t gstatus_before[UPM_MAX_SOCKETS];
};

/* A slot is one spec of a box instance: its counter, control and value. */
struct slot {
	uint32_t ctr, ctl;
	unsigned width;
	uint64_t ctl_value, en_mask;
	int counter; /* -1 fixed */
};

extern const char *const upm_st_test_names[T_N];

/* Keeps the worst result and the first reason given for it. 1 when this one was kept:
 * its numbers and register follow (upm_st_ev_*), replacing those of the reason it replaced. */
int upm_st_note(struct st_result *t, enum upm_result r, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Slot k of b (1), or 0 for a spec with no control (free-running). */
int upm_st_slot_of(const struct upm_session *s, const struct upm_box_inst *b, unsigned k, struct slot *o);
uint64_t upm_st_width_mask(unsigned w);
/* "ctrN" or "fixed". */
void upm_st_slot_name(const struct slot *sl, char *buf, size_t n);
/* The read-write fields of a counter control. */
uint64_t upm_st_ctl_rw_mask(const struct upm_box_type *t);
/* A control that did not read back what was written: selftest.ctl's FAIL with evidence. */
void upm_st_ctl_not_kept(struct st_box *sb, const struct upm_box_inst *b, const char *nm, uint32_t reg,
			 const char *did, const char *why, uint64_t written, uint64_t read, uint64_t shown,
			 uint64_t diff);
/* 1 when the traffic feed is not running (none, or it failed). */
int upm_st_no_traffic(const struct st_ctx *c);
/* A slot the counting tests skip: register-only, or fed by traffic that is not running. */
int upm_st_quiet(const struct st_ctx *c, const struct upm_box_inst *b, unsigned k);

/* selftest_registers.c: presence, then (a working box) the control and counter read-backs. */
void upm_st_register_tests(struct st_ctx *c, struct upm_box_inst *b, struct st_box *sb);

/* selftest_counting.c: this pass's counters of box bi into snapshot `snap` (~0 when a
 * read faults). */
void upm_st_read_slots(struct st_ctx *c, struct upm_box_inst *b, unsigned bi, unsigned snap);
/* The current phase's reads, findings and writes on box bi. */
void upm_st_phase_box(struct st_ctx *c, struct upm_box_inst *b, unsigned bi);

/* selftest_verdicts.c: why a box the session could not use is what it is. */
void upm_st_classify_unused(struct upm_session *s, struct upm_box_inst *b, struct st_box *sb);
/* Every box's presence and tests as verdicts. */
void upm_st_add_verdicts(const struct st_ctx *c, struct upm_verdicts *vs, const char *mem_clock_box,
			 const char *quiet_why);

#endif

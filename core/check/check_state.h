/* The health check's state while its plausibility stage runs, shared by check.c (the
 * stage), check_measure.c (running and reading a measurement) and check_judge.c (the
 * judgements). Private to the check room. */
#ifndef UPMON_CORE_CHECK_CHECK_STATE_H
#define UPMON_CORE_CHECK_CHECK_STATE_H

#include "core/check/check.h"
#include "core/session/session.h"
#include "core/workload/workload.h"

/* The standard event set, in this order in every session of the check. */
enum role { R_UCLK, R_MEM_RD, R_MEM_WR, R_MEM_CLK, R_LLC_HIT, R_LLC_MISS, R_LINK, R_N };

#define CK_MAX_PASSES 8
#define CK_QUICK_SIZE (4ull << 20)
#define CK_QUICK_ITERATIONS 2
#define CK_MIN_IDLE_NS 10000000ull
/* Below these expected counts a judgement would be noise, not a finding (a tiny --size):
 * one or two lines more or less on a channel is a whole tolerance. 4096 over a socket
 * against the 10% tolerance is 410 counts, 6 standard deviations of counting noise
 * (sqrt 4096 = 64); 512 an instance against the 25% balance tolerance is 128, 5.7. The
 * judgement is N/A and says why. */
#define CK_MIN_EXPECTED 4096.0
#define CK_MIN_EXPECTED_EACH 512.0

struct measure {
	const char *label;         /* "read", "idle" */
	struct upm_session s;
	int prepared;
	struct upm_workload_plan *plan;
	struct upm_workload_result res[CK_MAX_PASSES];
	uint64_t idle_ns;
	uint64_t ns;               /* how long the measurement took: its judgements' time */
	int failed;
	char err[200];
};

struct check {
	struct upm_run *r;
	const struct upm_check_profile *p;
	struct upm_verdicts *vs;
	struct upm_check_kernel_runs *kernels; /* NULL: not kept */
	uint64_t role_mask[R_N];   /* the specs (bit = index in the list) of each role; 0: none */
	const char *role_box[R_N]; /* the box type each role counts on */
	struct upm_spec *parsed;   /* the list, parsed (UPM_SESSION_MAX_SPECS) */
	unsigned n_parsed;
	struct upm_buf specs;
	double mem_tol, llc_tol, bal_tol, link_tol, uclk_min, uclk_max;
	const struct upm_check_opts *o;
	unsigned too_little;       /* judgements N/A for too little traffic (said once at the end) */
	int have_baseline;         /* the idle baseline was counted (not aborted, no socket lost) */
	/* --backend perf: why a role is not counted (a spec perf cannot be given, such as a
	 * fixed counter), "" when it is; its judgements are N/A with it. */
	char perf_skipped[R_N][160];
};

struct sum {
	uint64_t delta;     /* summed over the matching counts */
	uint64_t ns;        /* the interval they were counted in */
	unsigned pass;
	unsigned n;         /* counts that matched and were taken */
};

/* check_measure.c */
/* The sockets whose processor stopped answering during the command (bit s: socket s). */
uint32_t upm_ck_lost_sockets(const struct upm_run *r);
/* Runs one session of the standard event set around a workload (or idle when w is
 * NULL). 0, or -1 with m->err. */
int upm_ck_measure(struct check *c, struct measure *m, const struct upm_workload *w);
void upm_ck_measure_free(struct measure *m);
/* A role's counts on a socket (instance -1: every instance). */
struct sum upm_ck_sum_of(const struct check *c, const struct measure *m, enum role role, unsigned socket,
			 int instance);
/* The counts of `specs` (a role's mask, or one bit of it) with the idle rate over the
 * same time taken away, part by part; never below zero. raw: the counts as read, when not
 * NULL. upm_ck_net: the same for a role. */
double upm_ck_net_specs(const struct measure *m, const struct measure *idle, uint64_t specs, unsigned socket,
			int instance, struct sum *raw);
double upm_ck_net(const struct check *c, const struct measure *m, const struct measure *idle, enum role role,
		  unsigned socket, int instance, struct sum *raw);
/* What the kernel did on a socket in a pass. */
const struct upm_activity *upm_ck_activity(const struct measure *m, unsigned pass, unsigned socket);
/* Whether a socket's memory counts can be held to what the kernel planned for it; why:
 * the reason when not. */
int upm_ck_memory_attributed(const struct check *c, const struct measure *m, const char **why);
double upm_ck_rel_err(double measured, double expected);
/* The kernel run and its bandwidth, kept for the results. */
void upm_ck_keep_measure(struct check *c, const struct measure *m);

/* check_judge.c */
/* A box instance's own verdicts: 2 when its presence FAILed, 1 when a self-test FAILed,
 * else 0. */
int upm_ck_failed_own(const struct check *c, const char *box, unsigned socket, unsigned instance);
/* The judgements of one measurement (idle: the baseline taken off), each adding its
 * verdicts per socket and box instance: the uncore clock; memory reads or writes (role,
 * under the check's name, held to the lines the kernel wrote when writes is 1, else read);
 * the channels' share; LLC lookups (under check's name) and their balance; link flits. */
void upm_ck_judge_uclk(struct check *c, const struct measure *m);
void upm_ck_judge_memory(struct check *c, const struct measure *m, const struct measure *idle, enum role role,
			 const char *check, int writes);
void upm_ck_judge_channels(struct check *c, const struct measure *m, const struct measure *idle);
/* memory.speed: the channels' data rate from their DRAM clock against the speed SMBIOS type
 * 17 says the firmware configured (profiles that give mem_transfers_per_clock). */
void upm_ck_judge_mem_speed(struct check *c, const struct measure *m);
void upm_ck_judge_llc(struct check *c, const struct measure *m, const struct measure *idle, const char *check);
void upm_ck_judge_llc_balance(struct check *c, const struct measure *m, const struct measure *idle);
void upm_ck_judge_links(struct check *c, const struct measure *m, const struct measure *idle);

#endif

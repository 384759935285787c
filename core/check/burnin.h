/* Burn-in (`check --passes N`, `check --duration D`): the health check repeated pass after
 * pass, as memtest86+ runs passes until told to stop, with every verdict stamped with its
 * pass (struct upm_verdict.pass). Kept here, beside the verdicts:
 *   - each pass's counts by result, its worst result, its length, its kernels' bandwidth,
 *     and whether ESC/Ctrl-C cut it short (its verdicts kept, marked by their reasons);
 *   - per box instance (and per box type's socket total): the first pass it FAILed in;
 *   - per measured check of an instance: its measured value over the passes (the trend;
 *     at most UPM_TREND_POINTS points, every second one dropped when full, so an 8-hour
 *     burn-in keeps its shape).
 * The passes stop at N passes, or when D has gone by at the end of a pass (a pass that has
 * started is finished: its verdicts are whole), whichever comes first when both are given;
 * or at ESC/Ctrl-C, keeping every finished pass. A check without either option is one
 * pass, with nothing said of passes. When the verdict table could not hold one more pass,
 * the PASS and N/A verdicts of the passes between the first and the last are left out
 * (their measured values stay in the trend; "verdicts_left_out" says how many); when it
 * still could not, the burn-in stops there, saying so. */
#ifndef UPMON_CORE_BURNIN_H
#define UPMON_CORE_BURNIN_H

#include "core/check/check.h"

#define UPM_BURNIN_MAX_PASSES 100000u
#define UPM_BURNIN_MAX_DURATION_S (30u * 86400u) /* 30 days */
#define UPM_BURNIN_VERDICTS 65536u  /* the verdict table's room in a burn-in (~26 MiB) */
#define UPM_TREND_POINTS 128

struct upm_burnin_pass {
	unsigned pass;
	enum upm_result worst;
	unsigned counts[5];       /* by enum upm_result */
	unsigned left_out[5];     /* of those, verdicts left out for room (PASS and N/A) */
	unsigned first;           /* the index of its first verdict when it ended */
	unsigned verdicts;        /* added during it, and after it when it was the last */
	uint64_t ns;
	int aborted;              /* ESC/Ctrl-C came during it */
	struct upm_check_bandwidth bandwidth;
};

/* One measured check of one box instance (instance -1: the socket's total) over passes. */
struct upm_trend {
	unsigned socket;
	const char *box;
	int instance;
	char check[32];
	char unit[16];
	unsigned n, stride;       /* points kept; the passes they are from are a stride apart */
	unsigned pass[UPM_TREND_POINTS];
	double measured[UPM_TREND_POINTS];
	uint8_t result[UPM_TREND_POINTS];
};

/* A box instance (instance -1: its type's socket-wide checks) over the passes. */
struct upm_burnin_instance {
	unsigned socket;
	const char *box;
	int instance;
	enum upm_result worst;
	uint8_t had_pass;         /* a PASS counted (it may since have been left out for room) */
	unsigned first_fail;      /* the first pass with a FAIL; 0: none */
	unsigned first_warn;      /* the first pass with a WARN; 0: none */
};

struct upm_burnin {
	unsigned passes;          /* --passes (0: not given) */
	uint64_t duration_ns;     /* --duration (0: not given) */
	int active;               /* either was given: a burn-in, said pass by pass */
	uint64_t start_ns, pass_start_ns;
	uint64_t ns;               /* its length, taken when it stopped: what the console and
				    * results.json say, alike */
	unsigned done;            /* passes finished (not the one ESC/Ctrl-C cut short) */
	char stopped_by[80];      /* "3 passes done", "duration 30m reached", ... */
	int aborted;
	unsigned left_out;        /* PASS and N/A verdicts of middle passes left out for room */
	unsigned largest;         /* the most verdicts one pass added */
	struct upm_burnin_pass *pass;
	unsigned n_pass, cap_pass;
	struct upm_trend *trend;
	unsigned n_trend, cap_trend;
	struct upm_burnin_instance *inst;
	unsigned n_inst, cap_inst;
};

/* "90s", "30m", "8h", "2d" (or bare seconds) -> seconds, 1 s to 30 days. 0 or -1. */
int upm_burnin_parse_duration(const char *text, uint64_t *seconds);
/* "1:02:03": h:mm:ss */
void upm_burnin_hms(char *buf, size_t n, uint64_t ns);

/* passes and duration_s 0: one pass, no burn-in. 0, or -1 out of memory. */
int upm_burnin_init(struct upm_burnin *b, unsigned passes, uint64_t duration_s);
void upm_burnin_free(struct upm_burnin *b);
/* Whether another pass starts: the pass count, the time, ESC/Ctrl-C (a safe point of
 * core/check/check_safety.h) and the verdict table's room decide; when it starts, sets
 * vs->pass, re-arms the watchdog for it, tells the backend (the mock arms its @passN
 * faults) and says "pass k of N" with the time gone and left. 1 or 0. */
int upm_burnin_next(struct upm_run *r, struct upm_burnin *b, struct upm_verdicts *vs);
/* After a pass whose verdicts start at index first: its counts, the instances and trends,
 * and (in a burn-in) its one summary line. bw: its kernels' bandwidth, or NULL. */
void upm_burnin_pass_done(struct upm_run *r, struct upm_burnin *b, const struct upm_verdicts *vs,
			  unsigned first, int aborted, const struct upm_check_bandwidth *bw);
/* When the command ends, after its last verdicts are added ("aborted", "pmu restore", a
 * silent socket's "processor", all stamped with the last pass) and earlier ones were
 * rewritten (a silent socket's FAILs, a diverged replay's findings: INCOMPLETE): every
 * pass and instance is counted again from the verdicts that carry its number (and those
 * left out for room), so the files agree with the verdicts. */
void upm_burnin_settle(struct upm_burnin *b, const struct upm_verdicts *vs, int diverged);
/* In a burn-in: an aborted pass's line (held back until its counts are whole), each
 * finding (not PASS or N/A) once, with the passes it came in, then the line saying how the
 * burn-in ended. Before the summary table and the verdict line. */
void upm_burnin_say_end(struct upm_run *r, const struct upm_burnin *b, const struct upm_verdicts *vs);
/* The instance record of a box instance; NULL when it has none. */
const struct upm_burnin_instance *upm_burnin_instance_of(const struct upm_burnin *b, unsigned socket,
							 const char *box, int instance);

#endif

/* A workload's plan and the state of one execute, shared by workload.c (prepare, execute,
 * release), workload_plan.c (the processors and sizes) and workload_threads.c (the
 * threads, their start and stop gates). Private to the workload room. */
#ifndef UPMON_CORE_WORKLOAD_STATE_H
#define UPMON_CORE_WORKLOAD_STATE_H

#include "core/workload/workload.h"

#define PINGPONG "pingpong"
/* Memory left to the firmware and upmon itself: an eighth of what is free, at least. */
#define RESERVE_MIN (32ull << 20)
/* Default run length, and the rates (per thread; per socket caps) it is estimated from:
 * conservative figures for the supported Xeons, so 0.25 s of estimate lands in
 * 0.1-0.5 s on real hardware. */
#define TARGET_NS 250000000.0
#define DRAM_BYTES_PER_S 5e9
#define DRAM_SOCKET_BYTES_PER_S 20e9
#define LLC_BYTES_PER_S 20e9
#define FLUSH_BYTES_PER_S 2e9
#define CHASE_NS_PER_LOAD 80.0
#define PINGPONG_NS_PER_HANDOFF 200.0
/* No processor may take longer than this to reach the start barrier, and the run may
 * not take longer than this plus its traffic at a crawl (QEMU's emulation included). */
#define START_TIMEOUT_NS 30000000000ull
#define CRAWL_BYTES_PER_S 50000000ull
#define CRAWL_NS_PER_HANDOFF 20000ull

struct slot {
	unsigned cpu;        /* index into the topology */
	unsigned socket;
	unsigned mem_socket;
	void *alloc;
	uint64_t alloc_bytes;
	int placed;          /* alloc is in mem_socket's memory (SRAT) */
	struct upm_kernel_job job;
	double check;
	int timed_out;
	struct upm_kernel_isa_probe isa; /* whether its processor can run the kernel's loop */
	unsigned index;
	struct upm_workload_plan *plan;
	uint64_t passes_done; /* this execute's passes (pingpong: turns) */
	struct upm_kernel_result done; /* the accounting of the passes done */
	unsigned flush;       /* the write-back's instruction (upm_kernel_flush) */
	/* This execute's deadlines on this slot's own TSC: taken when its thread starts, from
	 * the plan's durations (another socket's TSC may be far ahead or behind). */
	uint64_t start_deadline, stop_deadline;
};

struct gate {
	unsigned arrived;
	unsigned open;
};

struct upm_workload_plan {
	struct upm_run *run;
	const struct upm_kernel_desc *desc; /* NULL for pingpong */
	const char *kernel;
	unsigned n;
	unsigned cpus[UPM_MAX_CPUS];
	struct slot slots[UPM_MAX_CPUS];
	uint32_t socket_mask;
	int memory_socket;
	uint64_t size, iterations, alloc_bytes, llc_bytes;
	char placement_why[128]; /* the first buffer not placed: why (upm_os_alloc_on_socket) */
	volatile uint64_t *line; /* pingpong */
	uint64_t timeout_ns;
	int leaked;
	/* One execute's shared state. */
	struct gate start, stop, flushed;
	unsigned abort;
	unsigned user_stop; /* ESC/Ctrl-C seen (by thread 0, which polls) */
	uint64_t t0, t1, t2; /* thread 0's TSC; t2: every write-back done */
	/* How long a thread may wait for the start gate, and for the run's end, in TSC ticks
	 * from its own start: durations, not instants, since each socket's TSC is its own. */
	uint64_t start_ticks, stop_ticks;
};

/* workload.c */
/* Writes fmt to err (when given) and returns status. */
int upm_wl_fail(char *err, size_t size, int status, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* "1.5 GiB" style, for messages. */
void upm_wl_human_bytes(char *buf, size_t size, uint64_t bytes);

/* workload_plan.c */
/* The processors the workload runs on (p->cpus, p->n, the slots' sockets). UPM_OK, or a
 * status with a one-line message. */
int upm_wl_choose_cpus(struct upm_workload_plan *p, const struct upm_workload *w, char *err, size_t err_size);
/* Slot i's slice of each array, in lines (*lines); 0, or -1 when it is below the kernel's
 * minimum. */
int upm_wl_slice_lines(const struct upm_workload_plan *p, unsigned i, uint64_t *lines);
/* The working set, each slot's buffer and the iterations. UPM_OK, or a status with a
 * one-line message. */
int upm_wl_choose_sizes(struct upm_workload_plan *p, const struct upm_workload *w, char *err, size_t err_size);

/* workload_threads.c */
uint64_t upm_wl_ns_to_tsc(uint64_t ns);
uint64_t upm_wl_tsc_to_ns(uint64_t ticks);
/* A kernel's poll between passes: 1 when the run should stop (ctx: its slot). */
int upm_wl_stop_requested(void *ctx);
/* Per thread i (arg: the plan): set its buffer up; probe its processor's instruction set;
 * run the kernel between the start and stop gates. */
void upm_wl_setup_thread(void *arg, unsigned i);
void upm_wl_probe_thread(void *arg, unsigned i);
void upm_wl_run_thread(void *arg, unsigned i);
/* The first slot whose processor cannot run the kernel's loop, NULL when none. */
const struct slot *upm_wl_first_refused(const struct upm_workload_plan *p);
/* That refusal as a one-line message; UPM_OK when there is none. */
int upm_wl_isa_refusal(const struct upm_workload_plan *p, char *err, size_t err_size);
/* Runs fn on every slot's processor, at once. UPM_OK, or a status with a message. */
int upm_wl_run_all(struct upm_workload_plan *p, void (*fn)(void *, unsigned), char *err, size_t err_size);

#endif

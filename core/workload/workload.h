/* Room workload: the stress kernels on processors: thread placement, SRAT memory placement,
 * cache sizes, TSC timing, and what each run tells the backend it did. Includes base,
 * platform, kernels and cli.
 *
 * Workloads: a stress kernel (kernels/) run on one or more processors at once, timed by
 * the TSC, with what it did reported to the backend as the measured interval's activity.
 *
 * Geometry. `size` is the whole working set. Each of the kernel's arrays is cut into
 * per-thread slices of whole lines (upm_kernel_split), and thread i gets its own buffer
 * holding its slice of every array; so the threads' accounting sums to exactly what
 * one thread would report over the whole working set, and each thread's memory can be
 * placed by itself: in the socket its memory belongs to (memory_socket, else the
 * thread's own) through upm_os_alloc_on_socket (UEFI: the SRAT; elsewhere not placed,
 * the accounting follows memory_socket all the same). Default size: the kernel's rule (upm_kernel_default_size) applied
 * to the LLC of each socket the threads run on, summed.
 *
 * A run: first each chosen processor says whether it can run the kernel's instruction
 * set (an AVX kernel where the firmware left the AVX state off is refused in prepare,
 * UPM_EUNSUPPORTED, naming the processor and the SSE2 twin, before sizes are judged or
 * memory taken); setup on every thread (untimed; before any counter window when the
 * caller uses prepare/execute), then in execute every thread meets at a barrier, the last to
 * arrive releases the others, all run the loop, meet again, then thread 0 reads the
 * TSC after each barrier (one processor's TSC for both ends, never a difference of two
 * processors' TSCs: that is `seconds`, the loop's time alone), then each flushes its
 * region so the dirty lines reach memory inside the measured interval, as the accounting
 * says, and all meet a third time (thread 0 reads the TSC again: flush_ns is from the
 * second meeting to the third). One thread runs on the calling processor when it is
 * chosen (the BSP on UEFI), except where the firmware starts other processors only while
 * the caller waits (upm_os_parallel_caller_joins): then the threads run on the others,
 * or on the caller alone when it is the only processor of the chosen sockets.
 *
 * Activity fed to the backend, per socket of the run (every socket gets the interval's
 * nanoseconds, traffic or not). For a thread on socket s whose memory is on socket m:
 *   DRAM kernels (and thrash): m's lines_read += bus_lines_in (loads and RFOs),
 *     m's lines_written += bus_lines_out; s's llc_lookups and llc_misses += bus_lines_in
 *   llc: the working set comes from memory once (the loop starts cold) and stays in the
 *     LLC: m's lines_read += the region's lines; s's llc_lookups += bus_lines_in, of
 *     which the region's lines miss
 *   m != s: the lines cross the interconnect; each socket reports the lines it sent:
 *     m's remote_lines += lines read, s's remote_lines += lines written
 *   pingpong: no memory traffic; every handoff is an LLC lookup on the receiving side's
 *     socket, a miss and a remote line there when the two are on different sockets.
 * The writes of ntwrite bypass the LLC (no lookup). */
#ifndef UPMON_CORE_WORKLOAD_H
#define UPMON_CORE_WORKLOAD_H

#include "core/cli/invocation.h"
#include "kernels/kernel.h"

struct upm_workload {
	const char *kernel;      /* kernels/ name, or "pingpong" */
	unsigned threads;        /* 0 = every processor of the chosen sockets (pingpong: 2) */
	uint32_t socket_mask;    /* sockets the threads run on; 0 = all sockets of the run */
	int memory_socket;       /* -1: each thread's memory is local; else place buffers on that socket (SRAT on UEFI; on host/mock only the accounting changes) */
	uint64_t size;           /* working set in bytes, 0 = the kernel's default from the LLC size */
	uint64_t iterations;     /* 0 = a default that takes roughly 0.1-0.5 s on real hardware */
	/* 1: more threads than the chosen sockets have processors run on all of them (check
	 * --threads: the health check's load fits the machine, as stress-ng's does); 0: they
	 * are refused (run --kernel --threads: the experiment asked for that many). */
	int threads_fit;
};

struct upm_workload_result {
	struct upm_kernel_result total;  /* summed over threads; ns = wall time of the run */
	unsigned threads;
	double seconds, gbps, bus_gbps, ns_per_load; /* ns_per_load only for chase */
	struct upm_activity per_socket[UPM_MAX_SOCKETS]; /* exactly what was reported to the backend */
	uint64_t tsc_hz;
	/* Added: */
	unsigned n_sockets;      /* per_socket entries reported: the run's sockets */
	uint32_t socket_mask;    /* sockets the threads ran on */
	int memory_socket;       /* as asked (-1: local) */
	uint64_t tsc_ticks;      /* the timed part (seconds) in TSC ticks */
	uint64_t window_ns;      /* threads started to write-back done: per_socket[].nanoseconds */
	uint64_t flush_ns;       /* the write-back after the loop (every line flushed, all
				  * threads): inside window_ns, outside seconds; 0 for pingpong */
	unsigned flushes;        /* its instructions, an OR of upm_kernel_flush over the
				  * threads (upm_kernel_flush_name); 0 for pingpong */
	uint64_t llc_bytes;      /* LLC per socket the default size was computed from (0: unknown) */
	uint64_t round_trips;    /* pingpong: turns of both sides (= iterations) */
	double ns_per_handoff;   /* pingpong: seconds / (2 x round_trips) */
	int placed;              /* 1: every buffer is in its memory socket's memory (UEFI, SRAT) */
	char placement_why[128]; /* !placed: why not (the first buffer's reason), a line */
	int aborted;             /* ESC/Ctrl-C: the threads stopped between passes (UPM_OK all
				  * the same); total and per_socket count the passes that ran */
};

/* The thread count, sizes and processors a workload resolved to, before it runs. */
struct upm_workload_info {
	const char *kernel;
	unsigned threads;
	uint32_t socket_mask;
	int memory_socket;
	uint64_t size_bytes;     /* the working set used (whole lines in every array) */
	uint64_t size_unit;      /* size_bytes is a multiple of it (a line per array); 0: no size (pingpong) */
	uint64_t iterations;
	uint64_t alloc_bytes;    /* what the buffers take */
	uint64_t llc_bytes;      /* per socket, from CPUID leaf 4; 0 when unknown */
	int placed;              /* as in upm_workload_result */
	const char *placement_why; /* !placed: why not; valid with the plan */
	const unsigned *cpus;    /* threads' processors (topology indices), valid with the plan */
};

struct upm_workload_plan;

/* Allocates, runs the kernel on its threads, reports each socket's activity to the
 * backend with upm_activity() (this is the mock's activity feed: lines read/written
 * from the kernel's own accounting, incl. RFO lines for stores; llc_lookups/llc_misses
 * as the kernel's footprint implies; remote_lines when memory is on another socket),
 * frees. UPM_OK, or an error status with a one-line message in err. */
int upm_workload_run(struct upm_run *r, const struct upm_workload *w, struct upm_workload_result *out,
		     char *err, size_t err_size);

/* upm_workload_run in three steps, so that allocation and setup stay outside a counter
 * window and one setup serves several measured passes. prepare resolves, checks
 * (threads, sockets, sizes against free memory), allocates and sets up; execute runs
 * and reports one measured interval (as often as wanted: every execute starts cold and
 * ends with the data written back); release frees (after a processor timed out, the
 * buffers are deliberately leaked: it may still write to them). */
int upm_workload_prepare(struct upm_run *r, const struct upm_workload *w,
			 struct upm_workload_plan **plan, char *err, size_t err_size);
void upm_workload_describe(const struct upm_workload_plan *plan, struct upm_workload_info *out);
/* Whether every processor the workload would run on can run its kernel's instruction
 * set (the AVX kernels'; SSE2 runs everywhere), asked on each of them and nothing else
 * done: UPM_OK, or UPM_EUNSUPPORTED with the line prepare would give, so a run of
 * several kernels is refused before the first is measured. */
int upm_workload_check_isa(struct upm_run *r, const struct upm_workload *w, char *err,
			   size_t err_size);
/* The smallest working set prepare takes for w (its threads placed as prepare places
 * them, nothing run): *bytes on *threads, 0 for pingpong. UPM_OK, or prepare's refusal
 * of the threads with its line. */
int upm_workload_min_size(struct upm_run *r, const struct upm_workload *w, uint64_t *bytes, unsigned *threads,
			  char *err, size_t err_size);
/* What `info` says of an instruction set: the processors a kernel of it would run on
 * (--threads all, every socket of the run), each asked on itself (kernels/isa.c), and
 * the first that cannot with its reason. */
struct upm_workload_isa_survey {
	enum upm_kernel_isa isa;
	unsigned processors, usable;
	/* The first processor that cannot (when usable < processors). */
	unsigned refused_cpu, refused_socket;
	uint32_t refused_apic_id;
	enum upm_kernel_isa_state refused_state;
};
/* UPM_OK, or an error status with a one-line message in err (then out counts none). */
int upm_workload_survey_isa(struct upm_run *r, enum upm_kernel_isa isa,
			    struct upm_workload_isa_survey *out, char *err, size_t err_size);
int upm_workload_execute(struct upm_workload_plan *plan, struct upm_workload_result *out, char *err,
			 size_t err_size);
void upm_workload_release(struct upm_workload_plan *plan);

/* Kernel names a workload takes, in `list` order: the table's, then pingpong. */
const char *upm_workload_kernel_name(unsigned i); /* NULL past the end */
/* Every one of them, "read, write, ...", appended to out (for messages). */
void upm_workload_kernel_names(struct upm_buf *out);

#endif

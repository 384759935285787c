/* Room kernels: the stress kernels: their table, passes, loops (in assembly), sizes and
 * accounting, and whether a processor can run AVX. Includes base and platform.
 *
 * Stress kernels: the memory traffic a measured interval runs (issue 4).
 *
 * Each kernel runs single-threaded on a buffer the caller provides (nothing is allocated
 * here, so the same code runs on a UEFI application processor and on the host) and
 * reports what it did, computed from the lines and words it actually walked, so the
 * counts can be compared with what the uncore counted.
 *
 * Buffer geometry. A kernel uses the cache-line-aligned part of the buffer, cut into
 * `arrays` equal arrays of whole cache lines (the tail that does not fill a line in
 * every array is left alone). size_bytes in the result is what was used.
 *
 * Accounting (per run, over all iterations):
 *   bytes_read, bytes_written  STREAM's convention: every array the kernel reads or
 *                              writes is counted once per iteration, at the bytes the
 *                              program loads or stores, with no write-allocate.
 *   bus_bytes                  whole cache lines moved between the core and where the
 *                              working set lives (memory for the DRAM kernels, the LLC
 *                              for `llc`), counting the read-for-ownership a normal store
 *                              to a line not yet owned causes. Non-temporal stores have
 *                              none.
 *   lines_touched              distinct cache lines accessed per iteration, times the
 *                              iterations.
 *   loads                      8-byte (or pointer) loads the kernel's loop performs; for
 *                              `chase` the dependent loads, so ns / loads is the latency.
 *   ns                         the timed loop only (upm_os_nanoseconds), not the setup.
 *   check                      a value derived from what was loaded or stored, so the
 *                              compiler cannot drop the work and a caller can verify it.
 *
 * Setup (initial values, chase links) is untimed, touches every page of the region
 * (first-touch costs stay out of the timing) and ends by flushing every line of it
 * (upm_kernel_writeback: CLFLUSHOPT or CLFLUSH, then MFENCE): each kernel starts cold,
 * and nothing dirty from setup or from the caller is written back inside the timing.
 * (So `llc`'s first pass comes from memory; run enough iterations that it does not
 * matter.)
 *
 * The kernels, each one pass per iteration:
 *   read     every 8-byte word loaded in address order (16-byte MOVAPS and PADDQ), the
 *            first two words of each line summed (word i holds i)
 *   write    every 8-byte word stored in address order (16-byte MOVAPS; the value is
 *            the pass number, 1..)
 *   ntwrite  the same stores with MOVNTDQ (non-temporal), SFENCE after each pass: the
 *            lines go to memory through the write-combining buffers without a RFO
 *   copy     x1 = x0          (STREAM Copy:  c = a)
 *   scale    x1 = s * x0      (STREAM Scale: b = s * c)
 *   add      x2 = x0 + x1     (STREAM Add:   c = a + b)
 *   triad    x2 = x0 + s * x1 (STREAM Triad: a = b + s * c)
 *            on doubles, with s = UPM_KERNEL_SCALAR. STREAM's arrays are renamed so the
 *            sources come first and the destination is last. Setup fills
 *            x0[i] = 1 + (i mod 1024), x1[i] = 2 + (i mod 512) / 2, x2[i] = 0: every result
 *            is exact in a double, and each kernel is idempotent, so the arrays after a
 *            run can be checked element-wise whatever the iteration count.
 *   chase    dependent loads around a random single cycle through every cache line (word
 *            0 of each line points at the next line); built with xorshift64 from a fixed
 *            seed and Sattolo's algorithm, so every run walks the same cycle. Each
 *            iteration is one full turn, so check is the final line index: 0.
 *   llc      `read`'s loop, sized to half the LLC: after the first pass it is served by
 *            the LLC, not memory.
 *   thrash   one load per cache line (word 0, holding the line index), sized to four
 *            times the LLC so every line is evicted before it comes round again.
 *   flush    CLFLUSH every line, MFENCE, then reload one word of each: every reload
 *            comes from memory however small the buffer is. The lines are clean, so
 *            the flushes write nothing back.
 *
 * `pingpong` (a line bounced between two processors, for the QPI/ring snoop counters)
 * needs two processors running at once: it is not in the table; its loop and
 * accounting are below, and core/workload/workload.c runs it on two processors.
 *
 * The kernels above use only baseline x86_64 instructions: SSE2 (MOVAPS, MOVNTDQ, PADDQ,
 * MULPD, ADDPD), SFENCE, MFENCE and CLFLUSH (the write-back's CLFLUSHOPT only where
 * CPUID says the processor has it). Beside five of them, an AVX variant of the
 * same pattern and accounting with 32-byte accesses, as likwid-bench has AVX twins of
 * its SSE tests: read_avx, write_avx, ntwrite_avx, copy_avx, triad_avx. They run only
 * on processors where the AVX state is already enabled (upm_kernel_isa_probe); upmon
 * never enables it. Every pass's loop is in assembly (kernels/loops_sse2.S,
 * kernels/loops_avx.S), so the host and UEFI builds run the same instructions; the
 * passes, the abort polling between them and the accounting are C. */
#ifndef UPMON_KERNELS_KERNEL_H
#define UPMON_KERNELS_KERNEL_H

#include <stdint.h>

#define UPM_KERNEL_LINE 64u         /* cache line size on every supported processor */
#define UPM_KERNEL_SCALAR 3.0       /* STREAM's s */
#define UPM_KERNEL_CHASE_SEED 0x9E3779B97F4A7C15ull
/* LLC size assumed when the caller does not know it (0): larger than any supported
 * processor's (Xeon E5-2600: up to 20 MiB), so the DRAM kernels stay out of the LLC. */
#define UPM_KERNEL_LLC_FALLBACK (32ull << 20)

struct upm_kernel_result {
	const char *kernel;
	uint64_t size_bytes; /* working set used (see "Buffer geometry") */
	uint64_t iterations;
	uint64_t bytes_read;
	uint64_t bytes_written;
	uint64_t bus_bytes;
	/* bus_bytes in lines, by direction: every kernel stores whole lines, so the lines
	 * going out are bytes_written / 64 and the rest of bus_bytes came in (loads and
	 * read-for-ownership). */
	uint64_t bus_lines_in;
	uint64_t bus_lines_out;
	uint64_t lines_touched;
	uint64_t loads;
	uint64_t ns;
	double check;
};

/* Where a kernel's working set is meant to live; picks the default size (sizes.c). */
enum upm_kernel_footprint {
	UPM_KERNEL_IN_DRAM,   /* at least 8x LLC */
	UPM_KERNEL_IN_LLC,    /* half the LLC */
	UPM_KERNEL_OVER_LLC,  /* 4x LLC, visited at line stride */
};

/* The part of the buffer a kernel works on (see "Buffer geometry"). */
struct upm_kernel_region {
	unsigned char *base; /* cache-line aligned */
	unsigned arrays;
	uint64_t lines;      /* per array */
	/* Optional (upm_kernel_layout leaves them NULL): asked before every pass, a
	 * non-zero stop(stop_ctx) ends the loop early (the user's abort); passes_done then
	 * holds the passes that ran (all of them when none was stopped). */
	int (*stop)(void *ctx);
	void *stop_ctx;
	uint64_t *passes_done;
};

/* What one pass over a region does, for the accounting. */
struct upm_kernel_pass {
	uint64_t bytes_read, bytes_written, bus_bytes, lines_touched, loads;
};

/* The instruction set of a kernel's loop. */
enum upm_kernel_isa {
	UPM_KERNEL_ISA_SSE2 = 0, /* baseline x86_64: always there */
	UPM_KERNEL_ISA_AVX,      /* only where the firmware (or OS) enabled its state */
};

/* Whether a processor can run a loop of an instruction set. */
enum upm_kernel_isa_state {
	UPM_KERNEL_ISA_USABLE = 0,
	UPM_KERNEL_ISA_ABSENT,       /* the processor lacks it (CPUID.01H:ECX.AVX, bit 28) */
	UPM_KERNEL_ISA_OSXSAVE_OFF,  /* CR4.OSXSAVE clear (CPUID.01H:ECX bit 27): XCR0 unreadable */
	UPM_KERNEL_ISA_STATE_OFF,    /* XCR0 lacks the SSE or AVX state bit (bits 1, 2) */
};

struct upm_kernel_isa_probe {
	enum upm_kernel_isa_state state;
	uint32_t cpuid1_ecx; /* what was read (0 for SSE2, which needs no reading) */
	uint64_t xcr0;       /* 0 when not readable */
};

/* A kernel's inner loop, one pass over its arrays (kernels/loops_sse2.S and
 * loops_avx.S), in the shape its body drives (kernels/passes.c): a kernel and its AVX
 * variant share a body and differ in the loop. */
union upm_kernel_loop {
	uint64_t (*sum)(const void *base, uint64_t lines);         /* loads, returns a sum */
	void (*store)(void *base, uint64_t lines, uint64_t value); /* value in every word */
	void (*copy)(const void *x0, void *x1, uint64_t lines);
	void (*scale)(const void *x0, void *x1, uint64_t lines, double s);
	void (*add)(const void *x0, const void *x1, void *x2, uint64_t lines);
	void (*triad)(const void *x0, const void *x1, void *x2, uint64_t lines, double s);
	void *(*chase)(void *p, uint64_t loads);                   /* follows loads links */
};

/* A kernel's timed loop: `iterations` passes of `loop` over the region; returns the
 * check value. */
typedef double upm_kernel_body_fn(const struct upm_kernel_region *r, uint64_t iterations,
				  union upm_kernel_loop loop);

struct upm_kernel_desc {
	const char *name;
	const char *summary;
	enum upm_kernel_footprint footprint;
	unsigned arrays;    /* equal arrays the buffer is cut into */
	uint64_t min_lines; /* per array */
	/* Untimed setup: initial values, chase links, first touch of every page. */
	void (*prepare)(const struct upm_kernel_region *r);
	upm_kernel_body_fn *body; /* the timed loop */
	/* What one pass does, from the region's geometry. */
	void (*pass)(const struct upm_kernel_region *r, struct upm_kernel_pass *p);
	union upm_kernel_loop loop;
	enum upm_kernel_isa isa;
	/* An AVX variant's SSE2 kernel: the same pattern and accounting (NULL for SSE2). */
	const char *twin;
};

/* The table (kernels/table.c), in the order `list` should show it. */
extern const struct upm_kernel_desc upm_kernels[];
extern const unsigned upm_kernel_count;
/* By name, case-insensitive; NULL if unknown. */
const struct upm_kernel_desc *upm_kernel_find(const char *name);

/* A kernel laid out on a buffer: upm_kernel_run in steps, for a caller that runs the
 * setup, the timed loop and the final write-back at different times (the threaded
 * runner, core/workload/workload.c). */
struct upm_kernel_job {
	const struct upm_kernel_desc *desc;
	struct upm_kernel_region region;
	struct upm_kernel_result result; /* the accounting; ns and check are the caller's */
};

/* Checks the request and computes the geometry and accounting, touching nothing.
 * Statuses as upm_kernel_run's; job->result is cleared and names the kernel whatever
 * happens. */
int upm_kernel_layout(const char *name, void *buf, uint64_t size_bytes, uint64_t iterations,
		      struct upm_kernel_job *job);
/* Untimed setup (initial values, links, first touch), then every line flushed. */
void upm_kernel_setup(const struct upm_kernel_job *job);
/* The timed loop: all the job's iterations; returns the check value. */
double upm_kernel_loop(const struct upm_kernel_job *job);
/* Every line of the region flushed (MFENCE after): dirty lines go to memory now, and
 * the next loop starts cold. CLFLUSHOPT where the calling processor has it (its
 * flushes overlap), else CLFLUSH (kernels/writeback.S says why); returns which. */
enum upm_kernel_flush {
	UPM_KERNEL_FLUSH_CLFLUSH = 1, /* bits, so that a run's threads can be summed up */
	UPM_KERNEL_FLUSH_CLFLUSHOPT = 2,
};
enum upm_kernel_flush upm_kernel_writeback(const struct upm_kernel_job *job);
/* The write-back's instruction for a processor whose CPUID.(EAX=07H,ECX=0):EBX is
 * leaf7_ebx (0 where it has no leaf 7): CLFLUSHOPT where bit 23 is set. */
enum upm_kernel_flush upm_kernel_flush_choice(uint32_t leaf7_ebx);
/* "CLFLUSH", "CLFLUSHOPT", "CLFLUSH and CLFLUSHOPT" (threads that differed) for an OR of
 * upm_kernel_flush bits; "none" for 0. */
const char *upm_kernel_flush_name(unsigned flushes);

/* Whether the calling processor can run loops of `isa`, read from its own CPUID and
 * XCR0 (kernels/isa.c): call it on the processor that will run the loop. Reads only;
 * not a backend access (it asks the processor executing upmon about itself, which the
 * machine under test's registers, mocked or not, cannot answer). */
void upm_kernel_isa_probe(enum upm_kernel_isa isa, struct upm_kernel_isa_probe *out);
/* The rule the probe applies, on values given (SDM vol. 3A 2.5-2.6): AVX needs
 * CPUID.01H:ECX bits 28 and 27 and XCR0 bits 1 and 2. */
enum upm_kernel_isa_state upm_kernel_isa_judge(enum upm_kernel_isa isa, uint32_t cpuid1_ecx,
					       uint64_t xcr0);
/* "SSE2", "AVX". */
const char *upm_kernel_isa_name(enum upm_kernel_isa isa);
/* Why a probe's state keeps the loops off, in words for a one-line error ("the firmware
 * left CR4.OSXSAVE clear ..."); "" for UPM_KERNEL_ISA_USABLE. */
const char *upm_kernel_isa_why(enum upm_kernel_isa_state state);

/* Runs kernel `name` for `iterations` passes over buf. Returns UPM_OK, UPM_ENOTFOUND for
 * an unknown kernel, UPM_EINVAL for a buffer too small for one line per array (two for
 * chase), zero iterations, NULL arguments, or counts that would overflow 64 bits,
 * UPM_EUNSUPPORTED when the calling processor cannot run the kernel's instruction set
 * (upm_kernel_isa_probe). out is cleared (and names the kernel) whatever happens. */
int upm_kernel_run(const char *name, void *buf, uint64_t size_bytes, uint64_t iterations,
		   struct upm_kernel_result *out);

/* Default working-set size for a kernel given the LLC size in bytes (0: unknown, use
 * UPM_KERNEL_LLC_FALLBACK): DRAM kernels (chase included) 8x LLC, llc LLC/2, thrash 4x
 * LLC, rounded up to whole lines in every array. 0 for an unknown kernel or overflow. */
uint64_t upm_kernel_default_size(const char *name, uint64_t llc_bytes);

/* Parses a size: decimal digits with an optional K, M or G suffix (either
 * case, powers of 1024). Returns UPM_OK, UPM_EINVAL for junk (empty, other suffixes,
 * trailing text, zero) or UPM_ERANGE when it does not fit in 64 bits. *bytes is only
 * written on success. */
int upm_kernel_parse_size(const char *text, uint64_t *bytes);

/* Slice `index` of `threads` over an array of `size` bytes: offsets are cache-line
 * aligned, slices are contiguous, ordered, cover [0, size) exactly once and differ by at
 * most one line (the last also takes a tail shorter than a line). Slices beyond the
 * number of lines are empty (len 0, offset at the end). Invalid threads/index: 0, 0. */
void upm_kernel_split(uint64_t size, unsigned threads, unsigned index, uint64_t *offset,
		      uint64_t *len);

/* pingpong, one side's loop (kernels/pingpong.c). Word 0 of `line` (a cache line of its
 * own, 0 at the start) counts turns; side 0 writes on even counts, side 1 on odd ones,
 * `rounds` turns each: 2 x rounds handoffs, and the count ends at 2 x rounds. Returns
 * 0; -1 when the TSC passed deadline_tsc while waiting for the other side; -2 when
 * stop(stop_ctx) (optional, asked now and then) returned non-zero. *rounds_done
 * (optional) gets the turns this side took. */
int upm_kernel_pingpong(volatile uint64_t *line, unsigned side, uint64_t rounds,
			uint64_t deadline_tsc, int (*stop)(void *ctx), void *stop_ctx,
			uint64_t *rounds_done);
/* Its accounting for `rounds` round trips (both sides): every handoff moves the line
 * into the writer's cache (bus_lines_in, 64 bytes of bus_bytes) and stores one 8-byte
 * word (bytes_written); the loads spent waiting are not counted (their number depends
 * on timing), and nothing goes to memory. size_bytes 64, lines_touched one per round. */
void upm_kernel_pingpong_account(uint64_t rounds, struct upm_kernel_result *out);

#endif

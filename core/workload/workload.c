/* Workloads: processors, sizes, buffers, the threaded run and its activity feed (see
 * core/workload/workload.h for the rules). */
#include "core/workload/workload.h"
#include "core/workload/caches.h"
#include "core/base/os.h"
#include "core/base/abort.h"

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
	uint64_t t0, t1, t2, start_deadline, stop_deadline; /* t2: every write-back done */
};

static int fail(char *err, size_t size, int status, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int fail(char *err, size_t size, int status, const char *fmt, ...)
{
	if (err && size) {
		va_list ap;
		va_start(ap, fmt);
		upm_vsnprintf(err, size, fmt, ap);
		va_end(ap);
	}
	return status;
}

const char *upm_workload_kernel_name(unsigned i)
{
	if (i < upm_kernel_count)
		return upm_kernels[i].name;
	return i == upm_kernel_count ? PINGPONG : NULL;
}

void upm_workload_kernel_names(struct upm_buf *out)
{
	for (unsigned i = 0; upm_workload_kernel_name(i); i++)
		upm_buf_printf(out, "%s%s", i ? ", " : "", upm_workload_kernel_name(i));
}

/* "1.5 GiB" style, for messages. */
static void human_bytes(char *buf, size_t size, uint64_t bytes)
{
	static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
	unsigned u = 0;
	double v = (double)bytes;
	while (v >= 1024.0 && u + 1 < UPM_ARRAY_LEN(unit)) {
		v /= 1024.0;
		u++;
	}
	char num[32];
	upm_format_double(num, sizeof num, v, u ? 1 : 0);
	upm_snprintf(buf, size, "%s %s", num, unit[u]);
}

/* --- processors --- */

/* The processors of the chosen sockets, dealt round-robin over the sockets (so two
 * threads on two sockets are one per socket); in each socket the calling processor
 * first, then one hardware thread of every core before any core's second thread. */
static unsigned candidates(const struct upm_run *r, uint32_t mask, int skip_bsp, unsigned *out)
{
	static unsigned per[UPM_MAX_SOCKETS][UPM_MAX_CPUS]; /* callers run one at a time */
	unsigned cnt[UPM_MAX_SOCKETS] = { 0 }, most = 0, n = 0, max_thread = 0;
	for (unsigned i = 0; i < r->topo.n_cpus; i++)
		if (r->topo.cpus[i].thread > max_thread)
			max_thread = r->topo.cpus[i].thread;
	/* Level 0: the calling processor (the BSP); level t + 1: hardware thread t. */
	for (unsigned level = 0; level <= max_thread + 1; level++)
		for (unsigned i = 0; i < r->topo.n_cpus; i++) {
			const struct upm_cpu_info *c = &r->topo.cpus[i];
			int here = level == 0 ? c->is_bsp != 0 : !c->is_bsp && c->thread == level - 1;
			if (!here || c->package >= r->n_sockets || !(mask >> c->package & 1) ||
			    (skip_bsp && c->is_bsp))
				continue;
			per[c->package][cnt[c->package]++] = i;
			if (cnt[c->package] > most)
				most = cnt[c->package];
		}
	for (unsigned k = 0; k < most; k++)
		for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++)
			if (k < cnt[s] && n < UPM_MAX_CPUS)
				out[n++] = per[s][k];
	return n;
}

static int choose_cpus(struct upm_workload_plan *p, const struct upm_workload *w, char *err,
		       size_t err_size)
{
	struct upm_run *r = p->run;
	uint32_t all = r->n_sockets >= 32 ? ~0u : (1u << r->n_sockets) - 1;
	uint32_t mask = w->socket_mask ? w->socket_mask : all;
	if (mask & ~all) {
		unsigned bad = 0;
		while (!((mask & ~all) >> bad & 1))
			bad++;
		return fail(err, err_size, UPM_EINVAL,
			    "socket %u is not part of this run (it has %u socket%s: 0-%u)", bad,
			    r->n_sockets, r->n_sockets == 1 ? "" : "s", r->n_sockets - 1);
	}
	if (w->memory_socket >= (int)r->n_sockets || w->memory_socket < -1)
		return fail(err, err_size, UPM_EINVAL,
			    "memory socket %d is not part of this run (it has %u socket%s): give --memory-socket 0-%u or local",
			    w->memory_socket, r->n_sockets, r->n_sockets == 1 ? "" : "s", r->n_sockets - 1);
	unsigned order[UPM_MAX_CPUS];
	/* Firmware that starts the others only while the caller waits (non-blocking
	 * StartupAllAPs refused): the kernel runs on the others, or on the caller alone. */
	int caller_waits = !upm_os_parallel_caller_joins();
	unsigned avail = candidates(r, mask, caller_waits, order);
	if (caller_waits && avail == 0)
		avail = candidates(r, mask, 0, order) ? 1 : 0;
	unsigned want = w->threads;
	if (!p->desc) {
		if (want && want != 2)
			return fail(err, err_size, UPM_EINVAL,
				    "pingpong runs on exactly two processors, not %u: give --threads 2 (or leave "
				    "--threads out)", want);
		want = 2;
	}
	if (want == 0)
		want = avail;
	if (want == 0 || want > avail)
		return fail(err, err_size, UPM_EINVAL,
			    "%s needs %u processor%s; the chosen sockets have %u%s", p->kernel, want,
			    want == 1 ? "" : "s", avail,
			    caller_waits ? " besides the bootstrap processor, which waits while"
					   " the others run (the firmware refuses non-blocking MP calls)"
					 : "");
	p->n = want;
	p->socket_mask = 0;
	for (unsigned i = 0; i < want; i++) {
		struct slot *s = &p->slots[i];
		p->cpus[i] = order[i];
		s->cpu = order[i];
		s->socket = r->topo.cpus[order[i]].package;
		s->mem_socket = w->memory_socket >= 0 ? (unsigned)w->memory_socket : s->socket;
		p->socket_mask |= 1u << s->socket;
	}
	p->memory_socket = w->memory_socket;
	return UPM_OK;
}

/* --- sizes --- */

static unsigned popcount(uint32_t m)
{
	unsigned n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
}

/* One pass of thread i's slice, laid out without touching memory: the geometry only
 * needs an aligned address. */
static int slice_lines(const struct upm_workload_plan *p, unsigned i, uint64_t *lines)
{
	uint64_t per_array = p->size / UPM_KERNEL_LINE / p->desc->arrays, off, len;
	upm_kernel_split(per_array * UPM_KERNEL_LINE, p->n, i, &off, &len);
	*lines = len / UPM_KERNEL_LINE;
	return *lines >= p->desc->min_lines ? 0 : -1;
}

/* Work per second of the whole run: loads for chase (*per_load set), bus bytes for the
 * others; per thread, the DRAM kernels capped per socket. */
static double default_rate(const struct upm_workload_plan *p, int *per_load)
{
	double threads = (double)p->n, sockets = (double)popcount(p->socket_mask);
	const char *k = p->desc->name;
	*per_load = upm_strcmp(k, "chase") == 0;
	if (*per_load)
		return threads / (CHASE_NS_PER_LOAD * 1e-9);
	if (p->desc->footprint == UPM_KERNEL_IN_LLC)
		return LLC_BYTES_PER_S * threads;
	double rate = (upm_strcmp(k, "flush") == 0 ? FLUSH_BYTES_PER_S : DRAM_BYTES_PER_S) * threads;
	return rate > DRAM_SOCKET_BYTES_PER_S * sockets ? DRAM_SOCKET_BYTES_PER_S * sockets : rate;
}

static uint64_t default_iterations(const struct upm_workload_plan *p)
{
	if (!p->desc)
		return (uint64_t)(TARGET_NS / (2.0 * PINGPONG_NS_PER_HANDOFF));
	uint64_t bus = 0, loads = 0;
	for (unsigned i = 0; i < p->n; i++) {
		struct upm_kernel_job job;
		uint64_t lines;
		slice_lines(p, i, &lines);
		if (upm_kernel_layout(p->desc->name, (void *)(uintptr_t)UPM_KERNEL_LINE,
				      lines * p->desc->arrays * UPM_KERNEL_LINE, 1, &job) != UPM_OK)
			continue;
		bus += job.result.bus_bytes;
		loads += job.result.loads;
	}
	int per_load;
	double rate = default_rate(p, &per_load);
	double per_pass_s = per_load ? (double)loads / rate : (double)bus / rate;
	double n = per_pass_s > 0 ? TARGET_NS * 1e-9 / per_pass_s : 1;
	if (n < 1)
		n = 1;
	if (n > 1e9)
		n = 1e9;
	return (uint64_t)(n + 0.5);
}

static int choose_sizes(struct upm_workload_plan *p, const struct upm_workload *w, char *err,
			size_t err_size)
{
	struct upm_caches caches;
	upm_caches_read(p->run->backend, &caches);
	p->llc_bytes = caches.llc_bytes;
	if (!p->desc) {
		p->size = UPM_KERNEL_LINE;
		p->alloc_bytes = 2 * UPM_KERNEL_LINE;
	} else {
		uint64_t size = w->size;
		if (!size) {
			uint64_t one = upm_kernel_default_size(p->desc->name, p->llc_bytes);
			if (!one || __builtin_mul_overflow(one, popcount(p->socket_mask), &size))
				return fail(err, err_size, UPM_ERANGE, "%s: no default size for an LLC of %llu bytes",
					    p->kernel, (unsigned long long)p->llc_bytes);
		}
		uint64_t unit = (uint64_t)p->desc->arrays * UPM_KERNEL_LINE;
		p->size = size / unit * unit;
		uint64_t lines;
		for (unsigned i = 0; i < p->n; i++)
			if (slice_lines(p, i, &lines) < 0) {
				uint64_t need = (uint64_t)p->n * p->desc->min_lines * unit;
				return fail(err, err_size, UPM_EINVAL,
					    "%s: a working set of %llu bytes is too small for %u thread%s: give at least %llu",
					    p->kernel, (unsigned long long)size, p->n, p->n == 1 ? "" : "s",
					    (unsigned long long)need);
			}
		/* Each thread's buffer: its slices plus a line for alignment. */
		p->alloc_bytes = p->size + (uint64_t)p->n * UPM_KERNEL_LINE;
	}
	p->iterations = w->iterations ? w->iterations : default_iterations(p);

	uint64_t total, free_bytes;
	if (upm_os_memory(&total, &free_bytes) == UPM_OK) {
		uint64_t reserve = free_bytes / 8 > RESERVE_MIN ? free_bytes / 8 : RESERVE_MIN;
		uint64_t usable = free_bytes > reserve ? free_bytes - reserve : 0;
		if (p->alloc_bytes > usable) {
			char need[32], have[32], keep[32];
			human_bytes(need, sizeof need, p->alloc_bytes);
			human_bytes(have, sizeof have, free_bytes);
			human_bytes(keep, sizeof keep, reserve);
			return fail(err, err_size, UPM_ENOMEM,
				    "%s: a working set of %s does not fit in the %s of free memory (%s of it stays free): give a smaller --size",
				    p->kernel, need, have, keep);
		}
	}
	return UPM_OK;
}

/* --- threads --- */

static uint64_t ns_to_tsc(uint64_t ns)
{
	uint64_t hz = upm_os_tsc_hz();
	return ns / 1000000000u * hz + ns % 1000000000u * hz / 1000000000u;
}

static uint64_t tsc_to_ns(uint64_t ticks)
{
	uint64_t hz = upm_os_tsc_hz();
	return hz ? ticks / hz * 1000000000u + ticks % hz * 1000000000u / hz : 0;
}

/* Spins until *word holds at least want. 0, or -1 when the deadline passed or another
 * thread gave up. */
static int spin_until(struct upm_workload_plan *p, unsigned *word, unsigned want, uint64_t deadline)
{
	unsigned spins = 0;
	while (__atomic_load_n(word, __ATOMIC_ACQUIRE) < want) {
		if (__atomic_load_n(&p->abort, __ATOMIC_ACQUIRE))
			return -1;
		if (++spins == 1024) {
			spins = 0;
			if (upm_os_tsc() > deadline) {
				__atomic_store_n(&p->abort, 1, __ATOMIC_RELEASE);
				return -1;
			}
		}
		__asm__ __volatile__("pause");
	}
	return 0;
}

/* Everyone waits for the last to arrive. 0, or -1 when the deadline passed or another
 * thread gave up. The duration is not stamped here: the last to arrive at the start and
 * at the stop may be different processors, whose TSCs need not agree (firmware may
 * leave them unsynchronized across sockets); thread 0 reads both ends on its own TSC. */
static int meet(struct upm_workload_plan *p, struct gate *g, uint64_t deadline)
{
	if (__atomic_add_fetch(&g->arrived, 1, __ATOMIC_ACQ_REL) == p->n) {
		__atomic_store_n(&g->open, 1, __ATOMIC_RELEASE);
		return 0;
	}
	return spin_until(p, &g->open, 1, deadline);
}

/* The start gate: thread 0 opens it once every other thread waits there, reading t0
 * just before, so no loop begins before t0. A thread 0 delayed at the gate (an
 * interrupt, or a host with fewer processors than threads) then lengthens the window
 * instead of leaving the others' work outside it, which would report a bandwidth no
 * memory has. */
static int start_gate(struct upm_workload_plan *p, unsigned i)
{
	struct gate *g = &p->start;
	if (i != 0) {
		__atomic_add_fetch(&g->arrived, 1, __ATOMIC_ACQ_REL);
		return spin_until(p, &g->open, 1, p->start_deadline);
	}
	if (spin_until(p, &g->arrived, p->n - 1, p->start_deadline) < 0)
		return -1;
	p->t0 = upm_os_tsc();
	__atomic_store_n(&g->open, 1, __ATOMIC_RELEASE);
	return 0;
}

/* The kernels' stop hook: thread 0 polls for the user's abort (on UEFI the BSP reads
 * the console when it is thread 0), every thread follows the flag it latches. */
static int stop_requested(void *ctx)
{
	struct slot *s = ctx;
	struct upm_workload_plan *p = s->plan;
	if (s->index == 0 && upm_abort_check())
		__atomic_store_n(&p->user_stop, 1, __ATOMIC_RELEASE);
	return (int)__atomic_load_n(&p->user_stop, __ATOMIC_ACQUIRE);
}

static void setup_thread(void *arg, unsigned i)
{
	struct upm_workload_plan *p = arg;
	if (p->desc)
		upm_kernel_setup(&p->slots[i].job);
}

/* On each processor: whether it can run the kernel's instruction set (an AVX kernel
 * needs the state the firmware enabled, or not, processor by processor). */
static void probe_thread(void *arg, unsigned i)
{
	struct upm_workload_plan *p = arg;
	upm_kernel_isa_probe(p->desc->isa, &p->slots[i].isa);
}

/* The first chosen processor that cannot run the kernel's loop; NULL when every one can. */
static const struct slot *first_refused(const struct upm_workload_plan *p)
{
	for (unsigned i = 0; i < p->n; i++)
		if (p->slots[i].isa.state != UPM_KERNEL_ISA_USABLE)
			return &p->slots[i];
	return NULL;
}

/* That processor as one line that says what to run instead; UPM_OK when there is none. */
static int isa_refusal(const struct upm_workload_plan *p, char *err, size_t err_size)
{
	const struct slot *s = first_refused(p);
	if (!s)
		return UPM_OK;
	return fail(err, err_size, UPM_EUNSUPPORTED,
		    "%s: %s cannot run on processor %u (socket %u, APIC ID 0x%x): %s; run %s, its %s twin",
		    p->kernel, upm_kernel_isa_name(p->desc->isa), s->cpu, s->socket,
		    (unsigned)p->run->topo.cpus[s->cpu].apic_id, upm_kernel_isa_why(s->isa.state),
		    p->desc->twin ? p->desc->twin : "another kernel", upm_kernel_isa_name(UPM_KERNEL_ISA_SSE2));
}

static void run_thread(void *arg, unsigned i)
{
	struct upm_workload_plan *p = arg;
	struct slot *s = &p->slots[i];
	if (start_gate(p, i) < 0) {
		s->timed_out = 1;
		return;
	}
	if (p->desc) {
		s->check = upm_kernel_loop(&s->job);
	} else {
		int rc = upm_kernel_pingpong(p->line, i, p->iterations, p->stop_deadline, stop_requested, s,
					     &s->passes_done);
		if (rc == -1) {
			s->timed_out = 2;
			__atomic_store_n(&p->abort, 1, __ATOMIC_RELEASE);
			return;
		}
	}
	if (meet(p, &p->stop, p->stop_deadline) < 0) {
		s->timed_out = 2;
		return;
	}
	if (i == 0)
		p->t1 = upm_os_tsc();
	if (!p->desc)
		return;
	/* The write-back is timed apart (flush_ns, on thread 0's TSC like the loop): the
	 * loop's bandwidth is the loop's. */
	s->flush = upm_kernel_writeback(&s->job);
	if (meet(p, &p->flushed, p->stop_deadline) < 0) {
		s->timed_out = 2;
		return;
	}
	if (i == 0)
		p->t2 = upm_os_tsc();
}

static int run_all(struct upm_workload_plan *p, void (*fn)(void *, unsigned), char *err,
		   size_t err_size)
{
	int rc = upm_os_run_parallel(p->cpus, p->n, fn, p, p->timeout_ns);
	if (rc == UPM_EFAULT)
		p->leaked = 1;
	if (rc != UPM_OK)
		return fail(err, err_size, rc,
			    "%s: running on %u processor%s failed (%s)%s", p->kernel, p->n,
			    p->n == 1 ? "" : "s", upm_status_name(rc),
			    rc == UPM_EFAULT ? ": a processor did not finish in time" : "");
	return UPM_OK;
}

/* --- prepare, execute, release --- */

static int allocate(struct upm_workload_plan *p, char *err, size_t err_size)
{
	if (!p->desc) {
		/* The line's home: the memory socket, else the first side's. */
		struct slot *s = &p->slots[0];
		s->alloc_bytes = 2 * UPM_KERNEL_LINE;
		unsigned char *raw = upm_os_alloc_on_socket((size_t)s->alloc_bytes, s->mem_socket, &s->placed,
							    p->placement_why, sizeof p->placement_why);
		if (!raw)
			return fail(err, err_size, UPM_ENOMEM, "pingpong: out of memory");
		s->alloc = raw;
		uintptr_t a = ((uintptr_t)raw + UPM_KERNEL_LINE - 1) & ~(uintptr_t)(UPM_KERNEL_LINE - 1);
		p->line = (volatile uint64_t *)a;
		return UPM_OK;
	}
	for (unsigned i = 0; i < p->n; i++) {
		struct slot *s = &p->slots[i];
		uint64_t lines;
		slice_lines(p, i, &lines);
		uint64_t bytes = lines * p->desc->arrays * UPM_KERNEL_LINE;
		s->alloc_bytes = bytes + UPM_KERNEL_LINE;
		char why[sizeof p->placement_why];
		s->alloc = s->alloc_bytes == (size_t)s->alloc_bytes
				   ? upm_os_alloc_on_socket((size_t)s->alloc_bytes, s->mem_socket, &s->placed, why, sizeof why)
				   : 0;
		if (s->alloc && !s->placed && !p->placement_why[0])
			upm_strlcpy(p->placement_why, why, sizeof p->placement_why);
		if (!s->alloc) {
			char need[32];
			human_bytes(need, sizeof need, s->alloc_bytes);
			return fail(err, err_size, UPM_ENOMEM,
				    "%s: cannot allocate %s for thread %u: give a smaller --size", p->kernel,
				    need, i);
		}
		uintptr_t a = ((uintptr_t)s->alloc + UPM_KERNEL_LINE - 1) & ~(uintptr_t)(UPM_KERNEL_LINE - 1);
		int rc = upm_kernel_layout(p->desc->name, (void *)a, bytes, p->iterations, &s->job);
		if (rc != UPM_OK)
			return fail(err, err_size, rc,
				    "%s: %llu iterations over %llu bytes would overflow the counts: give fewer --iterations",
				    p->kernel, (unsigned long long)p->iterations, (unsigned long long)p->size);
		s->job.region.stop = stop_requested;
		s->job.region.stop_ctx = s;
		s->job.region.passes_done = &s->passes_done;
	}
	return UPM_OK;
}

static uint64_t run_timeout(const struct upm_workload_plan *p)
{
	uint64_t t = START_TIMEOUT_NS;
	if (!p->desc)
		return t + (p->iterations < UINT64_MAX / (2 * CRAWL_NS_PER_HANDOFF)
				    ? 2 * p->iterations * CRAWL_NS_PER_HANDOFF
				    : UINT64_MAX / 2);
	uint64_t bus = 0;
	for (unsigned i = 0; i < p->n; i++)
		bus += p->slots[i].job.result.bus_bytes;
	/* Every thread does its part at the same time; a crawling machine shares. */
	double ns = (double)bus / (double)CRAWL_BYTES_PER_S * 1e9;
	return ns > 1e18 ? UINT64_MAX / 2 : t + (uint64_t)ns;
}

/* Every chosen processor asked at once (slots[].isa). Runs on a plan just started,
 * before its sizes give the run its own time limit: asking takes no longer than
 * reaching the start barrier. */
static int ask_isa(struct upm_workload_plan *p, char *err, size_t err_size)
{
	p->timeout_ns = START_TIMEOUT_NS;
	return run_all(p, probe_thread, err, err_size);
}

/* Asks the chosen processors whether they can run the kernel's instruction set (SSE2
 * runs everywhere: nothing asked); UPM_OK or the refusal. */
static int probe_isa(struct upm_workload_plan *p, char *err, size_t err_size)
{
	if (!p->desc || p->desc->isa == UPM_KERNEL_ISA_SSE2)
		return UPM_OK;
	int rc = ask_isa(p, err, err_size);
	return rc == UPM_OK ? isa_refusal(p, err, err_size) : rc;
}

/* An empty plan for kernel k (NULL: pingpong); NULL when out of memory. */
static struct upm_workload_plan *plan_new(struct upm_run *r, const struct upm_kernel_desc *k)
{
	struct upm_workload_plan *p = upm_os_alloc(sizeof *p);
	if (!p)
		return NULL;
	upm_memset(p, 0, sizeof *p);
	p->run = r;
	p->desc = k;
	p->kernel = k ? k->name : PINGPONG;
	for (unsigned i = 0; i < UPM_MAX_CPUS; i++) {
		p->slots[i].index = i;
		p->slots[i].plan = p;
	}
	return p;
}

/* A plan for kernel k on the processors w chooses, each of them asked whether it can run
 * the kernel's instruction set: UPM_OK or why not. *out is NULL only when out of memory;
 * upm_workload_release frees it. */
static int plan_start(struct upm_run *r, const struct upm_kernel_desc *k, const struct upm_workload *w,
		      struct upm_workload_plan **out, char *err, size_t err_size)
{
	struct upm_workload_plan *p = plan_new(r, k);
	*out = p;
	if (!p)
		return fail(err, err_size, UPM_ENOMEM, "out of memory");
	int rc = choose_cpus(p, w, err, err_size);
	return rc == UPM_OK ? probe_isa(p, err, err_size) : rc;
}

int upm_workload_prepare(struct upm_run *r, const struct upm_workload *w,
			 struct upm_workload_plan **plan, char *err, size_t err_size)
{
	*plan = NULL;
	if (!w || !w->kernel)
		return fail(err, err_size, UPM_EINVAL, "no kernel given");
	const struct upm_kernel_desc *k = upm_kernel_find(w->kernel);
	if (!k && upm_strcasecmp(w->kernel, PINGPONG) != 0) {
		struct upm_buf names;
		upm_buf_init(&names);
		upm_workload_kernel_names(&names);
		fail(err, err_size, UPM_ENOTFOUND, "unknown kernel '%s' (kernels: %s)", w->kernel,
		     names.data ? names.data : "");
		upm_buf_free(&names);
		return UPM_ENOTFOUND;
	}
	struct upm_workload_plan *p;
	int rc = plan_start(r, k, w, &p, err, err_size);
	if (!p)
		return rc;
	if (rc == UPM_OK)
		rc = choose_sizes(p, w, err, err_size);
	if (rc == UPM_OK)
		rc = allocate(p, err, err_size);
	if (rc == UPM_OK) {
		p->timeout_ns = run_timeout(p);
		rc = run_all(p, setup_thread, err, err_size);
	}
	if (rc != UPM_OK) {
		upm_workload_release(p);
		return rc;
	}
	*plan = p;
	return UPM_OK;
}

int upm_workload_check_isa(struct upm_run *r, const struct upm_workload *w, char *err,
			   size_t err_size)
{
	const struct upm_kernel_desc *k = w ? upm_kernel_find(w->kernel) : 0;
	if (!k || k->isa == UPM_KERNEL_ISA_SSE2)
		return UPM_OK; /* pingpong and SSE2 run anywhere; unknown names are prepare's */
	struct upm_workload_plan *p;
	int rc = plan_start(r, k, w, &p, err, err_size);
	upm_workload_release(p);
	return rc;
}

int upm_workload_min_size(struct upm_run *r, const struct upm_workload *w, uint64_t *bytes, unsigned *threads,
			  char *err, size_t err_size)
{
	*bytes = 0;
	*threads = 0;
	const struct upm_kernel_desc *k = w ? upm_kernel_find(w->kernel) : 0;
	if (!k)
		return UPM_OK; /* pingpong takes no size; unknown names are prepare's */
	struct upm_workload_plan *p;
	int rc = plan_start(r, k, w, &p, err, err_size);
	if (rc == UPM_OK) { /* as choose_sizes asks: min_lines a thread in every array */
		*bytes = (uint64_t)p->n * k->min_lines * k->arrays * UPM_KERNEL_LINE;
		*threads = p->n;
	}
	upm_workload_release(p);
	return rc;
}

int upm_workload_survey_isa(struct upm_run *r, enum upm_kernel_isa isa,
			    struct upm_workload_isa_survey *out, char *err, size_t err_size)
{
	upm_memset(out, 0, sizeof *out);
	out->isa = isa;
	const struct upm_kernel_desc *k = NULL;
	for (unsigned i = 0; i < upm_kernel_count && !k; i++)
		if (upm_kernels[i].isa == isa)
			k = &upm_kernels[i];
	if (!k)
		return fail(err, err_size, UPM_ENOTFOUND, "no kernel uses %s", upm_kernel_isa_name(isa));
	/* The processors a kernel at --threads all on every socket runs on. */
	struct upm_workload w = { k->name, 0, 0, -1, 0, 0 };
	struct upm_workload_plan *p = plan_new(r, k);
	if (!p)
		return fail(err, err_size, UPM_ENOMEM, "out of memory");
	int rc = choose_cpus(p, &w, err, err_size);
	if (rc == UPM_OK)
		rc = ask_isa(p, err, err_size);
	if (rc == UPM_OK) {
		out->processors = p->n;
		for (unsigned i = 0; i < p->n; i++)
			out->usable += p->slots[i].isa.state == UPM_KERNEL_ISA_USABLE;
		const struct slot *s = first_refused(p);
		if (s) {
			out->refused_cpu = s->cpu;
			out->refused_socket = s->socket;
			out->refused_apic_id = p->run->topo.cpus[s->cpu].apic_id;
			out->refused_state = s->isa.state;
		}
	}
	upm_workload_release(p);
	return rc;
}

/* 1 when every buffer is in its memory socket's memory. */
static int placed(const struct upm_workload_plan *p)
{
	unsigned n = p->desc ? p->n : 1;
	for (unsigned i = 0; i < n; i++)
		if (!p->slots[i].placed)
			return 0;
	return n > 0;
}

void upm_workload_describe(const struct upm_workload_plan *p, struct upm_workload_info *out)
{
	upm_memset(out, 0, sizeof *out);
	out->kernel = p->kernel;
	out->threads = p->n;
	out->socket_mask = p->socket_mask;
	out->memory_socket = p->memory_socket;
	out->size_bytes = p->size;
	out->size_unit = p->desc ? (uint64_t)p->desc->arrays * UPM_KERNEL_LINE : 0;
	out->iterations = p->iterations;
	out->alloc_bytes = p->alloc_bytes;
	out->llc_bytes = p->llc_bytes;
	out->placed = placed(p);
	out->placement_why = out->placed ? NULL : p->placement_why;
	out->cpus = p->cpus;
}

/* What each socket's uncore saw (see core/workload/workload.h). */
static void activity(const struct upm_workload_plan *p, struct upm_workload_result *out)
{
	struct upm_activity *a = out->per_socket;
	if (!p->desc) {
		unsigned s0 = p->slots[0].socket, s1 = p->slots[1].socket;
		for (unsigned i = 0; i < 2; i++) {
			unsigned s = p->slots[i].socket;
			uint64_t turns = p->slots[i].passes_done;
			a[s].llc_lookups += turns;
			if (s0 != s1) {
				a[s].llc_misses += turns;
				a[s].remote_lines += turns;
			}
		}
		return;
	}
	for (unsigned i = 0; i < p->n; i++) {
		const struct slot *sl = &p->slots[i];
		const struct upm_kernel_result *k = &sl->done;
		uint64_t from_memory = k->bus_lines_in, misses = k->bus_lines_in;
		if (p->desc->footprint == UPM_KERNEL_IN_LLC && sl->passes_done)
			from_memory = misses = (uint64_t)sl->job.region.arrays * sl->job.region.lines;
		a[sl->mem_socket].lines_read += from_memory;
		a[sl->mem_socket].lines_written += k->bus_lines_out;
		a[sl->socket].llc_lookups += k->bus_lines_in;
		a[sl->socket].llc_misses += misses;
		if (sl->mem_socket != sl->socket) {
			a[sl->mem_socket].remote_lines += from_memory;
			a[sl->socket].remote_lines += k->bus_lines_out;
		}
	}
}

/* Each thread's accounting for the passes it did (all of them unless the user
 * aborted); for pingpong, the round trips both sides completed. */
static uint64_t count_done(struct upm_workload_plan *p)
{
	if (!p->desc) {
		uint64_t a = p->slots[0].passes_done, b = p->slots[1].passes_done;
		return a < b ? a : b;
	}
	for (unsigned i = 0; i < p->n; i++) {
		struct slot *s = &p->slots[i];
		s->done = s->job.result;
		if (s->passes_done == s->job.result.iterations)
			continue;
		struct upm_kernel_job part;
		uint64_t bytes = (uint64_t)s->job.region.arrays * s->job.region.lines * UPM_KERNEL_LINE;
		if (!s->passes_done ||
		    upm_kernel_layout(p->desc->name, s->job.region.base, bytes, s->passes_done, &part) != UPM_OK)
			upm_memset(&part, 0, sizeof part);
		s->done = part.result;
		s->done.kernel = p->desc->name;
		s->done.size_bytes = s->job.result.size_bytes;
	}
	return 0;
}

static void add_result(struct upm_kernel_result *t, const struct upm_kernel_result *k)
{
	t->size_bytes += k->size_bytes;
	t->bytes_read += k->bytes_read;
	t->bytes_written += k->bytes_written;
	t->bus_bytes += k->bus_bytes;
	t->bus_lines_in += k->bus_lines_in;
	t->bus_lines_out += k->bus_lines_out;
	t->lines_touched += k->lines_touched;
	t->loads += k->loads;
	t->check += k->check;
}

int upm_workload_execute(struct upm_workload_plan *p, struct upm_workload_result *out, char *err,
			 size_t err_size)
{
	upm_memset(out, 0, sizeof *out);
	if (p->leaked)
		return fail(err, err_size, UPM_EFAULT, "%s: a processor of an earlier run is still busy",
			    p->kernel);
	struct upm_run *r = p->run;
	p->start = (struct gate){ 0, 0 };
	p->stop = (struct gate){ 0, 0 };
	p->flushed = (struct gate){ 0, 0 };
	p->abort = 0;
	p->user_stop = 0;
	p->t0 = p->t1 = p->t2 = 0;
	if (p->line)
		*p->line = 0;
	for (unsigned i = 0; i < p->n; i++) {
		p->slots[i].check = 0;
		p->slots[i].timed_out = 0;
		p->slots[i].passes_done = 0;
		p->slots[i].flush = 0;
	}
	uint64_t now = upm_os_tsc();
	p->start_deadline = now + ns_to_tsc(START_TIMEOUT_NS);
	p->stop_deadline = now + ns_to_tsc(p->timeout_ns);

	uint64_t w0 = upm_os_nanoseconds();
	int rc = run_all(p, run_thread, err, err_size);
	uint64_t w1 = upm_os_nanoseconds();
	int timed_out = 0;
	for (unsigned i = 0; i < p->n; i++)
		timed_out |= p->slots[i].timed_out;
	if (rc == UPM_OK && timed_out)
		rc = fail(err, err_size, UPM_EFAULT,
			  timed_out & 1 ? "%s: a processor did not reach the start barrier in time; nothing was measured"
					: "%s: the run did not finish in its time limit; nothing was measured",
			  p->kernel);

	out->threads = p->n;
	out->socket_mask = p->socket_mask;
	out->memory_socket = p->memory_socket;
	out->tsc_hz = upm_os_tsc_hz();
	out->llc_bytes = p->llc_bytes;
	out->placed = placed(p);
	if (!out->placed)
		upm_strlcpy(out->placement_why, p->placement_why, sizeof out->placement_why);
	out->window_ns = w1 - w0;
	out->n_sockets = r->n_sockets;
	uint64_t rounds = count_done(p);
	out->aborted = p->user_stop != 0;
	if (p->desc) {
		out->total = p->slots[0].job.result;
		out->total.size_bytes = 0;
		out->total.bytes_read = out->total.bytes_written = out->total.bus_bytes = 0;
		out->total.bus_lines_in = out->total.bus_lines_out = 0;
		out->total.lines_touched = out->total.loads = 0;
		out->total.check = 0;
		for (unsigned i = 0; i < p->n; i++) {
			struct upm_kernel_result k = p->slots[i].done;
			k.check = p->slots[i].check;
			add_result(&out->total, &k);
		}
		if (out->aborted) { /* the most passes a thread did */
			out->total.iterations = 0;
			for (unsigned i = 0; i < p->n; i++)
				if (p->slots[i].passes_done > out->total.iterations)
					out->total.iterations = p->slots[i].passes_done;
		}
	} else {
		upm_kernel_pingpong_account(rounds, &out->total);
		out->total.check = (double)*p->line;
		out->round_trips = rounds;
	}
	for (unsigned s = 0; s < r->n_sockets && s < UPM_MAX_SOCKETS; s++) {
		out->per_socket[s].socket = s;
		out->per_socket[s].nanoseconds = out->window_ns;
	}
	if (rc != UPM_OK) {
		/* Time passed all the same: the clocks count it. */
		for (unsigned s = 0; s < out->n_sockets; s++)
			upm_activity(r->backend, &out->per_socket[s]);
		return rc;
	}
	activity(p, out);
	for (unsigned s = 0; s < out->n_sockets; s++)
		upm_activity(r->backend, &out->per_socket[s]);

	out->tsc_ticks = p->t1 - p->t0;
	out->total.ns = tsc_to_ns(out->tsc_ticks);
	if (p->desc) {
		out->flush_ns = tsc_to_ns(p->t2 - p->t1);
		for (unsigned i = 0; i < p->n; i++)
			out->flushes |= p->slots[i].flush;
	}
	out->seconds = (double)out->tsc_ticks / (double)out->tsc_hz;
	if (out->seconds > 0) {
		out->gbps = (double)(out->total.bytes_read + out->total.bytes_written) / out->seconds / 1e9;
		out->bus_gbps = (double)out->total.bus_bytes / out->seconds / 1e9;
		/* Each thread chases its own cycle: the latency is a thread's time per load. */
		if (p->desc && upm_strcmp(p->desc->name, "chase") == 0 && out->total.loads)
			out->ns_per_load = out->seconds * 1e9 * p->n / (double)out->total.loads;
		if (!p->desc && rounds)
			out->ns_per_handoff = out->seconds * 1e9 / (2.0 * (double)rounds);
	}
	return UPM_OK;
}

void upm_workload_release(struct upm_workload_plan *p)
{
	if (!p)
		return;
	/* A processor that timed out may still be writing to its buffer. */
	if (!p->leaked) {
		for (unsigned i = 0; i < UPM_MAX_CPUS; i++)
			if (p->slots[i].alloc)
				upm_os_free_placed(p->slots[i].alloc, (size_t)p->slots[i].alloc_bytes);
		upm_os_free(p);
	}
}

int upm_workload_run(struct upm_run *r, const struct upm_workload *w, struct upm_workload_result *out,
		     char *err, size_t err_size)
{
	struct upm_workload_plan *p;
	upm_memset(out, 0, sizeof *out);
	int rc = upm_workload_prepare(r, w, &p, err, err_size);
	if (rc != UPM_OK)
		return rc;
	rc = upm_workload_execute(p, out, err, err_size);
	upm_workload_release(p);
	return rc;
}

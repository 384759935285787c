/* Workloads: preparing one (its processors and sizes: workload_plan.c; its buffers),
 * executing it (its threads: workload_threads.c), its activity feed and its release (see
 * core/workload/workload.h for the rules). */
#include "core/workload/workload_state.h"
#include "core/workload/caches.h"
#include "platform/base/os.h"
#include "platform/base/abort.h"

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

static int allocate(struct upm_workload_plan *p, char *err, size_t err_size)
{
	if (!p->desc) {
		/* The line's home: the memory socket, else the first side's. */
		struct slot *s = &p->slots[0];
		s->alloc_bytes = 2 * UPM_KERNEL_LINE;
		unsigned char *raw = upm_os_alloc_on_socket((size_t)s->alloc_bytes, s->mem_socket, &s->placed,
							    p->placement_why, sizeof p->placement_why);
		if (!raw)
			return upm_wl_fail(err, err_size, UPM_ENOMEM, "pingpong: out of memory");
		s->alloc = raw;
		uintptr_t a = ((uintptr_t)raw + UPM_KERNEL_LINE - 1) & ~(uintptr_t)(UPM_KERNEL_LINE - 1);
		p->line = (volatile uint64_t *)a;
		return UPM_OK;
	}
	for (unsigned i = 0; i < p->n; i++) {
		struct slot *s = &p->slots[i];
		uint64_t lines;
		upm_wl_slice_lines(p, i, &lines);
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
			upm_wl_human_bytes(need, sizeof need, s->alloc_bytes);
			return upm_wl_fail(err, err_size, UPM_ENOMEM,
					   "%s: cannot allocate %s for thread %u: give a smaller --size", p->kernel,
					   need, i);
		}
		uintptr_t a = ((uintptr_t)s->alloc + UPM_KERNEL_LINE - 1) & ~(uintptr_t)(UPM_KERNEL_LINE - 1);
		int rc = upm_kernel_layout(p->desc->name, (void *)a, bytes, p->iterations, &s->job);
		if (rc != UPM_OK)
			return upm_wl_fail(err, err_size, rc,
					   "%s: %llu iterations over %llu bytes would overflow the counts: give fewer --iterations",
					   p->kernel, (unsigned long long)p->iterations, (unsigned long long)p->size);
		s->job.region.stop = upm_wl_stop_requested;
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
	return upm_wl_run_all(p, upm_wl_probe_thread, err, err_size);
}

/* Asks the chosen processors whether they can run the kernel's instruction set (SSE2
 * runs everywhere: nothing asked); UPM_OK or the refusal. */
static int probe_isa(struct upm_workload_plan *p, char *err, size_t err_size)
{
	if (!p->desc || p->desc->isa == UPM_KERNEL_ISA_SSE2)
		return UPM_OK;
	int rc = ask_isa(p, err, err_size);
	return rc == UPM_OK ? upm_wl_isa_refusal(p, err, err_size) : rc;
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
		return upm_wl_fail(err, err_size, UPM_ENOMEM, "out of memory");
	int rc = upm_wl_choose_cpus(p, w, err, err_size);
	return rc == UPM_OK ? probe_isa(p, err, err_size) : rc;
}

int upm_workload_prepare(struct upm_run *r, const struct upm_workload *w,
			 struct upm_workload_plan **plan, char *err, size_t err_size)
{
	*plan = NULL;
	if (!w || !w->kernel)
		return upm_wl_fail(err, err_size, UPM_EINVAL, "no kernel given");
	const struct upm_kernel_desc *k = upm_kernel_find(w->kernel);
	if (!k && upm_strcasecmp(w->kernel, PINGPONG) != 0) {
		struct upm_buf names;
		upm_buf_init(&names);
		upm_workload_kernel_names(&names);
		upm_wl_fail(err, err_size, UPM_ENOTFOUND, "unknown kernel '%s' (kernels: %s)", w->kernel,
			    names.data ? names.data : "");
		upm_buf_free(&names);
		return UPM_ENOTFOUND;
	}
	struct upm_workload_plan *p;
	int rc = plan_start(r, k, w, &p, err, err_size);
	if (!p)
		return rc;
	if (rc == UPM_OK)
		rc = upm_wl_choose_sizes(p, w, err, err_size);
	if (rc == UPM_OK)
		rc = allocate(p, err, err_size);
	if (rc == UPM_OK) {
		p->timeout_ns = run_timeout(p);
		rc = upm_wl_run_all(p, upm_wl_setup_thread, err, err_size);
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
		return upm_wl_fail(err, err_size, UPM_ENOTFOUND, "no kernel uses %s", upm_kernel_isa_name(isa));
	/* The processors a kernel at --threads all on every socket runs on. */
	struct upm_workload w = { k->name, 0, 0, -1, 0, 0, 0 };
	struct upm_workload_plan *p = plan_new(r, k);
	if (!p)
		return upm_wl_fail(err, err_size, UPM_ENOMEM, "out of memory");
	int rc = upm_wl_choose_cpus(p, &w, err, err_size);
	if (rc == UPM_OK)
		rc = ask_isa(p, err, err_size);
	if (rc == UPM_OK) {
		out->processors = p->n;
		for (unsigned i = 0; i < p->n; i++)
			out->usable += p->slots[i].isa.state == UPM_KERNEL_ISA_USABLE;
		const struct slot *s = upm_wl_first_refused(p);
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
		return upm_wl_fail(err, err_size, UPM_EFAULT, "%s: a processor of an earlier run is still busy",
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
	/* Durations: each thread sets its deadlines on its own TSC when it starts
	 * (upm_wl_run_thread). An instant on this processor's TSC means nothing on a socket
	 * whose TSC the firmware started apart. (docs/benchmarks.md, Sizes, threads and time) */
	p->start_ticks = upm_wl_ns_to_tsc(START_TIMEOUT_NS);
	p->stop_ticks = upm_wl_ns_to_tsc(p->timeout_ns);

	uint64_t w0 = upm_os_nanoseconds();
	int rc = upm_wl_run_all(p, upm_wl_run_thread, err, err_size);
	uint64_t w1 = upm_os_nanoseconds();
	int timed_out = 0;
	for (unsigned i = 0; i < p->n; i++)
		timed_out |= p->slots[i].timed_out;
	if (rc == UPM_OK && timed_out)
		rc = upm_wl_fail(err, err_size, UPM_EFAULT,
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
	out->total.ns = upm_wl_tsc_to_ns(out->tsc_ticks);
	if (p->desc) {
		out->flush_ns = upm_wl_tsc_to_ns(p->t2 - p->t1);
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

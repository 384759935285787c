/* A workload's processors and sizes (workload_state.h): the processors asked for, the
 * working set split into each thread's slice, and the iterations that make a run of
 * about TARGET_NS where none are given. */
#include "core/workload/workload_state.h"
#include "core/workload/caches.h"
#include "platform/base/os.h"

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

int upm_wl_choose_cpus(struct upm_workload_plan *p, const struct upm_workload *w, char *err,
		       size_t err_size)
{
	struct upm_run *r = p->run;
	uint32_t all = r->n_sockets >= 32 ? ~0u : (1u << r->n_sockets) - 1;
	uint32_t mask = w->socket_mask ? w->socket_mask : all;
	if (mask & ~all) {
		unsigned bad = 0;
		while (!((mask & ~all) >> bad & 1))
			bad++;
		return upm_wl_fail(err, err_size, UPM_EINVAL,
				   "socket %u is not part of this run (it has %u socket%s: 0-%u)", bad,
				   r->n_sockets, r->n_sockets == 1 ? "" : "s", r->n_sockets - 1);
	}
	if (w->memory_socket >= (int)r->n_sockets || w->memory_socket < -1)
		return upm_wl_fail(err, err_size, UPM_EINVAL,
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
			return upm_wl_fail(err, err_size, UPM_EINVAL,
					   "pingpong runs on exactly two processors, not %u: give --threads 2 (or leave "
					   "--threads out)", want);
		want = 2;
	}
	if (want == 0 || (w->threads_fit && p->desc && want > avail))
		want = avail;
	if (want == 0 || want > avail)
		return upm_wl_fail(err, err_size, UPM_EINVAL,
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

static unsigned popcount(uint32_t m)
{
	unsigned n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
}

/* One pass of thread i's slice, laid out without touching memory: the geometry only
 * needs an aligned address. */
int upm_wl_slice_lines(const struct upm_workload_plan *p, unsigned i, uint64_t *lines)
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
		upm_wl_slice_lines(p, i, &lines);
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

int upm_wl_choose_sizes(struct upm_workload_plan *p, const struct upm_workload *w, char *err,
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
				return upm_wl_fail(err, err_size, UPM_ERANGE, "%s: no default size for an LLC of %llu bytes",
						   p->kernel, (unsigned long long)p->llc_bytes);
		}
		uint64_t unit = (uint64_t)p->desc->arrays * UPM_KERNEL_LINE;
		p->size = size / unit * unit;
		uint64_t lines;
		for (unsigned i = 0; i < p->n; i++)
			if (upm_wl_slice_lines(p, i, &lines) < 0) {
				uint64_t need = (uint64_t)p->n * p->desc->min_lines * unit;
				return upm_wl_fail(err, err_size, UPM_EINVAL,
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
			upm_wl_human_bytes(need, sizeof need, p->alloc_bytes);
			upm_wl_human_bytes(have, sizeof have, free_bytes);
			upm_wl_human_bytes(keep, sizeof keep, reserve);
			return upm_wl_fail(err, err_size, UPM_ENOMEM,
					   "%s: a working set of %s does not fit in the %s of free memory (%s of it stays free): give a smaller --size",
					   p->kernel, need, have, keep);
		}
	}
	return UPM_OK;
}

/* Workloads on the host: the parallel runner, thread splitting against single-thread
 * accounting, the activity fed to the mock against the test's own arithmetic, pingpong,
 * placement, and refusals (sizes that do not fit, threads and sockets that do not
 * exist). Simulated machine: the fixture's sockets x 2 processors. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/host/os_host.h"
#include "core/workload/workload.h"
#include "core/workload/caches.h"
#include "core/workload/srat.h"
#include "platform/base/abort.h"
#include "tests/unit/host_cpuid.h"
#include <stdlib.h>
#include <time.h>

#define LINE 64u
#define MiB (1ull << 20)

/* --- the parallel runner --- */

struct par_probe {
	unsigned n;
	unsigned arrived;
	unsigned ran[8];
	uint32_t apic[8];
	unsigned package[8];
	int all_present[8]; /* every entry was running while this one waited */
	unsigned sleep_ms;
};

static void probe_entry(void *arg, unsigned i)
{
	struct par_probe *p = arg;
	__atomic_add_fetch(&p->ran[i], 1, __ATOMIC_SEQ_CST);
	upm_os_current_cpu(&p->apic[i], &p->package[i]);
	__atomic_add_fetch(&p->arrived, 1, __ATOMIC_SEQ_CST);
	/* Wait (bounded) for all the others: only possible when they run at the same time. */
	uint64_t until = upm_os_nanoseconds() + 5000000000ull;
	while (__atomic_load_n(&p->arrived, __ATOMIC_SEQ_CST) < p->n && upm_os_nanoseconds() < until)
		;
	p->all_present[i] = __atomic_load_n(&p->arrived, __ATOMIC_SEQ_CST) == p->n;
	if (p->sleep_ms)
		upm_os_sleep_ns(p->sleep_ms * 1000000ull);
}

TEST(parallel_runner_runs_every_entry_once_at_the_same_time)
{
	upm_host_simulate(2, 2);
	static const unsigned cpus[] = { 3, 0, 2, 1 };
	struct par_probe p = { .n = 4 };
	CHECK_EQ(upm_os_run_parallel(cpus, 4, probe_entry, &p, 10000000000ull), UPM_OK);
	for (unsigned i = 0; i < 4; i++) {
		CHECK_EQ(p.ran[i], 1);
		CHECK(p.all_present[i]);
		/* Each entry runs as its processor: host APIC IDs are socket * 2 + core. */
		CHECK_EQ(p.apic[i], cpus[i]);
		CHECK_EQ(p.package[i], cpus[i] / 2);
	}
	/* The caller is still processor 0. */
	uint32_t apic;
	unsigned pkg;
	upm_os_current_cpu(&apic, &pkg);
	CHECK_EQ(apic, 0);
}

TEST(parallel_runner_refusals_and_timeout)
{
	upm_host_simulate(2, 2);
	struct par_probe p = { .n = 1 };
	static const unsigned dup[] = { 1, 1 }, outside[] = { 4 }, one[] = { 2 };
	CHECK_EQ(upm_os_run_parallel(dup, 2, probe_entry, &p, 1000000000ull), UPM_EINVAL);
	CHECK_EQ(upm_os_run_parallel(outside, 1, probe_entry, &p, 1000000000ull), UPM_ENOTFOUND);
	CHECK_EQ(upm_os_run_parallel(one, 0, probe_entry, &p, 1000000000ull), UPM_EINVAL);
	CHECK_EQ(p.ran[0] + p.ran[1], 0);
	/* An entry that outlives the timeout: reported, not waited for. */
	p.sleep_ms = 300;
	CHECK_EQ(upm_os_run_parallel(one, 1, probe_entry, &p, 20000000ull), UPM_EFAULT);
	/* Let it finish before p goes out of scope. */
	upm_os_sleep_ns(600000000ull);
	CHECK_EQ(p.ran[0], 1);
}

TEST(tsc_frequency_is_calibrated)
{
	uint64_t hz = upm_os_tsc_hz();
	CHECK(hz > 0);
	uint64_t a = upm_os_tsc(), b = upm_os_tsc();
	CHECK(b >= a);
}

/* --- workloads --- */

static int run_workload(struct fixture *f, const char *kernel, unsigned threads, uint32_t mask,
			int mem, uint64_t size, uint64_t iterations, struct upm_workload_result *out,
			char *err, size_t err_size)
{
	struct upm_workload w = { kernel, threads, mask, mem, size, iterations, 0 };
	return upm_workload_run(&f->run, &w, out, err, err_size);
}

/* The per-pass traffic of each kernel, from kernel.h's definitions (in units of one
 * array's lines L): lines the core pulls in (loads and RFOs) and lines it writes out. */
struct traffic {
	const char *name;
	unsigned arrays, in_L, out_L;
};
static const struct traffic traffic[] = {
	{ "read", 1, 1, 0 },  { "write", 1, 1, 1 }, { "ntwrite", 1, 0, 1 }, { "copy", 2, 2, 1 },
	{ "scale", 2, 2, 1 }, { "add", 3, 3, 1 },   { "triad", 3, 3, 1 },   { "chase", 1, 1, 0 },
	{ "llc", 1, 1, 0 },   { "thrash", 1, 1, 0 }, { "flush", 1, 1, 0 },
};

TEST(workload_single_thread_equals_the_kernel)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	for (unsigned k = 0; k < UPM_ARRAY_LEN(traffic); k++) {
		struct upm_workload_result res;
		struct upm_kernel_result ref;
		char err[200] = "";
		uint64_t size = 3 * 64 * 1024 + 5 * LINE, iters = 2;
		int rc = run_workload(&f, traffic[k].name, 1, 0, -1, size, iters, &res, err, sizeof err);
		CHECK_EQ(rc, UPM_OK);
		if (rc != UPM_OK) {
			printf("    %s: %s\n", traffic[k].name, err);
			continue;
		}
		void *buf = aligned_alloc(LINE, size);
		CHECK_EQ(upm_kernel_run(traffic[k].name, buf, size, iters, &ref), UPM_OK);
		free(buf);
		CHECK_STR(res.total.kernel, traffic[k].name);
		CHECK_EQ(res.threads, 1);
		CHECK_EQ(res.total.size_bytes, ref.size_bytes);
		CHECK_EQ(res.total.iterations, iters);
		CHECK_EQ(res.total.bytes_read, ref.bytes_read);
		CHECK_EQ(res.total.bytes_written, ref.bytes_written);
		CHECK_EQ(res.total.bus_bytes, ref.bus_bytes);
		CHECK_EQ(res.total.loads, ref.loads);
		CHECK_EQ(res.total.lines_touched, ref.lines_touched);
		/* One buffer per thread laid out the same way: the same check value. */
		CHECK(res.total.check == ref.check);
		CHECK(res.seconds > 0);
		CHECK(res.tsc_hz > 0);
		CHECK_EQ(res.tsc_ticks > 0, 1);
		/* The write-back after the loop is timed apart, inside the window. */
		CHECK(res.flush_ns > 0);
		CHECK(res.flush_ns <= res.window_ns);
		/* With the instruction this processor's CPUID names (read here apart). */
		CHECK_EQ(res.flushes, host_flush());
	}
	fixture_free(&f);
}

TEST(workload_threads_split_the_single_thread_accounting)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	/* Sizes that do and do not split evenly over 4 threads and the arrays. */
	static const uint64_t sizes[] = { 3 * 4 * 16 * LINE, 3 * 4 * 16 * LINE + 7 * LINE + 9 };
	for (unsigned k = 0; k < UPM_ARRAY_LEN(traffic); k++)
		for (unsigned s = 0; s < UPM_ARRAY_LEN(sizes); s++) {
			struct upm_workload_result one, four;
			char err[200] = "";
			int rc1 = run_workload(&f, traffic[k].name, 1, 0, -1, sizes[s], 3, &one, err, sizeof err);
			int rc4 = run_workload(&f, traffic[k].name, 0, 0, -1, sizes[s], 3, &four, err, sizeof err);
			CHECK_EQ(rc1, UPM_OK);
			CHECK_EQ(rc4, UPM_OK);
			if (rc1 || rc4) {
				printf("    %s: %s\n", traffic[k].name, err);
				continue;
			}
			CHECK_EQ(four.threads, 4);
			CHECK_EQ(four.socket_mask, 3);
			/* Whole lines per array over the whole working set, whatever the split. */
			uint64_t L = sizes[s] / LINE / traffic[k].arrays;
			CHECK_EQ(four.total.size_bytes, traffic[k].arrays * L * LINE);
			CHECK_EQ(four.total.size_bytes, one.total.size_bytes);
			CHECK_EQ(four.total.bytes_read, one.total.bytes_read);
			CHECK_EQ(four.total.bytes_written, one.total.bytes_written);
			CHECK_EQ(four.total.bus_bytes, one.total.bus_bytes);
			CHECK_EQ(four.total.bus_lines_in, 3 * traffic[k].in_L * L);
			CHECK_EQ(four.total.bus_lines_out, 3 * traffic[k].out_L * L);
			CHECK_EQ(four.total.loads, one.total.loads);
			CHECK_EQ(four.total.lines_touched, one.total.lines_touched);
			if (upm_test_failed_now) {
				printf("    (kernel %s, size %llu)\n", traffic[k].name, (unsigned long long)sizes[s]);
				fixture_free(&f);
				return;
			}
		}
	/* The sums of what each thread loaded: read over 4 buffers of their own holding
	 * 0.. n_i - 1 each, words 0 and 1 of each line summed (8 L (L - 1) + L a pass). */
	struct upm_workload_result r;
	char err[200];
	uint64_t lines = 4 * 10 + 3; /* 11, 11, 11, 10 lines */
	CHECK_EQ(run_workload(&f, "read", 4, 0, -1, lines * LINE, 2, &r, err, sizeof err), UPM_OK);
	double want = 0;
	for (unsigned i = 0; i < 4; i++) {
		uint64_t L = i < 3 ? 11 : 10;
		want += 2.0 * (double)(8 * L * (L - 1) + L);
	}
	CHECK(r.total.check == want);
	fixture_free(&f);
}

/* The activity each socket must have received, from the definitions in workload.h. */
static void expect_activity(const struct upm_workload_result *r, const struct traffic *t,
			    uint64_t L, uint64_t iters, unsigned mem_socket)
{
	uint64_t in = iters * t->in_L * L, out = iters * t->out_L * L;
	uint64_t mem_in = in, misses = in;
	if (strcmp(t->name, "llc") == 0)
		mem_in = misses = L; /* once: the loop starts cold and stays in the LLC */
	for (unsigned s = 0; s < 2; s++) {
		const struct upm_activity *a = &r->per_socket[s];
		/* The threads run on socket 0 here. */
		CHECK_EQ(a->socket, s);
		CHECK_EQ(a->nanoseconds, r->window_ns);
		CHECK_EQ(a->lines_read, s == mem_socket ? mem_in : 0);
		CHECK_EQ(a->lines_written, s == mem_socket ? out : 0);
		CHECK_EQ(a->llc_lookups, s == 0 ? in : 0);
		CHECK_EQ(a->llc_misses, s == 0 ? misses : 0);
		uint64_t remote = 0;
		if (mem_socket != 0)
			remote = s == mem_socket ? mem_in : out;
		CHECK_EQ(a->remote_lines, remote);
	}
}

TEST(workload_activity_follows_the_kernel_accounting)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	for (unsigned k = 0; k < UPM_ARRAY_LEN(traffic); k++)
		for (int mem = -1; mem <= 1; mem++) {
			struct upm_workload_result r;
			char err[200] = "";
			uint64_t L = 2 * 100 + 1;
			int rc = run_workload(&f, traffic[k].name, 2, 1, mem, traffic[k].arrays * L * LINE, 3, &r,
					      err, sizeof err);
			CHECK_EQ(rc, UPM_OK);
			CHECK_EQ(r.threads, 2);
			CHECK_EQ(r.socket_mask, 1);
			CHECK_EQ(r.n_sockets, 2);
			expect_activity(&r, &traffic[k], L, 3, mem < 0 ? 0 : (unsigned)mem);
			if (upm_test_failed_now) {
				printf("    (kernel %s, memory socket %d: %s)\n", traffic[k].name, mem, err);
				fixture_free(&f);
				return;
			}
		}
	fixture_free(&f);
}

/* The mock counts what it was fed: CAS reads and writes over the four channels equal
 * the lines the kernel moved to and from memory. */
struct measured {
	struct upm_workload_plan *plan;
	struct upm_workload_result res;
	int rc;
};

static uint64_t workload_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	struct measured *m = ctx;
	char err[200];
	(void)s;
	(void)pass;
	m->rc = upm_workload_execute(m->plan, &m->res, err, sizeof err);
	return m->res.window_ns;
}

static uint64_t sum_counts(const struct upm_session *s, unsigned socket, const char *box,
			   unsigned instances, const char *name)
{
	uint64_t sum = 0;
	for (unsigned i = 0; i < instances; i++) {
		const struct upm_count *c = find_count(s, socket, box, i, name);
		if (c)
			sum += c->delta;
	}
	return sum;
}

TEST(workload_feeds_the_mock_what_the_kernel_did)
{
	static const char *kernels[] = { "read", "write", "triad", "ntwrite" };
	for (unsigned k = 0; k < UPM_ARRAY_LEN(kernels); k++) {
		struct fixture f;
		struct upm_session s;
		struct measured m = { 0 };
		char err[200];
		if (fixture_init(&f, "snbep", 2, NULL) < 0)
			return;
		struct upm_workload w = { kernels[k], 0, 0, -1, 3 * 4 * 1000 * LINE, 2, 0 };
		CHECK_EQ(upm_workload_prepare(&f.run, &w, &m.plan, err, sizeof err), UPM_OK);
		CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,ha/REQUESTS.READS/"), 0);
		CHECK_EQ(upm_session_run(&s, workload_interval, &m), 0);
		CHECK_EQ(m.rc, UPM_OK);
		const struct upm_kernel_result *t = &m.res.total;
		uint64_t rd = 0, wr = 0, ha = 0;
		for (unsigned sock = 0; sock < 2; sock++) {
			rd += sum_counts(&s, sock, "imc", 4, "CAS_COUNT.RD");
			wr += sum_counts(&s, sock, "imc", 4, "CAS_COUNT.WR");
			ha += sum_counts(&s, sock, "ha", 1, "REQUESTS.READS");
		}
		CHECK_EQ(rd, t->bus_lines_in);
		CHECK_EQ(wr, t->bus_lines_out);
		CHECK_EQ(ha, t->bus_lines_in);
		CHECK_EQ(rd + wr, t->bus_bytes / LINE);
		/* Independently: read moves every line in once per pass; triad three arrays in
		 * (two sources and the RFO) and one out. */
		if (k == 0)
			CHECK_EQ(rd, 2 * 3 * 4 * 1000);
		if (k == 2)
			CHECK_EQ(rd, 2 * 3 * 4 * 1000);
		if (k == 2)
			CHECK_EQ(wr, 2 * 4 * 1000);
		if (k == 3)
			CHECK_EQ(rd, 0);
		upm_session_free(&s);
		upm_workload_release(m.plan);
		fixture_free(&f);
	}
}

TEST(workload_pingpong_accounting)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	struct upm_workload_result r;
	char err[200] = "";
	/* Two sockets: one processor on each, the line crosses every turn. */
	CHECK_EQ(run_workload(&f, "pingpong", 0, 0, -1, 0, 1000, &r, err, sizeof err), UPM_OK);
	CHECK_EQ(r.threads, 2);
	CHECK_EQ(r.socket_mask, 3);
	CHECK(r.total.check == 2000.0); /* every turn taken, in order */
	CHECK_EQ(r.round_trips, 1000);
	CHECK_EQ(r.total.bytes_written, 2000 * 8);
	CHECK_EQ(r.total.bus_bytes, 2000 * LINE);
	CHECK_EQ(r.total.bus_lines_in, 2000);
	CHECK_EQ(r.total.bus_lines_out, 0);
	CHECK(r.ns_per_handoff > 0);
	CHECK_EQ(r.flush_ns, 0); /* nothing to write back */
	for (unsigned s = 0; s < 2; s++) {
		CHECK_EQ(r.per_socket[s].llc_lookups, 1000);
		CHECK_EQ(r.per_socket[s].llc_misses, 1000);
		CHECK_EQ(r.per_socket[s].remote_lines, 1000);
		CHECK_EQ(r.per_socket[s].lines_read, 0);
		CHECK_EQ(r.per_socket[s].lines_written, 0);
	}
	/* One socket: two of its processors, nothing crosses. */
	CHECK_EQ(run_workload(&f, "PingPong", 2, 2, -1, 0, 500, &r, err, sizeof err), UPM_OK);
	CHECK_EQ(r.socket_mask, 2);
	CHECK(r.total.check == 1000.0);
	CHECK_EQ(r.per_socket[1].llc_lookups, 1000);
	CHECK_EQ(r.per_socket[1].llc_misses, 0);
	CHECK_EQ(r.per_socket[1].remote_lines, 0);
	CHECK_EQ(r.per_socket[0].llc_lookups, 0);
	/* Exactly two processors. */
	CHECK_EQ(run_workload(&f, "pingpong", 3, 0, -1, 0, 10, &r, err, sizeof err), UPM_EINVAL);
	CHECK_CONTAINS(err, "exactly two processors");
	fixture_free(&f);
	/* One processor in all: no partner. */
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	upm_host_simulate(1, 1);
	upm_os_topology(&f.run.topo);
	CHECK_EQ(run_workload(&f, "pingpong", 0, 0, -1, 0, 10, &r, err, sizeof err), UPM_EINVAL);
	CHECK_CONTAINS(err, "needs 2 processors");
	fixture_free(&f);
}

TEST(workload_sizes_refused_when_they_do_not_fit)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	struct upm_workload_result r;
	char err[200] = "";
	/* 64 MiB free: an eighth, at least 32 MiB, stays free; 32 MiB are usable. */
	upm_host_fake_memory(1ull << 30, 64 * MiB);
	CHECK_EQ(run_workload(&f, "read", 1, 0, -1, 40 * MiB, 1, &r, err, sizeof err), UPM_ENOMEM);
	CHECK_CONTAINS(err, "read: a working set of 40.0 MiB does not fit in the 64.0 MiB of free memory");
	CHECK_CONTAINS(err, "give a smaller --size");
	CHECK(strchr(err, '\n') == NULL);
	CHECK_EQ(r.total.bytes_read, 0);
	CHECK_EQ(run_workload(&f, "read", 1, 0, -1, 1 * MiB, 1, &r, err, sizeof err), UPM_OK);
	/* The default size (8 x the fallback LLC on each of two sockets: 512 MiB). */
	CHECK_EQ(run_workload(&f, "copy", 0, 0, -1, 0, 1, &r, err, sizeof err), UPM_ENOMEM);
	CHECK_CONTAINS(err, "copy: a working set of 512.0 MiB does not fit");
	upm_host_fake_memory(0, 0);
	/* Too small to give every thread a line of every array. */
	CHECK_EQ(run_workload(&f, "triad", 4, 0, -1, 3 * 3 * LINE, 1, &r, err, sizeof err), UPM_EINVAL);
	CHECK_CONTAINS(err, "too small for 4 threads: give at least 768");
	CHECK_EQ(run_workload(&f, "chase", 2, 0, -1, 3 * LINE, 1, &r, err, sizeof err), UPM_EINVAL);
	/* Counts that would overflow. */
	CHECK_EQ(run_workload(&f, "triad", 1, 0, -1, 4096, UINT64_MAX / 100, &r, err, sizeof err), UPM_EINVAL);
	CHECK_CONTAINS(err, "would overflow");
	fixture_free(&f);
}

TEST(workload_refusals)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	struct upm_workload_result r;
	char err[200] = "";
	CHECK_EQ(run_workload(&f, "stream", 1, 0, -1, 4096, 1, &r, err, sizeof err), UPM_ENOTFOUND);
	CHECK_CONTAINS(err, "unknown kernel 'stream' (kernels: read, write, ntwrite");
	CHECK_CONTAINS(err, "flush, read_avx, write_avx, ntwrite_avx, copy_avx, triad_avx, pingpong)");
	CHECK_EQ(run_workload(&f, "read", 5, 0, -1, 4096, 1, &r, err, sizeof err), UPM_EINVAL);
	CHECK_CONTAINS(err, "read needs 5 processors; the chosen sockets have 4");
	CHECK_EQ(run_workload(&f, "read", 3, 2, -1, 4096, 1, &r, err, sizeof err), UPM_EINVAL);
	CHECK_CONTAINS(err, "the chosen sockets have 2");
	CHECK_EQ(run_workload(&f, "read", 1, 4, -1, 4096, 1, &r, err, sizeof err), UPM_EINVAL);
	CHECK_CONTAINS(err, "socket 2 is not part of this run (it has 2 sockets: 0-1)");
	CHECK_EQ(run_workload(&f, "read", 1, 0, 2, 4096, 1, &r, err, sizeof err), UPM_EINVAL);
	CHECK_CONTAINS(err, "memory socket 2 is not part of this run (it has 2 sockets): give --memory-socket 0-1 or local");
	fixture_free(&f);
}

TEST(workload_default_iterations_and_sockets)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	struct upm_workload_plan *p;
	struct upm_workload_info info;
	char err[200];
	/* Threads dealt over the sockets: two threads on two sockets are one each. */
	struct upm_workload w = { "read", 2, 0, -1, 8 * MiB, 0, 0 };
	CHECK_EQ(upm_workload_prepare(&f.run, &w, &p, err, sizeof err), UPM_OK);
	upm_workload_describe(p, &info);
	CHECK_EQ(info.threads, 2);
	CHECK_EQ(info.socket_mask, 3);
	CHECK_EQ(info.size_bytes, 8 * MiB);
	/* 0.25 s at 5 GB/s per thread over 8 MiB a pass. */
	CHECK(info.iterations >= 100 && info.iterations <= 400);
	upm_workload_release(p);
	fixture_free(&f);
}

/* --- sizes from CPUID leaf 4 --- */

/* Leaf 4 of a Xeon E5-2680 as the SDM encodes it: L1d 32 KiB 8-way 64 sets, L1i the
 * same, L2 256 KiB 8-way 512 sets, L3 20 MiB 20-way 16384 sets shared by 32 logical
 * processors (EAX type | level << 5 | (sharing - 1) << 14; EBX line - 1 | (partitions
 * - 1) << 12 | (ways - 1) << 22; ECX sets - 1). Everything else goes to the mock. */
static const struct upm_backend_ops *real_ops;
static int fake_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t sub, struct upm_cpuid_regs *out)
{
	static const struct upm_cpuid_regs leaf4[] = {
		{ 1 | 1 << 5 | 1 << 14, 63 | 7u << 22, 63, 0 },
		{ 2 | 1 << 5 | 1 << 14, 63 | 7u << 22, 63, 0 },
		{ 3 | 2 << 5 | 1 << 14, 63 | 7u << 22, 511, 0 },
		{ 3 | 3 << 5 | 31 << 14, 63 | 19u << 22, 16383, 0 },
		{ 0, 0, 0, 0 },
	};
	int rc = real_ops->cpuid(b, leaf, sub, out);
	if (leaf == 4) {
		*out = leaf4[sub < 4 ? sub : 4];
		return UPM_OK;
	}
	return rc;
}

TEST(caches_from_cpuid_leaf_4_size_the_kernels)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	/* The mock has no leaf 4: unknown, the kernels' fallback applies. */
	struct upm_caches c;
	CHECK_EQ(upm_caches_read(f.run.backend, &c), UPM_EUNSUPPORTED);
	CHECK_EQ(c.llc_bytes, 0);

	struct upm_backend_ops ops = *f.run.backend->ops;
	struct upm_backend *saved = f.run.backend, fake = *saved;
	real_ops = saved->ops;
	ops.cpuid = fake_cpuid;
	fake.ops = &ops;
	f.run.backend = &fake;
	CHECK_EQ(upm_caches_read(&fake, &c), UPM_OK);
	CHECK_EQ(c.n, 4);
	CHECK_EQ(c.c[0].bytes, 32 * 1024);
	CHECK_EQ(c.c[0].type, 'd');
	CHECK_EQ(c.c[1].type, 'i');
	CHECK_EQ(c.c[2].bytes, 256 * 1024);
	CHECK_EQ(c.c[3].level, 3);
	CHECK_EQ(c.c[3].ways, 20);
	CHECK_EQ(c.c[3].sharing, 32);
	CHECK_EQ(c.c[3].bytes, 20 * MiB);
	CHECK_EQ(c.llc_bytes, 20 * MiB);

	/* Defaults per socket the threads run on: read 8 x LLC each (refused here, which
	 * names the size), llc half the LLC each. */
	struct upm_workload_result r;
	char err[200];
	upm_host_fake_memory(1ull << 30, 128 * MiB);
	CHECK_EQ(run_workload(&f, "read", 0, 0, -1, 0, 1, &r, err, sizeof err), UPM_ENOMEM);
	CHECK_CONTAINS(err, "a working set of 320.0 MiB does not fit");
	CHECK_EQ(run_workload(&f, "read", 0, 1, -1, 0, 1, &r, err, sizeof err), UPM_ENOMEM);
	CHECK_CONTAINS(err, "a working set of 160.0 MiB does not fit");
	upm_host_fake_memory(0, 0);
	struct upm_workload_plan *p;
	struct upm_workload_info info;
	struct upm_workload w = { "llc", 0, 0, -1, 0, 1, 0 };
	CHECK_EQ(upm_workload_prepare(&f.run, &w, &p, err, sizeof err), UPM_OK);
	upm_workload_describe(p, &info);
	CHECK_EQ(info.llc_bytes, 20 * MiB);
	CHECK_EQ(info.size_bytes, 2 * 10 * MiB);
	upm_workload_release(p);
	f.run.backend = saved;
	fixture_free(&f);
}

/* --- the SRAT --- */

static void put(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

TEST(srat_parse_and_socket_domains)
{
	/* Laid out by hand from ACPI 6.x 5.2.16: header 36 bytes, 12 reserved, entries. */
	uint8_t t[48 + 16 * 3 + 24 * 2 + 40 * 3];
	memset(t, 0, sizeof t);
	memcpy(t, "SRAT", 4);
	put(t + 4, sizeof t, 4);
	uint8_t *e = t + 48;
	for (unsigned apic = 0; apic < 3; apic++, e += 16) { /* local APIC: 0, 1 (domain 0); 2 disabled */
		e[0] = 0, e[1] = 16, e[2] = 0, e[3] = (uint8_t)apic;
		put(e + 4, apic < 2, 4);
	}
	for (unsigned x = 2; x < 4; x++, e += 24) { /* x2APIC 2, 3: domain 0x101 (needs 32 bits) */
		e[0] = 2, e[1] = 24;
		put(e + 4, 0x101, 4);
		put(e + 8, x, 4);
		put(e + 12, 1, 4);
	}
	static const uint64_t mem[3][4] = { /* domain, base, length, flags */
		{ 0, 0, 256 * MiB, 1 }, { 0x101, 256 * MiB, 256 * MiB, 1 }, { 7, 1ull << 40, MiB, 0 } };
	for (unsigned m = 0; m < 3; m++, e += 40) {
		e[0] = 1, e[1] = 40;
		put(e + 2, mem[m][0], 4);
		put(e + 8, mem[m][1], 8);
		put(e + 16, mem[m][2], 8);
		put(e + 28, mem[m][3], 4);
	}
	struct upm_srat *s = malloc(sizeof *s);
	CHECK_EQ(upm_srat_parse(t, sizeof t, s), UPM_OK);
	CHECK_EQ(s->n_cpus, 4); /* the disabled APIC left out */
	CHECK_EQ(s->cpus[2].apic_id, 2);
	CHECK_EQ(s->cpus[2].domain, 0x101);
	CHECK_EQ(s->n_mems, 2); /* the disabled range left out */
	CHECK_EQ(s->mems[1].domain, 0x101);
	CHECK_EQ(s->mems[1].base, 256 * MiB);
	CHECK_EQ(s->mems[1].length, 256 * MiB);
	/* The host's 2 x 2 processors have APIC IDs 0, 1 and 2, 3. */
	struct upm_topology topo;
	upm_host_simulate(2, 2);
	upm_os_topology(&topo);
	CHECK_EQ(upm_srat_socket_domain(s, &topo, 0), 0);
	CHECK_EQ(upm_srat_socket_domain(s, &topo, 1), 0x101);
	upm_host_simulate(3, 2);
	upm_os_topology(&topo);
	CHECK_EQ(upm_srat_socket_domain(s, &topo, 2), -1);
	upm_host_simulate(2, 2);
	/* Not an SRAT, or an entry running past the table's length: refused. */
	CHECK_EQ(upm_srat_parse(t, 40, s), UPM_EINVAL);
	t[48 + 1] = 200;
	CHECK_EQ(upm_srat_parse(t, sizeof t, s), UPM_EINVAL);
	t[48 + 1] = 16;
	memcpy(t, "APIC", 4);
	CHECK_EQ(upm_srat_parse(t, sizeof t, s), UPM_EINVAL);
	free(s);
}

TEST(workload_threads_take_every_core_before_a_second_hardware_thread)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	/* One socket of two cores with two hardware threads each, numbered as firmware
	 * often does (siblings adjacent); the BSP is core 0 thread 0. */
	static const unsigned core[4] = { 0, 0, 1, 1 }, thread[4] = { 0, 1, 0, 1 };
	for (unsigned i = 0; i < 4; i++) {
		f.run.topo.cpus[i].package = 0;
		f.run.topo.cpus[i].core = core[i];
		f.run.topo.cpus[i].thread = thread[i];
		f.run.topo.cpus[i].is_bsp = i == 0;
	}
	f.run.n_sockets = 1;
	struct upm_workload_plan *p;
	struct upm_workload_info info;
	char err[200];
	struct upm_workload w = { "read", 2, 0, -1, 64 * 1024, 1, 0 };
	CHECK_EQ(upm_workload_prepare(&f.run, &w, &p, err, sizeof err), UPM_OK);
	upm_workload_describe(p, &info);
	CHECK_EQ(info.cpus[0], 0);
	CHECK_EQ(info.cpus[1], 2); /* core 1, not core 0's sibling */
	upm_workload_release(p);
	w.threads = 0;
	CHECK_EQ(upm_workload_prepare(&f.run, &w, &p, err, sizeof err), UPM_OK);
	upm_workload_describe(p, &info);
	CHECK_EQ(info.threads, 4);
	CHECK_EQ(info.cpus[2], 1);
	CHECK_EQ(info.cpus[3], 3);
	upm_workload_release(p);
	fixture_free(&f);
}

TEST(workload_stops_between_passes_on_abort)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	struct upm_workload_result r;
	char err[200] = "";
	uint64_t size = 64 * 1024;
	/* Thread 0 asks before every pass: the third question says ESC, two passes ran. */
	upm_abort_reset();
	upm_host_abort_after_polls(3);
	CHECK_EQ(run_workload(&f, "read", 1, 0, -1, size, 10, &r, err, sizeof err), UPM_OK);
	CHECK(r.aborted);
	CHECK_EQ(r.total.bytes_read, 2 * size);
	CHECK_EQ(r.total.loads, 2 * size / 8);
	CHECK_EQ(r.per_socket[0].lines_read, 2 * size / LINE);
	CHECK(r.total.check == 2.0 * (double)(8 * (size / LINE) * (size / LINE - 1) + size / LINE));
	/* pingpong: both sides stop; the round trips counted are those both completed. */
	upm_abort_reset();
	upm_host_abort_after_polls(2);
	CHECK_EQ(run_workload(&f, "pingpong", 0, 0, -1, 0, 1000000, &r, err, sizeof err), UPM_OK);
	CHECK(r.aborted);
	CHECK(r.round_trips > 0 && r.round_trips < 1000000);
	CHECK(r.total.check >= 2.0 * (double)r.round_trips);
	CHECK(r.total.check <= 2.0 * (double)r.round_trips + 2);
	CHECK_EQ(r.total.bus_lines_in, 2 * r.round_trips);
	upm_host_abort_after_polls(0);
	upm_abort_reset();
	/* Not aborted: every pass. */
	CHECK_EQ(run_workload(&f, "read", 1, 0, -1, size, 3, &r, err, sizeof err), UPM_OK);
	CHECK(!r.aborted);
	CHECK_EQ(r.total.bytes_read, 3 * size);
	fixture_free(&f);
}

/* An AVX kernel runs on every thread where the processor can run AVX and does what its
 * SSE2 twin does (the same accounting and activity); where it cannot, both the
 * pre-check and prepare refuse it in one line naming a processor and the twin, before
 * anything is allocated, counted or reported to the backend. */
TEST(workload_avx_kernel_runs_or_is_refused_with_its_twin)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	int avx = upm_test_avx_here();
	struct upm_workload_result ra, rb;
	char err[256] = "";
	struct upm_workload w = { "copy_avx", 4, 0, -1, 64 * 1024, 3, 0 };
	int rc_check = upm_workload_check_isa(&f.run, &w, err, sizeof err);
	int rc = run_workload(&f, "copy_avx", 4, 0, -1, 64 * 1024, 3, &ra, err, sizeof err);
	if (avx) {
		CHECK_EQ(rc_check, UPM_OK);
		CHECK_EQ(rc, UPM_OK);
		CHECK_EQ(run_workload(&f, "copy", 4, 0, -1, 64 * 1024, 3, &rb, err, sizeof err), UPM_OK);
		CHECK_EQ(ra.threads, 4);
		CHECK_EQ(ra.total.bytes_read, rb.total.bytes_read);
		CHECK_EQ(ra.total.bus_bytes, rb.total.bus_bytes);
		CHECK(ra.total.check == rb.total.check);
		for (unsigned s = 0; s < 2; s++) {
			CHECK_EQ(ra.per_socket[s].lines_read, rb.per_socket[s].lines_read);
			CHECK_EQ(ra.per_socket[s].lines_written, rb.per_socket[s].lines_written);
		}
	} else {
		CHECK_EQ(rc_check, UPM_EUNSUPPORTED);
		CHECK_EQ(rc, UPM_EUNSUPPORTED);
		CHECK_CONTAINS(err, "copy_avx: AVX cannot run on processor ");
		CHECK_CONTAINS(err, "the processor has no AVX (CPUID.01H:ECX bit 28 clear); run copy, its SSE2 twin");
	}
	/* SSE2 kernels and pingpong need no asking. */
	struct upm_workload sse = { "copy", 4, 0, -1, 64 * 1024, 3, 0 };
	CHECK_EQ(upm_workload_check_isa(&f.run, &sse, err, sizeof err), UPM_OK);
	fixture_free(&f);
}

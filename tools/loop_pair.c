/* loop_pair: upmon's non-temporal store loop beside likwid-bench's, pass against pass on
 * the same pages, for `make bench` (tools/bench_loop_pair.sh). kbench against likwid-bench
 * compares two processes, each with its own draw of physical pages, seconds apart; on a
 * shared virtual machine the spread between such runs (one 512 MiB store pass: 18 to 57
 * GB/s within a minute, docs/benchmarks.md) hides a loop's few percent. Here both loops
 * write the same buffer, in alternating order, pass after pass, so pages, drift and
 * neighbours fall on both alike and what is left is the loops.
 *
 *   loop_pair KERNEL SIZE PAIRS THREADS [CPUS]
 *     KERNEL ntwrite (upm_kl_ntwrite against likwid's store_mem_sse shape) or
 *     ntwrite_avx (upm_kl_ntwrite_avx against store_mem_avx's; tools/loop_pair_shapes.S);
 *     SIZE bytes (K/M/G suffixes) split in equal slices between THREADS threads, CPUS
 *     (comma-separated) the processors they are pinned to, thread i on processor i without
 *     it (i modulo the processors online, so more threads than processors share them). Every
 *     pass is timed from a barrier all threads leave together to the barrier
 *     they all reach.
 *   prints one CSV line: kernel,threads,size_bytes,pairs,upmon_gbps_median,
 *     counterpart_gbps_median,ratio_median,ratio_q10,ratio_q90 (ratio: a pair's upmon GB/s
 *     over its counterpart's; the medians and deciles over the pairs)
 *   A one-line error and exit 1 on failure. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "kernels/avx.h"
#include "kernels/sse2.h"

void upm_lp_store_mem_sse(void *base, uint64_t lines);
void upm_lp_store_mem_avx(void *base, uint64_t lines);

#define LINE 64u

struct loops {
	const char *kernel;
	void (*upmon)(void *base, uint64_t lines, uint64_t value);
	void (*counterpart)(void *base, uint64_t lines);
	int avx;
};

static const struct loops known[] = {
	{ "ntwrite", upm_kl_ntwrite, upm_lp_store_mem_sse, 0 },
	{ "ntwrite_avx", upm_kl_ntwrite_avx, upm_lp_store_mem_avx, 1 },
};

struct shared {
	const struct loops *l;
	char *base;
	uint64_t slice_lines;
	unsigned threads, pairs;
	pthread_barrier_t bar;
	int uncovered; /* a loop left a word of its slice unwritten (checked before timing) */
	int unpinned;  /* a thread could not be put on its processor: the first such, + 1 */
	double *upmon_s, *counterpart_s; /* per pair, thread 0's clock */
};

struct worker {
	struct shared *sh;
	unsigned index;
	int cpu;
	pthread_t id;
};

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One pass of one loop by every thread, timed barrier to barrier on thread 0. The
 * counterpart has no fence of its own; the SFENCE after it drains its stores inside the
 * pass, as upmon's loop does at its end. */
static double pass(struct shared *sh, unsigned i, int upmon)
{
	char *mine = sh->base + (uint64_t)i * sh->slice_lines * LINE;
	pthread_barrier_wait(&sh->bar);
	double t0 = i == 0 ? now_s() : 0;
	if (upmon) {
		sh->l->upmon(mine, sh->slice_lines, 0);
	} else {
		sh->l->counterpart(mine, sh->slice_lines);
		__asm__ volatile("sfence" ::: "memory");
	}
	pthread_barrier_wait(&sh->bar);
	return i == 0 ? now_s() - t0 : 0;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct shared *sh = w->sh;
	if (w->cpu >= 0) {
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(w->cpu, &set);
		if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0)
			__atomic_store_n(&sh->unpinned, w->cpu + 1, __ATOMIC_RELAXED);
	}
	/* Untimed: each loop writes its thread's whole slice and nothing but it (a shape that
	 * skipped lines would look fast): upmon's with a pattern, the counterpart's zeros over
	 * it, then the pattern again. */
	const uint64_t pattern = 0x5a5a5a5a5a5a5a5aull;
	uint64_t *mine = (uint64_t *)(sh->base + (uint64_t)w->index * sh->slice_lines * LINE);
	uint64_t words = sh->slice_lines * LINE / sizeof(uint64_t);
	for (unsigned k = 0; k < 2; k++) {
		sh->l->upmon(mine, sh->slice_lines, pattern);
		for (uint64_t j = 0; j < words; j++)
			if (mine[j] != pattern)
				__atomic_store_n(&sh->uncovered, 1, __ATOMIC_RELAXED);
		pass(sh, w->index, 0);
		for (uint64_t j = 0; j < words; j++)
			if (mine[j] != 0)
				__atomic_store_n(&sh->uncovered, 1, __ATOMIC_RELAXED);
	}
	for (unsigned p = 0; p < sh->pairs; p++) {
		int upmon_first = p % 2 == 0; /* neither loop always follows the other */
		double a = pass(sh, w->index, upmon_first);
		double b = pass(sh, w->index, !upmon_first);
		if (w->index == 0) {
			sh->upmon_s[p] = upmon_first ? a : b;
			sh->counterpart_s[p] = upmon_first ? b : a;
		}
	}
	return NULL;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The q-quantile of n sorted values, nearest rank. */
static double quantile(const double *v, unsigned n, double q)
{
	unsigned k = (unsigned)(q * (n - 1) + 0.5);
	return v[k];
}

static int parse_size(const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	uint64_t mul = 1;
	if (*end == 'K')
		mul = 1ull << 10;
	else if (*end == 'M')
		mul = 1ull << 20;
	else if (*end == 'G')
		mul = 1ull << 30;
	if (mul != 1)
		end++;
	if (errno || end == s || *end || v == 0 || v > UINT64_MAX / mul)
		return -1;
	*out = v * mul;
	return 0;
}

static int fail(const char *why)
{
	fprintf(stderr, "loop_pair: %s\n", why);
	return 1;
}

int main(int argc, char **argv)
{
	if (argc != 5 && argc != 6)
		return fail("usage: loop_pair ntwrite|ntwrite_avx SIZE PAIRS THREADS [CPUS]");
	const struct loops *l = NULL;
	for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
		if (strcmp(argv[1], known[k].kernel) == 0)
			l = &known[k];
	if (!l)
		return fail("unknown kernel; the kernels are ntwrite and ntwrite_avx");
	uint64_t size;
	if (parse_size(argv[2], &size) < 0)
		return fail("SIZE is a byte count above zero, with an optional K, M or G suffix (512M)");
	int pairs = atoi(argv[3]), threads = atoi(argv[4]);
	if (pairs < 1 || pairs > 100000 || threads < 1 || threads > 1024)
		return fail("PAIRS is 1 to 100000 and THREADS 1 to 1024");
	if (l->avx && !__builtin_cpu_supports("avx"))
		return fail("ntwrite_avx needs AVX, which this processor or its operating system does not offer; use ntwrite");
	/* Each slice an even number of lines: both loops step two lines at a time (upmon's
	 * loop handles an odd one; store_mem_avx's shape does not). */
	uint64_t slice_lines = size / LINE / (uint64_t)threads / 2 * 2;
	if (slice_lines == 0)
		return fail("SIZE gives each thread less than two lines; give more bytes or fewer threads");

	struct shared sh = { .l = l, .slice_lines = slice_lines, .threads = (unsigned)threads, .pairs = (unsigned)pairs };
	uint64_t bytes = slice_lines * LINE * (uint64_t)threads;
	/* Faulted in at once, as upmon's host build allocates its kernels' buffers. */
	sh.base = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (sh.base == MAP_FAILED)
		return fail("cannot map the buffer; give a smaller SIZE");
	sh.upmon_s = calloc((size_t)pairs, sizeof(double));
	sh.counterpart_s = calloc((size_t)pairs, sizeof(double));
	struct worker *w = calloc((size_t)threads, sizeof *w);
	if (!sh.upmon_s || !sh.counterpart_s || !w)
		return fail("out of memory");
	pthread_barrier_init(&sh.bar, NULL, (unsigned)threads);

	const char *cpus = argc == 6 ? argv[5] : NULL;
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	for (int i = 0; i < threads; i++) {
		w[i].sh = &sh;
		w[i].index = (unsigned)i;
		w[i].cpu = online > 0 ? i % (int)online : -1;
		if (cpus) {
			char *end;
			w[i].cpu = (int)strtol(cpus, &end, 10);
			if (end == cpus || (*end && *end != ',') || w[i].cpu < 0 || w[i].cpu >= CPU_SETSIZE)
				return fail("CPUS is a comma-separated list of processor numbers (0 to 1023), one a thread");
			cpus = *end ? end + 1 : end;
		}
	}
	if (cpus && *cpus)
		return fail("CPUS names more processors than THREADS");
	for (int i = 1; i < threads; i++)
		if (pthread_create(&w[i].id, NULL, work, &w[i]) != 0)
			return fail("cannot start a thread");
	work(&w[0]);
	for (int i = 1; i < threads; i++)
		pthread_join(w[i].id, NULL);

	if (sh.unpinned) {
		char why[120];
		snprintf(why, sizeof why, "cannot run a thread on processor %d; name processors this machine has in CPUS",
			 sh.unpinned - 1);
		return fail(why);
	}
	if (sh.uncovered)
		return fail("a loop left part of its slice unwritten; the comparison would not be of equal work");
	double *up = calloc((size_t)pairs, sizeof(double)), *cp = calloc((size_t)pairs, sizeof(double));
	double *ratio = calloc((size_t)pairs, sizeof(double));
	if (!up || !cp || !ratio)
		return fail("out of memory");
	for (int p = 0; p < pairs; p++) {
		up[p] = (double)bytes / sh.upmon_s[p] / 1e9;
		cp[p] = (double)bytes / sh.counterpart_s[p] / 1e9;
		ratio[p] = up[p] / cp[p];
	}
	qsort(up, (size_t)pairs, sizeof(double), by_value);
	qsort(cp, (size_t)pairs, sizeof(double), by_value);
	qsort(ratio, (size_t)pairs, sizeof(double), by_value);
	unsigned n = (unsigned)pairs;
	printf("%s,%d,%llu,%d,%.3f,%.3f,%.4f,%.4f,%.4f\n", l->kernel, threads, (unsigned long long)bytes, pairs,
	       quantile(up, n, 0.5), quantile(cp, n, 0.5), quantile(ratio, n, 0.5), quantile(ratio, n, 0.1),
	       quantile(ratio, n, 0.9));
	return 0;
}

/* chase_lat: an independent pointer-chase latency measurement for `make bench`, to set
 * beside upmon's `chase` kernel. Written apart from kernels/ on purpose (its own
 * shuffle, its own timing): one random cyclic order of the cache lines of a buffer of
 * the given size (Fisher-Yates over an index array with splitmix64, then each line
 * linked to the next in that order), walked by dependent loads, timed with
 * CLOCK_MONOTONIC. Like upmon's chase, the timed walk starts from memory: one untimed
 * walk warms the page tables, then every line is flushed (CLFLUSH) before each timed
 * walk. Without the flush
 * the untimed walk leaves part of the cycle in the last-level cache, and a cache whose
 * replacement keeps part of a cyclic working set larger than itself (not plain LRU)
 * would hit on it: a mix of cache and memory latency, where upmon's chase, written
 * back before it is timed, measures memory alone.
 *
 *   chase_lat SIZE_BYTES LOADS REPEATS   -> prints the best ns per load */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <emmintrin.h> /* _mm_clflush, _mm_mfence: SSE2, on every x86_64 */

static uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: chase_lat SIZE_BYTES LOADS REPEATS\n");
		return 1;
	}
	size_t lines = strtoull(argv[1], NULL, 10) / 64;
	uint64_t loads = strtoull(argv[2], NULL, 10);
	unsigned repeats = (unsigned)strtoul(argv[3], NULL, 10);
	if (lines < 2 || loads == 0) {
		fprintf(stderr, "chase_lat: need at least two lines and one load\n");
		return 1;
	}
	void **buf = aligned_alloc(64, lines * 64);
	size_t *order = malloc(lines * sizeof *order);
	if (!buf || !order) {
		fprintf(stderr, "chase_lat: out of memory\n");
		return 1;
	}
	uint64_t seed = 12345;
	for (size_t i = 0; i < lines; i++)
		order[i] = i;
	for (size_t i = lines - 1; i > 0; i--) {
		size_t j = (size_t)(splitmix64(&seed) % (i + 1));
		size_t t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (size_t i = 0; i < lines; i++)
		buf[order[i] * 8] = &buf[order[(i + 1) % lines] * 8];
	free(order);

	double best = 0;
	void **p = &buf[0];
	for (size_t i = 0; i < lines; i++) /* warm the page tables once */
		p = (void **)*p;
	for (unsigned r = 0; r < (repeats ? repeats : 1); r++) {
		for (size_t i = 0; i < lines; i++) /* each timed walk starts from memory */
			_mm_clflush(&buf[i * 8]);
		_mm_mfence();
		double t0 = now_ns();
		for (uint64_t i = 0; i < loads; i++)
			p = (void **)*p;
		double ns = (now_ns() - t0) / (double)loads;
		if (best == 0 || ns < best)
			best = ns;
	}
	/* Keep the chain live. */
	printf("%.2f\n", best + (p == NULL ? 1 : 0));
	free(buf);
	return 0;
}

/* Stress kernels: accounting against the test's own arithmetic, results element by
 * element, the chase cycle, per-thread splits, size rules and parsing, refusals. */
#include "tests/unit/test.h"
#include "platform/base/str.h"
#include "kernels/kernel.h"
#include "platform/backend.h"
#include "platform/base/os.h"
#include "kernels/writeback.h"
#include "tests/unit/host_cpuid.h"
#include <stdlib.h>

#define LINE 64u

static void *line_buffer(uint64_t size)
{
	/* aligned_alloc wants a multiple of the alignment. */
	void *p = aligned_alloc(LINE, (size + LINE - 1) / LINE * LINE);
	if (p)
		memset(p, 0xA5, size);
	return p;
}

/* What each kernel must report, written out from the definitions in kernel.h rather
 * than from the kernels' own tables. */
struct expect {
	const char *name;
	unsigned arrays;
	/* per pass, in units of one array's bytes B (and its lines L, its 8-byte words W) */
	unsigned read_B, write_B, bus_B;
	unsigned read_per_line; /* extra: bytes read per line for the line-stride kernels */
	unsigned loads_per_line;
};

static const struct expect expects[] = {
	{ "read", 1, 1, 0, 1, 0, 8 },
	{ "llc", 1, 1, 0, 1, 0, 8 },
	{ "write", 1, 0, 1, 2, 0, 0 },
	{ "ntwrite", 1, 0, 1, 1, 0, 0 },
	{ "copy", 2, 1, 1, 3, 0, 8 },
	{ "scale", 2, 1, 1, 3, 0, 8 },
	{ "add", 3, 2, 1, 4, 0, 16 },
	{ "triad", 3, 2, 1, 4, 0, 16 },
	{ "chase", 1, 0, 0, 1, 8, 1 },
	{ "thrash", 1, 0, 0, 1, 8, 1 },
	{ "flush", 1, 0, 0, 1, 8, 1 },
	/* The AVX variants account as their twins. */
	{ "read_avx", 1, 1, 0, 1, 0, 8 },
	{ "write_avx", 1, 0, 1, 2, 0, 0 },
	{ "ntwrite_avx", 1, 0, 1, 1, 0, 0 },
	{ "copy_avx", 2, 1, 1, 3, 0, 8 },
	{ "triad_avx", 3, 2, 1, 4, 0, 16 },
};

static int is_avx(const char *name)
{
	const struct upm_kernel_desc *k = upm_kernel_find(name);
	return k && k->isa == UPM_KERNEL_ISA_AVX;
}

TEST(kernel_table_has_every_kernel_once)
{
	CHECK_EQ(upm_kernel_count, UPM_ARRAY_LEN(expects));
	for (unsigned i = 0; i < UPM_ARRAY_LEN(expects); i++) {
		const struct upm_kernel_desc *k = upm_kernel_find(expects[i].name);
		CHECK(k != NULL);
		if (k)
			CHECK_EQ(k->arrays, expects[i].arrays);
	}
	CHECK(upm_kernel_find("pingpong") == NULL);
	CHECK(upm_kernel_find("TRIAD") == upm_kernel_find("triad"));
}

TEST(kernel_accounting_matches_definitions)
{
	/* Sizes that are and are not whole lines per array, and a misaligned start. */
	static const uint64_t sizes[] = { 3 * LINE * 5, 64 * 1024 + 8, 1000 * LINE + 40 };
	static const uint64_t iters[] = { 1, 3 };
	static const unsigned misalign[] = { 0, 8 };
	for (unsigned e = 0; e < UPM_ARRAY_LEN(expects); e++)
		for (unsigned s = 0; s < UPM_ARRAY_LEN(sizes); s++)
			for (unsigned it = 0; it < UPM_ARRAY_LEN(iters); it++)
				for (unsigned m = 0; m < UPM_ARRAY_LEN(misalign); m++) {
					const struct expect *x = &expects[e];
					unsigned char *buf = line_buffer(sizes[s] + LINE);
					struct upm_kernel_result r;
					uint64_t size = sizes[s], n = iters[it];
					/* Misaligned by 8: the kernel skips to the next line. */
					uint64_t usable = misalign[m] ? size - (LINE - misalign[m]) : size;
					uint64_t L = usable / LINE / x->arrays, B = L * LINE;
					int rc = upm_kernel_run(x->name, buf + misalign[m], size, n, &r);
					if (is_avx(x->name) && !upm_test_avx_here()) {
						/* Refused before anything ran. */
						CHECK_EQ(rc, UPM_EUNSUPPORTED);
						CHECK_EQ(r.bytes_read + r.ns, 0);
						free(buf);
						continue;
					}
					CHECK_EQ(rc, UPM_OK);
					CHECK_STR(r.kernel, x->name);
					CHECK_EQ(r.size_bytes, x->arrays * B);
					CHECK_EQ(r.iterations, n);
					CHECK_EQ(r.bytes_read, n * (x->read_B * B + x->read_per_line * L));
					CHECK_EQ(r.bytes_written, n * x->write_B * B);
					CHECK_EQ(r.bus_bytes, n * x->bus_B * B);
					CHECK_EQ(r.lines_touched, n * x->arrays * L);
					CHECK_EQ(r.loads, n * x->loads_per_line * L);
					/* Whole lines out (the stores), the rest of the bus traffic in. */
					CHECK_EQ(r.bus_lines_out * LINE, r.bytes_written);
					CHECK_EQ((r.bus_lines_in + r.bus_lines_out) * LINE, r.bus_bytes);
					if (upm_test_failed_now) {
						printf("    (kernel %s, size %llu, iterations %llu, misalign %u)\n",
						       x->name, (unsigned long long)size,
						       (unsigned long long)n, misalign[m]);
						free(buf);
						return;
					}
					free(buf);
				}
}

TEST(kernel_read_llc_thrash_flush_sum_what_they_load)
{
	uint64_t size = 256 * 1024 + 3 * LINE;
	uint64_t words = size / 8, lines = size / LINE;
	unsigned char *buf = line_buffer(size);
	struct upm_kernel_result r;
	/* read and llc: word i holds i; every word is loaded, and words 0 and 1 of each line
	 * (8l and 8l + 1 in line l) are summed every pass: 8 L (L - 1) + L a pass. */
	(void)words;
	CHECK_EQ(upm_kernel_run("read", buf, size, 3, &r), UPM_OK);
	CHECK(r.check == 3.0 * (double)(8 * lines * (lines - 1) + lines));
	CHECK_EQ(upm_kernel_run("llc", buf, size, 2, &r), UPM_OK);
	CHECK(r.check == 2.0 * (double)(8 * lines * (lines - 1) + lines));
	/* thrash and flush: word 0 of line l holds l, one load per line. */
	CHECK_EQ(upm_kernel_run("thrash", buf, size, 2, &r), UPM_OK);
	CHECK(r.check == 2.0 * (double)(lines * (lines - 1) / 2));
	CHECK_EQ(upm_kernel_run("flush", buf, size, 4, &r), UPM_OK);
	CHECK(r.check == 4.0 * (double)(lines * (lines - 1) / 2));
	CHECK(r.ns > 0);
	free(buf);
}

TEST(kernel_write_and_ntwrite_store_every_word)
{
	static const char *names[] = { "write", "ntwrite" };
	uint64_t size = 128 * 1024 + 5 * LINE;
	for (unsigned k = 0; k < 2; k++) {
		uint64_t *w = line_buffer(size + 8);
		struct upm_kernel_result r;
		w[size / 8] = 0x1234; /* past the region: must stay */
		CHECK_EQ(upm_kernel_run(names[k], w, size, 5, &r), UPM_OK);
		uint64_t bad = 0;
		for (uint64_t i = 0; i < size / 8; i++)
			bad += w[i] != 5; /* the last pass's number */
		CHECK_EQ(bad, 0);
		CHECK_EQ(w[size / 8], 0x1234);
		CHECK(r.check == 10.0);
		free(w);
	}
}

static double x0_init(uint64_t i) { return 1.0 + (double)(i % 1024); }
static double x1_init(uint64_t i) { return 2.0 + (double)(i % 512) * 0.5; }

TEST(kernel_stream_results_element_wise)
{
	static const char *names[] = { "copy", "scale", "add", "triad" };
	static const uint64_t sizes[] = { 6 * LINE, 3 * 1024 * 1024 + 100 };
	for (unsigned k = 0; k < 4; k++)
		for (unsigned s = 0; s < 2; s++) {
			const struct upm_kernel_desc *d = upm_kernel_find(names[k]);
			double *buf = line_buffer(sizes[s]);
			struct upm_kernel_result r;
			CHECK_EQ(upm_kernel_run(names[k], buf, sizes[s], 2, &r), UPM_OK);
			uint64_t n = sizes[s] / LINE / d->arrays * (LINE / 8);
			const double *x0 = buf, *x1 = buf + n, *x2 = buf + 2 * n;
			uint64_t bad = 0;
			for (uint64_t i = 0; i < n; i++) {
				bad += x0[i] != x0_init(i);
				if (k == 0)
					bad += x1[i] != x0_init(i);
				else if (k == 1)
					bad += x1[i] != 3.0 * x0_init(i);
				else
					bad += x1[i] != x1_init(i);
				if (k == 2)
					bad += x2[i] != x0_init(i) + x1_init(i);
				else if (k == 3)
					bad += x2[i] != x0_init(i) + 3.0 * x1_init(i);
			}
			CHECK_EQ(bad, 0);
			const double *dst = d->arrays == 2 ? x1 : x2;
			CHECK(r.check == dst[0] + dst[n - 1]);
			free(buf);
		}
}

TEST(kernel_chase_is_one_cycle_over_every_line)
{
	static const uint64_t lines_list[] = { 2, 3, 17, 1000, 65536 };
	for (unsigned t = 0; t < UPM_ARRAY_LEN(lines_list); t++) {
		uint64_t lines = lines_list[t], size = lines * LINE;
		unsigned char *buf = line_buffer(size);
		unsigned char *seen = calloc(lines, 1);
		struct upm_kernel_result r;
		CHECK_EQ(upm_kernel_run("chase", buf, size, 3, &r), UPM_OK);
		CHECK(r.check == 0.0); /* three full turns end on line 0 */
		CHECK_EQ(r.loads, 3 * lines);
		/* Walk the links: lines steps from line 0 must visit every line once and
		 * come back to line 0, and only then. */
		unsigned char *p = buf;
		uint64_t bad = 0, fixed = 0;
		for (uint64_t s = 0; s < lines; s++) {
			uint64_t off = (uint64_t)(p - buf);
			if (off % LINE || off >= size) {
				bad++;
				break;
			}
			uint64_t idx = off / LINE;
			bad += seen[idx]++ != 0;
			unsigned char *next = *(unsigned char **)p;
			fixed += next == p;
			p = next;
		}
		CHECK_EQ(bad, 0);
		CHECK_EQ(fixed, 0);
		CHECK(p == buf);
		/* Deterministic: a second run lays out the same cycle. */
		unsigned char **first = malloc(lines * sizeof *first);
		for (uint64_t l = 0; l < lines; l++)
			first[l] = *(unsigned char **)(buf + l * LINE);
		CHECK_EQ(upm_kernel_run("chase", buf, size, 1, &r), UPM_OK);
		uint64_t differ = 0;
		for (uint64_t l = 0; l < lines; l++)
			differ += first[l] != *(unsigned char **)(buf + l * LINE);
		CHECK_EQ(differ, 0);
		free(first);
		free(seen);
		free(buf);
	}
}

TEST(kernel_chase_is_not_sequential)
{
	/* A shuffled cycle: few links should go to the next line in memory. */
	uint64_t lines = 4096, size = lines * LINE, sequential = 0;
	unsigned char *buf = line_buffer(size);
	struct upm_kernel_result r;
	CHECK_EQ(upm_kernel_run("chase", buf, size, 1, &r), UPM_OK);
	for (uint64_t l = 0; l < lines; l++)
		sequential += *(unsigned char **)(buf + l * LINE) == buf + (l + 1) * LINE;
	CHECK(sequential < lines / 100);
	free(buf);
}

TEST(kernel_split_covers_exactly_once)
{
	static const uint64_t sizes[] = { 0, 1, 63, 64, 65, 64 * 7, 64 * 7 + 9, 1000003, 8 << 20 };
	static const unsigned threads_list[] = { 1, 2, 3, 4, 7, 8, 16, 64, 255 };
	for (unsigned s = 0; s < UPM_ARRAY_LEN(sizes); s++)
		for (unsigned t = 0; t < UPM_ARRAY_LEN(threads_list); t++) {
			uint64_t size = sizes[s], next = 0, min = UINT64_MAX, max = 0;
			unsigned threads = threads_list[t];
			int ok = 1;
			for (unsigned i = 0; i < threads; i++) {
				uint64_t off, len;
				upm_kernel_split(size, threads, i, &off, &len);
				/* Contiguous and in order: no gap, no overlap. */
				ok &= off == next;
				ok &= off % LINE == 0;
				if (i != threads - 1) {
					ok &= len % LINE == 0;
					if (len / LINE < min) min = len / LINE;
					if (len / LINE > max) max = len / LINE;
				}
				next = off + len;
			}
			ok &= next == size;
			if (threads > 1)
				ok &= max - min <= 1; /* balanced to a line */
			if (!ok)
				upm_test_fail(__FILE__, __LINE__, "split of %llu over %u threads",
					      (unsigned long long)size, threads);
		}
	uint64_t off = 9, len = 9;
	upm_kernel_split(1024, 0, 0, &off, &len);
	CHECK_EQ(off, 0);
	CHECK_EQ(len, 0);
	upm_kernel_split(1024, 4, 4, &off, &len);
	CHECK_EQ(len, 0);
	upm_kernel_split(1024, 4, 3, &off, &len);
	CHECK_EQ(off, 768);
	CHECK_EQ(len, 256);
}

TEST(kernel_parse_size)
{
	uint64_t b = 7;
	CHECK_EQ(upm_kernel_parse_size("4096", &b), UPM_OK);
	CHECK_EQ(b, 4096);
	CHECK_EQ(upm_kernel_parse_size("64K", &b), UPM_OK);
	CHECK_EQ(b, 64 * 1024);
	CHECK_EQ(upm_kernel_parse_size("64k", &b), UPM_OK);
	CHECK_EQ(b, 64 * 1024);
	CHECK_EQ(upm_kernel_parse_size("160M", &b), UPM_OK);
	CHECK_EQ(b, 160ull << 20);
	CHECK_EQ(upm_kernel_parse_size("2g", &b), UPM_OK);
	CHECK_EQ(b, 2ull << 30);
	CHECK_EQ(upm_kernel_parse_size("17179869183G", &b), UPM_OK); /* 2^34 - 1 */
	CHECK_EQ(b, ((1ull << 34) - 1) << 30);
	CHECK_EQ(upm_kernel_parse_size("18446744073709551615", &b), UPM_OK);
	CHECK_EQ(b, UINT64_MAX);
	b = 7;
	static const char *junk[] = { "", "K", "0", "0K", "-1", " 1", "1 ", "1KB", "1KiB", "1T",
				      "1.5M", "0x10", "12x", "M1", "1KK" };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(junk); i++)
		if (upm_kernel_parse_size(junk[i], &b) != UPM_EINVAL)
			upm_test_fail(__FILE__, __LINE__, "\"%s\" accepted or misreported", junk[i]);
	CHECK_EQ(b, 7);
	CHECK_EQ(upm_kernel_parse_size("18446744073709551616", &b), UPM_ERANGE);
	CHECK_EQ(upm_kernel_parse_size("17179869184G", &b), UPM_ERANGE);
	CHECK_EQ(upm_kernel_parse_size("16777216T", &b), UPM_EINVAL); /* junk beats size */
	CHECK_EQ(upm_kernel_parse_size("99999999999999999999999x", &b), UPM_EINVAL);
	CHECK_EQ(upm_kernel_parse_size(NULL, &b), UPM_EINVAL);
	CHECK_EQ(b, 7);
}

TEST(kernel_default_sizes)
{
	uint64_t llc = 20ull << 20; /* Xeon E5-2680 */
	CHECK_EQ(upm_kernel_default_size("read", llc), 8 * llc);
	CHECK_EQ(upm_kernel_default_size("ntwrite", llc), 8 * llc);
	CHECK_EQ(upm_kernel_default_size("chase", llc), 8 * llc);
	CHECK_EQ(upm_kernel_default_size("flush", llc), 8 * llc);
	CHECK_EQ(upm_kernel_default_size("llc", llc), llc / 2);
	CHECK_EQ(upm_kernel_default_size("thrash", llc), 4 * llc);
	/* Three arrays of whole lines: rounded up, still at least 8x. */
	uint64_t t = upm_kernel_default_size("triad", llc);
	CHECK(t >= 8 * llc && t < 8 * llc + 3 * LINE && t % (3 * LINE) == 0);
	t = upm_kernel_default_size("copy", 15ull << 20);
	CHECK_EQ(t, 8 * (15ull << 20));
	/* Unknown LLC: the fallback. */
	CHECK_EQ(upm_kernel_default_size("read", 0), 8 * UPM_KERNEL_LLC_FALLBACK);
	/* Tiny LLC: never below one line per array (two for chase). */
	CHECK_EQ(upm_kernel_default_size("llc", 64), LINE);
	CHECK_EQ(upm_kernel_default_size("chase", 4), 2 * LINE);
	CHECK_EQ(upm_kernel_default_size("add", 1), 3 * LINE);
	CHECK_EQ(upm_kernel_default_size("pingpong", llc), 0);
	CHECK_EQ(upm_kernel_default_size("read", UINT64_MAX / 4), 0);
}

TEST(kernel_refusals)
{
	unsigned char *buf = line_buffer(4096);
	struct upm_kernel_result r;
	CHECK_EQ(upm_kernel_run("pingpong", buf, 4096, 1, &r), UPM_ENOTFOUND);
	CHECK_STR(r.kernel, "pingpong");
	CHECK_EQ(upm_kernel_run("", buf, 4096, 1, &r), UPM_ENOTFOUND);
	CHECK_EQ(upm_kernel_run(NULL, buf, 4096, 1, &r), UPM_ENOTFOUND);
	/* Too small: one line per array, two lines for chase. */
	CHECK_EQ(upm_kernel_run("read", buf, 63, 1, &r), UPM_EINVAL);
	CHECK_EQ(r.bytes_read, 0);
	CHECK_EQ(upm_kernel_run("read", buf, 64, 1, &r), UPM_OK);
	CHECK_EQ(upm_kernel_run("copy", buf, 127, 1, &r), UPM_EINVAL);
	CHECK_EQ(upm_kernel_run("copy", buf, 128, 1, &r), UPM_OK);
	CHECK_EQ(upm_kernel_run("triad", buf, 191, 1, &r), UPM_EINVAL);
	CHECK_EQ(upm_kernel_run("triad", buf, 192, 1, &r), UPM_OK);
	CHECK_EQ(upm_kernel_run("chase", buf, 127, 1, &r), UPM_EINVAL);
	CHECK_EQ(upm_kernel_run("chase", buf, 128, 1, &r), UPM_OK);
	/* 64 bytes from a misaligned start hold no whole line. */
	CHECK_EQ(upm_kernel_run("read", buf + 1, 64, 1, &r), UPM_EINVAL);
	CHECK_EQ(upm_kernel_run("read", buf + 1, 127, 1, &r), UPM_OK);
	CHECK_EQ(upm_kernel_run("read", buf + 1, 40, 1, &r), UPM_EINVAL);
	CHECK_EQ(upm_kernel_run("read", buf, 0, 1, &r), UPM_EINVAL);
	CHECK_EQ(upm_kernel_run("read", NULL, 4096, 1, &r), UPM_EINVAL);
	CHECK_EQ(upm_kernel_run("read", buf, 4096, 0, &r), UPM_EINVAL);
	CHECK_EQ(upm_kernel_run("read", buf, 4096, 1, NULL), UPM_EINVAL);
	/* Counts that would wrap 64 bits are refused before anything runs. */
	CHECK_EQ(upm_kernel_run("triad", buf, 4096, UINT64_MAX / 1000, &r), UPM_EINVAL);
	CHECK_EQ(r.ns, 0);
	free(buf);
}

/* The write-back flushes with CLFLUSHOPT exactly where CPUID.(EAX=07H,ECX=0):EBX bit 23
 * (Intel SDM vol. 2A, CLFLUSHOPT) says the processor has it; the probe reads the leaf
 * only where the highest basic leaf reaches it. */
TEST(kernel_writeback_instruction_follows_cpuid_leaf7)
{
	CHECK_EQ(upm_kernel_flush_choice(0), UPM_KERNEL_FLUSH_CLFLUSH);
	CHECK_EQ(upm_kernel_flush_choice(1u << 23), UPM_KERNEL_FLUSH_CLFLUSHOPT);
	CHECK_EQ(upm_kernel_flush_choice(~(1u << 23)), UPM_KERNEL_FLUSH_CLFLUSH);
	CHECK_STR(upm_kernel_flush_name(UPM_KERNEL_FLUSH_CLFLUSH), "CLFLUSH");
	CHECK_STR(upm_kernel_flush_name(UPM_KERNEL_FLUSH_CLFLUSHOPT), "CLFLUSHOPT");
	CHECK_STR(upm_kernel_flush_name(UPM_KERNEL_FLUSH_CLFLUSH | UPM_KERNEL_FLUSH_CLFLUSHOPT),
		  "CLFLUSH and CLFLUSHOPT");
	CHECK_STR(upm_kernel_flush_name(0), "none");

	/* This host's own leaf 7, read apart from kernels/writeback.S. */
	CHECK_EQ(upm_kl_leaf7_ebx(), host_leaf7_ebx());
	/* A write-back of written lines keeps what was written. */
	uint64_t size = 64 * LINE;
	unsigned char *buf = line_buffer(size);
	struct upm_kernel_job job;
	CHECK_EQ(upm_kernel_layout("write", buf, size, 1, &job), UPM_OK);
	upm_kernel_setup(&job);
	upm_kernel_loop(&job);
	CHECK_EQ(upm_kernel_writeback(&job), host_flush());
	/* One pass writes its number, 1, in every word. */
	const uint64_t *word = (const uint64_t *)job.region.base;
	uint64_t ones = 0;
	for (uint64_t i = 0; i < job.region.lines * LINE / 8; i++)
		ones += word[i] == 1;
	CHECK_EQ(job.region.lines, 64);
	CHECK_EQ(ones, 64 * LINE / 8);
	free(buf);
}

TEST(kernel_layout_touches_nothing_and_steps_equal_run)
{
	/* Layout only computes: an address that must never be dereferenced will do. */
	struct upm_kernel_job job;
	CHECK_EQ(upm_kernel_layout("triad", (void *)(uintptr_t)LINE, 3 * 100 * LINE, 4, &job), UPM_OK);
	CHECK_EQ(job.region.lines, 100);
	CHECK_EQ(job.result.bus_lines_in, 4 * 3 * 100);
	CHECK_EQ(job.result.bus_lines_out, 4 * 100);
	CHECK_EQ(upm_kernel_layout("pingpong", (void *)(uintptr_t)LINE, 4096, 1, &job), UPM_ENOTFOUND);
	/* setup + loop give what upm_kernel_run gives. */
	uint64_t size = 3 * 64 * LINE;
	double *a = line_buffer(size), *b = line_buffer(size);
	struct upm_kernel_result r;
	CHECK_EQ(upm_kernel_layout("triad", a, size, 2, &job), UPM_OK);
	upm_kernel_setup(&job);
	double check = upm_kernel_loop(&job);
	upm_kernel_writeback(&job);
	CHECK_EQ(upm_kernel_run("triad", b, size, 2, &r), UPM_OK);
	CHECK(check == r.check);
	CHECK_EQ(memcmp(a, b, size), 0);
	free(a);
	free(b);
}

TEST(kernel_pingpong_accounting_and_deadline)
{
	struct upm_kernel_result r;
	upm_kernel_pingpong_account(1000, &r);
	CHECK_STR(r.kernel, "pingpong");
	CHECK_EQ(r.iterations, 1000);
	CHECK_EQ(r.size_bytes, LINE);
	CHECK_EQ(r.bytes_written, 2000 * 8);  /* one 8-byte store per handoff */
	CHECK_EQ(r.bus_bytes, 2000 * LINE);   /* the line moves every handoff */
	CHECK_EQ(r.bus_lines_in, 2000);
	CHECK_EQ(r.bus_lines_out, 0);         /* nothing goes to memory */
	CHECK_EQ(r.bytes_read, 0);
	/* Alone, side 0 takes its first turn and then waits for a partner that never
	 * comes: the deadline ends the wait. */
	uint64_t *line = line_buffer(LINE);
	line[0] = 0;
	uint64_t deadline = upm_os_tsc() + upm_os_tsc_hz() / 100; /* 10 ms */
	CHECK_EQ(upm_kernel_pingpong(line, 0, 2, deadline, NULL, NULL, NULL), -1);
	CHECK_EQ(line[0], 1);
	CHECK(upm_os_tsc() > deadline);
	/* Side 1 on a count that is its turn writes it. */
	uint64_t turns = 9;
	CHECK_EQ(upm_kernel_pingpong(line, 1, 1, upm_os_tsc() + upm_os_tsc_hz(), NULL, NULL, &turns), 0);
	CHECK_EQ(turns, 1);
	CHECK_EQ(line[0], 2);
	free(line);
}

/* The assembly loops take two lines per iteration (chase eight links; thrash and flush
 * one line) and finish the rest one by one: every count from one to nine lines per array
 * gives exact results, and nothing past the region is touched. */
TEST(kernel_loops_every_line_count_up_to_nine)
{
	static const char *const names[] = { "read", "write", "ntwrite", "copy", "scale", "add",
					     "triad", "chase", "thrash", "flush" };
	for (unsigned k = 0; k < UPM_ARRAY_LEN(names); k++) {
		const struct upm_kernel_desc *d = upm_kernel_find(names[k]);
		CHECK(d != NULL);
		if (!d)
			continue;
		for (uint64_t L = d->min_lines; L <= 9; L++) {
			uint64_t size = L * d->arrays * LINE;
			uint64_t *w = line_buffer(size + LINE);
			w[size / 8] = 0x1234;
			struct upm_kernel_result r;
			CHECK_EQ(upm_kernel_run(names[k], w, size, 2, &r), UPM_OK);
			CHECK_EQ(w[size / 8], 0x1234);
			uint64_t words = L * 8;
			double *x = (double *)w;
			if (!strcmp(names[k], "read"))
				CHECK(r.check == 2.0 * (double)(8 * L * (L - 1) + L));
			else if (!strcmp(names[k], "thrash") || !strcmp(names[k], "flush"))
				CHECK(r.check == 2.0 * (double)(L * (L - 1) / 2));
			else if (!strcmp(names[k], "chase"))
				CHECK(r.check == 0.0);
			else if (!strcmp(names[k], "write") || !strcmp(names[k], "ntwrite"))
				for (uint64_t i = 0; i < words; i++)
					CHECK_EQ(w[i], 2);
			else
				for (uint64_t i = 0; i < words; i++) {
					double a = 1.0 + (double)(i % 1024), b = 2.0 + (double)(i % 512) * 0.5;
					double want = !strcmp(names[k], "copy")    ? a
						      : !strcmp(names[k], "scale") ? 3.0 * a
						      : !strcmp(names[k], "add")   ? a + b
										   : a + 3.0 * b;
					CHECK(x[(d->arrays - 1) * words + i] == want);
				}
			free(w);
		}
	}
}

/* The rule for AVX (Intel SDM vol. 3A 2.5-2.6): CPUID.01H:ECX bit 28 (AVX) and bit 27
 * (OSXSAVE, CR4.OSXSAVE as software sees it), then XCR0 bits 1 (SSE) and 2 (AVX). */
TEST(kernel_isa_judge_reads_cpuid_and_xcr0_bits)
{
	const uint32_t avx = 1u << 28, osxsave = 1u << 27;
	CHECK_EQ(upm_kernel_isa_judge(UPM_KERNEL_ISA_SSE2, 0, 0), UPM_KERNEL_ISA_USABLE);
	CHECK_EQ(upm_kernel_isa_judge(UPM_KERNEL_ISA_AVX, 0, 0), UPM_KERNEL_ISA_ABSENT);
	CHECK_EQ(upm_kernel_isa_judge(UPM_KERNEL_ISA_AVX, osxsave, 0x7), UPM_KERNEL_ISA_ABSENT);
	CHECK_EQ(upm_kernel_isa_judge(UPM_KERNEL_ISA_AVX, avx, 0x7), UPM_KERNEL_ISA_OSXSAVE_OFF);
	CHECK_EQ(upm_kernel_isa_judge(UPM_KERNEL_ISA_AVX, avx | osxsave, 0x1), UPM_KERNEL_ISA_STATE_OFF);
	CHECK_EQ(upm_kernel_isa_judge(UPM_KERNEL_ISA_AVX, avx | osxsave, 0x3), UPM_KERNEL_ISA_STATE_OFF);
	CHECK_EQ(upm_kernel_isa_judge(UPM_KERNEL_ISA_AVX, avx | osxsave, 0x5), UPM_KERNEL_ISA_STATE_OFF);
	CHECK_EQ(upm_kernel_isa_judge(UPM_KERNEL_ISA_AVX, avx | osxsave, 0x7), UPM_KERNEL_ISA_USABLE);
	/* AVX-512's state bits (5-7) beside them change nothing. */
	CHECK_EQ(upm_kernel_isa_judge(UPM_KERNEL_ISA_AVX, avx | osxsave | 0x1, 0xE7), UPM_KERNEL_ISA_USABLE);
	CHECK_STR(upm_kernel_isa_name(UPM_KERNEL_ISA_AVX), "AVX");
	CHECK_STR(upm_kernel_isa_name(UPM_KERNEL_ISA_SSE2), "SSE2");
	CHECK_STR(upm_kernel_isa_why(UPM_KERNEL_ISA_USABLE), "");
	CHECK_CONTAINS(upm_kernel_isa_why(UPM_KERNEL_ISA_ABSENT), "bit 28");
	CHECK_CONTAINS(upm_kernel_isa_why(UPM_KERNEL_ISA_OSXSAVE_OFF), "CR4.OSXSAVE");
	CHECK_CONTAINS(upm_kernel_isa_why(UPM_KERNEL_ISA_STATE_OFF), "XCR0");
}

/* The probe reads this processor: it agrees with the compiler's test, and the values it
 * read are consistent (XCR0 is read only when OSXSAVE is set; its x87 bit 0 is always
 * set where it can be read). */
TEST(kernel_isa_probe_agrees_with_this_processor)
{
	struct upm_kernel_isa_probe p;
	upm_kernel_isa_probe(UPM_KERNEL_ISA_SSE2, &p);
	CHECK_EQ(p.state, UPM_KERNEL_ISA_USABLE);
	upm_kernel_isa_probe(UPM_KERNEL_ISA_AVX, &p);
	CHECK_EQ(p.state == UPM_KERNEL_ISA_USABLE, upm_test_avx_here() != 0);
	CHECK_EQ(p.state, upm_kernel_isa_judge(UPM_KERNEL_ISA_AVX, p.cpuid1_ecx, p.xcr0));
	if (p.cpuid1_ecx & (1u << 27))
		CHECK_EQ(p.xcr0 & 1, 1);
	else
		CHECK_EQ(p.xcr0, 0);
	CHECK(p.cpuid1_ecx & (1u << 0)); /* SSE3, which every x86_64 this runs on has */
}

/* Each AVX variant leaves the buffer exactly as its SSE2 twin does and returns the same
 * check, at every line count from one to nine (the remainder after the two-line
 * loop) and a larger one; where this processor cannot run AVX, it is refused. */
TEST(kernel_avx_variants_equal_their_twins)
{
	static const char *const names[] = { "read_avx", "write_avx", "ntwrite_avx", "copy_avx", "triad_avx" };
	static const uint64_t lines_list[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 1001 };
	for (unsigned k = 0; k < UPM_ARRAY_LEN(names); k++) {
		const struct upm_kernel_desc *d = upm_kernel_find(names[k]);
		const struct upm_kernel_desc *twin = d ? upm_kernel_find(d->twin) : NULL;
		CHECK(d != NULL && twin != NULL);
		if (!d || !twin)
			continue;
		CHECK_EQ(d->isa, UPM_KERNEL_ISA_AVX);
		CHECK_EQ(twin->isa, UPM_KERNEL_ISA_SSE2);
		CHECK_EQ(d->arrays, twin->arrays);
		CHECK_EQ(d->footprint, twin->footprint);
		for (unsigned l = 0; l < UPM_ARRAY_LEN(lines_list); l++) {
			uint64_t size = lines_list[l] * d->arrays * LINE;
			uint64_t *a = line_buffer(size + LINE), *b = line_buffer(size + LINE);
			a[size / 8] = b[size / 8] = 0x1234;
			struct upm_kernel_result ra, rb;
			int rc = upm_kernel_run(names[k], a, size, 3, &ra);
			if (!upm_test_avx_here()) {
				CHECK_EQ(rc, UPM_EUNSUPPORTED);
				CHECK_STR(ra.kernel, names[k]);
				free(a);
				free(b);
				continue;
			}
			CHECK_EQ(rc, UPM_OK);
			CHECK_EQ(upm_kernel_run(twin->name, b, size, 3, &rb), UPM_OK);
			CHECK(ra.check == rb.check);
			CHECK_EQ(memcmp(a, b, size + LINE), 0);
			CHECK_EQ(a[size / 8], 0x1234);
			CHECK_EQ(ra.bytes_read, rb.bytes_read);
			CHECK_EQ(ra.bytes_written, rb.bytes_written);
			CHECK_EQ(ra.bus_bytes, rb.bus_bytes);
			if (upm_test_failed_now)
				printf("    (kernel %s, %llu lines)\n", names[k], (unsigned long long)lines_list[l]);
			free(a);
			free(b);
		}
	}
}

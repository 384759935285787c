/* Sampling a running session (core/session/sample.c) on the mocks, under the host's
 * virtual clock (time passes only in sleeps, so spacing is exact): how many samples, their
 * spacing, what each costs in register accesses and which accesses those are (addresses
 * and values from the guides), counter wrap, the abort, registers as found afterwards;
 * and the files' text (core/results/interval.c). */
#include <stdlib.h>
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "platform/base/abort.h"
#include "core/host/os_host.h"
#include "core/results/interval.h"
#include "core/results/record.h"
#include "core/session/sample.h"

#define MS 1000000ull

/* A fixture whose mock runs on the host's virtual clock (fixture_real_time), the abort
 * latch clear: 0, or -1 after failing the test. virtual_fixture_free ends it with the
 * session and samples run on it. */
static int virtual_fixture(struct fixture *f, const char *platform, unsigned sockets)
{
	if (fixture_init(f, platform, sockets, NULL) < 0)
		return -1;
	upm_host_virtual_clock(1);
	fixture_real_time(f); /* the mock on the environment's clock: the virtual one */
	upm_abort_reset();
	return 0;
}

static void virtual_fixture_free(struct fixture *f, struct upm_session *s, struct upm_samples *sm)
{
	upm_samples_free(sm);
	upm_session_free(s);
	upm_host_virtual_clock(0);
	fixture_free(f);
}

/* Between samples: the time passes (virtual clock; the mock's clocks run with it:
 * platform/mock/mock.h, Time) and the mock hears the traffic, lines_read lines per
 * second read from memory on every socket. */
struct traffic {
	uint64_t lines_per_s;
	uint64_t fed_lines; /* what was reported, all sockets */
};

static void feed_between(struct upm_session *s, uint64_t until_ns, void *ctx)
{
	struct traffic *tr = ctx;
	uint64_t now = upm_os_nanoseconds();
	if (until_ns <= now || upm_abort_check())
		return;
	uint64_t ns = until_ns - now;
	upm_os_sleep_ns(ns);
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		struct upm_activity a = { 0 };
		a.socket = sock;
		a.nanoseconds = ns;
		a.lines_read = tr->lines_per_s * ns / 1000000000u;
		tr->fed_lines += a.lines_read;
		upm_activity(s->run->backend, &a);
	}
}

/* Where the trace stood when each sample landed: sample i's accesses are
 * [mark[i-1], mark[i]) (the wait between makes none). */
struct marks {
	struct upm_trace *t;
	uint32_t at[16];
	unsigned n;
};

static void mark_sample(struct upm_session *s, const struct upm_sample_tick *t, const uint64_t *values,
			const uint8_t *flags, int kept, void *ctx)
{
	(void)s;
	(void)t;
	(void)values;
	(void)flags;
	(void)kept;
	struct marks *m = ctx;
	if (m->n < 16)
		m->at[m->n++] = m->t->n;
}

/* find_count (tests/unit/fixture.h), and where the count is in the session's (its
 * samples' column). */
static const struct upm_count *count_of(const struct upm_session *s, unsigned socket, const char *box,
					unsigned instance, const char *spec_name, unsigned *index)
{
	const struct upm_count *c = find_count(s, socket, box, instance, spec_name);
	if (c)
		*index = (unsigned)(c - s->counts);
	return c;
}

TEST(interval_count_spacing_values_and_restore_snbep)
{
	struct fixture f;
	if (virtual_fixture(&f, "snbep", 2) < 0)
		return;
	struct upm_session s;
	struct upm_samples sm;
	struct traffic tr = { 400000, 0 };
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo/CLOCKTICKS/,imc/CAS_COUNT.RD/"), 0);
	upm_mock_snapshot(f.mock);
	struct upm_sample_opts o = { 250 * MS, 4, 0, feed_between, NULL, &tr };
	CHECK_EQ(upm_session_sample(&s, &o, &sm), 0);
	CHECK_EQ(sm.n_ticks, 4);
	CHECK_EQ(sm.n_taken, 4);
	for (unsigned i = 0; i < sm.n_ticks; i++) {
		CHECK_EQ(sm.ticks[i].t_ns, (i + 1) * 250 * MS);
		CHECK_EQ(sm.ticks[i].window_ns, 250 * MS);
	}
	/* CBo 0 counts the mock's 2.0 GHz uncore clock over each 250 ms window. */
	unsigned k;
	const struct upm_count *c = count_of(&s, 1, "cbo", 0, "CLOCKTICKS", &k);
	CHECK(c != NULL);
	for (unsigned i = 0; c && i < sm.n_ticks; i++)
		CHECK_EQ(upm_sample_value(&sm, i, k), 2000ull * 250 * MS / 1000);
	/* A socket's four channels' reads add up to the lines fed in each window. */
	for (unsigned i = 0; i < sm.n_ticks; i++) {
		uint64_t sum = 0;
		for (unsigned ch = 0; ch < 4; ch++)
			if (count_of(&s, 0, "imc", ch, "CAS_COUNT.RD", &k))
				sum += upm_sample_value(&sm, i, k);
		CHECK_EQ(sum, 400000ull / 4);
	}
	/* The run's totals are the samples' sums. */
	if (count_of(&s, 0, "cbo", 3, "CLOCKTICKS", &k)) {
		CHECK_EQ(s.counts[k].delta, 4 * 2000ull * 250 * MS / 1000);
		CHECK_EQ(s.counts[k].status, UPM_OK);
		CHECK_EQ(s.counts[k].interval_ns, 1000 * MS);
	}
	/* Per socket: each CBo frozen, its counter read (one MSR), unfrozen: 3; each iMC
	 * channel frozen, its 48-bit counter read as two dwords, unfrozen: 4. */
	CHECK_EQ(sm.accesses_per_sample, 2 * (8 * 3 + 4 * 4));
	CHECK_EQ(sm.accesses_total, 4 * sm.accesses_per_sample);
	CHECK(sm.method[0] && strcmp(sm.method[0], "box freeze") == 0);
	char diff[512];
	unsigned n = upm_mock_compare(f.mock, 0, diff, sizeof diff);
	CHECK_EQ(n, 0);
	if (n)
		printf("    %s\n", diff);
	CHECK_EQ(s.restore_failures, 0);
	virtual_fixture_free(&f, &s, &sm);
}

/* The accesses of one sample on Sandy Bridge-EP CBo 0 (socket 0): box control 0xD04
 * written with frz_en (bit 16) and frz (bit 8), counter 0 at 0xD16 read, box control
 * written with frz_en alone (Table 2-8, 000:460-524; 2.1.2 a, 000:302-309). */
TEST(interval_sample_freezes_reads_unfreezes_each_box_snbep)
{
	struct fixture f;
	if (virtual_fixture(&f, "snbep", 1) < 0)
		return;
	struct upm_session s;
	struct upm_samples sm;
	struct marks m = { f.trace, { 0 }, 0 };
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo0/CLOCKTICKS/"), 0);
	struct upm_sample_opts o = { 100 * MS, 2, 0, NULL, mark_sample, &m };
	CHECK_EQ(upm_session_sample(&s, &o, &sm), 0);
	CHECK_EQ(m.n, 2);
	if (m.n == 2) {
		struct upm_buf b;
		upm_buf_init(&b);
		for (uint32_t i = m.at[0]; i < m.at[1]; i++) {
			const struct upm_trace_record *r = &f.trace->records[i];
			upm_buf_printf(&b, "%c 0x%x%s", r->op, r->addr, r->op == 'W' ? "" : "\n");
			if (r->op == 'W')
				upm_buf_printf(&b, " 0x%llx\n", (unsigned long long)r->value);
		}
		CHECK(b.data && strcmp(b.data, "W 0xd04 0x10100\nR 0xd16\nW 0xd04 0x10000\n") == 0);
		if (b.data && strcmp(b.data, "W 0xd04 0x10100\nR 0xd16\nW 0xd04 0x10000\n") != 0)
			printf("    %s", b.data);
		upm_buf_free(&b);
	}
	CHECK_EQ(sm.accesses_per_sample, 3);
	virtual_fixture_free(&f, &s, &sm);
}

/* Ivy Bridge-EP has a global control (U_MSR_PMON_GLOBAL_CTL 0xC00): a sample is frz_all
 * (bit 31), the reads, unfrz_all (bit 29), and no box control is written. */
TEST(interval_sample_uses_global_freeze_ivbep)
{
	struct fixture f;
	if (virtual_fixture(&f, "ivbep", 1) < 0)
		return;
	struct upm_session s;
	struct upm_samples sm;
	struct marks m = { f.trace, { 0 }, 0 };
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo/CLOCKTICKS/"), 0);
	struct upm_sample_opts o = { 100 * MS, 2, 0, NULL, mark_sample, &m };
	CHECK_EQ(upm_session_sample(&s, &o, &sm), 0);
	CHECK_EQ(m.n, 2);
	unsigned writes = 0, reads = 0;
	for (uint32_t i = m.n == 2 ? m.at[0] : 0; m.n == 2 && i < m.at[1]; i++) {
		const struct upm_trace_record *r = &f.trace->records[i];
		if (r->op == 'W') {
			writes++;
			CHECK_EQ(r->addr, 0xC00);
			if (i == m.at[0])
				CHECK((r->value >> 31) & 1);
			else
				CHECK(i == m.at[1] - 1 && ((r->value >> 29) & 1) && !((r->value >> 31) & 1));
		} else {
			reads++;
		}
	}
	CHECK_EQ(writes, 2);
	CHECK(reads >= 1);
	CHECK_EQ(sm.accesses_per_sample, writes + reads);
	CHECK(sm.method[0] && strcmp(sm.method[0], "global control") == 0);
	virtual_fixture_free(&f, &s, &sm);
}

static struct upm_mock_reg *mmio_reg(struct upm_mock *m, uint32_t off)
{
	for (unsigned w = 0; w < m->n_mmio; w++)
		for (unsigned i = 0; i < m->mmio[w].n_regs; i++)
			if (m->mmio[w].regs[i]->addr == off)
				return m->mmio[w].regs[i];
	return NULL;
}

/* The 6th-generation Core's IMC counters run free (001:551-553): a sample is one 32-bit
 * MMIO read (DRAM_DATA_READS, MCHBAR + 0x5050), nothing written. Over 9 s windows with
 * more than 2^32 lines each, the readings between samples (one a second) keep the count
 * exact across several wraps. The traffic is what the part's memory can move (two
 * DDR4-2133 channels, 533333 lines a millisecond: platform/mock/skl/model.c). */
TEST(interval_free_running_wraps_counted_skl)
{
	struct fixture f;
	if (virtual_fixture(&f, "skl", 1) < 0)
		return;
	struct upm_session s;
	struct upm_samples sm;
	struct upm_mock_reg *reads = mmio_reg(f.mock, 0x5050);
	CHECK(reads != NULL);
	if (reads)
		reads->value = 0xFFFFFF00u; /* wraps in the first second */
	/* 0.5 G lines a second (32 GB/s): 4.5 G in a window, over 2^32. */
	struct traffic tr = { 500000000ull, 0 };
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/DRAM_DATA_READS/"), 0);
	struct upm_sample_opts o = { 9000 * MS, 2, 0, feed_between, NULL, &tr };
	CHECK_EQ(upm_session_sample(&s, &o, &sm), 0);
	CHECK_EQ(sm.n_ticks, 2);
	CHECK_EQ(sm.accesses_per_sample, 1);
	CHECK_EQ(sm.wrap_guard_reads, 16); /* eight a window, at its seconds 1 to 8 */
	CHECK(sm.method[0] && strcmp(sm.method[0], "free-running") == 0);
	for (unsigned i = 0; i < sm.n_ticks; i++)
		CHECK_EQ(upm_sample_value(&sm, i, 0), 9 * 500000000ull);
	CHECK_EQ(s.counts[0].delta, tr.fed_lines);
	virtual_fixture_free(&f, &s, &sm);
}

/* ESC/Ctrl-C during the wait: a last sample closes the window under way, the loop
 * ends, every register is as found. */
TEST(interval_abort_ends_with_a_sample_and_restores)
{
	struct fixture f;
	if (virtual_fixture(&f, "snbep", 2) < 0)
		return;
	struct upm_session s;
	struct upm_samples sm;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo/CLOCKTICKS/,ubox/UCLK/"), 0);
	upm_mock_snapshot(f.mock);
	/* The idle wait polls every 20 ms: the 60th poll falls in the fourth 300 ms window. */
	upm_host_abort_after_polls(60);
	struct upm_sample_opts o = { 300 * MS, 0, 0, NULL, NULL, NULL };
	CHECK_EQ(upm_session_sample(&s, &o, &sm), 0);
	CHECK(s.aborted);
	CHECK(sm.n_ticks >= 2 && sm.n_ticks < 10);
	if (sm.n_ticks >= 2) {
		const struct upm_sample_tick *last = &sm.ticks[sm.n_ticks - 1];
		CHECK(last->window_ns <= 300 * MS);
		CHECK_EQ(sm.ticks[0].t_ns, 300 * MS);
	}
	char diff[512];
	CHECK_EQ(upm_mock_compare(f.mock, 0, diff, sizeof diff), 0);
	upm_host_abort_after_polls(0);
	upm_abort_reset();
	virtual_fixture_free(&f, &s, &sm);
}

/* More events than one pass holds: refused before anything is touched. */
TEST(interval_refuses_two_passes)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	struct upm_session s;
	struct upm_samples sm;
	CHECK_EQ(upm_session_prepare(&s, &f.run,
				     "cbo0/CLOCKTICKS/,cbo0/CLOCKTICKS/,cbo0/CLOCKTICKS/,cbo0/CLOCKTICKS/,cbo0/CLOCKTICKS/"), 0);
	CHECK(s.n_passes == 2);
	uint32_t before = f.trace->n;
	struct upm_sample_opts o = { 100 * MS, 1, 0, NULL, NULL, NULL };
	CHECK_EQ(upm_session_sample(&s, &o, &sm), -1);
	CHECK(strstr(s.error, "2 passes") != NULL);
	CHECK_EQ(f.trace->n, before);
	upm_samples_free(&sm);
	upm_session_free(&s);
	fixture_free(&f);
}

/* interval.csv as the record holds it: the row for sample secs of kind and socket whose
 * text after that holds what (NULL: none). */
static const char *csv_row(const char *csv, const char *secs, const char *kind, unsigned sock, const char *what)
{
	char head[96];
	snprintf(head, sizeof head, ",%s,%s,%u,", secs, kind, sock);
	for (const char *line = csv; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);
		char row[512];
		snprintf(row, sizeof row, "%.*s", (int)n, line);
		const char *h = strstr(row, head);
		if (h && strstr(h, what))
			return line;
	}
	return NULL;
}

/* A metric over each sample in interval.csv is the one its counts give: MEM_BW_READS is
 * the sample's CAS_COUNT.RD over the socket's channels x 64 bytes over its window; the
 * file opens with its header row (RFC 4180), the run's identity its first columns. */
TEST(interval_csv_header_counts_and_metrics_per_sample)
{
	struct fixture f;
	if (virtual_fixture(&f, "snbep", 2) < 0)
		return;
	struct upm_session s;
	struct upm_samples sm;
	CHECK_EQ(upm_metrics_prepare(&s, &f.run, "imc/CAS_COUNT.RD/,cbo1/CLOCKTICKS/", "MEM_BW_READS,UNCORE_FREQ"), 0);
	struct traffic tr = { 1000000, 0 };
	struct upm_sample_opts o = { 500 * MS, 3, 0, feed_between, NULL, &tr };
	CHECK_EQ(upm_session_sample(&s, &o, &sm), 0);
	struct upm_record rec;
	upm_record_init(&rec, &f.run, "run");
	upm_record_add_session(&rec, &s);
	upm_record_add_samples(&rec, &s, &sm);
	struct upm_buf csv;
	upm_buf_init(&csv);
	upm_interval_csv(&rec, &csv);
	const char *header = "run,backend,dry_run,time,seconds,kind,socket,box,instance,spec,count,rate,status,"
			     "for_metrics,metric,value,unit\n";
	CHECK(csv.data && strncmp(csv.data, header, strlen(header)) == 0);
	unsigned rows = 0;
	for (const char *p = csv.data; p && (p = strchr(p, '\n')) != NULL; p++)
		rows++;
	/* Per sample every count, and both metrics on both sockets. */
	CHECK_EQ(sm.n_ticks, 3);
	CHECK_EQ(rows, 1 + sm.n_ticks * (s.n_counts + 2 * 2));
	unsigned checked = 0;
	for (unsigned i = 0; csv.data && i < sm.n_ticks; i++) {
		char secs[32];
		snprintf(secs, sizeof secs, "%.6f", (double)sm.ticks[i].t_ns / 1e9);
		for (unsigned sock = 0; sock < 2; sock++) {
			uint64_t lines = 0;
			for (unsigned k = 0; k < sm.n_counts; k++)
				if (s.counts[k].socket == sock && strcmp(s.specs[s.counts[k].spec].name, "CAS_COUNT.RD") == 0)
					lines += upm_sample_value(&sm, i, k);
			double want = (double)lines * 64 * 1e9 / (double)sm.ticks[i].window_ns;
			const char *row = csv_row(csv.data, secs, "metric", sock, ",MEM_BW_READS,");
			CHECK(row != NULL && lines > 0);
			if (!row)
				continue;
			const char *v = strstr(row, ",MEM_BW_READS,") + strlen(",MEM_BW_READS,");
			double got = strtod(v, NULL);
			CHECK(near(got, want));
			CHECK(strncmp(strstr(row, ",metric,"), ",metric,", 8) == 0 && strstr(row, ",imc,,,,,ok,,MEM_BW_READS,"));
			checked++;
		}
	}
	CHECK_EQ(checked, 6);
	/* 500 ms of the mock's 2.0 GHz uncore clock: 1e9 cycles, 2e9 a second; the metric reads
	 * the same clock's one count. */
	CHECK(csv_row(csv.data, "0.500000", "count", 0, ",cbo,1,cbo1/CLOCKTICKS/,1000000000,2000000000.000,ok,no,,,"));
	CHECK(csv_row(csv.data, "1.000000", "metric", 1, ",ubox,,,,,ok,,UNCORE_FREQ,2000000000.000000,Hz"));
	CHECK(strstr(csv.data ? csv.data : "", "# ") == NULL);
	upm_buf_free(&csv);
	upm_record_free(&rec);
	virtual_fixture_free(&f, &s, &sm);
}

/* The chart of a spec: one polyline per socket, x over the run's seconds, y down from
 * the maximum rate (70 + 550 x t / tmax, 28 + 162 x (1 - v / vmax) in the 640 x 220 box). */
TEST(interval_svg_chart)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	struct upm_session s;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "ubox/UCLK/"), 0);
	/* Two counts (ubox0 on sockets 0 and 1), laid out as a session lays them. */
	struct upm_count counts[2];
	memset(counts, 0, sizeof counts);
	for (unsigned i = 0; i < 2; i++) {
		counts[i].socket = i;
		counts[i].box = s.specs[0].box;
		counts[i].spec = 0;
		counts[i].counter = -1;
	}
	s.counts = counts;
	s.n_counts = 2;
	struct upm_sample_tick ticks[2] = { { 1000 * MS, 1000 * MS, 0, 0, 0 }, { 2000 * MS, 1000 * MS, 0, 0, 0 } };
	uint64_t values[4] = { 100, 50, 200, 0 }; /* tick 0: s0 100, s1 50; tick 1: s0 200, s1 0 */
	uint8_t flags[4] = { 0 };
	struct upm_samples sm;
	memset(&sm, 0, sizeof sm);
	sm.n_counts = 2;
	sm.ticks = ticks;
	sm.values = values;
	sm.flags = flags;
	sm.n_ticks = 2;
	struct upm_buf svg;
	upm_buf_init(&svg);
	upm_interval_svg(&s, &sm, &svg);
	CHECK(svg.data && strncmp(svg.data, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39) == 0);
	CHECK(svg.data && strstr(svg.data, "points=\"345.0,109.0 620.0,28.0\"") != NULL);
	CHECK(svg.data && strstr(svg.data, "points=\"345.0,149.5 620.0,190.0\"") != NULL);
	CHECK(svg.data && strstr(svg.data, ">200</text>") != NULL);
	CHECK(svg.data && strstr(svg.data, "</svg>") != NULL);
	unsigned lines = 0;
	for (const char *p = svg.data; p && (p = strstr(p, "<polyline")) != NULL; p++)
		lines++;
	CHECK_EQ(lines, 2);
	upm_buf_free(&svg);
	/* The report section wraps the same chart. */
	sm.n_taken = 2;
	sm.period_ns = 1000 * MS;
	upm_interval_html(&s, &sm, &svg);
	CHECK(svg.data && strncmp(svg.data, "<section id=\"intervals\"><h2>Samples</h2>", 40) == 0);
	CHECK(svg.data && strstr(svg.data, "2 samples every 1000 ms;") != NULL);
	CHECK(svg.data && strstr(svg.data, "points=\"345.0,109.0 620.0,28.0\"") != NULL);
	upm_buf_free(&svg);
	s.counts = NULL;
	s.n_counts = 0;
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(interval_wall_time_add)
{
	struct upm_wall_time t = { 2024, 2, 28, 23, 59, 59, 0, 1 }, out;
	unsigned ms;
	upm_wall_time_add(&t, 1500 * MS, &out, &ms);
	CHECK(out.year == 2024 && out.month == 2 && out.day == 29 && out.hour == 0 && out.minute == 0 &&
	      out.second == 0 && ms == 500);
	struct upm_wall_time y = { 2023, 12, 31, 23, 59, 59, 60, 1 };
	upm_wall_time_add(&y, 1000 * MS, &out, &ms);
	CHECK(out.year == 2024 && out.month == 1 && out.day == 1 && out.second == 0 && ms == 0 &&
	      out.tz_minutes == 60);
	struct upm_wall_time n = { 2023, 2, 28, 12, 0, 0, 0, 1 };
	upm_wall_time_add(&n, 86400000 * MS, &out, &ms); /* not a leap year */
	CHECK(out.month == 3 && out.day == 1 && out.hour == 12);
}

/* The Xeon E7's global control U_MSR_PMON_GLOBAL_CTL 0xC00 brackets each sample: en_all
 * (bit 28) cleared, the counters read, en_all set with rst_all (bit 29) clear in the same
 * write (2.1.4 and 2.1.5 d, 002:456-481): the counts go on from where they were. */
TEST(interval_sample_disables_and_enables_all_nhmex)
{
	struct fixture f;
	if (virtual_fixture(&f, "nhmex", 1) < 0)
		return;
	struct upm_session s;
	struct upm_samples sm;
	struct marks m = { f.trace, { 0 }, 0 };
	CHECK_EQ(upm_session_prepare(&s, &f.run, "wbox/UCLK/,mbox/CYCLES/"), 0);
	struct upm_sample_opts o = { 100 * MS, 3, 0, NULL, mark_sample, &m };
	upm_mock_snapshot(f.mock);
	CHECK_EQ(upm_session_sample(&s, &o, &sm), 0);
	CHECK_EQ(m.n, 3);
	unsigned writes = 0;
	for (uint32_t i = m.n == 3 ? m.at[1] : 0; m.n == 3 && i < m.at[2]; i++) {
		const struct upm_trace_record *r = &f.trace->records[i];
		if (r->op != 'W')
			continue;
		writes++;
		CHECK_EQ(r->addr, 0xC00);
		if (writes == 1)
			CHECK(!((r->value >> 28) & 1) && !((r->value >> 29) & 1));
		else
			CHECK(((r->value >> 28) & 1) && !((r->value >> 29) & 1));
	}
	CHECK_EQ(writes, 2);
	CHECK(sm.method[0] && strcmp(sm.method[0], "global control") == 0);
	/* No reset between samples: the counts of 100 ms each add up to the run's. */
	uint64_t sum = 0;
	for (unsigned i = 0; i < sm.n_ticks; i++)
		sum += upm_sample_value(&sm, i, 0);
	CHECK(sm.n_counts >= 1 && sum == s.counts[0].delta && upm_sample_value(&sm, 0, 0) > 0);
	char diff[512];
	CHECK_EQ(upm_mock_compare(f.mock, 0, diff, sizeof diff), 0);
	virtual_fixture_free(&f, &s, &sm);
}

/* A wait that overruns (a kernel's repetition longer than the period): the late sample
 * covers everything since the previous one, the grid ticks that passed are skipped and
 * counted, and the next sample is back on the grid. */
struct overrun {
	unsigned calls;
};

static void overrun_between(struct upm_session *s, uint64_t until_ns, void *ctx)
{
	struct overrun *o = ctx;
	uint64_t now = upm_os_nanoseconds();
	if (until_ns <= now)
		return;
	/* The second wait runs 2.5 periods of 100 ms past its tick. */
	uint64_t ns = until_ns - now + (++o->calls == 2 ? 250 * MS : 0);
	upm_os_sleep_ns(ns);
	struct upm_activity a = { 0 };
	a.nanoseconds = ns;
	upm_activity(s->run->backend, &a);
}

TEST(interval_late_sample_skips_missed_ticks)
{
	struct fixture f;
	if (virtual_fixture(&f, "snbep", 1) < 0)
		return;
	struct upm_session s;
	struct upm_samples sm;
	struct overrun ov = { 0 };
	CHECK_EQ(upm_session_prepare(&s, &f.run, "ubox/UCLK/"), 0);
	struct upm_sample_opts o = { 100 * MS, 4, 0, overrun_between, NULL, &ov };
	CHECK_EQ(upm_session_sample(&s, &o, &sm), 0);
	CHECK_EQ(sm.n_ticks, 4);
	static const uint64_t at[4] = { 100, 450, 500, 600 };
	for (unsigned i = 0; i < sm.n_ticks && i < 4; i++)
		CHECK_EQ(sm.ticks[i].t_ns, at[i] * MS);
	CHECK_EQ(sm.ticks[1].window_ns, 350 * MS);
	CHECK_EQ(sm.ticks[2].window_ns, 50 * MS);
	CHECK_EQ(sm.ticks_missed, 2);
	/* The UBox clock (2.0 GHz in the mock) counted each window whole. */
	CHECK_EQ(upm_sample_value(&sm, 1, 0), 2000ull * 350 * MS / 1000);
	CHECK_EQ(upm_sample_value(&sm, 2, 0), 2000ull * 50 * MS / 1000);
	virtual_fixture_free(&f, &s, &sm);
}

/* The first sample's window opens where the counters started, not where sampling began:
 * with processors slow to wake (10 ms each, four sockets), socket 0's counters start 30 ms
 * before the last socket's, and those 30 ms are in the first sample's counts. The first
 * window is the period plus them, the others the period, and the run's counts hold all. */
TEST(interval_first_window_opens_at_the_counters_start)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 4, NULL) < 0)
		return;
	upm_host_virtual_clock(1);
	fixture_real_time(&f);
	upm_abort_reset();
	upm_host_delay_steps(10 * MS);
	struct upm_session s;
	struct upm_samples sm;
	struct traffic tr = { 0, 0 };
	CHECK_EQ(upm_session_prepare(&s, &f.run, "ubox/UCLK/"), 0);
	struct upm_sample_opts o = { 250 * MS, 3, 0, feed_between, NULL, &tr };
	CHECK_EQ(upm_session_sample(&s, &o, &sm), 0);
	upm_host_delay_steps(0);
	CHECK_EQ(sm.n_ticks, 3);
	if (sm.n_ticks == 3) {
		CHECK_EQ(sm.ticks[0].window_ns, 250 * MS + 30 * MS);
		CHECK_EQ(sm.ticks[1].window_ns, 250 * MS);
		CHECK_EQ(sm.ticks[2].window_ns, 250 * MS);
	}
	const struct upm_count *c = find_count(&s, 0, "ubox", 0, "UCLK");
	CHECK(c != NULL);
	if (c)
		CHECK_EQ(c->interval_ns, 3 * 250 * MS + 30 * MS);
	virtual_fixture_free(&f, &s, &sm);
}

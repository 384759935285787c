/* The results record of `run` (core/results/record.h) and its writers: filled once from
 * a session (counts, totals, metrics with the counts they used), and rendered by the
 * console, counters.csv, results.json and report.html without computing anything; the
 * human numbers they use (platform/base/human.h). */
#include "tests/unit/test.h"
#include "tests/unit/metric_run.h"
#include "platform/base/human.h"
#include "core/results/record.h"
#include "core/results/results.h"

TEST(human_counts_have_thousands_separators)
{
	char b[40];
	upm_format_count(b, sizeof b, 0);
	CHECK_STR(b, "0");
	upm_format_count(b, sizeof b, 999);
	CHECK_STR(b, "999");
	upm_format_count(b, sizeof b, 1000);
	CHECK_STR(b, "1,000");
	upm_format_count(b, sizeof b, 1234567);
	CHECK_STR(b, "1,234,567");
	upm_format_count(b, sizeof b, UINT64_MAX);
	CHECK_STR(b, "18,446,744,073,709,551,615");
	upm_format_signed_count(b, sizeof b, -1234);
	CHECK_STR(b, "-1,234");
	upm_format_count(b, 4, 1234567); /* cut, never overrun */
	CHECK_STR(b, "1,2");
	upm_format_decimal(b, sizeof b, 1996.14, 1);
	CHECK_STR(b, "1,996.1");
}

TEST(human_units_as_people_quote_them)
{
	char b[48];
	upm_format_unit(b, sizeof b, 12.345e9, "bytes/s");
	CHECK_STR(b, "12.35 GB/s");
	upm_format_unit(b, sizeof b, 65.536e6, "bytes/s");
	CHECK_STR(b, "65.54 MB/s");
	upm_format_unit(b, sizeof b, 0, "bytes/s");
	CHECK_STR(b, "0.00 kB/s");
	upm_format_unit(b, sizeof b, 2.4e9, "Hz");
	CHECK_STR(b, "2,400.0 MHz");
	upm_format_unit(b, sizeof b, 4194304, "bytes");
	CHECK_STR(b, "4.00 MiB");
	upm_format_unit(b, sizeof b, 0.95, "ratio");
	CHECK_STR(b, "0.950 ratio");
	upm_format_unit(b, sizeof b, 3.5, "");
	CHECK_STR(b, "3.500");
	upm_format_bytes(b, sizeof b, 4194304);
	CHECK_STR(b, "4 MiB");
	upm_format_bytes(b, sizeof b, 3ull << 29);
	CHECK_STR(b, "1.5 GiB");
	upm_format_bytes(b, sizeof b, 512);
	CHECK_STR(b, "512 bytes");
	upm_format_duration(b, sizeof b, 120000);
	CHECK_STR(b, "120 us");
	upm_format_duration(b, sizeof b, 850000000ull);
	CHECK_STR(b, "850 ms");
	upm_format_duration(b, sizeof b, 1234000000ull);
	CHECK_STR(b, "1.23 s");
	upm_format_duration(b, sizeof b, 123000000000ull);
	CHECK_STR(b, "2 min 3 s");
}

/* 4000 lines read per socket in 10 ms: the mock spreads them over the 4 iMC channels. */
static struct feed reads = { 10000000u, 4000, 0, 8000, 2000, 0 };

static const struct upm_record_total *total_of(const struct upm_record *rec, int socket, const char *label,
					       int for_metrics)
{
	for (unsigned t = 0; t < rec->n_totals; t++) {
		const struct upm_record_count *f = &rec->counts[rec->totals[t].first];
		if (rec->totals[t].socket == socket && strcmp(f->label, label) == 0 && f->for_metrics == for_metrics)
			return &rec->totals[t];
	}
	return NULL;
}

TEST(record_from_a_session_totals_and_metric_counts)
{
	struct fixture f;
	struct upm_session s;
	struct upm_record rec;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	f.run.console_held = 1; /* lines to the log only */
	if (metric_session(&f, &s, "imc/CAS_COUNT.RD/,cbo0/LLC_LOOKUP.DATA_READ,filter_state=0x1f/",
			   "MEM_BW_READS", &reads) < 0)
		return;
	upm_record_init(&rec, &f.run, "run");
	upm_record_add_session(&rec, &s);
	upm_record_finish(&rec);

	CHECK_EQ(rec.n_counts, s.n_counts);
	CHECK_EQ(s.n_specs, 2); /* the metric's CAS_COUNT.RD is the user's */
	CHECK_STR(rec.platform, "snbep");
	CHECK_STR(rec.backend, "mock");
	/* The user's CAS counts: 4000 a socket over its 4 channels, 8000 in all. */
	const struct upm_record_total *t0 = total_of(&rec, 0, "CAS_COUNT.RD", 0);
	const struct upm_record_total *all = total_of(&rec, -1, "CAS_COUNT.RD", 0);
	CHECK(t0 && all);
	if (t0 && all) {
		CHECK_EQ(t0->sum, 4000);
		CHECK_EQ(t0->instances, 4);
		CHECK_EQ(t0->of_instances, 4);
		CHECK_EQ(all->sum, 8000);
		CHECK_EQ(all->instances, 8);
	}
	/* A filter term as written, in the label, and as programmed. */
	const struct upm_record_count *llc = NULL;
	for (unsigned i = 0; i < rec.n_counts; i++)
		if (strcmp(rec.counts[i].event, "LLC_LOOKUP.DATA_READ") == 0)
			llc = &rec.counts[i];
	CHECK(llc != NULL);
	if (llc) {
		CHECK_STR(llc->label, "LLC_LOOKUP.DATA_READ,filter_state=0x1f");
		CHECK_STR(llc->spec_text, "cbo0/LLC_LOOKUP.DATA_READ,filter_state=0x1f/");
		CHECK_STR(llc->code, "0x34"); /* LLC_LOOKUP: event 0x34 */
		CHECK_STR(llc->umask, "0x3"); /* DATA_READ */
		int has = 0;
		for (unsigned k = 0; k < llc->n_filters; k++)
			has |= strcmp(llc->filters[k].term, "filter_state") == 0 && llc->filters[k].value == 0x1f;
		CHECK(has);
	}
	/* MEM_BW_READS on socket 1 used the 4 CAS counts there, the user's: each count is
	 * counted once per run (core/events/once.h), and the metric reads it. */
	const struct upm_record_metric *m = NULL;
	for (unsigned i = 0; i < rec.n_metrics; i++)
		if (strcmp(rec.metrics[i].name, "MEM_BW_READS") == 0 && rec.metrics[i].socket == 1)
			m = &rec.metrics[i];
	CHECK(m != NULL);
	if (m) {
		CHECK_EQ(m->n_counts, 4);
		unsigned seen = 0;
		uint64_t sum = 0;
		for (unsigned i = 0; i < m->n_counts; i++) {
			const struct upm_record_count *c = &rec.counts[m->counts[i]];
			CHECK(!c->for_metrics && c->socket == 1 && strcmp(c->box, "imc") == 0);
			CHECK_STR(c->event, "CAS_COUNT.RD");
			seen |= 1u << c->instance;
			sum += c->delta;
		}
		CHECK_EQ(seen, 0xf);
		CHECK_EQ(sum, 4000);
		CHECK(m->reported && m->valid && m->value > 0);
		CHECK_STR(m->coverage, "");
	}
	upm_record_free(&rec);
	upm_session_free(&s);
	fixture_free(&f);
}

/* A record made by hand, its total deliberately not the sum of its counts: the writers
 * show what the record holds. */
static void hand_record(struct upm_record *rec, struct upm_run *r, unsigned *used)
{
	static struct upm_record_count counts[2];
	static struct upm_record_total totals[2];
	static struct upm_record_metric metrics[1];
	memset(counts, 0, sizeof counts);
	for (unsigned i = 0; i < 2; i++) {
		struct upm_record_count *c = &counts[i];
		c->socket = 0;
		c->instance = i;
		c->box = "imc";
		strcpy(c->counter, "ctr0");
		strcpy(c->spec_text, "imc/CAS_COUNT.RD/");
		strcpy(c->event, "CAS_COUNT.RD");
		strcpy(c->label, "CAS_COUNT.RD");
		strcpy(c->code, "0x4");
		strcpy(c->umask, "0x3");
		c->ctl = 0x400304;
		c->raw = 100 + i;
		c->was_read = 1;
		c->delta = 1000 + i;
		c->status_name = "ok";
		c->window_ns = 10000000;
		c->kernel = -1;
		c->net = (int64_t)c->delta;
	}
	memset(totals, 0, sizeof totals);
	totals[0] = (struct upm_record_total){ .kernel = -1, .socket = 0, .first = 0, .instances = 2,
					       .of_instances = 2, .sum = 4242424 };
	totals[1] = totals[0];
	totals[1].socket = -1; /* the system's: on one socket the console leaves it out */
	memset(metrics, 0, sizeof metrics);
	used[0] = 0;
	used[1] = 1;
	metrics[0] = (struct upm_record_metric){ .kernel = -1, .pass = -1, .socket = 0, .name = "MEM_BW_READS",
						 .unit = "bytes/s", .reported = 1, .value = 12.345e9, .valid = 1,
						 .instances = 2, .of_instances = 2, .box = "imc", .passes = "0",
						 .counts = used, .n_counts = 2 };
	upm_record_init(rec, r, "run");
	rec->sockets = 1;
	rec->n_passes = 1;
	rec->pass_ns[0] = 10000000;
	rec->counts = counts;
	rec->n_counts = 2;
	rec->totals = totals;
	rec->n_totals = 2;
	rec->metrics = metrics;
	rec->n_metrics = 1;
}

TEST(record_writers_render_the_record)
{
	struct fixture f;
	struct upm_record rec;
	unsigned used[2];
	struct upm_buf out;
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	f.run.console_held = 1;
	hand_record(&rec, &f.run, used);

	/* Console: the record's total (not 1000 + 1001), aligned, the metric in GB/s. */
	size_t from = f.run.log.len;
	upm_record_print(&rec);
	const char *log = f.run.log.data + from;
	CHECK_CONTAINS(log, "socket  boxes     event                                                   count\n");
	CHECK_CONTAINS(log, "     0  2 imc     CAS_COUNT.RD                                        4,242,424\n");
	CHECK(strstr(log, "2,001") == NULL);
	CHECK_CONTAINS(log, "     0  MEM_BW_READS                     12.35 GB/s  2 imc\n");
	for (const char *l = log; *l;) { /* every line within 80 columns */
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		if (n > 80)
			upm_test_fail(__FILE__, __LINE__, "line of %zu columns: %.*s", n, (int)n, l);
		l += n + (nl != NULL);
	}
	/* --per-box: each instance. */
	rec.per_box = 1;
	from = f.run.log.len;
	upm_record_print(&rec);
	log = f.run.log.data + from;
	CHECK_CONTAINS(log, "     0 imc1      0 ctr0  CAS_COUNT.RD                                    1,001\n");
	CHECK(strstr(log, "4,242,424") == NULL);

	/* counters.csv: its header row first (RFC 4180), then one row per count, each
	 * opening with the run's folder, the backend and whether it was a dry run. */
	upm_strlcpy(f.run.run_name, "20261128-104819-vm-run", sizeof f.run.run_name);
	upm_buf_init(&out);
	upm_record_csv(&rec, &out);
	CHECK_STR(out.data, "run,backend,dry_run,socket,box,instance,counter,pass,event,code,umask,raw,delta,status,spec,"
			    "for_metrics\n"
			    "20261128-104819-vm-run,mock,no,0,imc,0,ctr0,0,CAS_COUNT.RD,0x4,0x3,100,1000,ok,imc/CAS_COUNT.RD/,no\n"
			    "20261128-104819-vm-run,mock,no,0,imc,1,ctr0,0,CAS_COUNT.RD,0x4,0x3,101,1001,ok,imc/CAS_COUNT.RD/,no\n");
	upm_buf_free(&out);
	/* A dry run says so in every row: the "# DRY RUN" line it had is no more. */
	f.run.opts.dry_run = 1;
	upm_buf_init(&out);
	upm_record_csv(&rec, &out);
	CHECK_CONTAINS(out.data, "\n20261128-104819-vm-run,mock,yes,0,imc,0,ctr0,");
	CHECK(strstr(out.data, "\n#") == NULL && out.data[0] != '#');
	f.run.opts.dry_run = 0;
	upm_buf_free(&out);

	/* results.json: counts with their index, the metric with the counts it used. */
	upm_buf_init(&out);
	upm_record_json(&rec, &out);
	CHECK_CONTAINS(out.data, "{\"index\": 1, \"socket\": 0, \"box\": \"imc\", \"instance\": 1, \"counter\": \"ctr0\", \"pass\": 0, \"window_ns\": 10000000, \"spec\": \"imc/CAS_COUNT.RD/\"");
	CHECK_CONTAINS(out.data, "\"name\": \"MEM_BW_READS\", \"unit\": \"bytes/s\", \"value\": 12345000000.000000");
	CHECK_CONTAINS(out.data, "\"passes\": \"0\", \"counts\": [0, 1]}");
	CHECK_CONTAINS(out.data, "\"passes\": [\n    {\"pass\": 0, \"interval_ns\": 10000000, \"cut_short\": false, \"counters\": [");
	upm_buf_free(&out);

	/* report.html: the record's total in the table, a bar per instance, the metric. */
	upm_buf_init(&out);
	rec.exit_status = 1;
	upm_record_html(&rec, &out);
	CHECK_CONTAINS(out.data, "<h1>upmon run: <span class=\"v warn\">WARN</span></h1>");
	CHECK_CONTAINS(out.data, "<tr><td>imc</td><td>CAS_COUNT.RD</td><td class=\"n\" title=\"2 of 2 instances\">4,242,424</td>");
	CHECK_CONTAINS(out.data, "<text x=\"0\" y=\"15\">socket 0 imc0</text>");
	CHECK_CONTAINS(out.data, "<text x=\"0\" y=\"33\">socket 0 imc1</text>");
	CHECK_CONTAINS(out.data, "<td class=\"n\">12.35 GB/s</td>");
	CHECK(strstr(out.data, "<script") == NULL);
	CHECK_CONTAINS(out.data, "</body>\n</html>\n");
	upm_buf_free(&out);

	rec.counts = NULL; /* static: not the record's to free */
	rec.totals = NULL;
	rec.metrics = NULL;
	rec.n_metrics = 0;
	upm_record_free(&rec);
	fixture_free(&f);
}

/* A metric asked for where none of its boxes could be counted is said, not dropped. */
TEST(record_metric_not_reported_is_said)
{
	struct fixture f;
	struct upm_session s;
	struct upm_record rec;
	if (fixture_init(&f, "snbep", 2, "s1.absent=imc0,s1.absent=imc1,s1.absent=imc2,s1.absent=imc3") < 0)
		return;
	f.run.console_held = 1;
	if (metric_session(&f, &s, NULL, "MEM_BW_READS", &reads) < 0)
		return;
	upm_record_init(&rec, &f.run, "run");
	upm_record_add_session(&rec, &s);
	upm_record_finish(&rec);
	int said = 0, reported0 = 0;
	for (unsigned i = 0; i < rec.n_metrics; i++) {
		said |= rec.metrics[i].socket == 1 && !rec.metrics[i].reported;
		reported0 |= rec.metrics[i].socket == 0 && rec.metrics[i].reported && rec.metrics[i].n_counts == 4;
	}
	CHECK(said);
	CHECK(reported0);
	size_t from = f.run.log.len;
	upm_record_print(&rec);
	/* Why none was: the socket's channels did not answer. */
	CHECK_CONTAINS(f.run.log.data + from, "     1  MEM_BW_READS                   not reported  none counted (box-absent)\n");
	struct upm_buf json;
	upm_buf_init(&json);
	upm_record_json(&rec, &json);
	CHECK_CONTAINS(json.data, "{\"socket\": 1, \"name\": \"MEM_BW_READS\", \"unit\": \"bytes/s\", \"value\": null, \"reported\": false");
	upm_buf_free(&json);
	upm_record_free(&rec);
	upm_session_free(&s);
	fixture_free(&f);
}

/* A kernel's record: counts with the idle baseline's and net, a clock never net of it,
 * metrics per pass with baseline, net and a rate over the kernel's own seconds; the
 * writers' kernel layouts, within 80 columns on the console. */
TEST(record_of_a_kernel_run)
{
	static struct feed idle = { 10000000u, 0, 0, 0, 0, 0 };
	struct fixture f;
	struct upm_session s, base;
	struct upm_record rec;
	const char *specs = "imc/CAS_COUNT.RD/,ubox/UCLK/";
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	f.run.console_held = 1;
	if (upm_metrics_prepare(&s, &f.run, specs, "MEM_BW_READS") < 0 ||
	    upm_metrics_prepare(&base, &f.run, specs, "MEM_BW_READS") < 0) {
		upm_test_fail(__FILE__, __LINE__, "prepare");
		fixture_free(&f);
		return;
	}
	upm_session_run(&s, feed_interval, &reads);
	upm_session_run(&base, feed_interval, &idle);
	struct upm_workload_info info = { .kernel = "read", .threads = 4, .socket_mask = 3, .memory_socket = -1,
					  .size_bytes = 4u << 20, .iterations = 2 };
	static struct upm_workload_result res[UPM_MAX_PASSES];
	uint64_t baseline_ns[UPM_MAX_PASSES] = { 10000000u };
	memset(res, 0, sizeof res);
	res[0].threads = 4;
	res[0].seconds = 0.01;
	res[0].gbps = 0.0256;
	res[0].total.kernel = "read";
	res[0].total.size_bytes = 4u << 20;
	res[0].total.iterations = 2;
	res[0].total.ns = 10000000u;
	res[0].n_sockets = 2;
	res[0].window_ns = 10000000u;
	res[0].flush_ns = 2000;
	res[0].flushes = UPM_KERNEL_FLUSH_CLFLUSH;
	for (unsigned k = 0; k < 2; k++) {
		res[0].per_socket[k].socket = k;
		res[0].per_socket[k].lines_read = 4000;
	}
	upm_record_init(&rec, &f.run, "run");
	upm_record_add_kernel(&rec, &s, &base, &info, res, baseline_ns);
	upm_record_finish(&rec);

	CHECK_EQ(rec.n_kernels, 1);
	CHECK_EQ(rec.n_kernel_runs, 1);
	CHECK_EQ(rec.kernel_runs[0].memory_read_bytes, 8000 * 64);
	for (unsigned i = 0; i < rec.n_counts; i++) {
		const struct upm_record_count *c = &rec.counts[i];
		CHECK_EQ(c->kernel, 0);
		if (strcmp(c->event, "UCLK") == 0) {
			CHECK(c->is_clock && !c->has_baseline && c->net == (int64_t)c->delta && c->mhz > 0);
		} else {
			CHECK(c->has_baseline);
			CHECK_EQ(c->baseline, 0); /* the idle baseline read nothing */
			CHECK_EQ(c->net, (int64_t)c->delta);
		}
	}
	const struct upm_record_total *t0 = total_of(&rec, 0, "CAS_COUNT.RD", 0);
	CHECK(t0 && t0->sum == 4000 && t0->has_baseline && t0->baseline_sum == 0 && t0->net_sum == 4000);
	/* Over the whole run and per pass; per pass the net over the kernel's 10 ms:
	 * 4000 x 64 bytes / 0.01 s. */
	int whole = 0, per_pass = 0;
	for (unsigned i = 0; i < rec.n_metrics; i++) {
		const struct upm_record_metric *m = &rec.metrics[i];
		if (strcmp(m->name, "MEM_BW_READS") != 0 || m->socket != 0)
			continue;
		CHECK_EQ(m->n_counts, 4);
		if (m->pass < 0) {
			whole = 1;
			continue;
		}
		per_pass = 1;
		CHECK(m->has_net && m->baseline_valid && m->baseline == 0 && m->net_valid);
		CHECK(m->per_kernel_second_valid && near(m->net_per_kernel_second, 25.6e6));
	}
	CHECK(whole && per_pass);

	size_t from = f.run.log.len;
	upm_record_print(&rec);
	const char *log = f.run.log.data + from;
	CHECK_CONTAINS(log, "kernel read pass 0: 4 threads, 4 MiB x 2 iterations in 10 ms\n");
	/* The kernel's rates say their window (its timed loop); the metrics' is the counting window. */
	CHECK_CONTAINS(log, "kernel read pass 0: 25.60 MB/s, bus 0.00 kB/s over the kernel's 10 ms\n");
	CHECK_CONTAINS(log, "kernel read pass 0: write-back 2 us after (CLFLUSH)\n");
	CHECK_CONTAINS(log, "kernel read pass 0: window 10 ms, idle baseline 10 ms, tsc ");
	CHECK_CONTAINS(log, "     0  4 imc   CAS_COUNT.RD                    4,000            0        4,000\n");
	CHECK_CONTAINS(log, "   all  8 imc   CAS_COUNT.RD                    8,000            0        8,000\n");
	/* The metrics say their window, which is not the kernel's loop its GB/s are over. */
	CHECK_CONTAINS(log, "kernel read: metrics over the 10 ms counting window, not the 10 ms loop\n");
	for (const char *l = log; *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		if (n > 80)
			upm_test_fail(__FILE__, __LINE__, "line of %zu columns: %.*s", n, (int)n, l);
		l += n + (nl != NULL);
	}
	struct upm_buf out;
	upm_buf_init(&out);
	upm_record_csv(&rec, &out);
	CHECK(strncmp(out.data, "run,backend,dry_run,kernel,socket,box,instance,counter,pass,event,code,umask,raw,delta,"
			       "baseline,net,status,spec,for_metrics\n", 124) == 0);
	CHECK_CONTAINS(out.data, "\nnone,mock,no,read,0,imc,0,ctr0,0,CAS_COUNT.RD,0x4,0x3,");
	CHECK_CONTAINS(out.data, ",1000,0,1000,ok,imc/CAS_COUNT.RD/,no\n");
	CHECK_CONTAINS(out.data, ",,,ok,ubox/UCLK/,no\n"); /* the clock: no baseline, no net */
	upm_buf_free(&out);
	upm_buf_init(&out);
	upm_record_json(&rec, &out);
	CHECK_CONTAINS(out.data, "\"net_per_kernel_second\": 25600000.000000");
	CHECK_CONTAINS(out.data, "\"memory_read_bytes\": 512000");
	CHECK_CONTAINS(out.data, "\"flush_ns\": 2000, \"flush_instruction\": \"CLFLUSH\"");
	upm_buf_free(&out);
	upm_record_free(&rec);
	upm_session_free(&base);
	upm_session_free(&s);
	fixture_free(&f);
}

/* A dead channel: the metric is over the other three, says so, and lists only their counts. */
TEST(record_metric_coverage_and_counts_without_a_dead_channel)
{
	struct fixture f;
	struct upm_session s;
	struct upm_record rec;
	if (fixture_init(&f, "snbep", 1, "dead=imc1") < 0)
		return;
	f.run.console_held = 1;
	if (metric_session(&f, &s, NULL, "MEM_BW_READS", &reads) < 0)
		return;
	upm_record_init(&rec, &f.run, "run");
	upm_record_add_session(&rec, &s);
	upm_record_finish(&rec);
	CHECK_EQ(rec.n_metrics, 1);
	if (rec.n_metrics == 1) {
		const struct upm_record_metric *m = &rec.metrics[0];
		CHECK_STR(m->coverage, "3 of 4 imc");
		CHECK_EQ(m->n_counts, 3);
		for (unsigned i = 0; i < m->n_counts; i++)
			CHECK(rec.counts[m->counts[i]].instance != 1 && rec.counts[m->counts[i]].status == UPM_OK);
	}
	const struct upm_record_total *t = total_of(&rec, 0, "CAS_COUNT.RD", 1);
	CHECK(t && t->instances == 3 && t->of_instances == 4);
	size_t from = f.run.log.len;
	upm_record_print(&rec);
	CHECK_CONTAINS(f.run.log.data + from, "     0  3/4 imc   CAS_COUNT.RD ");
	CHECK_CONTAINS(f.run.log.data + from, "  3 of 4 imc only\n");
	upm_record_free(&rec);
	upm_session_free(&s);
	fixture_free(&f);
}

/* A label longer than its column goes on a line of its own, its numbers on the next:
 * no line beyond 80 columns. */
TEST(record_console_long_label_on_its_own_line)
{
	struct fixture f;
	struct upm_record rec;
	unsigned used[2];
	const char *label = "LLC_LOOKUP.DATA_READ,filter_state=0x1f,filter_nid=0x1,thresh=1";
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	f.run.console_held = 1;
	hand_record(&rec, &f.run, used);
	rec.n_metrics = 0;
	strcpy(rec.counts[0].label, label);
	size_t from = f.run.log.len;
	upm_record_print(&rec);
	char want[256];
	snprintf(want, sizeof want, "\n        %s\n     0  2 imc     %40s %20s\n", label, "", "4,242,424");
	CHECK_CONTAINS(f.run.log.data + from, want);
	rec.per_box = 1;
	from = f.run.log.len;
	upm_record_print(&rec);
	snprintf(want, sizeof want, "\n        %s\n     0 imc0      0 ctr0  %38s %14s\n", label, "", "1,000");
	CHECK_CONTAINS(f.run.log.data + from, want);
	rec.counts = NULL;
	rec.totals = NULL;
	rec.metrics = NULL;
	upm_record_free(&rec);
	fixture_free(&f);
}

/* A raw spec, as perf users write one: its label is the encoding once, then every other
 * term as written wherever it stood, so a filter written first still tells two specs apart. */
TEST(record_raw_spec_label_says_each_term_once)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	struct upm_spec sp;
	char err[200], label[160];
	CHECK_EQ(upm_spec_parse(p, "uncore_cbox_0/event=0x34,umask=0x03,filter_state=0x1f/", &sp, err, sizeof err), 0);
	upm_spec_label(&sp, label, sizeof label);
	CHECK_STR(label, "event=0x34,umask=0x3,filter_state=0x1f");
	CHECK_EQ(upm_spec_parse(p, "cbo/filter_state=0x1f,event=0x34,umask=0x3/", &sp, err, sizeof err), 0);
	upm_spec_label(&sp, label, sizeof label);
	CHECK_STR(label, "event=0x34,umask=0x3,filter_state=0x1f");
	CHECK_EQ(upm_spec_parse(p, "imc0/event=0x4/", &sp, err, sizeof err), 0);
	upm_spec_label(&sp, label, sizeof label);
	CHECK_STR(label, "event=0x4,umask=0x0");
	/* A named event keeps the terms after its name as written. */
	CHECK_EQ(upm_spec_parse(p, "imc/CAS_COUNT,umask=0xc/", &sp, err, sizeof err), 0);
	upm_spec_label(&sp, label, sizeof label);
	CHECK_STR(label, "CAS_COUNT,umask=0xc");
}

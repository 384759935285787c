/* The health check's results record (core/results/check_record.h): filled once (the
 * safety facts' verdicts, the overall verdict and exit status), and rendered by its
 * writers exactly as given: a kernel run whose GB/s is not its bytes over its seconds
 * appears in results.json and report.html with the record's numbers, so a writer that
 * recomputed one would fail here. */
#include <stdlib.h>
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "platform/base/exit.h"
#include "core/results/check_record.h"

/* 12582912 bytes in 0.123456 s would be 0.102 GB/s; the record says 98.765. */
static const struct upm_check_kernel_run hand_kernel = {
	.label = "read", .threads = 3, .size_bytes = 4194304, .bytes_read = 12582912,
	.bytes_written = 0, .bus_bytes = 12582912, .seconds = 0.123456, .gbps = 98.765, .passes = 2,
};

/* A mock snbep run with safety facts of its own and an empty verdict list of `cap`;
 * NULL (the test failed) when any could not be made. */
static struct upm_check_safety *record_fixture(struct fixture *f, struct upm_verdicts *vs, unsigned sockets,
					       unsigned cap)
{
	if (fixture_init(f, "snbep", sockets, NULL) < 0)
		return NULL;
	f->run.console_held = 1;
	struct upm_check_safety *cs = calloc(1, sizeof *cs);
	CHECK(cs != NULL);
	CHECK_EQ(upm_verdicts_init(vs, cap), 0);
	if (!cs) {
		fixture_free(f);
		return NULL;
	}
	return cs;
}

TEST(check_record_writers_render_the_record)
{
	struct fixture f;
	struct upm_verdicts vs;
	struct upm_buf out;
	struct upm_check_safety *cs = record_fixture(&f, &vs, 2, 16);
	if (!cs)
		return;
	cs->skipped[1] = 1;
	upm_verdict_add(&vs, 0, "cbo", 0, "selftest.count", UPM_RESULT_PASS, "counted");
	struct upm_verdict *v = upm_verdict_add(&vs, 0, "imc", -1, "memory.read", UPM_RESULT_FAIL,
						"hand made reason");
	upm_verdict_numbers(v, 500.0, 1000.0, 0.1, "bytes");

	struct upm_check_record rec;
	memset(&rec, 0, sizeof rec);
	rec.run = &f.run;
	rec.command = "check";
	rec.sockets = 2;
	rec.verdicts = &vs;
	rec.verdict = UPM_RESULT_FAIL;
	rec.exit_status = UPM_EXIT_FAIL;
	rec.has_kernels = 1;
	rec.kernels[0] = hand_kernel;
	rec.n_kernels = 1;
	rec.safety = cs;

	upm_buf_init(&out);
	upm_check_record_json(&rec, &out);
	CHECK_CONTAINS(out.data, "\"sockets\": 2,\n\"kernels\": [\n  {\"kernel\": \"read\", \"threads\": 3, "
				 "\"size_bytes\": 4194304, \"bytes_read\": 12582912, \"bytes_written\": 0, "
				 "\"bus_bytes\": 12582912, \"seconds\": 0.123456, \"gbps\": 98.765, \"passes\": 2}\n],\n");
	CHECK_CONTAINS(out.data, "\"reason\": \"hand made reason\"");
	CHECK_CONTAINS(out.data, "\"aborted\": false,\n\"sockets_skipped\": [1],");
	CHECK(strstr(out.data, "\"burnin\"") == NULL); /* none in the record */
	CHECK_CONTAINS(out.data, "\n}\n");
	upm_buf_free(&out);

	upm_buf_init(&out);
	upm_check_record_html(&rec, &out);
	CHECK_CONTAINS(out.data, "<h1>upmon check: <span class=\"v fail\">FAIL</span></h1>");
	CHECK_CONTAINS(out.data, "<h2 id=\"kernels\">Kernels</h2>");
	CHECK_CONTAINS(out.data, "<tr><td>read</td><td>3</td><td>4194304</td><td>12582912</td><td>0</td>"
				 "<td>12582912</td><td>0.123456</td><td>98.765</td><td>2</td></tr>");
	CHECK_CONTAINS(out.data, "hand made reason");
	upm_buf_free(&out);

	upm_buf_init(&out);
	upm_check_record_csv(&rec, &out);
	CHECK(strncmp(out.data, "run,backend,dry_run,socket,box,instance,check,result,reason,", 60) == 0);
	CHECK_CONTAINS(out.data, "\nnone,mock,no,0,imc,,memory.read,FAIL,hand made reason,");
	upm_buf_free(&out);

	upm_buf_init(&out);
	upm_check_record_junit(&rec, &out);
	CHECK_CONTAINS(out.data, "<failure");
	CHECK_CONTAINS(out.data, "hand made reason");
	upm_buf_free(&out);

	/* The console: every verdict not a pass, then the verdict line last, the record's. */
	size_t from = f.run.log.len;
	upm_check_record_print(&rec);
	upm_check_record_print_end(&rec);
	const char *log = f.run.log.data + from;
	CHECK_CONTAINS(log, "hand made reason");
	size_t n = strlen(log);
	CHECK(n > 12 && strcmp(log + n - 12, "upmon: FAIL\n") == 0);

	/* No kernels stage: no "kernels" key, no table; the rest as before. */
	rec.has_kernels = 0;
	rec.n_kernels = 0;
	upm_buf_init(&out);
	upm_check_record_json(&rec, &out);
	CHECK(strstr(out.data, "\"kernels\"") == NULL);
	upm_buf_free(&out);
	upm_buf_init(&out);
	upm_check_record_html(&rec, &out);
	CHECK(strstr(out.data, "id=\"kernels\"") == NULL);
	upm_buf_free(&out);

	upm_verdicts_free(&vs);
	free(cs);
	fixture_free(&f);
}

TEST(check_record_fill_sets_verdict_status_and_kernels)
{
	struct fixture f;
	struct upm_verdicts vs;
	struct upm_check_safety *cs = record_fixture(&f, &vs, 1, 16);
	if (!cs)
		return;
	f.run.safety = cs;
	struct upm_check_kernel_runs ks;
	memset(&ks, 0, sizeof ks);
	ks.stage_ran = 1;
	ks.k[0] = hand_kernel;
	ks.n = 1;

	/* Nothing wrong, nothing judged but a pass: PASS, status 0, the kernel kept. */
	upm_verdict_add(&vs, 0, "cbo", 0, "selftest.count", UPM_RESULT_PASS, "counted");
	struct upm_check_record rec;
	upm_check_record_fill(&rec, &f.run, "check", &vs, NULL, &ks);
	CHECK_EQ(rec.verdict, UPM_RESULT_PASS);
	CHECK_EQ(rec.exit_status, UPM_EXIT_OK);
	CHECK_EQ(rec.sockets, 1);
	CHECK_EQ(rec.has_kernels, 1);
	CHECK_EQ(rec.n_kernels, 1);
	CHECK(rec.kernels[0].gbps == 98.765 && rec.kernels[0].bytes_read == 12582912);
	CHECK_STR(f.run.ident.verdict, "PASS");

	/* Aborted: the "aborted" verdict is added (INCOMPLETE), status 5; the kernels stage
	 * never started: no kernels. */
	cs->aborted = 1;
	upm_strlcpy(cs->aborted_in, "before the kernels", sizeof cs->aborted_in);
	ks.stage_ran = 0;
	upm_check_record_fill(&rec, &f.run, "check", &vs, NULL, &ks);
	CHECK_EQ(rec.verdict, UPM_RESULT_INCOMPLETE);
	CHECK_EQ(rec.exit_status, UPM_EXIT_ABORTED);
	CHECK_EQ(rec.has_kernels, 0);
	CHECK_STR(f.run.ident.verdict, "INCOMPLETE");

	/* Aborted after a FAIL: the FAIL's status wins. */
	upm_verdict_add(&vs, 0, "imc", -1, "memory.read", UPM_RESULT_FAIL, "short");
	upm_check_record_fill(&rec, &f.run, "check", &vs, NULL, NULL);
	CHECK_EQ(rec.verdict, UPM_RESULT_FAIL);
	CHECK_EQ(rec.exit_status, UPM_EXIT_FAIL);

	f.run.safety = NULL;
	upm_verdicts_free(&vs);
	free(cs);
	fixture_free(&f);
}

/* The console's end says what the record says is left unsaid, and nothing of the run's
 * safety facts: the record's counters decide, the run's (here none) are not read. */
TEST(check_record_console_says_what_the_record_left_unsaid)
{
	struct fixture f;
	struct upm_verdicts vs;
	struct upm_check_safety *cs = record_fixture(&f, &vs, 1, 8);
	if (!cs)
		return;
	static const struct upm_unrestored regs[2] = {
		{ .socket = 0, .where = "cbo0", .space = "msr", .address = "0xd04", .value = 0x10000, .rc = UPM_EFAULT },
		{ .socket = 0, .where = "cbo1", .space = "msr", .address = "0xd24", .value = 0x20000, .rc = UPM_EFAULT },
	};
	cs->list[0] = regs[0];
	cs->list[1] = regs[1];
	cs->n = 2;
	cs->said = 2; /* the run's counter says both were said: the record's says one */
	cs->aborted = 1;
	upm_strlcpy(cs->aborted_in, "during kernel read", sizeof cs->aborted_in);
	struct upm_check_record rec;
	memset(&rec, 0, sizeof rec);
	rec.run = &f.run;
	rec.command = "check";
	rec.verdicts = &vs;
	rec.verdict = UPM_RESULT_INCOMPLETE;
	rec.safety = cs;
	rec.unrestored_said = 1;
	f.run.safety = NULL;

	size_t from = f.run.log.len;
	upm_check_record_print(&rec);
	const char *log = f.run.log.data + from;
	CHECK(strstr(log, "cbo0 msr 0xd04") == NULL); /* said while the check ran */
	CHECK_CONTAINS(log, "NOT RESTORED: socket 0 cbo1 msr 0xd24 (EFAULT): it should hold 0x20000");
	CHECK_CONTAINS(log, "1 register NOT RESTORED (listed above and in results.json)");
	CHECK_CONTAINS(log, "check: aborted (ESC or Ctrl-C) during kernel read: 2 registers NOT RESTORED");
	CHECK_EQ(cs->said, 2); /* the writer changed nothing */

	/* fill takes the counters from the run's safety facts as they stand. */
	f.run.safety = cs;
	cs->said = 1;
	cs->dropped = 3;
	cs->dropped_said = 2;
	upm_check_record_fill(&rec, &f.run, "check", &vs, NULL, NULL);
	CHECK_EQ(rec.unrestored_said, 1);
	CHECK_EQ(rec.dropped_said, 2);
	f.run.safety = NULL;

	upm_verdicts_free(&vs);
	free(cs);
	fixture_free(&f);
}

/* The console's last screen (core/cli/last_screen.h): the result, the caveat of a run
 * that is no measurement, each finding in a line, the worst first, all within
 * UPM_LAST_SCREEN_LINES lines of 80 columns; what does not fit counted and its files
 * named. upm_wrapped_lines counts what upm_say_wrapped says. */
#include "tests/unit/test.h"
#include "core/cli/last_screen.h"
#include "core/cli/console_wrap.h"
#include <string.h>

#define MAX_LINES 64

/* The lines said, one per entry, and their count. */
static unsigned said(const struct upm_run *r, char lines[][128])
{
	unsigned n = 0;
	const char *p = r->log.data ? r->log.data : "";
	while (*p && n < MAX_LINES) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len > 127)
			len = 127;
		memcpy(lines[n], p, len);
		lines[n++][len] = 0;
		p = e ? e + 1 : p + len;
	}
	return n;
}

static void run_init(struct upm_run *r, const char *command)
{
	memset(r, 0, sizeof *r);
	upm_buf_init(&r->log);
	r->console_held = 1; /* the log only */
	r->opts.command = command;
	r->opts.backend = UPM_BACKEND_MOCK;
	upm_strlcpy(r->run_name, "20261128-100000-lab-check", sizeof r->run_name);
	r->out_dir = "upmon-results/20261128-100000-lab-check";
}

TEST(wrapped_lines_counts_what_is_said)
{
	struct upm_run r;
	char lines[MAX_LINES][128], text[400] = "";
	run_init(&r, "check");
	for (int i = 0; i < 40; i++)
		strcat(text, "words ");
	for (unsigned cut = 0; cut < 4; cut++) {
		r.log.len = 0;
		upm_say_wrapped(&r, 5, cut, text);
		CHECK_EQ(upm_wrapped_lines(5, cut, text), said(&r, lines));
	}
	CHECK_EQ(upm_wrapped_lines(5, 0, text), 4);
	CHECK_EQ(upm_wrapped_lines(5, 0, "short"), 1);
	CHECK_EQ(r.log.len, strlen(r.log.data)); /* counting said nothing more */
	upm_buf_free(&r.log);
}

/* Many findings: the block stays within its lines, FAILs first, and counts the rest. */
TEST(last_screen_many_findings_fit_and_count_the_rest)
{
	struct upm_run r;
	char lines[MAX_LINES][128];
	run_init(&r, "check");
	upm_last_result(&r, "FAIL", "10 FAIL, 0 INCOMPLETE, 20 WARN of 500 verdicts");
	upm_last_files(&r, "verdicts.csv and report.html");
	for (int i = 0; i < 20; i++) /* the WARNs come first, and are said last */
		upm_last_finding(&r, UPM_LAST_WARN, "WARN socket 0 cbo%d llc.balance: low share", i);
	for (int i = 0; i < 10; i++)
		upm_last_finding(&r, UPM_LAST_FAIL, "FAIL socket %d mbox1 presence: reading all ones: control 0xd8 and "
				 "counter 0xa0 read all ones", i);
	upm_last_screen_say(&r);
	unsigned n = said(&r, lines);
	CHECK(n <= UPM_LAST_SCREEN_LINES);
	CHECK(n >= UPM_LAST_SCREEN_LINES - 1); /* it uses its room */
	for (unsigned i = 0; i < n; i++)
		CHECK(strlen(lines[i]) <= 80);
	CHECK_STR(lines[0], "result: check FAIL: 10 FAIL, 0 INCOMPLETE, 20 WARN of 500 verdicts");
	CHECK_STR(lines[1], "result: MOCK BACKEND: simulated registers, not measurements of this machine");
	CHECK_STR(lines[2], "FAIL socket 0 mbox1 presence: reading all ones: control 0xd8 and counter 0xa0");
	CHECK_STR(lines[3], "     read all ones");
	/* Every FAIL before the first WARN; how many were said, and the rest counted. */
	unsigned fails = 0, warns = 0, first_warn = n;
	for (unsigned i = 0; i < n; i++) {
		if (!strncmp(lines[i], "FAIL ", 5))
			fails++;
		if (!strncmp(lines[i], "WARN ", 5)) {
			warns++;
			first_warn = first_warn < i ? first_warn : i;
		}
	}
	CHECK_EQ(fails, 8); /* 2 lines each: 20 lines less the result, the caveat and the count's 2 */
	CHECK_EQ(warns, 0);
	CHECK(first_warn == n);
	CHECK_STR(lines[n - 2], "result: ... and 22 more (2 FAIL, 20 WARN): every one is in verdicts.csv and");
	CHECK_STR(lines[n - 1], "        report.html in upmon-results/20261128-100000-lab-check");
	CHECK(r.last.kept.data == NULL && r.last.result[0] == 0); /* said once */
	upm_buf_free(&r.log);
}

/* A few: each whole (up to three lines), none counted; the machine's own registers have
 * no caveat; errors and warnings said while capturing are findings. */
TEST(last_screen_few_findings_whole_and_captured_warnings)
{
	struct upm_run r;
	char lines[MAX_LINES][128], reason[260] = "";
	run_init(&r, "run");
	r.opts.backend = UPM_BACKEND_HW;
	for (int i = 0; i < 22; i++)
		strcat(reason, "long ");
	strcat(reason, "end-of-reason");
	r.last.capture = 1;
	upm_warn(&r, "run: 2 counts cannot be trusted");
	r.last.capture = 0;
	upm_warn(&r, "not captured");
	upm_last_result(&r, "WARN", "2 of 16 counts have no number (all-ones)");
	upm_last_finding(&r, UPM_LAST_WARN, "WARN socket 0 imc1 %s", reason);
	size_t from = r.log.len;
	upm_last_screen_say(&r);
	const char *block = r.log.data + from;
	CHECK_CONTAINS(block, "result: run WARN: 2 of 16 counts have no number (all-ones)\n"
			      "warning: run: 2 counts cannot be trusted\n"
			      "WARN socket 0 imc1 long long");
	CHECK_CONTAINS(block, "end-of-reason\n"); /* whole: three lines */
	CHECK(strstr(block, "MOCK") == NULL && strstr(block, "not captured") == NULL && strstr(block, "more") == NULL);
	CHECK(said(&r, lines) > 0);
	upm_buf_free(&r.log);

	/* Nothing given: nothing said. */
	run_init(&r, "list");
	upm_last_screen_say(&r);
	CHECK(r.log.len == 0);
	upm_buf_free(&r.log);
}

TEST(ident_caveat_says_what_is_no_measurement)
{
	struct upm_run r;
	char buf[512];
	run_init(&r, "run");
	r.opts.backend = UPM_BACKEND_HW;
	CHECK(upm_ident_caveat(&r, buf, sizeof buf) == NULL);
	r.opts.dry_run = 1;
	CHECK_STR(upm_ident_caveat(&r, buf, sizeof buf), "DRY RUN: no register was written, counts are not measurements");
	r.opts.backend = UPM_BACKEND_MOCK;
	r.opts.mock_faults = "dead=mbox1";
	CHECK_STR(upm_ident_caveat(&r, buf, sizeof buf),
		  "DRY RUN: no register was written, counts are not measurements; MOCK BACKEND: simulated registers, "
		  "not measurements of this machine; FAULTS INJECTED: dead=mbox1");
	upm_buf_free(&r.log);
}

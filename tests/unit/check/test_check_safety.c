/* The health check's commands (`check`, `selftest`) under abort, restore faults and
 * silent sockets (issue 9, core/check/check_safety.c): results.json carries "aborted",
 * "sockets_skipped" and "unrestored" in `run`'s shape, the console says NOT RESTORED by
 * address, the exit status is 5 for an abort (2 when something failed), and the mock
 * is left as found. The commands run whole, on the mocked two-socket Sandy Bridge-EP.
 * Addresses are the guide's (327043-001): CBo 0 counter control 0 is MSR 0xD10
 * (table 2-8, "CBo 0 counter controls 0xD10-0xD13"). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "platform/base/abort.h"
#include "core/check/check.h"
#include "core/check/check_safety.h"
#include "core/commands/commands.h"
#include "core/host/os_host.h"
#include "core/check/selftest.h"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct cmd {
	struct fixture f;
	int status;
	char *json;      /* results.json as written */
	char last[96];   /* the console's last line */
	unsigned not_restored;
	char diff[1024];
	unsigned polls;  /* abort polls the command made */
};

static char arg_quick[] = "--quick";

static char *slurp(const char *dir, const char *name)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	char *text = calloc(1, 1 << 20);
	size_t n = text ? fread(text, 1, (1 << 20) - 1, fp) : 0;
	(void)n;
	fclose(fp);
	remove(path);
	return text;
}

/* Runs `command` (check --quick, or selftest) on a fresh mock; abort_at: the poll that
 * reports ESC (0: none). Fills c; -1 when the mock could not be built. */
static int run_cmd(struct cmd *c, const char *command, const char *faults, unsigned abort_at)
{
	char dir[] = "/tmp/upmon-check-safety-XXXXXX";
	memset(c, 0, sizeof *c);
	if (fixture_init(&c->f, "snbep", 2, faults) < 0)
		return -1;
	if (!mkdtemp(dir)) {
		upm_test_fail(__FILE__, __LINE__, "mkdtemp failed");
		fixture_free(&c->f);
		return -1;
	}
	fixture_real_time(&c->f); /* the check waits and runs kernels: time really passes */
	struct upm_run *r = &c->f.run;
	r->out_dir = dir;
	r->opts.command = command;
	if (strcmp(command, "check") == 0) {
		r->opts.cmd_argc = 1;
		r->opts.cmd_argv[0] = arg_quick;
	}
	upm_mock_msr(c->f.mock, 0, 0xD10)->value = 0x400012; /* left by another tool */
	upm_mock_snapshot(c->f.mock);
	upm_abort_reset();
	upm_host_abort_after_polls(abort_at);
	c->status = strcmp(command, "check") == 0 ? upm_cmd_check(r) : upm_cmd_selftest(r);
	c->polls = upm_host_abort_polls();
	upm_host_abort_after_polls(0);
	upm_abort_reset();
	c->not_restored = upm_mock_compare(c->f.mock, 0, c->diff, sizeof c->diff);
	c->json = slurp(dir, "results.json");
	free(slurp(dir, "verdicts.csv"));
	rmdir(dir);
	if (!c->json)
		upm_test_fail(__FILE__, __LINE__, "%s: no results.json", command);
	/* The last line the console showed. */
	const char *log = r->log.data ? r->log.data : "";
	size_t len = strlen(log);
	while (len && log[len - 1] == '\n')
		len--;
	size_t start = len;
	while (start && log[start - 1] != '\n')
		start--;
	snprintf(c->last, sizeof c->last, "%.*s", (int)(len - start), log + start);
	return c->json ? 0 : -1;
}

static void cmd_free(struct cmd *c)
{
	free(c->json);
	fixture_free(&c->f);
}

static unsigned occurrences(const char *hay, const char *needle)
{
	unsigned n = 0;
	for (const char *p = hay ? strstr(hay, needle) : NULL; p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* The polls a clean run of the command makes: where its stages lie (the counting only). */
static unsigned polls_of(const char *command)
{
	struct cmd c;
	if (run_cmd(&c, command, NULL, ~0u) < 0)
		return 0;
	unsigned n = c.polls;
	CHECK_EQ(c.status, 0);
	CHECK(n > 2); /* the safe point and the self-test's session at least */
	cmd_free(&c);
	return n;
}

static void check_restored(const struct cmd *c)
{
	if (c->not_restored)
		upm_test_fail(__FILE__, __LINE__, "%u registers not restored:\n%s", c->not_restored, c->diff);
}

/* --- no faults: the facts are there, and say nothing happened --- */

TEST(check_safety_clean_check_says_nothing_happened)
{
	struct cmd c;
	if (run_cmd(&c, "check", NULL, 0) < 0)
		return;
	CHECK_EQ(c.status, UPM_EXIT_OK);
	CHECK_STR(c.last, "upmon: PASS");
	CHECK_CONTAINS(c.json, "\"aborted\": false,\n\"sockets_skipped\": [],\n\"unrestored\": [\n]");
	check_restored(&c);
	cmd_free(&c);
}

/* --- abort (the host's poll hook: the n-th poll reports ESC) --- */

/* The selftest command makes one safe-point poll, then the self-test's; check makes the
 * same, then one before the kernels, one before each kernel, then its sessions'. */
TEST(check_safety_abort_before_the_kernels)
{
	unsigned p = polls_of("selftest");
	struct cmd c;
	if (p <= 2 || run_cmd(&c, "check", NULL, p + 1) < 0)
		return;
	CHECK_EQ(c.status, UPM_EXIT_ABORTED);
	CHECK_STR(c.last, "upmon: INCOMPLETE");
	CHECK_CONTAINS(c.f.run.log.data, "upmon: error: check: aborted (ESC or Ctrl-C) before the kernels: "
					 "registers restored, the verdicts so far are saved marked \"aborted\"\n");
	CHECK_EQ(occurrences(c.f.run.log.data, "upmon: error: "), 1); /* one line */
	CHECK_CONTAINS(c.json, "\"aborted\": true,\n\"sockets_skipped\": [],\n\"unrestored\": [\n]");
	/* The self-test finished: its verdicts stand. */
	CHECK_CONTAINS(c.json, "\"box\": \"cbo\", \"instance\": 3, \"check\": \"selftest.count\", \"result\": \"PASS\"");
	CHECK_CONTAINS(c.json, "\"check\": \"plausibility\", \"result\": \"INCOMPLETE\", \"reason\": \"not run: aborted (ESC or Ctrl-C) before the kernels\"");
	CHECK_CONTAINS(c.json, "\"box\": \"check\", \"instance\": null, \"check\": \"aborted\", \"result\": \"INCOMPLETE\"");
	CHECK(!strstr(c.json, "\"kernels\""));
	CHECK(!strstr(c.json, "\"result\": \"FAIL\""));
	check_restored(&c);
	cmd_free(&c);
}

/* ESC inside the read kernel's session: its passes stop, what it counted is not judged,
 * no further kernel starts, every register is back. */
TEST(check_safety_abort_during_a_kernel)
{
	unsigned p = polls_of("selftest");
	struct cmd c;
	/* p+1 before the kernels, p+2 before read, p+3 its session's start, p+4 in its pass. */
	if (p <= 2 || run_cmd(&c, "check", NULL, p + 4) < 0)
		return;
	CHECK_EQ(c.status, UPM_EXIT_ABORTED);
	CHECK_STR(c.last, "upmon: INCOMPLETE");
	CHECK_CONTAINS(c.f.run.log.data, "upmon: error: check: aborted (ESC or Ctrl-C) during kernel read: registers restored");
	CHECK_CONTAINS(c.json, "\"aborted\": true");
	CHECK_CONTAINS(c.json, "\"box\": \"kernel\", \"instance\": null, \"check\": \"read\", \"result\": \"INCOMPLETE\", \"reason\": \"aborted (ESC or Ctrl-C) in pass 0 (of ");
	CHECK_CONTAINS(c.json, "\"check\": \"ntwrite\", \"result\": \"INCOMPLETE\", \"reason\": \"not run: aborted (ESC or Ctrl-C)\"");
	CHECK_CONTAINS(c.json, "\"check\": \"read-remote\", \"result\": \"INCOMPLETE\", \"reason\": \"not run: aborted (ESC or Ctrl-C)\"");
	CHECK(!strstr(c.f.run.log.data, "check: idle baseline")); /* nothing started after it */
	CHECK(!strstr(c.json, "\"result\": \"FAIL\"")); /* a cut count is not a wrong one */
	check_restored(&c);
	cmd_free(&c);
}

/* ESC inside the self-test's counting: its counting verdicts are left out (one per socket
 * says so), the register tests and presence stand, the kernels never start. */
TEST(check_safety_abort_during_the_selftest)
{
	unsigned p = polls_of("selftest");
	struct cmd c;
	if (p <= 2 || run_cmd(&c, "check", NULL, p - 1) < 0)
		return;
	CHECK_EQ(c.status, UPM_EXIT_ABORTED);
	CHECK_STR(c.last, "upmon: INCOMPLETE");
	CHECK_CONTAINS(c.f.run.log.data, "check: aborted (ESC or Ctrl-C) during the self-test: registers restored");
	CHECK_CONTAINS(c.json, "\"aborted\": true");
	CHECK_EQ(occurrences(c.json, "\"check\": \"selftest.counting\", \"result\": \"INCOMPLETE\""), 2);
	CHECK_EQ(occurrences(c.json, "\"unit\": \"verdicts\""), 2); /* how many were left out */
	CHECK_EQ(occurrences(c.json, "\"check\": \"selftest.wrap\""), 0);
	CHECK_EQ(occurrences(c.json, "\"check\": \"selftest.count\""), 0);
	CHECK_CONTAINS(c.json, "\"box\": \"cbo\", \"instance\": 0, \"check\": \"selftest.ctl\", \"result\": \"PASS\"");
	CHECK_CONTAINS(c.json, "\"box\": \"imc\", \"instance\": 2, \"check\": \"presence\", \"result\": \"PASS\"");
	CHECK_CONTAINS(c.json, "\"reason\": \"not run: aborted (ESC or Ctrl-C) during the self-test\"");
	CHECK(!strstr(c.f.run.log.data, "check: [2/2]"));
	CHECK(!strstr(c.json, "\"result\": \"FAIL\""));
	check_restored(&c);
	cmd_free(&c);
}

TEST(check_safety_selftest_command_abort)
{
	unsigned p = polls_of("selftest");
	struct cmd c;
	if (p <= 2 || run_cmd(&c, "selftest", NULL, p) < 0) /* its last poll: after the counting */
		return;
	CHECK_EQ(c.status, UPM_EXIT_ABORTED);
	CHECK_STR(c.last, "upmon: INCOMPLETE");
	CHECK_CONTAINS(c.f.run.log.data, "upmon: error: selftest: aborted (ESC or Ctrl-C) during the self-test: registers restored");
	CHECK_CONTAINS(c.json, "\"command\": \"selftest\"");
	CHECK_CONTAINS(c.json, "\"aborted\": true,\n\"sockets_skipped\": [],\n\"unrestored\": [\n]");
	CHECK_CONTAINS(c.json, "\"box\": \"selftest\", \"instance\": null, \"check\": \"aborted\", \"result\": \"INCOMPLETE\"");
	check_restored(&c);
	cmd_free(&c);
}

/* ESC before anything: nothing is touched, the results still say so. */
TEST(check_safety_abort_before_anything_touches_nothing)
{
	struct cmd c;
	if (run_cmd(&c, "check", NULL, 1) < 0)
		return;
	CHECK_EQ(c.status, UPM_EXIT_ABORTED);
	CHECK_EQ(c.f.trace->n, 0); /* not even a read */
	CHECK_CONTAINS(c.json, "\"aborted\": true");
	CHECK_CONTAINS(c.f.run.log.data, "check: aborted (ESC or Ctrl-C) before the self-test");
	CHECK_STR(c.last, "upmon: INCOMPLETE");
	cmd_free(&c);
}

/* --- registers that cannot be put back --- */

/* From the self-test's interval on, every write to CBo 0's control 0 faults: its restore
 * fails in every session. Said once, by address, with the value it held first; the
 * "pmu restore" verdict names it; the entry has `run`'s shape (test_robust.c). Its counter
 * (0xD16), written back behind the control the self-test had enabled, is named too: it
 * may count on. */
TEST(check_safety_restore_fault_named_once_by_address)
{
	struct cmd c;
	if (run_cmd(&c, "check", "gpw=0xD10@run", 0) < 0)
		return;
	CHECK_EQ(c.status, UPM_EXIT_FAIL);
	CHECK_STR(c.last, "upmon: FAIL");
	CHECK_EQ(occurrences(c.f.run.log.data, "upmon: error: NOT RESTORED: socket 0 cbo0 msr 0xd10 (EFAULT): it should hold 0x400012\n"), 1);
	CHECK_EQ(occurrences(c.f.run.log.data, "upmon: error: NOT RESTORED: socket 0 cbo0 msr 0xd16 (written back, but its "
						"control 0xd10 was not (EFAULT): it may count on): it should hold 0x0\n"), 1);
	CHECK_CONTAINS(c.f.run.log.data, "upmon: error: 2 registers NOT RESTORED (listed above and in results.json)");
	CHECK_CONTAINS(c.json, "\"aborted\": false,\n\"sockets_skipped\": [],\n\"unrestored\": [\n"
			       "  {\"socket\": 0, \"where\": \"cbo0\", \"space\": \"msr\", \"address\": \"0xd10\", \"expected\": \"0x400012\", \"error\": \"EFAULT\"},\n"
			       "  {\"socket\": 0, \"where\": \"cbo0\", \"space\": \"msr\", \"address\": \"0xd16\", \"expected\": \"0x0\", \"error\": \"EFAULT\", \"counts_on\": \"0xd10\"}\n]");
	CHECK_CONTAINS(c.json, "\"box\": \"pmu\", \"instance\": null, \"check\": \"restore\", \"result\": \"FAIL\", "
			       "\"reason\": \"2 registers NOT RESTORED: cbo0 msr 0xd10 (EFAULT after the self-test), "
			       "cbo0 msr 0xd16 (counts on behind 0xd10, after the self-test)\"");
	cmd_free(&c);
}

/* The self-test's register test writes two patterns to 0xD10 and fails to write the
 * saved value back (the third write faults): reported with the value the machine had
 * (0x400012), not the pattern the session later saved from it. */
TEST(check_safety_register_test_restore_fault)
{
	struct cmd c;
	if (run_cmd(&c, "selftest", "gpw=0xD10@2", 0) < 0)
		return;
	CHECK_EQ(c.status, UPM_EXIT_FAIL);
	CHECK_EQ(occurrences(c.f.run.log.data, "NOT RESTORED: socket 0 cbo0 msr 0xd10"), 1);
	CHECK_CONTAINS(c.f.run.log.data, "NOT RESTORED: socket 0 cbo0 msr 0xd10 (EFAULT): it should hold 0x400012\n");
	CHECK_CONTAINS(c.json, "\"address\": \"0xd10\", \"expected\": \"0x400012\", \"error\": \"EFAULT\"}");
	CHECK_CONTAINS(c.json, "\"check\": \"restore\", \"result\": \"FAIL\", \"reason\": \"1 register NOT RESTORED: cbo0 msr 0xd10");
	CHECK_STR(c.last, "upmon: FAIL");
	cmd_free(&c);
}

/* Without a command around it (the library, as the fault matrix calls it) a session's
 * restore failure is still a verdict naming the register. */
TEST(check_safety_library_selftest_names_unrestored)
{
	struct fixture f;
	struct upm_verdicts vs;
	char err[200];
	if (fixture_init(&f, "snbep", 1, "gpw=0xD10@run") < 0)
		return;
	upm_verdicts_init(&vs, 1024);
	CHECK_EQ(upm_selftest(&f.run, &vs, err, sizeof err), 0);
	CHECK(f.run.safety == NULL);
	int seen = 0;
	for (unsigned i = 0; i < vs.n; i++)
		seen |= !strcmp(vs.v[i].check, "restore") && vs.v[i].result == UPM_RESULT_FAIL &&
			strstr(vs.v[i].reason, "cbo0 msr 0xd10 (EFAULT after the self-test)") != NULL;
	CHECK(seen);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

/* --- processors that do not answer (the host's hang knob; sN.stall only slows the host) --- */

/* Socket 1 never answers: listed in sockets_skipped, what failed there only because of
 * it is not judged (INCOMPLETE, status 3), nothing of it is touched. */
TEST(check_safety_silent_socket_is_incomplete)
{
	struct cmd c;
	upm_host_hang_socket(1, 0);
	int rc = run_cmd(&c, "check", NULL, 0);
	upm_host_hang_socket(-1, 0);
	if (rc < 0)
		return;
	CHECK_EQ(c.status, UPM_EXIT_INCOMPLETE);
	CHECK_STR(c.last, "upmon: INCOMPLETE");
	CHECK_CONTAINS(c.json, "\"aborted\": false,\n\"sockets_skipped\": [1],\n\"unrestored\": [\n]");
	CHECK_CONTAINS(c.json, "{\"socket\": 1, \"box\": \"cbo\", \"instance\": 2, \"check\": \"presence\", \"result\": \"INCOMPLETE\", \"reason\": \"not judged: the processor did not answer");
	CHECK_CONTAINS(c.json, "{\"socket\": 1, \"box\": \"socket\", \"instance\": null, \"check\": \"processor\", \"result\": \"INCOMPLETE\"");
	CHECK(!strstr(c.json, "\"result\": \"FAIL\""));
	CHECK_CONTAINS(c.json, "{\"socket\": 0, \"box\": \"cbo\", \"instance\": 2, \"check\": \"presence\", \"result\": \"PASS\"");
	check_restored(&c);
	cmd_free(&c);
}

/* Socket 1 answers the register tests and the session's save, then stops: what it held
 * could not be put back, said by address; the check FAILs (2 wins over 3). */
TEST(check_safety_socket_lost_mid_selftest_lists_unrestored)
{
	struct cmd c;
	upm_host_hang_socket(1, 2); /* register tests, save; then silent */
	int rc = run_cmd(&c, "selftest", NULL, 0);
	upm_host_hang_socket(-1, 0);
	if (rc < 0)
		return;
	CHECK_EQ(c.status, UPM_EXIT_FAIL);
	CHECK_STR(c.last, "upmon: FAIL");
	CHECK_CONTAINS(c.json, "\"sockets_skipped\": [1]");
	CHECK_CONTAINS(c.json, "{\"socket\": 1, \"where\": \"cbo0\", \"space\": \"msr\", \"address\": \"0xd10\", \"expected\": \"0x0\", \"error\": \"EFAULT\"}");
	CHECK_CONTAINS(c.f.run.log.data, "upmon: error: NOT RESTORED: socket 1 cbo0 msr 0xd10 (EFAULT): it should hold 0x0\n");
	CHECK_CONTAINS(c.json, "{\"socket\": 1, \"box\": \"pmu\", \"instance\": null, \"check\": \"restore\", \"result\": \"FAIL\", \"reason\": \"");
	CHECK(!strstr(c.json, "{\"socket\": 0, \"where\"")); /* socket 0 was put back */
	cmd_free(&c);
}

/* Robustness (issue 9) at engine level on the mocked Sandy Bridge-EP: the configuration
 * file and its API, the user's abort, processors that stop answering, MSR faults on read,
 * write and restore, a PCI function leaving the bus, ECAM that disagrees with CF8/CFC,
 * and results that cannot be written. Addresses are the guide's (327043-001):
 * CBo 0 counter controls 0xD10-0xD13, counters 0xD16-0xD19, box control 0xD04 (table
 * 2-8); iMC channel 0 is device 16 function 0 on the socket's uncore bus (table 1-3). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "platform/base/abort.h"
#include "core/cli/config.h"
#include "core/host/os_host.h"
#include "core/results/results.h"
#include <stdlib.h>
#include <unistd.h>

static struct feed busy = { 2000000, 1000, 500, 800, 100, 50 };

/* --- the configuration file --- */

static int parse_cfg(struct upm_config *c, const char *text, char *err, size_t n)
{
	return upm_config_parse(c, upm_strdup(text), "lab.cfg", err, n);
}

TEST(config_every_key)
{
	struct upm_config c;
	char err[200] = "";
	CHECK_EQ(parse_cfg(&c,
			   "args = --backend mock --platform snbep run --events @mem\n"
			   "end = key\n"
			   "out = /lab/results\n"
			   "events.mem = imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/\n"
			   "events.llc_1 = cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/\n"
			   "check.memory_tolerance = 5%\n"
			   "check.balance_tolerance = 0.25\n"
			   "check.uclk_min_mhz = 1200\n"
			   "check.uclk_max_mhz = 3000.5\n",
			   err, sizeof err),
		 0);
	CHECK_STR(err, "");
	CHECK_EQ(c.argc, 8); /* "upmon" and 7 words */
	CHECK_STR(c.argv[7], "@mem");
	CHECK_EQ(c.end, UPM_END_WAITKEY);
	CHECK_STR(c.out, "/lab/results");
	CHECK_EQ(c.n_sets, 2);
	CHECK_STR(c.sets[1].name, "llc_1");
	CHECK_EQ(c.sets[1].line, 5);

	struct upm_run r;
	memset(&r, 0, sizeof r);
	r.config = &c;
	CHECK(upm_config_tolerance(&r, "check.memory_tolerance", 0.5) == 0.05);
	CHECK(upm_config_tolerance(&r, "balance_tolerance", 0.5) == 0.25);
	CHECK(upm_config_tolerance(&r, "check.uclk_max_mhz", 0) == 3000.5);
	CHECK(upm_config_tolerance(&r, "check.link_tolerance", 0.15) == 0.15); /* not set */
	CHECK(upm_config_tolerance(NULL, "check.memory_tolerance", 0.125) == 0.125);
	r.config = NULL;
	CHECK(upm_config_tolerance(&r, "check.memory_tolerance", 0.125) == 0.125);
	upm_config_free(&c);
}

/* Each bad file: the error names the file and line, the problem and what to do. */
TEST(config_errors_name_the_line)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "end = return\n\nspeed = fast\n", "lab.cfg:3: unknown key 'speed' (the keys are args, end, end_timeout, end_action, out with its out_* keys, events.NAME and check.NAME" },
		{ "end = later\n", "lab.cfg:1: end must be return, shutdown, reboot, key or qemu-exit, not 'later'" },
		{ "end = shutdow\n",
		  "lab.cfg:1: end must be return, shutdown, reboot, key or qemu-exit, not 'shutdow' (closest: shutdown)" },
		{ "# c\nend = return\nend = key\n", "lab.cfg:3: end is already set on line 2: keep one of the two" },
		{ "check.memory_tolerance = 1.5\n", "lab.cfg:1: check.memory_tolerance must be a fraction from 0 to 1 (0.05) or a percentage (5%), not '1.5'" },
		{ "check.memory_tolerance = abc\n", "lab.cfg:1: check.memory_tolerance must be a fraction" },
		{ "check.uclk_min_mhz = -3\n", "lab.cfg:1: check.uclk_min_mhz must be a number from 1 to 100000, not '-3'" },
		/* A bound below 1 is said as it is: "from 0 to 100" would refuse the 0 it offers. */
		{ "check.link_rate_min_gts = 0\n",
		  "lab.cfg:1: check.link_rate_min_gts must be a number from 0.1 to 100.0, not '0'" },
		{ "check.speed = 1\n", "lab.cfg:1: unknown tolerance 'check.speed' (check reads memory_tolerance, " },
		{ "check.uclk_max_mhz = 1000\ncheck.uclk_min_mhz = 2000\n", "lab.cfg:2: check.uclk_min_mhz is above check.uclk_max_mhz (line 1): swap them" },
		{ "events.a b = cbo/CLOCKTICKS/\n", "lab.cfg:1: 'events.a b': an event set's name is 1 to 31 letters" },
		{ "events.x = @y\n", "lab.cfg:1: events.x names another set ('@'): list its specs instead" },
		{ "events.x = a\nevents.x = b\n", "lab.cfg:2: events.x is already set on line 1" },
		{ "out =\n", "lab.cfg:1: out has no value: give one or delete the line" },
		{ "just words\n", "lab.cfg:1: expected 'key = value': write one setting per line" },
		{ " = 3\n", "lab.cfg:1: a line starts with '=': write 'key = value'" },
		{ "args = \"info\n", "lab.cfg:1: args has an open quote or more than 31 words" },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct upm_config c;
		char err[200] = "";
		if (parse_cfg(&c, cases[i].text, err, sizeof err) != -1)
			upm_test_fail(__FILE__, __LINE__, "case %u accepted: %s", i, cases[i].text);
		else if (strncmp(err, cases[i].want, strlen(cases[i].want)) != 0)
			upm_test_fail(__FILE__, __LINE__, "case %u: got \"%s\", want \"%s...\"", i, err,
				      cases[i].want);
		upm_config_free(&c);
	}
}

TEST(config_event_sets_expand)
{
	struct upm_config c;
	struct upm_run r;
	struct upm_buf out;
	char err[200] = "";
	memset(&r, 0, sizeof r);
	CHECK_EQ(parse_cfg(&c, "events.mem = imc/CAS_COUNT.RD/,imc/event=0x4,umask=0xc/\n", err, sizeof err), 0);
	r.config = &c;
	upm_buf_init(&out);
	CHECK_EQ(upm_config_expand_events(&r, "cbo/event=0x34,umask=0x3/,@mem,ubox/UCLK/", &out, err, sizeof err), 0);
	CHECK_STR(out.data, "cbo/event=0x34,umask=0x3/,imc/CAS_COUNT.RD/,imc/event=0x4,umask=0xc/,ubox/UCLK/");
	upm_buf_free(&out);
	upm_buf_init(&out);
	CHECK_EQ(upm_config_expand_events(&r, "@nope", &out, err, sizeof err), -1);
	CHECK_STR(err, "no event set 'nope' in lab.cfg (its sets: mem): use one of those, or define "
		       "events.nope = SPEC,... there");
	upm_buf_free(&out);
	/* A misspelt set: the closest of the file's sets. */
	upm_buf_init(&out);
	CHECK_EQ(upm_config_expand_events(&r, "@mme", &out, err, sizeof err), -1);
	CHECK_CONTAINS(err, "(closest: mem; its sets: mem)");
	upm_buf_free(&out);
	r.config = NULL;
	upm_buf_init(&out);
	CHECK_EQ(upm_config_expand_events(&r, "@mem", &out, err, sizeof err), -1);
	CHECK_CONTAINS(err, "there is no configuration file: give --config FILE, or create the default one");
	upm_buf_free(&out);
	upm_config_free(&c);
}

/* --- abort --- */

/* ESC after the first pass's interval: that pass is read, the second never starts,
 * every register is put back, and results.json says "aborted": true. */
TEST(abort_after_first_pass_restores_and_marks)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	upm_mock_snapshot(f.mock);
	upm_abort_reset();
	upm_host_abort_after_polls(2); /* poll 1: before saving; poll 2: after pass 0 */
	CHECK_EQ(upm_session_prepare(&s, &f.run,
				     "cbo0/TOR_OCCUPANCY.ALL/,cbo0/TOR_OCCUPANCY.EVICTION/,cbo0/CLOCKTICKS/"), 0);
	CHECK_EQ(s.n_passes, 2);
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	CHECK_EQ(s.aborted, 1);
	CHECK_EQ(s.aborted_pass, 0);
	CHECK_EQ(find_count(&s, 0, "cbo", 0, "TOR_OCCUPANCY.ALL")->status, UPM_OK);
	CHECK_EQ(find_count(&s, 0, "cbo", 0, "TOR_OCCUPANCY.ALL")->pass, 0);
	CHECK(find_count(&s, 0, "cbo", 0, "TOR_OCCUPANCY.EVICTION")->status != UPM_OK);
	CHECK_EQ(s.restore_failures, 0);
	char diff[1024];
	unsigned n = upm_mock_compare(f.mock, 0, diff, sizeof diff);
	if (n)
		upm_test_fail(__FILE__, __LINE__, "%u registers not restored:\n%s", n, diff);
	struct upm_buf json;
	upm_buf_init(&json);
	record_json_of(&s, &json);
	CHECK_CONTAINS(json.data, "\"aborted\": true");
	CHECK_CONTAINS(json.data, "\"unrestored\": [\n  ]");
	upm_buf_free(&json);
	upm_host_abort_after_polls(0);
	upm_abort_reset();
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(abort_before_the_run_touches_nothing)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	upm_abort_reset();
	upm_host_abort_after_polls(1);
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo/CLOCKTICKS/,imc/CAS_COUNT.RD/"), 0);
	f.trace->n = 0;
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	CHECK_EQ(s.aborted, 1);
	CHECK_EQ(f.trace->n, 0); /* not even a read */
	upm_host_abort_after_polls(0);
	upm_abort_reset();
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(abort_sleep_ends_early_and_latches)
{
	upm_abort_reset();
	upm_host_abort_after_polls(3);
	uint64_t t0 = upm_os_nanoseconds();
	CHECK_EQ(upm_abort_sleep(60ull * 1000000000ull), 1); /* a minute: returns at poll 3 */
	CHECK(upm_os_nanoseconds() - t0 < 30ull * 1000000000ull);
	upm_host_abort_after_polls(0);
	CHECK_EQ(upm_abort_check(), 1); /* latched */
	upm_abort_reset();
	CHECK_EQ(upm_abort_check(), 0);
	CHECK_EQ(upm_abort_sleep(1000), 0);
}

/* --- processors that stop answering --- */

static int socket_writes(const struct upm_trace *t, unsigned socket)
{
	int n = 0;
	for (uint32_t i = 0; i < t->n; i++)
		n += t->records[i].op == 'W' && t->records[i].socket == socket;
	return n;
}

TEST(lost_socket_is_reported_and_skipped)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	upm_host_hang_socket(1, 0); /* never answers */
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo/CLOCKTICKS/,imc/CAS_COUNT.RD/"), 0);
	f.trace->n = 0;
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), -1);
	upm_host_hang_socket(-1, 0);
	CHECK_EQ(s.error_is_lost_socket, 1);
	CHECK_CONTAINS(s.error, "socket 1: its processor did not answer within the timeout (EFAULT): socket skipped");
	CHECK_EQ(s.socket_lost[1], 1);
	CHECK_EQ(s.socket_lost[0], 0);
	CHECK_EQ(find_count(&s, 0, "cbo", 5, "CLOCKTICKS")->status, UPM_OK);
	CHECK_EQ(find_count(&s, 0, "imc", 1, "CAS_COUNT.RD")->status, UPM_OK);
	CHECK(find_count(&s, 1, "cbo", 5, "CLOCKTICKS")->status != UPM_OK);
	CHECK_EQ(socket_writes(f.trace, 1), 0);
	CHECK_EQ(s.restore_failures, 0); /* nothing of socket 1 was touched */
	for (unsigned i = 0; i < s.n_boxes; i++)
		if (s.boxes[i].socket == 1)
			CHECK_CONTAINS(s.boxes[i].why, "socket 1's processor did not answer (EFAULT): skipped");
	struct upm_buf json;
	upm_buf_init(&json);
	record_json_of(&s, &json);
	CHECK_CONTAINS(json.data, "\"sockets_skipped\": [1]");
	upm_buf_free(&json);
	upm_session_free(&s);
	fixture_free(&f);
}

/* It answered while saving and programming, then stopped: what it held is reported
 * as not restored, by address. */
TEST(lost_socket_mid_run_lists_what_was_not_restored)
{
	struct fixture f;
	struct upm_session s;
	struct upm_unrestored u;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	upm_host_hang_socket(1, 2); /* save and setup answer; start, stop and restore do not */
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo0/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), -1);
	upm_host_hang_socket(-1, 0);
	CHECK_EQ(s.restore_failures, 3); /* box control, counter control, counter */
	int seen_ctl = 0;
	for (unsigned i = 0; upm_session_unrestored(&s, i, &u) == 0; i++) {
		CHECK_EQ(u.socket, 1);
		CHECK_EQ(u.rc, UPM_EFAULT);
		seen_ctl |= !strcmp(u.address, "0xd10") && !strcmp(u.where, "cbo0");
	}
	CHECK(seen_ctl);
	CHECK_EQ(upm_session_report_unrestored(&s), s.restore_failures);
	CHECK_CONTAINS(f.run.log.data, "upmon: error: NOT RESTORED: socket 1 cbo0 msr 0xd10 (EFAULT): it should hold 0x0");
	CHECK_CONTAINS(f.run.log.data, "NOT RESTORED (listed above and in results.json)");
	upm_session_free(&s);
	fixture_free(&f);
}

/* --- MSR faults: on read only, on write only, on restore --- */

/* The counter read faults after the save: the box is a fault, nothing is left behind. */
TEST(msr_read_fault_mid_run_restores_everything)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 1, "gpr=0xD16@1") < 0)
		return;
	upm_mock_snapshot(f.mock);
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo0/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), -1);
	CHECK_CONTAINS(s.error, "socket 0 cbo0: counter 0xd16: EFAULT");
	CHECK_EQ(s.restore_failures, 0);
	CHECK_EQ(upm_mock_compare(f.mock, 0, NULL, 0), 0);
	upm_session_free(&s);
	fixture_free(&f);
}

/* The counter control refuses every write: the box is a fault; the restore write fails
 * too and is listed, conservatively, by address. */
TEST(msr_write_fault_is_listed_by_address)
{
	struct fixture f;
	struct upm_session s;
	struct upm_unrestored u;
	if (fixture_init(&f, "snbep", 1, "gpw=0xD10") < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo0/CLOCKTICKS/,cbo1/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), -1);
	CHECK_CONTAINS(s.error, "socket 0 cbo0: control 0xd10: EFAULT");
	CHECK_EQ(find_count(&s, 0, "cbo", 1, "CLOCKTICKS")->status, UPM_OK);
	CHECK_EQ(upm_session_unrestored(&s, 0, &u), 0);
	CHECK_STR(u.address, "0xd10");
	CHECK_EQ(upm_session_unrestored(&s, 1, &u), -1);
	upm_session_free(&s);
	fixture_free(&f);
}

/* Two writes to the counter control succeed (enable, event); the third, the restore,
 * faults: it is reported with the value it should hold, and so is its counter (0xD16),
 * written back but behind a control left enabled. */
TEST(msr_restore_fault_is_reported_loudly)
{
	struct fixture f;
	struct upm_session s;
	struct upm_unrestored u;
	if (fixture_init(&f, "snbep", 1, "gpw=0xD10@2") < 0)
		return;
	upm_mock_msr(f.mock, 0, 0xD10)->value = 0x400012; /* left by another tool */
	CHECK_EQ(upm_session_prepare(&s, &f.run, "cbo0/CLOCKTICKS/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	CHECK_EQ(find_count(&s, 0, "cbo", 0, "CLOCKTICKS")->status, UPM_OK);
	CHECK_EQ(s.restore_failures, 2);
	CHECK_EQ(upm_session_unrestored(&s, 0, &u), 0);
	CHECK_STR(u.where, "cbo0");
	CHECK_STR(u.space, "msr");
	CHECK_STR(u.address, "0xd10");
	CHECK_EQ(u.value, 0x400012);
	CHECK_STR(u.counts_on, "");
	CHECK_EQ(upm_session_unrestored(&s, 1, &u), 0);
	CHECK_STR(u.address, "0xd16");
	CHECK_STR(u.counts_on, "0xd10");
	CHECK_EQ(u.rc, UPM_EFAULT);
	CHECK_EQ(upm_session_report_unrestored(&s), 2);
	CHECK_CONTAINS(f.run.log.data, "NOT RESTORED: socket 0 cbo0 msr 0xd10 (EFAULT): it should hold 0x400012");
	CHECK_CONTAINS(f.run.log.data, "NOT RESTORED: socket 0 cbo0 msr 0xd16 (written back, but its control 0xd10 was not "
				       "(EFAULT): it may count on): it should hold 0x0");
	struct upm_buf json;
	upm_buf_init(&json);
	record_json_of(&s, &json);
	CHECK_CONTAINS(json.data, "{\"socket\": 0, \"where\": \"cbo0\", \"space\": \"msr\", \"address\": \"0xd10\", \"expected\": \"0x400012\", \"error\": \"EFAULT\"}");
	CHECK_CONTAINS(json.data, "\"address\": \"0xd16\", \"expected\": \"0x0\", \"error\": \"EFAULT\", \"counts_on\": \"0xd10\"}");
	CHECK_CONTAINS(json.data, "\"aborted\": false");
	upm_buf_free(&json);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(mock_late_fault_specs)
{
	char err[200];
	struct upm_backend *b = upm_mock_create("snbep", 1, "gpw=0xD10@x", err, sizeof err);
	CHECK(!b);
	CHECK_CONTAINS(err, "after '@' give a count of accesses (0-1000000) or 'run'");
	b = upm_mock_create("snbep", 1, "onesat=7f:99.0", err, sizeof err);
	CHECK(!b);
	CHECK_CONTAINS(err, "is not a PCI function (use BB:DD.F)");
	b = upm_mock_create("snbep", 1, "gp=0x12345@1", err, sizeof err);
	CHECK(!b);
	CHECK_CONTAINS(err, "is not mocked on socket 0");
	b = upm_mock_create("snbep", 2, "s1.stall=0", err, sizeof err);
	CHECK(!b);
	CHECK_CONTAINS(err, "stall takes milliseconds from 1 to 60000, not '0'");
	/* @run: writes work until the first activity report. */
	b = upm_mock_create("snbep", 1, "gpw=0xD10@run", err, sizeof err);
	CHECK(b != NULL);
	if (!b)
		return;
	upm_mock_of(b)->forced_socket = 0;
	CHECK_EQ(upm_msr_write(b, 0xD10, 0x400000), UPM_OK);
	struct upm_activity a = { 0, 1000, 0, 0, 0, 0, 0 };
	upm_activity(b, &a);
	CHECK_EQ(upm_msr_write(b, 0xD10, 0), UPM_EFAULT);
	upm_backend_destroy(b);
}

/* --- PCI: a function leaving the bus, ECAM that lies, no MCFG --- */

TEST(pci_function_reading_all_ones_mid_run)
{
	struct fixture f;
	struct upm_session s;
	struct upm_unrestored u;
	if (fixture_init(&f, "snbep", 2, "onesat=7f:10.0") < 0) /* socket 0 iMC channel 0 */
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/CAS_COUNT.RD/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), -1);
	CHECK_CONTAINS(s.error, "socket 0 imc0: counter 0xa0: EABSENT (the device reads all ones: gone from the bus)");
	CHECK(find_count(&s, 0, "imc", 0, "CAS_COUNT.RD")->status != UPM_OK);
	CHECK_EQ(find_count(&s, 0, "imc", 1, "CAS_COUNT.RD")->status, UPM_OK);
	CHECK_EQ(find_count(&s, 1, "imc", 0, "CAS_COUNT.RD")->status, UPM_OK);
	/* Its registers could not be put back: each is listed. */
	CHECK(s.restore_failures > 0);
	CHECK_EQ(upm_session_unrestored(&s, 0, &u), 0);
	CHECK_EQ(u.socket, 0);
	CHECK_STR(u.where, "imc0");
	CHECK_STR(u.space, "pci");
	CHECK_EQ(u.rc, UPM_EABSENT);
	CHECK(!strncmp(u.address, "7f:10.0+0x", 10));
	upm_session_free(&s);
	fixture_free(&f);
}

/* The same after N accesses, at discovery already: the box never takes part. */
TEST(pci_function_gone_after_n_accesses)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 1, "onesat=7f:10.1@0") < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/CAS_COUNT.RD/"), 0);
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	for (unsigned i = 0; i < s.n_boxes; i++)
		if (s.boxes[i].instance == 1)
			CHECK_EQ(s.boxes[i].state, UPM_BOX_ABSENT);
	CHECK_EQ(s.restore_failures, 0);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(ecam_disagreeing_with_cf8_is_refused)
{
	struct fixture f;
	struct upm_session s;
	struct upm_ecam_window w;
	if (fixture_init(&f, "snbep", 2, "badecam") < 0)
		return;
	CHECK_EQ(upm_ecam_window(f.run.backend, &w), UPM_OK);
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/CAS_COUNT.RD/"), 0);
	CHECK_CONTAINS(f.run.log.data,
		       "pci: the ECAM window (MCFG base 0x80000000) disagrees with CF8/CFC at 00:00.0 "
		       "(cf8 8086:3c00, ecam ffff:ffff): ECAM refused, using CF8/CFC");
	CHECK_EQ(upm_ecam_window(f.run.backend, &w), UPM_ENOTFOUND);
	CHECK_EQ(s.has_ecam, 0);
	/* CF8/CFC reaches the right devices: every channel counts on both sockets. */
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	CHECK_EQ(find_count(&s, 1, "imc", 3, "CAS_COUNT.RD")->status, UPM_OK);
	upm_session_free(&s);
	/* Registers above 0xFF need ECAM: refused with the reason. */
	CHECK_EQ(upm_session_prepare(&s, &f.run, "qpi/CTO_COUNT,match0=0x1c00/"), -1);
	CHECK_CONTAINS(s.error, "reachable only through ECAM");
	upm_session_free(&s);
	fixture_free(&f);
}

/* Skylake has no PCI box, but its IMC's base is MCHBAR in 00:00.0's configuration
 * space: that read is cross-checked too. A misplaced window read bus 1 there and the IMC
 * was reported as "host bridge 00:00.0 does not answer". */
TEST(skl_host_bridge_read_is_cross_checked)
{
	struct fixture f;
	struct upm_session s;
	struct upm_ecam_window w;
	if (fixture_init(&f, "skl", 1, "badecam") < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/DRAM_DATA_READS/"), 0);
	CHECK_CONTAINS(f.run.log.data,
		       "pci: the ECAM window (MCFG base 0xe0000000) disagrees with CF8/CFC at 00:00.0 "
		       "(cf8 8086:191f, ecam ffff:ffff): ECAM refused, using CF8/CFC");
	CHECK_EQ(upm_ecam_window(f.run.backend, &w), UPM_ENOTFOUND);
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	CHECK_EQ(find_count(&s, 0, "imc", 0, "DRAM_DATA_READS")->status, UPM_OK);
	upm_session_free(&s);
	fixture_free(&f);
	/* A window that agrees is used and not said. */
	if (fixture_init(&f, "skl", 1, NULL) < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/DRAM_DATA_READS/"), 0);
	CHECK(!f.run.log.data || !strstr(f.run.log.data, "pci:"));
	CHECK_EQ(upm_ecam_window(f.run.backend, &w), UPM_OK);
	upm_session_free(&s);
	fixture_free(&f);
}

/* Where a fault in a memory-mapped access could not be caught (the firmware kept its
 * own #PF handler: loads_unguarded), no access that could page-fault is made: not ECAM
 * (CF8/CFC instead), not MMIO; a non-canonical load, which can only #GP, still goes. */
#define UNGUARDED_WHY "the firmware keeps its own page-fault (#PF) handler"
TEST(unguarded_loads_make_no_memory_mapped_access)
{
	struct fixture f;
	struct upm_session s;
	struct upm_ecam_window w;
	uint32_t v = 0;
	if (fixture_init(&f, "skl", 1, NULL) < 0)
		return;
	struct upm_backend *b = f.run.backend;
	b->loads_unguarded = UNGUARDED_WHY;
	CHECK_EQ(upm_ecam_window(b, &w), UPM_ENOTFOUND);
	CHECK_EQ(upm_backend_has_mcfg(b), 1);
	uint64_t before = b->accesses;
	struct upm_pci_addr host = { 0, 0, 0, 0, 0 };
	CHECK_EQ(upm_pci_read32_via(b, UPM_PCI_ECAM, host, &v), UPM_EUNSUPPORTED);
	CHECK_EQ(upm_pci_write32_via(b, UPM_PCI_ECAM, host, 0), UPM_EUNSUPPORTED);
	CHECK_EQ(upm_mmio_read32(b, 0xFED10000ull + 0x5050, &v), UPM_EUNSUPPORTED);
	CHECK_EQ(upm_mmio_read32(b, 0x00FFFFFFFFFFFFFFull, &v), UPM_EUNSUPPORTED); /* canonical with 5 levels */
	CHECK_EQ(b->accesses, before); /* none reached the backend */
	CHECK_EQ(upm_pci_read32(b, host, &v), UPM_OK); /* CF8/CFC */
	CHECK_EQ(v, 0x191F8086u);
	CHECK(upm_mmio_read32(b, 0x8000000000000000ull, &v) != UPM_EUNSUPPORTED); /* the guard's probe */
	CHECK_EQ(b->accesses, before + 2);
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/DRAM_DATA_READS/"), 0);
	CHECK_CONTAINS(f.run.log.data, "pci: " UNGUARDED_WHY "; ECAM is not used: using CF8/CFC (config offsets "
				       "above 0xFF unreachable)");
	CHECK(strstr(f.run.log.data, "disagrees") == NULL);
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	int said = 0;
	for (unsigned i = 0; i < s.n_boxes; i++)
		if (strcmp(s.boxes[i].type->name, "imc") == 0) {
			CHECK_EQ(s.boxes[i].state, UPM_BOX_ABSENT);
			CHECK_CONTAINS(s.boxes[i].why, "MCHBAR 0xfed10000 not read: a fault there could not "
							 "be caught (the firmware kept #PF): imc not touched");
			said = 1;
		}
	CHECK(said);
	upm_session_free(&s);
	fixture_free(&f);

	/* A misplaced window is never used (no "disagrees"): PCI boxes count through CF8/CFC,
	 * and a register only ECAM reaches is refused with the reason. */
	if (fixture_init(&f, "snbep", 2, "badecam") < 0)
		return;
	f.run.backend->loads_unguarded = UNGUARDED_WHY;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/CAS_COUNT.RD/"), 0);
	CHECK(strstr(f.run.log.data, "disagrees") == NULL);
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	CHECK_EQ(find_count(&s, 1, "imc", 3, "CAS_COUNT.RD")->status, UPM_OK);
	upm_session_free(&s);
	CHECK_EQ(upm_session_prepare(&s, &f.run, "qpi/CTO_COUNT,match0=0x1c00/"), -1);
	CHECK_CONTAINS(s.error, "reachable only through ECAM, and " UNGUARDED_WHY);
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(ecam_that_agrees_is_kept_silently)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/CAS_COUNT.RD/"), 0);
	CHECK_EQ(s.has_ecam, 1);
	CHECK(!f.run.log.data || !strstr(f.run.log.data, "pci:"));
	upm_session_free(&s);
	fixture_free(&f);
}

TEST(no_mcfg_falls_back_to_cf8_and_says_so)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, "noecam") < 0)
		return;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/CAS_COUNT.RD/"), 0);
	CHECK_CONTAINS(f.run.log.data, "pci: no ACPI MCFG table: using CF8/CFC (config offsets above 0xFF unreachable)");
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	CHECK_EQ(find_count(&s, 1, "imc", 2, "CAS_COUNT.RD")->status, UPM_OK);
	upm_session_free(&s);
	fixture_free(&f);
}

/* An MCFG table the firmware got wrong (platform/acpi_tables.c refused it) is not taken
 * for a missing one: the line says which check failed, and CF8/CFC carries the run. */
TEST(refused_mcfg_says_why_and_falls_back_to_cf8)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, "noecam") < 0)
		return;
	f.run.backend->mcfg_refused = "the ACPI MCFG table at 0x7fb00300 has a wrong checksum";
	CHECK_EQ(upm_session_prepare(&s, &f.run, "imc/CAS_COUNT.RD/"), 0);
	CHECK_CONTAINS(f.run.log.data, "pci: the ACPI MCFG table at 0x7fb00300 has a wrong checksum, so it is not "
				       "used: using CF8/CFC (config offsets above 0xFF unreachable); a firmware bug "
				       "to report to the board's vendor\n");
	CHECK(!strstr(f.run.log.data, "no ACPI MCFG table"));
	CHECK_EQ(upm_session_run(&s, feed_interval, &busy), 0);
	CHECK_EQ(find_count(&s, 1, "imc", 2, "CAS_COUNT.RD")->status, UPM_OK);
	upm_session_free(&s);
	fixture_free(&f);
}

/* --- media --- */

TEST(save_through_temporary_name_leaves_nothing_on_failure)
{
	char dir[] = "/tmp/upmon-robust-XXXXXX";
	CHECK(mkdtemp(dir) != NULL);
	struct upm_run r;
	struct upm_buf content;
	char path[128];
	memset(&r, 0, sizeof r);
	upm_buf_init(&r.log);
	r.out_dir = dir;
	upm_buf_init(&content);
	upm_buf_puts(&content, "0123456789012345678901234567890123456789\n");
	upm_host_medium_full_after(50); /* the first file fits, the second does not */
	CHECK_EQ(upm_save(&r, "a.txt", &content), UPM_OK);
	CHECK(upm_save(&r, "b.txt", &content) != UPM_OK);
	upm_host_medium_full_after(-1);
	CHECK_EQ(r.media_error, 1);
	CHECK_CONTAINS(r.log.data, "cannot write");
	CHECK_CONTAINS(r.log.data, "b.txt (ENOSPC): the medium is full; it and the files after it");
	CHECK_CONTAINS(r.log.data, "; free space on the medium or give --out a folder on another one");
	snprintf(path, sizeof path, "%s/a.txt", dir);
	CHECK(access(path, F_OK) == 0);
	snprintf(path, sizeof path, "%s/a.txt.tmp", dir);
	CHECK(access(path, F_OK) != 0);
	snprintf(path, sizeof path, "%s/b.txt", dir);
	CHECK(access(path, F_OK) != 0);
	snprintf(path, sizeof path, "%s/b.txt.tmp", dir);
	CHECK(access(path, F_OK) != 0);
	snprintf(path, sizeof path, "%s/a.txt", dir);
	remove(path);
	rmdir(dir);
	upm_buf_free(&content);
	upm_buf_free(&r.log);
}

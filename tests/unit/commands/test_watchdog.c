/* The watchdog discipline of upm_main (issue 9, platform/base/os.h): off before the first
 * register access, restored exactly once after the last, on every way out (success,
 * usage error, configuration error, failure, abort). Runs the whole program on the
 * mocked two-socket Sandy Bridge-EP; the host's upm_os_current_cpu, which the mock
 * calls on every MSR access, counts the accesses by watchdog state. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, dup */
#include "tests/unit/test.h"
#include "platform/base/abort.h"
#include "core/commands/app.h"
#include "core/host/os_host.h"
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct wd_run {
	int status;
	struct upm_host_watchdog wd;
};

static void remove_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[320];
	while (d && (e = readdir(d)) != NULL) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		remove(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* upm_main with "--out DIR" and the words of args (space-separated; "@DIR" becomes the
 * out folder, for a configuration file in it) after argv[0]; the console goes to
 * /dev/null. cfg: a configuration file's text written as DIR/lab.cfg, or NULL. */
static int run_main(struct wd_run *r, const char *args, const char *cfg, unsigned abort_at)
{
	char dir[] = "/tmp/upmon-watchdog-XXXXXX";
	char words[512], cfg_path[64], out_opt[] = "--out";
	char *argv[24];
	int argc = 0;
	struct upm_app_env env = { 0 };

	memset(r, 0, sizeof *r);
	if (!mkdtemp(dir)) {
		upm_test_fail(__FILE__, __LINE__, "mkdtemp failed");
		return -1;
	}
	snprintf(cfg_path, sizeof cfg_path, "%s/lab.cfg", dir);
	if (cfg) {
		FILE *fp = fopen(cfg_path, "w");
		if (fp) {
			fputs(cfg, fp);
			fclose(fp);
		}
	}
	snprintf(words, sizeof words, "upmon %s", args);
	argv[argc++] = strtok(words, " ");
	argv[argc++] = out_opt;
	argv[argc++] = dir;
	for (char *w; argc < 23 && (w = strtok(NULL, " ")) != NULL;)
		argv[argc++] = strcmp(w, "@CFG") == 0 ? cfg_path : w;
	argv[argc] = NULL;

	upm_host_simulate(2, 2);
	upm_host_abort_after_polls(abort_at);
	upm_host_watchdog_reset();
	fflush(stdout);
	int saved = dup(1), null = open("/dev/null", O_WRONLY);
	if (saved >= 0 && null >= 0)
		dup2(null, 1);
	r->status = upm_main(argc, argv, &env);
	fflush(stdout);
	if (saved >= 0 && null >= 0)
		dup2(saved, 1);
	if (saved >= 0)
		close(saved);
	if (null >= 0)
		close(null);
	upm_host_watchdog_get(&r->wd);
	upm_host_abort_after_polls(0);
	upm_abort_reset(); /* the latched request would stop the next test's loops */
	remove_dir(dir);
	return 0;
}

/* Off once, restored once after it, back to the platform's state at the end, and no
 * register touched while it was not off. accessed: the path reaches the registers. */
static void check_discipline(const struct wd_run *r, int accessed)
{
	CHECK_EQ(r->wd.arms_without_off, 0);
	CHECK(r->wd.arm_calls >= 1); /* armed generously for the run, whatever the path */
	CHECK_EQ(r->wd.off_calls, 1);
	CHECK_EQ(r->wd.restore_calls, 1);
	CHECK_EQ(r->wd.restores_without_off, 0);
	CHECK_EQ(r->wd.off, 0);
	CHECK_EQ(r->wd.cpu_calls_on, 0);
	if (accessed)
		CHECK(r->wd.cpu_calls_off > 0);
	else
		CHECK_EQ(r->wd.cpu_calls_off, 0);
}

TEST(watchdog_check_quick_clean)
{
	struct wd_run r;
	if (run_main(&r, "--backend mock --platform snbep check --quick", NULL, 0) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_OK);
	check_discipline(&r, 1);
}

/* Armed for the run, then re-armed for each pass with its length (rounded up to whole
 * seconds) plus the margin: a two-pass run arms 1 + 2 times. */
TEST(watchdog_rearmed_for_each_pass)
{
	struct wd_run r;
	if (run_main(&r, "--backend mock --platform snbep run --seconds 0.001 --events "
			 "cbo0/CLOCKTICKS/,cbo0/LLC_VICTIMS.M_STATE/,cbo0/LLC_VICTIMS.E_STATE/,cbo0/LLC_VICTIMS.S_STATE/",
		     NULL, 0) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_OK);
	CHECK_EQ(r.wd.arm_calls, 1 + 2); /* three LLC_VICTIMS on counters 0-1: two passes */
	CHECK_EQ(r.wd.armed_seconds, 0 + 1 + UPM_WATCHDOG_MARGIN_S);
	check_discipline(&r, 1);
}

/* A kernel's pass is armed for its planned length at the slow floor (watchdog_plan.h):
 * 32 MiB x 6 = 201,326,592 bytes at 100 MB/s is 2.01 s, so 3 s plus the margin, however
 * fast the kernel really ran; never below the margin. */
TEST(watchdog_covers_a_kernel_pass)
{
	struct wd_run r;
	if (run_main(&r, "--backend mock --platform snbep run --kernel read --size 32M --iterations 6 "
			 "--events ubox/UCLK/", NULL, 0) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_OK);
	CHECK_EQ(r.wd.longest_armed_seconds, 3 + UPM_WATCHDOG_MARGIN_S);
	CHECK(r.wd.armed_seconds >= UPM_WATCHDOG_MARGIN_S);
	check_discipline(&r, 1);
}

TEST(watchdog_selftest_clean)
{
	struct wd_run r;
	if (run_main(&r, "--backend mock --platform snbep selftest", NULL, 0) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_OK);
	check_discipline(&r, 1);
}

TEST(watchdog_unknown_command)
{
	struct wd_run r;
	if (run_main(&r, "--backend mock --platform snbep frobnicate", NULL, 0) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_USAGE);
	check_discipline(&r, 0);
}

TEST(watchdog_unknown_platform)
{
	struct wd_run r;
	if (run_main(&r, "--backend mock --platform nosuch check", NULL, 0) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_USAGE);
	check_discipline(&r, 0);
}

TEST(watchdog_config_bad_key)
{
	struct wd_run r;
	if (run_main(&r, "--config @CFG --backend mock --platform snbep check --quick",
		     "colour = blue\n", 0) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_USAGE);
	check_discipline(&r, 0);
}

TEST(watchdog_config_missing)
{
	struct wd_run r;
	if (run_main(&r, "--config /nonexistent/upmon.cfg version", NULL, 0) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_USAGE);
	check_discipline(&r, 0);
}

/* A restore fault (CBo 0 control 0, MSR 0xD10, 327043-001 table 2-8) fails the check. */
TEST(watchdog_check_failure)
{
	struct wd_run r;
	if (run_main(&r, "--backend mock:gpw=0xD10@run --platform snbep check --quick", NULL, 0) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_FAIL);
	check_discipline(&r, 1);
}

/* ESC at the third abort poll: the check stops mid-way. */
TEST(watchdog_check_abort)
{
	struct wd_run r;
	if (run_main(&r, "--backend mock --platform snbep check --quick", NULL, 3) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_ABORTED);
	check_discipline(&r, 1);
}

TEST(watchdog_selftest_abort)
{
	struct wd_run r;
	if (run_main(&r, "--backend mock --platform snbep selftest", NULL, 1) < 0)
		return;
	CHECK_EQ(r.status, UPM_EXIT_ABORTED);
	check_discipline(&r, 1);
}

/* A burn-in never leaves the watchdog to run out: each pass re-arms it (the margin) and
 * so does each session inside it, so three passes arm three times what one pass does
 * after the run's own arming. The discipline holds when ESC ends it in pass 2. */
TEST(watchdog_rearmed_for_each_burnin_pass)
{
	struct wd_run one, three, esc;
	if (run_main(&one, "--backend mock --platform snbep check --quick --passes 1", NULL, 0) < 0 ||
	    run_main(&three, "--backend mock --platform snbep check --quick --passes 3", NULL, 0) < 0 ||
	    run_main(&esc, "--backend mock:esc@pass2 --platform snbep check --quick --passes 3", NULL, 0) < 0)
		return;
	CHECK_EQ(one.status, UPM_EXIT_OK);
	CHECK_EQ(three.status, UPM_EXIT_OK);
	CHECK(one.wd.arm_calls > 2); /* the run's, the pass's, and its sessions' */
	CHECK_EQ(three.wd.arm_calls - 1, 3 * (one.wd.arm_calls - 1));
	check_discipline(&three, 1);
	CHECK_EQ(esc.status, UPM_EXIT_ABORTED);
	CHECK(esc.wd.arm_calls > one.wd.arm_calls);
	CHECK(esc.wd.arm_calls < three.wd.arm_calls);
	check_discipline(&esc, 1);
}

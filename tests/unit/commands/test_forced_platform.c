/* --platform with the hardware backend must match CPUID (a forced platform writes its
 * MSRs, some of them architectural registers on other processors); --force-platform
 * lets it through with a warning. The hardware path runs here on a mock standing in for
 * the hardware backend, so its CPUID is the simulated processor's. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, dup */
#include "tests/unit/test.h"
#include "core/commands/app.h"
#include "core/host/os_host.h"
#include "boxes/platform.h"
#include "platform/mock/mock.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static struct upm_cpu_ident intel(unsigned family, unsigned model)
{
	struct upm_cpu_ident id;
	memset(&id, 0, sizeof id);
	strcpy(id.vendor, "GenuineIntel");
	id.family = family;
	id.model = model;
	return id;
}

TEST(forced_platform_decision)
{
	char msg[300];
	const struct upm_platform *snbep = upm_platform_by_name("snbep");
	CHECK(snbep != NULL);
	if (!snbep)
		return;
	/* Sandy Bridge-EP is family 6 model 0x2D (CPUID.1:EAX 0x206D7): it matches. */
	struct upm_cpu_ident jkt = intel(6, 0x2D), skx = intel(6, 0x55), ivt = intel(6, 0x3E);
	CHECK_EQ(upm_platform_forced_check(snbep, &jkt, 0, msg, sizeof msg), UPM_FORCED_OK);
	CHECK_STR(msg, "");
	/* A Skylake-SP (model 0x55, where 0xD90 is IA32_BNDCFGS): refused in one line. */
	CHECK_EQ(upm_platform_forced_check(snbep, &skx, 0, msg, sizeof msg), UPM_FORCED_REFUSE);
	CHECK_CONTAINS(msg, "--platform snbep does not match CPUID: this processor (GenuineIntel family 0x6 model 0x55) is no supported platform");
	CHECK_CONTAINS(msg, "add --force-platform to insist");
	/* Ivy Bridge-EP: the closest valid choice is named. */
	CHECK_EQ(upm_platform_forced_check(snbep, &ivt, 0, msg, sizeof msg), UPM_FORCED_REFUSE);
	CHECK_CONTAINS(msg, "drop --platform or use --platform ivbep");
	CHECK_EQ(upm_platform_forced_check(snbep, &ivt, 1, msg, sizeof msg), UPM_FORCED_WARN);
	CHECK_CONTAINS(msg, "WARNING: --force-platform: driving snbep's registers although this processor");
}

/* A mock Ivy Bridge-EP standing in for the hardware backend. */
static struct upm_backend *fake_hw_ivbep(void)
{
	char err[200];
	return upm_mock_create("ivbep", 2, NULL, err, sizeof err);
}

static int guard_missing, page_fault_guard_missing;

static int run_hw(const char *args, char *out, size_t out_size)
{
	char words[256], dir[] = "/tmp/upmon-forced-XXXXXX", outfile[64];
	char *argv[16];
	int argc = 0;
	struct upm_app_env env = { 0 };
	env.create_hw_backend = fake_hw_ivbep;
	env.fault_guard_missing = guard_missing;
	env.page_fault_guard_missing = page_fault_guard_missing;
	if (!mkdtemp(dir))
		return -1;
	snprintf(words, sizeof words, "upmon --out %s %s", dir, args);
	for (char *w = strtok(words, " "); w && argc < 15; w = strtok(NULL, " "))
		argv[argc++] = w;
	argv[argc] = NULL;
	snprintf(outfile, sizeof outfile, "%s.out", dir);
	upm_host_simulate(2, 2);
	upm_host_watchdog_reset();
	fflush(stdout);
	fflush(stderr);
	/* stdout and stderr (the error lines) into one file, in order, as a console shows them */
	int saved = dup(1), saved_err = dup(2), fd = open(outfile, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(fd, 1);
	dup2(fd, 2);
	int status = upm_main(argc, argv, &env);
	fflush(stdout);
	fflush(stderr);
	dup2(saved, 1);
	dup2(saved_err, 2);
	close(saved);
	close(saved_err);
	close(fd);
	FILE *f = fopen(outfile, "r");
	size_t n = f ? fread(out, 1, out_size - 1, f) : 0;
	out[n] = 0;
	if (f)
		fclose(f);
	remove(outfile);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		return -1;
	return status;
}

TEST(forced_platform_on_hw_refused_then_forced)
{
	static char out[65536];
	CHECK_EQ(run_hw("--backend hw --platform snbep info", out, sizeof out), 4);
	CHECK_CONTAINS(out, "upmon: error: --platform snbep does not match CPUID: this processor (GenuineIntel family 0x6 model 0x3e) is ivbep");
	CHECK(strstr(out, "uncore:") == NULL); /* nothing touched past CPUID */
	CHECK_EQ(run_hw("--backend hw --platform snbep --force-platform info", out, sizeof out), 0);
	CHECK_CONTAINS(out, "WARNING: --force-platform: driving snbep's registers");
	/* The matching platform, forced or detected, runs as before. */
	CHECK_EQ(run_hw("--backend hw --platform ivbep info", out, sizeof out), 0);
	CHECK(strstr(out, "WARNING") == NULL);
	/* Without --backend the hardware is the backend, and so is the check. */
	CHECK_EQ(run_hw("--platform snbep info", out, sizeof out), 4);
	CHECK_CONTAINS(out, "upmon: error: --platform snbep does not match CPUID");
}

/* The #GP guard's proof (core/session/guard_proof.h): without a guard not one register
 * is touched; a socket whose processor does not come back from the proof is skipped and
 * said so, the others measured. The mock standing in for the hardware faults on a load
 * from an unmapped (here non-canonical) address, as a working guard makes it. */
TEST(hw_backend_refused_without_fault_guard)
{
	static char out[65536];
	struct upm_host_watchdog wd;
	guard_missing = 1;
	CHECK_EQ(run_hw("--backend hw info", out, sizeof out), 4);
	guard_missing = 0;
	CHECK_CONTAINS(out, "upmon: error: --backend hw: no #GP guard (the CPU architectural protocol is missing)");
	upm_host_watchdog_get(&wd);
	CHECK_EQ(wd.cpu_calls_on + wd.cpu_calls_off, 0); /* the mock counts every MSR access */
}

TEST(hw_backend_socket_failing_guard_proof_is_skipped)
{
	static char out[65536];
	upm_host_hang_socket(1, 0);
	int st = run_hw("--backend hw run --seconds 0.01 --events cbo0/CLOCKTICKS/", out, sizeof out);
	upm_host_hang_socket(-1, 0);
	CHECK_CONTAINS(out, "upmon: error: socket 1: its processor did not come back from the #GP guard's proof (EFAULT): socket skipped");
	/* Socket 0's total over its one instance; socket 1's none of one. */
	CHECK_CONTAINS(out, "\n     0  1 cbo     CLOCKTICKS ");
	CHECK(strstr(out, "\n     1  1 cbo") == NULL);
	CHECK(st != 0); /* a socket not measured is not a clean run */
	/* Every socket proven: silent. */
	CHECK_EQ(run_hw("--backend hw info", out, sizeof out), 0);
	CHECK(strstr(out, "#GP guard") == NULL);
}

TEST(platform_names_people_know_name_the_tables)
{
	/* Intel's perfmon event-file names (pmu-tools) and their short codes. */
	static const char *const known[][2] = {
		{ "jaketown", "snbep" },   { "JKT", "snbep" },         { "ivytown", "ivbep" },
		{ "ivt", "ivbep" },        { "nehalemex", "nhmex" },   { "westmereex", "wsmex" },
		{ "skylake", "skl" },      { "snbep", "snbep" },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(known); i++) {
		const struct upm_platform *p = upm_platform_by_name(known[i][0]);
		CHECK(p != NULL && strcmp(p->name, known[i][1]) == 0);
	}
	CHECK(upm_platform_by_name("haswellx") == NULL);
	/* No alias is another platform's name, nor anyone else's alias. */
	for (unsigned i = 0; i < upm_n_platforms; i++)
		for (unsigned k = 0; k < UPM_ARRAY_LEN(upm_platforms[i]->aliases) && upm_platforms[i]->aliases[k]; k++)
			CHECK(upm_platform_by_name(upm_platforms[i]->aliases[k]) == upm_platforms[i]);
}

/* The #GP guard without the #PF one (the firmware kept its page-fault handler): the
 * hardware backend makes no ECAM or MMIO access, says why once, and its PCI boxes count
 * through CF8/CFC. */
TEST(hw_backend_without_page_fault_guard_uses_no_ecam)
{
	static char out[65536];
	page_fault_guard_missing = 1;
	int st = run_hw("--backend hw run --seconds 0.01 --events imc0/CAS_COUNT.RD/", out, sizeof out);
	page_fault_guard_missing = 0;
	CHECK_EQ(st, 0);
	CHECK_CONTAINS(out, "pci: the firmware keeps its own page-fault (#PF) handler, so a faulting memory-mapped "
			    "access could not be caught; ECAM is not used: using CF8/CFC");
	CHECK_CONTAINS(out, "\n     0  1 imc     CAS_COUNT.RD ");
	/* Recorded so, a replay makes no memory-mapped access either, and says why. */
	char trace[64], args[200];
	snprintf(trace, sizeof trace, "/tmp/upmon-pf-%d.tsv", (int)getpid());
	remove(trace);
	page_fault_guard_missing = 1;
	snprintf(args, sizeof args, "--backend hw --trace %s run --seconds 0.01 --events imc0/CAS_COUNT.RD/", trace);
	st = run_hw(args, out, sizeof out);
	page_fault_guard_missing = 0;
	CHECK_EQ(st, 0);
	CHECK_CONTAINS(out, "pci: the firmware keeps its own page-fault (#PF) handler"); /* the trace wraps it */
	snprintf(args, sizeof args, "--backend replay:%s run --seconds 0.01 --events imc0/CAS_COUNT.RD/", trace);
	CHECK_EQ(run_hw(args, out, sizeof out), 0);
	CHECK_CONTAINS(out, "pci: the firmware keeps its own page-fault (#PF) handler, so a faulting memory-mapped "
			    "access could not be caught; ECAM is not used: using CF8/CFC");
	CHECK(strstr(out, "diverged") == NULL);
	remove(trace);
	/* With both guards: ECAM, silently. */
	CHECK_EQ(run_hw("--backend hw run --seconds 0.01 --events imc0/CAS_COUNT.RD/", out, sizeof out), 0);
	CHECK(strstr(out, "#PF") == NULL);
	CHECK(strstr(out, "pci:") == NULL);
}

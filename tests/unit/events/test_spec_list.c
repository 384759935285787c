/* Parse once (core/events/spec_list.h): a run's specs are parsed once into a typed list
 * that remembers who asked for each, the metric names are split once, the session takes
 * the list as it is, and a whole `run` parses each spec once, whatever the metrics,
 * kernels, baselines and samples that use it. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, dup */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/events/spec_list.h"
#include "core/metrics/metrics.h"
#include "core/events/group.h"
#include "core/commands/app.h"
#include "core/host/os_host.h"
#include "platform/base/abort.h"
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The user's specs, then a group's after them in one text: each spec is parsed once and
 * remembers whose it is; a metric's terms come after both. */
TEST(spec_list_remembers_who_asked)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	const struct upm_group *g = upm_group_find(p, "MEM");
	struct upm_spec_list l;
	struct upm_metric_list m;
	char err[300], text[600];
	CHECK(g != NULL);
	if (!g)
		return;
	upm_spec_list_init(&l);
	snprintf(text, sizeof text, "cbo/CLOCKTICKS/,%s", g->events);
	struct upm_spec_part parts[] = { { 0, UPM_SPEC_BY_USER, NULL },
					 { strlen("cbo/CLOCKTICKS/,"), UPM_SPEC_BY_GROUP, g->name } };
	unsigned long before = upm_spec_parses;
	CHECK_EQ(upm_spec_list_add_parts(p, &l, text, parts, 2, err, sizeof err), 0);
	CHECK_EQ(upm_spec_parses - before, (unsigned long)l.n); /* one parse per spec */
	CHECK(l.n >= 2);
	CHECK_STR(l.specs[0].text, "cbo/CLOCKTICKS/");
	CHECK_EQ(l.specs[0].origin, UPM_SPEC_BY_USER);
	CHECK(l.specs[0].origin_name == NULL);
	for (unsigned i = 1; i < l.n; i++) {
		CHECK_EQ(l.specs[i].origin, UPM_SPEC_BY_GROUP);
		CHECK_STR(l.specs[i].origin_name, "MEM");
	}
	unsigned asked = l.n;
	CHECK_EQ(upm_metric_list_parse(p, "MEM_BW_READS", &m, err, sizeof err), 0);
	CHECK_EQ(upm_metric_list_add_specs(&m, &l, err, sizeof err), 0);
	CHECK(l.n > asked);
	CHECK_EQ(upm_spec_list_n_asked(&l), asked);
	for (unsigned i = asked; i < l.n; i++) {
		CHECK_EQ(l.specs[i].origin, UPM_SPEC_BY_METRIC);
		CHECK_STR(l.specs[i].origin_name, "MEM_BW_READS");
	}
	/* A spec asked for after a metric's still comes ahead of the metrics'. */
	CHECK_EQ(upm_spec_list_add_text(p, &l, "ubox/UCLK/", UPM_SPEC_BY_USER, NULL, err, sizeof err), 0);
	CHECK_STR(l.specs[asked].text, "ubox/UCLK/");
	CHECK_EQ(upm_spec_list_n_asked(&l), asked + 1);
	CHECK_EQ(l.specs[l.n - 1].origin, UPM_SPEC_BY_METRIC);
	upm_metric_list_free(&m);
	upm_spec_list_free(&l);
}

/* Metric names are split once: a name given twice, or by its alias, is one metric,
 * compiled once; a slip of the comma is named as it always was. */
TEST(spec_list_metric_names_split_once)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	struct upm_metric_list m;
	char err[300];
	CHECK_EQ(upm_metric_list_parse(p, "MEM_BW_READS,mem_bw_reads,MEM_BW_WRITES", &m, err, sizeof err), 0);
	CHECK_EQ(m.n, 2u);
	if (m.n == 2) {
		CHECK_STR(m.metrics[0]->name, "MEM_BW_READS");
		CHECK_STR(m.metrics[1]->name, "MEM_BW_WRITES");
	}
	upm_metric_list_free(&m);
	CHECK_EQ(upm_metric_list_parse(p, "MEM_BW_READS,", &m, err, sizeof err), -1);
	CHECK_STR(err, "empty metric name after 'MEM_BW_READS' (a trailing ','): remove the extra comma");
	upm_metric_list_free(&m);
	CHECK_EQ(upm_metric_list_parse(p, "MEM_BW_REEDS", &m, err, sizeof err), -1);
	CHECK_CONTAINS(err, "unknown metric 'MEM_BW_REEDS' on snbep");
	upm_metric_list_free(&m);
}

/* The session takes the list as it came: the same specs, in order, field for field. */
TEST(spec_list_session_takes_it_unchanged)
{
	struct fixture f;
	struct upm_session s;
	struct upm_spec_list l;
	char err[300];
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	upm_spec_list_init(&l);
	CHECK_EQ(upm_spec_list_add_text(f.run.platform, &l, "imc/CAS_COUNT.RD/,cbo2/CLOCKTICKS/,UNC_M_CAS_COUNT.WR",
					 UPM_SPEC_BY_USER, NULL, err, sizeof err), 0);
	struct upm_spec copy[3];
	memcpy(copy, l.specs, sizeof copy);
	unsigned long before = upm_spec_parses;
	CHECK_EQ(upm_session_take(&s, &f.run, &l, 1), 0);
	CHECK_EQ(upm_spec_parses, before); /* taken, not parsed again */
	CHECK_EQ(s.n_specs, 3u);
	CHECK_EQ(s.metric_specs_from, 3u);
	for (unsigned i = 0; i < 3 && i < s.n_specs; i++)
		CHECK(memcmp(&s.specs[i], &copy[i], sizeof copy[i]) == 0);
	CHECK_EQ(l.n, 3u); /* the caller's list is its own still */
	CHECK(memcmp(l.specs, copy, sizeof copy) == 0);
	upm_session_free(&s);
	upm_spec_list_free(&l);
	fixture_free(&f);
}

static void remove_dir(const char *dir)
{
	DIR *d = opendir(dir);
	char path[512];
	for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		remove(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* upm_main on the mock with the words of args after "--out DIR" (console to /dev/null);
 * the spec parses it made into *parses. Its exit status. */
static int run_counting(const char *args, unsigned long *parses)
{
	char dir[] = "/tmp/upmon-spec-list-XXXXXX";
	char words[512], out_opt[] = "--out";
	char *argv[32];
	int argc = 0;
	struct upm_app_env env = { 0 };
	if (!mkdtemp(dir)) {
		upm_test_fail(__FILE__, __LINE__, "mkdtemp failed");
		return -1;
	}
	snprintf(words, sizeof words, "upmon %s", args);
	argv[argc++] = strtok(words, " ");
	argv[argc++] = out_opt;
	argv[argc++] = dir;
	for (char *w; argc < 31 && (w = strtok(NULL, " ")) != NULL;)
		argv[argc++] = w;
	argv[argc] = NULL;
	upm_host_simulate(2, 2);
	fflush(stdout);
	int saved = dup(1), null = open("/dev/null", O_WRONLY);
	if (saved >= 0 && null >= 0)
		dup2(null, 1);
	unsigned long before = upm_spec_parses;
	int status = upm_main(argc, argv, &env);
	*parses = upm_spec_parses - before;
	fflush(stdout);
	if (saved >= 0 && null >= 0)
		dup2(saved, 1);
	if (saved >= 0)
		close(saved);
	if (null >= 0)
		close(null);
	upm_abort_reset();
	remove_dir(dir);
	return status;
}

/* A whole run parses each spec once: the user's, then each metric's terms (the metric
 * named twice is one metric), however many sessions (a kernel's and its baseline),
 * samples and metric values use them, and whatever counts the same as another. */
TEST(spec_list_a_run_parses_each_spec_once)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	struct upm_metric_list m;
	char err[300];
	unsigned long before = upm_spec_parses, parses = 0;
	CHECK_EQ(upm_metric_list_parse(p, "MEM_BW_READS,UNCORE_FREQ", &m, err, sizeof err), 0);
	unsigned long terms = upm_spec_parses - before; /* each metric's terms, parsed once */
	upm_metric_list_free(&m);
	CHECK(terms >= 2);
	CHECK_EQ(run_counting("--backend mock --platform snbep run --seconds 0.001 --events "
			      "imc/CAS_COUNT.RD/,cbo/CLOCKTICKS/ --metrics MEM_BW_READS,UNCORE_FREQ,MEM_BW_READS",
			      &parses), 0);
	CHECK_EQ(parses, 2 + terms);
	CHECK_EQ(run_counting("--backend mock --platform snbep run --kernel read --size 32M --iterations 2 "
			      "--events imc/CAS_COUNT.RD/,cbo/CLOCKTICKS/ --metrics MEM_BW_READS,UNCORE_FREQ",
			      &parses), 0);
	CHECK_EQ(parses, 2 + terms);
	/* --interval's console tells memory events apart by the platform's own memory specs
	 * (its health-check profile: core/commands/run_interval.c), parsed once per run too;
	 * the samples add none. */
	struct upm_spec profile[16];
	before = upm_spec_parses;
	CHECK(upm_spec_parse_list(p, p->check->mem_read, profile, 16, err, sizeof err) > 0);
	CHECK(upm_spec_parse_list(p, p->check->mem_write, profile, 16, err, sizeof err) > 0);
	unsigned long mem = upm_spec_parses - before;
	CHECK_EQ(run_counting("--backend mock --platform snbep run --interval 10 --count 3 --events "
			      "imc/CAS_COUNT.RD/,cbo/CLOCKTICKS/ --metrics MEM_BW_READS,UNCORE_FREQ",
			      &parses), 0);
	CHECK_EQ(parses, 2 + terms + mem);
}

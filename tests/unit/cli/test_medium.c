/* Files on a medium whose driver refuses renames or loses the renamed entry, and runs
 * numbered on the medium when the clock does not answer (core/cli/medium.c,
 * core/cli/run_folder.c), on the host's medium model (core/host/os_host.h). */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "tests/unit/test.h"
#include "core/cli/invocation.h"
#include "core/host/os_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	static char buf[8192];
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = 0;
	return f ? buf : NULL;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static int exists(const char *dir, const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

/* Removes dir and what a test left in it. */
static void clean(const char *dir)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	CHECK_EQ(system(cmd), 0);
}

TEST(medium_rename_refused_writes_in_place)
{
	char dir[] = "/tmp/upmon-medium-XXXXXX", path[512];
	struct upm_medium_renames m;
	memset(&m, 0, sizeof m);
	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/a.csv", dir);
	upm_host_medium_renames(UPM_HOST_RENAME_REFUSED);
	CHECK_EQ(upm_medium_write_file(&m, path, "first,row\n", 10), UPM_OK);
	CHECK_EQ(m.refused, 1);
	CHECK_EQ(m.status, UPM_EIO);
	CHECK_STR(m.file, path);
	CHECK_STR(slurp(path), "first,row\n");
	CHECK(!exists(dir, "a.csv.tmp")); /* a copy once the file is in place */
	/* Later files go in place at once, whatever the medium does now; the first refusal
	 * is the one said. */
	upm_host_medium_renames(UPM_HOST_RENAME_WORKS);
	snprintf(path, sizeof path, "%s/b.json", dir);
	CHECK_EQ(upm_medium_write_file(&m, path, "{}\n", 3), UPM_OK);
	CHECK_STR(slurp(path), "{}\n");
	CHECK(!exists(dir, "b.json.tmp"));
	CHECK(strstr(m.file, "a.csv") != NULL);
	clean(dir);
}

TEST(medium_rename_that_loses_the_file_rewrites_it_whole)
{
	char dir[] = "/tmp/upmon-medium-XXXXXX", path[512];
	struct upm_medium_renames m;
	memset(&m, 0, sizeof m);
	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/runs.csv", dir);
	put(path, "old\n");
	/* Over a file that was there: the rename took the target and lost the new entry;
	 * the complete new content is written under the name. */
	upm_host_medium_renames(UPM_HOST_RENAME_LOST);
	CHECK_EQ(upm_medium_write_file(&m, path, "old\nnew\n", 8), UPM_OK);
	upm_host_medium_renames(UPM_HOST_RENAME_WORKS);
	CHECK_EQ(m.refused, 1);
	CHECK_EQ(m.status, UPM_OK); /* reported done: lost, not refused */
	CHECK_STR(slurp(path), "old\nnew\n");
	CHECK(!exists(dir, "runs.csv.tmp"));
	clean(dir);
}

TEST(medium_that_renames_keeps_the_temporary_name_scheme)
{
	char dir[] = "/tmp/upmon-medium-XXXXXX", path[512];
	struct upm_medium_renames m;
	memset(&m, 0, sizeof m);
	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/a.txt", dir);
	CHECK_EQ(upm_medium_write_file(&m, path, "x\n", 2), UPM_OK);
	CHECK_EQ(m.refused, 0);
	CHECK_STR(slurp(path), "x\n");
	CHECK(!exists(dir, "a.txt.tmp"));
	/* A write-protected medium refuses the file itself: that is no rename's refusal. */
	upm_host_medium_read_only(1);
	snprintf(path, sizeof path, "%s/b.txt", dir);
	CHECK_EQ(upm_medium_write_file(&m, path, "y\n", 2), UPM_EROFS);
	upm_host_medium_read_only(0);
	CHECK_EQ(m.refused, 0);
	CHECK(!exists(dir, "b.txt"));
	clean(dir);
}

/* Every file of a run saved whole, the refusal said once as a warning (the console and
 * upmon.log), and no results file counted as refused. */
TEST(save_with_renames_refused_says_it_once)
{
	char dir[] = "/tmp/upmon-medium-XXXXXX";
	struct upm_run r;
	struct upm_buf content;
	memset(&r, 0, sizeof r);
	CHECK(mkdtemp(dir) != NULL);
	upm_buf_init(&r.log);
	upm_buf_init(&content);
	r.out_dir = dir;
	upm_buf_puts(&content, "a,b\n1,2\n");
	upm_host_medium_renames(UPM_HOST_RENAME_REFUSED);
	CHECK_EQ(upm_save(&r, "counters.csv", &content), UPM_OK);
	CHECK_EQ(upm_save(&r, "results.json", &content), UPM_OK);
	upm_host_medium_renames(UPM_HOST_RENAME_WORKS);
	CHECK_EQ(r.media_error, 0);
	CHECK_EQ(r.files_saved, 2);
	CHECK_EQ(r.files_refused, 0);
	CHECK_CONTAINS(r.log.data, "upmon: warning: the medium refused to rename ");
	CHECK_CONTAINS(r.log.data, "/counters.csv.tmp to its name (EIO): this run's files are written in place, "
				   "directly under their names (a cut while one is written can leave it partial)\n");
	const char *second = strstr(r.log.data, "refused to rename");
	CHECK(second && !strstr(second + 1, "refused to rename"));
	char path[512];
	snprintf(path, sizeof path, "%s/counters.csv", dir);
	CHECK_STR(slurp(path), "a,b\n1,2\n");
	snprintf(path, sizeof path, "%s/results.json", dir);
	CHECK_STR(slurp(path), "a,b\n1,2\n");
	upm_buf_free(&r.log);
	upm_buf_free(&content);
	clean(dir);
}

/* runs.csv in the header of before the backend columns is rewritten once; with renames
 * refused it is rewritten in place from the complete content: every earlier row kept. */
TEST(runs_index_upgrade_with_renames_refused_keeps_every_row)
{
	char dir[] = "/tmp/upmon-medium-XXXXXX", path[512];
	struct upm_run r;
	memset(&r, 0, sizeof r);
	CHECK(mkdtemp(dir) != NULL);
	upm_buf_init(&r.log);
	snprintf(path, sizeof path, "%s/runs.csv", dir);
	put(path, "start,serial,command,verdict,exit_status,folder\n"
		  "2026-01-01T00:00:00Z,S1,check,PASS,0,one\n"
		  "2026-01-02T00:00:00Z,S1,info,,0,two\n");
	r.out_parent = dir;
	r.opts.command = "info";
	r.ident.start = (struct upm_wall_time){ 2026, 11, 23, 4, 52, 45, 0, 1 };
	r.ident.start_ok = 1;
	upm_machine_unavailable(&r.ident.machine, "test");
	upm_host_medium_renames(UPM_HOST_RENAME_REFUSED);
	upm_run_folder_open(&r);
	upm_run_index_append(&r);
	upm_host_medium_renames(UPM_HOST_RENAME_WORKS);
	char want[512];
	snprintf(want, sizeof want,
		 "start,serial,command,verdict,exit_status,folder,backend,dry_run\n"
		 "2026-01-01T00:00:00Z,S1,check,PASS,0,one\n"
		 "2026-01-02T00:00:00Z,S1,info,,0,two\n"
		 "2026-11-23T04:52:45Z,,info,,0,%s,,\n", r.run_name);
	CHECK_STR(slurp(path), want);
	CHECK_EQ(r.media_error, 0);
	CHECK_CONTAINS(r.log.data, "runs.csv.tmp to its name (EIO)");
	CHECK(!exists(dir, "runs.csv.tmp"));
	upm_buf_free(&r.log);
	clean(dir);
}

/* A run without a clock under dir, its folder opened and its row added. */
static void notime_run(const char *dir, struct upm_run *r)
{
	memset(r, 0, sizeof *r);
	upm_buf_init(&r->log);
	r->out_parent = dir;
	r->opts.command = "info";
	r->ident.start_ok = 0;
	upm_machine_unavailable(&r->ident.machine, "test");
	upm_run_folder_open(r);
	upm_run_index_append(r);
	upm_buf_free(&r->log);
}

TEST(no_clock_runs_are_numbered_on_the_medium)
{
	char dir[] = "/tmp/upmon-medium-XXXXXX", path[512];
	struct upm_run r;
	CHECK(mkdtemp(dir) != NULL);
	CHECK_EQ(upm_run_notime_next(dir), 1);
	notime_run(dir, &r);
	CHECK(strncmp(r.run_name, "notime-0000001-", 15) == 0);
	CHECK(strstr(r.run_name, "-info") != NULL);
	CHECK_EQ(r.media_error, 0);
	struct stat st;
	CHECK(stat(r.run_dir, &st) == 0 && S_ISDIR(st.st_mode));
	snprintf(path, sizeof path, "%s/runs-notime-counter.txt", dir);
	CHECK_STR(slurp(path), "1\n");
	/* Past a million: the counter goes on, the names still sort (seven digits). */
	put(path, "999999\n");
	notime_run(dir, &r);
	CHECK(strncmp(r.run_name, "notime-1000000-", 15) == 0);
	CHECK_STR(slurp(path), "1000000\n");
	/* The counter lost: runs.csv's folders say where the numbers are. */
	remove(path);
	CHECK_EQ(upm_run_notime_next(dir), 1000001);
	/* A number a folder already holds is skipped, never reused. */
	put(path, "1000004\n");
	char taken[512];
	const char *machine_cmd = r.run_name + 15; /* "<machine>-info" */
	snprintf(taken, sizeof taken, "%s/notime-1000005-%.120s", dir, machine_cmd);
	CHECK_EQ(mkdir(taken, 0777), 0);
	notime_run(dir, &r);
	CHECK(strncmp(r.run_name, "notime-1000006-", 15) == 0);
	CHECK_STR(slurp(path), "1000006\n");
	snprintf(path, sizeof path, "%s/runs.csv", dir);
	const char *csv = slurp(path);
	CHECK(csv != NULL);
	CHECK_CONTAINS(csv, "unknown,,info,,0,notime-0000001-");
	CHECK_CONTAINS(csv, "unknown,,info,,0,notime-1000006-");
	clean(dir);
}

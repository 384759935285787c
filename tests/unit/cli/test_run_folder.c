/* The run's folder, runs.csv and the time stamps that name them (core/cli/run_folder.c,
 * core/cli/identity.c). */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "tests/unit/test.h"
#include "core/cli/invocation.h"

#include <unistd.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

TEST(wall_time_iso_and_utc)
{
	char buf[40];
	struct upm_wall_time t = { 2026, 1, 1, 0, 30, 5, 60, 1 }, u;
	upm_wall_time_iso(&t, 1, buf, sizeof buf);
	CHECK_STR(buf, "2026-01-01T00:30:05+01:00");
	upm_wall_time_utc(&t, &u); /* an hour east of UTC, just after midnight: the day before */
	upm_wall_time_iso(&u, 1, buf, sizeof buf);
	CHECK_STR(buf, "2025-12-31T23:30:05Z");
	struct upm_wall_time w = { 2024, 2, 28, 22, 0, 0, -180, 1 }; /* 3 h west: leap day */
	upm_wall_time_utc(&w, &u);
	upm_wall_time_iso(&u, 1, buf, sizeof buf);
	CHECK_STR(buf, "2024-02-29T01:00:00Z");
	struct upm_wall_time local = { 2026, 11, 23, 5, 0, 0, 0, 0 }; /* firmware without a zone */
	upm_wall_time_iso(&local, 1, buf, sizeof buf);
	CHECK_STR(buf, "2026-11-23T05:00:00");
	upm_wall_time_iso(&local, 0, buf, sizeof buf);
	CHECK_STR(buf, "unknown");
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	static char buf[4096];
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = 0;
	return buf;
}

TEST(run_folder_suffix_and_index)
{
	char dir[] = "/tmp/upmon-runs-XXXXXX", path[512];
	struct upm_run a, b;
	CHECK(mkdtemp(dir) != NULL);
	for (int i = 0; i < 2; i++) {
		struct upm_run *r = i ? &b : &a;
		memset(r, 0, sizeof *r);
		r->out_parent = dir;
		r->opts.command = "check";
		r->ident.start = (struct upm_wall_time){ 2026, 11, 23, 4, 52, 45, 0, 1 };
		r->ident.start_ok = 1;
		upm_machine_unavailable(&r->ident.machine, "test");
		upm_strlcpy(r->ident.machine.serial, "ignored", sizeof r->ident.machine.serial);
		upm_run_folder_open(r);
		r->ident.verdict = "PASS";
		r->ident.exit_status = 0;
		upm_run_index_append(r);
		upm_buf_free(&r->log);
	}
	const char *host = upm_os_host_name();
	CHECK(strncmp(a.run_name, "20261123-045245-", 16) == 0);
	CHECK(strstr(a.run_name, "-check") != NULL && host && strstr(a.run_name, host) != NULL);
	snprintf(path, sizeof path, "%s-2", a.run_name);
	CHECK_STR(b.run_name, path); /* the same second: the next suffix, never the same folder */
	CHECK_STR(a.out_dir, a.run_dir);
	struct stat st;
	CHECK(stat(a.run_dir, &st) == 0 && S_ISDIR(st.st_mode));
	CHECK(stat(b.run_dir, &st) == 0 && S_ISDIR(st.st_mode));
	snprintf(path, sizeof path, "%s/runs.csv", dir);
	const char *csv = slurp(path);
	char want[512];
	snprintf(want, sizeof want,
		 "start,serial,command,verdict,exit_status,folder,backend,dry_run\n"
		 "2026-11-23T04:52:45Z,,check,PASS,0,%s,,\n" /* no backend made: none named */
		 "2026-11-23T04:52:45Z,,check,PASS,0,%s,,\n", a.run_name, b.run_name);
	CHECK_STR(csv, want);
	remove(path);
	rmdir(a.run_dir);
	rmdir(b.run_dir);
	rmdir(dir);
}

/* The identity writers take everything from the run's record: mixed microcode, dry run
 * and injected faults on the console's first lines, in results.json and in CSV files. */
TEST(identity_writers_from_the_record)
{
	struct upm_run r;
	char *argv[] = { "upmon", "--dry-run", "check" };
	struct upm_buf json, csv;
	memset(&r, 0, sizeof r);
	upm_buf_init(&r.log);
	upm_buf_init(&json);
	upm_buf_init(&csv);
	upm_strlcpy(r.cpu.vendor, "GenuineIntel", sizeof r.cpu.vendor);
	r.cpu.family = 6;
	r.cpu.model = 0x3e;
	r.cpu.microcode = 0x42c;
	r.n_sockets = 2;
	r.opts.command = "check";
	r.opts.backend = UPM_BACKEND_MOCK;
	r.opts.mock_faults = "stuck=cbo0.ctr0";
	r.opts.dry_run = 1;
	r.ident.argc = 3;
	r.ident.argv = argv;
	r.ident.start = (struct upm_wall_time){ 2026, 11, 23, 4, 52, 45, 0, 1 };
	r.ident.start_ok = 1; /* a clock: no NO CLOCK line (tests/unit/cli/test_medium.c) */
	r.ident.microcode[0] = 0x42c;
	r.ident.microcode[1] = 0x428;
	r.ident.microcode_ok[0] = r.ident.microcode_ok[1] = 1;
	upm_machine_unavailable(&r.ident.machine, "no SMBIOS table");
	upm_ident_say(&r);
	upm_ident_json(&r, &json);
	upm_ident_csv(&r, &csv);
	/* The warnings right after the first line (and its continuation, wrapped within 80
	 * columns, when the revision is long). */
	const char *second = r.log.data ? strchr(r.log.data, '\n') : NULL;
	while (second && strncmp(second + 1, "identity:   ", 12) == 0)
		second = strchr(second + 1, '\n');
	CHECK(second && strncmp(second + 1, "identity: DRY RUN: ", 19) == 0);
	CHECK_CONTAINS(r.log.data, "identity: MOCK FAULTS INJECTED: stuck=cbo0.ctr0\n");
	/* Wrapped within 80 columns, its continuation under "identity:   ". */
	CHECK_CONTAINS(r.log.data, "identity: processor: GenuineIntel 06_3EH stepping 0, microcode 0x42c (socket 0\n"
				   "identity:   0x42c, socket 1 0x428)");
	CHECK_CONTAINS(r.log.data, "identity: command line: upmon --dry-run check\n");
	CHECK_CONTAINS(r.log.data, "identity: machine: unavailable (no SMBIOS table)\n");
	CHECK_CONTAINS(json.data, "\"microcode_per_socket\": [1068, 1064]");
	CHECK_CONTAINS(json.data, "\"command_line\": [\"upmon\", \"--dry-run\", \"check\"]");
	CHECK_CONTAINS(json.data, "\"machine\": {\"available\": false, \"reason\": \"no SMBIOS table\"}");
	CHECK_CONTAINS(json.data, "\"mock_faults\": \"stuck=cbo0.ctr0\",\n  \"replay_of\": null,\n  \"replay_divergence\": null,\n"
				  "  \"dry_run\": true");
	CHECK_CONTAINS(csv.data, "# MOCK FAULTS INJECTED: stuck=cbo0.ctr0\n# DRY RUN: ");
	CHECK_CONTAINS(csv.data, "microcode 0x42c (socket 0 0x42c, socket 1 0x428); platform unsupported; backend mock\n");
	upm_buf_free(&r.log);
	upm_buf_free(&json);
	upm_buf_free(&csv);
}

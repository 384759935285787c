/* A fleet read from results.json texts (core/fleet/fleet.h): runs grouped by processor SKU
 * and platform, each number a series over its group's machines, a machine's older run set
 * aside, mock, replay and dry runs and unreadable files kept out of the statistics and
 * listed, the serial taken from the run folder's name. */
#include "tests/unit/test.h"
#include "core/fleet/fleet.h"

#include <stdio.h>

/* A check's results.json as upmon writes it, cut to what fleet reads. */
static void check_json(char *buf, size_t size, const char *serial, const char *brand, const char *platform,
		       const char *backend, const char *start, double gbps, double measured)
{
	snprintf(buf, size,
		 "{\"schema\": 2, \"tool\": \"upmon\", \"command\": \"check\", \"start\": \"%s\", "
		 "\"folder\": \"20261129-120000-%s-check\", \"machine\": {\"available\": false}, "
		 "\"processor\": {\"brand\": \"%s\", \"signature\": \"06_2DH\"}, \"platform\": \"%s\", "
		 "\"backend\": \"%s\", \"dry_run\": false, \"aborted\": false, "
		 "\"kernels\": [{\"kernel\": \"read\", \"gbps\": %.3f}], "
		 "\"verdicts\": ["
		 "{\"socket\": 0, \"box\": \"imc\", \"instance\": null, \"check\": \"memory.read\", \"result\": \"PASS\", "
		 "\"measured\": %.1f, \"unit\": \"bytes\", \"pass\": 1},"
		 "{\"socket\": 0, \"box\": \"cbo\", \"instance\": 3, \"check\": \"selftest.count\", \"result\": \"PASS\", "
		 "\"measured\": 1000, \"unit\": \"counts\", \"pass\": 1},"
		 "{\"socket\": 1, \"box\": \"imc\", \"instance\": 2, \"check\": \"memory.channel\", \"result\": \"N/A\", "
		 "\"measured\": null, \"unit\": null, \"pass\": 1}]}",
		 start, serial, brand, platform, backend, gbps, measured);
}

static void add(struct upm_fleet *f, const char *path, const char *text)
{
	struct upm_fleet_run run;
	upm_fleet_run_read(path, text, text ? strlen(text) : 0, "could not be read (EIO)", &run);
	CHECK_EQ(upm_fleet_add(f, &run), 0);
}

static const struct upm_fleet_series *find(const struct upm_fleet *f, const char *sku, const char *name)
{
	for (unsigned i = 0; i < f->n_series; i++)
		if (!strcmp(f->series[i].first->sku, sku) && !strcmp(f->series[i].key->name, name))
			return &f->series[i];
	return NULL;
}

TEST(fleet_groups_by_sku_and_flags_the_low_board)
{
	struct upm_fleet f;
	char text[2048], path[64], serial[16];
	static const char *const gold = "Intel(R) Xeon(R) Gold 6430", *e5 = "Intel(R) Xeon(R) CPU E5-2680 0 @ 2.70GHz";
	upm_fleet_init(&f, "lab");
	/* Six Gold boards, SN5 at 85% of the others' bandwidth. */
	static const double gold_gbps[6] = { 100.0, 101.0, 99.0, 100.5, 99.5, 85.0 };
	for (unsigned i = 0; i < 6; i++) {
		snprintf(serial, sizeof serial, "SN%u", i);
		snprintf(path, sizeof path, "m%u/results.json", i);
		check_json(text, sizeof text, serial, gold, "spr", "hw", "2026-11-29T12:00:00Z", gold_gbps[i], 4194304.0);
		add(&f, path, text);
	}
	/* Three E5 boards at a third of that: their own group, no outlier. */
	static const double e5_gbps[3] = { 30.0, 31.0, 30.5 };
	for (unsigned i = 0; i < 3; i++) {
		snprintf(serial, sizeof serial, "E5-%u", i);
		snprintf(path, sizeof path, "e%u/results.json", i);
		check_json(text, sizeof text, serial, e5, "snbep", "hw", "2026-11-29T12:00:00Z", e5_gbps[i], 4194304.0);
		add(&f, path, text);
	}
	/* SN5's earlier run, slower still: superseded by its latest, never counted. */
	check_json(text, sizeof text, "SN5", gold, "spr", "hw", "2026-11-28T08:00:00Z", 10.0, 4194304.0);
	add(&f, "old/results.json", text);
	/* A mock run of the same SKU at half the bandwidth: left out, not an outlier. */
	check_json(text, sizeof text, "vm", gold, "spr", "mock", "2026-11-29T12:00:00Z", 50.0, 4194304.0);
	add(&f, "mock/results.json", text);
	add(&f, "broken/results.json", "{\"tool\": \"upmon\", \"schema\": 2,");
	add(&f, "other/results.json", "{\"tool\": \"perf\"}");
	add(&f, "gone/results.json", NULL);

	CHECK_EQ(upm_fleet_compare(&f), 0);
	CHECK_EQ(f.n_runs, 14);
	CHECK_EQ(f.n_groups, 2);
	CHECK_EQ(f.n_machines, 9);
	CHECK_EQ(f.n_state[UPM_FLEET_COMPARED], 9);
	CHECK_EQ(f.n_state[UPM_FLEET_SUPERSEDED], 1);
	CHECK_EQ(f.n_state[UPM_FLEET_MOCK], 1);
	CHECK_EQ(f.n_state[UPM_FLEET_UNREADABLE], 3);
	/* Per group: kernel read and memory.read; no selftest count, no N/A verdict. */
	CHECK_EQ(f.n_series, 4);
	const struct upm_fleet_series *s = find(&f, gold, "kernel read");
	CHECK(s != NULL);
	if (s) {
		CHECK_EQ(s->st.n, 6);
		CHECK(s->st.median == 99.75);
		CHECK(s->st.mad == 0.75);
		CHECK(s->st.min == 85.0 && s->st.max == 101.0);
		CHECK_EQ(s->n_outliers, 1);
		for (unsigned k = 0; k < s->n; k++)
			if (s->outlier[k]) {
				CHECK_STR(f.runs[s->runs[k]].serial, "SN5");
				CHECK_STR(f.runs[s->runs[k]].folder, "m5");
			}
		CHECK_STR(s->key->unit, "GB/s");
		CHECK_EQ(s->key->socket, -1);
	}
	s = find(&f, e5, "kernel read");
	CHECK(s != NULL && s->st.n == 3 && s->n_outliers == 0 && s->st.median == 30.5);
	s = find(&f, gold, "memory.read");
	CHECK(s != NULL && s->st.n == 6 && s->n_outliers == 0 && s->key->socket == 0 && s->key->instance == -1);
	CHECK_EQ(f.n_outliers, 1);
	/* The series are in order: SKU, then the number's name. */
	CHECK_STR(f.series[0].first->sku, e5);
	CHECK_STR(f.series[2].first->sku, gold);
	CHECK_STR(f.series[2].key->name, "kernel read");
	/* Why each run is not compared. */
	for (unsigned i = 0; i < f.n_runs; i++) {
		const struct upm_fleet_run *r = &f.runs[i];
		if (!strcmp(r->path, "old/results.json")) {
			CHECK_EQ(r->state, UPM_FLEET_SUPERSEDED);
			CHECK_CONTAINS(r->why, "its latest, m5, counts");
		} else if (!strcmp(r->path, "broken/results.json")) {
			CHECK_STR(r->why, "bad JSON at byte 30: an object member without a key string");
		} else if (!strcmp(r->path, "other/results.json")) {
			CHECK_CONTAINS(r->why, "not upmon's results.json");
		} else if (!strcmp(r->path, "gone/results.json")) {
			CHECK_STR(r->why, "could not be read (EIO)");
		} else if (!strcmp(r->path, "mock/results.json")) {
			CHECK_EQ(r->state, UPM_FLEET_MOCK);
			CHECK_STR(r->serial, "vm");
		}
	}
	upm_fleet_free(&f);
}

TEST(fleet_run_states_and_serials)
{
	struct upm_fleet_run run;
	char text[2048];
	check_json(text, sizeof text, "SN1", "Xeon", "snbep", "replay", "x", 1, 1);
	upm_fleet_run_read("r/results.json", text, strlen(text), "", &run);
	CHECK_EQ(run.state, UPM_FLEET_REPLAY);
	CHECK_STR(run.folder, "r");
	upm_fleet_run_free(&run);
	/* A serial with dashes, a folder numbered -2, and the schema checked. */
	const char *t = "{\"schema\": 2, \"tool\": \"upmon\", \"command\": \"run\", \"folder\": "
			"\"notime-0000012-AB-12-run-2\", \"processor\": {\"brand\": \"  Intel(R)  Xeon(R)   \"}, "
			"\"platform\": null, \"backend\": \"hw\", \"dry_run\": false, \"metrics\": [{\"socket\": 1, "
			"\"name\": \"MEM_BW_READS\", \"kernel\": \"read\", \"unit\": \"bytes/s\", \"value\": 5e9, "
			"\"reported\": true}, {\"socket\": 0, \"name\": \"X\", \"unit\": \"ns\", \"value\": null}]}";
	upm_fleet_run_read("results.json", t, strlen(t), "", &run);
	CHECK_EQ(run.state, UPM_FLEET_COMPARED);
	CHECK_STR(run.serial, "AB-12");
	CHECK_STR(run.sku, "Intel(R) Xeon(R)");
	CHECK_STR(run.platform, "none");
	CHECK_STR(run.folder, ".");
	CHECK_EQ(run.n_metrics, 1);
	CHECK_STR(run.metrics[0].name, "MEM_BW_READS kernel read");
	CHECK_EQ(run.metrics[0].socket, 1);
	upm_fleet_run_free(&run);
	const char *s3 = "{\"schema\": 3, \"tool\": \"upmon\"}";
	upm_fleet_run_read("results.json", s3, strlen(s3), "", &run);
	CHECK_EQ(run.state, UPM_FLEET_UNREADABLE);
	CHECK_CONTAINS(run.why, "schema 3: this upmon reads schema 2");
	const char *info = "{\"schema\": 2, \"tool\": \"upmon\", \"command\": \"info\", \"folder\": "
			   "\"20261129-120000-host1-info\", \"processor\": {\"brand\": \"Xeon\"}, \"backend\": \"hw\"}";
	upm_fleet_run_read("results.json", info, strlen(info), "", &run);
	CHECK_EQ(run.state, UPM_FLEET_NO_NUMBERS);
	CHECK_STR(run.serial, "host1");
	CHECK_STR(run.why, "info: no measured numbers to compare");
}

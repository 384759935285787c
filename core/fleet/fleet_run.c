/* One results.json read back (fleet.h): its identity, whether its numbers count, and its
 * numbers: the measured values of check's kernel-stage verdicts (uclk, memory.*, llc.*,
 * link.*, perf.*), check's kernels' bandwidth and run's metrics (docs/fleet.md, What it
 * reads). */
#include "core/fleet/fleet.h"

#define UPM_FLEET_MAX_METRICS 8192u

static const char *const state_names[UPM_FLEET_STATES] = {
	"compared", "mock", "replay", "dry-run", "superseded", "no-numbers", "unreadable",
};

const char *upm_fleet_state_name(enum upm_fleet_state s)
{
	return (unsigned)s < UPM_FLEET_STATES ? state_names[s] : "?";
}

/* A string member into buf, its spaces trimmed and runs of them made one (processor brand
 * strings are padded); "" when missing or no string. */
static void member_text(const struct upm_json *j, int obj, const char *key, char *buf, size_t size)
{
	char raw[256];
	upm_json_string(j, upm_json_get(j, obj, key), raw, sizeof raw);
	size_t k = 0;
	for (const char *s = raw; *s && k + 1 < size; s++) {
		if (*s == ' ' && (k == 0 || buf[k - 1] == ' '))
			continue;
		buf[k++] = (*s == '\t' || *s == '\n' || *s == '\r') ? ' ' : *s;
	}
	while (k > 0 && buf[k - 1] == ' ')
		k--;
	if (size)
		buf[k] = 0;
}

static int is_digits(const char *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* The serial part of a run folder's name, <time>-<serial>-<command>[-N]
 * (docs/results.md, A folder per run): 0, or -1 when the name is not of that form. */
static int serial_of_folder(const char *folder, const char *command, char *buf, size_t size)
{
	const char *s = folder;
	if (upm_starts_with(s, "notime-")) {
		s += 7;
		if (!is_digits(s, 1))
			return -1;
		while (is_digits(s, 1))
			s++;
		if (*s++ != '-')
			return -1;
	} else if (upm_strlen(s) > 16 && is_digits(s, 8) && s[8] == '-' && is_digits(s + 9, 6) && s[15] == '-') {
		s += 16;
	} else {
		return -1;
	}
	size_t n = upm_strlen(s), c = upm_strlen(command);
	if (!c)
		return -1;
	/* The last "-<command>" followed by the end or by "-<digits>". */
	for (size_t at = n; at-- > 0;) {
		if (s[at] != '-' || at + 1 + c > n || upm_memcmp(s + at + 1, command, c) != 0)
			continue;
		const char *rest = s + at + 1 + c;
		int ok = !*rest;
		if (*rest == '-' && rest[1]) {
			ok = 1;
			for (const char *d = rest + 1; *d; d++)
				ok &= *d >= '0' && *d <= '9';
		}
		if (ok && at > 0) {
			upm_snprintf(buf, size, "%.*s", (int)at, s);
			return 0;
		}
	}
	return -1;
}

static int has_prefix_of_kernel_stage(const char *check)
{
	return upm_strcmp(check, "uclk") == 0 || upm_starts_with(check, "memory.") || upm_starts_with(check, "llc.") ||
	       upm_starts_with(check, "link.") || upm_starts_with(check, "perf.");
}

static int int_member(const struct upm_json *j, int obj, const char *key)
{
	double v;
	if (upm_json_number(j, upm_json_get(j, obj, key), &v) < 0 || v < 0 || v > 1e6)
		return -1;
	return (int)v;
}

/* Adds one number (when there is room and it is a number). */
static void add_metric(struct upm_fleet_run *run, unsigned cap, const char *name, const char *box, int instance,
		       int socket, const char *unit, double value)
{
	if (!run->metrics || run->n_metrics >= cap || value != value)
		return;
	struct upm_fleet_metric *m = &run->metrics[run->n_metrics++];
	upm_strlcpy(m->name, name, sizeof m->name);
	upm_strlcpy(m->box, box, sizeof m->box);
	m->instance = instance;
	m->socket = socket;
	upm_strlcpy(m->unit, unit, sizeof m->unit);
	m->value = value;
}

/* The numbers of root: counted when run->metrics is NULL (the count returned), else
 * filled up to cap. */
static unsigned numbers(const struct upm_json *j, int root, struct upm_fleet_run *run, unsigned cap)
{
	unsigned n = 0;
	char name[48], box[16], unit[16], kernel[32];
	double v;
	int verdicts = upm_json_get(j, root, "verdicts");
	for (unsigned i = 0; i < upm_json_count(j, verdicts); i++) {
		int e = upm_json_at(j, verdicts, i);
		member_text(j, e, "check", name, sizeof name);
		if (!has_prefix_of_kernel_stage(name) || upm_json_string_is(j, upm_json_get(j, e, "result"), "N/A") ||
		    upm_json_number(j, upm_json_get(j, e, "measured"), &v) < 0)
			continue;
		int pass = upm_json_get(j, e, "pass");
		double p;
		if (pass >= 0 && upm_json_number(j, pass, &p) == 0 && p != 1.0)
			continue; /* a burn-in counts by its first pass, as results.json's kernels */
		member_text(j, e, "box", box, sizeof box);
		member_text(j, e, "unit", unit, sizeof unit);
		n++;
		add_metric(run, cap, name, box, int_member(j, e, "instance"), int_member(j, e, "socket"), unit, v);
	}
	int kernels = upm_json_get(j, root, "kernels");
	for (unsigned i = 0; i < upm_json_count(j, kernels); i++) {
		int e = upm_json_at(j, kernels, i);
		member_text(j, e, "kernel", kernel, sizeof kernel);
		if (!kernel[0] || upm_json_number(j, upm_json_get(j, e, "gbps"), &v) < 0)
			continue;
		upm_snprintf(name, sizeof name, "kernel %s", kernel);
		n++;
		add_metric(run, cap, name, "", -1, -1, "GB/s", v);
	}
	/* run's metrics, each over a socket; with --kernel, per kernel. */
	int metrics = upm_json_get(j, root, "metrics");
	for (unsigned i = 0; upm_json_string_is(j, upm_json_get(j, root, "command"), "run") &&
			     i < upm_json_count(j, metrics);
	     i++) {
		int e = upm_json_at(j, metrics, i);
		char metric[40];
		member_text(j, e, "name", metric, sizeof metric);
		member_text(j, e, "kernel", kernel, sizeof kernel);
		if (!metric[0] || upm_json_bool(j, upm_json_get(j, e, "reported")) == 0 ||
		    upm_json_number(j, upm_json_get(j, e, "value"), &v) < 0)
			continue;
		if (kernel[0])
			upm_snprintf(name, sizeof name, "%s kernel %s", metric, kernel);
		else
			upm_snprintf(name, sizeof name, "%s", metric);
		member_text(j, e, "unit", unit, sizeof unit);
		n++;
		add_metric(run, cap, name, "", -1, int_member(j, e, "socket"), unit, v);
	}
	return n;
}

static void set_state(struct upm_fleet_run *run, enum upm_fleet_state state, const char *why)
{
	run->state = state;
	upm_strlcpy(run->why, why, sizeof run->why);
}

void upm_fleet_run_read(const char *path, const void *data, size_t len, const char *read_why,
			struct upm_fleet_run *run)
{
	upm_memset(run, 0, sizeof *run);
	upm_strlcpy(run->path, path ? path : "", sizeof run->path);
	upm_strlcpy(run->folder, run->path, sizeof run->folder);
	size_t n = upm_strlen(run->folder);
	if (n >= 12 && upm_strcmp(run->folder + n - 12, "results.json") == 0)
		run->folder[n >= 13 ? n - 13 : 0] = 0;
	if (!run->folder[0])
		upm_strlcpy(run->folder, ".", sizeof run->folder);
	upm_strlcpy(run->serial, "unknown", sizeof run->serial);
	if (!data) {
		set_state(run, UPM_FLEET_UNREADABLE, read_why && read_why[0] ? read_why : "could not be read");
		return;
	}
	struct upm_json j;
	char err[160];
	if (upm_json_parse(data, len, &j, err, sizeof err) < 0) {
		set_state(run, UPM_FLEET_UNREADABLE, err);
		return;
	}
	int root = 0;
	double schema = 0;
	if (upm_json_type(&j, root) != UPM_JSON_OBJECT || !upm_json_string_is(&j, upm_json_get(&j, root, "tool"), "upmon")) {
		set_state(run, UPM_FLEET_UNREADABLE, "not upmon's results.json (no \"tool\": \"upmon\")");
		goto out;
	}
	if (upm_json_number(&j, upm_json_get(&j, root, "schema"), &schema) < 0 || schema != 2.0) {
		char why[120];
		char num[32];
		upm_fleet_number(num, sizeof num, schema);
		upm_snprintf(why, sizeof why, "results.json schema %s: this upmon reads schema 2", num);
		set_state(run, UPM_FLEET_UNREADABLE, why);
		goto out;
	}
	member_text(&j, root, "command", run->command, sizeof run->command);
	member_text(&j, root, "start", run->start, sizeof run->start);
	member_text(&j, root, "platform", run->platform, sizeof run->platform);
	if (!run->platform[0])
		upm_strlcpy(run->platform, "none", sizeof run->platform);
	int proc = upm_json_get(&j, root, "processor");
	member_text(&j, proc, "brand", run->sku, sizeof run->sku);
	if (!run->sku[0])
		member_text(&j, proc, "signature", run->sku, sizeof run->sku);
	char folder[200], serial[64];
	member_text(&j, root, "folder", folder, sizeof folder);
	if (serial_of_folder(folder, run->command, serial, sizeof serial) == 0) {
		upm_strlcpy(run->serial, serial, sizeof run->serial);
	} else {
		member_text(&j, upm_json_get(&j, upm_json_get(&j, root, "machine"), "system"), "serial", serial,
			    sizeof serial);
		if (serial[0])
			upm_strlcpy(run->serial, serial, sizeof run->serial);
	}
	if (!run->command[0]) {
		set_state(run, UPM_FLEET_UNREADABLE, "no command recorded");
		goto out;
	}
	if (!run->sku[0]) {
		set_state(run, UPM_FLEET_UNREADABLE, "no processor recorded (processor.brand)");
		goto out;
	}
	int backend = upm_json_get(&j, root, "backend");
	if (upm_json_string_is(&j, backend, "mock")) {
		set_state(run, UPM_FLEET_MOCK, "mock backend: simulated registers, no measurement of a machine");
		goto out;
	}
	if (upm_json_string_is(&j, backend, "replay")) {
		set_state(run, UPM_FLEET_REPLAY, "replay of a recording, no measurement of its own");
		goto out;
	}
	if (upm_json_bool(&j, upm_json_get(&j, root, "dry_run")) == 1) {
		set_state(run, UPM_FLEET_DRY_RUN, "dry run: no counter ran");
		goto out;
	}
	if (upm_json_bool(&j, upm_json_get(&j, root, "aborted")) == 1) {
		set_state(run, UPM_FLEET_NO_NUMBERS, "aborted (ESC or Ctrl-C): its numbers are partial");
		goto out;
	}
	unsigned count = numbers(&j, root, run, 0);
	if (count == 0) {
		char why[80];
		upm_snprintf(why, sizeof why, "%s: no measured numbers to compare", run->command);
		set_state(run, UPM_FLEET_NO_NUMBERS, why);
		goto out;
	}
	unsigned cap = count < UPM_FLEET_MAX_METRICS ? count : UPM_FLEET_MAX_METRICS;
	run->metrics = upm_os_alloc(cap * sizeof *run->metrics);
	if (!run->metrics) {
		set_state(run, UPM_FLEET_UNREADABLE, "out of memory for its numbers");
		goto out;
	}
	numbers(&j, root, run, cap);
	run->state = UPM_FLEET_COMPARED;
out:
	upm_json_free(&j);
}

void upm_fleet_run_free(struct upm_fleet_run *run)
{
	if (!run)
		return;
	upm_os_free(run->metrics);
	run->metrics = NULL;
	run->n_metrics = 0;
}

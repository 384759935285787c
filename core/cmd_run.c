/* `run --events SPEC[,SPEC...] [--metrics NAME[,...]] [--seconds S]`: one measured
 * interval per pass (an idle wait until workloads exist), printed and saved. */
#include "core/commands.h"
#include "core/results.h"

#define UPM_MAX_METRIC_VALUES 256

struct idle_interval {
	uint64_t ns;
};

/* Waits the interval and tells a model backend what happened in it: the time that
 * really passed, no traffic. */
static uint64_t idle_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	const struct idle_interval *w = ctx;
	(void)pass;
	uint64_t t0 = upm_os_nanoseconds();
	upm_os_sleep_ns(w->ns);
	uint64_t measured = upm_os_nanoseconds() - t0;
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		struct upm_activity a = { 0 };
		a.socket = sock;
		a.nanoseconds = measured;
		upm_activity(s->run->backend, &a);
	}
	return measured;
}

int upm_cmd_run(struct upm_run *r)
{
	const char *events = NULL, *metric_names = NULL;
	struct idle_interval wait = { 1000000000ull };
	for (int i = 0; i < r->opts.cmd_argc; i++) {
		const char *a = r->opts.cmd_argv[i];
		const char *v = i + 1 < r->opts.cmd_argc ? r->opts.cmd_argv[i + 1] : NULL;
		if (!v && (upm_strcmp(a, "--events") == 0 || upm_strcmp(a, "--metrics") == 0 ||
			   upm_strcmp(a, "--seconds") == 0)) {
			upm_error(r, "run: %s needs a value", a);
			return UPM_EXIT_USAGE;
		}
		if (upm_strcmp(a, "--events") == 0) {
			events = v;
		} else if (upm_strcmp(a, "--metrics") == 0) {
			metric_names = v;
		} else if (upm_strcmp(a, "--seconds") == 0) {
			if (upm_parse_seconds(v, &wait.ns) < 0 || wait.ns == 0) {
				upm_error(r, "run: --seconds takes a positive number of seconds, not '%s'", v);
				return UPM_EXIT_USAGE;
			}
		} else {
			upm_error(r, "run: unknown argument '%s' (see 'upmon help')", a);
			return UPM_EXIT_USAGE;
		}
		i++;
	}
	if (!r->platform) {
		upm_error(r, "unsupported processor (family %u model 0x%02x): use --backend mock --platform NAME",
			  r->cpu.family, r->cpu.model);
		return UPM_EXIT_USAGE;
	}
	struct upm_buf specs;
	char err[200];
	upm_buf_init(&specs);
	if (events)
		upm_buf_puts(&specs, events);
	if (metric_names && upm_metric_specs(r->platform, metric_names, &specs, err, sizeof err) < 0) {
		upm_error(r, "run: %s", err);
		upm_buf_free(&specs);
		return UPM_EXIT_USAGE;
	}
	if (!specs.len) {
		upm_error(r, "run: give --events SPEC[,SPEC...] or --metrics NAME (see 'upmon list events')");
		upm_buf_free(&specs);
		return UPM_EXIT_USAGE;
	}

	struct upm_session s;
	int status = UPM_EXIT_OK;
	if (upm_session_prepare(&s, r, specs.data) < 0) {
		upm_error(r, "run: %s", s.error);
		upm_session_free(&s);
		upm_buf_free(&specs);
		return UPM_EXIT_USAGE;
	}
	upm_say(r, "run: %u event spec%s, %u pass%s of %llu ms on %u socket%s", s.n_specs,
		s.n_specs == 1 ? "" : "s", s.n_passes, s.n_passes == 1 ? "" : "es",
		(unsigned long long)(wait.ns / 1000000u), r->n_sockets, r->n_sockets == 1 ? "" : "s");
	if (upm_session_run(&s, idle_interval, &wait) < 0) {
		upm_error(r, "run: %s", s.error);
		status = UPM_EXIT_FAIL;
	}
	if (s.restore_failures) {
		upm_error(r, "run: %u register(s) could not be restored: see results.json", s.restore_failures);
		status = UPM_EXIT_FAIL;
	}

	struct upm_metric_value *mv = upm_os_alloc(UPM_MAX_METRIC_VALUES * sizeof *mv);
	unsigned n_mv = mv ? upm_metrics_compute(&s, mv, UPM_MAX_METRIC_VALUES) : 0;
	upm_results_print(&s, mv, n_mv);

	struct upm_buf csv, json;
	upm_buf_init(&csv);
	upm_buf_init(&json);
	upm_results_csv(&s, &csv);
	upm_results_json(&s, mv, n_mv, "run", &json);
	upm_save(r, "counters.csv", &csv);
	upm_save(r, "results.json", &json);
	upm_buf_free(&csv);
	upm_buf_free(&json);
	upm_os_free(mv);
	upm_session_free(&s);
	upm_buf_free(&specs);
	return status;
}

/* `run --events SPEC[,SPEC...] [--metrics NAME[,...]] [--group NAME[,...]] [--seconds S]`:
 * one measured interval per pass (an idle wait until workloads exist), printed and saved.
 * A group (list groups) adds its event specs and metrics to what --events and --metrics
 * give; with --interval, its interval form where it has one. Each count is counted once
 * per run, whoever asked for it (core/events/once.h). */
#include "core/commands/commands.h"
#include "core/results/record.h"
#include "platform/base/abort.h"
#include "core/cli/config.h"
#include "core/cli/help.h"
#include "core/cli/console_wrap.h"
#include "core/cli/cli_args.h"
#include "core/commands/run_kernel.h"
#include "core/commands/run_interval.h"
#include "core/events/group.h"
#include "core/session/vouch.h"

struct idle_interval {
	uint64_t ns;
};

static uint64_t idle_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	const struct idle_interval *w = ctx;
	(void)pass;
	return upm_session_idle(s, w->ns); /* ESC/Ctrl-C ends it early */
}

/* "a" then "b" as "a,b": --events, --metrics and --group given again add to the list,
 * as perf's repeated -e does, rather than silently keep only the last. */
static void add_to_list(struct upm_buf *list, const char *v)
{
	if (list->len)
		upm_buf_puts(list, ",");
	upm_buf_puts(list, v);
}

static int run_command(struct upm_run *r, struct upm_buf *events_list, struct upm_buf *metrics_list,
		       struct upm_buf *groups_list);

/* --interval counts every event at once: a group whose whole needs more passes counts its
 * interval form (boxes/group.h), said in one line. */
static void say_interval_form(struct upm_run *r, const struct upm_group *g)
{
	char err[200];
	if (!upm_group_has_interval_form(g))
		return;
	int passes = upm_metrics_passes(r->platform, g->events, g->metrics, err, sizeof err);
	struct upm_buf form;
	upm_buf_init(&form);
	if (g->interval_events)
		upm_buf_printf(&form, "events %s", g->interval_events);
	if (g->interval_metrics)
		upm_buf_printf(&form, "%smetrics %s", form.len ? "; " : "", g->interval_metrics);
	upm_say_wrappedf(r, 5, 0, "run: %s with --interval: its interval form (%s), since the whole group needs %d passes",
			 g->name, form.data ? form.data : "", passes);
	upm_buf_free(&form);
}

int upm_cmd_run(struct upm_run *r)
{
	struct upm_buf events_list, metrics_list, groups_list;
	upm_buf_init(&events_list);
	upm_buf_init(&metrics_list);
	upm_buf_init(&groups_list);
	int st = run_command(r, &events_list, &metrics_list, &groups_list);
	upm_buf_free(&events_list);
	upm_buf_free(&metrics_list);
	upm_buf_free(&groups_list);
	return st;
}

static int run_command(struct upm_run *r, struct upm_buf *events_list, struct upm_buf *metrics_list,
		       struct upm_buf *groups_list)
{
	const char *events = NULL, *metric_names = NULL, *group_names = NULL;
	struct idle_interval wait = { 1000000000ull };
	struct upm_run_kernel_opts ko; /* --kernel and its options: core/commands/run_kernel.c */
	struct upm_run_interval_opts io; /* --interval, --count, --duration: run_interval.c */
	char kerr[512]; /* the longest, an unknown kernel with the closest and every kernel */
	int kr, seconds_given = 0, per_box = 0;
	upm_run_kernel_opts_init(&ko);
	upm_run_interval_opts_init(&io);
	for (int i = 0; i < r->opts.cmd_argc; i++) {
		const char *a = r->opts.cmd_argv[i];
		if (upm_strcmp(a, "--per-box") == 0) { /* every box instance, not totals */
			per_box = 1;
			continue;
		}
		const char *v = i + 1 < r->opts.cmd_argc ? r->opts.cmd_argv[i + 1] : NULL;
		if (upm_cli_is_option_word(v))
			v = NULL; /* '--events --seconds 1': the value is missing, not '--seconds' */
		int list_option = upm_strcmp(a, "--events") == 0 || upm_strcmp(a, "--metrics") == 0 ||
				  upm_strcmp(a, "--group") == 0;
		if (!v && (list_option || upm_strcmp(a, "--seconds") == 0)) {
			upm_error(r, "run: %s needs a value: %s", a,
				  a[2] == 'e' ? "event specs (--events imc/CAS_COUNT.RD/; 'upmon list events' shows them)"
				  : a[2] == 'm' ? "metric names ('upmon list metrics' shows them)"
				  : a[2] == 'g' ? "a group name ('upmon list groups' shows them)"
						: "seconds, 0.001 to 86400 (--seconds 1)");
			return UPM_EXIT_USAGE;
		}
		if (list_option && !v[0]) { /* joined to another, it would read as a stray comma */
			upm_error(r, "run: %s '' is empty: give it a list, or leave it out", a);
			return UPM_EXIT_USAGE;
		}
		if (upm_strcmp(a, "--events") == 0) {
			add_to_list(events_list, v);
			events = events_list->data;
		} else if (upm_strcmp(a, "--metrics") == 0) {
			add_to_list(metrics_list, v);
			metric_names = metrics_list->data;
		} else if (upm_strcmp(a, "--group") == 0) {
			add_to_list(groups_list, v);
			group_names = groups_list->data;
		} else if (upm_strcmp(a, "--seconds") == 0) {
			/* A day at most: a longer interval is a typo more often than a plan. */
			if (upm_parse_seconds(v, &wait.ns) < 0 || wait.ns < 1000000ull ||
			    wait.ns > 86400ull * 1000000000ull) {
				upm_error(r, "run: --seconds takes 0.001 to 86400 (a day), not '%s'", v);
				return UPM_EXIT_USAGE;
			}
			seconds_given = 1;
		} else if ((kr = upm_run_kernel_option(a, v, &ko, kerr, sizeof kerr)) != 0 ||
			   (kr = upm_run_interval_option(a, v, &io, kerr, sizeof kerr)) != 0) {
			if (kr < 0) {
				upm_error(r, "%s", kerr);
				return UPM_EXIT_USAGE;
			}
		} else {
			char near[120];
			upm_help_suggest_option("run", a, near, sizeof near);
			upm_error(r, "run: unknown argument '%s' (%s%ssee 'upmon help run')", a, near, near[0] ? "; " : "");
			return UPM_EXIT_USAGE;
		}
		i++;
	}
	if (upm_run_interval_check(&io, &ko, seconds_given, kerr, sizeof kerr) < 0) {
		upm_error(r, "%s", kerr);
		return UPM_EXIT_USAGE;
	}
	if (upm_run_kernel_options_orphaned(&ko) || (ko.n_kernels && seconds_given)) {
		upm_error(r, ko.n_kernels ? "run: --seconds does not go with --kernel: the kernel's run is the interval (use --iterations)"
					  : "run: --size, --iterations, --threads, --kernel-sockets and --memory-socket need --kernel NAME");
		return UPM_EXIT_USAGE;
	}
	if (!r->platform) {
		upm_error_unsupported(r);
		return UPM_EXIT_USAGE;
	}
	struct upm_buf specs, group_events, group_metrics;
	char err[300];
	upm_buf_init(&specs);
	upm_buf_init(&group_events);
	upm_buf_init(&group_metrics);
	if (metric_names)
		upm_buf_puts(&group_metrics, metric_names);
	const struct upm_group *named[16];
	unsigned n_named = 0;
	if (group_names && upm_group_expand_as(r->platform, group_names, io.period_ns != 0, &group_events,
					       &group_metrics, named, UPM_ARRAY_LEN(named), &n_named, err,
					       sizeof err) < 0) {
		upm_error(r, "run: --group: %s", err);
		upm_buf_free(&group_events);
		upm_buf_free(&group_metrics);
		return UPM_EXIT_USAGE;
	}
	for (unsigned i = 0; io.period_ns && i < n_named; i++)
		say_interval_form(r, named[i]);
	if (events && upm_config_expand_events(r, events, &specs, err, sizeof err) < 0) {
		upm_error(r, "run: --events: %s", err); /* @NAME: an event set of upmon.cfg */
		upm_buf_free(&specs);
		upm_buf_free(&group_events);
		upm_buf_free(&group_metrics);
		return UPM_EXIT_USAGE;
	}
	if (group_events.len) {
		if (specs.len)
			upm_buf_puts(&specs, ",");
		upm_buf_puts(&specs, group_events.data);
	}
	upm_buf_free(&group_events);
	/* --metrics and the groups' metrics: the engine adds their specs on every instance
	 * they need, each count once with the user's (core/metrics/metrics.h): here only
	 * checked. */
	metric_names = group_metrics.len ? group_metrics.data : NULL;
	struct upm_buf metric_specs;
	upm_buf_init(&metric_specs);
	int bad_metric = metric_names && upm_metric_specs(r->platform, metric_names, &metric_specs, err, sizeof err) < 0;
	int any_metric = metric_specs.len > 0;
	upm_buf_free(&metric_specs);
	if (bad_metric) {
		upm_error(r, "run: %s", err);
		upm_buf_free(&specs);
		upm_buf_free(&group_metrics);
		return UPM_EXIT_USAGE;
	}
	if (!specs.len && !any_metric) {
		upm_error(r, "run: give --events SPEC[,SPEC...], --metrics NAME or --group NAME (see 'upmon list events', 'upmon list groups')");
		upm_buf_free(&group_metrics);
		upm_buf_free(&specs);
		return UPM_EXIT_USAGE;
	}
	upm_backend_pass_begins(r->backend, 1); /* a run is pass 1: faults given @pass1 act from here */
	if (io.period_ns || ko.n_kernels) {
		int st = io.period_ns ? upm_run_interval(r, &io, &ko, specs.data, metric_names, seconds_given ? wait.ns : 0,
							 per_box)
				      : upm_run_kernels(r, &ko, specs.data, metric_names, per_box);
		upm_buf_free(&specs);
		upm_buf_free(&group_metrics);
		return st;
	}

	struct upm_session s;
	int status = UPM_EXIT_OK;
	if (upm_metrics_prepare(&s, r, specs.data, metric_names) < 0) {
		upm_error(r, "run: %s", s.error);
		upm_session_free(&s);
		upm_buf_free(&specs);
		upm_buf_free(&group_metrics);
		return UPM_EXIT_USAGE;
	}
	upm_session_say_doubled(&s, "run");
	upm_say(r, "run: %u event spec%s, %u pass%s of %llu ms on %u socket%s", s.n_specs,
		s.n_specs == 1 ? "" : "s", s.n_passes, s.n_passes == 1 ? "" : "es",
		(unsigned long long)(wait.ns / 1000000u), r->n_sockets, r->n_sockets == 1 ? "" : "s");
	s.pass_estimate_ns = wait.ns;
	if (upm_session_run(&s, idle_interval, &wait) < 0) {
		upm_session_say_error(&s, "run");
		status = s.error_is_lost_socket ? UPM_EXIT_INCOMPLETE : UPM_EXIT_FAIL;
	}
	if (s.aborted) {
		/* Pass numbers as the files give them, from 0. */
		upm_error(r, "run: aborted (ESC or Ctrl-C) in pass %u (of %u): registers restored, the "
			     "results so far are saved marked \"aborted\"", s.aborted_pass, s.n_passes);
		if (status == UPM_EXIT_OK)
			status = UPM_EXIT_ABORTED;
	}
	if (upm_session_report_unrestored(&s))
		status = UPM_EXIT_FAIL;
	/* Counts it cannot vouch for are flagged in their status and warned of. */
	status = upm_session_vouch_warn(&s, "run", "not used in metrics", status);

	/* One record of what happened; the console, counters.csv, results.json and
	 * report.html render it (core/results/record.h). */
	struct upm_record rec;
	upm_record_init(&rec, r, "run");
	rec.seconds_ns = wait.ns;
	rec.per_box = per_box;
	rec.exit_status = status;
	upm_record_add_session(&rec, &s);
	upm_record_finish(&rec);
	upm_record_print(&rec);
	upm_record_save(&rec);
	upm_record_say_end(&rec);
	upm_record_free(&rec);
	upm_session_free(&s);
	upm_buf_free(&specs);
	upm_buf_free(&group_metrics);
	return status;
}

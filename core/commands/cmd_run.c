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
#include "core/events/alias_sum.h"
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
static int run_plain(struct upm_run *r, const struct upm_spec_list *asked, const struct upm_metric_list *metrics,
		     uint64_t wait_ns, int per_box);

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
	/* What the run counts, each parsed once: the specs asked for (--events, then the
	 * groups', each remembering who asked: core/events/spec_list.h) and the metrics
	 * named (--metrics, then the groups'), which the session takes as they are. */
	struct upm_buf specs, group_events, group_metrics;
	struct upm_spec_list asked;
	struct upm_metric_list metrics;
	struct upm_spec_part parts[1 + 64];
	unsigned n_parts = 0;
	char err[300];
	int status = UPM_EXIT_USAGE;
	upm_buf_init(&specs);
	upm_buf_init(&group_events);
	upm_buf_init(&group_metrics);
	upm_spec_list_init(&asked);
	upm_metric_list_init(&metrics);
	if (metric_names)
		upm_buf_puts(&group_metrics, metric_names);
	const struct upm_group *named[64];
	unsigned n_named = 0;
	if (group_names && upm_group_expand_as(r->platform, group_names, io.period_ns != 0, &group_events,
					       &group_metrics, named, UPM_ARRAY_LEN(named), &n_named, err,
					       sizeof err) < 0) {
		upm_error(r, "run: --group: %s", err);
		goto out;
	}
	for (unsigned i = 0; io.period_ns && i < n_named; i++)
		say_interval_form(r, named[i]);
	if (events && upm_config_expand_events(r, events, &specs, err, sizeof err) < 0) {
		upm_error(r, "run: --events: %s", err); /* @NAME: an event set of upmon.cfg */
		goto out;
	}
	/* perf's aliases that are sums here (cas_count_read on Granite Rapids: both command
	 * schedulers) are counted as the platform's metric of the sum. */
	if (specs.len) {
		struct upm_buf rest, said;
		upm_buf_init(&rest);
		upm_buf_init(&said);
		unsigned long had = group_metrics.len;
		int rc = upm_alias_take_sums(r->platform, specs.data, &rest, &group_metrics, &said, err, sizeof err);
		if (rc == 0 && group_metrics.len != had) {
			upm_say_lines(r, "run: ", 5, said.data);
			upm_buf_free(&specs);
			specs = rest;
			upm_buf_init(&rest);
		}
		upm_buf_free(&rest);
		upm_buf_free(&said);
		if (rc < 0) {
			upm_error(r, "run: --events: %s", err);
			goto out;
		}
	}
	parts[n_parts++] = (struct upm_spec_part){ 0, UPM_SPEC_BY_USER, NULL };
	/* The groups' specs after the user's, in one text as they were always joined (a
	 * slip of the comma is named alike), each group's part remembered. */
	for (unsigned i = 0; i < n_named; i++) {
		const char *ev = upm_group_events(named[i], io.period_ns != 0);
		if (!ev || !*ev)
			continue;
		if (specs.len)
			upm_buf_puts(&specs, ",");
		parts[n_parts++] = (struct upm_spec_part){ specs.len, UPM_SPEC_BY_GROUP, named[i]->name };
		upm_buf_puts(&specs, ev);
	}
	/* --metrics and the groups' metrics: split once; the engine adds their specs on every
	 * instance they need, each count once with the user's (core/metrics/metrics.h). */
	metric_names = group_metrics.len ? group_metrics.data : NULL;
	if (metric_names && upm_metric_list_parse(r->platform, metric_names, &metrics, err, sizeof err) < 0) {
		upm_error(r, "run: %s", err);
		goto out;
	}
	if (!specs.len && !metrics.n) {
		upm_error(r, "run: give --events SPEC[,SPEC...], --metrics NAME or --group NAME (see 'upmon list events', 'upmon list groups')");
		goto out;
	}
	if (specs.len && upm_spec_list_add_parts(r->platform, &asked, specs.data, parts, n_parts, err, sizeof err) < 0) {
		upm_error(r, "run: %s", err);
		goto out;
	}
	upm_backend_pass_begins(r->backend, 1); /* a run is pass 1: faults given @pass1 act from here */
	if (io.period_ns || ko.n_kernels) {
		status = io.period_ns ? upm_run_interval(r, &io, &ko, &asked, &metrics, seconds_given ? wait.ns : 0, per_box)
				      : upm_run_kernels(r, &ko, &asked, &metrics, per_box);
		goto out;
	}
	status = run_plain(r, &asked, &metrics, wait.ns, per_box);
out:
	upm_spec_list_free(&asked);
	upm_metric_list_free(&metrics);
	upm_buf_free(&specs);
	upm_buf_free(&group_events);
	upm_buf_free(&group_metrics);
	return status;
}

/* A run without --interval or --kernel: one idle interval of wait_ns per pass. */
static int run_plain(struct upm_run *r, const struct upm_spec_list *asked, const struct upm_metric_list *metrics,
		     uint64_t wait_ns, int per_box)
{
	struct idle_interval wait = { wait_ns };
	struct upm_session s;
	int status = UPM_EXIT_OK;
	if (upm_metrics_take(&s, r, asked, metrics) < 0) {
		upm_error(r, "run: %s", s.error);
		upm_session_free(&s);
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
	return status;
}

/* `selftest` and `check`: the health check's commands. Both print every verdict that is
 * not a pass, a summary table, and one last line `upmon: PASS|WARN|FAIL|INCOMPLETE`;
 * `check --passes N` / `--duration D` repeats the check's passes as a burn-in
 * (core/check/burnin.h), saying each finding once with its first pass;
 * they fill the check's results record once at the end (core/results/check_record.h),
 * whose writers say the end on the console and save results.json, verdicts.csv,
 * junit.xml and report.html; the exit status follows the verdict (5 after ESC/Ctrl-C,
 * unless something failed). results.json carries the safety facts of every session they
 * ran as `run` gives its own: core/check/check_safety.h. */
#include "core/check/burnin.h"
#include "core/check/check_safety.h"
#include "core/commands/commands.h"
#include "core/cli/help.h"
#include "core/cli/cli_args.h"
#include "core/cli/progress.h"
#include "core/check/selftest.h"
#include "kernels/kernel.h"
#include "core/results/check_record.h"

#define UPM_MAX_VERDICTS 8192

/* Processors the kernels may run on: those of the sockets taking part (socket < 0), or
 * of one socket. */
static unsigned processors(const struct upm_run *r, int socket)
{
	unsigned n = 0;
	for (unsigned i = 0; i < r->topo.n_cpus; i++)
		n += socket < 0 ? r->topo.cpus[i].package < r->n_sockets : r->topo.cpus[i].package == (unsigned)socket;
	return n;
}

/* --threads N above the processors a kernel's sockets have runs that kernel on all of
 * them (as stress-ng and memtest86+ fit their load to the machine): said once, before
 * anything runs, so that a help example or a lab's script means the same everywhere. */
static void say_threads_fitted(struct upm_run *r, unsigned n)
{
	unsigned all = processors(r, -1), least = all;
	for (unsigned s = 0; s < r->n_sockets; s++)
		if (processors(r, (int)s) < least)
			least = processors(r, (int)s);
	if (n > all && r->n_sockets > 1)
		upm_say(r, "%s: --threads %u: the %u sockets measured have %u processors: the kernels run on %u "
			   "(read-remote and read-remote-back, on one socket, on %u)", r->opts.command, n, r->n_sockets,
			all, all, least);
	else if (n > all)
		upm_say(r, "%s: --threads %u: the socket measured has %u processor%s: the kernels run on %u",
			r->opts.command, n, all, all == 1 ? "" : "s", all);
	else if (n > least && r->n_sockets > 1)
		upm_say(r, "%s: --threads %u: read-remote and read-remote-back run on one socket, which has %u "
			   "processor%s: they run on %u", r->opts.command, n, least, least == 1 ? "" : "s", least);
}

/* The value after option i (i then past it); "" when there is none: at the end, or the
 * next option ('--size --quick'), which stays an option. */
static const char *option_value(const struct upm_run *r, int *i)
{
	if (*i + 1 >= r->opts.cmd_argc || upm_cli_is_option_word(r->opts.cmd_argv[*i + 1]))
		return "";
	return r->opts.cmd_argv[++*i];
}

static int parse_opts(struct upm_run *r, struct upm_check_opts *o, int allow_kernels)
{
	upm_memset(o, 0, sizeof *o);
	for (int i = 0; i < r->opts.cmd_argc; i++) {
		const char *a = r->opts.cmd_argv[i];
		if (allow_kernels && upm_strcmp(a, "--quick") == 0) {
			o->quick = 1;
		} else if (allow_kernels && upm_strcmp(a, "--size") == 0) {
			const char *v = option_value(r, &i);
			int rc = upm_kernel_parse_size(v, &o->size);
			if (rc != UPM_OK || o->size == 0) {
				upm_error(r, "%s: --size takes a working set in bytes with an optional K, M or G suffix (4M), not '%s'",
					  r->opts.command, v);
				return -1;
			}
		} else if (allow_kernels && upm_strcmp(a, "--threads") == 0) {
			uint64_t n;
			const char *v = option_value(r, &i);
			if (!v[0]) {
				upm_error(r, "%s: --threads needs a value: a number of processors (1..%u here) or all",
					  r->opts.command, processors(r, -1));
				return -1;
			}
			if (upm_strcasecmp(v, "all") == 0) {
				o->threads = 0;
			} else if (upm_parse_u64(v, &n) < 0 || n == 0 || n > UPM_MAX_CPUS) {
				upm_error(r, "%s: --threads takes a number of processors from 1 (%u here: more run on as "
					     "many) or all, not '%s'", r->opts.command, processors(r, -1), v);
				return -1;
			} else {
				o->threads = (unsigned)n;
			}
		} else if (allow_kernels && upm_strcmp(a, "--against") == 0) {
			const char *v = option_value(r, &i);
			if (upm_strcmp(v, "perf") != 0) {
				upm_error(r, "%s: --against takes perf (the kernel's uncore driver counts the same memory "
					     "traffic: check --against perf), not '%s'", r->opts.command, v);
				return -1;
			}
			/* perf counts the machine's own memory controllers: only upmon's count of
			 * those, through the installed machine's registers, can be held to it. */
			if (r->opts.backend != UPM_BACKEND_LINUX) {
				upm_error(r, "%s: --against perf needs --backend linux: perf counts this machine's own "
					     "memory controllers, which only the Linux backend's count is of (upmon "
					     "--backend linux check --against perf)", r->opts.command);
				return -1;
			}
			o->against_perf = 1;
		} else if (allow_kernels && upm_strcmp(a, "--passes") == 0) {
			const char *v = option_value(r, &i);
			uint64_t n;
			if (upm_parse_u64(v, &n) < 0 || n == 0 || n > UPM_BURNIN_MAX_PASSES) {
				upm_error(r, "%s: --passes takes a count of passes from 1 to %u (--passes 3), not '%s'",
					  r->opts.command, UPM_BURNIN_MAX_PASSES, v);
				return -1;
			}
			o->passes = (unsigned)n;
		} else if (allow_kernels && upm_strcmp(a, "--duration") == 0) {
			const char *v = option_value(r, &i);
			if (upm_burnin_parse_duration(v, &o->duration_s) < 0) {
				upm_error(r, "%s: --duration takes a time from 1s to 30d, in seconds or with a unit s, m, h or d (90s, 30m, 8h), not '%s'",
					  r->opts.command, v);
				return -1;
			}
		} else {
			char near[120];
			upm_help_suggest_option(r->opts.command, a, near, sizeof near);
			upm_error(r, "%s: unknown argument '%s' (%s%ssee 'upmon help %s')", r->opts.command, a, near,
				  near[0] ? "; " : "", r->opts.command);
			return -1;
		}
	}
	return 0;
}

/* The end of both commands: the record of what happened, filled once, then its writers
 * (core/results/check_record.h): the console's summary, the files, the files line and
 * the verdict line last. kernels and bi: NULL for selftest. */
static int finish(struct upm_run *r, struct upm_verdicts *vs, const struct upm_check_kernel_runs *kernels,
		  struct upm_burnin *bi, const char *command)
{
	struct upm_check_record rec;
	upm_check_record_fill(&rec, r, command, vs, bi, kernels);
	upm_check_record_print(&rec);
	upm_check_record_save(&rec);
	upm_check_record_print_end(&rec);
	return rec.exit_status;
}

/* The safety facts of every session the command runs (core/check/check_safety.h). */
static int safety_begin(struct upm_run *r)
{
	r->safety = upm_os_alloc(sizeof *r->safety);
	if (!r->safety) {
		upm_error(r, "%s: out of memory", r->opts.command);
		return -1;
	}
	upm_memset(r->safety, 0, sizeof *r->safety);
	return 0;
}

static void safety_end(struct upm_run *r)
{
	upm_os_free(r->safety);
	r->safety = NULL;
}

/* The self-test stage, unless ESC/Ctrl-C came first; an abort inside it voids the
 * counting tests it cut short. -1 when it could not run at all (said). */
static int self_test(struct upm_run *r, struct upm_verdicts *vs)
{
	char err[200];
	if (upm_check_safety_stop(r, "selftest"))
		return 0;
	/* Through perf no register is touched: the self-test, which writes and reads them
	 * back, is N/A on every socket, said once each (check --backend perf). */
	if (upm_backend_counts_by_pmu(r->backend)) {
		for (unsigned s = 0; s < r->n_sockets; s++) {
			upm_verdict_add(vs, s, "pmu", -1, "selftest", UPM_RESULT_NA,
					"not run: --backend perf counts through the kernel and touches no register; the "
					"self-test writes and reads them back (--backend linux runs it)");
			upm_verdict_add(vs, s, "pmu", -1, "restore", UPM_RESULT_NA,
					"not run: --backend perf writes no register, so none is restored; the kernel "
					"programs and releases its own counters");
		}
		return 0;
	}
	unsigned first = vs->n;
	if (upm_selftest(r, vs, err, sizeof err) < 0) {
		upm_error(r, "%s: %s", r->opts.command, err);
		return -1;
	}
	if (r->safety->aborted)
		upm_check_safety_void_counting(vs, first);
	return 0;
}

static int need_platform(struct upm_run *r)
{
	/* The self-test writes and reads back registers: through perf there are counts
	 * only, which check judges (its self-test N/A). */
	if (upm_backend_counts_by_pmu(r->backend) && upm_strcmp(r->opts.command, "selftest") == 0) {
		upm_error(r, "selftest: --backend perf counts through the kernel and touches no register, and the "
			     "self-test tests registers: use --backend linux for it (check --backend perf judges the "
			     "kernels' counts, the self-test N/A)");
		return -1;
	}
	if (r->platform && r->platform->check)
		return 0;
	if (!r->platform)
		upm_error_unsupported(r);
	else
		upm_error(r, "%s: no health check is defined for %s yet", r->opts.command, r->platform->name);
	return -1;
}

int upm_cmd_selftest(struct upm_run *r)
{
	struct upm_check_opts o;
	struct upm_verdicts vs;
	if (parse_opts(r, &o, 0) < 0 || need_platform(r) < 0)
		return UPM_EXIT_USAGE;
	if (upm_verdicts_init(&vs, UPM_MAX_VERDICTS) < 0) {
		upm_error(r, "selftest: out of memory");
		return UPM_EXIT_USAGE;
	}
	if (safety_begin(r) < 0) {
		upm_verdicts_free(&vs);
		return UPM_EXIT_USAGE;
	}
	upm_backend_pass_begins(r->backend, 1); /* a self-test is pass 1, as a plain check's */
	upm_progress_step("selftest of every box");
	upm_say(r, "selftest: %s on %u socket%s", r->platform->name, r->n_sockets, r->n_sockets == 1 ? "" : "s");
	int status = self_test(r, &vs) < 0 ? UPM_EXIT_USAGE : finish(r, &vs, NULL, NULL, "selftest");
	safety_end(r);
	upm_verdicts_free(&vs);
	return status;
}

/* One pass: the self-test, then the kernels. -1 when the self-test could not run at all. */
static int check_pass(struct upm_run *r, const struct upm_check_opts *o, struct upm_verdicts *vs,
		      struct upm_check_kernel_runs *kernels, unsigned pass)
{
	char err[200];
	if (!o->quiet)
		upm_say(r, "check: [1/2] self-test of every box");
	upm_progress_keep_detail(pass <= 1);
	upm_progress_step("check pass %u: [1/2] self-test of every box", pass);
	if (self_test(r, vs) < 0)
		return -1;
	if (upm_check_safety_stop(r, "kernels")) {
		upm_verdict_add(vs, 0, "check", -1, "plausibility", UPM_RESULT_INCOMPLETE,
				"not run: aborted (ESC or Ctrl-C) %s", r->safety->aborted_in);
		return 0;
	}
	/* A replay answers nothing after it diverged: the kernels' counts would all be
	 * not-replayed and their verdicts not judged. */
	if (upm_ident_replay_divergence(r)) {
		if (!o->quiet)
			upm_say(r, "check: [2/2] kernels not run: the replay diverged in the self-test");
		upm_verdict_add(vs, 0, "check", -1, "plausibility", UPM_RESULT_INCOMPLETE, "kernels not run");
		return 0;
	}
	if (!o->quiet)
		upm_say(r, "check: [2/2] kernels with the standard event set");
	upm_progress_step("check pass %u: [2/2] kernels with the standard event set", pass);
	if (upm_check_plausibility(r, o, vs, kernels, err, sizeof err) < 0) {
		upm_say(r, "check: %s", err);
		upm_verdict_add(vs, 0, "check", -1, "plausibility", UPM_RESULT_INCOMPLETE, "%s", err);
	}
	return 0;
}

int upm_cmd_check(struct upm_run *r)
{
	struct upm_check_opts o;
	struct upm_verdicts vs;
	struct upm_check_kernel_runs kernels;
	struct upm_burnin bi;
	struct upm_check_bandwidth bw;
	if (parse_opts(r, &o, 1) < 0 || need_platform(r) < 0)
		return UPM_EXIT_USAGE;
	char err[240];
	if (upm_check_size_fits(r, &o, err, sizeof err) < 0) {
		upm_error(r, "check: %s", err);
		return UPM_EXIT_USAGE;
	}
	/* The second opinion is asked for before any register: a machine without the
	 * kernel's PMUs, or a platform perf names no memory count of, is one line here. */
	if (o.against_perf && upm_check_perf_ready(r, err, sizeof err) < 0) {
		upm_error(r, "check: --against perf: %s; nothing was touched", err);
		return UPM_EXIT_USAGE;
	}
	int burnin = o.passes || o.duration_s;
	int vs_ok = upm_verdicts_init(&vs, burnin ? UPM_BURNIN_VERDICTS : UPM_MAX_VERDICTS) == 0;
	if (upm_burnin_init(&bi, o.passes, o.duration_s) < 0 || !vs_ok) {
		upm_verdicts_free(&vs);
		upm_burnin_free(&bi);
		upm_error(r, "check: out of memory");
		return UPM_EXIT_USAGE;
	}
	if (safety_begin(r) < 0) {
		upm_verdicts_free(&vs);
		upm_burnin_free(&bi);
		return UPM_EXIT_USAGE;
	}
	upm_memset(&kernels, 0, sizeof kernels);
	o.bandwidth = &bw;
	upm_say(r, "check: %s on %u socket%s%s", r->platform->name, r->n_sockets, r->n_sockets == 1 ? "" : "s",
		o.quick ? " (quick)" : "");
	if (o.threads)
		say_threads_fitted(r, o.threads);
	if (burnin) {
		char d[24] = "";
		if (o.duration_s)
			upm_burnin_hms(d, sizeof d, o.duration_s * 1000000000ull);
		if (o.passes && o.duration_s)
			upm_say(r, "burn-in: %u passes or %s, whichever ends first", o.passes, d);
		else if (o.passes)
			upm_say(r, "burn-in: %u passes", o.passes);
		else
			upm_say(r, "burn-in: passes for %s", d);
		upm_say(r, "burn-in: ESC or Ctrl-C stops it, keeping every finished pass");
	}
	int status = 0;
	while (upm_burnin_next(r, &bi, &vs)) {
		unsigned first = vs.n;
		upm_memset(&bw, 0, sizeof bw);
		/* The record's kernel runs are the first pass's; later passes' bandwidths are
		 * in the burn-in's passes. */
		struct upm_check_kernel_runs *kj = bi.n_pass == 1 ? &kernels : NULL;
		o.quiet = bi.n_pass > 1; /* the stages' lines once: a pass after the first is one line */
		if (check_pass(r, &o, &vs, kj, bi.n_pass) < 0) {
			if (bi.n_pass == 1) {
				status = UPM_EXIT_USAGE;
				goto out;
			}
			upm_verdict_add(&vs, 0, "check", -1, "selftest", UPM_RESULT_INCOMPLETE,
					"the self-test could not run in pass %u", bi.n_pass);
		}
		upm_burnin_pass_done(r, &bi, &vs, first, r->safety->aborted, &bw);
	}
	status = finish(r, &vs, &kernels, &bi, "check");
out:
	safety_end(r);
	upm_burnin_free(&bi);
	upm_verdicts_free(&vs);
	return status;
}

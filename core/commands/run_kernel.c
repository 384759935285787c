/* `run --kernel`: options, the measured and baseline sessions of each kernel, the
 * console lines and counters.csv. results.json's kernel entries: results_kernel.c. */
#include "platform/base/abort.h"
#include "core/commands/run_kernel.h"
#include "platform/base/suggest.h"
#include "platform/base/exit.h"
#include "core/results/record.h"
#include "platform/base/human.h"
#include "core/session/vouch.h"
#include "core/workload/watchdog_plan.h"
#include "core/cli/console_wrap.h"

void upm_run_kernel_opts_init(struct upm_run_kernel_opts *o)
{
	upm_memset(o, 0, sizeof *o);
	o->w.memory_socket = -1;
}

/* "0,1", "0-3", "2": a mask of socket numbers below UPM_MAX_SOCKETS. */
static int parse_socket_list(const char *v, uint32_t *mask)
{
	*mask = 0;
	while (*v) {
		uint64_t a, b;
		const char *end;
		if (upm_parse_u64_prefix(v, &a, &end) < 0 || end == v)
			return -1;
		b = a;
		if (*end == '-') {
			v = end + 1;
			if (upm_parse_u64_prefix(v, &b, &end) < 0 || end == v)
				return -1;
		}
		if (a > b || b >= UPM_MAX_SOCKETS)
			return -1;
		for (uint64_t s = a; s <= b; s++)
			*mask |= 1u << s;
		if (*end == ',' && end[1])
			end++;
		else if (*end)
			return -1;
		v = end;
	}
	return *mask ? 0 : -1;
}

void upm_run_kernel_say_plan(struct upm_run *r, const struct upm_workload_info *info, uint64_t asked,
			     const char *tail)
{
	char where[24], size[32], iters[32];
	if (info->memory_socket < 0)
		upm_strlcpy(where, "local", sizeof where);
	else
		upm_snprintf(where, sizeof where, "on socket %d", info->memory_socket);
	upm_format_bytes(size, sizeof size, info->size_bytes);
	upm_format_count(iters, sizeof iters, info->iterations);
	/* Three lines: one would pass 80 columns with a long name, many threads and SRAT. */
	upm_say(r, "run: kernel %s on %u thread%s (socket mask 0x%x)", info->kernel, info->threads,
		info->threads == 1 ? "" : "s", info->socket_mask);
	if (info->placed)
		upm_say(r, "run: kernel %s: memory %s, placed by SRAT", info->kernel, where);
	else /* where its lines land is not known: said with why */
		upm_say_wrappedf(r, 5, 0, "run: kernel %s: memory %s, not placed: %s", info->kernel, where,
				 info->placement_why && info->placement_why[0] ? info->placement_why : "no reason given");
	upm_say(r, "run: kernel %s: %s x %s iterations%s", info->kernel, size, iters, tail);
	/* As check says a size it fitted: the --size asked is not the one run. */
	if (asked && info->size_unit && asked != info->size_bytes) /* in bytes: rounded units could read alike */
		upm_say_wrappedf(r, 5, 0, "run: kernel %s: %llu bytes, not %llu: rounded down to a multiple of %llu "
				 "bytes (a line in each of its arrays)", info->kernel,
				 (unsigned long long)info->size_bytes, (unsigned long long)asked,
				 (unsigned long long)info->size_unit);
}

static int bad(char *err, size_t size, const char *fmt, const char *name, const char *value)
{
	upm_snprintf(err, size, fmt, name, value ? value : "");
	return -1;
}

int upm_run_kernel_option(const char *name, const char *value, struct upm_run_kernel_opts *o,
			  char *err, size_t err_size)
{
	static const char *const names[] = { "--kernel", "--size", "--iterations", "--threads",
					     "--kernel-sockets", "--memory-socket" };
	/* What each takes, for a value left out. */
	static const char *const takes[] = { "NAME[,NAME...] (--kernel read; kernels: ",
					     "a size in bytes with an optional K, M or G suffix (--size 64M)",
					     "a count from 1 (--iterations 100)",
					     "a number of processors or 'all' (--threads all)",
					     "socket numbers (--kernel-sockets 0,1 or 0-1)",
					     "a socket number or 'local' (--memory-socket 1)" };
	unsigned which = UPM_ARRAY_LEN(names);
	for (unsigned i = 0; i < UPM_ARRAY_LEN(names); i++)
		if (upm_strcmp(name, names[i]) == 0)
			which = i;
	if (which == UPM_ARRAY_LEN(names))
		return 0;
	if (!value || !value[0]) {
		struct upm_buf t;
		upm_buf_init(&t);
		upm_buf_puts(&t, takes[which]);
		if (which == 0) {
			upm_workload_kernel_names(&t);
			upm_buf_puts(&t, ")");
		}
		upm_snprintf(err, err_size, "run: %s needs a value: %s", name, t.data ? t.data : takes[which]);
		upm_buf_free(&t);
		return -1;
	}
	uint64_t n;
	switch (which) {
	case 0: { /* --kernel */
		size_t len = upm_strlen(value);
		if (len >= sizeof o->list)
			return bad(err, err_size, "run: %s: list too long ('%s')", name, value);
		upm_memcpy(o->list, value, len + 1);
		o->n_kernels = 0;
		char *p = o->list;
		while (*p) {
			char *comma = upm_strchr(p, ',');
			if (comma)
				*comma = 0;
			if (!*p || o->n_kernels >= UPM_RUN_MAX_KERNELS)
				return bad(err, err_size, "run: %s takes NAME[,NAME...], not '%s'", name, value);
			o->kernels[o->n_kernels++] = p;
			if (!comma)
				break;
			p = comma + 1;
			if (!*p)
				return bad(err, err_size, "run: %s takes NAME[,NAME...], not '%s'", name, value);
		}
		/* Unknown names are refused with the list of kernels before anything runs. */
		for (unsigned i = 0; i < o->n_kernels; i++) {
			int known = 0;
			for (unsigned k = 0; upm_workload_kernel_name(k); k++)
				known |= upm_strcasecmp(o->kernels[i], upm_workload_kernel_name(k)) == 0;
			if (!known) {
				struct upm_buf names_list;
				upm_buf_init(&names_list);
				upm_workload_kernel_names(&names_list);
				struct upm_suggest s;
				char near[120];
				upm_suggest_init(&s, o->kernels[i]);
				for (unsigned k = 0; upm_workload_kernel_name(k); k++)
					upm_suggest_add(&s, upm_workload_kernel_name(k));
				upm_suggest_text(&s, near, sizeof near);
				upm_snprintf(err, err_size, "run: unknown kernel '%s' (%s%skernels: %s)", o->kernels[i],
					     near, near[0] ? "; " : "", names_list.data ? names_list.data : "");
				upm_buf_free(&names_list);
				return -1;
			}
		}
		return 1;
	}
	case 1: { /* --size */
		int rc = upm_kernel_parse_size(value, &o->w.size);
		if (rc == UPM_ERANGE)
			return bad(err, err_size, "run: %s '%s' is too large: a size in bytes, K, M or G below 16 EiB "
				   "(memory is fitted to what is free anyway)", name, value);
		if (rc != UPM_OK)
			return bad(err, err_size, "run: %s takes a size above 0, in bytes with an optional K, M or G "
				   "suffix (64M), not '%s'", name, value);
		return 1;
	}
	case 2: /* --iterations */
		if (upm_parse_u64(value, &n) < 0 || n == 0)
			return bad(err, err_size, "run: %s takes a count from 1 to 2^64-1 (100), not '%s'",
				   name, value);
		o->w.iterations = n;
		return 1;
	case 3: /* --threads */
		if (upm_strcasecmp(value, "all") == 0) {
			o->w.threads = 0;
			return 1;
		}
		if (upm_parse_u64(value, &n) < 0 || n == 0 || n > UPM_MAX_CPUS)
			return bad(err, err_size, "run: %s takes a number of processors (1 to the processors of the "
				   "sockets measured) or 'all', not '%s'", name, value);
		o->w.threads = (unsigned)n;
		return 1;
	case 4: /* --kernel-sockets */
		if (parse_socket_list(value, &o->w.socket_mask) < 0)
			return bad(err, err_size, "run: %s takes socket numbers like 0,1 or 0-1, not '%s'", name,
				   value);
		return 1;
	default: /* --memory-socket */
		if (upm_strcasecmp(value, "local") == 0) {
			o->w.memory_socket = -1;
			return 1;
		}
		if (upm_parse_u64(value, &n) < 0 || n >= UPM_MAX_SOCKETS)
			return bad(err, err_size, "run: %s takes a socket number or 'local', not '%s'", name, value);
		o->w.memory_socket = (int)n;
		return 1;
	}
}

int upm_run_kernel_options_orphaned(const struct upm_run_kernel_opts *o)
{
	return !o->n_kernels && (o->w.size || o->w.iterations || o->w.threads || o->w.socket_mask ||
				 o->w.memory_socket != -1);
}

/* --- the measured and the baseline intervals --- */

struct kernel_ctx {
	struct upm_workload_plan *plan;
	struct upm_workload_result res[UPM_MAX_PASSES];
	int rc;
	char err[200];
};

static uint64_t kernel_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	struct kernel_ctx *k = ctx;
	(void)s;
	if (pass >= UPM_MAX_PASSES || k->rc != UPM_OK)
		return 0;
	k->rc = upm_workload_execute(k->plan, &k->res[pass], k->err, sizeof k->err);
	return k->res[pass].window_ns;
}

struct baseline_ctx {
	const struct kernel_ctx *kernel;
	uint64_t ns[UPM_MAX_PASSES];
};

/* As long as the kernel's pass was, doing nothing; the backend hears the time only. */
static uint64_t baseline_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	struct baseline_ctx *b = ctx;
	uint64_t want = pass < UPM_MAX_PASSES ? b->kernel->res[pass].window_ns : 0;
	uint64_t t0 = upm_os_nanoseconds();
	upm_os_sleep_ns(want);
	uint64_t measured = upm_os_nanoseconds() - t0;
	upm_session_time_passed(s, measured);
	if (pass < UPM_MAX_PASSES)
		b->ns[pass] = measured;
	return measured;
}

/* --- the flow --- */

static int run_one(struct upm_run *r, const struct upm_run_kernel_opts *o, const char *kernel,
		   const struct upm_spec_list *asked, const struct upm_metric_list *metrics, struct upm_record *rec)
{
	struct upm_workload w = o->w;
	struct kernel_ctx *k = upm_os_alloc(sizeof *k);
	struct baseline_ctx *bl = upm_os_alloc(sizeof *bl);
	struct upm_session s, base;
	int status = UPM_EXIT_OK, have_s = 0, have_base = 0;
	if (!k || !bl) {
		upm_os_free(k);
		upm_os_free(bl);
		upm_error(r, "run: out of memory");
		return UPM_EXIT_FAIL;
	}
	upm_memset(k, 0, sizeof *k);
	upm_memset(bl, 0, sizeof *bl);
	bl->kernel = k;
	w.kernel = kernel;

	/* Allocation and setup first, outside any counter window. */
	if (upm_workload_prepare(r, &w, &k->plan, k->err, sizeof k->err) != UPM_OK) {
		upm_error(r, "run: %s", k->err);
		status = UPM_EXIT_USAGE;
		goto out;
	}
	have_s = 1;
	if (upm_metrics_take(&s, r, asked, metrics) < 0) {
		upm_error(r, "run: %s", s.error);
		status = UPM_EXIT_USAGE;
		goto out;
	}
	if (!rec->n_kernels) /* the same specs for every kernel: said once */
		upm_session_say_doubled(&s, "run");
	struct upm_workload_info info;
	upm_workload_describe(k->plan, &info);
	char tail[96];
	upm_snprintf(tail, sizeof tail, "; %u spec%s, %u pass%s, %u socket%s", s.n_specs, s.n_specs == 1 ? "" : "s",
		     s.n_passes, s.n_passes == 1 ? "" : "es", r->n_sockets, r->n_sockets == 1 ? "" : "s");
	upm_run_kernel_say_plan(r, &info, o->w.size, tail);
	if (s.n_passes > UPM_MAX_PASSES) {
		upm_error(r, "run: %u passes: at most %u with a kernel", s.n_passes, UPM_MAX_PASSES);
		status = UPM_EXIT_USAGE;
		goto out;
	}
	/* Each pass runs the whole kernel: the watchdog covers it at a slow machine's pace. */
	s.pass_estimate_ns = upm_plan_kernel_ns(info.size_bytes, info.iterations);
	if (upm_session_run(&s, kernel_interval, k) < 0) {
		upm_session_say_error(&s, "run");
		status = UPM_EXIT_FAIL;
	}
	if (s.aborted) { /* ESC/Ctrl-C: the threads stopped between passes of the kernel */
		upm_error(r, "run: aborted (ESC or Ctrl-C) in pass %u (of %u) of kernel %s: registers "
			     "restored, the results so far are saved marked \"aborted\"",
			  s.aborted_pass, s.n_passes, kernel);
		if (status == UPM_EXIT_OK)
			status = UPM_EXIT_ABORTED;
	}
	if (upm_session_report_unrestored(&s))
		status = UPM_EXIT_FAIL;
	char who[96]; /* "run: kernel " and a kernel's name (workload prepared it) */
	upm_snprintf(who, sizeof who, "run: kernel %s", kernel);
	status = upm_session_vouch_warn(&s, who, "not used in metrics", status);
	if (k->rc != UPM_OK) {
		upm_error(r, "run: %s", k->err);
		status = UPM_EXIT_FAIL;
	}
	have_base = 1;
	upm_memset(&base, 0, sizeof base);
	if (!s.aborted) { /* after an abort no baseline: the counts stand as measured */
		if (upm_metrics_take(&base, r, asked, metrics) < 0) {
			upm_error(r, "run: baseline: %s", base.error);
			status = UPM_EXIT_FAIL;
			goto out;
		}
		for (unsigned p = 0; p < s.n_passes && p < UPM_MAX_PASSES; p++) /* as long as the kernel's */
			if (k->res[p].window_ns > base.pass_estimate_ns)
				base.pass_estimate_ns = k->res[p].window_ns;
		if (upm_session_run(&base, baseline_interval, bl) < 0) {
			upm_session_say_error(&base, "run: baseline");
			status = UPM_EXIT_FAIL;
		}
		if (upm_session_report_unrestored(&base))
			status = UPM_EXIT_FAIL;
	}

	upm_record_add_kernel(rec, &s, &base, &info, k->res, bl->ns);
	upm_record_finish(rec); /* the totals so far: this kernel's are said now */
	if (rec->n_kernels)
		upm_record_print_kernel(rec, rec->n_kernels - 1);
out:
	if (have_base)
		upm_session_free(&base);
	if (have_s)
		upm_session_free(&s);
	upm_workload_release(k->plan);
	upm_os_free(k);
	upm_os_free(bl);
	return status;
}

int upm_run_kernels(struct upm_run *r, const struct upm_run_kernel_opts *o, const struct upm_spec_list *asked,
		    const struct upm_metric_list *metrics, int per_box)
{
	int status = UPM_EXIT_OK;
	/* One record of every kernel; the writers render it (core/results/record.h). */
	struct upm_record rec;
	upm_record_init(&rec, r, "run");
	rec.per_box = per_box;
	/* A kernel some processor cannot run (AVX left off by the firmware) is refused
	 * before any kernel is measured. */
	for (unsigned i = 0; i < o->n_kernels; i++) {
		struct upm_workload w = o->w;
		char err[256];
		w.kernel = o->kernels[i];
		if (upm_workload_check_isa(r, &w, err, sizeof err) != UPM_OK) {
			upm_error(r, "run: %s", err);
			upm_record_free(&rec);
			return UPM_EXIT_USAGE;
		}
	}
	for (unsigned i = 0; i < o->n_kernels; i++) {
		int st = run_one(r, o, o->kernels[i], asked, metrics, &rec);
		/* 2 (failed) wins over the others; otherwise the first non-zero stands. */
		if (st == UPM_EXIT_FAIL || status == UPM_EXIT_OK)
			status = st;
		if (st == UPM_EXIT_USAGE)
			break; /* the same refusal would follow for the next kernel */
		if (upm_abort_check())
			break; /* ESC/Ctrl-C: no further kernel */
	}
	if (upm_abort_check())
		rec.aborted = 1;
	rec.exit_status = status;
	if (rec.n_kernels) { /* a kernel got as far as its counters, if only to an abort: said */
		upm_record_save(&rec);
		upm_record_say_end(&rec);
	}
	upm_record_free(&rec);
	return status;
}

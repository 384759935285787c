/* `run --interval`: the options, the console's block per sample, the kernel repeating
 * between samples, and the files. The sampling itself: core/session/sample.c; the
 * files' text: core/results/interval.c. */
#include "core/commands/run_interval.h"
#include "platform/base/abort.h"
#include "platform/base/exit.h"
#include "platform/base/human.h"
#include "core/results/interval.h"
#include "core/results/record.h"
#include "core/session/vouch.h"

#define CONSOLE_COLUMNS 80
#define MAX_MEM_SPECS 8

void upm_run_interval_opts_init(struct upm_run_interval_opts *o)
{
	upm_memset(o, 0, sizeof *o);
}

int upm_run_interval_option(const char *name, const char *value, struct upm_run_interval_opts *o, char *err,
			    size_t err_size)
{
	int which = upm_strcmp(name, "--interval") == 0 ? 0 : upm_strcmp(name, "--count") == 0 ? 1
		    : upm_strcmp(name, "--duration") == 0 ? 2 : -1;
	uint64_t n;
	if (which < 0)
		return 0;
	o->given = 1;
	if (!value || !value[0]) {
		static const char *const takes[] = { "milliseconds, 10 to 3600000 (--interval 1000)",
						     "a number of samples (--count 10)",
						     "seconds, 0.001 to 604800 (--duration 60)" };
		upm_snprintf(err, err_size, "run: %s needs a value: %s", name, takes[which]);
		return -1;
	}
	if (which == 0) {
		if (upm_parse_u64(value, &n) < 0 || n < UPM_SAMPLE_MIN_NS / 1000000u || n > UPM_SAMPLE_MAX_NS / 1000000u) {
			upm_snprintf(err, err_size, "run: --interval takes milliseconds, 10 to 3600000 (an hour), not '%s'", value);
			return -1;
		}
		o->period_ns = n * 1000000u;
	} else if (which == 1) {
		if (upm_parse_u64(value, &n) < 0 || n == 0 || n > 0xFFFFFFFFu) {
			upm_snprintf(err, err_size, "run: --count takes a number of samples, 1 or more, not '%s'", value);
			return -1;
		}
		o->count = (unsigned)n;
	} else {
		/* A week at most: a burn-in's length, and far from overflowing the clock. */
		if (upm_parse_seconds(value, &o->duration_ns) < 0 || o->duration_ns < 1000000u ||
		    o->duration_ns > 604800ull * 1000000000u) {
			upm_snprintf(err, err_size, "run: --duration takes seconds, 0.001 to 604800 (a week), not '%s'", value);
			return -1;
		}
	}
	return 1;
}

int upm_run_interval_check(const struct upm_run_interval_opts *o, const struct upm_run_kernel_opts *ko,
			   int seconds_given, char *err, size_t err_size)
{
	if (!o->given)
		return 0;
	const char *msg = NULL;
	if (!o->period_ns)
		msg = "run: --count and --duration go with --interval MS (see 'upmon help run')";
	else if (ko->n_kernels && seconds_given)
		msg = "run: with --kernel, --interval's run lasts --duration S (or --count N), not --seconds";
	else if (o->duration_ns && !ko->n_kernels)
		msg = "run: --duration goes with --kernel (the kernel repeats that long); without one use --seconds S or --count N";
	else if (ko->n_kernels > 1)
		msg = "run: --interval takes one --kernel NAME, not a list (run them one after another)";
	else if (o->count && (o->duration_ns || seconds_given))
		msg = "run: --count N and --seconds/--duration S both end the run: give one of them";
	if (msg)
		upm_strlcpy(err, msg, err_size);
	return msg ? -1 : 0;
}

/* --- the console --- */

/* Memory read and write specs of the platform's health-check profile, to tell memory
 * events apart (upm_check_profile.mem_read, mem_write, mem_bytes_per_count). */
struct mem_specs {
	struct upm_spec read[MAX_MEM_SPECS], write[MAX_MEM_SPECS];
	unsigned n_read, n_write, bytes_per_count;
};

static void mem_specs_init(const struct upm_platform *p, struct mem_specs *m)
{
	char err[160];
	upm_memset(m, 0, sizeof *m);
	if (!p->check || !p->check->mem_read || !p->check->mem_write || !p->check->mem_bytes_per_count)
		return;
	int nr = upm_spec_parse_list(p, p->check->mem_read, m->read, MAX_MEM_SPECS, err, sizeof err);
	int nw = upm_spec_parse_list(p, p->check->mem_write, m->write, MAX_MEM_SPECS, err, sizeof err);
	if (nr <= 0 || nw <= 0)
		return;
	m->n_read = (unsigned)nr;
	m->n_write = (unsigned)nw;
	m->bytes_per_count = p->check->mem_bytes_per_count;
}

static int same_counter_event(const struct upm_spec *a, const struct upm_spec *b)
{
	if (a->box != b->box || a->kind != b->kind)
		return 0;
	return a->kind == UPM_SPEC_GENERAL ? a->ctl == b->ctl : a->kind == UPM_SPEC_FREE ? a->free_ctr == b->free_ctr : 1;
}

/* 1: memory reads, 2: memory writes, 0: neither. */
static int mem_kind(const struct mem_specs *m, const struct upm_spec *sp)
{
	for (unsigned i = 0; i < m->n_read; i++)
		if (same_counter_event(sp, &m->read[i]))
			return 1;
	for (unsigned i = 0; i < m->n_write; i++)
		if (same_counter_event(sp, &m->write[i]))
			return 2;
	return 0;
}

struct console {
	struct upm_run *r;
	struct mem_specs mem;
	int user_only;         /* show the user's specs only, not those added for a metric alone */
	int per_box;           /* each box instance's count, not its socket's sum (--per-box) */
	int logged;            /* lines go through upm_say (kept in upmon.log); else console only */
	struct upm_metric_value *mv; /* room for a sample's metrics: every metric on every socket */
	unsigned max_mv;
	struct upm_buf line;
};

static void line_flush(struct console *c)
{
	if (c->line.len && c->logged) {
		upm_say(c->r, "%s", c->line.data);
	} else if (c->line.len) {
		upm_os_write(c->line.data, c->line.len);
		upm_os_write("\n", 1);
	}
	c->line.len = 0;
	if (c->line.data)
		c->line.data[0] = 0;
}

/* Adds a word to the line under way; a word that would pass the 80th column starts a
 * continuation line, indented. */
static void word(struct console *c, const char *w)
{
	char cut[CONSOLE_COLUMNS];
	size_t n = upm_strlen(w);
	if (n > CONSOLE_COLUMNS - 10) { /* a label longer than a line: its start, and "..." */
		upm_strlcpy(cut, w, CONSOLE_COLUMNS - 12);
		upm_strlcpy(cut + CONSOLE_COLUMNS - 13, "...", 4);
		w = cut;
		n = upm_strlen(w);
	}
	if (c->line.len && c->line.len + 1 + n >= CONSOLE_COLUMNS) {
		line_flush(c);
		upm_buf_puts(&c->line, "     ");
	}
	if (c->line.len && c->line.data[c->line.len - 1] != ' ')
		upm_buf_puts(&c->line, " ");
	upm_buf_puts(&c->line, w);
}

/* 1234567 -> "1.23M", with k, M, G, T. */
static void si(char *buf, size_t size, double v)
{
	static const char *const prefix[] = { "", "k", "M", "G", "T", "P" };
	unsigned i = 0;
	while (v >= 1000 && i + 1 < UPM_ARRAY_LEN(prefix)) {
		v /= 1000;
		i++;
	}
	char num[32];
	upm_format_double(num, sizeof num, v, i ? 2 : 0);
	upm_snprintf(buf, size, "%s%s", num, prefix[i]);
}

static int shown(const struct console *c, const struct upm_session *s, const struct upm_count *cn)
{
	return !c->user_only || !s->specs[cn->spec].engine;
}

static void gbps(char *buf, size_t size, uint64_t counts, unsigned bytes_per_count, uint64_t window_ns)
{
	upm_format_double(buf, size, window_ns ? (double)counts * bytes_per_count / (double)window_ns : 0.0, 2);
}

static void say_memory(struct console *c, const struct upm_session *s, const struct upm_sample_tick *t,
		       const uint64_t *v, const uint8_t *f)
{
	char w[96], rd[32], wr[32];
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		uint64_t sum[2] = { 0, 0 };
		int any = 0, asked = 0;
		for (unsigned k = 0; k < s->n_counts; k++) {
			const struct upm_count *cn = &s->counts[k];
			int kind = mem_kind(&c->mem, &s->specs[cn->spec]);
			if (cn->socket != sock || !kind || !shown(c, s, cn))
				continue;
			asked |= cn->status != UPM_COUNT_NOT_ON_PART;
			if (f[k] & UPM_SAMPLE_NO_VALUE)
				continue;
			sum[kind - 1] += v[k];
			any = 1;
		}
		/* A socket none of whose channels gave a value (a dry run, every one dead) is
		 * said without one, not left out of the line. */
		if (!any && asked) {
			upm_snprintf(w, sizeof w, "s%u -;", sock);
			word(c, w);
		}
		if (!any)
			continue;
		/* Over fewer channels than the socket has (a box absent, a count with no
		 * value): the sum is part of the socket's traffic, and says so. */
		unsigned have = 0, of = 0;
		const char *box = NULL;
		for (unsigned b = 0; b < s->n_boxes; b++) {
			const struct upm_box_inst *bi = &s->boxes[b];
			int mem = 0, valued = 1;
			for (unsigned k = 0; bi->socket == sock && k < s->n_counts; k++) {
				const struct upm_count *cn = &s->counts[k];
				if (cn->socket != sock || cn->box != bi->type || cn->instance != bi->instance ||
				    !mem_kind(&c->mem, &s->specs[cn->spec]) || !shown(c, s, cn) ||
				    cn->status == UPM_COUNT_NOT_ON_PART)
					continue;
				mem = 1;
				valued &= !(f[k] & UPM_SAMPLE_NO_VALUE) && cn->status == UPM_OK;
			}
			of += (unsigned)mem;
			have += (unsigned)(mem && valued);
			box = mem && !box ? bi->type->name : box;
		}
		gbps(rd, sizeof rd, sum[0], c->mem.bytes_per_count, t->window_ns);
		gbps(wr, sizeof wr, sum[1], c->mem.bytes_per_count, t->window_ns);
		if (have < of)
			upm_snprintf(w, sizeof w, "s%u read %s write %s GB/s (%u of %u %s only);", sock, rd, wr, have, of,
				     box ? box : "");
		else
			upm_snprintf(w, sizeof w, "s%u read %s write %s GB/s;", sock, rd, wr);
		word(c, w);
	}
	line_flush(c);
	/* Per channel: each instance of a memory box, read/write GB/s. */
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		int opened = 0;
		for (unsigned b = 0; b < s->n_boxes; b++) {
			const struct upm_box_inst *bi = &s->boxes[b];
			uint64_t sum[2] = { 0, 0 };
			int any = 0;
			if (bi->socket != sock)
				continue;
			for (unsigned k = 0; k < s->n_counts; k++) {
				const struct upm_count *cn = &s->counts[k];
				int kind = mem_kind(&c->mem, &s->specs[cn->spec]);
				if (cn->socket != sock || cn->box != bi->type || cn->instance != bi->instance || !kind ||
				    !shown(c, s, cn) || (f[k] & UPM_SAMPLE_NO_VALUE))
					continue;
				sum[kind - 1] += v[k];
				any = 1;
			}
			if (!any)
				continue;
			if (!opened) {
				upm_snprintf(w, sizeof w, "  s%u r/w GB/s:", sock);
				word(c, w);
				opened = 1;
			}
			gbps(rd, sizeof rd, sum[0], c->mem.bytes_per_count, t->window_ns);
			gbps(wr, sizeof wr, sum[1], c->mem.bytes_per_count, t->window_ns);
			upm_snprintf(w, sizeof w, "%s%u %s/%s", bi->type->name, bi->instance, rd, wr);
			word(c, w);
		}
		line_flush(c);
	}
}

/* One count's value as the console says it: a clock's frequency, else the count and its
 * rate over the sample's window. */
static void count_words(char *w, size_t size, uint64_t sum, unsigned n, int clock, uint64_t window_ns)
{
	char a[32], b[32];
	if (clock) {
		upm_format_double(a, sizeof a, window_ns ? (double)sum * 1e3 / n / (double)window_ns : 0, 1);
		upm_snprintf(w, size, "%s MHz", a);
	} else {
		si(a, sizeof a, (double)sum);
		si(b, sizeof b, window_ns ? (double)sum * 1e9 / (double)window_ns : 0);
		upm_snprintf(w, size, "%s (%s/s)", a, b);
	}
}

/* --per-box: spec sp on each box instance, socket by socket ("s0 cbo0 2000.0 MHz cbo1
 * ..."); an instance without a value this sample says why ("imc1 all-ones"). */
static void say_instances(struct console *c, const struct upm_session *s, const struct upm_sample_tick *t,
			  const uint64_t *v, const uint8_t *f, unsigned sp, int clock)
{
	char w[200], val[96];
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		int opened = 0;
		for (unsigned k = 0; k < s->n_counts; k++) {
			const struct upm_count *cn = &s->counts[k];
			if (cn->spec != sp || cn->socket != sock || cn->status == UPM_COUNT_NOT_ON_PART)
				continue;
			if (!opened) { /* each socket after the first on a line of its own */
				if (sock && c->line.len > 5) {
					line_flush(c);
					upm_buf_puts(&c->line, "     ");
				}
				upm_snprintf(w, sizeof w, "s%u", sock);
				word(c, w);
				opened = 1;
			}
			if (f[k] & UPM_SAMPLE_NO_VALUE)
				upm_strlcpy(val, (f[k] & UPM_SAMPLE_DRY_RUN) && !(f[k] & UPM_SAMPLE_ALL_ONES) ? "-"
						 : (f[k] & UPM_SAMPLE_ALL_ONES) ? "all-ones"
						 : (f[k] & UPM_SAMPLE_STUCK) ? "stuck" : "failed", sizeof val);
			else
				count_words(val, sizeof val, v[k], 1, clock, t->window_ns);
			upm_snprintf(w, sizeof w, "%s%u %s", cn->box->name, cn->instance, val);
			word(c, w);
		}
	}
}

/* Other events: per socket the count summed over instances and its rate; a clock as
 * its frequency (the instances' mean). */
static void say_counts(struct console *c, const struct upm_session *s, const struct upm_sample_tick *t,
		       const uint64_t *v, const uint8_t *f)
{
	char w[200], a[96];
	for (unsigned sp = 0; sp < s->n_specs; sp++) {
		const struct upm_spec *spec = &s->specs[sp];
		if ((c->user_only && spec->engine) || (c->mem.n_read && mem_kind(&c->mem, spec)))
			continue;
		int clock = upm_spec_counts_clock(spec);
		char label[160];
		upm_spec_label(spec, label, sizeof label);
		if (!c->line.len) /* a line of its own, indented under the sample's time */
			upm_buf_puts(&c->line, "  ");
		upm_snprintf(w, sizeof w, "%s/%s:", spec->box->name, label);
		word(c, w);
		if (c->per_box) {
			say_instances(c, s, t, v, f, sp, clock);
			line_flush(c);
			continue;
		}
		for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
			uint64_t sum = 0;
			unsigned n = 0;
			for (unsigned k = 0; k < s->n_counts; k++) {
				const struct upm_count *cn = &s->counts[k];
				if (cn->spec != sp || cn->socket != sock || (f[k] & UPM_SAMPLE_NO_VALUE))
					continue;
				sum += v[k];
				n++;
			}
			if (!n) {
				upm_snprintf(w, sizeof w, "s%u -", sock);
			} else {
				count_words(a, sizeof a, sum, n, clock, t->window_ns);
				upm_snprintf(w, sizeof w, "s%u %s", sock, a);
			}
			word(c, w);
		}
		line_flush(c);
	}
}

/* The metrics over the sample's window, a line each: "  MEM_BW_READS: s0 1.23 GB/s s1
 * 1.20 GB/s"; a socket where it has no value says why ("s0 n/a (division by zero)",
 * "s1 -" when none of its parts was counted). */
static void say_metrics(struct console *c, const struct upm_session *s, const struct upm_sample_tick *t,
			const uint64_t *v, const uint8_t *f)
{
	char w[160], val[96], cov[48];
	unsigned n = c->mv ? upm_metrics_compute_sample(s, v, f, t->window_ns, c->mv, c->max_mv) : 0;
	for (unsigned k = 0; k < n; k++) {
		const struct upm_metric_value *m = &c->mv[k];
		if (!k || m->metric != c->mv[k - 1].metric) {
			line_flush(c);
			upm_snprintf(w, sizeof w, "  %s:", m->metric->name);
			word(c, w);
		}
		if (!m->instances) {
			upm_strlcpy(val, "-", sizeof val);
		} else if (!m->valid) {
			upm_snprintf(val, sizeof val, "n/a (%s)", m->why ? m->why : "no value");
		} else {
			upm_format_unit(val, sizeof val, m->value, m->metric->unit);
			upm_metric_coverage(m, cov, sizeof cov);
			upm_strlcpy(val + upm_strlen(val), cov, sizeof val - upm_strlen(val));
		}
		upm_snprintf(w, sizeof w, "s%u %s", m->socket, val);
		word(c, w);
	}
	line_flush(c);
}

static void say_sample(struct console *c, const struct upm_session *s, const struct upm_sample_tick *t,
		       const uint64_t *v, const uint8_t *f)
{
	char head[48], secs[32];
	upm_format_double(secs, sizeof secs, (double)t->t_ns / 1e9, 3);
	upm_snprintf(head, sizeof head, "[%9s s]", secs);
	word(c, head);
	int mem = 0;
	for (unsigned k = 0; k < s->n_counts && c->mem.n_read; k++)
		mem |= mem_kind(&c->mem, &s->specs[s->counts[k].spec]) && shown(c, s, &s->counts[k]);
	if (mem)
		say_memory(c, s, t, v, f);
	say_counts(c, s, t, v, f); /* without memory events the first starts on the time's line */
	line_flush(c);
	say_metrics(c, s, t, v, f);
	if (t->overflowed) {
		char w[80];
		upm_snprintf(w, sizeof w, "     %u count%s overflowed (status bit set): see interval.csv", t->overflowed,
			     t->overflowed == 1 ? "" : "s");
		word(c, w);
		line_flush(c);
	}
}

/* --- the kernel between samples --- */

struct kernel_between {
	struct upm_workload_plan *plan;
	struct upm_workload_result res;
	unsigned repetitions;
	int cut_short;          /* ESC/Ctrl-C stopped the last repetition partway */
	uint64_t bytes_read, bytes_written;
	double seconds;
	int rc;
	char err[200];
};

/* Whole repetitions until the next sample is due: one under way when it is due delays
 * that sample (a shorter --iterations makes repetitions shorter). */
static void kernel_repeat(struct upm_session *s, struct kernel_between *k, uint64_t until_ns)
{
	while (k->rc == UPM_OK && upm_os_nanoseconds() < until_ns && !upm_abort_check()) {
		k->rc = upm_workload_execute(k->plan, &k->res, k->err, sizeof k->err);
		if (k->rc != UPM_OK)
			break;
		k->repetitions++;
		k->cut_short = k->res.aborted;
		k->bytes_read += k->res.total.bytes_read;
		k->bytes_written += k->res.total.bytes_written;
		k->seconds += k->res.seconds;
	}
	if (k->rc != UPM_OK) /* no more repetitions: the samples go on idle */
		upm_session_idle(s, until_ns > upm_os_nanoseconds() ? until_ns - upm_os_nanoseconds() : 0);
}

/* --- the flow --- */

/* What the sampler's callbacks share: the console, and the kernel when one runs. */
struct interval_ctx {
	struct console con;
	struct kernel_between kb;
};

static void on_sample(struct upm_session *s, const struct upm_sample_tick *t, const uint64_t *values,
		      const uint8_t *flags, int kept, void *ctx)
{
	struct console *c = &((struct interval_ctx *)ctx)->con;
	/* Samples the files do not keep are not kept in upmon.log either: console only. */
	if (!kept && c->logged) {
		upm_say(c->r, "run: the files hold at most %u samples or %u counts: from %llu s on, samples are shown here only",
			UPM_SAMPLE_MAX_KEPT, UPM_SAMPLE_MAX_VALUES, (unsigned long long)(t->t_ns / 1000000000u));
		c->logged = 0;
	}
	say_sample(c, s, t, values, flags);
}

static void kernel_between(struct upm_session *s, uint64_t until_ns, void *ctx)
{
	kernel_repeat(s, &((struct interval_ctx *)ctx)->kb, until_ns);
}

static void say_plan(struct upm_run *r, const struct upm_session *s, const struct upm_run_interval_opts *o,
		     uint64_t seconds_ns, const char *kernel)
{
	char until[64], len[32];
	if (o->count)
		upm_snprintf(until, sizeof until, "%u sample%s", o->count, o->count == 1 ? "" : "s");
	else if (o->duration_ns || seconds_ns) {
		upm_format_double(len, sizeof len, (double)(o->duration_ns ? o->duration_ns : seconds_ns) / 1e9, 3);
		upm_snprintf(until, sizeof until, "for %s s", len);
	} else
		upm_strlcpy(until, "until ESC or Ctrl-C", sizeof until);
	upm_say(r, "run: a sample every %llu ms, %s; %u event spec%s on %u socket%s%s%s", (unsigned long long)(o->period_ns / 1000000u),
		until, s->n_specs, s->n_specs == 1 ? "" : "s", r->n_sockets, r->n_sockets == 1 ? "" : "s",
		kernel ? "; kernel " : "", kernel ? kernel : "");
}

static void say_cost(struct upm_run *r, const struct upm_samples *sm)
{
	char mean[32], max[32];
	upm_format_double(mean, sizeof mean, sm->n_taken ? (double)sm->cost_ns_total / 1e3 / sm->n_taken : 0, 1);
	upm_format_double(max, sizeof max, (double)sm->cost_ns_max / 1e3, 1);
	/* Through perf a sample is the kernel's counts, read: no register is touched. */
	upm_say(r, "run: %u sample%s (%u kept); each sample: %llu %s, %s us (at most %s us)", sm->n_taken,
		sm->n_taken == 1 ? "" : "s", sm->n_ticks, (unsigned long long)sm->accesses_per_sample,
		upm_backend_counts_by_pmu(r->backend) ? "perf reads" : "register accesses", mean, max);
	for (unsigned sock = 0; sock < r->n_sockets && sock < UPM_MAX_SOCKETS; sock++)
		if (sm->method[sock])
			upm_say(r, "run: socket %u read by %s", sock, sm->method[sock]);
	if (sm->ticks_missed)
		upm_say(r, "run: %llu tick%s of the %llu ms period passed while a sample was late (a kernel's repetition, "
			   "the console) and %s skipped", (unsigned long long)sm->ticks_missed, sm->ticks_missed == 1 ? "" : "s",
			(unsigned long long)(sm->period_ns / 1000000u), sm->ticks_missed == 1 ? "was" : "were");
	if (sm->wrap_guard_reads)
		upm_say(r, "run: %llu reading%s between samples kept 32-bit free-running counters from wrapping twice",
			(unsigned long long)sm->wrap_guard_reads, sm->wrap_guard_reads == 1 ? "" : "s");
}

/* The files render the run's results record, the samples in it (core/results/record.h). */
static void save_files(struct upm_run *r, struct upm_session *s, const struct upm_samples *sm, uint64_t seconds_ns,
		       int status, const struct kernel_between *kb)
{
	struct upm_record rec;
	struct upm_record_repeated repeated;
	upm_record_init(&rec, r, "run");
	rec.seconds_ns = seconds_ns;
	rec.exit_status = status;
	upm_record_add_session(&rec, s);
	upm_record_add_samples(&rec, s, sm);
	if (rec.sample_metrics_short) /* the files say no less than they hold */
		upm_say(r, "run: interval.csv holds the metrics of the first %u samples only (at most %u metric values "
			   "in all); the console showed every one", rec.n_sample_metric_ticks,
			(unsigned)UPM_RECORD_MAX_SAMPLE_METRICS);
	if (kb->plan) { /* the kernel is in every file, not only the command line */
		struct upm_workload_info info;
		upm_workload_describe(kb->plan, &info);
		upm_record_kernel_describe(&repeated.kernel, &info, 1);
		repeated.repetitions = kb->repetitions;
		repeated.cut_short = kb->cut_short;
		repeated.seconds = kb->seconds;
		repeated.bytes_read = kb->bytes_read;
		repeated.bytes_written = kb->bytes_written;
		repeated.error = kb->rc != UPM_OK ? kb->err : NULL;
		rec.repeated = &repeated;
	}
	upm_record_finish(&rec);
	if (rec.n_metrics)
		upm_record_print_metrics(&rec); /* its window line says it is the whole run's */
	upm_record_save(&rec);
	upm_record_say_end(&rec);
	upm_record_free(&rec);
}

int upm_run_interval(struct upm_run *r, const struct upm_run_interval_opts *o, const struct upm_run_kernel_opts *ko,
		     const struct upm_spec_list *asked, const struct upm_metric_list *metrics, uint64_t seconds_ns,
		     int per_box)
{
	struct upm_session s;
	struct upm_samples sm;
	struct interval_ctx *x = upm_os_alloc(sizeof *x);
	int status = UPM_EXIT_OK;
	if (!x) {
		upm_error(r, "run: out of memory");
		return UPM_EXIT_FAIL;
	}
	upm_memset(x, 0, sizeof *x);
	upm_memset(&sm, 0, sizeof sm);
	struct console *con = &x->con;
	struct kernel_between *kb = &x->kb;
	con->r = r;
	con->logged = 1;
	con->per_box = per_box;
	upm_buf_init(&con->line);
	if (upm_metrics_take(&s, r, asked, metrics) < 0) {
		upm_error(r, "run: %s", s.error);
		status = UPM_EXIT_USAGE;
		goto out;
	}
	if (s.n_passes > 1 && s.n_metrics && asked->n) {
		/* The metrics' events do not fit beside the events given: the events alone, if
		 * they fit. */
		unsigned passes = s.n_passes;
		upm_session_free(&s);
		if (upm_metrics_take(&s, r, asked, NULL) < 0) {
			upm_error(r, "run: %s", s.error);
			status = UPM_EXIT_USAGE;
			goto out;
		}
		if (s.n_passes == 1)
			upm_say(r, "run: --interval: the metrics are left out (with their events the run needs %u "
				   "passes); the events given are sampled", passes);
	}
	upm_session_say_doubled(&s, "run");
	if (s.n_passes > 1) {
		upm_error(r, "run: --interval counts every event at once, and these need %u passes: give fewer events "
			     "(at most the box's counters each; see 'upmon list events')", s.n_passes);
		status = UPM_EXIT_USAGE;
		goto out;
	}
	struct upm_workload w = ko->w;
	if (ko->n_kernels) {
		w.kernel = ko->kernels[0];
		if (upm_workload_prepare(r, &w, &kb->plan, kb->err, sizeof kb->err) != UPM_OK) {
			upm_error(r, "run: %s", kb->err);
			status = UPM_EXIT_USAGE;
			goto out;
		}
	}
	if (kb->plan) {
		struct upm_workload_info info;
		upm_workload_describe(kb->plan, &info);
		upm_run_kernel_say_plan(r, &info, ko->w.size, ", repeated between the samples");
	}
	mem_specs_init(r->platform, &con->mem);
	con->max_mv = s.n_metrics * r->n_sockets;
	con->mv = con->max_mv ? upm_os_alloc(con->max_mv * sizeof *con->mv) : NULL;
	for (unsigned i = 0; i < s.n_specs; i++)
		con->user_only |= !s.specs[i].engine;
	say_plan(r, &s, o, seconds_ns, ko->n_kernels ? ko->kernels[0] : NULL);

	struct upm_sample_opts so = { o->period_ns, o->count, o->duration_ns ? o->duration_ns : seconds_ns,
				      ko->n_kernels ? kernel_between : NULL, on_sample, x };
	if (upm_session_sample(&s, &so, &sm) < 0) {
		upm_session_say_error(&s, "run");
		status = s.error_is_lost_socket ? UPM_EXIT_INCOMPLETE : UPM_EXIT_FAIL;
	}
	say_cost(r, &sm);
	if (ko->n_kernels) {
		char gb[32], secs[32];
		upm_format_double(secs, sizeof secs, kb->seconds, 3);
		upm_format_double(gb, sizeof gb,
				  kb->seconds > 0 ? (double)(kb->bytes_read + kb->bytes_written) / kb->seconds / 1e9 : 0, 3);
		upm_say(r, "run: kernel %s ran %u time%s%s, %s s in its loops, %s GB/s on average", ko->kernels[0],
			kb->repetitions, kb->repetitions == 1 ? "" : "s", kb->cut_short ? " (the last cut short)" : "",
			secs, gb);
		if (kb->rc != UPM_OK) {
			upm_error(r, "run: kernel %s: %s", ko->kernels[0], kb->err);
			status = UPM_EXIT_FAIL;
		}
	}
	if (s.aborted) {
		upm_error(r, "run: aborted (ESC or Ctrl-C) after %u sample%s: registers restored, the samples so far "
			     "are saved marked \"aborted\"", sm.n_taken, sm.n_taken == 1 ? "" : "s");
		if (status == UPM_EXIT_OK)
			status = UPM_EXIT_ABORTED;
	}
	if (upm_session_report_unrestored(&s))
		status = UPM_EXIT_FAIL;
	status = upm_session_vouch_warn(&s, "run", NULL, status);
	save_files(r, &s, &sm, o->duration_ns ? o->duration_ns : seconds_ns, status, kb);
out:
	upm_samples_free(&sm);
	upm_session_free(&s);
	if (kb->plan)
		upm_workload_release(kb->plan);
	upm_buf_free(&con->line);
	upm_os_free(con->mv);
	upm_os_free(x);
	return status;
}

#include "core/check/burnin.h"
#include "core/check/check_safety.h"
#include "platform/base/abort.h"
#include "platform/base/os.h"
#include "platform/base/human.h"
#include "platform/base/human_text.h"
#include "core/cli/console_wrap.h"

/* --- small things --- */

int upm_burnin_parse_duration(const char *text, uint64_t *seconds)
{
	char num[24];
	size_t n = upm_strlen(text);
	uint64_t unit = 1, v;
	if (n == 0 || n >= sizeof num)
		return -1;
	upm_strlcpy(num, text, sizeof num);
	switch (num[n - 1]) {
	case 's': unit = 1; num[--n] = 0; break;
	case 'm': unit = 60; num[--n] = 0; break;
	case 'h': unit = 3600; num[--n] = 0; break;
	case 'd': unit = 86400; num[--n] = 0; break;
	default: break;
	}
	if (n == 0 || upm_parse_u64(num, &v) < 0 || v == 0 || v > UPM_BURNIN_MAX_DURATION_S / unit)
		return -1;
	*seconds = v * unit;
	return 0;
}

void upm_burnin_hms(char *buf, size_t n, uint64_t ns)
{
	uint64_t s = ns / 1000000000u;
	upm_snprintf(buf, n, "%llu:%02u:%02u", (unsigned long long)(s / 3600), (unsigned)(s / 60 % 60),
		     (unsigned)(s % 60));
}

/* Grows a table of elem-sized entries to hold one more: 0, or -1 out of memory. */
static int grow(void **arr, unsigned *cap, unsigned n, size_t elem)
{
	if (n < *cap)
		return 0;
	unsigned ncap = *cap ? *cap * 2 : 16;
	void *p = upm_os_alloc((size_t)ncap * elem);
	if (!p)
		return -1;
	upm_memset(p, 0, (size_t)ncap * elem);
	if (*arr)
		upm_memcpy(p, *arr, (size_t)n * elem);
	upm_os_free(*arr);
	*arr = p;
	*cap = ncap;
	return 0;
}

static const char *box_of(const struct upm_verdict *v)
{
	return v->box ? v->box : "";
}

/* --- the passes --- */

int upm_burnin_init(struct upm_burnin *b, unsigned passes, uint64_t duration_s)
{
	upm_memset(b, 0, sizeof *b);
	b->passes = passes;
	b->duration_ns = duration_s * 1000000000ull;
	b->active = passes || duration_s;
	b->start_ns = upm_os_nanoseconds();
	return grow((void **)&b->pass, &b->cap_pass, 0, sizeof *b->pass);
}

void upm_burnin_free(struct upm_burnin *b)
{
	upm_os_free(b->pass);
	upm_os_free(b->trend);
	upm_os_free(b->inst);
	upm_memset(b, 0, sizeof *b);
}

/* Leaves out the PASS and N/A verdicts of the passes between the first and the last
 * finished one: their numbers are in the trend already. */
static void make_room(struct upm_burnin *b, struct upm_verdicts *vs)
{
	unsigned keep = 0, last = b->n_pass;
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (v->pass > 1 && v->pass < last && (v->result == UPM_RESULT_PASS || v->result == UPM_RESULT_NA)) {
			b->left_out++;
			b->pass[v->pass - 1].left_out[v->result]++; /* pass k is b->pass[k - 1] */
			continue;
		}
		vs->v[keep++] = *v;
	}
	vs->n = keep;
}

/* The time left: to the duration's end, or the passes to go at the pace so far. */
static int time_left(const struct upm_burnin *b, uint64_t elapsed, uint64_t *left)
{
	int known = 0;
	*left = ~0ull;
	if (b->duration_ns) {
		*left = elapsed < b->duration_ns ? b->duration_ns - elapsed : 0;
		known = 1;
	}
	if (b->passes && b->done) {
		uint64_t per = elapsed / b->done;
		uint64_t rest = per * (uint64_t)(b->passes - b->done);
		if (rest < *left)
			*left = rest;
		known = 1;
	}
	return known;
}

static int stop(struct upm_burnin *b, const char *fmt, unsigned a)
{
	b->ns = upm_os_nanoseconds() - b->start_ns;
	upm_snprintf(b->stopped_by, sizeof b->stopped_by, fmt, a);
	return 0;
}

int upm_burnin_next(struct upm_run *r, struct upm_burnin *b, struct upm_verdicts *vs)
{
	uint64_t elapsed = upm_os_nanoseconds() - b->start_ns;
	unsigned next = b->n_pass + 1;
	if (b->n_pass && !b->active)
		return 0; /* a check without a burn-in: one pass */
	if (b->aborted)
		return stop(b, "ESC or Ctrl-C in pass %u", b->n_pass);
	if (b->passes && b->done >= b->passes)
		return stop(b, "%u passes done", b->done);
	if (b->duration_ns && b->n_pass && elapsed >= b->duration_ns)
		return stop(b, "the duration ran out after pass %u", b->n_pass);
	if (next > UPM_BURNIN_MAX_PASSES)
		return stop(b, "the most passes one burn-in runs (%u) done", UPM_BURNIN_MAX_PASSES);
	if (b->n_pass && vs->cap - vs->n < b->largest + 64)
		make_room(b, vs);
	if (b->n_pass && vs->cap - vs->n < b->largest + 64)
		return stop(b, "the verdict table holds no further pass after pass %u", b->n_pass);
	if (grow((void **)&b->pass, &b->cap_pass, b->n_pass, sizeof *b->pass) < 0)
		return stop(b, "out of memory after pass %u", b->n_pass);
	char stage[24];
	upm_snprintf(stage, sizeof stage, "pass %u", next);
	if (b->active && upm_check_safety_stop(r, stage)) { /* ESC between passes */
		b->aborted = 1;
		return stop(b, "ESC or Ctrl-C before pass %u", next);
	}
	struct upm_burnin_pass *p = &b->pass[b->n_pass++];
	upm_memset(p, 0, sizeof *p);
	p->pass = next;
	vs->pass = next;
	b->pass_start_ns = upm_os_nanoseconds();
	/* A long burn-in is many steps: the watchdog is re-armed for each pass as for the
	 * run (each session re-arms it for its own passes too), never left to run out. */
	upm_os_watchdog_arm(UPM_WATCHDOG_MARGIN_S);
	upm_backend_pass_begins(r->backend, next);
	if (!b->active)
		return 1;
	char gone[24], left[24], of[24] = "";
	uint64_t rest;
	upm_burnin_hms(gone, sizeof gone, elapsed);
	if (b->passes)
		upm_snprintf(of, sizeof of, " of %u", b->passes);
	if (time_left(b, elapsed, &rest)) {
		upm_burnin_hms(left, sizeof left, rest + 999999999ull); /* whole seconds, rounded up */
		upm_say(r, "burn-in: pass %u%s, %s elapsed, %s%s left", next, of, gone, b->passes ? "about " : "", left);
	} else {
		upm_say(r, "burn-in: pass %u%s, %s elapsed, time left known after pass 1", next, of, gone);
	}
	return 1;
}

/* --- what a pass found --- */

static struct upm_burnin_instance *instance_for(struct upm_burnin *b, const struct upm_verdict *v)
{
	for (unsigned i = 0; i < b->n_inst; i++) {
		struct upm_burnin_instance *x = &b->inst[i];
		if (x->socket == v->socket && x->instance == v->instance && upm_strcmp(x->box, box_of(v)) == 0)
			return x;
	}
	if (grow((void **)&b->inst, &b->cap_inst, b->n_inst, sizeof *b->inst) < 0)
		return NULL;
	struct upm_burnin_instance *x = &b->inst[b->n_inst++];
	upm_memset(x, 0, sizeof *x);
	x->socket = v->socket;
	x->box = box_of(v);
	x->instance = v->instance;
	x->worst = UPM_RESULT_NA;
	return x;
}

static struct upm_trend *trend_for(struct upm_burnin *b, const struct upm_verdict *v)
{
	for (unsigned i = 0; i < b->n_trend; i++) {
		struct upm_trend *t = &b->trend[i];
		if (t->socket == v->socket && t->instance == v->instance && upm_strcmp(t->box, box_of(v)) == 0 &&
		    upm_strcmp(t->check, v->check) == 0)
			return t;
	}
	if (grow((void **)&b->trend, &b->cap_trend, b->n_trend, sizeof *b->trend) < 0)
		return NULL;
	struct upm_trend *t = &b->trend[b->n_trend++];
	upm_memset(t, 0, sizeof *t);
	t->socket = v->socket;
	t->box = box_of(v);
	t->instance = v->instance;
	t->stride = 1;
	upm_strlcpy(t->check, v->check, sizeof t->check);
	upm_strlcpy(t->unit, v->unit, sizeof t->unit);
	return t;
}

/* A point per pass until the trend is full; then every second one goes and the passes
 * kept are twice as far apart. */
static void trend_add(struct upm_trend *t, unsigned pass, double measured, enum upm_result result)
{
	if (t->n && (pass - 1) % t->stride != 0)
		return;
	if (t->n == UPM_TREND_POINTS) {
		unsigned k = 0;
		for (unsigned i = 0; i < t->n; i += 2, k++) {
			t->pass[k] = t->pass[i];
			t->measured[k] = t->measured[i];
			t->result[k] = t->result[i];
		}
		t->n = k;
		t->stride *= 2;
		if ((pass - 1) % t->stride != 0)
			return;
	}
	t->pass[t->n] = pass;
	t->measured[t->n] = measured;
	t->result[t->n] = (uint8_t)result;
	t->n++;
}

/* One line for the pass (fits 80 columns): its result, its counts, its length, and the
 * first FAIL (or else WARN) it found. */
static void say_pass(struct upm_run *r, const struct upm_burnin *b, const struct upm_burnin_pass *p,
		     const struct upm_verdicts *vs, unsigned first)
{
	char line[160], took[24], of[16] = "";
	upm_burnin_hms(took, sizeof took, p->ns);
	if (b->passes) /* "pass 2/3:" */
		upm_snprintf(of, sizeof of, "/%u", b->passes);
	char c[4][24];
	upm_format_count(c[0], sizeof c[0], p->counts[UPM_RESULT_PASS]);
	upm_format_count(c[1], sizeof c[1], p->counts[UPM_RESULT_WARN]);
	upm_format_count(c[2], sizeof c[2], p->counts[UPM_RESULT_FAIL]);
	upm_format_count(c[3], sizeof c[3], p->counts[UPM_RESULT_INCOMPLETE]);
	int n = upm_snprintf(line, sizeof line, "pass %u%s %s %s: %s ok, %s warn, %s fail, %s inc", p->pass, of,
			     p->aborted ? "ABORTED" : upm_result_name(p->worst), took, c[0], c[1], c[2], c[3]);
	for (enum upm_result want = UPM_RESULT_FAIL; n > 0 && (size_t)n < sizeof line; want = UPM_RESULT_WARN) {
		const struct upm_verdict *f = NULL;
		for (unsigned i = first; i < vs->n && !f; i++)
			if (vs->v[i].result == want)
				f = &vs->v[i];
		if (f) {
			if (f->instance >= 0)
				upm_snprintf(line + n, sizeof line - (size_t)n, "; s%u %s%d %s", f->socket, box_of(f),
					     f->instance, f->check);
			else
				upm_snprintf(line + n, sizeof line - (size_t)n, "; s%u %s %s", f->socket, box_of(f),
					     f->check);
			break;
		}
		if (want == UPM_RESULT_WARN)
			break;
	}
	line[79] = 0; /* the UEFI console is often 80 columns */
	upm_say(r, "%s", line);
}

/* A verdict of pass p: its count and worst, and its instance's worst and first findings. */
static void tally(struct upm_burnin *b, struct upm_burnin_pass *p, const struct upm_verdict *v)
{
	p->counts[v->result]++;
	if (upm_result_rank(v->result) > upm_result_rank(p->worst))
		p->worst = v->result;
	struct upm_burnin_instance *x = instance_for(b, v);
	if (!x)
		return;
	x->had_pass |= v->result == UPM_RESULT_PASS;
	if (upm_result_rank(v->result) > upm_result_rank(x->worst))
		x->worst = v->result;
	if (v->result == UPM_RESULT_FAIL && !x->first_fail)
		x->first_fail = p->pass;
	if (v->result == UPM_RESULT_WARN && !x->first_warn)
		x->first_warn = p->pass;
}

void upm_burnin_pass_done(struct upm_run *r, struct upm_burnin *b, const struct upm_verdicts *vs,
			  unsigned first, int aborted, const struct upm_check_bandwidth *bw)
{
	if (!b->n_pass)
		return;
	struct upm_burnin_pass *p = &b->pass[b->n_pass - 1];
	p->ns = upm_os_nanoseconds() - b->pass_start_ns;
	p->aborted = aborted;
	p->worst = UPM_RESULT_PASS;
	if (bw)
		p->bandwidth = *bw;
	for (unsigned i = first; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		tally(b, p, v);
		if (v->has_measured && !aborted) {
			struct upm_trend *t = trend_for(b, v);
			if (t)
				trend_add(t, p->pass, v->measured, v->result);
		}
	}
	p->first = first;
	p->verdicts = vs->n - first;
	if (p->verdicts > b->largest)
		b->largest = p->verdicts;
	if (aborted) /* cut short: kept, not counted as done */
		b->aborted = 1;
	else
		b->done++;
	/* An aborted pass's line waits for the "aborted" verdict the command adds. */
	if (b->active && !aborted)
		say_pass(r, b, p, vs, first);
}

void upm_burnin_settle(struct upm_burnin *b, const struct upm_verdicts *vs, int diverged)
{
	if (!b->n_pass)
		return;
	for (unsigned i = 0; i < b->n_pass; i++) {
		struct upm_burnin_pass *p = &b->pass[i];
		p->verdicts = 0;
		p->worst = UPM_RESULT_PASS;
		for (unsigned k = 0; k < UPM_ARRAY_LEN(p->counts); k++) {
			p->counts[k] = p->left_out[k];
			p->verdicts += p->left_out[k];
		}
	}
	for (unsigned i = 0; i < b->n_inst; i++) {
		struct upm_burnin_instance *x = &b->inst[i];
		x->worst = x->had_pass ? UPM_RESULT_PASS : UPM_RESULT_NA;
		x->first_fail = x->first_warn = 0;
	}
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		unsigned k = v->pass ? v->pass - 1 : 0;
		if (k >= b->n_pass)
			continue;
		tally(b, &b->pass[k], v);
		b->pass[k].verdicts++;
	}
	/* The trends' points: a diverged replay's findings are INCOMPLETE too. */
	for (unsigned i = 0; diverged && i < b->n_trend; i++)
		for (unsigned k = 0; k < b->trend[i].n; k++)
			if (b->trend[i].result[k] != UPM_RESULT_PASS)
				b->trend[i].result[k] = UPM_RESULT_INCOMPLETE;
}

const struct upm_burnin_instance *upm_burnin_instance_of(const struct upm_burnin *b, unsigned socket,
							 const char *box, int instance)
{
	for (unsigned i = 0; i < b->n_inst; i++)
		if (b->inst[i].socket == socket && b->inst[i].instance == instance &&
		    upm_strcmp(b->inst[i].box, box) == 0)
			return &b->inst[i];
	return NULL;
}

/* --- the end --- */

static int same_finding(const struct upm_verdict *a, const struct upm_verdict *b)
{
	return a->socket == b->socket && a->instance == b->instance && a->result == b->result &&
	       upm_strcmp(box_of(a), box_of(b)) == 0 && upm_strcmp(a->check, b->check) == 0;
}

void upm_burnin_say_end(struct upm_run *r, const struct upm_burnin *b, const struct upm_verdicts *vs)
{
	if (!b->active)
		return;
	const struct upm_burnin_pass *last = b->n_pass ? &b->pass[b->n_pass - 1] : NULL;
	if (last && last->aborted) /* held back by upm_burnin_pass_done */
		say_pass(r, b, last, vs, last->first);
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (v->result == UPM_RESULT_PASS || v->result == UPM_RESULT_NA)
			continue;
		unsigned k = 0, seen = 0, in = 0;
		for (k = 0; k < i && !seen; k++)
			seen = same_finding(&vs->v[k], v);
		if (seen)
			continue;
		for (k = i; k < vs->n; k++)
			in += same_finding(&vs->v[k], v);
		char w[24];
		if (v->instance < 0)
			upm_snprintf(w, sizeof w, "%s", box_of(v));
		else
			upm_snprintf(w, sizeof w, "%s%d", box_of(v), v->instance);
		/* Within 80 columns, counts grouped; cut after four lines (the files keep it). */
		char reason[sizeof v->reason + sizeof v->reason / 3];
		upm_human_text(reason, sizeof reason, v->reason);
		upm_say_wrappedf(r, 5, 4, "%-4s pass %u socket %u %-8s %-18s %s%s", upm_result_name(v->result), v->pass,
				 v->socket, w, v->check, reason, in > 1 ? " (and in later passes)" : "");
	}
	char took[24];
	unsigned first_fail = 0;
	for (unsigned i = 0; i < b->n_pass; i++)
		if (!first_fail && b->pass[i].worst == UPM_RESULT_FAIL)
			first_fail = b->pass[i].pass;
	upm_burnin_hms(took, sizeof took, b->ns);
	if (first_fail)
		upm_say(r, "burn-in: %u pass%s in %s (%s); first failing pass %u", b->done, b->done == 1 ? "" : "es",
			took, b->stopped_by, first_fail);
	else
		upm_say(r, "burn-in: %u pass%s in %s (%s); no pass failed", b->done, b->done == 1 ? "" : "es", took,
			b->stopped_by);
	if (b->left_out) {
		char n[24];
		upm_format_count(n, sizeof n, b->left_out);
		upm_say_wrappedf(r, 9, 0, "burn-in: %s PASS and N/A verdicts of the middle passes left out for room "
					  "(their numbers are in the trend)", n);
	}
}

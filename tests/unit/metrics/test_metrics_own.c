/* A metric's specs are added to the session on every instance it needs
 * (upm_metrics_prepare), and each count is counted once per run (core/events/once.h):
 * where the user's spec counts the same on an instance, the metric reads that one count,
 * never two. The mock spreads a socket's reads evenly over its four iMC channels
 * (platform/mock/pmon.h). */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/metrics/metrics.h"

/* 4000 lines read per socket in 10 ms. */
static struct feed reads = { 10000000u, 4000, 0, 8000, 2000, 0 };

/* What run_metrics saw of socket 1's CAS_COUNT.RD: its counts and the specs kept. */
struct seen {
	unsigned rd_counts, n_specs, n_doubled;
};

/* Runs user specs and metric names on a fresh two-socket Sandy Bridge-EP mock; fills
 * the metric values, returns how many (or -1); want_bw: socket 1's MEM_BW_READS when it
 * is the 4000 lines over its counts' windows, else 0; seen (NULL: not wanted). */
static int run_metrics_seen(const char *faults, const char *user, const char *metrics, struct upm_metric_value *mv,
			    unsigned max, double *want_bw, struct seen *seen)
{
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, "snbep", 2, faults) < 0)
		return -1;
	int n = -1;
	if (upm_metrics_prepare(&s, &f.run, user, metrics) < 0) {
		upm_test_fail(__FILE__, __LINE__, "prepare: %s", s.error);
	} else {
		upm_session_run(&s, feed_interval, &reads);
		upm_session_vouch(&s);
		n = (int)upm_metrics_compute(&s, mv, max);
		/* Socket 1's reads by the metric's own counts, each over its own window
		 * (core/session/session.h): what a socket bandwidth of 4000 lines is. */
		uint64_t lines = 0;
		unsigned rd = 0;
		for (unsigned i = 0; i < s.n_counts; i++) {
			const struct upm_count *c = &s.counts[i];
			if (c->socket == 1 && strcmp(s.specs[c->spec].name, "CAS_COUNT.RD") == 0) {
				lines += c->delta;
				rd++;
			}
		}
		if (seen) {
			seen->rd_counts = rd;
			seen->n_specs = s.n_specs;
			seen->n_doubled = s.n_doubled;
		}
		*want_bw = 0;
		for (int i = 0; lines == 4000 && i < n; i++)
			if (strcmp(mv[i].metric->name, "MEM_BW_READS") == 0 && mv[i].socket == 1 &&
			    rate_over_windows(mv[i].value, 64, &s, 1, "CAS_COUNT.RD", 0, reads.ns))
				*want_bw = mv[i].value;
	}
	upm_session_free(&s);
	fixture_free(&f);
	return n;
}

static int run_metrics(const char *faults, const char *user, const char *metrics, struct upm_metric_value *mv,
		       unsigned max, double *want_bw)
{
	return run_metrics_seen(faults, user, metrics, mv, max, want_bw, NULL);
}

static const struct upm_metric_value *value_of(const struct upm_metric_value *mv, int n, const char *name,
					       unsigned socket)
{
	for (int i = 0; i < n; i++)
		if (strcmp(mv[i].metric->name, name) == 0 && mv[i].socket == socket)
			return &mv[i];
	return NULL;
}

/* Socket 1's bandwidth as run_metrics found it: 4000 lines x 64 bytes, each channel's
 * count over its own window (0 when not so). */
static int is_socket_bw(const struct upm_metric_value *v, double want_bw)
{
	return v && v->valid && want_bw > 0 && v->value == want_bw;
}

TEST(metric_not_fed_by_a_user_spec_on_one_channel)
{
	struct upm_metric_value mv[16];
	double bw = 0;
	struct seen seen;
	/* Channel 0 counted twice would be 5000 lines instead of 4000 (+25%): channel 0 is
	 * programmed once (the user's), the metric adds the other three. */
	int n = run_metrics_seen(NULL, "imc0/CAS_COUNT.RD/", "MEM_BW_READS", mv, 16, &bw, &seen);
	const struct upm_metric_value *v = value_of(mv, n, "MEM_BW_READS", 1);
	CHECK(is_socket_bw(v, bw));
	CHECK(v && v->instances == 4 && v->of_instances == 4);
	CHECK_EQ(seen.rd_counts, 4);
	CHECK_EQ(seen.n_specs, 2);
	CHECK_EQ(seen.n_doubled, 0); /* a metric sharing the user's count is said nowhere */
}

TEST(metric_not_doubled_by_a_spec_given_twice)
{
	struct upm_metric_value mv[16];
	double bw = 0;
	struct seen seen;
	int n = run_metrics_seen(NULL, "imc/CAS_COUNT.RD/,imc/CAS_COUNT.RD/", "MEM_BW_READS", mv, 16, &bw, &seen);
	CHECK(is_socket_bw(value_of(mv, n, "MEM_BW_READS", 1), bw));
	/* One spec, one count a channel, and the double noted once. */
	CHECK_EQ(seen.n_specs, 1);
	CHECK_EQ(seen.rd_counts, 4);
	CHECK_EQ(seen.n_doubled, 1);
	/* Asked for twice, reported once per socket. */
	n = run_metrics(NULL, NULL, "MEM_BW_READS,MEM_BW_READS", mv, 16, &bw);
	CHECK_EQ(n, 2);
}

TEST(metric_never_from_user_specs_alone)
{
	struct upm_metric_value mv[16];
	double bw = 0;
	/* One channel of four is no socket bandwidth: no metric unless asked for. */
	CHECK_EQ(run_metrics(NULL, "imc0/CAS_COUNT.RD/,ubox/UCLK/", NULL, mv, 16, &bw), 0);
}

TEST(metric_over_fewer_channels_says_so)
{
	struct upm_metric_value mv[16];
	double bw = 0;
	char cov[48];
	/* imc1 reads all ones: its count cannot be trusted, the value is over three. */
	int n = run_metrics("dead=imc1", NULL, "MEM_BW_READS", mv, 16, &bw);
	const struct upm_metric_value *v = value_of(mv, n, "MEM_BW_READS", 0);
	CHECK(v && v->instances == 3 && v->of_instances == 4);
	if (v) {
		upm_metric_coverage(v, cov, sizeof cov);
		CHECK_STR(cov, " (3 of 4 imc)");
	}
	v = value_of(mv, n, "MEM_BW_READS", 1);
	CHECK(v && v->instances == 4);
	if (v) {
		upm_metric_coverage(v, cov, sizeof cov);
		CHECK_STR(cov, "");
	}
}

TEST(metric_parts_in_two_passes_combine)
{
	struct upm_metric_value mv[16];
	double bw = 0;
	char passes[16];
	/* The two state filters share one filter register: two passes (000:865-873). The
	 * mock's 8000 lookups, 2000 missing: 6000 / 8000 hit. */
	int n = run_metrics(NULL, NULL, "LLC_HIT_RATE", mv, 16, &bw);
	const struct upm_metric_value *v = value_of(mv, n, "LLC_DRD_HIT_PCT", 0);
	CHECK(v && v->valid && v->value > 0.7499 && v->value < 0.7501);
	if (v) {
		upm_metric_passes(v, passes, sizeof passes);
		CHECK_STR(passes, "0+1");
	}
}

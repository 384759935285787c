#include "tests/unit/metric_run.h"
#include "tests/unit/test.h"
#include "core/host/os_host.h"

int metric_session(struct fixture *f, struct upm_session *s, const char *user, const char *metrics,
		   const struct feed *fd)
{
	if (upm_metrics_prepare(s, &f->run, user, metrics) < 0) {
		upm_test_fail(__FILE__, __LINE__, "prepare: %s", s->error);
		fixture_free(f);
		return -1;
	}
	upm_session_run(s, feed_interval, (void *)fd);
	upm_session_vouch(s);
	return 0;
}

int metric_run(struct metric_run *r, const char *platform, const char *user, const char *metrics,
	       const struct feed *fd)
{
	memset(r, 0, sizeof *r);
	if (fixture_init(&r->f, platform, 2, NULL) < 0)
		return -1;
	/* The windows are the fed intervals exactly: on the host's virtual clock the session's
	 * own steps take no time (on the real one, a step delayed under load lengthens its
	 * pass's window, and metrics over counts of two passes stop agreeing). */
	upm_host_virtual_clock(1);
	int rc = metric_session(&r->f, &r->s, user, metrics, fd);
	upm_host_virtual_clock(0);
	if (rc < 0)
		return -1;
	r->n = upm_metrics_compute(&r->s, r->mv, 64);
	return 0;
}

void metric_run_free(struct metric_run *r)
{
	upm_session_free(&r->s);
	fixture_free(&r->f);
}

double metric_value(const struct metric_run *r, const char *name, unsigned socket)
{
	for (unsigned i = 0; i < r->n; i++)
		if (!strcmp(r->mv[i].metric->name, name) && r->mv[i].socket == socket) {
			if (!r->mv[i].valid)
				upm_test_fail(__FILE__, __LINE__, "%s: no value (%s)", name, r->mv[i].why);
			return r->mv[i].valid ? r->mv[i].value : -1;
		}
	upm_test_fail(__FILE__, __LINE__, "%s: not computed on socket %u", name, socket);
	return -1;
}

double metric_alone(const char *platform, const char *name, unsigned socket, const struct feed *fd)
{
	struct metric_run r;
	if (metric_run(&r, platform, NULL, name, fd) < 0)
		return -1;
	double v = metric_value(&r, name, socket);
	CHECK_EQ(r.s.n_passes, 1u);
	metric_run_free(&r);
	return v;
}

const char *metric_value_text(const struct metric_run *r, const char *name, unsigned s)
{
	static char text[160];
	upm_strlcpy(text, "(not computed)", sizeof text);
	for (unsigned i = 0; i < r->n; i++)
		if (!strcmp(r->mv[i].metric->name, name) && r->mv[i].socket == s)
			upm_metric_value_text(&r->mv[i], text, sizeof text, 3);
	return text;
}

#include "tests/unit/fixture.h"
#include "core/session/disc_run.h"
#include "core/results/record.h"
#include "core/cli/last_screen.h"
#include "tests/unit/test.h"
#include "core/host/os_host.h"
#include "platform/pci.h"
#include "platform/mock/pmon.h"
#include <stdlib.h>

int fixture_init(struct fixture *f, const char *platform, unsigned sockets, const char *faults)
{
	char err[200];
	memset(f, 0, sizeof *f);
	f->run.sessions = &f->sessions;
	upm_host_simulate(sockets, 2);
	struct upm_backend *m = upm_mock_create(platform, sockets, faults, err, sizeof err);
	if (!m) {
		upm_test_fail(__FILE__, __LINE__, "mock: %s", err);
		return -1;
	}
	f->mock = upm_mock_of(m);
	test_clock_install(m, &f->clock);
	/* Twice the most any test's session makes (28,729 accesses); one that outgrows it
	 * fails in fixture_free rather than judging a trace with its end cut off. Not more:
	 * every test allocates it, and under AddressSanitizer each byte costs shadow. */
	f->run.backend = upm_trace_create(m, 0, FIXTURE_TRACE_RECORDS);
	f->trace = upm_trace_of(f->run.backend);
	f->run.opts.backend = UPM_BACKEND_MOCK;
	f->run.platform = upm_platform_by_name(platform);
	f->run.out_dir = "/nonexistent";
	upm_cpu_identify(f->run.backend, &f->run.cpu);
	upm_os_topology(&f->run.topo);
	f->run.n_sockets = sockets;
	f->trace->n = 0; /* only the session's accesses */
	f->trace->seq = 0;
	upm_buf_init(&f->run.log);
	f->registered = f->run.platform;
	upm_disc_run(&f->run); /* before any session, as upm_main (nothing on other platforms) */
	f->trace->n = 0;
	f->trace->seq = 0;
	return 0;
}

void fixture_real_time(struct fixture *f)
{
	upm_mock_set_clock(f->mock, NULL, NULL);
}

void fixture_free(struct fixture *f)
{
	upm_disc_run_end(&f->run, f->registered);
	if (f->trace && f->trace->dropped)
		upm_test_fail(__FILE__, __LINE__, "the fixture's trace dropped %u accesses past its %u: raise FIXTURE_TRACE_RECORDS",
			      (unsigned)f->trace->dropped, FIXTURE_TRACE_RECORDS);
	upm_backend_destroy(f->run.backend);
	upm_buf_free(&f->run.log);
	upm_last_screen_free(&f->run); /* a writer's last screen that no files line said */
	upm_host_simulate(2, 2);
}

uint64_t feed_interval(struct upm_session *s, unsigned pass, void *ctx)
{
	const struct feed *fd = ctx;
	(void)pass;
	test_clock_advance(s->run->backend, fd->ns);
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		struct upm_activity a = { sock, fd->ns, fd->lines_read, fd->lines_written,
					  fd->llc_lookups, fd->llc_misses, fd->remote_lines };
		upm_activity(s->run->backend, &a);
	}
	return fd->ns;
}

int near(double v, double want)
{
	return v > want * (1 - 1e-9) && v < want * (1 + 1e-9);
}

int rate_over_windows(double value, double scale, const struct upm_session *s, unsigned socket,
		      const char *name, unsigned from_spec, uint64_t fed_ns)
{
	double want = 0;
	unsigned n = 0;
	for (unsigned i = 0; i < s->n_counts; i++) {
		const struct upm_count *c = &s->counts[i];
		if (c->socket != socket || c->spec < from_spec || strcmp(s->specs[c->spec].name, name) != 0)
			continue;
		if (c->interval_ns < fed_ns || c->interval_ns > fed_ns + 5000000u)
			return 0;
		want += (double)c->delta * scale * 1e9 / (double)c->interval_ns;
		n++;
	}
	return n && near(value, want);
}

void trace_writes(const struct upm_trace *t, struct upm_buf *out)
{
	for (uint32_t i = 0; i < t->n; i++) {
		const struct upm_trace_record *r = &t->records[i];
		if (r->op != 'W')
			continue;
		if (r->space == UPM_SPACE_MSR)
			upm_buf_printf(out, "%u:msr:0x%x=0x%llx\n", r->socket, r->addr,
				       (unsigned long long)r->value);
		else
			upm_buf_printf(out, "%u:pci:%02x:%02x.%u+0x%x=0x%llx\n", r->socket, r->bus, r->dev,
				       r->fn, r->addr, (unsigned long long)r->value);
	}
}

char *fixture_end_writes(struct fixture *f, struct upm_session *s)
{
	struct upm_buf out;
	upm_buf_init(&out);
	trace_writes(f->trace, &out);
	upm_session_free(s);
	fixture_free(f);
	char *r = upm_strdup(out.data ? out.data : "");
	upm_buf_free(&out);
	return r;
}

char *fixture_writes(const char *platform, unsigned sockets, const char *specs)
{
	static const struct feed idle = { 1000000, 0, 0, 0, 0, 0 };
	struct fixture f;
	struct upm_session s;
	if (fixture_init(&f, platform, sockets, NULL) < 0)
		return upm_strdup("");
	if (upm_session_prepare(&s, &f.run, specs) < 0)
		upm_test_fail(__FILE__, __LINE__, "prepare: %s", s.error);
	else if (upm_session_run(&s, feed_interval, (void *)&idle) < 0)
		upm_test_fail(__FILE__, __LINE__, "run: %s", s.error);
	if (mock_pmon_of(f.mock)->violations)
		upm_test_fail(__FILE__, __LINE__, "mock violation: %s", mock_pmon_of(f.mock)->last_violation);
	return fixture_end_writes(&f, &s);
}

const struct upm_count *find_count(const struct upm_session *s, unsigned socket, const char *box,
				   unsigned instance, const char *name)
{
	for (unsigned i = 0; i < s->n_counts; i++) {
		const struct upm_count *c = &s->counts[i];
		if (c->socket == socket && c->instance == instance && strcmp(c->box->name, box) == 0 &&
		    strcmp(s->specs[c->spec].name, name) == 0)
			return c;
	}
	return NULL;
}

void record_json_of(struct upm_session *s, struct upm_buf *out)
{
	struct upm_record rec;
	upm_record_init(&rec, s->run, "run");
	upm_record_add_session(&rec, s);
	upm_record_finish(&rec);
	upm_record_json(&rec, out);
	upm_record_free(&rec);
}

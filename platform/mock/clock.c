/* The mock's time: clocks that run with elapsed time (platform/mock/mock.h, Time). */
#include "platform/mock/mock.h"
#include "core/base/os.h"

static uint64_t os_clock(void *ctx)
{
	(void)ctx;
	return upm_os_nanoseconds();
}

static uint64_t now(struct upm_mock *m)
{
	return m->clock_now ? m->clock_now(m->clock_ctx) : os_clock(NULL);
}

void upm_mock_catch_up(struct upm_mock *m)
{
	uint64_t t = now(m);
	if (t <= m->clock_ns)
		return;
	uint64_t elapsed = t - m->clock_ns;
	m->clock_ns = t;
	if (!m->model_ops)
		return;
	/* Time alone: no traffic. Every socket's uncore runs on, not only the one accessed. */
	if (m->model_ops->advance_time) {
		m->model_ops->advance_time(m, elapsed);
		return;
	}
	for (unsigned s = 0; m->model_ops->advance && s < m->n_sockets; s++) {
		struct upm_activity a = { 0 };
		a.socket = s;
		a.nanoseconds = elapsed;
		m->model_ops->advance(m, &a);
	}
}

void upm_mock_set_clock(struct upm_mock *m, upm_mock_clock_fn fn, void *ctx)
{
	upm_mock_catch_up(m);
	m->clock_now = fn;
	m->clock_ctx = ctx;
	m->clock_ns = now(m);
}

/* The mock's time: clocks that run with elapsed time (platform/mock/mock.h, Time). */
#include "platform/mock/mock.h"
#include "platform/base/os.h"

static uint64_t os_clock(void *ctx)
{
	(void)ctx;
	return upm_os_nanoseconds();
}

static uint64_t now(struct upm_mock *m)
{
	return m->clock_now ? m->clock_now(m->clock_ctx) + m->clock_held_ns : os_clock(NULL);
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

void upm_mock_access_begins(struct upm_mock *m)
{
	upm_mock_catch_up(m);
	m->held_ns = 0;
}

void upm_mock_hold(struct upm_mock *m, uint64_t ns)
{
	if (m->clock_now) {
		m->clock_held_ns += ns;
	} else {
		/* The environment's clock runs by itself: the hold is real time, so that the
		 * interval the session measures holds it too (a sleep cut short sleeps on). */
		uint64_t end = os_clock(NULL) + ns;
		for (uint64_t t = os_clock(NULL); t < end; t = os_clock(NULL))
			upm_os_sleep_ns(end - t);
	}
	upm_mock_catch_up(m);
}

void upm_mock_set_clock(struct upm_mock *m, upm_mock_clock_fn fn, void *ctx)
{
	upm_mock_catch_up(m);
	m->clock_now = fn;
	m->clock_ctx = ctx;
	m->clock_held_ns = 0;
	m->clock_ns = now(m);
}

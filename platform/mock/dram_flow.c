#include "platform/mock/dram_flow.h"

#define NS_PER_MS 1000000u

/* Lines at per_ms a millisecond in ns, without overflow for any ns. */
static uint64_t lines_in(uint64_t ns, uint64_t per_ms)
{
	return ns / NS_PER_MS * per_ms + ns % NS_PER_MS * per_ms / NS_PER_MS;
}

/* The ns n lines take at per_ms a millisecond, rounded up, saturating; 0 when unbounded. */
static uint64_t ns_for(uint64_t n, uint64_t per_ms)
{
	if (!per_ms || !n)
		return 0;
	uint64_t whole = n / per_ms, part = n % per_ms;
	if (whole > UINT64_MAX / NS_PER_MS - 1)
		return UINT64_MAX;
	return whole * NS_PER_MS + (part * NS_PER_MS + per_ms - 1) / per_ms;
}

static uint64_t at_most(uint64_t v, uint64_t cap)
{
	return v < cap ? v : cap;
}

void mock_dram_fit(uint64_t rd, uint64_t wr, uint64_t ns, const struct mock_dram_limit *lim,
		   uint64_t *rd_out, uint64_t *wr_out)
{
	if (lim->reads_per_ms)
		rd = at_most(rd, lines_in(ns, lim->reads_per_ms));
	if (lim->writes_per_ms)
		wr = at_most(wr, lines_in(ns, lim->writes_per_ms));
	if (lim->lines_per_ms) {
		uint64_t all = lines_in(ns, lim->lines_per_ms);
		rd = at_most(rd, all);
		wr = at_most(wr, all - rd);
	}
	*rd_out = rd;
	*wr_out = wr;
}

uint64_t mock_dram_need_ns(uint64_t rd, uint64_t wr, const struct mock_dram_limit *lim)
{
	uint64_t need = ns_for(rd, lim->reads_per_ms), w = ns_for(wr, lim->writes_per_ms);
	uint64_t both = rd + wr < rd ? UINT64_MAX : rd + wr;
	uint64_t all = ns_for(both, lim->lines_per_ms);
	if (w > need)
		need = w;
	return all > need ? all : need;
}

void mock_dram_box_lines(const struct mock_box *b, const struct upm_activity *a,
			 const struct mock_dram_limit *lim, uint64_t *rd, uint64_t *wr)
{
	mock_dram_fit(mock_box_share(b, a->lines_read), mock_box_share(b, a->lines_written),
		      mock_took_ns(b->mock, a), lim, rd, wr);
}

uint64_t mock_dram_socket_ns(struct upm_mock *m, const struct upm_activity *act, const char *name,
			     unsigned n, const struct mock_dram_limit *lim)
{
	uint64_t most = 0;
	for (unsigned i = 0; i < n; i++) {
		const struct mock_box *b = mock_pmon_find(m, act->socket, name, i);
		if (!b)
			continue;
		uint64_t need = mock_dram_need_ns(mock_box_share(b, act->lines_read),
						  mock_box_share(b, act->lines_written), lim);
		if (need > most)
			most = need;
	}
	return most;
}

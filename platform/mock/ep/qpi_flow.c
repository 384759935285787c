#include "platform/mock/ep/qpi_flow.h"

uint64_t mock_qpi_lines(const struct mock_box *b, uint64_t n, uint64_t clocks)
{
	uint64_t share = mock_box_share(b, n), cap = clocks / MOCK_QPI_LINE_CLOCKS;
	return share < cap ? share : cap;
}

uint64_t mock_qpi_flits(uint64_t ctl, uint64_t lines, int received)
{
	int ext = (ctl >> 21) & 1;
	unsigned u = (unsigned)((ctl >> 8) & 0xFF), e = (unsigned)(ctl & 0xFF);
	int tx_g0 = e == 0x00 && !ext, rx_g0 = e == 0x01 && !ext;
	int drs = (received ? e == 0x02 : e == 0x00) && ext; /* Rx/TxL_FLITS_G1 */
	uint64_t n = 0;
	if ((received ? rx_g0 : tx_g0) || drs) {
		n += (u & (drs ? 0x08 : 0x02)) ? 8 * lines : 0; /* data */
		n += (u & (drs ? 0x10 : 0x04)) ? lines : 0;     /* the DRS header */
	}
	if ((received ? tx_g0 : rx_g0) && (u & 0x04))
		n += lines; /* the 1 flit back: request or completion */
	if (received && e == 0x13 && !ext && (u & 0x01))
		n += lines / 2; /* DIRECT2CORE success */
	return n;
}

uint64_t mock_qpi_link_ns(struct upm_mock *m, const struct upm_activity *act, unsigned n_ports, unsigned mhz)
{
	uint64_t most = 0;
	for (unsigned p = 0; p < n_ports; p++) {
		const struct mock_box *tx = mock_pmon_find(m, act->socket, "qpi", p);
		uint64_t lines = tx ? mock_box_share(tx, act->remote_lines) : 0;
		if (lines > most)
			most = lines;
	}
	/* The clocks a line takes, rounded up to whole ns: mock_qpi_lines then allows them. */
	return (most * MOCK_QPI_LINE_CLOCKS * 1000u + mhz - 1) / mhz;
}

/* CTO_COUNT (0x38 with the extra select bit 21) on the receiving port rx: each line is
 * one DRS data response of a full line (MATCH0: message class DRS and opcode DataC,
 * 0x1C00) for the receiving socket's node (DNID 17:13; the models' socket s is node s),
 * of a line in state RDS 0x4 (MATCH1 19:16, one of the two pmu-tools counts as F or E)
 * from the sending socket's node (RNID 3:0). A counter counts it where it agrees with
 * MATCH0/MATCH1 in every bit MASK0/MASK1 set (000:3490-3524). The registers are the
 * port's filters 0-3: MATCH0 0x228, MATCH1 0x22C, MASK0 0x238, MASK1 0x23C (Linux
 * uncore_snbep.c, the same on both parts). */
static uint64_t cto_count(const struct mock_box *rx, uint64_t ctl, uint64_t lines, unsigned from)
{
	uint64_t f[4] = { 0, 0, 0, 0 };
	if ((ctl & 0xFF) != 0x38 || !((ctl >> 21) & 1))
		return 0;
	for (unsigned k = 0; k < 4; k++)
		f[k] = rx->filters[k] ? rx->filters[k]->value : 0;
	uint64_t pkt0 = 0x1C00u | (uint64_t)rx->socket << 13, pkt1 = 0x4ull << 16 | from;
	return ((pkt0 ^ f[0]) & f[2]) == 0 && ((pkt1 ^ f[1]) & f[3]) == 0 ? lines : 0;
}

void mock_qpi_deliver(struct upm_mock *m, const struct upm_activity *act, unsigned n_ports, uint64_t clocks)
{
	unsigned peer = act->socket ^ 1;
	if (peer >= m->n_sockets)
		return;
	for (unsigned p = 0; p < n_ports; p++) {
		struct mock_box *tx = mock_pmon_find(m, act->socket, "qpi", p), *rx = mock_pmon_find(m, peer, "qpi", p);
		if (!tx || !rx)
			continue;
		uint64_t lines = mock_qpi_lines(tx, act->remote_lines, clocks);
		for (unsigned k = 0; k < rx->n_ctrs; k++)
			if (mock_ctr_counting(rx, &rx->ctrs[k]))
				mock_ctr_advance(rx, &rx->ctrs[k], mock_qpi_flits(rx->ctrs[k].ctl->value, lines, 1) +
								       cto_count(rx, rx->ctrs[k].ctl->value, lines, act->socket));
	}
}

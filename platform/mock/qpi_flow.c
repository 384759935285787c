#include "platform/mock/qpi_flow.h"

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
				mock_ctr_advance(rx, &rx->ctrs[k], mock_qpi_flits(rx->ctrs[k].ctl->value, lines, 1));
	}
}

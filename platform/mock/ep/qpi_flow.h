/* QPI traffic of the Sandy/Ivy Bridge-EP mock models: what a socket's ports send and
 * what the other socket's ports receive, within what a link carries.
 *
 * Of the L lines a port sends (its share of the socket's remote_lines; a line crossing
 * is a DRS header and 8 data flits one way, "9 flits for a full cache line" in the QPI
 * of the E7 guide, 002:4069-4078, and 1 flit back, the request or the completion):
 *   sender   TxL_FLITS_G0 (0x00) DATA (umask 0x02) 8L, NON_DATA (0x04) L; TxL_FLITS_G1
 *            (0x00, extra select bit 21) DRS_DATA (0x08) 8L, DRS_NONDATA (0x10) L;
 *            RxL_FLITS_G0 (0x01) NON_DATA L
 *   receiver (socket s ^ 1, the same port) RxL_FLITS_G0 DATA 8L, NON_DATA L; RxL_FLITS_G1
 *            (0x02, ext) DRS_DATA 8L, DRS_NONDATA L; TxL_FLITS_G0 NON_DATA L;
 *            DIRECT2CORE (0x13) umask 0x01 L/2 (half the lines go straight to a core);
 *            CTO_COUNT (0x38, ext) L where the match/mask registers select the lines:
 *            each a DRS DataC of a full line, state RDS 0x4, for the receiver's node
 *            (qpi_flow.c)
 * A link carries at most 2 flits per clock each way: a line takes a port 5 clocks, so
 * 9 flits for each line sent plus 1 for each line received stay within 2 per clock. A
 * report that came faster is held until the ports could have sent it (mock.h, Links and memory);
 * what is beyond even the held time is not counted (L capped at a fifth of the clocks). Codes: the guide's QPI event list (000:3635-
 * 3655) and perfmon IVT, the same on both. */
#ifndef UPMON_PLATFORM_MOCK_QPI_FLOW_H
#define UPMON_PLATFORM_MOCK_QPI_FLOW_H

#include "platform/mock/pmon.h"

#define MOCK_QPI_LINE_CLOCKS 5u

/* The lines port b sends of the socket's n, within what the link carries in clocks. */
uint64_t mock_qpi_lines(const struct mock_box *b, uint64_t n, uint64_t clocks);
/* Flits (or Direct2Core lines) counter control ctl counts for L lines a port sends
 * (received 0) or receives (received 1). */
uint64_t mock_qpi_flits(uint64_t ctl, uint64_t lines, int received);
/* The least time in ns the socket of act's n_ports "qpi" ports take to send its
 * remote lines at MOCK_QPI_LINE_CLOCKS clocks of mhz a line: the busiest port's. */
uint64_t mock_qpi_link_ns(struct upm_mock *m, const struct upm_activity *act, unsigned n_ports, unsigned mhz);
/* Advances the receive side of the other socket's n_ports "qpi" ports by what the
 * socket of act sends; clocks: a port's link clocks in act's interval. */
void mock_qpi_deliver(struct upm_mock *m, const struct upm_activity *act, unsigned n_ports, uint64_t clocks);

#endif

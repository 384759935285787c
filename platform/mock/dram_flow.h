/* Memory traffic of the mock models: the lines a memory channel (or controller) moves,
 * within what it can move.
 *
 * A box that moves memory lines (an iMC channel, an M-Box, a client IMC) moves at most
 * so many a millisecond: reads, writes and both together each have their bound, taken
 * from the guide's or the part's DRAM interface in the model (`struct mock_dram_limit`).
 * A report that came faster (the host's kernels on the host's memory) is held until
 * the busiest box could have moved its share (mock.h, Links and memory); what is beyond
 * even the held time is not counted: reads first, since a memory controller serves
 * reads ahead of the writes it has posted, then writes in what is left. */
#ifndef UPMON_PLATFORM_MOCK_DRAM_FLOW_H
#define UPMON_PLATFORM_MOCK_DRAM_FLOW_H

#include "platform/mock/pmon.h"

/* Lines a box moves at most in a millisecond; 0: no bound of that kind. */
struct mock_dram_limit {
	uint64_t reads_per_ms;
	uint64_t writes_per_ms;
	uint64_t lines_per_ms; /* reads and writes together */
};

/* A DDR3 channel of dclk_mhz DRAM clocks (half the transfer rate) moves one 64-byte
 * line a burst of 8 transfers, 2 a clock on its 64 data bits: 4 clocks a line, so
 * dclk_mhz * 1000 / 4 lines a millisecond, reads and writes together. */
#define MOCK_DDR_CLOCKS_PER_LINE 4u
#define MOCK_DDR_CHANNEL(dclk_mhz) { 0, 0, (uint64_t)(dclk_mhz) * 1000u / MOCK_DDR_CLOCKS_PER_LINE }

/* Of rd lines read and wr written, what a box within lim moves in ns: *rd_out, *wr_out. */
void mock_dram_fit(uint64_t rd, uint64_t wr, uint64_t ns, const struct mock_dram_limit *lim,
		   uint64_t *rd_out, uint64_t *wr_out);
/* The least ns a box within lim takes to move rd lines read and wr written. */
uint64_t mock_dram_need_ns(uint64_t rd, uint64_t wr, const struct mock_dram_limit *lim);
/* Box b's share of a's lines within lim over the time the traffic took (mock.h,
 * Time; a->nanoseconds when no traffic is being delivered). */
void mock_dram_box_lines(const struct mock_box *b, const struct upm_activity *a,
			 const struct mock_dram_limit *lim, uint64_t *rd, uint64_t *wr);
/* The least ns the busiest of the socket's n boxes named name takes to move its share
 * of act's lines. */
uint64_t mock_dram_socket_ns(struct upm_mock *m, const struct upm_activity *act, const char *name,
			     unsigned n, const struct mock_dram_limit *lim);

#endif

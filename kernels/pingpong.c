/* pingpong: two processors take turns writing one cache line. Word 0 of the line counts
 * turns: side 0 writes when the count is even, side 1 when it is odd, each writing
 * count + 1. A write needs the line modified in the writer's cache, so every turn pulls
 * it out of the other processor's cache (a snoop hitting a modified line, HITM), over
 * the socket interconnect when the two are on different sockets. */
#include "kernels/loops.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

/* How many spins between two looks at the clock: rare enough to cost nothing, often
 * enough that a partner that died is noticed within microseconds of the deadline. */
#define SPINS_PER_CLOCK_CHECK 4096u

/* How often the stop request is asked between turns when no wait is long enough to. */
#define ROUNDS_PER_STOP_CHECK 1024u

int upm_kernel_pingpong(volatile uint64_t *line, unsigned side, uint64_t rounds,
			uint64_t deadline_tsc, int (*stop)(void *ctx), void *stop_ctx,
			uint64_t *rounds_done)
{
	uint64_t parity = side & 1, r = 0;
	int rc = 0;
	for (; r < rounds && rc == 0; r++) {
		if (stop && r % ROUNDS_PER_STOP_CHECK == ROUNDS_PER_STOP_CHECK - 1 && stop(stop_ctx)) {
			rc = -2;
			break;
		}
		uint64_t want = 2 * r + parity;
		unsigned spins = 0;
		uint64_t v;
		while ((v = __atomic_load_n(line, __ATOMIC_ACQUIRE)) != want) {
			if (++spins == SPINS_PER_CLOCK_CHECK) {
				spins = 0;
				if (upm_os_tsc() > deadline_tsc) {
					rc = -1;
					break;
				}
				if (stop && stop(stop_ctx)) {
					rc = -2;
					break;
				}
			}
		}
		if (rc)
			break;
		__atomic_store_n(line, v + 1, __ATOMIC_RELEASE);
	}
	if (rounds_done)
		*rounds_done = r;
	return rc;
}

void upm_kernel_pingpong_account(uint64_t rounds, struct upm_kernel_result *out)
{
	upm_memset(out, 0, sizeof *out);
	uint64_t handoffs = 2 * rounds;
	out->kernel = "pingpong";
	out->size_bytes = UPM_KERNEL_LINE;
	out->iterations = rounds;
	out->bytes_written = handoffs * sizeof(uint64_t);
	out->bus_bytes = handoffs * UPM_KERNEL_LINE;
	out->bus_lines_in = handoffs;
	out->lines_touched = rounds;
}

/* Per-thread slices of an array. Slices are whole cache lines so no two threads ever
 * write the same line (false sharing would turn a bandwidth test into a coherence
 * test); the lines are dealt out as evenly as possible, and the last slice also takes
 * the tail shorter than a line so the slices cover the array exactly once. */
#include "kernels/kernel.h"

void upm_kernel_split(uint64_t size, unsigned threads, unsigned index, uint64_t *offset,
		      uint64_t *len)
{
	if (threads == 0 || index >= threads) {
		*offset = 0;
		*len = 0;
		return;
	}
	uint64_t lines = size / UPM_KERNEL_LINE;
	uint64_t each = lines / threads, extra = lines % threads;
	/* The first `extra` slices get one line more. */
	uint64_t first = (uint64_t)index * each + (index < extra ? index : extra);
	uint64_t count = each + (index < extra ? 1 : 0);
	*offset = first * UPM_KERNEL_LINE;
	*len = count * UPM_KERNEL_LINE;
	if (index == threads - 1)
		*len += size % UPM_KERNEL_LINE;
}

/* The host's kernel buffers (upm_os_alloc_on_socket) come with every page already in
 * memory, faulted by the allocating thread, as likwid-bench's arrays are set up, not by
 * the kernel threads' first writes. */
#define _GNU_SOURCE /* mincore */
#include "tests/unit/test.h"
#include "platform/base/os.h"

#include <sys/mman.h>
#include <unistd.h>

TEST(host_kernel_buffer_is_resident_when_allocated)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t size = 64u << 20; /* far past malloc's mmap threshold: untouched pages stay out */
	int placed = -1;
	char why[96] = "";
	unsigned char *p = upm_os_alloc_on_socket(size, 0, &placed, why, sizeof why);
	CHECK(p != NULL);
	if (!p)
		return;
	CHECK_EQ(placed, 0);
	CHECK_STR(why, "the host build leaves memory placement to the operating system");
	CHECK_EQ((uintptr_t)p % (uintptr_t)page, 0);
	size_t pages = (size + (size_t)page - 1) / (size_t)page;
	static unsigned char vec[(64u << 20) / 4096];
	CHECK(pages <= sizeof vec);
	if (pages <= sizeof vec && mincore(p, size, vec) == 0) {
		size_t resident = 0;
		for (size_t i = 0; i < pages; i++)
			resident += vec[i] & 1;
		CHECK_EQ(resident, pages);
	} else {
		CHECK(!"mincore failed");
	}
	upm_os_free_placed(p, size);
}

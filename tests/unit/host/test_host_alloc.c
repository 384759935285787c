/* The host's kernel buffers (upm_os_alloc_on_socket) come with every page already in
 * memory, faulted by the allocating thread, as likwid-bench's arrays are set up, not by
 * the kernel threads' first writes. */
#define _GNU_SOURCE /* mincore */
#include "tests/unit/test.h"
#include "platform/base/os.h"
#include "core/host/os_host.h"

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

/* Whether the page at p is mapped (mincore fails with ENOMEM on an unmapped range). */
static int mapped(const void *p)
{
	unsigned char v;
	return mincore((void *)p, 1, &v) == 0;
}

/* A buffer given back is kept for the next of its size, and only of its size; at most
 * UPM_HOST_KEPT_MAX are kept, the rest unmapped at once. */
TEST(host_kernel_buffer_kept_for_the_next_of_its_size)
{
	size_t size = 1u << 20, other = (1u << 20) + 4096;
	int placed;
	char why[96];
	upm_host_placed_release_kept(); /* what earlier tests left */
	unsigned char *a = upm_os_alloc_on_socket(size, 0, &placed, why, sizeof why);
	CHECK(a != NULL);
	if (!a)
		return;
	a[0] = 0x5a;
	upm_os_free_placed(a, size);
	CHECK(mapped(a));
	unsigned char *b = upm_os_alloc_on_socket(other, 0, &placed, why, sizeof why);
	CHECK(b != NULL && b != a);
	unsigned char *c = upm_os_alloc_on_socket(size, 0, &placed, why, sizeof why);
	CHECK(c == a);
	upm_os_free_placed(b, other);
	upm_os_free_placed(c, size);
	CHECK_EQ(upm_host_placed_release_kept(), 2u);
	CHECK(!mapped(a));

	enum { N = UPM_HOST_KEPT_MAX + 2 };
	unsigned char *held[N];
	for (unsigned i = 0; i < N; i++)
		held[i] = upm_os_alloc_on_socket(4096, 0, &placed, why, sizeof why);
	for (unsigned i = 0; i < N; i++)
		upm_os_free_placed(held[i], 4096);
	unsigned still = 0;
	for (unsigned i = 0; i < N; i++)
		still += held[i] && mapped(held[i]);
	CHECK_EQ(still, (unsigned)UPM_HOST_KEPT_MAX);
	CHECK_EQ(upm_host_placed_release_kept(), (unsigned)UPM_HOST_KEPT_MAX);

}

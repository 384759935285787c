/* The host's parallel runner places entry i on the real processor the caller names
 * (upm_host_pin_order: the bench's kbench runs where likwid-bench ran), and refuses a
 * list that names a processor twice or too many. */
#define _GNU_SOURCE /* sched_getcpu */
#include "tests/unit/test.h"
#include "platform/base/os.h"
#include "platform/backend.h"
#include "core/host/os_host.h"

#include <sched.h>
#include <unistd.h>

static int ran_on[4];

static void note_cpu(void *arg, unsigned i)
{
	(void)arg;
	ran_on[i] = sched_getcpu();
}

TEST(pin_order_places_each_entry_where_told)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	if (online < 2) {
		printf("    one processor online: the reversed order cannot be told from the plain one\n");
		return;
	}
	upm_host_simulate(1, 2);
	/* Reversed: entry 0 on processor 1, entry 1 on processor 0. */
	const unsigned order[] = { 1, 0 };
	const unsigned cpus[] = { 0, 1 };
	CHECK_EQ(upm_host_pin_order(order, 2), UPM_OK);
	ran_on[0] = ran_on[1] = -1;
	CHECK_EQ(upm_os_run_parallel(cpus, 2, note_cpu, NULL, 5000000000ull), UPM_OK);
	CHECK_EQ(ran_on[0], 1);
	CHECK_EQ(ran_on[1], 0);
	/* No order: entry i on processor i again. */
	CHECK_EQ(upm_host_pin_order(NULL, 0), UPM_OK);
	ran_on[0] = ran_on[1] = -1;
	CHECK_EQ(upm_os_run_parallel(cpus, 2, note_cpu, NULL, 5000000000ull), UPM_OK);
	CHECK_EQ(ran_on[0], 0);
	CHECK_EQ(ran_on[1], 1);
	upm_host_simulate(2, 2);
}

TEST(pin_order_refuses_a_processor_twice_or_too_many)
{
	const unsigned twice[] = { 3, 5, 3 };
	CHECK_EQ(upm_host_pin_order(twice, 3), UPM_EINVAL);
	const unsigned far[] = { 0, CPU_SETSIZE };
	CHECK_EQ(upm_host_pin_order(far, 2), UPM_ERANGE);
	unsigned many[UPM_MAX_CPUS + 1];
	for (unsigned i = 0; i <= UPM_MAX_CPUS; i++)
		many[i] = i;
	CHECK_EQ(upm_host_pin_order(many, UPM_MAX_CPUS + 1), UPM_ERANGE);
	/* A refused list changes nothing: the order before it stands. */
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		return;
	upm_host_simulate(1, 1);
	const unsigned one[] = { 1 }, cpu0[] = { 0 };
	CHECK_EQ(upm_host_pin_order(one, 1), UPM_OK);
	CHECK_EQ(upm_host_pin_order(twice, 3), UPM_EINVAL);
	ran_on[0] = -1;
	CHECK_EQ(upm_os_run_parallel(cpu0, 1, note_cpu, NULL, 5000000000ull), UPM_OK);
	CHECK_EQ(ran_on[0], 1);
	CHECK_EQ(upm_host_pin_order(NULL, 0), UPM_OK);
	upm_host_simulate(2, 2);
}

/* The host's parallel runner keeps its threads between runs (core/host/os_host.c): a
 * second run is served by the threads of the first; a thread comes back to the pool
 * where the caller may run, not where its last entry was pinned; and an entry that
 * never returns (a stalled processor) keeps its thread, while the next run gets others. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "tests/unit/test.h"
#include "platform/base/os.h"
#include "platform/backend.h"
#include "core/host/os_host.h"

#include <sched.h>
#include <unistd.h>

/* Each entry's thread by its kernel id (a pthread_t may be reused once a thread ends). */
static pid_t ran_by[UPM_MAX_CPUS];
static int allowed[UPM_MAX_CPUS];

static void note_thread(void *arg, unsigned i)
{
	(void)arg;
	cpu_set_t set;
	ran_by[i] = gettid();
	allowed[i] = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : -1;
}

/* Whether thread t ran an entry of the last run (of n entries). */
static int among(pid_t t, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (ran_by[i] == t)
			return 1;
	return 0;
}

/* Both entries wait for each other, so each has a thread of its own (an entry that
 * ended before the next was handed out could give that one its thread). */
static int met;

static void meet_and_note(void *arg, unsigned i)
{
	(void)arg;
	ran_by[i] = gettid();
	__atomic_add_fetch(&met, 1, __ATOMIC_ACQ_REL);
	for (unsigned waited = 0; __atomic_load_n(&met, __ATOMIC_ACQUIRE) < 2 && waited < 5000; waited++)
		usleep(1000);
}

TEST(parallel_runner_keeps_its_threads_between_runs)
{
	const unsigned cpus[] = { 0, 1 };
	upm_host_simulate(1, 2);
	unsigned made = upm_host_parallel_threads_made();
	__atomic_store_n(&met, 0, __ATOMIC_RELEASE);
	CHECK_EQ(upm_os_run_parallel(cpus, 2, meet_and_note, NULL, 10000000000ull), UPM_OK);
	CHECK(ran_by[0] != ran_by[1]);
	CHECK(ran_by[0] != gettid() && ran_by[1] != gettid());
	__atomic_store_n(&met, 0, __ATOMIC_RELEASE);
	CHECK_EQ(upm_os_run_parallel(cpus, 2, meet_and_note, NULL, 10000000000ull), UPM_OK);
	CHECK(ran_by[0] != ran_by[1]);
	/* Two runs of two entries at once: two threads at most, whatever the pool held. */
	CHECK(upm_host_parallel_threads_made() - made <= 2);
	upm_host_simulate(2, 2);
}

TEST(parallel_runner_thread_unpinned_again_for_an_entry_not_pinned)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t mine;
	if (online < 2 || online + 1 > UPM_MAX_CPUS || sched_getaffinity(0, sizeof mine, &mine) != 0 ||
	    CPU_COUNT(&mine) < 2) {
		printf("    one processor for this test: pinned and not pinned cannot be told apart\n");
		return;
	}
	/* Two entries on two processors: each pinned to one. */
	const unsigned two[] = { 0, 1 };
	upm_host_simulate(1, (unsigned)online + 1);
	CHECK_EQ(upm_os_run_parallel(two, 2, note_thread, NULL, 5000000000ull), UPM_OK);
	CHECK_EQ(allowed[0], 1);
	CHECK_EQ(allowed[1], 1);
	/* More entries than processors: none pinned, each where the caller may run, the
	 * pinned threads of the run before among them. */
	unsigned many[UPM_MAX_CPUS];
	unsigned n = (unsigned)online + 1;
	for (unsigned i = 0; i < n; i++)
		many[i] = i;
	CHECK_EQ(upm_os_run_parallel(many, n, note_thread, NULL, 5000000000ull), UPM_OK);
	for (unsigned i = 0; i < n; i++)
		CHECK_EQ(allowed[i], CPU_COUNT(&mine));
	upm_host_simulate(2, 2);
}

static int release_stalled, stalled_started;
static pid_t stalled_thread;

static void stall_first(void *arg, unsigned i)
{
	(void)arg;
	if (i == 0) {
		stalled_thread = gettid();
		__atomic_store_n(&stalled_started, 1, __ATOMIC_RELEASE);
	}
	while (i == 0 && !__atomic_load_n(&release_stalled, __ATOMIC_ACQUIRE))
		usleep(1000);
}

TEST(parallel_runner_stalled_entry_keeps_its_thread)
{
	const unsigned cpus[] = { 0, 1 };
	upm_host_simulate(1, 2);
	__atomic_store_n(&release_stalled, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&stalled_started, 0, __ATOMIC_RELEASE);
	CHECK_EQ(upm_os_run_parallel(cpus, 2, stall_first, NULL, 50000000ull), UPM_EFAULT);
	while (!__atomic_load_n(&stalled_started, __ATOMIC_ACQUIRE))
		usleep(1000);
	pid_t stalled = stalled_thread;
	/* The next run is served while the stalled thread still waits. */
	CHECK_EQ(upm_os_run_parallel(cpus, 2, note_thread, NULL, 5000000000ull), UPM_OK);
	CHECK(!among(stalled, 2));
	__atomic_store_n(&release_stalled, 1, __ATOMIC_RELEASE);
	upm_host_simulate(2, 2);
}
